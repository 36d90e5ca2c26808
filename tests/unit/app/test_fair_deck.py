"""app.fair.deck: mental poker for the Dominoes tiles between 2 to 4 seats."""

import json

import pytest
from app.fair.deck import ENCODED, HEX_DIGITS, TILES, DeckPeer, P, to_hex
from app.fair.errors import Cheated, ProtocolError
from games.dominoes.tiles import SET


def run_local(peers, first, tamper=None, caught=None, reload=False):
    """Broadcasts each message to every other peer, all in one order, until none is left.
    tamper(message) may change a message on its way; with caught (a dict), a Cheated raised by
    a peer is kept under its seat instead of stopping the run; reload saves and reloads every
    peer through JSON before each message. Returns every message sent."""
    queue, log = list(first), []
    while queue:
        message = queue.pop(0)
        if tamper:
            message = tamper(message)
        log.append(message)
        for index, peer in enumerate(peers):
            if reload:
                peer = peers[index] = DeckPeer.from_json(json.loads(json.dumps(peer.to_json())))
            if peer.seat == message["seat"]:
                continue
            try:
                queue.extend(peer.receive(message))
            except Cheated as error:
                if caught is None:
                    raise
                caught[peer.seat] = error
    return log


def table(seats, **options):
    peers = [DeckPeer(seat, seats) for seat in range(seats)]
    log = run_local(peers, peers[0].start(), **options)
    return peers, log


def reveal_all(peers):
    run_local(peers, [message for peer in peers for message in peer.reveal_key()])


def draw(peers, seat):
    return run_local(peers, peers[seat].request_draw())


def values_in(log):
    for message in log:
        yield from message.get("cards", []) if message["type"] == "deck-shuffle" else []
        yield from message.get("values", [])


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_honest_deal_gives_each_seat_seven_tiles_only_it_sees(seats):
    peers, log = table(seats)
    hands = [set(peer.tiles) for peer in peers]
    assert all(len(hand) == 7 for hand in hands)
    assert len(set().union(*hands)) == 7 * seats
    assert all(not peer.busy and peer.boneyard_left == TILES - 7 * seats for peer in peers)
    # nothing on the wire is a tile in the clear
    plain = {to_hex(m) for m in ENCODED}
    assert not plain & set(values_in(log))
    assert {m["type"] for m in log} == {"deck-shuffle", "deck-unlock"}
    reveal_all(peers)
    for peer in peers:
        deck = peer.verify()
        assert sorted(tile for tile, _ in deck.values()) == sorted(SET)
        for seat, hand in enumerate(hands):
            assert {tile for tile, owner in deck.values() if owner == seat} == hand
        boneyard = {tile for tile, owner in deck.values() if owner is None}
        assert boneyard == set(SET) - set().union(*hands)


@pytest.mark.parametrize("seats", [2, 3])
def test_a_draw_reaches_only_the_drawer(seats):
    peers, _ = table(seats)
    before = [list(peer.tiles) for peer in peers]
    log = draw(peers, 1)
    assert log[0]["type"] == "deck-draw"
    assert len(peers[1].tiles) == 8 and peers[1].tiles[:7] == before[1]
    assert all(peer.tiles == before[seat] for seat, peer in enumerate(peers) if seat != 1)
    assert all(peer.boneyard_left == TILES - 7 * seats - 1 for peer in peers)
    draw(peers, 0)
    draw(peers, 0)
    assert len(peers[0].tiles) == 9
    everything = [tile for peer in peers for tile in peer.tiles]
    assert len(set(everything)) == len(everything)
    reveal_all(peers)
    deck = peers[2 % seats].verify()
    for peer in peers:
        assert {tile for tile, owner in deck.values() if owner == peer.seat} == set(peer.tiles)


def test_the_boneyard_runs_out():
    peers, _ = table(3)
    for _ in range(7):
        draw(peers, 2)
    assert peers[0].boneyard_left == 0 and len(peers[2].tiles) == 14
    with pytest.raises(ProtocolError, match="empty boneyard"):
        peers[1].request_draw()
    with pytest.raises(ProtocolError, match="empty boneyard"):
        peers[0].receive({"type": "deck-draw", "seat": 1, "card": 28})


def test_a_duplicated_card_in_a_shuffle_names_the_shuffler():
    peers = [DeckPeer(seat, 3) for seat in range(3)]
    shuffle = peers[0].start()[0]
    shuffle["cards"][5] = shuffle["cards"][9]
    with pytest.raises(Cheated, match="same card twice") as caught:
        peers[1].receive(shuffle)
    assert caught.value.seat == 0


