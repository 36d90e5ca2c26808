"""The computer's turn after a pause (app/computer_turns.py) under CPython, with a
stand-in timer: one move per turn however often the view asks, and none once the
page has moved on."""

import pytest


@pytest.fixture
def mixin_and_timers(import_without_browser, monkeypatch):
    """The ComputerTurns class, and the timers it sets (stand-ins, run by hand)."""
    browser, computer_turns = import_without_browser("app.browser", "app.computer_turns")
    timers = []
    monkeypatch.setattr(browser, "later", lambda ms, callback: timers.append((ms, callback)))
    return computer_turns.ComputerTurns, timers


@pytest.fixture
def turns(mixin_and_timers):
    ComputerTurns, timers = mixin_and_timers

    class Table(ComputerTurns):
        computer_delay_ms = 500
        closed = False

        def __init__(self):
            self.to_move = True
            self.moves = 0

        def computer_to_move(self):
            return self.to_move

        def play_computer_move(self):
            self.moves += 1

    return Table(), timers


def run_timers(timers):
    pending = list(timers)
    timers.clear()
    for _, callback in pending:
        callback()


def test_the_computer_moves_once_after_its_delay_however_often_asked(turns):
    table, timers = turns
    table.schedule()
    table.schedule()
    assert [ms for ms, _ in timers] == [500]
    run_timers(timers)
    assert table.moves == 1
    table.schedule()  # its next turn
    run_timers(timers)
    assert table.moves == 2


def test_no_timer_when_it_is_not_the_computers_turn(turns):
    table, timers = turns
    table.to_move = False
    table.schedule()
    assert timers == []


@pytest.mark.parametrize("moved_on", ["closed", "turn gone"])
def test_a_pending_move_is_dropped_when_the_page_moved_on(turns, moved_on):
    table, timers = turns
    table.schedule()
    if moved_on == "closed":
        table.closed = True
    else:
        table.to_move = False  # e.g. the new-game dialog opened during the pause
    run_timers(timers)
    assert table.moves == 0
    table.closed, table.to_move = False, True
    table.schedule()  # a later turn is not blocked by the dropped one
    run_timers(timers)
    assert table.moves == 1


def test_by_default_the_computer_moves_in_its_phase_with_no_dialog_open(mixin_and_timers):
    ComputerTurns, timers = mixin_and_timers

    class Board(ComputerTurns):
        closed = False
        setup = None
        current = "computer"
        moves = 0

        def phase(self):
            return self.current

        def play_computer_move(self):
            self.moves += 1

    board = Board()
    board.current = "human"
    board.schedule()
    board.current, board.setup = "computer", object()  # the new-game dialog is open
    board.schedule()
    assert timers == []
    board.setup = None
    board.schedule()
    run_timers(timers)
    assert board.moves == 1
