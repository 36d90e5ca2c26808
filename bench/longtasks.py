"""Does the page freeze while the computer thinks? Long tasks on the main thread and
the delay from a click to the next frame, per game, in the system Chromium.

For each game a scripted session against its strongest computer (Marbles: its
hint, asked every turn; the Wordle Tournament: seven bots of its lobby, their
plans asked of the worker): our moves are clicks on the board, chosen with the
engine from the game the page saved (the page's own clicks, as a player would
make them).
The page records every 'longtask' (a main-thread task over 50 ms) after the first
board is shown, and, through the Event Timing API, how long each click took to
reach the screen; a click on the heading follows each of our moves, while the
computer thinks. The thinker's worker is given time to start first (as it has
while a person reads the board), so the figures are those of play, not of boot.

Prints each game's figures, then one JSON object as the last line:
{"<game>": {"longest_task_ms", "tasks_over_100_ms", "click_to_paint_p95_ms",
"clicks", "moves_in_worker"}} (the Wordle Tournament's: the bots' plans the worker gave).
    CHROMIUM=/usr/bin/chromium .venv/bin/python bench/longtasks.py [--turns 12] [--games ...]
With --main-thread the worker is kept from starting (its script is refused), so
every move is chosen on the main thread as before the thinker: the figures to
compare with.
"""

import argparse
import functools
import json
import os
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "e2e"), str(ROOT / "tools")]
from e2e_support import SUB_PATH, SubPathHandler, wait_ready  # noqa: E402
from serve import make_server  # noqa: E402

OBSERVE = """
window.__longTasks = []; window.__clicks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: false });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.name === "click" || entry.name === "pointerdown") window.__clicks.push(entry.duration);
}).observe({ type: "event", durationThreshold: 16, buffered: false });
"""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CHROMIUM_ARGS += ["--disable-component-update", "--disable-sync", "--no-first-run"]


