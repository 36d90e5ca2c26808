"""app.computer_turns: the computer's moves timed once per position, after the
pause, and dropped when the position was replaced or the view closed."""

from app import saved_games
from app.computer_turns import PAUSE_MS, ComputerTurns
from app.midend import HUMAN, Midend, computer
from app.storage import MemoryBackend, Store
from games.dominoes.game import GAME as DOMINOES

OPTIONS = {"seats": 2, "target": 40}
COMPUTERS = [computer("easy"), computer("medium")]


class FakeLater:
    """browser.later's stand-in: the timers asked for, fired by the test."""

    def __init__(self):
        self.timers: list[tuple[float, object]] = []

    def __call__(self, milliseconds, callback):
        self.timers.append((milliseconds, callback))
        return len(self.timers)

    def fire_all(self) -> None:
        timers, self.timers = self.timers, []
        for _, callback in timers:
            callback()


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        self.now += 5
        return self.now


def started(seats=COMPUTERS, seed=7) -> Midend:
    store = Store(MemoryBackend())
    saved_games.register(store, ["dominoes"])
    midend = Midend(store, DOMINOES, Clock())
    midend.start(OPTIONS, seed, list(seats))
    return midend


def turns_for(midend, ready=lambda: True):
    """The mechanism with a fake timer; `played` lists the moves handed to the view,
    which plays them through the midend as a view does."""
    later, played = FakeLater(), []

    def play(move):
        played.append(move)
        midend.play(move)

    return ComputerTurns(midend, later, Clock(), play, ready), later, played


def test_one_move_is_timed_per_position_however_often_schedule_is_called():
    midend = started()
    turns, later, played = turns_for(midend)
    player, expected = midend.state.current_player, midend.computer_move()
    for _ in range(3):
        turns.schedule()
    assert [ms for ms, _ in later.timers] == [PAUSE_MS]
    later.fire_all()
    assert played == [expected]
    assert midend.moves == [[player, DOMINOES.format_move(expected)]]
    assert turns.think_ms == 5  # the fake clock moves 5 ms a reading


def test_after_a_move_the_next_computer_is_timed_in_the_same_generation():
    midend = started()
    turns, later, played = turns_for(midend)
    generation = midend.generation
    for turn in range(1, 4):
        turns.schedule()
        turns.schedule()
        assert len(later.timers) == 1
        later.fire_all()
        assert len(played) == turn
    assert midend.generation == generation


def test_a_move_timed_for_a_replaced_position_is_not_played():
    midend = started()
    turns, later, played = turns_for(midend)
    turns.schedule()
    stale = later.timers
    midend.start(OPTIONS, 8, COMPUTERS)  # a new game: a new generation
    later.timers = []
    for _, callback in stale:
        callback()
    assert played == [] and midend.moves == []
    expected = midend.computer_move()
    turns.schedule()  # the new position gets its own move
    assert len(later.timers) == 1
    later.fire_all()
    assert played == [expected]


def test_a_closed_view_plays_nothing_and_times_nothing():
    midend = started()
    turns, later, played = turns_for(midend)
    turns.schedule()
    generation = midend.generation
    assert turns.current(generation)
    turns.close()
    assert not turns.current(generation)
    later.fire_all()
    assert played == [] and midend.moves == []
    midend.start(OPTIONS, 8, COMPUTERS)  # even for a new position
    turns.schedule()
    assert later.timers == []


def test_nothing_is_timed_for_a_person_or_while_the_screen_is_not_ready():
    midend = started(seats=[HUMAN, HUMAN])
    turns, later, _ = turns_for(midend)
    turns.schedule()
    assert later.timers == []

    blocked = [True]
    midend = started()
    turns, later, played = turns_for(midend, ready=lambda: not blocked[0])
    turns.schedule()
    assert later.timers == []
    blocked[0] = False
    turns.schedule()
    blocked[0] = True  # a dialog opened during the pause
    later.fire_all()
    assert played == []
    blocked[0] = False
    turns.schedule()  # once it is closed, the move is timed again
    later.fire_all()
    assert len(played) == 1
