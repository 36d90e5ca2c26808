"""Accessibility: axe-core on every view, in the light look, the dark look and Welsh.

axe-core is the npm package pinned in package.json (devDependencies), read from
node_modules and evaluated in the page (nothing is fetched from elsewhere). One
browser context per look visits every view in its main states by hash routes and
saved games, and every violation axe reports, of every rule, fails the test, all
listed at once. No rule is disabled.

The dark look is the System theme with a dark OS (prefers-color-scheme: dark), so
it also checks that System follows the OS everywhere; Welsh is the light look."""

import functools
import json
from pathlib import Path

import pytest
from dominoes_support import midend_record
from playwright.sync_api import expect
from stats_support import chart_storage
from test_battleship import near_won_on_the_midend, target
from test_deblockle import cell as deblockle_cell
from test_deblockle import one_turn_from_the_end, set_prefs
from test_deblockle import play_by_clicks as deblockle_move
from test_forced_colors import a_guess_with_every_mark
from test_marbles import cell as marbles_cell
from test_marbles import load_position, near_full_position
from test_wordle import duel_word, type_on_screen, wait_my_turn

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

LOOKS = {
    "light": {"color_scheme": "light"},
    "dark": {"color_scheme": "dark"},
    "welsh": {"color_scheme": "light", "locale": "cy-GB"},
}

RUN_AXE = """async () => {
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations.flatMap((v) => v.nodes.map((n) =>
        `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary.split('\\n').slice(1, 2).join('').trim()}`));
}"""


