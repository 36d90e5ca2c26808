"""Straight Dominoes with friends on other devices, on the frame: its sub-protocol
(app.frame.sub_protocol). Every device's midend runs the public engine
(games.dominoes.public_game: no hand in it); the deal's mental poker runs beside it
(app.remote.dominoes_match over dominoes_deal, with no referee): this device holds its
person's tiles (and, on the host, its computers'), a draw's card reaches the drawer alone,
every hand shown at its end is checked against the deck (docs/rules/dominoes.md 11). The
frontend is given what this device knows (dealt_position) and draws it as a game on one
device.

The deck moves on by itself as messages come (tiles dealt, a hand revealed and checked):
what it played is handed to the game view as the engine told it, with the move of another
device that made it due, or on its own (`changed`). The tile of a draw of the person here
comes after the draw (every other device must give its key): it is found from that draw
(DealSession.drawn_tile), never by comparing hands, and told once as the ordinary engine
tells a draw, {"type": "draw", "seat", "tile"}, so the frontend lifts and names it as on
one device.

A finished game is kept for replay face up: the ordinary engine dealt every hand's checked
deal (DominoesMatch.face_up_replay)."""

import secrets
from collections.abc import Callable
from typing import Any

from games.common.errors import IllegalMove
from games.dominoes.public_game import GAME as PUBLIC_DOMINOES

from .. import replays
from ..fair.deck import RandBelow
from ..fair.errors import ProtocolError
from ..remote.dominoes_match import DominoesMatch
from ..remote.match import CONNECTING, OVER
from ..remote.page_side import PageSide
from .dealt_position import DealtPosition, position_of
from .ui import GAME

Told = Callable[[list[dict[str, Any]], Any], None]  # events, and the position before them


class DealSide:
    """This device's hands in one match (app.frame.sub_protocol.Side)."""

    def __init__(
        self,
        link_game: Any,
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        told: Told,
        randbelow: RandBelow = secrets.randbelow,
    ):
        """`told`: the game view's, given what the deck played or gave by itself."""
        match = link_game.match
        assert match is not None
        self.link_game, self.save, self.told = link_game, save, told
        self.joined = False  # (the deck catches up as it is made: nothing to tell yet)
        self.playing = False  # a move here is being played: it tells what it made due
        self._page_listener = match.listener
        match.listener = self._on_event  # (told after the deck caught up: DominoesMatch)
        deal = (saved or {}).get("deal")
        try:
            self.dealt = DominoesMatch(match, self._deck_moved, deal, randbelow)
        except (ProtocolError, ValueError, TypeError, KeyError):  # a damaged deal
            self.dealt = DominoesMatch(match, self._deck_moved, None, randbelow)
        public = self.dealt.state
        # A finished game resumed was kept already; a tile that had come was told then.
        self.kept = match.status != CONNECTING and public is not None and public.is_over
        self.tile_told = self._draw_now()
        self.dealt.take_due_events()
        self.joined = True

    def position(self) -> DealtPosition | None:
        return position_of(self.dealt, self.link_game)

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of the person here (or of this device's computer to move), with what it
        made due; refused while its tiles are still coming."""
        self.playing = True
        try:
            events = self.dealt.play(move)
        except RuntimeError:
            raise IllegalMove("dominoes.status_dealing") from None
        finally:
            self.playing = False
        self._keep_if_over()
        return events + self._news()[0]

    def computer_ready(self) -> bool:
        position = self.position()
        return position is not None and position.computer_ready

    def computer_move(self) -> Any:
        return self.dealt.computer_move()

    def record(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"deal": self.dealt.record()}
        if self.link_game.at_table:
            meta["relay"] = self.link_game.relay_record()
        return meta

    # --- what the deck does by itself -------------------------------------------------------
    def _news(self) -> tuple[list[dict[str, Any]], DealtPosition | None]:
        """The moves played by themselves, then the tile of this device's person's draw if
        the deck has just given it; and the position before them."""
        events, before = self.dealt.take_due_events()
        now = self.position()
        seat, draw = self.link_game.my_seat, self._draw_now()
        if seat is not None and draw is not None and draw != self.tile_told:
            self.tile_told = draw
            tile = self.dealt.drawn_tile(seat)
            events.append({"type": "draw", "seat": seat, "tile": list(tile or ())})
        if now is None:
            return events, None
        return events, now.copy() if before is None else now.seen_as(before)

    def _draw_now(self) -> tuple[int, int] | None:
        """(hand, moves in it) of the draw of the person here whose tile has come, if the
        hand's last move is one."""
        seat, public = self.link_game.my_seat, self.dealt.state
        if seat is None or public is None or self.dealt.drawn_tile(seat) is None:
            return None
        return public.hand_number, len(public.history)

    def _deck_moved(self) -> None:
        if not self.joined or self.playing:
            return  # (told by the move being played, or nothing on screen yet)
        self._keep_if_over()
        self.told(*self._news())

    def _on_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "moved":  # (the deck has caught up: what it played goes along)
            event = {**event, "events": [*event["events"], *self._news()[0]]}
        self._keep_if_over()
        if self._page_listener is not None:
            self._page_listener(event)

    def _keep_if_over(self) -> None:
        midend = self.link_game.midend
        if self.kept or self.link_game.status != OVER:
            return
        entry = self.dealt.face_up_replay(midend.today())
        if entry is not None:
            self.kept = True
            replays.keep(midend.store, GAME, entry)


class DealtHands:
    """Dominoes' sub-protocol: the public engine between devices, the hands on each."""

    game = PUBLIC_DOMINOES

    def join(
        self,
        link_game: PageSide,
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        told: Told,
    ) -> DealSide:
        return DealSide(link_game, saved, save, told)


DEALT_HANDS = DealtHands()
