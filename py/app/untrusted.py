"""The one way in for text this device did not just write: a peer's message, a link, a
QR code, a replay, an invite and whatever localStorage holds.

`parse_json` bounds the text's size and its nesting in linear time before the recursive
parse (deep nesting overflows the WebAssembly stack inside `json.loads`: a fatal error in
Pyodide, not an exception), and refuses what the app never writes: NaN or Infinity, a
number longer than any value the app keeps (Python's own limit, 4,300 digits, is slow to
reach), a key given twice, a lone surrogate. Every check before the parse is one pass of a
regular expression that cannot backtrack, so hostile text costs time linear in its length. `unpack` reads the app's packed tokens (base64url of
zlib-compressed JSON), bounding the inflated size before anything is parsed.

Everything refused raises `Untrusted` (a ValueError), whose reason is for logs and tests:
what a player is shown is the caller's own sentence."""

import base64
import binascii
import functools
import json
import re
import zlib
from typing import Any

MAX_DEPTH = 64  # the app's records nest a few levels; far deeper is damage or an attack
MAX_DIGITS = 40  # digits in a row in one number: more than any seed, count or score we keep

# A JSON string, or one that never closes (then it runs to the end of the text). Written as
# an unrolled loop, so each character can be matched one way only: one pass, no backtracking.
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SQUARE = str.maketrans("{}", "[]")
# Outside strings: a number longer than MAX_DIGITS, an exponent of 3 digits (1e999 is inf).
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_BIG_EXPONENT = re.compile(r"[eE][+-]?\d{3}")
# Escapes that are not a lone surrogate: a high-low pair, a \u of anything else, or any
# other escape (\\ included, so "\\ud800" is a backslash and text, not an escape).
_HARMLESS_ESCAPE = re.compile(
    r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u(?![dD][89a-fA-F])|[^u])"
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class Untrusted(ValueError):
    """Text refused: too big, nested too deeply, not JSON, or JSON of a kind the app never
    writes."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TooBig(Untrusted):
    """Text refused for its size alone, before or while it was inflated."""


@functools.cache
def _balanced(depth: int) -> re.Pattern[str]:
    """Brackets (all square) balanced and nested at most `depth` deep. Possessive repeats
    never backtrack, so a match or a refusal takes one pass."""
    level = r"\[\]"
    for _ in range(depth - 1):
        level = r"\[(?:" + level + r")*+\]"
    return re.compile(r"(?:" + level + r")*+")


_balanced(MAX_DEPTH)  # compiled once, at import (and so inside the page's snapshot)


def nesting_ok(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """Whether the brackets of a JSON text balance and nest at most max_depth deep, brackets
    inside strings left out (a string that never closes runs to the end)."""
    return _nesting_ok(_STRING.sub('""', text), max_depth)


def _nesting_ok(outside_strings: str, max_depth: int) -> bool:
    brackets = _NOT_BRACKET.sub("", outside_strings).translate(_SQUARE)
    return _balanced(max_depth).fullmatch(brackets) is not None


def parse_json(text: str | bytes, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The value of a JSON text from outside this page's own code; Untrusted if refused."""
    text = _as_text(text, max_chars)
    outside_strings = _STRING.sub('""', text)
    if not _nesting_ok(outside_strings, max_depth):
        raise Untrusted(f"brackets unbalanced or nested deeper than {max_depth}")
    if _LONG_NUMBER.search(outside_strings) or _BIG_EXPONENT.search(outside_strings):
        raise Untrusted(f"a number longer than {MAX_DIGITS} digits, or past 1e99")
    if "NaN" in outside_strings or "Infinity" in outside_strings:
        raise Untrusted("NaN or Infinity, which JSON does not allow")
    if _SURROGATE_ESCAPE.search(text) and _SURROGATE_ESCAPE.search(_HARMLESS_ESCAPE.sub("", text)):
        raise Untrusted("a lone surrogate in a string")
    try:
        return json.loads(text, parse_constant=_constant, object_pairs_hook=_object)
    except Untrusted:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise Untrusted(f"not JSON: {str(error)[:80]}") from None


def _as_text(text: str | bytes, max_chars: int) -> str:
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars:
            raise TooBig(f"longer than {max_chars} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise Untrusted("not UTF-8 text") from None
    if not isinstance(text, str):
        raise Untrusted("not text")
    if len(text) > max_chars:
        raise TooBig(f"longer than {max_chars} characters")
    return text


def unpack(token: str, *, max_chars: int, max_bytes: int, raw_deflate: bool = False) -> Any:
    """The JSON value packed in a token (base64url of zlib data, padding optional);
    raw_deflate for data without zlib's header (the connection codes)."""
    if not isinstance(token, str) or not 0 < len(token) <= max_chars:
        raise Untrusted(f"no token, or longer than {max_chars} characters")
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise Untrusted("not base64url") from None
    return parse_json(inflate(packed, max_bytes, raw_deflate), max_chars=max_bytes)


def inflate(packed: bytes, max_bytes: int, raw_deflate: bool = False) -> bytes:
    """zlib data inflated, never past max_bytes (a zlib bomb stops there and is refused)."""
    inflater = zlib.decompressobj(-15 if raw_deflate else 15)
    try:
        data = inflater.decompress(packed, max_bytes)
    except zlib.error:
        raise Untrusted("not compressed data") from None
    if inflater.unconsumed_tail:
        raise TooBig(f"inflates past {max_bytes} bytes")
    return data


def _constant(name: str) -> float:
    raise Untrusted(f"{name} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise Untrusted("a key given twice")
    return value
