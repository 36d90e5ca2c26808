"""Dominoes' frontend (app.dominoes) without a browser: what a click or a key means (a move
for the engine, a change on screen, a command), what a move changed (said, heard, the points
floated, the tile drawn lifted), what a finished game records, and the UI state after undo.
The positions are the engine's own, played with seeded random moves."""

import pytest
from app.dominoes.changes import changed
from app.dominoes.frontend import FRONTEND
from app.dominoes.seats import LEVEL_OF, seen
from app.dominoes.texts import about
from app.dominoes.ui import DominoesUi, Screen, screen
from app.frame.frontend import COMPUTER, LOCAL, Command, Facts, Input, Play, Seat, Show, Table
from app.i18n import Translator
from games.common.rng import SeededRng
from games.dominoes import State, new_game
from games.dominoes.choices import ends_for, must, playable

T = Translator("en")
ALONE = ("human", "strong")


def until(state: State, found, rng: SeededRng, limit: int = 400) -> State:
    """Play seeded random moves until `found(state)` (checked before each move)."""
    for _ in range(limit):
        if found(state):
            return state
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    raise AssertionError("no such position came up")


def my_turn(kind: str, ends: int = 1):
    """The person's turn (seat 0) where the rules say `kind`; for a play, a tile that fits
    `ends` ends."""

    def found(state: State) -> bool:
        if state.is_over or state.current_player != 0 or state.hand_summaries:
            return False
        view = state.view_for(0)
        if must(view) != kind:
            return False
        return kind != "play" or any(len(ends_for(view, t)) == ends for t in playable(view))

    return found


def table(players, seed: int = 0) -> Table:
    """The game view's Table of these players (a kind per seat)."""
    seats = [Seat(LOCAL) if k == "human" else Seat(COMPUTER, LEVEL_OF[k]) for k in players]
    return Table(tuple(seats), seed=seed)


def facts(ui: DominoesUi, **more) -> Facts:
    return Facts(table=table(ui.players), **more)


def ask(state: State, ui: Screen, action: str, **data: str):
    return FRONTEND.interpret(state, ui, Input(action, data), facts(ui), T)


def press(state: State, ui: Screen, key: str, focused: str = ""):
    given = Input("key", {"id": focused}, key=key, on_board=focused.startswith("dm-t-"))
    return FRONTEND.interpret(state, ui, given, facts(ui), T)


def changes_of(before: State, state: State, ui: DominoesUi, events):
    return FRONTEND.changed(before, state, ui, events, facts(ui), T)


# --- what an input means -------------------------------------------------------------------


def test_a_tile_that_fits_one_end_is_played_at_once():
    state = until(new_game({"seats": 2}, 20), my_turn("play", 1), SeededRng(1))
    view = state.view_for(0)
    tile = next(t for t in playable(view) if len(ends_for(view, t)) == 1)
    meant = ask(state, Screen(players=ALONE), "tile", tile=f"{tile[0]}-{tile[1]}")
    assert meant == Play({"type": "play", "tile": list(tile), "end": ends_for(view, tile)[0]})
    state.apply(meant.move)  # the engine takes it as it is


def test_a_tile_that_fits_two_ends_is_picked_then_played_on_the_end_chosen():
    state = until(new_game({"seats": 2}, 20), my_turn("play", 2), SeededRng(5))
    view = state.view_for(0)
    tile = next(t for t in playable(view) if len(ends_for(view, t)) == 2)
    name = f"{tile[0]}-{tile[1]}"
    ui = Screen(players=ALONE)
    picked = ask(state, ui, "tile", tile=name)
    first, second = ends_for(view, tile)
    assert isinstance(picked, Show) and picked.ui.selected == tile
    assert picked.cue == "select" and picked.focus == f"dm-end-{first}"
    assert picked.said == T("dominoes.status_choose_end", tile=name)
    ui = screen(picked.ui)
    assert ask(state, ui, "end", end="X") is None  # no such end
    assert ask(state, ui, "end", end=second) == Play(
        {"type": "play", "tile": list(tile), "end": second}
    )
    put_back = ask(state, ui, "tile", tile=name)
    assert isinstance(put_back, Show) and put_back.ui.selected is None
    escaped = press(state, ui, "Escape")
    assert isinstance(escaped, Show) and escaped.ui.selected is None


