"""Battleship between two devices as this device knows it: the public position (what both
devices know: games.battleship.public) with this device's own fleet and aim beside it
(app.remote.battleship_match), read by the frontend's hooks as they read an ordinary
position (games.battleship.State): `view_for`, `placement_squares`, `current_player`,
`is_over`, `result`, `mode`, `options`. Beside them: the page's phase here (place, fire,
friend: waiting for the friend's device, stopped, over) and what the page says of the link.

Both people place at once, each on their own device, so the player to act here is this
device's person while they place or fire, and the friend otherwise."""

from functools import cached_property
from typing import Any

from games.battleship.public import PublicState
from games.common.errors import IllegalMove
from games.common.protocol import Json

from ..remote.battleship_match import BattleshipMatch
from ..remote.match import ENDED, PLAYING


class SealedPosition:
    def __init__(
        self,
        fleets: BattleshipMatch,
        public: PublicState,
        status: str,
        hosting: bool = False,
        connected: bool = False,
    ):
        """`status`: the match's (app.remote.match: playing, over, ended, or stopped by a
        check); `hosting`: this device proposed the game; `connected`: the link to the
        friend's device is open."""
        self.fleets, self.public = fleets, public
        self.ended = status == ENDED  # resigned, left, claimed or forfeit (app.remote.verdict)
        seat = fleets.seat
        assert seat is not None
        self.me = seat
        self.hosting, self.connected = hosting, connected
        self.fleet_lost = fleets.fleet_lost  # this device's fleet is not the one it sealed
        if public.is_over:
            self.here = "over"
        elif status != PLAYING:
            self.here = "stopped"
        elif fleets.placing:
            self.here = "place"
        else:
            self.here = "fire" if fleets.ready else "friend"

    @cached_property
    def own(self) -> Json:
        """This device's person's view, fleet and all (the ordinary view's shape)."""
        return self.fleets.view()

    # --- what the frontend reads of an ordinary position ----------------------------------
    @property
    def current_player(self) -> int | None:
        if self.public.is_over:
            return None
        return self.me if self.here in ("place", "fire") else 1 - self.me

    @property
    def is_over(self) -> bool:
        return self.public.is_over

    @property
    def phase(self) -> str:
        return self.public.phase

    @property
    def mode(self) -> str:
        return self.public.mode

    @property
    def options(self) -> Json:
        return self.public.options

    @property
    def result(self) -> Json | None:
        return self.public.result

    @property
    def winner(self) -> int | None:
        result = self.public.result
        return None if result is None else result["winner"]

    def view_for(self, player: int) -> Json:
        """This seat's view with its fleet; the other seat's as both devices know it."""
        if player == self.me:
            return self.own
        view: Json = self.public.view_for(player)
        return view

    def placement_squares(
        self, player: int, ship: str, square: str, orientation: str, hole: int = 0
    ) -> tuple[list[str], IllegalMove | None]:
        """Where this device's ship would go (only its own fleet is placed here)."""
        return self.fleets.placement_squares(ship, square, orientation, hole)

    def copy(self) -> "SealedPosition":
        """The position as it is now, kept so (the page's phase and the view drawn now)."""
        kept = SealedPosition.__new__(SealedPosition)
        kept.__dict__.update(self.__dict__, own=self.own, public=self.public.copy())
        return kept

    @property
    def liars(self) -> list[int]:
        """The seats the check at the end found a lie of (their game counts for nobody)."""
        result = self.public.result
        return list(result["cheaters"]) if result else []


def position_of(fleets: BattleshipMatch, link: Any) -> SealedPosition | None:
    """What this device knows of the game its link plays, once its fleet exists (None while
    the game is still being set up). `link`: the page's side of the match (LinkGame)."""
    public = fleets.state
    if public is None or not fleets.has_fleet:
        return None
    return SealedPosition(fleets, public, link.status, link.hosting, link.connected)
