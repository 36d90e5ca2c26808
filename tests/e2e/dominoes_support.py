"""What tests/e2e/test_dominoes.py shares: the saved game as the page wrote it, our
plans for a move (read from it with the engine) and the clicks and drags that
make it, and games saved as the midend writes them, built here in Python."""

import json

from games.dominoes import State
from playwright.sync_api import expect

SAVED = "gemau:saved:dominoes"


def saved(page):
    """(state, meta) as the page saved them."""
    raw = page.evaluate(f"localStorage.getItem('{SAVED}')")
    data = json.loads(raw)["data"]
    return State.from_json(data["state"]), data["meta"]


def saved_text(page) -> str:
    return page.evaluate(f"localStorage.getItem('{SAVED}')")


def wait_phase(page, *phases, timeout=30_000):
    selector = ", ".join(f"[data-game='dominoes'][data-phase='{p}']" for p in phases)
    page.wait_for_selector(selector, timeout=timeout)
    return page.locator("[data-game='dominoes']").get_attribute("data-phase")


def scores_after(state, move) -> bool:
    return any(e["type"] == "score" for e in state.copy().apply(move))


def click_move(page, state, move):
    """Do one move by clicks: a tile (then its end when several fit), Draw or Pass."""
    before = saved_text(page)
    if move["type"] == "draw":
        page.locator("#dm-draw").click()
    elif move["type"] == "pass":
        page.locator("#dm-pass").click()
    else:
        name = f"{move['tile'][0]}-{move['tile'][1]}"
        ends = [
            m["end"]
            for m in state.legal_moves()
            if m["type"] == "play" and m["tile"] == move["tile"]
        ]
        page.locator(f".dm-hand [data-tile='{name}']").click()
        if len(ends) > 1:
            expect(page.locator(".dm-slot")).to_have_count(len(ends))
            page.locator(f".dm-slot[data-end='{move['end']}']").click()
    page.wait_for_function(f"(before) => localStorage.getItem('{SAVED}') !== before", arg=before)


def choose(state):
    """Our plan: a scoring play when there is one, else the heaviest tile."""
    legal = state.legal_moves()
    if legal[0]["type"] != "play":
        return legal[0]
    scoring = [m for m in legal if scores_after(state, m)]
    return (scoring or sorted(legal, key=lambda m: -sum(m["tile"])))[0]


def drag(page, source, target_selector):
    """Press on `source`, move past the drag threshold, then move onto the target and let go."""
    box = source.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 10, box["y"] - 20, steps=4)
    expect(page.locator(".dm-ghost")).to_have_count(1)
    to = page.locator(target_selector).bounding_box()
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + to["height"] / 2, steps=6)
    page.mouse.up()


def quiet(state):
    """A move that scores nothing when there is one (at a small target a score ends the game)."""
    legal = state.legal_moves()
    calm = [m for m in legal if m["type"] != "play" or not scores_after(state, m)]
    return (calm or legal)[0]


def midend_record(options, seed, players, human_turns, plan=quiet):
    """A game saved as the midend writes it, from its start: the person plays `plan`
    for `human_turns` turns and the computers answer as the page would (the same
    random numbers, from the seed and the move number); saved at the person's turn."""
    from app import saved_games
    from app.dominoes.seats import seats_for
    from app.midend import Midend
    from app.storage import MemoryBackend, Store
    from games.dominoes.game import GAME

    store = Store(MemoryBackend())
    saved_games.register(store, ["dominoes"])
    midend = Midend(store, GAME, lambda: 0.0)
    midend.start(options, seed, seats_for(players))
    for turn in range(human_turns + 1):
        while midend.computer_to_move:
            midend.play(midend.computer_move())
        if turn < human_turns:
            midend.play(plan(midend.state))
    assert not midend.state.is_over and midend.seat_kind(midend.state.current_player) == "human"
    summaries = len(midend.state.hand_summaries)
    midend.save({"players": players, "seed": seed, "ack": summaries, "revealed": None})
    return store.backend.items[SAVED], midend.state


