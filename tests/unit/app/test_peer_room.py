"""The signalling in a room (app.peer.room): who offers, who answers, and what a relay that
replays, delays or mangles messages can and cannot do. The sealing itself is WebCrypto's
(static/js/room.js), tested in the browser (tests/e2e/test_one_link.py)."""

import json

from app.peer import codes, room
from app.peer.room import Accept, Answer, Offer, Rendezvous

from .test_peer_codes import ANSWER_SDP, OFFER_SDP

OFFER_FIELDS = codes.from_sdp(codes.OFFER, OFFER_SDP)
ANSWER_FIELDS = codes.from_sdp(codes.ANSWER, ANSWER_SDP)
T0 = 1_796_000_000_000.0


class Clock:
    def __init__(self) -> None:
        self.ms = T0

    def __call__(self) -> float:
        return self.ms


class Room:
    """Devices sharing a room: every message said goes to every other device, as the relays
    would carry it (`sent` keeps them all, for replays)."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.devices: dict[str, Rendezvous] = {}
        self.sent: list[tuple[str, str]] = []  # (text, the key that signed it)
        self.actions: dict[str, list] = {}
        self.host_key = room.new_key()  # the key the link names (the first host's)
        self.hosts = 0

    def join(self, name: str, hosting: bool, me: str | None = None, quiet: bool = False, **kw):
        """A device joins with its key (`me`: the public key; a new one if None); a guest
        pairs with the host the link names (the first host to join, unless told)."""
        if hosting and me is None and not self.hosts:
            me = self.host_key
        self.hosts += hosting
        me = me or room.new_key()
        host = kw.pop("host", None if hosting else self.host_key)
        device = Rendezvous(
            me, hosting, name, self.signed_by(me), self.clock, max_guests=3, host=host, **kw
        )
        self.devices[me] = device
        self.actions[me] = []
        if not quiet:
            device.start()
        return device

    def signed_by(self, key: str):
        return lambda message: self.say(message, key)

    def say(self, message: dict, key: str) -> None:
        text = json.dumps(message)
        self.sent.append((text, key))
        for device in list(self.devices.values()):
            self.deliver(device, text, key)

    def deliver(self, device: Rendezvous, text: str, key: str) -> None:
        action = device.receive(text, key)
        if action is not None:
            self.actions[device.me].append(action)

    def leave(self, device: Rendezvous) -> None:
        del self.devices[device.me]


def connect(host: Rendezvous, guest: Rendezvous, place: Room) -> None:
    """Play the actions out as the page does: offer, answer, accept, open."""
    (offer,) = place.actions[host.me]
    assert offer == Offer(guest.me)
    host.offered(guest.me, OFFER_FIELDS)
    (answer,) = place.actions[guest.me]
    assert isinstance(answer, Answer) and answer.device == host.me
    guest.answered(host.me, answer.offer_id, ANSWER_FIELDS)
    assert place.actions[host.me][-1] == Accept(guest.me, ANSWER_FIELDS)
    host.linked(guest.me, True)
    guest.linked(host.me, True)
    place.actions[host.me].clear()
    place.actions[guest.me].clear()


def test_a_guest_and_the_host_find_each_other_offer_answer_and_accept():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    assert host.peers[guest.me].name == "Bryn" and guest.peers[host.me].name == "Ann"
    assert guest.next_here_ms() is None  # connected: it stops saying `here`


def test_a_guest_that_came_first_hears_the_host_arrive_and_speaks_up():
    place = Room()
    guest = place.join("Bryn", hosting=False)
    assert guest.next_here_ms() == room.HERE_EVERY_MS[0]
    host = place.join("Ann", hosting=True)  # its `here` makes the guest say `here` again
    connect(host, guest, place)


def test_a_guests_here_grows_rarer_and_starts_again_once_the_host_is_lost():
    place = Room()
    guest = place.join("Bryn", hosting=False)
    for _ in range(8):
        guest.say_here()
    assert guest.next_here_ms() == room.HERE_EVERY_MS[-1]
    host = place.join("Ann", hosting=True)
    connect(host, guest, place)
    guest.linked(host.me, False)
    host.linked(guest.me, False)
    assert guest.next_here_ms() == room.HERE_EVERY_MS[0]
    guest.say_here()  # as the page does at once
    assert place.actions[host.me] == [Offer(guest.me)]


def test_a_reloaded_guest_keeps_its_id_and_the_host_offers_again():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    place.leave(guest)
    host.linked(guest.me, False)  # its page closed the channel
    again = place.join("Bryn", hosting=False, me=guest.me)
    assert len(host.peers) == 1
    connect(host, again, place)


def test_a_reloaded_host_is_heard_by_the_waiting_guest():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    place.leave(host)
    guest.linked(host.me, False)
    back = place.join("Ann", hosting=True, me=host.me)
    connect(back, guest, place)


def test_an_unanswered_offer_is_made_again_only_after_a_while():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False, quiet=True)
    guest.say_here()
    host.offered(guest.me, OFFER_FIELDS)
    place.actions[host.me].clear()
    guest.say_here()
    assert place.actions[host.me] == []  # the offer may still be answered
    place.clock.ms += room.OFFER_WAIT_MS
    guest.say_here()
    assert place.actions[host.me] == [Offer(guest.me)]


def test_a_message_a_relay_sends_twice_is_taken_once():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    host.offered(guest.me, OFFER_FIELDS)
    offer_text, key = place.sent[-1]
    assert len(place.actions[guest.me]) == 1
    place.deliver(guest, offer_text, key)
    assert len(place.actions[guest.me]) == 1


def test_a_stale_or_future_message_is_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False, quiet=True)
    guest.say_here()
    old, key = place.sent[-1]
    place.actions[host.me].clear()
    for shift in (room.STALE_MS + 1, -room.STALE_MS - 1):
        message = {**json.loads(old), "n": room.new_id(), "at": int(T0 - shift)}
        place.deliver(host, json.dumps(message), key)
    assert place.actions[host.me] == [] and host.refused == 2


def test_an_answer_replayed_later_to_a_new_offer_opens_nothing():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    answer_text, key = next(sent for sent in place.sent if json.loads(sent[0])["k"] == "answer")
    host.linked(guest.me, False)
    place.clock.ms += 1000
    guest.say_here()
    host.offered(guest.me, OFFER_FIELDS)  # a new offer: the old answer does not name it
    place.actions[host.me].clear()
    replayed = {**json.loads(answer_text), "n": room.new_id()}  # even with a fresh nonce
    place.deliver(host, json.dumps(replayed), key)
    assert place.actions[host.me] == []


def test_messages_for_another_device_or_from_the_wrong_role_are_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    other = place.join("Cai", hosting=False)
    place.actions[other.me].clear()
    host.offered(guest.me, OFFER_FIELDS)  # (no offer under way: nothing is sent)
    place.actions[guest.me].clear()
    guest.say_here()
    place.clock.ms += room.OFFER_WAIT_MS
    other.say_here()
    host.offered(guest.me, OFFER_FIELDS)  # to Bryn: Cai's page does nothing with it
    assert place.actions[other.me] == []
    place.actions[host.me].clear()
    fake_offer = {"k": "offer", "to": host.me, "o": room.new_id(), "d": OFFER_FIELDS}
    guest._send(fake_offer)  # a guest cannot make the host answer
    assert place.actions[host.me] == []


def test_a_guest_pairs_only_with_the_host_the_link_names():
    place = Room()
    place.join("Ann", hosting=True)  # the host the link names
    guest = place.join("Bryn", hosting=False)
    impostor = place.join("Ann", hosting=True, me=room.new_key())  # a friend posing as host
    assert impostor.me not in guest.peers
    impostor.offered(guest.me, OFFER_FIELDS)
    impostor._send({"k": "offer", "to": guest.me, "o": room.new_id(), "d": OFFER_FIELDS})
    assert not any(a.device == impostor.me for a in place.actions[guest.me])


def test_a_started_games_host_takes_back_only_its_own_friends():
    place = Room()
    bryn, cai = room.new_key(), room.new_key()
    restarted = place.join("Ann", hosting=True, me=room.new_key(), friends=frozenset({bryn}))
    intruder = place.join("Cai", hosting=False, me=cai, host=restarted.me)
    assert intruder.me not in restarted.peers
    friend = place.join("Bryn", hosting=False, me=bryn, host=restarted.me)
    assert place.actions[restarted.me] == [Offer(friend.me)]


def test_the_host_offers_once_while_gathering_and_takes_one_answer():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False, quiet=True)
    for _ in range(20):  # many `here`s (or a flood) while the offer is being gathered
        guest.say_here()
    assert place.actions[host.me] == [Offer(guest.me)]
    host.offered(guest.me, OFFER_FIELDS)
    (answer,) = place.actions[guest.me]
    guest.answered(host.me, answer.offer_id, ANSWER_FIELDS)
    text, key = place.sent[-1]
    again = {**json.loads(text), "n": room.new_id()}  # the answer repeated by anyone
    place.deliver(host, json.dumps(again), key)
    assert [a for a in place.actions[host.me] if isinstance(a, Accept)] == [
        Accept(guest.me, ANSWER_FIELDS)
    ]


def test_a_guest_answers_one_offer_at_a_time():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    host.offered(guest.me, OFFER_FIELDS)
    for _ in range(10):  # the host's key offering again and again (a replay with new nonces)
        host._send({"k": "offer", "to": guest.me, "o": room.new_id(), "d": OFFER_FIELDS})
    assert len(place.actions[guest.me]) == 1


def test_a_silent_device_gives_up_its_place_at_a_full_table():
    place = Room()
    host = place.join("Ann", hosting=True)
    for name in ("Bryn", "Cai", "Dewi"):
        place.join(name, hosting=False)
    late = place.join("Elin", hosting=False)
    assert late.me not in host.peers
    place.clock.ms += room.STALE_MS + 1
    late.say_here()
    assert late.me in host.peers and len(host.peers) == 1


def test_the_host_takes_no_more_guests_than_its_table_seats():
    place = Room()
    host = place.join("Ann", hosting=True)
    guests = [place.join(name, hosting=False) for name in ("Bryn", "Cai", "Dewi", "Elin")]
    assert [g.me in host.peers for g in guests] == [True, True, True, False]


def test_own_messages_come_back_from_the_relay_and_are_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    assert host.receive(*place.sent[-1]) is None and host.refused == 0


def test_junk_is_refused_and_counted_never_raised():
    place = Room()
    host = place.join("Ann", hosting=True)
    here = json.loads(place.sent[-1][0])
    key = room.new_key()
    bad_fields = {**OFFER_FIELDS, "c": ["a=candidate; rm -rf"]}
    junk = [
        None,
        12,
        "",
        "not json",
        "[" * 5000,
        "x" * (room.MAX_MESSAGE_CHARS + 1),
        json.dumps([here]),
        json.dumps({**here, "v": 2}),
        json.dumps({**here, "n": 7}),
        json.dumps({**here, "at": float(T0)}),
        json.dumps({**here, "at": True}),
        json.dumps({**here, "r": "x"}),
        json.dumps({**here, "name": "\u0000"}),
        json.dumps({**here, "k": "bye"}),
        json.dumps({**here, "k": "offer", "to": host.me, "o": "x", "d": OFFER_FIELDS}),
        json.dumps({**here, "k": "offer", "to": host.me, "o": room.new_id(), "d": bad_fields}),
        json.dumps({**here, "k": "answer", "to": host.me, "o": room.new_id(), "d": OFFER_FIELDS}),
    ]
    for text in junk:
        assert host.receive(text, key) is None
    for signer in (None, "", "A" * 64, key[:-1], 5):  # not a key nostr-tools checked
        assert host.receive(json.dumps(here), signer) is None
    assert host.refused == len(junk) + 5


def test_a_room_secret_is_16_random_bytes_in_base64url():
    secrets_made = {room.new_secret() for _ in range(50)}
    assert len(secrets_made) == 50 and all(room.is_secret(s) for s in secrets_made)
    assert not room.is_secret("x" * 21) and not room.is_secret("a/" * 11) and not room.is_secret(5)


def test_a_guests_page_reloaded_is_offered_at_once_whatever_the_host_still_thinks():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    guest.say_here()  # the same page again (a relay's replay, with a new nonce): nothing
    assert place.actions[host.me] == []
    place.leave(guest)  # killed: the host's link to it has not noticed yet
    again = place.join("Bryn", hosting=False, me=guest.me)
    assert place.actions[host.me] == [Offer(guest.me)] and not host.peers[guest.me].linked
    host.offered(guest.me, OFFER_FIELDS)  # (offered: the page that reloaded once more)
    place.leave(again)
    third = place.join("Bryn", hosting=False, me=guest.me)  # before the offer is 12 s old
    assert place.actions[host.me] == [Offer(guest.me), Offer(third.me)]
