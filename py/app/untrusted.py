"""The one way in for text this device did not just write: a peer's message, a link, a
QR code, a replay, an invite and whatever localStorage holds.

`parse_json` bounds the text's size and its nesting in linear time before the recursive
parse (deep nesting overflows the WebAssembly stack inside `json.loads`: a fatal error in
Pyodide, not an exception), and refuses what the app never writes: NaN or Infinity, a
number longer than any value the app keeps (Python's own limit, 4,300 digits, is slow to
reach), a key given twice, a lone surrogate. Every check is a pass over the text of a loop
in C (str.split, str.replace, bytes.translate, a search for a fixed string, two regular
expressions that cannot backtrack, the C encoder after the parse); no Python code runs per
character, per token or per object, so hostile text costs time linear in its length, and
little: bench/untrusted.py measures 256 kB of each hostile shape. `unpack` reads the app's packed tokens (base64url of zlib-compressed
JSON), bounding the inflated size before anything is parsed.

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

# The checks read the text outside strings as ASCII bytes (anything else there is not JSON);
# its brackets alone, braces made square, go to one pass of a regular expression.
_NOT_BRACKETS = bytes(c for c in range(128) if chr(c) not in "[]{}")
_SQUARE = bytes.maketrans(b"{}", b"[]")
# Outside strings, a number's characters: digits all "0", "e" and "E" as "e", a sign as
# "+", anything else " ", so a number longer than MAX_DIGITS is a run of zeros and an
# exponent of 3 digits (1e999 is inf) is "e000" or "e+000".
_NUMBERS = bytes.maketrans(
    b"0123456789eE+-" + bytes(c for c in range(256) if chr(c) not in "0123456789eE+-"),
    b"0000000000ee++" + b" " * (256 - 14),
)
_LONG_NUMBER = b"0" * (MAX_DIGITS + 1)
# The parsed value written again, only to count its objects' entries: between a key and its
# value goes a character that a string written by json.dumps never holds unescaped. C code
# all through, unlike an object_pairs_hook, which is a call of Python code for every object.
_ENTRIES = json.JSONEncoder(check_circular=False, separators=(",", "\x00"))
# Once the escaped backslashes are taken out, every backslash left starts an escape: a lone
# surrogate is a \u escape of a high half not followed by one of a low half, or of a low
# half not just after one of a high half (a pair is one character to json.loads).
_LONE_SURROGATE = re.compile(
    r"\\u[dD](?:[89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])"
    r"|[c-fC-F](?<!\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F])[0-9a-fA-F]{2})"
)


class Untrusted(ValueError):
    """Text refused: too big, nested too deeply, not JSON, or JSON of a kind the app never
    writes."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class TooBig(Untrusted):
    """Text refused for its size alone, before or while it was inflated."""


def _outside_strings(text: str) -> tuple[str, bool, str]:
    """The text with every JSON string taken out (its quotes too, a space left in its
    place), whether the last string closes, and the text with its escaped backslashes
    replaced.

    An escape is a backslash and the character after it, read from the left: the pairs of
    backslashes replaced first (by "__", so no escape is joined to another), then each
    backslash and quote taken out, only the quotes that open or close a string are left.
    Text that is not JSON may be cut otherwise than a parser would, but only after the
    point where the parser stops, so no bracket it reaches is missed."""
    escapes = text.replace("\\\\", "__") if "\\" in text else text
    pieces = escapes.replace('\\"', "").split('"') if "\\" in escapes else escapes.split('"')
    return " ".join(pieces[::2]), len(pieces) % 2 == 1, escapes


@functools.cache
def _balanced(depth: int) -> re.Pattern[bytes]:
    """Brackets (all square) balanced and nested at most `depth` deep. Possessive repeats
    never backtrack, so a match or a refusal takes one pass."""
    level = rb"\[\]"
    for _ in range(depth - 1):
        level = rb"\[(?:" + level + rb")*+\]"
    return re.compile(rb"(?:" + level + rb")*+")


_balanced(MAX_DEPTH)  # compiled once, at import (and so inside the page's snapshot)


def nesting_ok(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """Whether the brackets of a JSON text balance and nest at most max_depth deep, brackets
    inside strings left out (a string that never closes runs to the end)."""
    outside, _, _ = _outside_strings(text)
    return outside.isascii() and _nesting_ok(outside.encode("ascii"), max_depth)


def _nesting_ok(outside: bytes, max_depth: int) -> bool:
    return _balanced(max_depth).fullmatch(outside.translate(_SQUARE, _NOT_BRACKETS)) is not None


def parse_json(text: str | bytes, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The value of a JSON text from outside this page's own code; Untrusted if refused."""
    text = _as_text(text, max_chars)
    outside, closed, escapes = _outside_strings(text)
    if not closed:
        raise Untrusted("not JSON: a string that never closes")
    if not outside.isascii():
        raise Untrusted("not JSON: a character outside strings that JSON does not allow")
    tokens = outside.encode("ascii")
    if b"NaN" in tokens or b"Infinity" in tokens:
        raise Untrusted("NaN or Infinity, which JSON does not allow")
    numbers = tokens.translate(_NUMBERS)
    if _LONG_NUMBER in numbers or b"e000" in numbers or b"e+000" in numbers:
        raise Untrusted(f"a number longer than {MAX_DIGITS} digits, or past 1e99")
    if not _nesting_ok(tokens, max_depth):
        raise Untrusted(f"brackets unbalanced or nested deeper than {max_depth}")
    if "\\u" in escapes and _LONE_SURROGATE.search(escapes):
        raise Untrusted("a lone surrogate in a string")
    try:
        value = json.loads(text, parse_constant=_constant)
    except Untrusted:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise Untrusted(f"not JSON: {str(error)[:80]}") from None
    keys = tokens.count(b":")  # in text that parsed, one for each key of each object
    if keys and _ENTRIES.encode(value).count("\x00") != keys:
        raise Untrusted("a key given twice")  # a dict keeps one entry for a key given twice
    return value


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
