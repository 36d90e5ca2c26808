"""Deblockle's frontend (app.deblockle.frontend): clicks and keys into moves, UI changes and
commands, what a turn changed whoever played it (its words, sound and way across the board),
what a finished game records. Pure: no browser, no storage, no midend."""

from dataclasses import replace

from app.deblockle.frontend import FRONTEND, parse_params
from app.frame.frontend import (
    COMPUTER,
    LOCAL,
    REMOTE,
    Command,
    Facts,
    Input,
    Play,
    Seat,
    Show,
    Table,
)
from app.i18n import Translator
from games.deblockle import new_game
from games.deblockle.game import GAME

t = Translator("en")
OPTIONS = {"blocks": [4, 4], "quick_setup": True}
VS_COMPUTER = Facts(table=Table((Seat(LOCAL), Seat(COMPUTER, "hard")), seed=5))
TWO_HERE = Facts(table=Table((Seat(LOCAL), Seat(LOCAL)), seed=5))
WITH_BRYN = Table((Seat(REMOTE, name="Bryn"), Seat(LOCAL)), seed=5)


def cell(square: str) -> Input:
    return Input("cell", {"sq": square})


def start():
    return new_game(OPTIONS, 5), FRONTEND.new_ui(new_game(OPTIONS, 5))


def test_a_block_is_picked_tipped_with_its_roll_drawn_and_hopped_by_clicks():
    state, ui = start()
    option = next(o for o in state.tip_options("c3") if not o["removes"] and o["top"] != "stop")
    picked = FRONTEND.interpret(state, ui, cell("c3"), VS_COMPUTER, t)
    assert isinstance(picked, Show) and picked.ui.selected == "c3" and picked.cue == "select"
    tipped = FRONTEND.interpret(state, picked.ui, cell(option["to"]), VS_COMPUTER, t)
    assert isinstance(tipped, Show) and tipped.ui.tip == option
    assert tipped.journey is not None and tipped.journey.data == {"roll": option["direction"]}
    assert tipped.journey.leaves == "#db-c-c3 .db-block:not(.db-ghost)" and tipped.said.startswith(
        "Tipped"
    )
    end = option["hops"][0][-1]
    hopped = FRONTEND.interpret(state, tipped.ui, cell(end), VS_COMPUTER, t)
    move = next(m for m, p in zip(option["moves"], option["hops"]) if p[-1] == end)
    assert hopped == Play(move)


def test_nothing_is_played_for_the_computer_or_a_friend_away_nor_in_a_game_not_in_play():
    state, ui = start()
    blue_to_play = new_game({**OPTIONS, "first": 1}, 5)
    assert FRONTEND.interpret(blue_to_play, ui, cell("e5"), VS_COMPUTER, t) is None
    with_bryn = Facts(table=WITH_BRYN)  # Bryn plays gold, who is to move
    assert FRONTEND.interpret(state, ui, cell("c3"), with_bryn, t) is None
    stopped = Facts(table=replace(WITH_BRYN, in_play=False))
    assert FRONTEND.interpret(blue_to_play, ui, cell("e5"), stopped, t) is None
    assert isinstance(FRONTEND.interpret(blue_to_play, ui, cell("e5"), with_bryn, t), Show)


def test_wrong_squares_are_explained_and_marked_once():
    state, ui = start()
    theirs = FRONTEND.interpret(state, ui, cell("e5"), VS_COMPUTER, t)
    assert isinstance(theirs, Show) and theirs.cue == "invalid"
    assert theirs.ui.message == "The block on e5 belongs to your opponent."
    picked = FRONTEND.interpret(state, ui, cell("c3"), VS_COMPUTER, t)
    far = FRONTEND.interpret(state, picked.ui, cell("a7"), VS_COMPUTER, t)
    assert far.ui.refused == "a7" and far.ui.message_is_error and far.said == far.ui.message
    again = FRONTEND.interpret(
        state, far.ui, Input("key", key="ArrowUp", on_board=True), VS_COMPUTER, t
    )
    assert again.ui.refused is None


