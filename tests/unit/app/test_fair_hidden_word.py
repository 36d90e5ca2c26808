"""app.fair.hidden_word: the duel's word as the sum of two committed shares, each guess's marks
by oblivious transfer both ways, and the end's check naming a device that lied."""

import json
import random

import pytest
from app.fair.errors import Cheated, ProtocolError
from app.fair.hidden_word import HiddenWord
from app.untrusted import parse_json
from games.wordle.feedback import pattern

ANSWERS = ["crane", "slate", "pious", "ghost", "lemon", "beach", "flint", "mango", "quart"]
GUESSES = ["crane", "fuzzy", "ghost", "amber", "lemon", "quart"]


def entry(number, index):
    return pattern(GUESSES[number], ANSWERS[index])


def seeded(seed):
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


def deliver(messages, to):
    """Every message to the other device; what it answers, in order."""
    out = []
    for message in messages:
        out += to.receive(json.loads(json.dumps(message)))  # as the channel carries it
    return out


def started(seed=1):
    size = len(ANSWERS)
    return linked(HiddenWord(0, size, seeded(seed)), HiddenWord(1, size, seeded(seed + 100)))


def linked(a, b):
    to_b, to_a = a.start(), b.start()
    answers_b, answers_a = deliver(to_b, b), deliver(to_a, a)
    assert deliver(answers_b, a) == [] and deliver(answers_a, b) == []
    assert a.ready and b.ready
    return a, b


def guess(a, b, number):
    """Both tables of guess `number` cross; each device's marks."""
    deliver(a.table(number, entry), b)
    deliver(b.table(number, entry), a)
    return a.value(number), b.value(number)


def the_word(a, b):
    return ANSWERS[(a.share + b.share) % len(ANSWERS)]


def end(a, b):
    deliver(a.reveal(), b)
    deliver(b.reveal(), a)


@pytest.mark.parametrize("seed", range(12))
def test_each_device_learns_each_guess_marks_and_not_the_word(seed):
    a, b = started(seed)
    word = the_word(a, b)
    for number, guessed in enumerate(GUESSES):
        assert guess(a, b, number) == (pattern(guessed, word),) * 2
    assert a.index is None and b.index is None
    end(a, b)
    assert ANSWERS[a.check(entry)] == word == ANSWERS[b.check(entry)]


def test_the_shares_are_random_and_neither_alone_is_the_word():
    shares = {HiddenWord(0, 1000).share for _ in range(20)}
    assert len(shares) > 15


def test_nothing_saved_during_play_holds_the_word_or_the_others_share():
    a, b = started(3)
    guess(a, b, 0)
    saved = json.dumps(a.to_json())
    assert b.opening["salt"] not in saved and b.opening["value"] not in saved
    assert the_word(a, b) not in saved
    restored = HiddenWord.from_json(parse_json(saved, max_chars=100_000))
    assert restored.to_json() == a.to_json()
    deliver(b.table(1, entry), restored)
    assert restored.value(1) == pattern(GUESSES[1], the_word(a, b))
    end(restored, b)
    assert restored.check(entry) == b.check(entry)
    again = HiddenWord.from_json(json.loads(json.dumps(restored.to_json())))
    assert again.index == restored.index


@pytest.mark.parametrize(
    "save",
    [
        None,
        {},
        {"version": 2},
        "x",
    ],
)
def test_a_damaged_save_is_refused(save):
    with pytest.raises(ProtocolError):
        HiddenWord.from_json(save)


def test_a_save_whose_opening_was_changed_is_refused():
    data = started(4)[0].to_json()
    data["opening"] = {**data["opening"], "value": "99:" + "00" * 32}
    with pytest.raises(ProtocolError):
        HiddenWord.from_json(data)


# --- a cheater in every role -------------------------------------------------------------------


def test_wrong_table_entries_are_named_at_the_end():
    a, b = started(5)
    word = the_word(a, b)
    deliver(a.table(0, entry), b)
    lie = lambda number, index: 0  # noqa: E731 - every entry grey
    deliver(b.table(0, lie), a)
    assert a.value(0) == 0 != pattern(GUESSES[0], word)
    end(a, b)
    with pytest.raises(Cheated, match="table") as caught:
        a.check(entry)
    assert caught.value.seat == 1
    b.check(entry)  # a was honest


