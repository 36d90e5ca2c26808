"""Joint randomness by commit-reveal: every peer commits to 32 random bytes, and reveals them
only once every commitment is in, so no peer can choose the outcome. The seed is SHA-256 of
all the revealed bytes in seat order."""

import hashlib
import json
import secrets
from typing import Any

from app.fair import commit as commitments
from app.fair.errors import Cheated, ProtocolError
from app.fair.messages import (
    Message,
    RandomBytes,
    check_seats,
    message_type,
    require_dict,
    require_hex,
    sender,
)
from app.untrusted import Untrusted, parse_json

VERSION = 1
VALUE_BYTES = 32
MAX_OPENED_CHARS = 2 * VALUE_BYTES + 2  # the committed text: 32 bytes in hex, quoted


class CoinPeer:
    """One peer's side of a coin flip between 2 to MAX_PEERS (8) seats."""

    def __init__(self, seat: int, seats: int, random_bytes: RandomBytes = secrets.token_bytes):
        check_seats(seat, seats)
        self.seat, self.seats = seat, seats
        value = random_bytes(VALUE_BYTES)
        if not isinstance(value, bytes) or len(value) != VALUE_BYTES:
            raise ValueError(f"random_bytes must give {VALUE_BYTES} bytes")
        commitment, self.opening = commitments.commit(json.dumps(value.hex()), random_bytes)
        self.commitments = {seat: commitment}
        self.reveals: dict[int, str] = {}
        self.started = False
        self.revealed = False

    def start(self) -> list[Message]:
        """The messages to broadcast first: this peer's commitment (and its reveal, if every
        other commitment came in already)."""
        if self.started:
            raise RuntimeError("the coin flip has started already")
        self.started = True
        own = {"type": "coin-commit", "seat": self.seat, "commitment": self.commitments[self.seat]}
        return [own, *self._reveal_when_ready()]

    def receive(self, message: object) -> list[Message]:
        """Takes another peer's message; returns the messages to broadcast in answer."""
        kind = message_type(message)
        if kind == "coin-commit":
            commit = require_dict(message, kind, {"commitment"})
            seat = sender(commit, self.seats, self.seat)
            if seat in self.commitments:
                raise ProtocolError(f"seat {seat} has committed already", seat)
            self.commitments[seat] = require_hex(commit["commitment"], 64, "a commitment")
            return self._reveal_when_ready()
        if kind == "coin-reveal":
            reveal = require_dict(message, kind, {"opening"})
            seat = sender(reveal, self.seats, self.seat)
            if len(self.commitments) < self.seats:
                raise ProtocolError(f"seat {seat} revealed before all commitments were in", seat)
            if seat in self.reveals:
                raise ProtocolError(f"seat {seat} has revealed already", seat)
            try:
                text = commitments.verify(self.commitments[seat], reveal["opening"])
            except Cheated:
                raise Cheated(f"seat {seat}'s reveal does not match its commitment", seat) from None
            except ProtocolError as error:
                raise ProtocolError(f"seat {seat}'s reveal: {error.reason}", seat) from None
            try:
                value = parse_json(text, max_chars=MAX_OPENED_CHARS)
            except Untrusted:
                value = None
            try:  # (what was committed to is no value: bound by the commitment, a cheat)
                self.reveals[seat] = require_hex(value, 2 * VALUE_BYTES, "a revealed value")
            except ProtocolError:
                raise Cheated(
                    f"seat {seat} committed to something other than 32 bytes", seat
                ) from None
            return []
        raise ProtocolError(f"unknown message type {kind[:40]!r}")

    def _reveal_when_ready(self) -> list[Message]:
        if not self.started or self.revealed or len(self.commitments) < self.seats:
            return []
        self.revealed = True
        self.reveals[self.seat] = parse_json(self.opening["value"], max_chars=MAX_OPENED_CHARS)
        return [{"type": "coin-reveal", "seat": self.seat, "opening": dict(self.opening)}]

    @property
    def seed(self) -> bytes | None:
        """The joint 32-byte seed once every peer has revealed, else None."""
        if len(self.reveals) < self.seats:
            return None
        joined = b"".join(bytes.fromhex(self.reveals[seat]) for seat in range(self.seats))
        return hashlib.sha256(joined).digest()

    def pick(self, count: int) -> int:
        """A number from 0 to count - 1 drawn from the seed (bias below 2**-200)."""
        if self.seed is None:
            raise RuntimeError("the coin flip is not finished")
        return int.from_bytes(self.seed, "big") % count

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "kind": "coin",
            "seat": self.seat,
            "seats": self.seats,
            "opening": dict(self.opening),
            "commitments": {str(seat): c for seat, c in self.commitments.items()},
            "reveals": {str(seat): r for seat, r in self.reveals.items()},
            "started": self.started,
            "revealed": self.revealed,
        }

    @classmethod
    def from_json(cls, data: Any) -> "CoinPeer":
        """A peer from its saved state; ProtocolError if the save is not one."""
        try:
            if data["version"] != VERSION or data["kind"] != "coin":
                raise ProtocolError("not a saved coin flip of this version")
            peer = cls.__new__(cls)
            check_seats(data["seat"], data["seats"])
            peer.seat, peer.seats = data["seat"], data["seats"]
            peer.opening = {"salt": data["opening"]["salt"], "value": data["opening"]["value"]}
            peer.commitments = {int(s): c for s, c in data["commitments"].items()}
            peer.reveals = {int(s): r for s, r in data["reveals"].items()}
            peer.started, peer.revealed = bool(data["started"]), bool(data["revealed"])
            commitments.verify(peer.commitments[peer.seat], peer.opening)
            own = parse_json(peer.opening["value"], max_chars=MAX_OPENED_CHARS)
            require_hex(own, 2 * VALUE_BYTES, "a saved value")
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ProtocolError(f"unreadable saved coin flip: {error}") from None
        return peer
