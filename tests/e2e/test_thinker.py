"""The thinker (issue 19): computer players choose their moves in a Web Worker,
so the page goes on while they think, and play exactly as on the main thread."""

import json

from e2e_support import pause_clock
from playwright.sync_api import expect

ROOT = "document.documentElement.dataset"

# Every Worker the page makes, by its script's address, as it is made.
WORKERS_MADE = """(() => {
  window.gemauWorkersMade = [];
  window.Worker = new Proxy(window.Worker, {
    construct(made, args) {
      window.gemauWorkersMade.push(String(args[0]));
      return Reflect.construct(made, args);
    },
  });
})();"""


def thinker_moves(page) -> int:
    return int(page.evaluate(f"{ROOT}.thinkerMoves || '0'"))


def test_the_hub_alone_starts_no_worker(open_app, context):
    """None is made while the hub is drawn, nor while it stays open: the page's clock is
    driven 10 s on (every timer of the page due by then runs) and still none is."""
    ctx = context()
    ctx.add_init_script(WORKERS_MADE)
    ctx.clock.install()
    page = open_app(ctx=ctx)
    expect(page.locator("[data-card='battleship']")).to_be_visible()
    pause_clock(page)
    page.clock.run_for(10_000)
    assert page.evaluate("window.gemauWorkersMade") == []
    assert page.evaluate(f"{ROOT}.thinker || ''") == ""


def test_the_battleship_computer_shoots_from_the_worker_as_it_would_on_the_page(open_app):
    """Blue against the hard computer: Red shoots first. Once the worker is ready,
    every reply comes from it, and the game's moves are those the engine chooses
    for this seed (the same random numbers wherever it thinks)."""
    page = open_app("#/battleship?seed=41&mode=classic&opponent=hard&side=blue")
    page.locator("[data-action='random-fleet']").click()
    expect(page.locator("html[data-thinker='ready']")).to_be_attached(timeout=30_000)
    page.locator("#bs-ready").click()
    log = page.locator("[data-log] li")
    expect(log).to_have_count(1)
    for column in range(1, 4):
        page.locator(f"#bs-t-J{column}").click()
        expect(log).to_have_count(1 + 2 * column)
    assert thinker_moves(page) >= 3
    saved = json.loads(page.evaluate("localStorage.getItem('gemau:saved:battleship')"))["data"]
    frame = saved["meta"]["frame"]
    replayed = replay_computer_moves(frame)
    shots = [text for player, text in frame["moves"] if player == 0 and text.startswith("fire")]
    assert len(shots) == 4 and shots == replayed


def replay_computer_moves(frame) -> list[str]:
    """The computer's (Red's) moves, chosen again under CPython from the same game."""
    from app.midend import COMPUTER
    from app.thinking import choose
    from games.battleship.game import GAME

    state = GAME.new_game(frame["options"], frame["seed"])
    level = frame["seats"][0].removeprefix(COMPUTER)
    chosen = []
    for number, (player, text) in enumerate(frame["moves"]):
        if player == 0 and text.startswith("fire"):
            move = choose(GAME, state, 0, level, frame["seed"], number)
            chosen.append(GAME.format_move(move))
        state.apply(GAME.parse_move(text))
    return chosen


def test_without_the_worker_the_computer_still_plays_on_the_page(open_app, context):
    """A browser that cannot start the worker (here its script is refused): the
    game is the same, its moves chosen on the page's thread."""
    ctx = context()
    ctx.route("**/thinker.js", lambda route: route.abort())
    page = open_app("#/battleship?seed=41&mode=classic&opponent=easy", ctx=ctx)
    page.locator("[data-action='random-fleet']").click()
    expect(page.locator("html[data-thinker='failed']")).to_be_attached(timeout=30_000)
    page.locator("#bs-ready").click()
    page.locator("#bs-t-A1").click()
    expect(page.locator("[data-log] li")).to_have_count(2)
    assert thinker_moves(page) == 0


def test_the_wordle_expert_guesses_from_the_worker_with_its_words(open_app):
    """The duel's worker fetches the language's words itself; the expert's rows
    then come from it while the page only keeps the clock. A second duel asked for by
    its address, once the first is under way, is started when the player says yes."""
    duel = "#/wordle?mode=duel&lang=en&level=expert&speed=20&seed="
    page = open_app(duel + "3")
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    expect(page.locator("html[data-thinker='ready']")).to_be_attached(timeout=30_000)
    expert_guessed_in = """(seed) => {
        const saved = JSON.parse(localStorage.getItem('gemau:saved:wordle'));
        const frame = saved && saved.data.meta.frame;
        return frame && frame.seed === seed
            && frame.moves.some(([seat, text]) => seat === 1 && /^1 [A-Z]+ @/.test(text));
    }"""
    # Duel 3 under way (the expert's guess in its save) before duel 4 is asked for, so the
    # page always asks first whether to leave it (before, a race decided whether it did).
    page.wait_for_function(expert_guessed_in, arg=3, timeout=60_000)
    before = thinker_moves(page)
    page.evaluate(f"location.hash = '{duel}4'")  # a new duel: every turn in the worker
    page.locator("#question [data-action='question-yes']").click()
    page.wait_for_function(expert_guessed_in, arg=4, timeout=60_000)
    frame = json.loads(page.evaluate("localStorage.getItem('gemau:saved:wordle')"))["data"]
    assert frame["meta"]["frame"]["seed"] == 4
    assert thinker_moves(page) > before