def violations(page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate(RUN_AXE)


def go(page, route: str, ready: str) -> None:
    page.evaluate(f"location.hash = {json.dumps(route)}")
    expect(page.locator(ready).first).to_be_visible(timeout=30_000)


def put_notices_away(page) -> None:
    """Notices once checked are dismissed, so they pile up over no later view."""
    page.evaluate("""() => {
        for (let i = 0; i < 20; i++) {
            const dismiss = document.querySelector(".notice [data-action='dismiss']");
            if (!dismiss) return;
            dismiss.click();
        }
        throw new Error("the notices would not go");
    }""")


def keep(page, key: str, record: str) -> None:
    """Save a game as the page would, newer than the game the page saved there itself."""
    newer = {**json.loads(record), "rev": 1000}
    page.evaluate("([k, r]) => localStorage.setItem(k, r)", [key, json.dumps(newer)])


# --- saved games to open, built in Python once -------------------------------------------


@functools.cache
def dominoes_before_a_hand_ends():
    """A two-seat game at the person's turn, one of whose plays ends the hand."""
    options = {"seats": 2, "partnerships": False, "target": 250}
    for turns in range(1, 30):
        record, state = midend_record(options, 20, ["human", "random"], turns)
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            if len(after.hand_summaries) > len(state.hand_summaries) and not after.is_over:
                return record, state, move
    raise AssertionError("no hand ends on the person's play")


def play_dominoes(page, state, move) -> None:
    name = f"{move['tile'][0]}-{move['tile'][1]}"
    page.locator(f".dm-hand [data-tile='{name}']").click()
    ends = [m for m in state.legal_moves() if m["type"] == "play" and m["tile"] == move["tile"]]
    if len(ends) > 1:
        page.locator(f".dm-slot[data-end='{move['end']}']").click()


# --- the views, each put in its states; each state is checked -----------------------------


def shell(page, check):
    go(page, "#/", ".game-card")
    check("hub")
    go(page, "#/settings", "[data-page='settings']")
    check("settings")
    for game in ("marbles", "battleship", "deblockle", "dominoes", "wordle"):
        go(page, f"#/rules/{game}", f"[data-rules='{game}']")
        check(f"rules of {game}")
    go(page, "#/no-such-page", ".game-card")
    check("a route that is not found")
    go(page, "#/replay/marbles?r=not-a-game", "[data-page='replay']")
    check("a replay link that is broken")


def marbles(page, check):
    go(page, "#/marbles", ".mb-board")
    check("marbles board")
    page.locator(".game-menu summary").click()
    expect(page.locator(".game-menu-body")).to_be_visible()
    check("marbles menu open")
    page.keyboard.press("Escape")
    load_position(page, near_full_position())
    marbles_cell(page, 77).click()
    marbles_cell(page, 78).click()
    expect(page.locator("#mb-over")).to_be_visible()
    check("marbles game over")
    page.keyboard.press("Escape")


def battleship(page, check):
    go(page, "#/battleship", "[data-phase='place']")
    check("battleship placement")
    record, last, _miss, _ = near_won_on_the_midend()
    keep(page, "gemau:saved:battleship", record)
    go(page, "#/", ".game-card")
    go(page, "#/battleship", "[data-phase='fire']")
    check("battleship firing")
    target(page, last).click()
    expect(page.locator("#bs-over")).to_be_visible()
    check("battleship game over")
    page.keyboard.press("Escape")


def deblockle(page, check):
    set_prefs(page, setup="ceremony", opponent="strong")
    go(page, "#/deblockle?seed=12", "[data-game='deblockle'][data-phase='setup']")
    check("deblockle set-up")
    page.locator(".db-roll").first.click()
    expect(page.locator(".db-place-target").first).to_be_visible()
    check("deblockle set-up, a block to place")
    page.keyboard.press("n")  # New game, with fewer blocks: the start squares to choose
    dialog = page.locator("#db-new")
    expect(dialog).to_be_visible()
    dialog.locator("select[data-name='blocks_gold']").select_option("2")
    expect(page.locator("#db-start-c3")).to_be_attached()
    check("deblockle new game, start squares")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    record, state, moves = one_turn_from_the_end()
    keep(page, "gemau:saved:deblockle", record)
    go(page, "#/", ".game-card")
    go(page, "#/deblockle", "[data-game='deblockle'][data-phase='play']")
    check("deblockle play")
    deblockle_cell(page, moves[-1][:2]).click()
    expect(page.locator(".db-tip-target").first).to_be_visible()
    check("deblockle play, a block selected")
    deblockle_cell(page, moves[-1][:2]).click()  # unselected again
    deblockle_move(page, state, moves[-1])
    expect(page.locator("#db-over")).to_be_visible()
    check("deblockle game over")
    page.keyboard.press("Escape")


def dominoes(page, check):
    go(page, "#/dominoes", "[data-game='dominoes'][data-phase='human']")
    check("dominoes, the table empty")
    record, state, move = dominoes_before_a_hand_ends()
    keep(page, "gemau:saved:dominoes", record)
    go(page, "#/", ".game-card")
    go(page, "#/dominoes", "[data-game='dominoes'][data-phase='human']")
    check("dominoes play")
    play_dominoes(page, state, move)
    expect(page.locator("#dm-summary")).to_be_visible()
    check("dominoes hand summary")


def wordle(page, check):
    go(page, "#/wordle", ".wordle-view")
    check("wordle home")
    seed = 11
    words, length, answer = duel_word("en", seed)
    guess = a_guess_with_every_mark(words, length, answer)
    go(page, f"#/wordle?mode=duel&seed={seed}&lang=en&level=beginner&speed=2", ".wd-board")
    wait_my_turn(page)
    check("wordle duel, my turn")
    type_on_screen(page, words.tiles(guess))
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-row.wd-you .wd-absent").first).to_be_visible()
    check("wordle duel, a guess marked")


def statistics(page, check):
    go(page, "#/stats", "[data-page='stats']")
    expect(page.locator("[data-recent='deblockle'] a")).to_have_count(1)
    check("statistics with games played")
    # Every kind of chart (app.views.stats_charts), newer than the records the games wrote.
    for key, record in chart_storage().items():
        keep(page, key, record)
    go(page, "#/", ".game-card")
    go(page, "#/stats", "[data-stats='wordle'] figure[data-chart='rating'] svg")
    assert page.locator("figure.chart svg[role='img']").count() >= 8
    check("statistics with every kind of chart")
    page.locator("[data-recent='deblockle'] a").first.click()
    expect(page.locator("[data-page='replay'] .replay-board")).to_be_visible()
    page.keyboard.press("End")
    check("replay of a deblockle game")
    go(page, "#/", ".game-card")
    check("hub with games played and in progress")


def tournament(page, check):
    go(page, "#/wordle?mode=tournament&seed=8&speed=10", ".wt-lobby")
    check("tournament lobby")
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-intro")).to_be_visible()
    check("tournament, a round's pairs")
    expect(page.locator(".wt-game .wd-board")).to_be_visible(timeout=60_000)
    check("tournament, a round played")
    go(page, "#/stats", ".wt-away-bar")
    check("statistics with a tournament going on behind")


def invite(page, check, relay_url):
    """#/invite: the question before internet play, the games, the link, the invitation."""
    go(page, "#/invite", "[data-page='invite'][data-stage='opt_in']")
    check("one link, the question before internet play")
    page.evaluate(
        """(url) => {
          const record = JSON.parse(localStorage.getItem('gemau:peer') || 'null');
          const data = {...(record ? record.data : {}), relays: [url]};
          localStorage.setItem('gemau:peer', JSON.stringify({v: 2, rev: 100, data}));
        }""",
        relay_url,
    )
    go(page, "#/", ".game-card")
    go(page, "#/invite", "[data-page='invite'][data-stage='opt_in']")
    page.locator("[data-action='opt-in']").click()
    expect(page.locator("[data-page='invite'][data-stage='choose']")).to_be_visible()
    check("one link, choosing the game")
    page.locator("[data-action='invite'][data-game='battleship']").click()
    expect(page.locator(".invite-relays[data-relays-up='1']")).to_be_visible(timeout=20_000)
    check("one link, the link to send")
    secret = "A" * 22
    host = "ab" * 32  # the host's key in the room, as a link names it
    go(
        page,
        f"#/invite?room={secret}&host={host}&game=battleship&from=Ann",
        "[data-stage='offered']",
    )
    check("one link, the friend's invitation")


def find(page, check):
    """#/find (after the yes to internet play, as `invite` gave it): the games with the
    player's rating for each, and the search."""
    go(page, "#/find", "[data-page='find'][data-stage='choose']")
    check("find an opponent, the games")
    page.locator("[data-action='seek'][data-variant='deblockle']").click()
    expect(page.locator(".invite-relays[data-relays-up='1']")).to_be_visible(timeout=20_000)
    check("find an opponent, looking")
    page.locator("[data-action='cancel']").click()
    expect(page.locator("[data-page='find'][data-stage='choose']")).to_be_visible()


VIEWS = [shell, marbles, battleship, deblockle, dominoes, wordle, statistics, tournament]


@pytest.mark.parametrize("look", LOOKS)
def test_axe_finds_nothing_on_any_view(open_app, look, nostr_relay):
    page = open_app(reduced_motion="reduce", **LOOKS[look])
    if look == "dark":  # the System theme, following the OS
        assert page.evaluate("document.documentElement.dataset.theme") == "system"
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(19, 23, 29)"
    if look == "welsh":
        expect(page.locator("html")).to_have_attribute("lang", "cy")
    found, checked = {}, []

    def check(name: str) -> None:
        checked.append(name)
        problems = violations(page)
        if problems:
            found[name] = problems
        put_notices_away(page)

    for view in VIEWS:
        view(page, check)
    invite(page, check, nostr_relay.url)
    find(page, check)
    assert len(checked) >= 33
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
