"""Marbles' frontend (app.marbles.frontend): clicks and keys into moves and UI changes, what
a move says and sounds like, what a finished game records. Pure: no browser, no storage."""

from dataclasses import replace

import pytest
from app.frame.frontend import LOCAL, Command, Facts, Input, Play, Seat, Show, Table
from app.i18n import Translator
from app.marbles.frontend import FRONTEND, MarblesUi, move_cue
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.marbles import SQUARES, choose_move
from games.marbles.game import GAME

t = Translator("en")
HERE = Facts(table=Table((Seat(LOCAL),)))


def new_state(seed=3, version=5):
    return GAME.new_game({"version": version}, seed)


def cell(square: int) -> Input:
    return Input("cell", {"sq": str(square)})


def test_a_marble_is_selected_then_deselected_and_a_free_square_asks_for_one_first():
    state, ui = new_state(), FRONTEND.new_ui(new_state())
    marble = next(sq for sq, colour in enumerate(state.board) if colour)
    free = state.board.index(0)
    asked = FRONTEND.interpret(state, ui, cell(free), HERE, t)
    assert isinstance(asked, Show) and asked.cue == "invalid" and asked.ui.message_is_error
    chosen = FRONTEND.interpret(state, ui, cell(marble), HERE, t)
    assert isinstance(chosen, Show) and chosen.cue == "select" and chosen.ui.selected == marble
    assert "Selected" in chosen.said or chosen.said
    dropped = FRONTEND.interpret(state, chosen.ui, cell(marble), HERE, t)
    assert isinstance(dropped, Show) and dropped.ui.selected is None and dropped.cue == ""
    moved = FRONTEND.interpret(state, chosen.ui, cell(free), HERE, t)
    assert moved == Play((marble, free))


def test_keys_move_the_cursor_on_the_board_only_and_name_the_commands():
    state, ui = new_state(), MarblesUi(cursor=0)
    right = FRONTEND.interpret(state, ui, Input("key", key="ArrowRight", on_board=True), HERE, t)
    assert isinstance(right, Show) and right.ui.cursor == 1
    up = FRONTEND.interpret(state, ui, Input("key", key="ArrowUp", on_board=True), HERE, t)
    assert isinstance(up, Show) and up.ui.cursor == 0  # the edge holds it
    assert FRONTEND.interpret(state, ui, Input("key", key="ArrowRight"), HERE, t) is None
    assert FRONTEND.interpret(state, ui, Input("key", key="u"), HERE, t) == Command("undo")
    assert FRONTEND.interpret(state, ui, Input("key", key="N"), HERE, t) == Command("new")
    assert FRONTEND.interpret(state, ui, Input("key", key="x"), HERE, t) is None


def test_the_menu_becomes_commands_for_the_game_view():
    state, ui = new_state(), MarblesUi()
    assert FRONTEND.interpret(state, ui, Input("version", {"value": "4"}), HERE, t) == Command(
        "new", {"version": 4}
    )
    assert FRONTEND.interpret(state, ui, Input("version", {"value": "8"}), HERE, t) is None
    assert FRONTEND.interpret(state, ui, Input("restart"), HERE, t) == Command("restart")
    assert FRONTEND.interpret(state, ui, Input("shapes"), HERE, t) == Command(
        "toggle", {"setting": "colour_blind"}
    )


def test_a_hint_is_the_computers_move_shown_and_said():
    state = new_state()
    hint = FRONTEND.interpret(state, MarblesUi(), Input("hint"), HERE, t)
    expected = tuple(choose_move(state, SeededRng(state.seed ^ state.moves)))
    assert isinstance(hint, Show) and hint.ui.hint == expected and hint.ui.cursor == expected[0]
    assert hint.said == hint.ui.message and not hint.ui.message_is_error


def test_a_refused_move_is_said_marked_and_heard():
    state = new_state()
    marble = next(sq for sq, colour in enumerate(state.board) if colour)
    shown = FRONTEND.refused(state, MarblesUi(), (marble, marble), "marbles.not_empty", {}, t)
    assert shown.cue == "invalid" and shown.ui.refused == marble and shown.ui.message_is_error
    again = FRONTEND.interpret(
        state, shown.ui, Input("key", key="ArrowLeft", on_board=True), HERE, t
    )
    assert isinstance(again, Show) and again.ui.refused is None  # marked for one drawing


def test_a_move_says_its_journey_its_lines_and_its_new_marbles_and_draws_them_once():
    state, rng = new_state(), SeededRng(9)
    for _ in range(300):
        move = choose_move(state, rng)
        before = state.copy()
        events = state.apply(move)
        changes = FRONTEND.changed(before, state, MarblesUi(selected=move[0]), events, HERE, t)
        assert changes.ui.selected is None and changes.said
        assert changes.journey is not None and changes.journey.frames
        assert changes.journey.leaves == f"#mb-c-{move[0]} .m"
        kinds = {event["type"] for event in events}
        assert ("ghost" in " ".join(changes.ui.effects.values())) == ("line" in kinds)
        if "line" in kinds:
            assert changes.cue in ("line", "lose", "win")
            break
    else:
        pytest.fail("no line in 300 moves")
    cleared = FRONTEND.interpret(
        state, changes.ui, Input("key", key="ArrowUp", on_board=True), HERE, t
    )
    assert isinstance(cleared, Show) and cleared.ui.effects == {}


