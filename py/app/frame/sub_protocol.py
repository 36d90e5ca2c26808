"""A game's own part of a game between devices, beside the moves both engines check
(app.remote.match): Battleship's sealed fleets, Dominoes' deal. Such a game's midend runs an
engine of what both devices know (`SubProtocol.game`), and each device keeps its secret part
beside it (its fleet, its hands), made for each match (`join`) and saved with the game. The
game view then gives the frontend's hooks what this device knows (`Side.position`: the public
position with its own secret part) and plays the person's moves (and its computers') through
the side, which sends what is due.

A game without one (Deblockle) plays between devices the engine it plays here."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from games.common.protocol import Game

if TYPE_CHECKING:
    from ..remote.page_side import PageSide


class Side(Protocol):
    """This device's secret part of one match."""

    def position(self) -> Any:
        """What the frontend's hooks are given as the position (None while the game is
        still being set up)."""
        ...

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of the person here, played on the secret part or over the match (sent when
        it goes to the other device); IllegalMove when the rules refuse it."""
        ...

    def record(self) -> dict[str, Any]:
        """What is saved beside the game (the view's meta), read back by `join`."""
        ...

    def computer_ready(self) -> bool:
        """A computer this device runs may choose its move now."""
        ...

    def computer_move(self) -> Any:
        """Its move, chosen from what it may see here (RuntimeError when none is to move)."""
        ...


@runtime_checkable
class Relinks(Protocol):
    """A side that sends messages of its own beside the moves (the Wordle duel's word): a
    lost connection dropped them, the sync after it sends only moves."""

    def relinked(self) -> None:
        """A new link to the other device is open: send again what the lost one dropped."""
        ...


class SubProtocol(Protocol):
    game: Game  # the engine both devices' midends run: what both know

    def join(
        self,
        link_game: "PageSide",
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        told: Callable[[list[dict[str, Any]], Any], None],
    ) -> Side:
        """This device's part of the match the page's side (app.remote.link_game's, or
        table_game's) has just made (`saved`: the meta of
        the game saved here, when the match resumes it; `save` before anything is sent;
        `told` what the side played or learnt by itself: events the game view shows as a
        move's, with the position before them, or none: it moved on, to be saved and drawn)."""
        ...


def engine_of(sub_protocol: SubProtocol | None, game: Game, remote: bool) -> tuple[Game, bool]:
    """The engine a game view's midend runs, and whether the midend keeps its replays (a
    public engine's moves hide what a replay shows: the side keeps it)."""
    if remote and sub_protocol is not None:
        return sub_protocol.game, False
    return game, True
