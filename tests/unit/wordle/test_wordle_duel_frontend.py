"""The duel's frontend pieces (app.wordle_duel: its UI state, input, changes and turns) and the
frame's game clock and timed computer move (app.frame.game_clock, planned_move), pure under
CPython: real duel positions, the duel's time given, never read from the wall."""

from dataclasses import replace
from types import SimpleNamespace

import pytest
from app.frame import game_clock
from app.frame.frontend import Input, Play, Show
from app.frame.planned_move import PlannedMove
from app.i18n import Translator
from app.wordle_duel import changes, turns
from app.wordle_duel.input import BACK, ENTER, interpret, key_of
from app.wordle_duel.ui import DuelUi, drawn_once, new_ui, screen
from games.wordle.duel import TURN_MS, Duel
from games.wordle.duel_game import MAX_TIME, duel_game, guess, timeout
from games.wordle.sample_words import sample_dictionary

WORDS = sample_dictionary()
GAME = duel_game(WORDS)
T = Translator("en")
YOU, BOT = 0, 1


def duel_on(word: str = "about", first: int = YOU, started: int = 0):
    return GAME.load(Duel(word, first, turn=first, turn_started=started).to_json())


def typed(state, ui, text: str) -> DuelUi:
    for letter in text:
        shown = interpret(state, ui, letter, YOU, 0, WORDS, T)
        assert isinstance(shown, Show)
        ui = shown.ui
    return ui


# --- input -------------------------------------------------------------------------------


def test_keys_and_clicks_are_read_as_the_duels_keys():
    assert key_of(Input("wd-key", {"key": "a"})) == "a"
    assert key_of(Input("key", key="Enter")) == ENTER
    assert key_of(Input("key", key="Backspace")) == BACK
    assert key_of(Input("key", key="b")) == "b"
    assert key_of(Input("key", key="ArrowLeft")) == key_of(Input("key", key=" ")) == ""
    assert key_of(Input("cell", {"key": "a"})) == ""


def test_letters_are_typed_up_to_the_words_length_and_taken_back():
    state = duel_on()
    ui = typed(state, DuelUi(), "acorn")
    assert ui.typed == "acorn" and ui.popped
    assert interpret(state, ui, "x", YOU, 0, WORDS, T) is None  # a sixth letter: nothing
    assert interpret(state, ui, "1", YOU, 0, WORDS, T) is None  # not a letter
    back = interpret(state, ui, BACK, YOU, 0, WORDS, T)
    assert isinstance(back, Show) and back.ui.typed == "acor" and not back.ui.popped


def test_enter_plays_the_guess_at_the_duels_time_never_before_the_turn_began():
    state = duel_on(started=5000)
    ui = typed(state, DuelUi(), "acorn")
    assert interpret(state, ui, ENTER, YOU, 9000, WORDS, T) == Play(guess(YOU, "acorn", 9000))
    assert interpret(state, ui, ENTER, YOU, 4000, WORDS, T) == Play(guess(YOU, "acorn", 5000))


def test_a_guess_not_ours_to_play_or_not_a_word_is_refused_with_the_letters_kept():
    ui = typed(duel_on(), DuelUi(), "acorn")
    theirs = interpret(duel_on(first=BOT), ui, ENTER, YOU, 0, WORDS, T)
    assert isinstance(theirs, Show) and theirs.cue == "invalid"
    assert theirs.ui.message_is_error and theirs.ui.shake and theirs.said == theirs.ui.message
    assert theirs.ui.typed == "acorn" and "turn" in theirs.said.lower()
    short = interpret(duel_on(), typed(duel_on(), DuelUi(), "aco"), ENTER, YOU, 0, WORDS, T)
    assert isinstance(short, Show) and short.ui.message_is_error and "5" in short.said
    # the next letter typed takes the message away
    after = interpret(duel_on(), short.ui, BACK, YOU, 0, WORDS, T)
    assert isinstance(after, Show) and after.ui.message == "" and not after.ui.shake


def test_nothing_is_typed_once_the_duel_is_over():
    state = duel_on()
    state.apply(guess(YOU, "about", 1000))
    assert state.is_over and interpret(state, DuelUi(), "a", YOU, 0, WORDS, T) is None


# --- changes and the record -----------------------------------------------------------------


def test_each_row_is_said_and_a_row_of_ours_takes_the_letters_typed():
    state = duel_on(first=BOT)
    ui = typed(state, DuelUi(), "acor")
    events = state.apply(guess(BOT, "acorn", 3000))
    theirs = changes.changed(state, ui, events, YOU, ["You", "Computer"], T)
    assert theirs.ui.typed == "acor" and theirs.cue == ""  # (typing on in their turn)
    assert theirs.said.startswith("Row 1, Computer: ACORN")
    events = state.apply(timeout(state.deadline))
    ours = changes.changed(state, theirs.ui, events, YOU, ["You", "Computer"], T)
    assert ours.ui.typed == "" and "Row 2" in ours.said and "You" in ours.said