def test_keys_move_the_cursor_take_back_a_tip_and_open_the_new_game_dialog():
    state, ui = start()
    down = FRONTEND.interpret(state, ui, Input("key", key="ArrowDown", on_board=True), TWO_HERE, t)
    left = FRONTEND.interpret(
        state, down.ui, Input("key", key="ArrowLeft", on_board=True), TWO_HERE, t
    )
    assert left.ui.cursor == "c3"
    picked = FRONTEND.interpret(
        state, left.ui, Input("key", key="Enter", on_board=True), TWO_HERE, t
    )
    assert picked.ui.selected == "c3"
    dropped = FRONTEND.interpret(state, picked.ui, Input("key", key="Escape"), TWO_HERE, t)
    assert dropped.ui.selected is None
    facts = replace(TWO_HERE, prefs={"opponent": "human"})
    opened = FRONTEND.interpret(state, ui, Input("key", key="n"), facts, t)
    assert opened.ui.choices == {"opponent": "human"} and opened.focus == "db-new-start"
    assert FRONTEND.paused(opened.ui)  # the computer waits while a game is chosen
    changed = FRONTEND.interpret(
        state, opened.ui, Input("pref", {"name": "blocks_gold", "value": "2"}), facts, t
    )
    assert changed.ui.choices == {"opponent": "human", "blocks_gold": 2}
    assert FRONTEND.interpret(state, changed.ui, Input("start"), facts, t) == Command(
        "new", {"opponent": "human", "blocks_gold": 2}
    )
    closed = FRONTEND.interpret(state, changed.ui, Input("key", key="Escape"), facts, t)
    assert closed.ui.choices is None  # cancelled: nothing remembered
    assert FRONTEND.interpret(state, ui, Input("undo"), facts, t) == Command("undo")
    assert FRONTEND.interpret(state, ui, Input("again"), facts, t) == Command("new")


def test_placing_at_random_is_one_input_of_several_moves():
    state = new_game({**OPTIONS, "quick_setup": False}, 12)
    ui = FRONTEND.new_ui(state)
    placed = FRONTEND.interpret(state, ui, Input("place-random"), TWO_HERE, t)
    assert isinstance(placed, Play) and len(placed.more) == len(state.to_place[1]) - 1
    for move in (placed.move, *placed.more):
        state.apply(move)
    assert state.current_player == 1 and not state.to_place[1]  # blue places gold's now


def test_a_turn_played_elsewhere_rolls_and_hops_one_seen_here_only_hops():
    state, ui = start()
    option = next(o for o in state.tip_options("c3") if o["top"] in ("cross", "x", "slider"))
    before = state.copy()
    events = state.apply(option["moves"][0])
    away = FRONTEND.changed(before, state, ui, events, VS_COMPUTER, t)
    assert away.journey is not None and away.journey.piece_class == "db-traveller db-rolling"
    assert away.journey.then is not None and away.journey.then.leaves.startswith("#db-c-")
    assert away.said.startswith("Gold tipped") and away.cue == "move"
    hop = next(event for event in events if event["type"] == "hop")
    assert away.ui.last == ("c3", *hop["path"])  # from, the tip square, the hop
    seen = replace(ui, selected="c3", tip=option)
    here = FRONTEND.changed(before, state, seen, events, VS_COMPUTER, t)
    assert here.journey == away.journey.then and here.ui.tip is None and here.ui.selected is None


def test_the_end_is_recorded_for_the_person_here_whoever_the_opponent():
    state = GAME.load(
        {
            "version": 1,
            "options": {**new_game(OPTIONS, 5).options},
            "phase": "play",
            "current_player": 0,
            "blocks": [
                {"player": 0, "square": "d5", "top": "cross", "north": "stop"},
                {"player": 1, "square": "a1", "top": "cross", "north": "stop"},
            ],
            "removed": [3, 3],
            "to_place": [[], []],
            "result": None,
            "history": [],
        }
    )
    before = state.copy()
    events = state.apply("d5N*")
    assert state.is_over and state.result["winner"] == 0
    won = FRONTEND.changed(before, state, FRONTEND.new_ui(before), events, VS_COMPUTER, t)
    assert won.cue == "win" and "You win!" in won.said
    result = FRONTEND.record(state, VS_COMPUTER.table, 61_500)
    assert result.variant == "strong" and result.won is True
    assert result.figures == {
        "removed": 4,
        "opponent_removed": 3,
        "turns": 1,
        "time_s": 61,
        "seed": "5",
    }
    assert FRONTEND.record(state, TWO_HERE.table, 0).won is None
    lost = FRONTEND.record(state, WITH_BRYN, 0)
    assert lost.variant == "remote" and lost.won is False
    heard = FRONTEND.changed(
        before, state, FRONTEND.new_ui(before), events, Facts(table=WITH_BRYN), t
    )
    assert heard.cue == "lose" and "Bryn wins." in heard.said


def test_the_address_names_the_game_and_its_opponent():
    assert parse_params({"seed": "31"}) == (31, None, None)
    assert parse_params({"seed": "31", "opponent": "godlike"}) == (31, None, None)
    options, seed = FRONTEND.wanted({"seed": "31", "opponent": "human"}, {"blocks_gold": 2})
    assert seed == 31 and options["blocks"] == [2, 4]
    assert FRONTEND.wanted({}, {}) is None
    assert FRONTEND.seat_params(TWO_HERE.table) == {"opponent": "human"}
    assert FRONTEND.seat_params(VS_COMPUTER.table) == {"opponent": "strong"}
    assert FRONTEND.said_new(None, WITH_BRYN, t).startswith("New game against")
