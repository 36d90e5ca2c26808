"""Battleship's frontend (app.battleship.frontend, .ui, .input, .changes) without a browser:
clicks and keys into moves and UI changes on real positions from the engine, what a move
changed (the shot just fired, a sunk ship, what to say, the cue), and what a finished game
records."""

from dataclasses import replace

import pytest
from app.battleship.frontend import FRONTEND
from app.battleship.ui import BattleshipUi, phase, seated
from app.frame.frontend import COMPUTER, LOCAL, Command, Facts, Input, Play, Seat, Show, Table
from app.i18n import Translator
from battleship.battleship_fixtures import battle as fleets_ready
from games.battleship import new_game
from games.battleship.fleet import touches
from games.common.errors import IllegalMove

t = Translator("en")
# Red's ships along rows A, C, E, G, I from column 1; Blue's down columns 10, 8, 6, 4, 2.
WATER = [f"{row}{c}" for row in "JF" for c in range(1, 11)]  # no ship of either fleet here
ME = BattleshipUi(opponent="hard", me=0, revealed=0)  # Red, against the computer
AGAINST_HARD = Table((Seat(LOCAL), Seat(COMPUTER, "hard")))
AS_BLUE = Table((Seat(COMPUTER, "hard"), Seat(LOCAL)))
TWO_HERE = Table((Seat(LOCAL), Seat(LOCAL)))


def facts(ui):
    """The game view's facts for a UI state's seats (two people, or Red against the computer)."""
    return Facts(table=TWO_HERE if ui.opponent == "human" else AGAINST_HARD)


def placing(mode="classic", seed=5):
    state = new_game({"mode": mode}, seed)
    return state, FRONTEND.new_ui(state, ME)


def battle(mode="classic"):
    state = fleets_ready(mode)
    return state, FRONTEND.new_ui(state, ME)


def meant(state, ui, action, **data):
    return FRONTEND.interpret(state, ui, Input(action, data), facts(ui), t)


def key(state, ui, pressed, grid=""):
    given = Input("key", {"id": grid}, key=pressed, on_board=bool(grid))
    return FRONTEND.interpret(state, ui, given, facts(ui), t)


def played(state, ui, move):
    """The move played on the engine, and what the frontend says it changed."""
    before = state.copy()
    events = state.apply(move)
    return FRONTEND.changed(before, state, ui, events, facts(ui), t)


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
    assert move == Play({"type": "spread_fleet", "player": 0})  # ships apart (rule 3.7)
    made = played(state, ui, move.move)
    assert not touches(state.fleets[0]) and len(state.fleets[0]) == 5
    assert made.said == "Fleet placed at random." and made.ui.selected_ship is None
    cleared = played(state, made.ui, meant(state, made.ui, "clear-fleet").move)
    assert cleared.said == "Fleet cleared." and cleared.ui.selected_ship == "carrier"


def test_ready_between_two_people_hands_the_device_over():
    state = new_game({"mode": "classic"}, 5)
    ui = seated(FRONTEND.new_ui(state), TWO_HERE)  # a new game: behind the cover
    assert phase(state, ui) == "cover"
    shown = meant(state, ui, "reveal")
    assert isinstance(shown, Show) and shown.ui.revealed == 0 and shown.focus == "bs-ocean"
    ui = shown.ui
    state.apply({"type": "random_fleet", "player": 0})
    ready = played(state, ui, meant(state, ui, "ready").move)
    assert ready.said == "Red is ready." and ready.focus == "bs-hide"
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
    unaim = [{"type": "unaim", "square": square} for square in WATER[:5]]
    assert meant(state, ui, "clear-salvo") == Play(unaim[0], tuple(unaim[1:]))  # each at once
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
    won = FRONTEND.record(state, AGAINST_HARD, 60_000.0)
    assert (won.variant, won.won, won.score) == ("classic", True, 17)
    assert not won.higher_is_better  # the score is the shots it took
    assert won.figures == {"shots": 17, "hits": 17, "accuracy": 100, "turns": 33}
    lost = FRONTEND.record(state, AS_BLUE, 60_000.0)  # playing Blue, the computer won
    assert (lost.won, lost.score) == (False, None) and lost.figures["shots"] == 16
    two = FRONTEND.record(state, TWO_HERE, 60_000.0)
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
    assert isinstance(right, Show) and right.ui.cursor == 1 and right.focus == "bs-target"
    up = key(state, ui, "ArrowUp", "bs-target")
    assert isinstance(up, Show) and up.ui.cursor == 0
    assert key(state, ui, "ArrowRight") is None
    dialog = key(state, ui, "n")
    assert dialog == meant(state, ui, "new")  # the new-game dialog, the choices remembered
    assert isinstance(dialog, Show) and dialog.ui.setup["opponent"] == "hard"
    assert dialog.focus == "bs-start"
    assert meant(state, ui, "undo") == Command("undo")


