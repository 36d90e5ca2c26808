"""Who plays each seat of the game on screen (app.frame.frontend.Seat): a person at this
screen (LOCAL), the computer at a level (COMPUTER) or a person on another device (REMOTE,
app.frame.remote_seat). The midend writes them down as "human", "computer:<level>" and
"remote"; the game view asks here whose turn it is, and starts the next seat's turn after
every move.

The computer's seat: after a pause, its move is chosen by the thinker's Web Worker (or on
this thread while the worker is not ready: app.computer_turns) and handed to the game view,
which plays it through the same path as a move made here."""

from collections.abc import Callable, Mapping
from typing import Any

from ..computer_turns import ComputerTurns, Later
from ..midend import COMPUTER as COMPUTER_SEAT
from ..midend import HUMAN, Midend, computer
from ..midend import REMOTE as REMOTE_SEAT
from .frontend import COMPUTER, LOCAL, REMOTE, Frontend, Seat, Table


def table_of(
    midend: Midend, peer: str = "", in_play: bool = True, names: Mapping[int, str] | None = None
) -> Table:
    """The seats of the midend's game as the frontend sees them (`peer`: the name of the
    person on another device; at a table of devices, `names`: each one's by seat)."""
    seats = []
    for number, seat in enumerate(midend.seats):
        if seat == HUMAN:
            seats.append(Seat(LOCAL))
        elif seat == REMOTE_SEAT:
            seats.append(Seat(REMOTE, name=(names or {}).get(number, peer)))
        else:
            seats.append(Seat(COMPUTER, level=seat.removeprefix(COMPUTER_SEAT)))
    return Table(tuple(seats), in_play, midend.seed)


def instant_moves(midend: Midend, frontend: Frontend[Any, Any]) -> list[dict[str, Any]]:
    """The computer's moves played at once, with no pause (Frontend.instant), in turn."""
    events: list[dict[str, Any]] = []
    while midend.computer_to_move and frontend.instant(midend.state):
        events += midend.play(midend.computer_move())
    return events


def midend_seats(chosen: list[str | None]) -> list[str]:
    """The midend's seats for a frontend's choice (None: a person here, else a level)."""
    return [HUMAN if level is None else computer(level) for level in chosen]


class ComputerSeat:
    """The computer's turns: started after every drawing (`start_turn`, once per position),
    its move handed to `play`; none while `ready()` says the page is in the way (a move
    being drawn, a dialog open), nor once the position was replaced or the view closed."""

    def __init__(
        self,
        midend: Midend,
        play: Callable[[Any], object],
        ready: Callable[[], bool],
        later: Later,
        now_ms: Callable[[], float],
        choose: Callable[[], Any] | None = None,
    ):
        """`choose`: the computer's move from what it may see on this device (between
        devices, a sub-protocol's hand), else the midend's, thought in the worker."""
        self.turns = ComputerTurns(midend, later, now_ms, play, ready, choose=choose)

    def start_turn(self) -> None:
        self.turns.schedule()

    def close(self) -> None:
        self.turns.close()
