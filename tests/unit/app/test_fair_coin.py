"""app.fair.coin: commit-reveal joint randomness between 2 to 8 peers."""

import hashlib
import json

import pytest
from app.fair.coin import CoinPeer
from app.fair.errors import Cheated, ProtocolError


def run(peers):
    """Broadcasts every message to every other peer until none is left; returns them all."""
    queue = [message for peer in peers for message in peer.start()]
    sent = list(queue)
    while queue:
        message = queue.pop(0)
        for peer in peers:
            if peer.seat != message["seat"]:
                answers = peer.receive(message)
                queue.extend(answers)
                sent.extend(answers)
    return sent


def fixed_bytes(fill):
    return lambda n: bytes([fill]) * n


@pytest.mark.parametrize("seats", [2, 3, 4, 8])
def test_every_peer_agrees_on_the_seed_of_all_reveals(seats):
    peers = [CoinPeer(seat, seats, fixed_bytes(seat + 1)) for seat in range(seats)]
    run(peers)
    expected = hashlib.sha256(b"".join(bytes([s + 1]) * 32 for s in range(seats))).digest()
    assert all(peer.seed == expected for peer in peers)
    assert len({peer.pick(6) for peer in peers}) == 1


@pytest.mark.parametrize("seats", [1, 9])
def test_a_flip_is_among_2_to_8_seats(seats):
    with pytest.raises(ValueError):
        CoinPeer(0, seats)


def test_seeds_differ_between_flips():
    seeds = set()
    for _ in range(3):
        peers = [CoinPeer(0, 2), CoinPeer(1, 2)]
        run(peers)
        seeds.add(peers[0].seed)
    assert len(seeds) == 3


def test_no_reveal_before_all_commitments_are_in():
    a, b, c = CoinPeer(0, 3), CoinPeer(1, 3), CoinPeer(2, 3)
    first = a.start()
    assert [m["type"] for m in first] == ["coin-commit"]
    b.start()
    # a has only b's commitment: it does not reveal yet
    assert a.receive({"type": "coin-commit", "seat": 1, "commitment": b.commitments[1]}) == []
    answers = a.receive({"type": "coin-commit", "seat": 2, "commitment": c.commitments[2]})
    assert [m["type"] for m in answers] == ["coin-reveal"]
    # b has not got c's commitment, so a reveal reaching it now is refused
    b.receive(first[0])
    with pytest.raises(ProtocolError, match="before all commitments"):
        b.receive(answers[0])


def test_a_reveal_that_does_not_match_names_the_cheater():
    a, b = CoinPeer(0, 2), CoinPeer(1, 2)
    to_b = a.start()
    b_messages = b.start()
    reveal_a = a.receive(b_messages[0])[0]
    b.receive(to_b[0])
    forged = {**reveal_a, "opening": {**reveal_a["opening"], "value": json.dumps("ab" * 32)}}
    with pytest.raises(Cheated) as caught:
        b.receive(forged)
    assert caught.value.seat == 0
    assert b.seed is None
    b.receive(reveal_a)
    assert b.seed is not None


def test_a_second_commitment_is_refused():
    a, b = CoinPeer(0, 2), CoinPeer(1, 2)
    commitment = b.start()[0]
    a.receive(commitment)
    with pytest.raises(ProtocolError, match="committed already"):
        a.receive({**commitment, "commitment": "0" * 64})


@pytest.mark.parametrize(
    "junk",
    [
        None,
        [],
        "coin-commit",
        {},
        {"type": "coin-commit"},
        {"type": "coin-commit", "seat": 1},
        {"type": "coin-commit", "seat": 1, "commitment": "xyz"},
        {"type": "coin-commit", "seat": True, "commitment": "0" * 64},
        {"type": "coin-commit", "seat": 0, "commitment": "0" * 64},
        {"type": "coin-commit", "seat": 7, "commitment": "0" * 64},
        {"type": "coin-commit", "seat": 1, "commitment": "0" * 64, "more": 1},
        {"type": "coin-reveal", "seat": 1, "opening": None},
        {"type": "nonsense", "seat": 1},
        {"type": 5, "seat": 1},
    ],
)
def test_junk_is_refused_without_crashing(junk):
    peer = CoinPeer(0, 2)
    peer.start()
    with pytest.raises(ProtocolError):
        peer.receive(junk)
    assert peer.commitments.keys() == {0}


def test_a_malformed_opening_after_all_commitments_is_refused():
    a, b = CoinPeer(0, 2), CoinPeer(1, 2)
    a.start()
    a.receive(b.start()[0])
    with pytest.raises(ProtocolError):
        a.receive({"type": "coin-reveal", "seat": 1, "opening": {"salt": "00", "value": "x"}})


def test_state_survives_a_json_round_trip_mid_flip():
    a, b = CoinPeer(0, 2), CoinPeer(1, 2)
    to_b = a.start()
    saved = json.loads(json.dumps(a.to_json()))
    a = CoinPeer.from_json(saved)
    reveal_a = a.receive(b.start()[0])
    reveal_b = b.receive(to_b[0])
    a.receive(reveal_b[0])
    b.receive(reveal_a[0])
    assert a.seed == b.seed is not None
    assert CoinPeer.from_json(json.loads(json.dumps(b.to_json()))).seed == b.seed


@pytest.mark.parametrize(
    "saved", [None, {}, {"version": 2, "kind": "coin"}, {"version": 1, "kind": "deck"}]
)
def test_an_unreadable_save_is_a_protocol_error(saved):
    with pytest.raises(ProtocolError):
        CoinPeer.from_json(saved)


@pytest.mark.parametrize("hostile", ['"' + "[" * 100_000 + '"', "[" * 100_000, '"\\"' * 50_000])
def test_an_opening_of_hostile_json_names_the_cheater_and_never_parses_deeply(hostile):
    """Issue 31, finding 4: a committed value that opens to 100,000 '[' overflowed the stack
    of Pyodide's json.loads (a fatal error). The opening is read by the guarded parser."""
    from app.fair import commit as commitments

    honest, cheater = CoinPeer(0, 2), CoinPeer(1, 2)
    commitment, opening = commitments.commit(hostile)
    honest.start()
    honest.receive({"type": "coin-commit", "seat": 1, "commitment": commitment})
    with pytest.raises(Cheated) as caught:
        honest.receive({"type": "coin-reveal", "seat": 1, "opening": opening})
    assert caught.value.seat == 1
    assert cheater.seed is None and honest.seed is None
