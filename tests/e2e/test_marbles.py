"""Marbles played in the page as a person would: clicks, keys, reloads."""

import json
import re

from e2e_support import wait_ready
from games.common.rng import SeededRng
from games.marbles import COLOUR_LETTERS, choose_move, new_game, parse_position
from playwright.sync_api import expect

LINE_NEARLY_DONE = """
marbles version=5 seed=7 next=GBY score=30 moves=12 lines=3
.BRR.....
G...R....
.........
.........
RRRR.....
.........
........R
.........
.........
"""


def near_full_position() -> str:
    """No two neighbours share a colour, so no line can form; three squares free."""
    rows = []
    for r in range(9):
        row = ""
        for c in range(9):
            row += "." if r * 9 + c in (78, 79, 80) else COLOUR_LETTERS[(r * 3 + c) % 7 + 1]
        rows.append(row)
    return "marbles version=5 seed=11 next=RGB score=120 moves=80 lines=12\n" + "\n".join(rows)


def load_position(page, notation: str, clock_ms: int = 0):
    state = parse_position(notation)
    record = {
        "v": 1,
        "rev": 50,  # newer than any save of the page's own game
        "data": {"state": state.to_json(), "meta": {"clock_ms": clock_ms, "recorded": False}},
    }
    page.evaluate(
        "(record) => localStorage.setItem('gemau:saved:marbles', record)", json.dumps(record)
    )
    page.evaluate("location.hash = '#/'")
    page.evaluate("location.hash = '#/marbles'")
    expect(page.locator("[data-game='marbles']")).to_be_visible()
    return state


def board_letters(page) -> str:
    return page.evaluate("""() => Array.from(document.querySelectorAll('.mb-board .cell')).map((cell) => {
        const m = cell.querySelector('.m:not(.ghost)');
        return m ? 'xRGBYPCO'[Number(m.className.match(/m-(\\d)/)[1])] : '.';
    }).join('')""")


def has_classes(names: str):
    """A class pattern matching elements that have all these classes, whatever else they have."""
    return re.compile("".join(rf"(?=.*\b{name}\b)" for name in names.split()))


def cell(page, sq):
    return page.locator(f"#mb-c-{sq}")


def test_a_shared_game_number_opens_that_game(open_app):
    page = open_app("#/marbles?seed=424242&version=4")
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-version", "4")
    expected = "".join(COLOUR_LETTERS[c] for c in new_game({"version": 4}, 424242).board)
    assert board_letters(page) == expected
    expect(page.locator("[data-share]")).to_have_text("424242")


def test_select_then_move_along_a_path_and_new_marbles_arrive(open_app):
    page = open_app("#/marbles?seed=42&version=5")
    state = new_game({"version": 5}, 42)
    src = next(sq for sq in range(81) if state.board[sq])
    dst = state.reachable(src)[-1]
    cell(page, src).click()
    expect(cell(page, src)).to_have_class(has_classes("selected"))
    expect(page.locator("#announcer")).to_contain_text("Selected the")
    cell(page, dst).click()
    events = state.apply((src, dst))
    expect(page.locator("#announcer")).to_contain_text("Moved the")
    expect(page.locator("#announcer")).to_contain_text("New marbles:")
    assert board_letters(page) == "".join(COLOUR_LETTERS[c] for c in state.board)
    assert len(events[0]["path"]) >= 2


def test_a_move_in_another_tab_is_picked_up_not_overwritten(open_app, context):
    """Two tabs on one game: the one left behind shows the other's newer
    position with a notice, and its next move builds on that position."""
    ctx = context()
    first = open_app("#/marbles?seed=42&version=5", ctx=ctx)
    second = open_app("#/marbles", ctx=ctx)
    state = new_game({"version": 5}, 42)
    assert board_letters(second) == board_letters(first)
    src = next(sq for sq in range(81) if state.board[sq])
    dst = state.reachable(src)[-1]
    cell(second, src).click()
    cell(second, dst).click()
    state.apply((src, dst))
    expect(second.locator("#announcer")).to_contain_text("New marbles:")
    expect(first.locator("[data-notice-id='marbles-other-tab']")).to_contain_text("another tab")
    assert board_letters(first) == "".join(COLOUR_LETTERS[c] for c in state.board)
    src = next(sq for sq in range(81) if state.board[sq] and state.reachable(sq))
    dst = state.reachable(src)[0]
    cell(first, src).click()
    cell(first, dst).click()
    state.apply((src, dst))
    expect(first.locator("#announcer")).to_contain_text("New marbles:")
    saved = json.loads(first.evaluate("localStorage.getItem('gemau:saved:marbles')"))
    assert saved["data"]["state"] == json.loads(json.dumps(state.to_json()))