def test_the_end_is_said_with_the_word_heard_and_recorded():
    state = duel_on()
    events = state.apply(guess(YOU, "about", 2000))
    won = changes.changed(state, DuelUi(message="x"), events, YOU, ["You", "Computer"], T)
    assert won.cue == "win" and "ABOUT" in won.said and won.ui.message == ""
    assert changes.record(state, YOU).won and changes.record(state, YOU).figures == {"rows": 1}
    assert changes.record(state, YOU).variant == "duel"
    lost = duel_on(first=BOT)
    events = lost.apply(guess(BOT, "about", 2000))
    assert changes.changed(lost, DuelUi(), events, YOU, ["You", "Computer"], T).cue == "lose"
    assert changes.record(lost, YOU).won is False


# --- the clock's moves and ticks ---------------------------------------------------------------


def test_the_computers_move_plays_at_its_own_time_and_a_turn_at_its_deadline():
    state = duel_on(first=BOT)
    planned = guess(BOT, "acorn", 7000)
    assert turns.due_move(state, True, planned, 6999) is None
    assert turns.due_move(state, True, planned, 7000) == planned
    assert turns.due_move(state, True, None, 99_999) is None  # still thinking
    mine = duel_on()
    assert turns.due_move(mine, False, None, TURN_MS - 1) is None
    assert turns.due_move(mine, False, None, TURN_MS) == timeout(TURN_MS)
    mine.apply(guess(YOU, "about", 1000))
    assert turns.due_move(mine, False, None, MAX_TIME) is None  # over


def test_a_tick_is_heard_once_a_second_in_our_turns_last_five_seconds():
    state = duel_on()
    assert turns.tick_second(state, YOU, TURN_MS - 5001) is None
    assert turns.tick_second(state, YOU, TURN_MS - 5000) == (0, 5)
    assert turns.tick_second(state, YOU, TURN_MS - 4001) == (0, 5)
    assert turns.tick_second(state, YOU, TURN_MS - 1) == (0, 1)
    assert turns.tick_second(state, YOU, TURN_MS) is None
    assert turns.tick_second(duel_on(first=BOT), YOU, TURN_MS - 1000) is None


# --- what is drawn -------------------------------------------------------------------------------


def test_rows_not_yet_drawn_are_revealed_once_and_a_typed_tile_pops_once():
    state = duel_on()
    ui = typed(state, new_ui(state), "ab")
    first = screen(state, ui, "en", YOU, "casual", 20_000, True)
    assert first.typed == ["a", "b"] and first.motion and first.motion.pop
    assert first.motion.reveal_from is None and first.time_left == 20_000
    state.apply(guess(YOU, "acorn", 1000))
    ui = drawn_once(state, replace(ui, typed=""))
    assert ui.rows_drawn == 1 and not ui.popped
    assert screen(state, ui, "en", YOU, "casual", 0, True).motion.reveal_from is None
    state.apply(guess(BOT, "adieu", 2000))
    shown = screen(state, ui, "en", YOU, "casual", 0, False)
    assert shown.motion.reveal_from == 1 and not shown.counted
    state.apply(guess(YOU, "about", 3000))
    won = screen(state, ui, "en", YOU, "casual", 0, True).motion
    assert won.won and won.reveal_from == 1  # our winning row bounces as it is revealed
    assert (
        screen(state, drawn_once(state, ui), "en", YOU, "casual", 0, True).motion.reveal_from
        is None
    )


def test_a_resumed_duel_keeps_the_letters_saved_and_does_not_reveal_its_rows_again():
    state = duel_on()
    state.apply(guess(YOU, "acorn", 1000))
    ui = new_ui(state, "ad")
    assert ui.rows_drawn == 1 and ui.typed == "ad" and ui.message == ""


# --- app.frame.game_clock ----------------------------------------------------------------------------


def test_the_game_clock_counts_from_its_start_sped_up_and_stops_at_its_limit():
    clock = game_clock.started(1_000_000.7, speed=3)
    assert clock.meta() == {"t0": 1_000_000, "origin": 0, "speed": 3}
    assert clock.read(1_000_000, 50) == 0 and clock.read(1_001_000, 50_000) == 3000
    assert clock.read(999_000, 50_000) == 0  # never before its start
    assert clock.read(1_100_000, 50_000) == 50_000  # never past its limit
    again = game_clock.from_meta({**clock.meta(), "typed": "ab"}, 50_000, 100)
    assert again == clock


