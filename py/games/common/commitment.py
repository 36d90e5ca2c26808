"""Salted commitments as pure functions: the digest a side sends now, and the check of
the salt and text it shows later. Engines use it for what a seat seals without a referee
(games.battleship's fleets); app.fair.commit builds its openings on it."""

import hashlib
import re

SALT_BYTES = 32
_HEX64 = re.compile(r"[0-9a-f]{64}")


def is_hex64(value: object) -> bool:
    """64 lowercase hex digits: a digest, or a salt of SALT_BYTES bytes."""
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def digest(salt: bytes, text: str) -> str:
    """SHA-256 of the salt followed by the text's UTF-8, as 64 lowercase hex digits."""
    return hashlib.sha256(salt + text.encode("utf-8")).hexdigest()


def opens(commitment: str, salt_hex: str, text: str) -> bool:
    """Do this salt (hex) and text give this commitment? False for a malformed one."""
    if not (is_hex64(commitment) and is_hex64(salt_hex) and isinstance(text, str)):
        return False
    return digest(bytes.fromhex(salt_hex), text) == commitment
