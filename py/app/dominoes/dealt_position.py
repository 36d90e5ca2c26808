"""Straight Dominoes between devices as this device knows it: the public position (what every
device knows: games.dominoes.public, no hand in it) with this device's hands beside it (the
deal's mental poker, app.remote.dominoes_match), read by the frontend's hooks as they read
an ordinary position (games.dominoes.State): `view_for`, `current_player`, `is_over`,
`result`, `table`, `scores`, `hand_summaries`, `history`, `hand_number`. Beside them what the
page says of the game with the other devices: whether it is in play, whether this device
starts the next game (it proposed this one and the link is open), the friends' names."""

import copy
from collections.abc import Mapping
from typing import Any

from games.common.protocol import Json
from games.dominoes.public import PLAY, PublicState
from games.dominoes.public_view import public_view, view_for
from games.dominoes.table import Table

from ..remote.dominoes_match import DominoesMatch
from ..remote.match import PLAYING
from ..seat_kinds import REMOTE


class DealtPosition:
    def __init__(
        self,
        dealt: DominoesMatch,
        in_play: bool,
        hosting: bool = False,
        names: Mapping[int, str] | None = None,
    ):
        """`in_play`: the match is (app.remote.match's PLAYING); `hosting`: this device
        proposed the game and its link is open; `names`: the other devices' people by seat."""
        self.dealt = dealt
        self.public: PublicState = dealt.state
        self.in_play, self.hosting = in_play, hosting
        self.names = dict(names or {})

    # --- what the frontend reads of an ordinary position ----------------------------------
    @property
    def current_player(self) -> int | None:
        return self.public.current_player

    @property
    def is_over(self) -> bool:
        return self.public.is_over

    @property
    def result(self) -> Json | None:
        return self.public.result

    @property
    def table(self) -> Table:
        return self.public.table

    @property
    def scores(self) -> list[int]:
        return list(self.public.scores)

    @property
    def hand_summaries(self) -> list[Json]:
        return self.public.hand_summaries

    @property
    def history(self) -> list[Json]:
        return self.public.history

    @property
    def hand_number(self) -> int:
        return self.public.hand_number

    def public_view(self) -> Json:
        """What every device may see."""
        return public_view(self.public)

    def view_for(self, seat: int) -> Json:
        """A seat of this device's with its hand, once the deal gave it (and no moves while
        its tiles, or the hand's check, are still coming: "dealing"); another seat as every
        device knows it."""
        if self.dealt.match.midend.seat_kind(seat) == REMOTE:
            return {**view_for(self.public, seat), "hand": []}
        try:
            view = self.dealt.view(seat)
        except (ValueError, RuntimeError):  # this hand's deal has not begun here yet
            view = {**view_for(self.public, seat), "hand": []}
        if view["current_player"] == seat and not self.dealt.ready:
            view = {**view, "legal_moves": [], "dealing": True}
        return view

    def copy(self) -> "DealtPosition":
        """The position as it is now (the public part kept so)."""
        return self.seen_as(self.public.copy())

    def seen_as(self, public: PublicState) -> "DealtPosition":
        """This position with another public part (one it came from)."""
        kept = copy.copy(self)
        kept.public = public
        return kept

    # --- the host's computers ---------------------------------------------------------------
    @property
    def computer_ready(self) -> bool:
        """A computer of this device may choose its move now (its tiles are in, the hand in
        play: the reveal and check are played by themselves)."""
        return self.in_play and self.public.phase == PLAY and self.dealt.ready


def position_of(dealt: DominoesMatch, link: Any) -> DealtPosition | None:
    """What this device knows of the game its link plays (None while it is being set up).
    `link`: the page's side of the match (app.remote.link_game's or table_game's)."""
    public: PublicState | None = dealt.state
    if public is None:
        return None
    names = link.seat_names() if link.at_table else {}
    return DealtPosition(dealt, link.status == PLAYING, link.hosting and link.connected, names)
