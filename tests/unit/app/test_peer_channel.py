import json

import pytest
from app.peer import channel
from app.peer.channel import Assembler, Channel, clean_name, frames


class Pair:
    """Two channels joined by an in-memory transport."""

    def __init__(self, a="Ann", b="Bryn"):
        self.a = Channel(
            a, lambda text: self.b.received(text), lambda: self.b.transport_state("closed")
        )
        self.b = Channel(
            b, lambda text: self.a.received(text), lambda: self.a.transport_state("closed")
        )
        self.got = {"a": [], "b": []}
        self.states = {"a": [], "b": []}
        for side in ("a", "b"):
            getattr(self, side).on_message(self.got[side].append)
            getattr(self, side).on_state(self.states[side].append)

    def open(self):
        self.a.transport_state("open")
        self.b.transport_state("open")


def test_the_channel_opens_after_each_hello_with_the_others_name():
    pair = Pair()
    pair.a.transport_state("open")
    assert pair.b.peer_name == "Ann" and pair.b.state == "connecting"  # B has not said hello
    pair.b.transport_state("open")
    assert pair.a.peer_name == "Bryn" and pair.a.state == pair.b.state == "open"
    assert pair.states["a"] == ["open"]


def test_messages_arrive_and_a_long_one_is_sent_in_parts():
    pair = Pair()
    pair.open()
    pair.a.send({"type": "move", "n": 1})
    long = {"type": "deal", "cards": ["x" * 100] * 400}  # about 41 KB
    sent = frames(long)
    assert len(sent) == 3 and all(len(f) <= 16_000 for f in sent)
    pair.b.send(long)
    assert pair.got == {"b": [{"type": "move", "n": 1}], "a": [long]}


def test_sending_before_open_or_a_non_dict_is_refused():
    pair = Pair()
    with pytest.raises(RuntimeError):
        pair.a.send({"x": 1})
    pair.open()
    with pytest.raises(TypeError):
        pair.a.send(["x"])
    with pytest.raises(ValueError):
        pair.a.send({"x": "y" * channel.MAX_MESSAGE_CHARS})


@pytest.mark.parametrize(
    "frame",
    [
        "Mnot json",
        "M[1, 2]",
        "M" + "[" * 10_000,
        "X{}",
        "P1/2:{}",
        "P0/999:{}",
        "Pa/b:{}",
        "M" + "x" * 20_000,
        42,
        None,
    ],
)
def test_junk_is_dropped_and_reported_and_the_channel_stays_open(frame):
    pair = Pair()
    pair.open()
    pair.a.received(frame)
    assert pair.a.state == "open" and pair.states["a"][-1] == "dropped"
    assert pair.got["a"] == []
    pair.b.send({"after": True})
    assert pair.got["a"] == [{"after": True}]


def test_a_part_of_another_message_mid_way_is_dropped():
    assembler = Assembler()
    assert assembler.feed("P0/3:" + json.dumps({"a": 1})[:3]) is None
    with pytest.raises(ValueError):
        assembler.feed('M{"b": 2}')
    assert assembler.feed('M{"b": 2}') == {"b": 2}  # the half message was forgotten


def test_a_first_message_that_is_not_a_hello_fails_the_channel():
    closed = []
    ch = Channel("Ann", lambda text: None, lambda: closed.append(True))
    ch.transport_state("open")
    ch.received('M{"type": "move"}')
    assert ch.state == "failed" and closed == [True]


def test_a_hello_with_a_bad_name_fails_the_channel():
    ch = Channel("Ann", lambda text: None)
    ch.transport_state("open")
    ch.received('M{"type": "hello", "name": "a\\u0000b"}')
    assert ch.state == "failed" and ch.peer_name is None


def test_the_transport_closing_or_failing_is_reported_once():
    pair = Pair()
    pair.open()
    pair.a.close()
    assert pair.states["b"] == ["open", "closed"] and pair.b.state == "closed"
    pair.b.transport_state("failed")
    assert pair.states["b"] == ["open", "closed"]


@pytest.mark.parametrize(
    "name, cleaned",
    [
        ("  Siân   Wyn ", "Siân Wyn"),
        ("<b>x</b>", "<b>x</b>"),  # shown as text, never as HTML
        ("", None),
        ("x" * 25, None),
        ("bad\u202ename", None),
        (["x"], None),
        (None, None),
    ],
)
def test_names_are_checked(name, cleaned):
    assert clean_name(name) == cleaned


def test_an_interrupted_connection_that_comes_back_is_open_again_without_a_second_hello():
    pair = Pair()
    pair.open()
    frames_sent = []
    pair.a._send = lambda text: (frames_sent.append(text), pair.b.received(text))
    pair.a.transport_state("interrupted")
    assert pair.a.state == "interrupted" and pair.states["a"][-1] == "interrupted"
    with pytest.raises(RuntimeError):
        pair.a.send({"type": "move"})  # nothing is sent into a missing network
    pair.a.transport_state("open")
    assert pair.a.state == "open" and pair.states["a"][-2:] == ["interrupted", "open"]
    assert frames_sent == []  # no second hello
    pair.a.send({"type": "move", "n": 2})
    assert pair.got["b"] == [{"type": "move", "n": 2}]
    pair.a.transport_state("closed")
    assert pair.a.state == "closed"