def saved(page, game: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('gemau:saved:{game}')"))["data"]


def wait_for_thinker(page) -> None:
    page.wait_for_selector("html[data-thinker]", state="attached", timeout=60_000)


def click_while_it_thinks(page) -> None:
    """A click on the page's heading just after our move, while the computer thinks:
    the page must answer it as fast as any other (Event Timing measures it)."""
    page.locator("#view h1").first.click()


class Session:
    """One game's page: opened at a route, measured from `start_measuring()` on."""

    def __init__(self, page, base: str):
        self.page, self.base = page, base

    def open(self, route: str, reduced_motion: bool = True) -> None:
        self.page.emulate_media(reduced_motion="reduce" if reduced_motion else "no-preference")
        self.page.goto(self.base + route)
        wait_ready(self.page)

    def start_measuring(self, thinker: bool = True) -> None:
        if thinker:
            wait_for_thinker(self.page)
        self.page.evaluate(OBSERVE)


def battleship(session: Session, turns: int) -> None:
    page = session.page
    session.open("#/battleship?mode=classic&opponent=hard")
    page.locator("[data-action='random-fleet']").click()
    session.start_measuring()
    page.locator("#bs-ready").click()
    log = page.locator("[data-log] li")
    squares = [
        f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if (c + "ABCDEFGHIJ".index(r)) % 2
    ]
    for count, square in enumerate(squares[:turns], start=1):
        if page.locator("#bs-over").is_visible():
            return
        page.locator(f"#bs-t-{square}").click()
        click_while_it_thinks(page)
        expect(log).to_have_count(2 * count, timeout=30_000)


def deblockle(session: Session, turns: int) -> None:
    from games.deblockle.game import GAME
    from test_deblockle import play_by_clicks

    page = session.page
    session.open("#/deblockle?opponent=strong", reduced_motion=False)
    view = page.locator("[data-game='deblockle']")
    session.start_measuring()
    for _ in range(turns):
        page.wait_for_selector(
            "[data-game='deblockle'][data-busy='no'][data-current='0'], #db-over[open]",
            timeout=30_000,
        )
        state = GAME.load(saved(page, "deblockle")["state"])
        if state.is_over:
            return
        play_by_clicks(page, state, str(state.legal_moves()[0]))
        click_while_it_thinks(page)
        expect(view).to_have_attribute("data-current", "1", timeout=30_000)


def dominoes(session: Session, turns: int) -> None:
    from dominoes_support import choose, click_move, wait_phase
    from dominoes_support import saved as saved_dominoes

    page = session.page
    session.open("#/dominoes")
    session.start_measuring()
    for _ in range(turns):
        phase = wait_phase(page, "human", "summary", "over")
        if phase == "over":
            return
        if phase == "summary":
            page.locator("#dm-summary").get_by_role("button").first.click()
            continue
        state, _ = saved_dominoes(page)
        click_move(page, state, choose(state))
        click_while_it_thinks(page)


def marbles(session: Session, turns: int) -> None:
    """Marbles has no opponent: its strongest thinking is the hint, asked every turn."""
    page = session.page
    session.open("#/marbles")
    session.start_measuring(thinker=False)
    for _ in range(turns):
        if page.locator("#mb-over[open]").count():
            return
        moves = saved(page, "marbles")["state"]["moves"]
        page.get_by_role("button", name="Hint").click()
        expect(page.locator(".cell.hint")).to_have_count(2)
        source = page.locator(".cell.hint.cursor").get_attribute("id")
        target = next(
            cell.get_attribute("id")
            for cell in page.locator(".cell.hint").all()
            if cell.get_attribute("id") != source
        )
        page.locator(f"#{source}").click()
        page.locator(f"#{target}").click()
        page.wait_for_function(
            "(moves) => JSON.parse(localStorage.getItem('gemau:saved:marbles')).data.state.moves"
            " > moves",
            arg=moves,
        )


MY_TURN = """() => document.querySelector('.wt-out, .wt-end') || (
    document.querySelector('.wt-duel .wd-whose.wd-you')
    && document.querySelector(".wd-key[data-key='enter']:not([disabled])"))"""
ON_SCREEN = """() => {
    const game = document.querySelector('.wt-game'), duel = document.querySelector('.wt-duel');
    return [game && game.dataset.round, duel && duel.dataset.duel, duel && duel.dataset.rows];
}"""


# Our rating in the tournament's records: its bots, rated within 200 of it, are
# all experts (1200 and above), who search live once a duel leaves their book.
RATED = """localStorage.setItem('gemau:wordle-rating', JSON.stringify({v: 1, rev: 1,
    data: {me: 'benchbo', players: {benchbo: {name: 'BenchBo', rating: 1400, history: []}}}}))"""


def tournament(session: Session, turns: int) -> None:
    """The Wordle Tournament at the tests' speed (10 times): one of us (rated 1400)
    and seven expert bots, four duels a round. We guess a word of the list on a
    duel's first turn and the hidden word (read from the save) on the next, so we
    stay in for rounds; after our sixth turn (or once we are out) the bots play on
    for 5 s, then we leave and skip to the final results."""
    from test_wordle_tournament import WORDS, my_duel, type_word
    from test_wordle_tournament import saved as saved_tournament

    page = session.page
    page.add_init_script(RATED)
    session.open("#/wordle?mode=tournament&seed=8&speed=10")
    wait_for_thinker(page)
    page.locator("button[data-action='wt-start']").click()
    page.locator(".wt-duel").first.wait_for(timeout=30_000)  # the first board
    session.start_measuring(thinker=False)
    played = 0
    while played < min(turns, 6):  # three rounds won, then the bots' rounds to skip
        page.wait_for_function(MY_TURN, timeout=60_000, polling=100)
        if page.locator(".wt-out, .wt-end").count():
            break
        t = saved_tournament(page)
        match = my_duel(t) if t is not None and t.phase == "playing" else None
        if match is None:
            page.wait_for_timeout(100)
            continue
        duel, index = match["duel"], t.current["matches"].index(match)
        seat = match["players"].index(0)
        if page.evaluate(ON_SCREEN) != [str(t.round_number), str(index), str(len(duel.rows))]:
            page.wait_for_timeout(50)  # the save read is older than the screen
            continue
        if duel.is_over or duel.turn != seat:
            page.wait_for_timeout(100)
            continue
        word = duel.word
        if duel.turns_used(seat) == 0:
            word = next(w for w in WORDS.guess_lists[duel.length] if w != duel.word)
        type_word(page, WORDS.tiles(word))
        click_while_it_thinks(page)
        played += 1
        page.wait_for_timeout(300)
    page.wait_for_timeout(5_000)
    # Then we leave and skip to the final results: the page plays the bots' last
    # duels out itself (in slices), the longest thing it does at a go.
    if not page.locator(".wt-end").count():
        if not page.locator(".wt-out").count():
            page.locator("button[data-action='wt-leave']").click()
            page.locator("button[data-action='wt-leave-yes']").click()
        page.locator("button[data-action='wt-finish'], .wt-end").first.wait_for()
        if not page.locator(".wt-end").count():  # (leaving the final ends it)
            page.locator("button[data-action='wt-finish']").click()
        page.locator(".wt-end").wait_for(timeout=60_000)
        page.wait_for_timeout(1_000)


SESSIONS = {"battleship": battleship, "deblockle": deblockle, "dominoes": dominoes}
SESSIONS["marbles"] = marbles
SESSIONS["wordle-tournament"] = tournament


def measure(browser, base: str, game: str, turns: int, worker: bool) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if not worker:  # the thinker cannot start: every move is chosen on the main thread
        context.route("**/thinker.js", lambda route: route.abort())
    page = context.new_page()
    # A returning player's page: Python (and the thinker) start from the memory snapshot
    # the first visit made on the hub.
    page.goto(base)
    page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=120_000)
    page.goto("about:blank")  # so the session's address starts the page again
    SESSIONS[game](Session(page, base), turns)
    page.wait_for_timeout(1500)  # the last reply's tasks
    tasks = page.evaluate("window.__longTasks")
    clicks = page.evaluate("window.__clicks")
    moves = int(page.evaluate("document.documentElement.dataset.thinkerMoves || '0'"))
    context.close()
    return {
        "longest_task_ms": round(max(tasks, default=0)),
        "tasks_over_100_ms": sum(t > 100 for t in tasks),
        "click_to_paint_p95_ms": round(percentile(clicks, 95)) if clicks else None,
        "clicks": len(clicks),
        "moves_in_worker": moves,
    }


def percentile(values: list[float], p: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--games", nargs="*", default=list(SESSIONS))
    parser.add_argument(
        "--main-thread", action="store_true", help="block the worker, for the figures before it"
    )
    args = parser.parse_args()
    server = make_server(0)
    server.RequestHandlerClass = functools.partial(SubPathHandler, directory=str(ROOT))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    results = {}
    with sync_playwright() as playwright:
        executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        for game in args.games:
            results[game] = measure(browser, base, game, args.turns, not args.main_thread)
            print(game, results[game], flush=True)
        browser.close()
    server.shutdown()
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
