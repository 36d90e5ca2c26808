"""Today's game in the page (docs/rules/README.md, Today's game): two devices on the same day
get the same daily; the share card holds no spoiler; a friend's share link compares both
results. The dailies' rules are unit-tested (tests/unit/app/test_daily_*.py); this checks
what only a browser shows: the address, the window opening at the end, the card's text."""

import json
import re
from datetime import date
from pathlib import Path

from app.daily.days import daily_seed, number_of
from e2e_support import wait_ready
from games.common.rng import SeededRng
from games.marbles import COLOUR_LETTERS, choose_move, new_game, parse_position
from games.wordle.dictionary import Dictionary
from games.wordle.solo import solo_game
from playwright.sync_api import expect
from test_axe import violations
from test_marbles import board_letters, near_full_position

DAILY = "#/marbles?daily=today"
LOCAL_DATE = (
    "() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }"
)


def today_of(page) -> int:
    return number_of(date(*page.evaluate(LOCAL_DATE)))


def nearly_full(seed: int):
    """Today's daily three squares from its end, where no line can form."""
    return parse_position(near_full_position().replace("seed=11", f"seed={seed}"))


def save_nearly_full(page, seed: int, route: str = DAILY):
    """Today's daily saved three squares from its end, as the frame saves it, and opened
    at `route` (today's daily, with a friend's result or not)."""
    state = nearly_full(seed)
    frame = {
        "options": {"version": 5},
        "seed": seed,
        "seats": ["human"],
        "base": state.to_json(),
        "moves": [],
        "undone": [],
        "ranked": False,
        "known": True,
        "remote": None,
    }
    data = {"state": state.to_json(), "meta": {"frame": frame, "recorded": False, "over": False}}
    record = json.dumps({"v": 1, "rev": 50, "data": data})
    page.evaluate("(r) => localStorage.setItem('gemau:saved:marbles-daily', r)", record)
    page.evaluate("location.hash = '#/'")
    page.evaluate(f"location.hash = '{route}'")
    expect(page.locator(".mb-board .cell .m:not(.ghost)")).to_have_count(78)
    return state


def finish(page, state):
    source, target = choose_move(state, SeededRng(1))
    page.locator(f"#mb-c-{source}").click()
    page.locator(f"#mb-c-{target}").click()
    window = page.locator("dialog#daily-over")
    expect(window).to_be_visible()
    return window


def test_two_devices_get_one_daily_shared_without_spoilers_and_compared(open_app, context):
    one = open_app(DAILY, timezone_id="Europe/London")
    other = open_app(DAILY, timezone_id="Europe/London")
    seed = daily_seed(today_of(one), "marbles", "5")
    expected = "".join(COLOUR_LETTERS[c] for c in new_game({"version": 5}, seed).board)
    assert board_letters(one) == board_letters(other) == expected
    expect(one.locator("section.daily-banner h2")).to_contain_text("Gemau #")
    expect(one.locator("[data-action='undo']")).to_be_hidden()  # one try

    card = finish(one, save_nearly_full(one, seed)).locator("pre.daily-card").inner_text()
    title, how, streak, link = card.split("\n")
    assert re.fullmatch(r"Gemau #\d+ · Marbles", title) and streak == "Streak: 1"
    assert re.fullmatch(r"🔵 \d+ points · \d+ lines · \d+ moves", how)
    assert str(seed) not in card and not re.search(r"\b[A-I][1-9]\b", card)  # no square
    assert re.fullmatch(r"http://.+/#/marbles\?daily=today&vs=[\w-]+", link)

    other.goto(link)
    wait_ready(other)
    expect(other.locator("[data-daily-waiting]")).to_be_visible()  # not before playing
    finish(other, save_nearly_full(other, seed, link[link.index("#") :]))
    compared = other.locator("table.daily-compare")
    expect(compared).to_be_visible()
    cells = compared.locator("tbody tr").first.locator("td").all_inner_texts()
    assert len(cells) == 2 and cells[0] == cells[1]  # the same position, the same move
    assert violations(other) == []  # the window, its card and the comparison