def test_unreachable_square_flashes_red_and_nothing_changes(open_app):
    page = open_app()
    load_position(page, LINE_NEARLY_DONE)
    before = board_letters(page)
    cell(page, 62).click()
    cell(page, 0).click()  # walled in by B on A2... and G on A1's south
    expect(cell(page, 0)).to_have_class(has_classes("refused"))
    expect(page.locator("[data-message]")).to_have_text("That square can't be reached.")
    assert board_letters(page) == before


def test_a_line_clears_and_scores_then_undo_takes_it_back(open_app):
    page = open_app()
    load_position(page, LINE_NEARLY_DONE)
    before = board_letters(page)
    cell(page, 62).click()
    cell(page, 40).click()
    expect(page.locator("[data-figure='score']")).to_have_text("40")
    expect(page.locator("#announcer")).to_contain_text("Line of 5 red cleared: 10 points.")
    after = board_letters(page)
    assert after[36:41] == "....." and after[62] == "."
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("[data-figure='score']")).to_have_text("30")
    assert board_letters(page) == before
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


def test_the_whole_move_by_keyboard(open_app):
    page = open_app()
    load_position(page, LINE_NEARLY_DONE)
    page.locator("#mb-board").focus()
    # The cursor starts in the centre (E5, square 40); go to I7 (square 62): 2 down, 4 right.
    for key in ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"]:
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    expect(cell(page, 62)).to_have_class(has_classes("selected cursor"))
    for key in ["ArrowUp", "ArrowUp", "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft"]:
        page.keyboard.press(key)
    page.keyboard.press(" ")
    expect(page.locator("[data-figure='score']")).to_have_text("40")
    page.keyboard.press("u")
    expect(page.locator("[data-figure='score']")).to_have_text("30")


def test_hint_highlights_the_auto_players_move(open_app):
    page = open_app("#/marbles?seed=99&version=5")
    page.get_by_role("button", name="Hint").click()
    state = new_game({"version": 5}, 99)
    src, dst = choose_move(state, SeededRng(state.seed ^ state.moves))
    expect(page.locator(".cell.hint")).to_have_count(2)
    expect(cell(page, src)).to_have_class(has_classes("cursor hint"))
    expect(cell(page, dst)).to_have_class(has_classes("hint"))


def test_game_over_from_a_near_full_board_is_recorded_in_the_rankings(open_app):
    page = open_app()
    notation = near_full_position()
    state = load_position(page, notation, clock_ms=65_000)
    expect(page.locator("[data-figure='time']")).to_contain_text("1:0")
    state.apply((77, 78))
    assert state.is_over, "the fixture must end the game"
    cell(page, 77).click()
    cell(page, 78).click()
    dialog = page.locator("#mb-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Game over")
    expect(dialog).to_contain_text(str(state.score))
    expect(dialog).to_contain_text("A new best score!")
    expect(page.locator("#announcer")).to_contain_text(f"Game over: {state.score} points.")
    dialog.get_by_role("button", name="New Game").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("[data-figure='best']")).to_have_text(str(state.score))
    page.get_by_role("link", name="Statistics").click()
    marbles = page.locator("[data-stats='marbles']")
    expect(marbles).to_contain_text("5 in a row")
    top = marbles.locator("table.rankings tbody tr").first
    expect(top).to_contain_text(str(state.score))
    expect(top).to_contain_text(f"{state.moves} moves · {state.lines} lines")
    page.locator("#nav-home").click()
    expect(page.locator("[data-card='marbles'] .game-card-result")).to_have_text(
        f"Best: {state.score}"
    )


def test_restart_plays_the_same_game_again_and_it_does_not_count(open_app):
    page = open_app("#/marbles")
    expect(page.locator("[data-not-counted]")).to_have_count(0)
    first = board_letters(page)
    cell(page, next(i for i, ch in enumerate(first) if ch != ".")).click()
    page.locator("summary", has_text="Menu").click()
    page.get_by_role("button", name="Restart game").click()
    assert board_letters(page) == first
    expect(page.locator("[data-not-counted]")).to_contain_text("will not count")
    assert "seed=" in page.evaluate("location.hash"), "a known game's number may be shown"