def test_a_tile_or_a_draw_the_rules_refuse_is_said_as_an_error():
    state = until(new_game({"seats": 2}, 20), my_turn("draw"), SeededRng(2))
    view = state.view_for(0)
    ui = Screen(players=ALONE)
    tile = tuple(view["hand"][0])
    refused = ask(state, ui, "tile", tile=f"{tile[0]}-{tile[1]}")
    assert isinstance(refused, Show) and refused.cue == "invalid"
    assert refused.ui.message_is_error and refused.ui.message == refused.said != ""
    passing = ask(state, ui, "pass")
    assert isinstance(passing, Show) and passing.cue == "invalid"  # must draw first
    assert ask(state, ui, "draw") == Play({"type": "draw"}) == press(state, ui, "d")


def test_nothing_is_played_for_a_computer_nor_behind_a_hands_summary():
    state = until(new_game({"seats": 2}, 20), lambda s: s.current_player == 1, SeededRng(3))
    ui = Screen(players=ALONE)
    assert ask(state, ui, "draw") is None and press(state, ui, "1") is None
    state = until(state, lambda s: bool(s.hand_summaries), SeededRng(3), 2000)
    pending = ask(state, ui, "next-hand")
    assert isinstance(pending, Show) and pending.ui.ack == len(state.hand_summaries)
    leader = state.current_player
    assert pending.said == about(T, "dominoes.announce.new_hand", seen(state, ui), ui, [leader])
    assert press(state, ui, "Escape") == pending
    assert ask(state, screen(pending.ui), "next-hand") is None  # closed once


def test_keys_go_along_the_hand_and_press_its_tiles():
    state = until(new_game({"seats": 2}, 20), my_turn("play", 1), SeededRng(1))
    ui = Screen(players=ALONE)
    ids = [f"dm-t-{a}-{b}" for a, b in sorted(map(tuple, state.view_for(0)["hand"]), reverse=True)]
    assert press(state, ui, "ArrowRight").focus == ids[0]  # from the page into the hand
    assert press(state, ui, "ArrowLeft").focus == ids[-1]
    assert press(state, ui, "ArrowRight", ids[0]).focus == ids[1]
    assert press(state, ui, "ArrowLeft", ids[0]).focus == ids[-1]  # round the end
    assert press(state, ui, "End", ids[0]).focus == ids[-1]
    assert press(state, ui, "Home", ids[-1]).focus == ids[0]
    first = press(state, ui, "1")
    assert first == ask(state, ui, "tile", tile=ids[0].removeprefix("dm-t-"))
    dialog = press(state, ui, "n")  # the new-game dialog, on the table last chosen
    assert dialog == ask(state, ui, "new") and dialog.ui.setup["players"] == list(ALONE)
    assert ask(state, ui, "undo") == Command("undo")
    again = Command("new", {"players": "human,strong", "partners": False})
    assert ask(state, ui, "again") == again  # the same table, a new deal


def test_pass_and_play_uncovers_the_hand_of_the_person_to_move_only():
    state = new_game({"seats": 2}, 9)
    ui = Screen(players=("human", "human"))
    assert seen(state, ui)["seat"] is None  # the cover: no hand is face up
    assert press(state, ui, "ArrowRight") is None  # no tiles drawn to go along
    shown = ask(state, ui, "reveal")
    assert isinstance(shown, Show) and shown.ui.revealed == state.current_player
    assert seen(state, shown.ui)["seat"] == state.current_player
    assert ask(state, screen(shown.ui), "reveal") is None