def test_the_new_game_dialog_keeps_the_choices_made_and_starts_with_them():
    state, ui = battle()
    opened = replace(ui, setup={"mode": "classic", "opponent": "hard", "side": "red",
                                "edition": "modern", "announce_ship": True})  # fmt: skip
    chosen = meant(state, opened, "setup-mode", value="salvo")
    assert isinstance(chosen, Show) and chosen.ui.setup["mode"] == "salvo"
    assert chosen.drawn  # the radio button shows it: the dialog is not drawn again
    assert meant(state, chosen.ui, "setup-mode", value="cheating").ui.setup["mode"] == "salvo"
    start = meant(state, chosen.ui, "setup-start")
    assert isinstance(start, Command) and start.name == "new" and start.options["mode"] == "salvo"
    escaped = key(state, chosen.ui, "Escape")
    assert isinstance(escaped, Show) and escaped.ui.setup is None
    assert key(state, chosen.ui, "ArrowUp", "bs-target") is None  # the dialog has the keys


# --- the hooks of the game view ---------------------------------------------------------------
def test_with_reduced_motion_no_shot_is_drawn_moving():
    state, ui = battle("classic")
    hit = played(state, ui, {"type": "fire", "squares": ["A2"]})
    moving = FRONTEND.draw(state, hit.ui, facts(hit.ui), t)
    still = FRONTEND.draw(state, hit.ui, replace(facts(hit.ui), motion=False), t)
    assert "fx-flash" in moving and "fx-" not in still


def test_the_computers_fleet_is_placed_at_once_and_a_salvos_squares_go_with_it():
    state, _ = placing("salvo")
    assert FRONTEND.instant(state)
    assert not FRONTEND.instant(battle("salvo")[0])
    assert FRONTEND.joined({"type": "aim", "square": "A1"})
    assert FRONTEND.joined({"type": "unaim", "square": "A1"})
    assert not FRONTEND.joined({"type": "fire"})


def test_of_two_people_only_the_one_at_the_screen_takes_back_their_own_moves():
    state = new_game({"mode": "classic"}, 5)
    covered = seated(FRONTEND.new_ui(state), TWO_HERE)
    assert not FRONTEND.may_take_back(state, covered, TWO_HERE, 0)
    red = replace(covered, revealed=0)
    assert FRONTEND.may_take_back(state, red, TWO_HERE, 0)
    assert not FRONTEND.may_take_back(state, red, TWO_HERE, 1)
    assert FRONTEND.may_take_back(state, red, AGAINST_HARD, 1)  # against the computer: any
    said = FRONTEND.cannot(state, red, "frame.nothing_to_undo", t)
    assert said.ui.message_is_error and said.said == said.ui.message != ""


def test_the_address_names_the_game_its_opponent_and_side():
    params = {"seed": "12", "mode": "salvo", "opponent": "easy", "side": "blue"}
    options, seed = FRONTEND.wanted(params, {"edition": "classic"})
    assert seed == 12 and options["mode"] == "salvo" and options["edition"] == "classic"
    assert FRONTEND.new_seats(params, {}) == ["easy", None]
    assert FRONTEND.new_seats({"seed": "12"}, {"opponent": "medium", "side": "blue"}) == [
        None,
        "medium",
    ]  # a game by its number is played as Red unless the address says otherwise
    assert FRONTEND.new_seats({}, {"opponent": "human"}) == [None, None]
    assert FRONTEND.seat_params(AS_BLUE) == {"opponent": "hard", "side": "blue"}
    assert FRONTEND.seat_params(TWO_HERE) == {"opponent": "human"}


def test_a_ship_dropped_on_the_ocean_is_placed_by_its_bow_or_refused():
    state, ui = placing()
    dropped = meant(state, ui, "drop", piece="cruiser", sq="B5", hole="1")  # held by its middle
    assert dropped == Play(
        {"type": "place", "player": 0, "ship": "cruiser", "square": "B4", "orientation": "h"}
    )
    off = meant(state, ui, "drop", piece="carrier", sq="A10", hole="0")  # would leave the grid
    assert isinstance(off, Show) and off.cue == "invalid" and off.ui.message_is_error


def test_a_new_game_between_two_people_starts_behind_the_cover_but_undo_keeps_the_screen():
    state = new_game({"mode": "classic"}, 5)
    assert FRONTEND.new_ui(state, replace(ME, revealed=1)).revealed is None
    state.apply({"type": "random_fleet", "player": 0})
    assert FRONTEND.new_ui(state, replace(ME, revealed=1)).revealed == 1


def test_a_press_lifts_a_ship_from_the_dock_or_the_ocean_while_placing_only():
    rules = FRONTEND.drag_rules
    state, ui = placing()
    docked = rules.lift(state, ui, facts(ui), "submarine", "", 2)
    assert (docked.piece, docked.hole, docked.along_x) == ("submarine", 2, True)
    assert docked.ui.selected_ship == "submarine" and "bs-ghost" in docked.ghost_class
    state.apply(
        {"type": "place", "player": 0, "ship": "patrol", "square": "C3", "orientation": "v"}
    )
    placed = rules.lift(state, ui, facts(ui), "", "D3", 0)  # its second square
    assert (placed.piece, placed.hole, placed.along_x) == ("patrol", 1, False)
    assert rules.lift(state, ui, facts(ui), "", "J9", 0) is None  # water: a tap, not a drag
    assert rules.landing(state, placed.ui, facts(ui), "patrol", "F6", 1) == (["E6", "F6"], True)
    assert rules.landing(state, ui, facts(ui), "carrier", "A9", 0)[1] is False
    assert rules.lift(*battle(), facts(ME), "carrier", "", 0) is None
