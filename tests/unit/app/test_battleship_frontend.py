"""Battleship's frontend (app.battleship.frontend, .ui, .input, .changes) without a browser:
clicks and keys into moves and UI changes on real positions from the engine, what a move
changed (the shot just fired, a sunk ship, what to say, the cue), and what a finished game
records."""

from dataclasses import replace

import pytest
from app.battleship.frontend import FRONTEND
from app.battleship.ui import BattleshipUi, phase
from app.frame.frontend import Command, Input, Play, Show
from app.i18n import Translator
from battleship.battleship_fixtures import battle as fleets_ready
from games.battleship import new_game
from games.common.errors import IllegalMove

t = Translator("en")
# Red's ships along rows A, C, E, G, I from column 1; Blue's down columns 10, 8, 6, 4, 2.
WATER = [f"{row}{c}" for row in "JF" for c in range(1, 11)]  # no ship of either fleet here
ME = BattleshipUi(opponent="hard", me=0, revealed=0)  # Red, against the computer


def placing(mode="classic", seed=5):
    state = new_game({"mode": mode}, seed)
    return state, FRONTEND.new_ui(state, ME)


def battle(mode="classic"):
    state = fleets_ready(mode)
    return state, FRONTEND.new_ui(state, ME)


def meant(state, ui, action, **data):
    return FRONTEND.interpret(state, ui, Input(action, data), t)


def key(state, ui, pressed, grid=""):
    given = Input("key", {"grid": grid}, key=pressed, on_board=bool(grid))
    return FRONTEND.interpret(state, ui, given, t)


def played(state, ui, move):
    """The move played on the engine, and what the frontend says it changed."""
    events = state.apply(move)
    return FRONTEND.changed(state, ui, events, None, t)


# --- placing ------------------------------------------------------------------------------
def test_the_first_ship_is_in_hand_and_a_tap_on_the_ocean_places_it_there():
    state, ui = placing()
    assert ui.selected_ship == "carrier" and phase(state, ui) == "place"
    move = meant(state, ui, "place", sq="B2")
    assert move == Play(
        {"type": "place", "player": 0, "ship": "carrier", "square": "B2", "orientation": "h"}
    )
    changes = played(state, ui, move.move)
    assert changes.cue == "move"
    assert changes.said == "Carrier placed at B2, across." == changes.ui.message
    assert changes.ui.selected_ship == "battleship"  # the next ship comes to hand
    assert changes.ui.cursor == 11  # B2


def test_rotate_turns_the_ship_in_hand_and_says_so_only_while_placing():
    state, ui = placing()
    turned = meant(state, ui, "rotate")
    assert isinstance(turned, Show) and turned.ui.orientation == "v"
    assert turned.said == "Rotate: down"
    again = key(state, turned.ui, "r")
    assert isinstance(again, Show) and again.ui.orientation == "h"
    state, ui = battle()
    assert meant(state, ui, "rotate") is None


def test_a_ship_may_not_overlap_another_the_rules_say_why_and_the_page_shows_it():
    state, ui = placing()
    state.apply(meant(state, ui, "place", sq="B1").move)
    ui = replace(ui, selected_ship="patrol", orientation="v")
    move = meant(state, ui, "place", sq="A3")  # down from A3: over the carrier's B3
    assert move == Play(
        {"type": "place", "player": 0, "ship": "patrol", "square": "A3", "orientation": "v"}
    )
    with pytest.raises(IllegalMove) as refusal:
        state.apply(move.move)
    shown = FRONTEND.refused(state, ui, move.move, refusal.value.key, refusal.value.params, t)
    assert shown.cue == "invalid" and shown.ui.message_is_error
    assert shown.said == shown.ui.message == "Only one ship may occupy a square: that one is taken."
    assert shown.ui.cursor == 2  # A3, the square refused


