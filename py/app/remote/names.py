"""A peer's nickname: untrusted text from another device, checked before it is kept or shown
(it is always shown as text, never as markup)."""

import unicodedata

from app.fair.errors import ProtocolError

MAX_NAME = 24  # within app.midend_saves.MAX_NAME


def clean_name(text: object) -> str:
    """The nickname with its runs of space made single; ProtocolError when it is not a text,
    empty, too long, or holds control or format characters (which could reorder or hide
    what is shown around it: bidirectional overrides, zero-width joiners)."""
    if not isinstance(text, str) or len(text) > 4 * MAX_NAME:
        raise ProtocolError("a name is a short text")
    name = " ".join(text.split())
    if not name or len(name) > MAX_NAME:
        raise ProtocolError(f"a name has 1 to {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ProtocolError("a name may not hold control or format characters")
    return name


def clean_reason(text: object) -> str:
    """A refusal's reason from the peer, for the record: cut short, unprintable characters
    dropped (it is shown only as the other device's words)."""
    if not isinstance(text, str):
        return "(no reason given)"
    kept = "".join(c for c in text[:200] if not unicodedata.category(c).startswith("C"))
    return kept or "(no reason given)"
