"""Salted commitments: commit to a JSON text now, open it later, and the opening is checked."""

import re
import secrets

from games.common.commitment import SALT_BYTES
from games.common.commitment import digest as _digest

from app.fair.errors import Cheated, ProtocolError
from app.fair.messages import RandomBytes

_HEX64 = re.compile(r"[0-9a-f]{64}")


def commit(
    value_json_text: str, random_bytes: RandomBytes = secrets.token_bytes
) -> tuple[str, dict[str, str]]:
    """(commitment hex, opening) for the text; the opening is {"salt": hex, "value": text}."""
    if not isinstance(value_json_text, str):
        raise TypeError("commit takes the value as JSON text")
    salt = random_bytes(SALT_BYTES)
    if not isinstance(salt, bytes) or len(salt) != SALT_BYTES:
        raise ValueError(f"random_bytes must give {SALT_BYTES} bytes")
    return _digest(salt, value_json_text), {"salt": salt.hex(), "value": value_json_text}


def verify(commitment: object, opening: object) -> str:
    """The committed text if the opening matches the commitment; raises Cheated if it does not,
    ProtocolError if either is malformed."""
    if not isinstance(commitment, str) or not _HEX64.fullmatch(commitment):
        raise ProtocolError("a commitment is 64 lowercase hex digits")
    if not isinstance(opening, dict) or set(opening) != {"salt", "value"}:
        raise ProtocolError("an opening is {salt, value}")
    salt, value = opening["salt"], opening["value"]
    if not isinstance(salt, str) or not _HEX64.fullmatch(salt):
        raise ProtocolError("an opening's salt is 64 lowercase hex digits")
    if not isinstance(value, str):
        raise ProtocolError("an opening's value is a text")
    if _digest(bytes.fromhex(salt), value) != commitment:
        raise Cheated("the opening does not match the commitment")
    return value
