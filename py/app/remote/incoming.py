"""Other devices' messages to a Match, each checked by this device before anything changes,
and what a failed check does.

A message refused is kept in the match's `problems` with the kind of refusal (the kinds:
app.remote.checks): "junk" and "duplicate" are recorded only (no part of the protocol, a
move seen already); "cheating" (what no honest device sends) ends the game as a forfeit by
the device that sent it; "desync" (the positions differ and nothing shows which device is
wrong: app.remote.history.agreed) ends it recording nothing; "incompatible" stops a game being set up
(app.remote.verdict decides what each device records). Only this device's own checks end
its game: between two devices the other's refusal is its claim (app.remote.pair)."""

from typing import TYPE_CHECKING, Any

from app.fair.errors import Cheated, ProtocolError
from app.remote import claims, verdict, wire
from app.remote.checks import (
    CHEATING,
    CONNECTING,
    DESYNC,
    DUPLICATE,
    ENDED,
    INCOMPATIBLE,
    JUNK,
    OVER,
    PLAYING,
    STOPPED,
    Refused,
)
from app.remote.move_check import ENGINE_ERRORS, Behind, checked_move
from app.remote.roster import HOST

if TYPE_CHECKING:
    from app.remote.match import Match

HANDSHAKE = ("hello", "welcome", "coin-commit", "coin-reveal")
TYPES = (*HANDSHAKE, "move", "resign", "leave", "claim")


class Incoming:
    def __init__(self, match: "Match"):
        self.match = match

    def receive(self, sender: str, message: Any) -> None:
        """Another device's message (`sender`: its id). Never raises."""
        try:
            self._dispatch(sender, message)
        except Refused as refusal:
            self._refuse(refusal.kind, refusal.device or sender, refusal.reason)
        except Cheated as error:
            self._refuse(CHEATING, self._cheater(sender, error), error.reason)
        except ProtocolError as error:
            self._refuse(JUNK, sender, error.reason)
        except ENGINE_ERRORS as error:  # input no check foresaw: refused all the same
            self._refuse(JUNK, sender, f"{type(error).__name__}: {str(error)[:80]}")

    def _cheater(self, sender: str, proof: Cheated) -> str:
        """The device a proof names: in play, the player of the seat it names (the check at
        the end of a hand may find out any seat, whoever sent the last key); else the sender
        (a coin flip's seats are the devices' order, not the game's)."""
        roster, seat = self.match.roster, proof.seat
        if self.match.status == PLAYING and type(seat) is int and 0 <= seat < len(roster.seats):
            owner = roster.seat_owner(seat)
            return sender if owner == roster.me else owner
        return sender

    def _dispatch(self, sender: str, message: Any) -> None:
        match = self.match
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ProtocolError("a message is a JSON object with a type")
        kind = message["type"]
        handlers = {
            **dict.fromkeys(HANDSHAKE, self._on_handshake),
            "move": self._on_move,
            "resign": self._on_end,
            "leave": self._on_end,
            "claim": self._on_claim,
            **match.link.handlers(),
        }
        if kind in handlers:
            handlers[kind](sender, message)
            return
        prefix = kind.split("-", 1)[0]
        if "-" not in kind or prefix not in match.extensions:
            raise ProtocolError(f"unknown message type {kind[:40]!r}")
        if match.status != PLAYING:
            raise ProtocolError(f"a {prefix} message with no game in play")
        match.sender = sender  # (a sub-protocol checks which seats the sender may speak for)
        try:
            match.send(*match.extensions[prefix](message))
        finally:
            match.sender = None

    def _on_handshake(self, sender: str, message: dict[str, Any]) -> None:
        """The start (app.remote.handshake): the game begins once the seed is drawn."""
        match = self.match
        if match.status != CONNECTING:
            raise ProtocolError(f"a {message['type']} message with no game being set up")
        match.send(*match.handshake.take(sender, message))
        match.params = match.handshake.params
        if message["type"] == "hello":
            match.tell("hello")
        seed = match.handshake.seed()
        if seed is None:
            return
        try:
            match.begin(seed)
        except ENGINE_ERRORS as error:
            reason = f"the game cannot start: {str(error)[:80]}"
            raise Refused(INCOMPATIBLE, reason, HOST) from None

    def _on_move(self, sender: str, message: dict[str, Any]) -> None:
        match = self.match
        if match.status == CONNECTING or match.stopped:
            raise ProtocolError(f"no game in play ({match.status}): no move is played")
        try:
            owner = match.roster.seat_owner
            at_table, lost = match.link.at_table, match.lost
            move, text = checked_move(match.midend, owner, sender, message, at_table, lost)
        except Behind:
            match.link.behind()
            raise
        if match.status == ENDED:
            raise ProtocolError("a move after the game ended")
        if match.vet is not None:
            match.vet(move)
        midend = match.midend
        if midend.remote_to_move:
            events = midend.play_remote(text)
        else:  # this device's own move, lost from its save, taken back (checked_move)
            events = midend.play(move)
        if match.lost is not None and len(midend.moves) >= match.lost[0]:
            match.lost = None  # (every move the save lost is back)
        if match.midend.state.is_over:
            match.status = OVER
        match.keep()
        match.mark_reached()
        match.tell("moved", events=events)

    def _on_end(self, sender: str, message: dict[str, Any]) -> None:
        match = self.match
        kind = message["type"]
        wire.fields(message, kind, set())
        if match.status == ENDED:
            raise Refused(DUPLICATE, "the game had ended already")
        if match.status == OVER:
            return  # leaving a finished game changes nothing
        if match.stopped or (kind == "resign" and match.status != PLAYING):
            raise ProtocolError(f"a {kind} with no game in play")
        match.end(verdict.RESIGNED if kind == "resign" else verdict.LEFT, sender)

    def _on_claim(self, sender: str, message: dict[str, Any]) -> None:
        """A device claimed the game of one that made no move on its turn, or held its set-up
        up (app.remote.claims)."""
        match = self.match
        if match.status == ENDED:
            raise Refused(DUPLICATE, "the game had ended already")
        if match.status != PLAYING:
            raise ProtocolError("a claim with no game in play")
        try:
            how, quiet = claims.claimed(match, sender, message)
        except Behind:
            match.link.behind()
            raise
        match.end(how, quiet)

    def _refuse(self, kind: str, device: str, reason: str) -> None:
        """A device's message failed this device's check: kept (and answered, between two
        devices); cheating or a desync ends a game in play, and any check that fails
        stops a game being set up."""
        match = self.match
        match.link.refused(kind, device, reason)
        if kind in (DESYNC, CHEATING) and match.status == PLAYING:
            match.end(verdict.FORFEIT if kind == CHEATING else verdict.VOID, device, reason)
            return
        if kind in STOPPED and match.status == CONNECTING:
            match.status = kind
        match.keep()
        match.tell("problem")