def test_a_new_game_shows_its_number_only_once_it_is_over(open_app, browser):
    """Rule 1 of fairness (docs/rules/README.md): what is to come must not follow
    from anything on screen; a game opened by its number never counts."""
    page = open_app("#/marbles")
    assert "seed=" not in page.evaluate("location.hash")
    expect(page.locator("[data-share]")).to_have_count(0)
    expect(page.locator(".mb-game-number")).to_have_text("5 in a row")
    notation = near_full_position()
    state = load_position(page, notation)
    expect(page.locator("[data-share]")).to_have_count(0)
    state.apply((77, 78))
    cell(page, 77).click()
    cell(page, 78).click()
    expect(page.locator("#mb-over")).to_be_visible()
    expect(page.locator("[data-share]")).to_have_text("11")
    address = page.evaluate("location.hash")
    assert "seed=11" in address
    friend = browser.new_context()
    try:
        other = open_app(address, ctx=friend)
        expect(other.locator("[data-not-counted]")).to_contain_text("will not count")
        expected = "".join(COLOUR_LETTERS[c] for c in new_game({"version": 5}, 11).board)
        assert board_letters(other) == expected
    finally:
        friend.close()


def test_a_known_game_played_to_the_end_is_not_recorded(open_app):
    page = open_app()
    state = parse_position(near_full_position())
    frame = {
        "options": {"version": 5},
        "seed": 11,
        "seats": ["human"],
        "base": state.to_json(),
        "moves": [],
        "undone": [],
        "ranked": False,
        "known": True,
    }
    record = {
        "v": 1,
        "rev": 1,
        "data": {"state": state.to_json(), "meta": {"frame": frame, "recorded": False}},
    }
    page.evaluate(
        "(record) => localStorage.setItem('gemau:saved:marbles', record)", json.dumps(record)
    )
    page.evaluate("location.hash = '#/'")
    page.evaluate("location.hash = '#/marbles'")
    cell(page, 77).click()
    cell(page, 78).click()
    dialog = page.locator("#mb-over")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-not-counted]")).to_have_text("Not counted")
    expect(dialog).not_to_contain_text("A new best score!")
    for key in ("stats", "rankings"):
        saved = page.evaluate(f"localStorage.getItem('gemau:{key}:marbles')")
        assert saved is None or not json.loads(saved)["data"].get("5"), f"recorded in {key}"


def test_reload_resumes_the_game_with_its_clock(open_app, context):
    ctx = context()
    ctx.clock.install()  # the page's clock, driven: a minute of play in no time
    page = open_app("#/marbles?seed=31&version=5", ctx=ctx)
    state = new_game({"version": 5}, 31)
    src = next(sq for sq in range(81) if state.board[sq])
    dst = state.reachable(src)[0]
    cell(page, src).click()
    cell(page, dst).click()
    expect(page.locator("#announcer")).to_contain_text("Moved the")
    page.clock.fast_forward(65_000)
    played = board_letters(page)
    page.reload()
    wait_ready(page)
    assert board_letters(page) == played
    clock = page.locator("[data-figure='time']").inner_text()
    minutes, seconds = map(int, clock.split(":"))
    assert minutes * 60 + seconds >= 65, f"the clock restarted: {clock}"
    expect(page.get_by_role("button", name="Undo")).to_be_enabled()


def test_version_and_colour_blind_choices_are_remembered(open_app):
    page = open_app("#/marbles")
    page.locator("summary", has_text="Menu").click()
    page.get_by_label("4 in a row").check()
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-version", "4")
    page.locator("summary", has_text="Menu").click()  # (a choice closed it)
    page.get_by_label("Colour-blind marbles").check()
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-shapes", "on")
    page.get_by_role("button", name="New Game").click()
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-version", "4")
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-shapes", "on")


def test_rules_page_has_the_scoring_table_in_both_languages(open_app):
    page = open_app("#/rules/marbles")
    expect(page.locator(".rules-body table")).to_contain_text("42")
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Cymraeg").check()
    page.evaluate("location.hash = '#/rules/marbles'")
    expect(page.locator(".rules-body")).to_contain_text("Cyngor")


def test_a_damaged_saved_game_is_reset_with_a_message_and_a_new_game_starts(open_app):
    page = open_app()
    bad = {
        "v": 1,
        "rev": 4,
        "data": {"state": {"version": 1, "game": "marbles", "board": "no"}, "meta": {}},
    }
    page.evaluate("(r) => localStorage.setItem('gemau:saved:marbles', r)", json.dumps(bad))
    page.evaluate("location.hash = '#/marbles'")
    expect(page.locator(".notice").first).to_contain_text(
        "the saved game of Marbles had to be reset"
    )
    expect(page.locator(".mb-board .m")).to_have_count(5)