def test_a_table_rotated_by_another_share_is_named_at_the_end():
    a, b = started(6)
    b.share = (b.share + 1) % len(ANSWERS)  # b's table no longer fits its commitment
    deliver(b.table(0, entry), a)
    b.share = (b.share - 1) % len(ANSWERS)
    if a.value(0) == pattern(GUESSES[0], the_word(a, b)):
        pytest.skip("the neighbour's marks happen to be the same")
    end(a, b)
    with pytest.raises(Cheated):
        a.check(entry)


def test_a_share_whose_opening_contradicts_its_commitment_is_refused():
    a, b = started(7)
    [reveal] = b.reveal()
    share, key = reveal["opening"]["value"].split(":")
    forged = {**reveal, "opening": {**reveal["opening"], "value": f"{int(share) + 1}:{key}"}}
    with pytest.raises(Cheated, match="commitment") as caught:
        a.receive(forged)
    assert caught.value.seat == 1 and a.index is None
    a.receive(reveal)
    assert a.index is not None


def test_a_committed_share_outside_the_list_is_named():
    a = HiddenWord(0, 5, seeded(1))
    big = HiddenWord(1, 50, seeded(2))
    while big.share < 5:
        big = HiddenWord(1, 50)
    deliver(big.start(), a)
    with pytest.raises(Cheated, match="index"):
        a.receive(big.reveal()[0])


def test_a_different_table_size_is_refused():
    a, b = linked(HiddenWord(0, len(ANSWERS), seeded(1)), HiddenWord(1, len(ANSWERS) + 1))
    with pytest.raises(ProtocolError, match="table"):
        a.receive(b.table(0, lambda number, index: 0)[0])
    assert a.value(0) is None


def test_a_device_that_chose_another_entry_is_named_at_the_reveal():
    a, b = started(8)
    b.receiver.choice = (b.share + 2) % len(ANSWERS)  # b opens another answer's marks
    b.receiver.points = []
    b.receiver.setup = None
    [choices] = b.receiver.receive(
        {"type": "word-setup", "seat": 0, "point": a.start()[1]["point"]}
    )
    a.sender.choices = None
    a.receive(choices)
    deliver(a.table(0, entry), b)
    with pytest.raises(Cheated, match="chose") as caught:
        a.receive(b.reveal()[0])
    assert caught.value.seat == 1


def test_a_setup_point_not_of_the_key_is_named_at_the_reveal():
    a, b = started(9)
    a.receiver.setup = HiddenWord(1, len(ANSWERS), seeded(50)).sender.point
    with pytest.raises(Cheated, match="setup"):
        a.receive(b.reveal()[0])


@pytest.mark.parametrize(
    "message",
    [
        {"type": "word-commit", "seat": 1, "commitment": "00" * 32},  # a second commitment
        {"type": "word-commit", "seat": 0, "commitment": "00" * 32},  # this device's seat
        {"type": "word-setup", "seat": 1, "point": "00"},
        {"type": "word-choices", "seat": 1, "points": []},
        {"type": "word-entries", "seat": 1, "number": 0, "data": "00"},
        {"type": "word-reveal", "seat": 1, "opening": {"salt": "zz", "value": "[]"}},
        {"type": "word-reveal", "seat": 1, "opening": "x"},
        {"type": "word-other", "seat": 1},
        {"type": "word-commit", "seat": 1, "commitment": "00" * 32, "extra": 1},
        ["word-commit"],
    ],
)
def test_junk_is_refused_with_nothing_changed(message):
    a, _ = started(10)
    before = a.to_json()
    with pytest.raises(ProtocolError):
        a.receive(message)
    assert a.to_json() == before


def test_replays_are_refused():
    a, b = started(11)
    [table] = b.table(0, entry)
    a.receive(table)
    with pytest.raises(ProtocolError, match="again"):
        a.receive(table)
    [reveal] = b.reveal()
    a.receive(reveal)
    with pytest.raises(ProtocolError, match="already"):
        a.receive(reveal)


def test_messages_before_the_commitment_and_entries_after_the_reveal_are_refused():
    a = HiddenWord(0, len(ANSWERS), seeded(1))
    b = HiddenWord(1, len(ANSWERS), seeded(2))
    _, setup = b.start()
    with pytest.raises(ProtocolError, match="before"):
        a.receive(setup)
    with pytest.raises(ProtocolError, match="before"):
        a.receive(b.reveal()[0])
    a2, b2 = started(12)
    deliver(b2.reveal(), a2)
    with pytest.raises(RuntimeError):
        b2.table(0, entry)
    with pytest.raises(ProtocolError, match="after"):
        a2.receive({"type": "word-entries", "seat": 1, "number": 0, "data": "00" * 18})