def test_a_clock_saved_before_its_origin_was_kept_counts_from_its_t0():
    clock = game_clock.from_meta({"t0": 4000, "speed": 1}, 10_000, 100)
    assert clock.origin == 4000 and clock.read(4500, 10_000) == 4500


@pytest.mark.parametrize(
    "meta",
    [
        {"t0": -1, "speed": 1},
        {"t0": "5", "speed": 1},
        {"t0": 5, "origin": 10_001, "speed": 1},
        {"t0": 5, "speed": 0},
        {"t0": 5, "speed": 101},
        {"t0": 5, "speed": True},
        {"speed": 1},
    ],
)
def test_a_damaged_clock_is_refused(meta):
    with pytest.raises(ValueError):
        game_clock.from_meta(meta, 10_000, 100)


# --- app.frame.planned_move ----------------------------------------------------------------------------


class FakeMidend:
    def __init__(self):
        self.generation, self.moves, self.worked_out = 0, [], 0
        self.game = SimpleNamespace(parse_move=GAME.parse_move)

    def computer_move(self):
        self.worked_out += 1
        return guess(BOT, "acorn", 5000 + self.worked_out)

    def computer_request(self):
        return {"asked": len(self.moves)}


class FakeThinker:
    def __init__(self, ready=True):
        self.ready, self.asked = ready, []

    def think(self, request, on_move, on_error):
        if self.ready:
            self.asked.append((request, on_move, on_error))
        return self.ready


def test_without_the_worker_the_move_is_worked_out_once_per_position(monkeypatch):
    monkeypatch.setattr("app.thinker.shared", None)
    midend, came = FakeMidend(), []
    planned = PlannedMove(lambda: came.append(1))
    first = planned.move(midend)
    assert planned.move(midend) == first and midend.worked_out == 1
    midend.moves.append("x")
    assert planned.move(midend) != first and midend.worked_out == 2
    midend.generation += 1  # (undo, another tab's save)
    planned.move(midend)
    planned.forget()
    planned.move(midend)
    assert midend.worked_out == 4 and came == []


def test_the_workers_move_comes_later_and_one_for_a_position_gone_is_ignored(monkeypatch):
    worker = FakeThinker()
    monkeypatch.setattr("app.thinker.shared", worker)
    midend, came = FakeMidend(), []
    planned = PlannedMove(lambda: came.append(1))
    assert planned.move(midend) is None and planned.move(midend) is None
    assert len(worker.asked) == 1  # asked once for the position
    worker.asked[0][1](GAME.format_move(guess(BOT, "adieu", 7000)))
    assert planned.move(midend) == guess(BOT, "adieu", 7000) and came == [1]
    midend.moves.append("x")
    assert planned.move(midend) is None
    worker.asked[0][1](GAME.format_move(guess(BOT, "about", 1)))  # the old position's answer
    worker.asked[0][1]("nonsense")  # (nor is its nonsense worked out here)
    worker.asked[0][2]("the worker failed")
    assert planned.move(midend) is None and came == [1] and midend.worked_out == 0
    worker.asked[1][1]("nonsense")  # a bad answer: worked out here instead
    assert planned.move(midend) == guess(BOT, "acorn", 5001) and came == [1, 1]
    midend.moves.append("y")
    planned.move(midend)
    worker.asked[2][2]("the worker failed")
    assert planned.move(midend) == guess(BOT, "acorn", 5002)


# --- app.wordle_duel.saved: a duel with a friend from before the hidden word -----------------------


def test_a_duel_with_a_friend_from_before_the_hidden_word_is_dropped_and_its_friend_named():
    from app import saved_games
    from app.storage import MemoryBackend, Store
    from app.wordle_duel.saved import REMOTE_SLOT, drop_from_before_the_hidden_word

    store = Store(MemoryBackend({}), on_problem=lambda *problem: None)
    saved_games.register_remote(store, [REMOTE_SLOT])
    assert drop_from_before_the_hidden_word(store) is None  # nothing saved
    old = Duel("about", 0, turn=0, turn_started=0).to_json()  # (its state holds the word)
    meta = {"frame": {"remote": {"peer": "Ana"}}}
    saved_games.save(store, REMOTE_SLOT, old, meta, base_rev=None)
    assert drop_from_before_the_hidden_word(store) == "Ana"
    assert saved_games.load(store, REMOTE_SLOT).data is None
    saved_games.save(store, REMOTE_SLOT, old, {}, base_rev=None)
    assert drop_from_before_the_hidden_word(store) == ""  # (the page names them "your friend")
    hidden = {"version": 1, "phase": "play"}  # a hidden-word duel's state: no word in it
    saved_games.save(store, REMOTE_SLOT, hidden, meta, base_rev=None)
    assert drop_from_before_the_hidden_word(store) is None
    assert saved_games.load(store, REMOTE_SLOT).data is not None  # kept