def test_a_tap_on_a_placed_ship_picks_it_up_and_nothing_in_hand_asks_for_one():
    state, ui = placing()
    state.apply(meant(state, ui, "place", sq="A1").move)
    ui = replace(ui, selected_ship="patrol")
    picked = meant(state, ui, "place", sq="A3")
    assert isinstance(picked, Show) and picked.ui.selected_ship == "carrier"
    assert picked.said == "Carrier picked up: tap where it should go."
    asked = meant(state, replace(ui, selected_ship=None), "place", sq="J1")
    assert isinstance(asked, Show) and asked.ui.message_is_error and asked.said == ""


def test_a_random_fleet_and_clearing_are_moves_and_say_what_they_did():
    state, ui = placing()
    move = meant(state, ui, "random-fleet")
    assert move == Play({"type": "random_fleet", "player": 0})
    made = played(state, ui, move.move)
    assert made.said == "Fleet placed at random." and made.ui.selected_ship is None
    cleared = played(state, made.ui, meant(state, made.ui, "clear-fleet").move)
    assert cleared.said == "Fleet cleared." and cleared.ui.selected_ship == "carrier"


def test_ready_between_two_people_hands_the_device_over():
    state = new_game({"mode": "classic"}, 5)
    ui = FRONTEND.new_ui(state, BattleshipUi(opponent="human", me=None, revealed=None))
    assert phase(state, ui) == "cover"
    shown = meant(state, ui, "reveal")
    assert isinstance(shown, Show) and shown.ui.revealed == 0 and shown.ui.focus == "bs-ocean"
    ui = shown.ui
    state.apply({"type": "random_fleet", "player": 0})
    ready = played(state, ui, meant(state, ui, "ready").move)
    assert ready.said == "Red is ready." and ready.ui.focus == "bs-hide"
    assert phase(state, ready.ui) == "pass"
    hidden = meant(state, ready.ui, "hide")
    assert isinstance(hidden, Show) and phase(state, hidden.ui) == "cover"


# --- aiming and firing ----------------------------------------------------------------------
def test_classic_fires_one_shot_at_the_square_pressed():
    state, ui = battle("classic")
    assert meant(state, ui, "shoot", sq="J5") == Play({"type": "fire", "squares": ["J5"]})
    assert meant(state, ui, "fire") is None  # no salvo to fire
    on_grid = key(state, replace(ui, cursor=0), "Enter", "bs-target")
    assert on_grid == Play({"type": "fire", "squares": ["A1"]})


@pytest.mark.parametrize("mode", ["salvo", "advanced_salvo"])
def test_a_salvo_has_a_shot_for_each_ship_afloat_aimed_square_by_square(mode):
    state, ui = battle(mode)
    for number, square in enumerate(WATER[:5], 1):
        move = meant(state, ui, "shoot", sq=square)
        assert move == Play({"type": "aim", "square": square})
        changes = played(state, ui, move.move)
        assert changes.cue == "select" and changes.said == f"{square} chosen: {number} of 5."
        ui = changes.ui
    with pytest.raises(IllegalMove, match="salvo_full"):
        state.apply({"type": "aim", "square": WATER[5]})
    unaimed = meant(state, ui, "shoot", sq=WATER[0])  # an aimed square, pressed again
    assert unaimed == Play({"type": "unaim", "square": WATER[0]})
    assert meant(state, ui, "clear-salvo") == Command("clear-salvo")
    assert meant(state, ui, "fire") == Play({"type": "fire"}) == key(state, ui, "F")
    fired = played(state, ui, {"type": "fire"})
    assert fired.cue == "miss" and fired.ui.fresh == "target"


def test_a_salvo_loses_a_shot_with_each_ship_sunk():
    state, ui = battle("salvo")
    state.apply({"type": "fire", "squares": ["A2", "B2", *WATER[:3]]})  # Red sinks the patrol
    assert state.view_for(1)["shots_allowed"] == 4
    state.apply({"type": "fire", "squares": ["I1", "I2", *WATER[:2]]})  # Blue sinks Red's
    assert state.view_for(0)["shots_allowed"] == 4
    move = meant(state, ui, "shoot", sq="J9")
    assert played(state, ui, move.move).said == "J9 chosen: 1 of 4."