def open_saved(open_app, record, ctx=None, **options):
    return open_app("#/dominoes", ctx=ctx, storage={SAVED: record}, **options)


def frame(page) -> dict:
    return json.loads(saved_text(page))["data"]["meta"]["frame"]


SAVED_POSITION_IS = """([key, wanted]) => {
    const canonical = (value) => JSON.stringify(value, (_, part) =>
        part && typeof part === 'object' && !Array.isArray(part)
            ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : 1)))
            : part);
    const raw = localStorage.getItem(key);
    return raw !== null && canonical(JSON.parse(raw).data.state) === canonical(wanted);
}"""


def wait_saved(page, state):
    """Until the page has saved exactly this position (the same JSON, keys in any order)."""
    page.wait_for_function(SAVED_POSITION_IS, arg=[SAVED, state.to_json()], timeout=10_000)


def table_tiles(state) -> int:
    layout = state.layout
    return 0 if layout.root is None else 1 + sum(len(layout.arms[a]) for a in "WENS")


def play_by_clicks(page, state, move):
    """click_move, for a page that may not be able to save."""
    name = f"{move['tile'][0]}-{move['tile'][1]}"
    page.locator(f".dm-hand [data-tile='{name}']").click()
    ends = [m for m in state.legal_moves() if m["type"] == "play" and m["tile"] == move["tile"]]
    if len(ends) > 1:
        page.locator(f".dm-slot[data-end='{move['end']}']").click()


def the_last_move_played(open_app, ctx=None, full_device=False):
    """Seed 5 at a target of 5: after three turns that score nothing we hold a scoring
    play, which ends the game. The game saved there (as the midend writes it) opened,
    the device made full if asked, and that play made by clicks: (page, the finished
    game, its number of moves, the save before the play)."""
    options = {"seats": 2, "partnerships": False, "target": 5}
    record, state = midend_record(options, 5, ["human", "random"], 3)
    last = next(m for m in state.legal_moves() if m["type"] == "play" and scores_after(state, m))
    page = open_saved(open_app, record, ctx=ctx)
    wait_phase(page, "human")
    before = saved_text(page)
    if full_device:
        page.evaluate("""() => { Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    play_by_clicks(page, state, last)
    expect(page.locator("#dm-over")).to_be_visible()
    finished = state.copy()
    finished.apply(last)
    return page, finished, len(json.loads(record)["data"]["meta"]["frame"]["moves"]) + 1, before


def press(page, how: str, action: str) -> None:
    """Undo or redo (`action`) by its button ("button") or by keys ("Control+z")."""
    if how == "button":
        page.locator(f"#dm-{action}").click()
    else:
        page.keyboard.press(how)


def play_to_the_end(page, turns: int = 20) -> None:
    """Our turns by clicks, a scoring play when there is one, until the game is over."""
    for _ in range(turns):
        if wait_phase(page, "human", "over") == "over":
            return
        state, _ = saved(page)
        scoring = [m for m in state.legal_moves() if m["type"] == "play" and scores_after(state, m)]
        click_move(page, state, scoring[0] if scoring else quiet(state))
    raise AssertionError("the game did not end")


def greedy_record(seed: int, seats: int, moves: int, players=None) -> tuple:
    """A game the greedy computer played for every seat up to `moves` moves, saved
    as the page saved games before the midend (it is resumed as one): (record, state)."""
    from games.common.rng import SeededRng
    from games.dominoes import new_game
    from games.dominoes.ai import choose_move

    state = new_game({"seats": seats, "partnerships": False}, seed)
    while len(state.history) < moves:
        view = state.view_for(state.current_player)
        state.apply(choose_move(view, SeededRng(len(state.history)), level="greedy"))
    players = players or ["human"] + ["strong"] * (seats - 1)
    meta = {"players": players, "seed": seed, "ack": 0, "recorded": False}
    record = {"v": 1, "rev": 1, "data": {"state": state.to_json(), "meta": meta}}
    return json.dumps(record), state