def test_no_undo_once_the_game_is_over(open_app):
    """docs/rules/marbles.md 8.4: the move that filled the board stands."""
    page = open_app()
    load_position(page, near_full_position())
    cell(page, 77).click()
    cell(page, 78).click()
    dialog = page.locator("#mb-over")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    page.locator("body").press("u")
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:marbles')"))
    assert stats["data"]["5"]["played"] == 1
    page.reload()
    wait_ready(page)
    expect(page.locator("#mb-over")).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


def test_the_last_move_is_saved_before_its_animation_so_a_reload_shows_the_end(open_app):
    page = open_app()
    state = load_position(page, near_full_position())
    state.apply((77, 78))
    cell(page, 77).click()
    cell(page, 78).click()
    page.reload()  # at once: the marble is still on its way
    wait_ready(page)
    dialog = page.locator("#mb-over")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(str(state.score))
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:marbles')"))
    assert stats["data"]["5"]["played"] == 1


def test_a_full_device_still_ends_the_game_with_its_window_and_says_so(open_app, context):
    ctx = context()
    page = open_app(ctx=ctx)
    load_position(page, near_full_position())
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    cell(page, 77).click()
    cell(page, 78).click()
    expect(page.locator("#mb-over")).to_be_visible()
    expect(page.locator(".notice").first).to_contain_text("full")


def test_a_new_game_asks_first_when_a_game_in_progress_would_be_lost(open_app):
    """docs/rules/marbles.md 10.4: the page asks before throwing a game away."""
    page = open_app("#/marbles")
    question = page.locator("#question")
    page.get_by_role("button", name="New Game").click()  # nothing played yet: no question
    expect(question).to_have_count(0)
    page.evaluate("location.hash = '#/marbles?seed=42&version=5'")
    state = new_game({"version": 5}, 42)
    expect(page.locator("[data-share]")).to_have_text("42")
    src = next(sq for sq in range(81) if state.board[sq])
    cell(page, src).click()
    cell(page, state.reachable(src)[-1]).click()  # a move, and the game goes on
    expect(page.locator("#announcer")).to_contain_text("New marbles:")
    played = board_letters(page)

    page.get_by_role("button", name="New Game").click()
    expect(question).to_be_visible()
    expect(question).to_contain_text("Start a new game?")
    expect(question).to_contain_text("does not count in your statistics")
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    question.get_by_role("button", name="Keep playing").click()
    expect(question).to_have_count(0)
    assert board_letters(page) == played

    page.locator("#mb-board").focus()
    page.keyboard.press("n")
    expect(question).to_be_visible()
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    assert board_letters(page) == played

    page.locator("summary", has_text="Menu").click()
    page.get_by_label("4 in a row").check()
    expect(question).to_be_visible()
    question.get_by_role("button", name="Keep playing").click()
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-version", "5")
    expect(page.get_by_label("5 in a row")).to_be_checked()
    assert board_letters(page) == played

    page.get_by_role("button", name="New Game").click()
    question.get_by_role("button", name="New game").click()
    expect(question).to_have_count(0)
    expect(page.locator("#announcer")).to_contain_text("New game.")
    assert board_letters(page) != played


def test_the_menu_closes_on_a_click_outside_on_escape_and_after_a_choice(open_app):
    """Issue 33, the player review: on a phone the menu covered 7 of the board's 9 rows and
    stayed open after a choice."""
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    page = open_app("#/marbles", **phone)
    menu = page.locator("details.game-menu")
    page.locator("summary", has_text="Menu").click()
    expect(menu).to_have_attribute("open", "")
    menu.locator(".game-menu-body").click(position={"x": 4, "y": 4})  # inside: kept open
    expect(menu).to_have_attribute("open", "")
    page.get_by_role("heading", name="Marbles").click()
    expect(menu).not_to_have_attribute("open", "")
    page.locator("summary", has_text="Menu").click()
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(page.locator("summary", has_text="Menu")).to_be_focused()
    page.locator("summary", has_text="Menu").click()
    body, board = (
        page.locator(".game-menu-body").bounding_box(),
        page.locator("#mb-board").bounding_box(),
    )
    rows_covered = (body["y"] + body["height"] - board["y"]) / (board["height"] / 9)
    assert rows_covered <= 3, f"the open menu covers {rows_covered:.1f} of the board's 9 rows"
    page.locator("label.choice", has_text="4 in a row").click()  # nothing played: no question
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-version", "4")
    expect(menu).not_to_have_attribute("open", "")
    expect(page.locator("summary", has_text="Menu")).to_be_focused()
    page.locator("summary", has_text="Menu").click()
    page.locator("label.choice", has_text="Colour-blind").click()
    expect(page.locator("[data-game='marbles']")).to_have_attribute("data-shapes", "on")
    expect(menu).not_to_have_attribute("open", "")
