"""Checks shared by the protocols for the fields of an untrusted message."""

import re
from collections.abc import Callable
from typing import Any

from app.fair.errors import ProtocolError

Message = dict[str, Any]  # a protocol message: a JSON object
RandomBytes = Callable[[int], bytes]  # secrets.token_bytes, or a test's own


def require_dict(message: object, kind: str, fields: set[str]) -> Message:
    """The message if it is a dict of exactly these fields and this type; else ProtocolError."""
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    if message.get("type") != kind:
        raise ProtocolError(f"expected a {kind} message")
    if set(message) != fields | {"type", "seat"}:
        raise ProtocolError(f"a {kind} message has the fields {sorted(fields | {'type', 'seat'})}")
    return message


def message_type(message: object) -> str:
    kind = message.get("type") if isinstance(message, dict) else None
    if not isinstance(kind, str):
        raise ProtocolError("a message is a JSON object with a type")
    return kind


def sender(message: Message, seats: int, own_seat: int) -> int:
    """The seat a message comes from: another seat of this table."""
    seat = message.get("seat")
    if type(seat) is not int or not 0 <= seat < seats:
        raise ProtocolError(f"a message's seat is a number from 0 to {seats - 1}")
    if seat == own_seat:
        raise ProtocolError("a message from another peer claims this peer's own seat")
    return seat


def require_hex(text: object, digits: int, what: str) -> str:
    if not isinstance(text, str) or not re.fullmatch(f"[0-9a-f]{{{digits}}}", text):
        raise ProtocolError(f"{what} is {digits} lowercase hex digits")
    return text


MAX_PEERS = 8  # devices in one game between devices: a Wordle Tournament group's 8 seats


def check_seats(seat: object, seats: object, allowed: range = range(2, MAX_PEERS + 1)) -> None:
    if type(seats) is not int or seats not in allowed:
        raise ValueError(f"seats must be one of {list(allowed)}")
    if type(seat) is not int or not 0 <= seat < seats:
        raise ValueError("seat must be a seat of the table")
