"""Two devices over one channel (`send(dict)`, `on_message(callback)`: app.peer's data
channel, through app.remote.link_game): what a Match between two adds to the protocol,
since no relay stands between them to keep their messages in one order.

A refusal is said to the other device: `refused {kind, reason}`. The other keeps it as
that device's claim, with "by": "peer" (its own refusals: "us"); a claim never ends the
game where it is received, nor is it ever refused in turn (two devices could refuse each
other's refusals for ever): a claim that the game is out of step or cheated asks where
the other device is (a sync), and only this device's own checks of the answer may end it.

A channel may lose what is in flight when the connection drops, and a page may reload.
So once the game is on, each new channel starts with both devices saying where they are:

    sync {match, count, hash, ended}   match: the game's id (wire.match_id); count: the
                                       moves played; hash: the position's after them;
                                       ended: how the game ended here, if it has

The device ahead checks the other's hash against its own history at that count and sends
the moves that are missing (checked one by one, as every move is). A different history is
the sender's false claim once the position it contradicts is one it agreed to
(app.remote.history.agreed), else a desync; a sync of another game is junk, and this game
goes on (two devices linked again may each resume a game of its own). A resignation or a
leave that the other device missed comes with its sync; a claim of its game, after the
moves it missed (app.remote.claims)."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.fair.errors import ProtocolError
from app.midend_saves import MAX_MOVES
from app.remote import claims, history, verdict, wire
from app.remote.checks import (
    CHEATING,
    CONNECTING,
    DESYNC,
    ENDED,
    JUNK,
    KINDS,
    OVER,
    PLAYING,
    SET_UP_STOPS,
    Refused,
)
from app.remote.names import clean_reason

if TYPE_CHECKING:
    from app.remote.match import Match

ON = (PLAYING, OVER, ENDED)  # a game that has begun


class Pair:
    at_table = False
    TYPES = ("sync", "refused")
    AUTHORS = ("us", "peer")  # who made a problem kept: this device, or the other's claim

    def __init__(self, match: "Match"):
        self.match = match
        self.channel: Any = None
        self.other = match.roster.others[0]
        self.synced = False  # this device sent a sync on the current channel

    def connect(self, channel: Any) -> None:
        """Take a (new) channel to the other device: once the game is on, the devices
        compare where they are."""
        self.channel = channel
        self.synced = False
        channel.on_message(self.received)
        if self.match.status in ON:
            self.send_sync()

    def received(self, message: Any) -> None:
        self.match.receive(self.other, message)

    def send(self, message: dict[str, Any]) -> None:
        self.channel.send(message)

    def clock(self) -> float | None:
        """Claims are timed by this page's clock (app.remote.claims)."""
        return self.match.midend.session.now_ms()

    def unrelayed(self) -> list[dict[str, Any]]:
        """Between two devices each takes the other's messages as they come: no relay."""
        return []

    def identity(self) -> dict[str, Any]:
        return {"role": self.match.roster.me}

    def refused(self, kind: str, device: str, reason: str) -> None:
        self.match.note("us", kind, reason)
        self.send({"type": "refused", "kind": kind, "reason": reason[:200]})

    def behind(self) -> None:
        """A move came whose earlier ones have not: ask for them."""
        if not self.synced:
            self.send_sync()

    def handlers(self) -> dict[str, Callable[[str, dict[str, Any]], None]]:
        return {"sync": self._on_sync, "refused": self._on_refused}

    def send_sync(self) -> None:
        self.synced = True
        match = self.match
        self.send(
            {
                "type": "sync",
                "match": match.match_id,
                "count": len(match.midend.moves),
                "hash": match.state_hash,
                "ended": dict(match.ended) if match.ended else None,
            }
        )

    def _on_sync(self, sender: str, message: dict[str, Any]) -> None:
        match = self.match
        wire.fields(message, "sync", {"match", "count", "hash", "ended"})
        if match.status not in ON:
            raise ProtocolError("no game here to resume")
        if message["match"] != match.match_id:  # (two devices may each resume a game of its own)
            raise ProtocolError("a sync of another game: this one goes on")
        count = wire.whole(message["count"], 0, MAX_MOVES, "a move count")
        theirs = wire.hex64(message["hash"], "a position's hash")
        ended = verdict.checked(message["ended"], match.roster.devices)
        midend = match.midend
        if count <= len(midend.moves):
            if history.hash_at(midend, count) != theirs:
                proven = history.agreed(midend, match.roster.seat_owner, sender, count)
                reason = f"the two histories differ by move {count}"
                raise Refused(CHEATING if proven else DESYNC, reason)
            match.send(*history.moves_after(midend, count))
            claims.resend(match, match.send, self.other)  # (its claim may have been lost)
        else:
            match.claim_clock.catching_up_to = count  # (played a while ago)
            if not self.synced:
                self.send_sync()
        # (only the other device's own doing: its verdicts on this one are its claims)
        if ended is None or ended["how"] not in (verdict.RESIGNED, verdict.LEFT):
            return
        if ended["by"] == self.other and match.status in (PLAYING, OVER):
            match.end(ended["how"], self.other)

    def _on_refused(self, sender: str, message: dict[str, Any]) -> None:
        """The other device refused a message of ours: its claim, kept as its words."""
        match = self.match
        kind = message.get("kind")
        kind = kind if kind in KINDS else JUNK
        match.note("peer", kind, clean_reason(message.get("reason")))
        if kind in (DESYNC, CHEATING) and match.status in (PLAYING, OVER) and not self.synced:
            self.send_sync()
        elif kind in SET_UP_STOPS and match.status == CONNECTING:
            match.status = kind
        match.keep()
        match.tell("problem")