def test_a_card_that_is_not_a_residue_is_refused():
    peers = [DeckPeer(seat, 2) for seat in range(2)]
    shuffle = peers[0].start()[0]
    shuffle["cards"][3] = to_hex(P - int(shuffle["cards"][3], 16))  # -1 is a non-residue
    with pytest.raises(Cheated, match="not a quadratic residue") as caught:
        peers[1].receive(shuffle)
    assert caught.value.seat == 0


def test_a_substituted_card_in_a_shuffle_is_found_and_named_at_the_end():
    peers = [DeckPeer(seat, 2) for seat in range(2)]
    shuffle = peers[0].start()[0]
    # seat 0 slips in its encryption of a value that is no tile, in place of its first card
    shuffle["cards"][0] = to_hex(pow(30**2, peers[0].e, P))
    peers[0].stages[0][0] = int(shuffle["cards"][0], 16)
    caught = {}
    run_local(peers, [shuffle], caught=caught)
    # whoever is dealt the bad card cannot read it (it may lie in the boneyard instead)
    assert len(caught) <= 1 and all(error.seat is None for error in caught.values())
    reveal_all(peers)
    with pytest.raises(Cheated, match="shuffle output") as named:
        peers[1].verify()
    assert named.value.seat == 0


def test_a_wrong_partial_decryption_is_seen_at_once_and_named_at_the_end():
    def lie(message):
        if message["type"] == "deck-unlock" and message["seat"] == 1 and 0 in message["cards"]:
            at = message["cards"].index(0)
            message["values"][at] = to_hex(pow(31**2, 5, P))
        return message

    peers = [DeckPeer(seat, 3) for seat in range(3)]
    caught = {}
    run_local(peers, peers[0].start(), tamper=lie, caught=caught)
    assert set(caught) == {0}
    assert caught[0].seat is None and "did not decrypt" in caught[0].reason
    assert len(peers[0].tiles) == 6 and len(peers[1].tiles) == len(peers[2].tiles) == 7
    reveal_all(peers)
    with pytest.raises(Cheated, match="wrong partial decryption of card 0") as named:
        peers[2].verify()
    assert named.value.seat == 1


def test_a_partial_decryption_giving_back_a_tile_already_held_is_refused():
    def replay(message):
        # seat 1, last to unlock seat 0's cards, sends card 1's value again for card 0
        if message["type"] == "deck-unlock" and message["seat"] == 1:
            message["values"][0] = message["values"][1]
        return message

    peers = [DeckPeer(seat, 2) for seat in range(2)]
    with pytest.raises(Cheated, match="same card twice"):
        run_local(peers, peers[0].start(), tamper=replay)


def test_a_key_revealed_at_the_end_that_does_not_match_names_the_seat():
    peers, _ = table(4)
    peers[2].e += 2  # seat 2 reveals another key than the one it played with
    reveal_all(peers)
    for peer in (peers[0], peers[3]):
        with pytest.raises(Cheated) as named:
            peer.verify()
        assert named.value.seat == 2


def test_shuffles_and_unlocks_out_of_turn_are_refused():
    peers = [DeckPeer(seat, 3) for seat in range(3)]
    shuffle = peers[0].start()[0]
    with pytest.raises(ProtocolError, match="out of turn"):
        peers[2].receive({**shuffle, "seat": 1})
    second = peers[1].receive(shuffle)[0]
    with pytest.raises(ProtocolError, match="out of turn"):
        peers[0].receive({**second, "seat": 2})
    peers[0].receive(second)
    peers[2].receive(shuffle)
    answers = peers[2].receive(second)
    unlock = answers[1]
    assert unlock["type"] == "deck-unlock" and unlock["seat"] == 2
    peers[0].receive(answers[0])
    with pytest.raises(ProtocolError, match="out of turn"):
        peers[0].receive({**unlock, "seat": 1})  # seat 1 is not next for those cards
    with pytest.raises(ProtocolError, match="while tiles were being dealt"):
        peers[0].receive({"type": "deck-draw", "seat": 1, "card": 21})


def test_draws_are_checked():
    peers = [DeckPeer(seat, 2) for seat in range(2)]
    with pytest.raises(ProtocolError, match="before the shuffle"):
        peers[1].receive({"type": "deck-draw", "seat": 0, "card": 14})
    run_local(peers, peers[0].start())
    with pytest.raises(ProtocolError, match="draw card"):
        peers[1].receive({"type": "deck-draw", "seat": 0, "card": 20})
    with pytest.raises(ProtocolError, match="draw card"):
        peers[1].receive({"type": "deck-draw", "seat": 0, "card": "14"})


