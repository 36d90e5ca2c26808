import base64
import json
import zlib

import pytest
from app.peer import codes
from app.peer.codes import ANSWER, OFFER, BadCode

# What Chromium 14x made for a data channel with no ICE servers (mDNS-hidden host candidates).
OFFER_SDP = (
    "v=0\r\no=- 8633701190168703211 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:1751145384 1 udp 2113937151 35132ed9-a6cc-43a6-b64b-c885ecb2655f.local 38735 typ host generation 0 network-cost 999\r\n"
    "a=candidate:1863464728 1 udp 2113942271 feb3facf-5135-4d70-8672-ef1871176869.local 57925 typ host generation 0 network-cost 999\r\n"
    "a=candidate:2 1 tcp 1518280447 192.168.1.5 9 typ host tcptype active generation 0\r\n"
    "a=ice-ufrag:wm8t\r\na=ice-pwd:HjQtaGK7m5l27ompK//X1eQp\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 5A:54:F9:AE:D7:E6:54:FD:1E:F5:F0:8C:62:A0:78:D5:6D:1A:76:1E:BC:7D:5A:A8:F0:02:04:41:83:9D:92:96\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
ANSWER_SDP = (
    OFFER_SDP.replace("setup:actpass", "setup:active")
    .replace("wm8t", "G1Fe")
    .replace("HjQtaGK7m5l27ompK//X1eQp", "52LxJDQ9IgdsVMVRoFadnwJV")
)


def raw_code(fields) -> str:
    data = json.dumps(fields).encode()
    return base64.urlsafe_b64encode(zlib.compress(data, 9, wbits=-15)).decode().rstrip("=")


def test_an_offer_goes_round_trip_with_only_what_is_needed():
    fields = codes.from_sdp(OFFER, OFFER_SDP)
    assert fields["u"] == "wm8t" and fields["s"] == "actpass"
    assert len(fields["c"]) == 2  # the TCP candidate is left out
    code = codes.encode(OFFER, fields)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(code) < 400
    assert codes.decode(OFFER, code) == fields
    sdp = codes.to_sdp(OFFER, codes.decode(OFFER, code))
    for line in OFFER_SDP.split("\r\n"):
        if line.startswith(("a=ice-", "a=fingerprint", "a=setup", "a=candidate:17", "m=")):
            assert line in sdp.split("\r\n") or line == "a=ice-options:trickle"


def test_an_answer_round_trips_and_is_not_taken_for_an_invite():
    code = codes.encode(ANSWER, codes.from_sdp(ANSWER, ANSWER_SDP))
    assert codes.decode(ANSWER, code)["s"] == "active"
    with pytest.raises(BadCode) as refused:
        codes.decode(OFFER, code)
    assert refused.value.reason == "wrong_kind"


def test_a_code_split_across_lines_or_inside_a_link_still_reads():
    code = codes.encode(OFFER, codes.from_sdp(OFFER, OFFER_SDP))
    assert codes.decode(OFFER, code[:50] + "\n  " + code[50:])
    link = f"https://example.org/gemau/#/connect?invite={code}&x=1"
    assert codes.invite_code(link) == code


def good_fields():
    return codes.from_sdp(OFFER, OFFER_SDP)


@pytest.mark.parametrize(
    "code, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        (None, "empty"),
        (42, "empty"),
        ("A" * 5000, "too_long"),
        ("not a code!", "not_a_code"),
        ("AAAA", "not_a_code"),
        (base64.urlsafe_b64encode(b"plain text").decode(), "not_a_code"),
        (raw_code([1, 2]), "not_a_code"),
        (raw_code({"v": 2, **good_fields()}), "version"),
        (raw_code({"v": True, **good_fields()}), "version"),
        (raw_code(good_fields()), "version"),
        (raw_code({"v": 1, **good_fields(), "x": 1}), "content"),
        (raw_code({"v": 1, **good_fields(), "u": "a\r\nb=x"}), "content"),
        (raw_code({"v": 1, **good_fields(), "p": "short"}), "content"),
        (raw_code({"v": 1, **good_fields(), "f": "00" * 31}), "content"),
        (raw_code({"v": 1, **good_fields(), "s": "active"}), "content"),
        (raw_code({"v": 1, **good_fields(), "c": []}), "content"),
        (
            raw_code({"v": 1, **good_fields(), "c": ["1 1 udp 1 1.2.3.4 5 typ host\r\na=x"]}),
            "content",
        ),
        (raw_code({"v": 1, **good_fields(), "c": [7]}), "content"),
        (raw_code({"v": 1, **good_fields(), "c": good_fields()["c"] * 9}), "content"),
        (raw_code({"v": 1, **good_fields(), "t": "a"}), "wrong_kind"),
    ],
)
def test_junk_is_refused_with_a_reason(code, reason):
    with pytest.raises(BadCode) as refused:
        codes.decode(OFFER, code)
    assert refused.value.reason == reason


def test_a_small_code_that_inflates_past_the_limit_is_refused():
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 1_000_000, 9, wbits=-15)).decode()
    assert len(bomb) < codes.MAX_CODE_CHARS
    with pytest.raises(BadCode) as refused:
        codes.decode(OFFER, bomb)
    assert refused.value.reason == "too_long"


def test_nested_junk_does_not_crash():
    with pytest.raises(BadCode):
        codes.decode(OFFER, raw_code({"v": 1, "c": [[[[[]]]]] * 100}))
    deep = base64.urlsafe_b64encode(zlib.compress(b"[" * 7000, 9, wbits=-15)).decode()
    with pytest.raises(BadCode) as refused:  # json.loads would overflow Pyodide's stack
        codes.decode(OFFER, deep)
    assert refused.value.reason == "not_a_code"
