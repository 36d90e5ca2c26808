"""The invite and reply codes: a data channel's session description, reduced to what a
Chromium or Firefox data channel needs (ICE user fragment and password, DTLS fingerprint
and role, the candidates gathered in full), as JSON, deflated, in base64url.

The codes come from someone else's device: decoding is strict, and any fault is a
BadCode whose `reason` names it (for the message shown), never another exception.
"""

import base64
import json
import re
import zlib
from typing import Any

from ..untrusted import TooBig, Untrusted, unpack

VERSION = 1
OFFER, ANSWER = "offer", "answer"
KINDS = {OFFER: "o", ANSWER: "a"}
MAX_CODE_CHARS = 4000
MAX_JSON_BYTES = 8000
MAX_CANDIDATES = 16

ICE_CHARS = re.compile(r"[A-Za-z0-9+/]{4,256}")
FINGERPRINT = re.compile(r"(?:[0-9A-F]{2}:){31}[0-9A-F]{2}")
HEX_FINGERPRINT = re.compile(r"[0-9a-f]{64}")
# "candidate:foundation component udp priority address port typ kind [name value]...":
# one line of safe characters, so nothing can be slipped into the description.
CANDIDATE = re.compile(
    r"[A-Za-z0-9+/]{1,32} [12] (?:udp|UDP) \d{1,10} [A-Za-z0-9.:-]{1,64} \d{1,5} typ "
    r"(?:host|srflx|prflx|relay)(?: [a-z-]{1,24} [A-Za-z0-9.:+/-]{1,64})*"
)
SETUP = {OFFER: ("actpass",), ANSWER: ("active", "passive")}
Fields = dict[str, Any]  # a description's fields, as in a code


class BadCode(ValueError):
    """A code that cannot be used; reason is one of: empty, too_long, not_a_code,
    version, wrong_kind, content."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _sdp_value(sdp: str, name: str) -> str | None:
    for line in sdp.splitlines():
        if line.startswith(f"a={name}:"):
            return line[len(name) + 3 :].strip()
    return None


def from_sdp(kind: str, sdp: str) -> Fields:
    """The fields of a description this browser made (trusted), for encode()."""
    fingerprint = _sdp_value(sdp, "fingerprint") or ""
    algorithm, _, value = fingerprint.partition(" ")
    candidates = [
        line[len("a=candidate:") :].strip()
        for line in sdp.splitlines()
        if line.startswith("a=candidate:")
    ]
    fields = {
        "t": KINDS[kind],
        "u": _sdp_value(sdp, "ice-ufrag"),
        "p": _sdp_value(sdp, "ice-pwd"),
        "f": value.replace(":", "").lower() if algorithm.lower() == "sha-256" else "",
        "s": _sdp_value(sdp, "setup"),
        "c": [c for c in candidates if CANDIDATE.fullmatch(c)][:MAX_CANDIDATES],
    }
    check(kind, fields)
    return fields


def to_sdp(kind: str, fields: Fields) -> str:
    """A description for setRemoteDescription from checked fields."""
    fingerprint = ":".join(fields["f"][i : i + 2] for i in range(0, 64, 2)).upper()
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(f"a=candidate:{candidate}" for candidate in fields["c"]),
        "a=end-of-candidates",
        f"a=ice-ufrag:{fields['u']}",
        f"a=ice-pwd:{fields['p']}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{fields['s']}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def check(kind: str, fields: object) -> Fields:
    if not isinstance(fields, dict) or fields.get("t") != KINDS[kind]:
        raise BadCode("wrong_kind")
    candidates = fields.get("c")
    if not (
        set(fields) == {"t", "u", "p", "f", "s", "c"}
        and isinstance(fields["u"], str)
        and ICE_CHARS.fullmatch(fields["u"])
        and isinstance(fields["p"], str)
        and ICE_CHARS.fullmatch(fields["p"])
        and len(fields["p"]) >= 22
        and isinstance(fields["f"], str)
        and HEX_FINGERPRINT.fullmatch(fields["f"])
        and fields["s"] in SETUP[kind]
        and isinstance(candidates, list)
        and 1 <= len(candidates) <= MAX_CANDIDATES
        and all(isinstance(c, str) and CANDIDATE.fullmatch(c) for c in candidates)
    ):
        raise BadCode("content")
    return fields


def encode(kind: str, fields: Fields) -> str:
    check(kind, fields)
    data = json.dumps({"v": VERSION, **fields}, separators=(",", ":")).encode()
    deflated = zlib.compress(data, 9, wbits=-15)
    return base64.urlsafe_b64encode(deflated).decode().rstrip("=")


def decode(kind: str, code: object) -> Fields:
    """The checked fields of a code (an invite's or a reply's), or BadCode."""
    if not isinstance(code, str) or not code.strip():
        raise BadCode("empty")
    code = "".join(code.split())  # a code copied across lines
    if len(code) > MAX_CODE_CHARS:
        raise BadCode("too_long")
    try:
        fields = unpack(code, max_chars=MAX_CODE_CHARS, max_bytes=MAX_JSON_BYTES, raw_deflate=True)
    except TooBig:
        raise BadCode("too_long") from None
    except Untrusted:
        raise BadCode("not_a_code") from None
    if not isinstance(fields, dict):
        raise BadCode("not_a_code")
    if fields.get("v") != VERSION or type(fields.get("v")) is not int:
        raise BadCode("version")
    return check(kind, {k: v for k, v in fields.items() if k != "v"})


def invite_code(link: str) -> str:
    """The invite in a pasted link ("...#/connect?invite=CODE"), or the text itself."""
    _, found, rest = link.partition("invite=")
    return rest.split("&")[0] if found else link