def junk_messages():
    good = to_hex(4)
    return [
        None,
        7,
        "deck-shuffle",
        {"type": "deck-shuffle"},
        {"type": "deck-shuffle", "seat": 0},
        {"type": "deck-shuffle", "seat": 0, "cards": None},
        {"type": "deck-shuffle", "seat": 0, "cards": [good] * 27},
        {"type": "deck-shuffle", "seat": 0, "cards": [good] * 29},
        {"type": "deck-shuffle", "seat": 0, "cards": [to_hex(k * k) for k in range(2, 29)] + [5]},
        {"type": "deck-shuffle", "seat": 0, "cards": [to_hex(k * k) for k in range(2, 29)] + ["0"]},
        {
            "type": "deck-shuffle",
            "seat": 0,
            "cards": [to_hex(k * k) for k in range(2, 29)] + ["g" * HEX_DIGITS],
        },
        {
            "type": "deck-shuffle",
            "seat": 0,
            "cards": [to_hex(k * k) for k in range(2, 29)] + ["AB" * (HEX_DIGITS // 2)],
        },
        {"type": "deck-shuffle", "seat": 0, "cards": [to_hex(k) for k in [1] + [9] * 27]},
        {"type": "deck-shuffle", "seat": 0, "cards": [to_hex(P + 3)] * 28},
        {"type": "deck-shuffle", "seat": 1, "cards": [good] * 28},
        {"type": "deck-shuffle", "seat": -1, "cards": [good] * 28},
        {"type": "deck-shuffle", "seat": "0", "cards": [good] * 28},
        {"type": "deck-shuffle", "seat": 0, "cards": [good] * 28, "extra": True},
        {"type": "deck-unlock", "seat": 0, "cards": [0], "values": [good]},
        {"type": "deck-unlock", "seat": 0, "cards": [], "values": []},
        {"type": "deck-unlock", "seat": 0, "cards": [[0]], "values": [good]},
        {"type": "deck-draw", "seat": 0, "card": None},
        {"type": "deck-key", "seat": 0, "e": "12"},
        {"type": "deck-key", "seat": 0, "e": to_hex(0)},
        {"type": "deck-key", "seat": 0, "e": to_hex(P)},
        {"type": "deck-deal", "seat": 0},
        {"type": None, "seat": 0},
    ]


@pytest.mark.parametrize("junk", junk_messages())
def test_junk_is_refused_without_crashing(junk):
    peer = DeckPeer(1, 2)
    saved = peer.to_json()
    with pytest.raises(ProtocolError):
        peer.receive(junk)
    assert peer.to_json() == saved


def test_junk_after_the_deal_changes_nothing():
    peers, _ = table(2)
    saved = peers[1].to_json()
    for junk in junk_messages():
        with pytest.raises(ProtocolError):
            peers[1].receive(junk)
    assert peers[1].to_json() == saved


def test_every_peer_resumes_from_its_save_at_every_step():
    peers = [DeckPeer(seat, 3) for seat in range(3)]
    run_local(peers, peers[0].start(), reload=True)
    assert len(set().union(*(peer.tiles for peer in peers))) == 21
    peers[0] = DeckPeer.from_json(json.loads(json.dumps(peers[0].to_json())))
    run_local(peers, peers[0].request_draw(), reload=True)
    assert len(peers[0].tiles) == 8
    reveal_all(peers)
    restored = DeckPeer.from_json(json.loads(json.dumps(peers[1].to_json())))
    assert restored.verify() == peers[1].verify()


@pytest.mark.parametrize(
    "saved", [None, {}, {"version": 2, "kind": "deck"}, {"version": 1, "kind": "coin"}]
)
def test_an_unreadable_save_is_a_protocol_error(saved):
    with pytest.raises(ProtocolError):
        DeckPeer.from_json(saved)


def test_junk_values_for_a_card_awaited_now_are_refused():
    peers, _ = table(2)
    peers[0].request_draw()  # card 14 now waits for seat 1's layer to come off
    saved = peers[0].to_json()
    good = to_hex(9)
    for values in (
        [],
        [good, good],
        None,
        [good[:-1]],
        [to_hex(1)],
        [to_hex(P - 1)],
        [to_hex(P - 9)],
        [9],
    ):
        with pytest.raises(ProtocolError):
            peers[0].receive({"type": "deck-unlock", "seat": 1, "cards": [14], "values": values})
    for cards in ([14, 14], [15], [13], ["14"], [True], 14):
        with pytest.raises(ProtocolError):
            peers[0].receive({"type": "deck-unlock", "seat": 1, "cards": cards, "values": [good]})
    assert peers[0].to_json() == saved


@pytest.mark.parametrize("seats", [1, 5, 8])
def test_a_deal_is_among_dominoes_2_to_4_players_though_a_coin_flip_takes_8(seats):
    with pytest.raises(ValueError):
        DeckPeer(0, seats)
