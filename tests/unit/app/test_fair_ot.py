"""app.fair.ot: 1-out-of-n oblivious transfer (Chou-Orlandi) and its checks of every message."""

import random

import pytest
from app.fair.errors import Cheated, ProtocolError
from app.fair.group import HEX_DIGITS, P, is_residue, to_hex
from app.fair.ot import (
    OtReceiver,
    OtSender,
    check_receiver,
    check_sender,
    choice_points,
    sender_point,
)

NON_RESIDUE = next(x for x in range(3, 100) if not is_residue(x))


def key(fill):
    return bytes([fill]) * 32


def pair(size, choice, transfers=3, entry_bytes=2):
    sender = OtSender(0, size, transfers, key(1), entry_bytes=entry_bytes)
    receiver = OtReceiver(1, size, transfers, choice, key(2), entry_bytes=entry_bytes)
    [choices] = receiver.receive(sender.setup()[0])
    sender.receive(choices)
    return sender, receiver


@pytest.mark.parametrize("size", [2, 3, 17, 256, 1000, 2094])
def test_the_receiver_gets_the_entry_it_chose_in_every_transfer(size):
    rng = random.Random(size)
    for choice in {0, size - 1, rng.randrange(size)}:
        sender, receiver = pair(size, choice)
        for number in range(3):
            table = [rng.randrange(729) for _ in range(size)]
            receiver.receive(sender.send(number, table)[0])
            assert receiver.values[number] == table[choice]


def test_every_index_of_a_small_table_is_received():
    table = [7, 300, 0, 728, 41]
    for choice in range(5):
        sender, receiver = pair(5, choice, transfers=1)
        receiver.receive(sender.send(0, table)[0])
        assert receiver.values == {0: table[choice]}


def test_the_receivers_keys_open_no_other_entry():
    rng = random.Random(5)
    table = [rng.randrange(1 << 32) for _ in range(64)]
    sender, receiver = pair(64, 9, transfers=1, entry_bytes=4)
    [entries] = sender.send(0, table)
    data = bytes.fromhex(entries["data"])
    assert receiver._open(0, data) == table[9]
    opened = []
    for other in range(64):
        receiver.choice = other  # the same keys, trying another entry
        opened.append(receiver._open(0, data) == table[other])
    assert opened == [other == 9 for other in range(64)]


def test_the_senders_view_of_a_choice_is_the_same_shape_for_every_index():
    points = {choice: choice_points(key(2), choice, sender_point(key(1)), 2) for choice in (0, 1)}
    assert points[0] != points[1]
    assert all(1 < x < P - 1 and is_residue(x) for pts in points.values() for x in pts)


# --- a cheating sender ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "point, error",
    [
        (to_hex(NON_RESIDUE), Cheated),
        (to_hex(1), ProtocolError),
        (to_hex(0), ProtocolError),
        (to_hex(P - 1), ProtocolError),
        ("ff" * (HEX_DIGITS // 2), ProtocolError),  # above p
        (to_hex(4)[2:], ProtocolError),  # too short
        (to_hex(P // 3).upper(), ProtocolError),
        (4, ProtocolError),
        (None, ProtocolError),
    ],
)
def test_a_setup_point_outside_the_group_is_refused(point, error):
    receiver = OtReceiver(1, 10, 1, 3, key(2))
    with pytest.raises(error):
        receiver.receive({"type": "ot-setup", "seat": 0, "point": point})
    assert receiver.setup is None


def test_a_second_setup_is_refused():
    sender, receiver = pair(10, 3)
    with pytest.raises(ProtocolError, match="already"):
        receiver.receive(sender.setup()[0])


@pytest.mark.parametrize(
    "change",
    [
        {"data": "00" * 19},  # 10 entries of 2 bytes is 20 bytes
        {"data": "00" * 21},
        {"data": "zz" * 20},
        {"data": 5},
        {"number": 3},
        {"number": -1},
        {"number": "0"},
        {"number": True},
        {"seat": 1},  # claims the receiver's own seat
        {"extra": 1},
    ],
)
def test_malformed_entries_are_refused(change):
    sender, receiver = pair(10, 3)
    [entries] = sender.send(0, list(range(10)))
    with pytest.raises(ProtocolError):
        receiver.receive({**entries, **change})
    assert receiver.values == {}


def test_entries_replayed_are_refused():
    sender, receiver = pair(10, 3)
    [entries] = sender.send(0, list(range(10)))
    receiver.receive(entries)
    with pytest.raises(ProtocolError, match="again"):
        receiver.receive(entries)
    assert receiver.values == {0: 3}


def test_entries_before_the_setup_are_refused():
    sender, _ = pair(10, 3)
    [entries] = sender.send(0, list(range(10)))
    with pytest.raises(ProtocolError, match="before"):
        OtReceiver(1, 10, 3, 3, key(2)).receive(entries)


def test_a_sender_whose_setup_is_not_its_keys_is_caught_once_the_key_is_shown():
    check_sender(0, key(1), sender_point(key(1)))
    with pytest.raises(Cheated, match="setup"):
        check_sender(0, key(1), sender_point(key(3)))


# --- a cheating receiver ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "points, error",
    [
        (None, ProtocolError),
        ("ab", ProtocolError),
        ([], ProtocolError),
        ([to_hex(4)] * 2, ProtocolError),  # three transfers
        ([to_hex(4)] * 4, ProtocolError),
        ([to_hex(4), to_hex(NON_RESIDUE), to_hex(4)], Cheated),
        ([to_hex(4), to_hex(1), to_hex(4)], ProtocolError),
        ([to_hex(4), 4, to_hex(4)], ProtocolError),
    ],
)
def test_junk_choices_are_refused(points, error):
    sender = OtSender(0, 10, 3, key(1))
    with pytest.raises(error):
        sender.receive({"type": "ot-choices", "seat": 1, "points": points})
    assert sender.choices is None


def test_choices_replayed_are_refused_and_other_messages_too():
    sender, _ = pair(10, 3)
    with pytest.raises(ProtocolError, match="already"):
        sender.receive({"type": "ot-choices", "seat": 1, "points": [to_hex(4)] * 3})
    with pytest.raises(ProtocolError):
        sender.receive({"type": "ot-entries", "seat": 1, "number": 0, "data": ""})
    with pytest.raises(ProtocolError):
        sender.receive("ot-choices")


def test_a_receiver_that_chose_another_entry_is_caught_once_its_key_is_shown():
    sender, _ = pair(10, 3)
    assert sender.choices is not None
    check_receiver(1, key(2), 3, sender.point, sender.choices)
    with pytest.raises(Cheated, match="chose"):
        check_receiver(1, key(2), 4, sender.point, sender.choices)
    lying = [*sender.choices[:2], choice_points(key(2), 4, sender.point, 3)[2]]
    with pytest.raises(Cheated, match="chose"):
        check_receiver(1, key(2), 3, sender.point, lying)
