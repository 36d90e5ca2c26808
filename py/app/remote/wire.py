"""What travels between the devices: the position hash and the checks of message fields."""

import hashlib
import json
import re
from typing import Any

from games.common.protocol import GameState

from app.fair.errors import ProtocolError

VERSION = 6  # of this session protocol; both devices must speak the same (2: claim, rules;
# 3: a table's envelopes carry the host's clock, and a claim there is timed by it; 4: a
# turn the deal held up is timed from its last step, and a claim at a table while the
# deal is under way is the claimant's forfeit; 5: but the host's, naming the device the
# deal has waited for: claim {count, quiet}; 6: a Wordle group's messages go through the
# leader's relay, and relay-start says where the newcomer's own numbering stands)
_HEX64 = re.compile(r"[0-9a-f]{64}")


def state_hash(state: GameState) -> str:
    """SHA-256 of the engine state's canonical JSON (sorted keys, no spaces, ASCII): the
    same position gives the same hash on any device, so a desync shows at the first move."""
    text = json.dumps(
        state.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    )
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def match_id(game: str, options: dict[str, Any], seed: int) -> str:
    """Names one game (its ID), so a reconnecting device is known to resume the same game."""
    text = json.dumps([game, options, seed], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def is_version(value: object) -> bool:
    return type(value) is int and value == VERSION


def is_saved_version(value: object) -> bool:
    """A match's record saved by this protocol or an earlier one (the record is the same)."""
    return type(value) is int and 1 <= value <= VERSION


def fields(message: dict[str, Any], kind: str, names: set[str]) -> dict[str, Any]:
    """The message if it has exactly these fields besides its type; else ProtocolError."""
    if set(message) != names | {"type"}:
        raise ProtocolError(f"a {kind} message has the fields {sorted(names | {'type'})}")
    return message


def whole(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"{what} is a whole number from {low} to {high}")
    return value


def hex64(value: object, what: str) -> str:
    if not isinstance(value, str) or not _HEX64.fullmatch(value):
        raise ProtocolError(f"{what} is 64 lowercase hex digits")
    return value


def text(value: object, longest: int, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise ProtocolError(f"{what} is a text of 1 to {longest} characters")
    return value
