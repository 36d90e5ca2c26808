"""The one guarded way in for untrusted text (app.untrusted): what it refuses, what it keeps,
and that hostile text of every shape costs time linear in its length (issue 31, findings 4-5)."""

import base64
import json
import zlib

import pytest
from app.untrusted import MAX_DEPTH, Untrusted, nesting_ok, parse_json, unpack

BIG = 300_000


def refused(text, **limits):
    with pytest.raises(Untrusted) as caught:
        parse_json(text, max_chars=limits.pop("max_chars", BIG), **limits)
    return caught.value.reason


@pytest.mark.parametrize(
    "value",
    [
        {"type": "move", "seat": 1, "text": "b7-c8", "list": [[[1.5, -2, None, True]]]},
        [],
        'plain text with [brackets] and {braces} and \\ and "quotes"',
        {"name": "Bryn 🐉", "emoji escaped": "🐉"},
        12345678901234567890,
        {"nested": "[" * 500},
    ],
)
def test_what_the_app_writes_comes_back_the_same(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert parse_json(text, max_chars=BIG) == value
        assert parse_json(text.encode("utf-8"), max_chars=BIG) == value


def test_nesting_up_to_the_limit_is_kept_and_one_more_is_refused():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_chars=BIG) is not None
    assert "nested" in refused("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert "nested" in refused('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1))
    assert parse_json("[[1]]", max_chars=10, max_depth=2) == [[1]]
    refused("[[[1]]]", max_depth=2)


def test_brackets_inside_strings_and_escaped_quotes_do_not_count():
    assert nesting_ok(json.dumps({"text": "[" * 500, "list": [[[1]]]}), MAX_DEPTH)
    assert nesting_ok('"\\"[[[["', MAX_DEPTH)
    assert not nesting_ok('"\\\\"' + "[" * 100, MAX_DEPTH)  # an escaped backslash ends no string


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,  # finding 4: a fatal error in Pyodide's json.loads
        '"' + '\\"' * 100_000,  # finding 5: a string that never closes (was quadratic)
        "[1, 2",
        "]",
        "",
        "{'single': 'quotes'}",
        "[NaN]",
        "[-Infinity]",
        "[1e999]",
        "1" * 5000,  # past Python's 4,300 digits
        "1" * 41,
        '{"a": 1, "a": 2}',
        '["\\ud800"]',  # a lone surrogate
        '["\\udc00\\ud800"]',
        '["a\u0001b"]',  # a control character inside a string
        "[1e-999]",
        "[1E+999]",
        '"never closed',
        "[1] \u00e9",  # a character outside strings that JSON does not allow
        "[{]}",  # balanced once braces count as brackets: json.loads refuses it
        "][",
        '{"a": {"b": 1, "b": 2}}',  # a key given twice in a nested object
        '[{"a": 1}, {"a": 1, "b": 2, "a": 3}]',
        '{"a": 1, "\\u0061": 2}',  # the same key, once escaped
        '["\\ud800\\\\\\udc00"]',  # two lone halves either side of an escaped backslash
        '["\\ud800\\"\\udc00"]',
    ],
)
def test_hostile_or_broken_text_is_refused_with_the_apps_own_error(text):
    refused(text)


def test_the_same_key_in_different_objects_is_kept():
    value = [{"a": 1, "b": {"a": 2, "b": [{"a": 3}]}}, {"a": 4}, {}]
    assert parse_json(json.dumps(value), max_chars=BIG) == value
    assert parse_json('{"a:b": 1, "c": ":"}', max_chars=BIG) == {"a:b": 1, "c": ":"}


def test_nesting_counts_braces_and_brackets_alike():
    half = MAX_DEPTH // 2
    assert parse_json('{"k":[' * half + "1" + "]}" * half, max_chars=BIG) is not None
    assert "nested" in refused('[{"k":[' + '{"k":[' * half + "1" + "]}" * half + "}]")
    assert nesting_ok("[[],[[]],[[[]]]]", 4) and not nesting_ok("[[],[[]],[[[]]]]", 3)
    assert not nesting_ok("[[]", MAX_DEPTH) and not nesting_ok("[]]", MAX_DEPTH)


def test_a_surrogate_pair_and_an_escaped_backslash_before_u_are_kept():
    assert parse_json('["\\ud83d\\udc09"]', max_chars=100) == ["🐉"]
    assert parse_json('["\\\\ud800"]', max_chars=100) == ["\\ud800"]


def test_size_is_bounded_before_anything_else():
    assert "longer" in refused("[1]" * 10, max_chars=29)
    assert "longer" in refused(b"[1]" * 10, max_chars=29)
    assert "UTF-8" in refused(b'["\xff"]')
    assert "not text" in refused(None)


def packed(data: bytes, raw_deflate=False) -> str:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15 if raw_deflate else 15)
    squeezed = compressor.compress(data) + compressor.flush()
    return base64.urlsafe_b64encode(squeezed).decode().rstrip("=")


def test_unpack_reads_the_apps_tokens_and_stops_a_zlib_bomb():
    assert unpack(packed(b'{"a":[1]}'), max_chars=100, max_bytes=100) == {"a": [1]}
    assert unpack(
        packed(b"[2]", raw_deflate=True), max_chars=100, max_bytes=10, raw_deflate=True
    ) == [2]
    bomb = packed(b"[" * 10_000_000)
    assert len(bomb) < 20_000
    with pytest.raises(Untrusted, match="inflates past"):
        unpack(bomb, max_chars=20_000, max_bytes=200_000)
    for junk in ("", "!!!", "a" * 101, packed(b"[" * 1000)):
        with pytest.raises(Untrusted):
            unpack(junk, max_chars=100, max_bytes=100_000)