def test_today_s_wordle_in_welsh_fits_a_phone_and_shares_only_squares(open_app):
    """Today's Wordle (docs/rules/wordle-tournament.md 17) as only a browser shows it: the Welsh
    interface gets today's Welsh word; on a phone its board of 6 rows shows whole between its
    line and the keys (the duel's layout once gave it no height); words typed on the hardware
    keyboard are played; the window's card is the squares, with no letter; axe finds nothing."""
    welsh = json.dumps({"v": 1, "rev": 1, "data": {"language": "cy"}})
    page = open_app(
        "#/wordle?daily=today",
        viewport={"width": 390, "height": 844},
        storage={"gemau:settings": welsh},
    )
    expect(page.locator(".wd-daily")).to_be_visible(timeout=30_000)
    for _ in range(page.locator("[data-action='dismiss']").count()):
        page.locator("[data-action='dismiss']").first.click()
    assert page.locator("#wd-daily-lang").input_value() == "cy"
    rows = page.locator(".wd-board > li")
    expect(rows).to_have_count(6)
    keys = page.locator(".wd-keyboard").bounding_box()
    last = rows.nth(5).bounding_box()
    assert keys and last and last["height"] >= 28 and last["y"] + last["height"] <= keys["y"]
    assert keys["y"] + keys["height"] <= 844

    cy = Path(__file__).resolve().parents[2] / "static" / "words" / "cy.json"
    words = Dictionary("cy", json.loads(cy.read_text("utf-8")))
    word = solo_game(words).new_game({}, daily_seed(today_of(page), "wordle", "5")).word
    typed = ["".join(words.tiles(w)) for w in (words.guess_lists[5][0], word)]
    for text in typed:
        page.keyboard.type(text)
        page.keyboard.press("Enter")
        expect(
            page.locator(".wd-board > li.wd-row:not(.wd-future):not(.wd-current)")
        ).to_have_count(typed.index(text) + 1)
    window = page.locator("dialog#daily-over")
    expect(window).to_be_visible()
    title, how, *squares, streak, link = window.locator("pre.daily-card").inner_text().split("\n")
    assert re.fullmatch(r"Gemau #\d+ · Wordle", title) and how == "🟩 2/6 (cy)"
    assert re.fullmatch("[⬜🟨🟩]{5}", squares[0]) and squares[1] == "🟩" * 5
    assert streak == "Rhediad: 1" and "/#/wordle?daily=today&vs=" in link
    assert not any(text in "\n".join([title, how, *squares]).lower() for text in typed)
    assert violations(page) == []


def test_today_s_battleship_hunt_on_a_phone_ends_in_the_daily_window(open_app):
    """Today's Battleship (docs/rules/battleship.md 13) as only a browser shows it: the page's
    computer places today's fleet, the one any device works out from the day's seed; the
    target grid alone; Resign asks first, the keyboard on Keep hunting; the fleet sunk opens
    the daily's window, whose card names no square; axe finds nothing."""
    from games.battleship.fleet import LENGTH
    from games.battleship.game import GAME as BATTLESHIP
    from games.battleship.grid import placed_squares, square_name
    from games.battleship.state import State

    page = open_app("#/battleship?daily=today", viewport={"width": 390, "height": 844})
    expect(page.locator("#bs-t-A1")).to_be_visible(timeout=30_000)
    assert page.locator("#bs-ocean").count() == 0
    saved = page.evaluate("() => localStorage.getItem('gemau:saved:battleship-daily')")
    fleet = State.from_json(json.loads(saved)["data"]["state"]).fleets[1]
    seed = daily_seed(today_of(page), "battleship", "hunt")
    anyone = BATTLESHIP.new_game({"mode": "classic", "solo": True}, seed)
    move = BATTLESHIP.computer["hard"](anyone.view_for(1), SeededRng(seed).fork("computer:0"), None)
    anyone.apply(move)
    assert anyone.fleets[1] == fleet

    page.locator("#bs-resign").click()
    expect(page.locator("#bs-resign-no")).to_be_focused()
    page.locator("#bs-resign-no").click()
    squares = [
        square_name(i)
        for ship, (bow, orientation) in fleet.items()
        for i in placed_squares(bow, orientation, LENGTH[ship])
    ]
    for square in squares:
        page.locator(f"#bs-t-{square}").click()
        expect(page.locator(f"#bs-t-{square}.called")).to_have_count(1)
    window = page.locator("dialog#daily-over")
    expect(window).to_be_visible()
    title, how, ships, streak, link = window.locator("pre.daily-card").inner_text().split("\n")
    assert re.fullmatch(r"Gemau #\d+ · Battleship", title) and ships == "🟥" * 5
    assert how == "🚢 17 shots, 17 hits, 5 of 5 ships sunk" and streak == "Streak: 1"
    assert not re.search(r"\b[A-J](10|[1-9])\b", "\n".join([title, how, ships]))
    assert "/#/battleship?daily=today&vs=" in link
    assert violations(page) == []