def test_the_end_is_a_win_only_with_a_new_best():
    assert move_cue([{"type": "game_over"}], new_best=True) == "win"
    assert move_cue([{"type": "game_over"}], new_best=False) == "lose"
    assert move_cue([{"type": "move"}], new_best=False) == "move"


def test_a_finished_game_records_its_figures_and_its_window_counts_the_best():
    state = new_state()
    rng = SeededRng(4)
    while not state.is_over:
        state.apply(choose_move(state, rng))
    result = FRONTEND.record(state, HERE.table, 61_500)
    assert result.variant == "5" and result.won is None and result.score == state.score
    assert result.figures == {
        "moves": state.moves,
        "lines": state.lines,
        "time_s": 61,
        "seed": "3",
    }
    stats = {"5": {"best": state.score + 10}}
    window = FRONTEND.outcome(state, stats, True, None, 61_500)
    assert window["best"] == state.score + 10 and not window["new_best"]
    first = FRONTEND.outcome(state, {}, True, 1, 61_500)
    assert first["new_best"] == (state.score > 0) and first["place"] == 1
    assert FRONTEND.checked_outcome(first) == first
    assert FRONTEND.checked_outcome({**first, "score": -1}) is None
    assert FRONTEND.checked_outcome(None) is None


def test_the_game_id_comes_from_the_address_and_a_new_game_from_the_players_choice():
    assert FRONTEND.wanted({"seed": "12", "version": "4"}, {}) == ({"version": 4}, 12)
    assert FRONTEND.wanted({"seed": "12"}, {}) == ({"version": 5}, 12)
    assert FRONTEND.wanted({"seed": "12", "version": "6"}, {}) is None
    assert FRONTEND.wanted({"seed": str(MAX_SEED + 1)}, {}) is None
    assert FRONTEND.wanted({}, {}) is None
    assert FRONTEND.new_options({"version": 4}) == {"version": 4}
    assert FRONTEND.new_options({"version": "junk"}) == {"version": 5}
    kept = FRONTEND.new_ui(new_state(), replace(MarblesUi(), cursor=7, selected=3))
    assert kept == MarblesUi(cursor=7)
    assert FRONTEND.new_ui(new_state()) == MarblesUi(cursor=SQUARES // 2)


def hint_of(state, ui):
    return FRONTEND.interpret(state, ui, Input("hint"), HERE, t)


def test_a_game_has_three_hints_the_same_one_again_is_free_and_none_left_is_said():
    """docs/rules/marbles.md 11.5."""
    state, ui = new_state(version=4), MarblesUi()
    for taken in (1, 2, 3):
        shown = hint_of(state, replace(ui, hint=None))
        assert isinstance(shown, Show) and shown.ui.hints == taken and shown.ui.hint
        assert f"Hints left in this game: {3 - taken}." in shown.said
        again = hint_of(state, shown.ui)  # the hint on screen asked again: not taken again
        assert isinstance(again, Show) and again.ui.hints == taken
        ui = shown.ui
    spent = hint_of(state, replace(ui, hint=None))
    assert isinstance(spent, Show) and spent.ui.hints == 3 and spent.ui.hint is None
    assert spent.cue == "invalid" and spent.said == "No hints left: a game has 3."
    pressed_h = FRONTEND.interpret(state, replace(ui, hint=None), Input("key", key="h"), HERE, t)
    assert isinstance(pressed_h, Show) and pressed_h.said == spent.said


def test_hints_taken_last_the_game_its_save_and_undo_but_not_into_a_new_game():
    used = MarblesUi(cursor=12, hints=2, hint=(1, 2))
    assert FRONTEND.new_ui(new_state(), used) == MarblesUi(cursor=12, hints=2)  # undo, a tab
    assert FRONTEND.ui_for_new_game(used) == MarblesUi(cursor=12)
    assert FRONTEND.kept(used) == {"hints": 2}
    assert FRONTEND.ui_from_save({"hints": 2}).hints == 2
    for damaged in ({}, {"hints": 4}, {"hints": -1}, {"hints": True}, {"hints": "2"}):
        assert FRONTEND.ui_from_save(damaged).hints == 0


def test_a_game_with_hints_is_recorded_as_assisted():
    """docs/rules/marbles.md 11.6."""
    state = new_state()
    result = FRONTEND.record(state, HERE.table, 1000)
    assert FRONTEND.helped(result, MarblesUi()) == result
    helped = FRONTEND.helped(result, MarblesUi(hints=2))
    assert helped.figures == {**result.figures, "hints": 2, "assisted": 1}
    assert helped.score == result.score