# --- what a shot changed ----------------------------------------------------------------
def test_a_hit_then_a_sink_are_said_and_heard_and_drawn_on_the_target():
    state, ui = battle("classic")
    hit = played(state, ui, {"type": "fire", "squares": ["A2"]})
    assert hit.cue == "hit" and hit.ui.fresh == "target" and hit.ui.cursor == 1
    assert hit.said.startswith("You: A2") and hit.ui.message == hit.said
    answer = played(state, hit.ui, {"type": "fire", "squares": ["J1"]})  # the computer's
    assert answer.cue == "miss" and answer.ui.fresh == "ocean" and answer.ui.cursor == 1
    sunk = played(state, answer.ui, {"type": "fire", "squares": ["B2"]})
    assert sunk.cue == "sink" and "Patrol Boat" in sunk.said


def sink_blue_but_one(state):
    """Red fires at every square of Blue's fleet but the last, Blue at the water between
    (the test may look at Blue's fleet); the square left."""
    blue = [square for ship in state.view_for(1)["fleet"] for square in ship["squares"]]
    for square, water in zip(blue[:-1], WATER):
        state.apply({"type": "fire", "squares": [square]})
        state.apply({"type": "fire", "squares": [water]})
    return blue[-1]


def test_the_end_is_said_and_heard_as_a_win_for_the_person_who_won():
    state, ui = battle("classic")
    end = played(state, ui, {"type": "fire", "squares": [sink_blue_but_one(state)]})
    assert state.is_over and end.cue == "win" and end.said.endswith("You win!")


# --- the end ----------------------------------------------------------------------------------
def test_a_finished_game_records_its_mode_the_result_and_the_persons_shooting():
    state, _ = battle("classic")
    state.apply({"type": "fire", "squares": [sink_blue_but_one(state)]})
    won = FRONTEND.record(state, 60_000.0)
    assert (won.variant, won.won, won.score) == ("classic", True, 17)
    assert won.figures == {"shots": 17, "hits": 17, "accuracy": 100, "turns": 33}
    lost = FRONTEND.record(state, 60_000.0, me=1)  # playing Blue, the computer won
    assert (lost.won, lost.score) == (False, None) and lost.figures["shots"] == 16
    two = FRONTEND.record(state, 60_000.0, me=None)
    assert (two.variant, two.won, two.score, two.figures) == (
        "human-classic",
        None,
        None,
        {"turns": 33},
    )


# --- keys and the dialog --------------------------------------------------------------------
def test_arrows_move_the_cursor_on_a_grid_only_and_the_edge_holds_it():
    state, ui = battle()
    right = key(state, ui, "ArrowRight", "bs-target")
    assert isinstance(right, Show) and right.ui.cursor == 1 and right.ui.focus == "bs-target"
    up = key(state, ui, "ArrowUp", "bs-target")
    assert isinstance(up, Show) and up.ui.cursor == 0
    assert key(state, ui, "ArrowRight") is None
    assert key(state, ui, "n") == Command("setup") == meant(state, ui, "new")
    assert meant(state, ui, "undo") == Command("undo")


def test_the_new_game_dialog_keeps_the_choices_made_and_starts_with_them():
    state, ui = battle()
    opened = replace(ui, setup={"mode": "classic", "opponent": "hard", "side": "red",
                                "edition": "modern", "announce_ship": True})  # fmt: skip
    chosen = meant(state, opened, "setup-mode", value="salvo")
    assert isinstance(chosen, Show) and chosen.ui.setup["mode"] == "salvo"
    assert meant(state, chosen.ui, "setup-mode", value="cheating").ui.setup["mode"] == "salvo"
    start = meant(state, chosen.ui, "setup-start")
    assert isinstance(start, Command) and start.name == "new" and start.options["mode"] == "salvo"
    escaped = key(state, chosen.ui, "Escape")
    assert isinstance(escaped, Show) and escaped.ui.setup is None
    assert key(state, chosen.ui, "ArrowUp", "bs-target") is None  # the dialog has the keys