def test_the_new_game_dialog_chooses_a_table_and_starts_it():
    ui = Screen(players=ALONE, setup={"players": ["human", "strong"], "partners": False})
    state = new_game({"seats": 2}, 1)
    four = ask(state, ui, "setup-count", value="4")
    assert isinstance(four, Show) and four.ui.setup["players"] == [
        "human",
        "strong",
        "strong",
        "strong",
    ]
    ui = screen(four.ui)
    partners = ask(state, ui, "setup-partners")  # the box turned over
    assert isinstance(partners, Show) and partners.ui.setup["partners"] is True
    assert partners.drawn  # (the box shows itself: the page is not drawn again)
    assert ask(state, ui, "setup-player", seat="9", value="random") is None
    assert ui.setup["players"][1] == "strong"  # the choices before are not changed
    start = ask(state, screen(partners.ui), "setup-start")
    assert start == Command("new", {"players": "human,strong,strong,strong", "partners": True})
    assert press(state, ui, "d") is None  # keys are the dialog's
    closed = press(state, ui, "Escape")
    assert isinstance(closed, Show) and closed.ui.setup is None


# --- what a move changed --------------------------------------------------------------------


def test_a_play_is_said_heard_and_clears_what_was_picked():
    state = until(new_game({"seats": 2}, 20), my_turn("play", 2), SeededRng(5))
    view = state.view_for(0)
    tile = next(t for t in playable(view) if len(ends_for(view, t)) == 2)
    before = state.copy()
    ui = DominoesUi(players=ALONE, selected=tile, message="x", log=("a", "b", "c", "d"))
    events = state.apply({"type": "play", "tile": list(tile), "end": ends_for(view, tile)[0]})
    changes = changes_of(before, state, ui, events)
    assert changes.ui.selected is None and changes.ui.message == ""
    assert f"{tile[0]}-{tile[1]}" in changes.said
    assert changes.cue in ("move", "line", "win", "lose")
    assert changes.ui.log[-1] == changes.said.split(". ")[-1] or changes.said.endswith(
        changes.ui.log[-1]
    )
    assert len(changes.ui.log) == 4
    scored = [e for e in events if e["type"] == "score"]
    assert changes.ui.pop == ((scored[-1]["points"], 0) if scored else None)


def test_the_tile_a_person_draws_is_lifted_and_named_to_them_alone():
    state = until(new_game({"seats": 2}, 20), my_turn("draw"), SeededRng(2))
    before = state.copy()
    events = state.apply({"type": "draw"})
    tile = tuple(sorted(events[0]["tile"], reverse=True))
    changes = changes_of(before, state, DominoesUi(players=ALONE), events)
    assert changes.ui.drawn == tile and changes.cue == "select"
    assert T("dominoes.announce.you_draw", tile=f"{tile[0]}-{tile[1]}") in changes.said
    if must(state.view_for(0)) == "draw":
        assert changes.ui.focus == "dm-draw"  # drawing again: the keyboard stays there
    theirs = [{**events[0], "seat": 1}]  # the same draw, as the computer's
    other = changed(1, theirs, state.view_for(0), DominoesUi(players=ALONE), T)
    assert other.ui.drawn is None and other.said == T("dominoes.announce.draws", name="Computer")
    assert f"{tile[0]}-{tile[1]}" not in other.said


def test_passing_the_device_covers_the_next_persons_hand():
    state = new_game({"seats": 2}, 9)
    mover = state.current_player
    ui = DominoesUi(players=("human", "human"), revealed=mover)
    before = state.copy()
    events = state.apply(state.legal_moves()[0])
    changes = changes_of(before, state, ui, events)
    assert changes.ui.revealed is None


# --- the end, and undo ------------------------------------------------------------------------


def test_a_finished_game_records_the_persons_team_its_score_and_hands():
    rng = SeededRng(7)
    state = until(new_game({"seats": 2, "target": 50}, 7), lambda s: s.is_over, rng, 5000)
    result = FRONTEND.record(state, table(ALONE, seed=7), 0.0)
    assert result is not None and result.variant == "2"
    assert result.won == (0 in state.result["winners"])
    assert result.score == state.scores[0]
    assert result.figures["seed"] == "7" and result.figures["hands"] >= 1
    four = until(
        new_game({"seats": 4, "partnerships": True, "target": 50}, 3),
        lambda s: s.is_over,
        rng,
        5000,
    )
    partners = FRONTEND.record(four, table(("human", "strong", "human", "strong"), 3), 0.0)
    assert partners.variant == "4p" and partners.won == (four.result["winner_team"] == 0)
    nobody = FRONTEND.record(state, table(("strong", "greedy"), 7), 0.0)
    assert nobody is None  # computers alone: nothing to record


@pytest.mark.parametrize("ack", [0, 5])
def test_after_undo_the_seats_stay_and_what_was_picked_and_said_goes(ack):
    state = until(new_game({"seats": 2}, 20), lambda s: len(s.history) > 3, SeededRng(4))
    kept = DominoesUi(
        players=ALONE, ack=ack, selected=(6, 6), drawn=(5, 1), message="m", log=("x",)
    )
    ui = FRONTEND.new_ui(state, kept)
    assert ui.selected is None and ui.drawn is None
    assert ui.message == "" and ui.log == () and ui.revealed is None
    assert ui.ack == len(state.hand_summaries)  # a hand in play: every summary was closed


@pytest.mark.parametrize("module", ["frontend", "input", "changes", "ui", "seats", "dragging"])
def test_the_frontend_imports_neither_the_browser_nor_the_midend_nor_storage(module):
    import ast
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "py" / "app" / "dominoes" / f"{module}.py"
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            imported |= {node.module or ""} | {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
    assert not imported & {"browser", "js", "pyscript", "midend", "storage", "saved_games"}


# --- who sits where, the address, the save and the page's width --------------------------


@pytest.mark.parametrize(
    "players", [ALONE, ("human", "human"), ("human", "random", "greedy", "heuristic")]
)
def test_who_sits_where_goes_to_and_from_the_game_views_table(players):
    from app.dominoes.seats import seated

    assert seated(DominoesUi(), table(players)).players == players
    chosen = {"players": ",".join(players)}
    assert FRONTEND.seat_params(table(players)) == chosen
    levels = [None if kind == "human" else LEVEL_OF[kind] for kind in players]
    assert FRONTEND.new_seats({}, chosen) == levels
    assert FRONTEND.new_options(chosen)["seats"] == len(players)


def test_an_address_names_its_table_only_with_the_games_number():
    asked = {"seed": "5", "players": "human,human,strong"}
    options, seed = FRONTEND.wanted(asked, {})
    assert seed == 5 and options["seats"] == 3
    assert FRONTEND.new_seats(asked, {}) == [None, None, "expert"]
    assert FRONTEND.new_seats({"players": "human,human,strong"}, {}) == [None, "expert"]
    assert FRONTEND.wanted({"players": "human,human"}, {}) is None


def test_the_summaries_closed_are_kept_in_the_save_and_read_back_with_care():
    assert FRONTEND.kept(DominoesUi(ack=3, revealed=1)) == {"ack": 3}  # (a reload covers a hand)
    assert FRONTEND.ui_from_save({"ack": 3}).ack == 3
    assert FRONTEND.ui_from_save({"ack": "3"}).ack == FRONTEND.ui_from_save({"ack": -1}).ack == 0
    state = until(new_game({"seats": 2}, 6), lambda s: bool(s.hand_summaries), SeededRng(6), 2000)
    open_summary = FRONTEND.new_ui(state, FRONTEND.ui_from_save({"ack": 0}))
    assert FRONTEND.paused(open_summary) == (not state.history)  # the computers wait for it
    assert not FRONTEND.paused(FRONTEND.new_ui(state, FRONTEND.ui_from_save({"ack": 9})))


def test_a_phone_fits_fewer_tiles_in_a_row_than_a_desktop():
    assert 2 <= FRONTEND.layout_for(360) < FRONTEND.layout_for(1280)
