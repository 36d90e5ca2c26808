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
        self.sent: list[str] = []
        self.actions: dict[str, list] = {}

    def join(self, name: str, hosting: bool, me: str | None = None, quiet: bool = False):
        me = me or room.new_id()
        device = Rendezvous(me, hosting, name, self.say, self.clock, max_guests=3)
        self.devices[me] = device
        self.actions[me] = []
        if not quiet:
            device.start()
        return device

    def say(self, message: dict) -> None:
        text = json.dumps(message)
        self.sent.append(text)
        for device in list(self.devices.values()):
            self.deliver(device, text)

    def deliver(self, device: Rendezvous, text: str) -> None:
        action = device.receive(text)
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
    offer_text = place.sent[-1]
    assert len(place.actions[guest.me]) == 1
    place.deliver(guest, offer_text)
    assert len(place.actions[guest.me]) == 1


def test_a_stale_or_future_message_is_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False, quiet=True)
    guest.say_here()
    old = place.sent[-1]
    place.actions[host.me].clear()
    for shift in (room.STALE_MS + 1, -room.STALE_MS - 1):
        message = {**json.loads(old), "n": room.new_id(), "at": int(T0 - shift)}
        place.deliver(host, json.dumps(message))
    assert place.actions[host.me] == [] and host.refused == 2


def test_an_answer_replayed_later_to_a_new_offer_opens_nothing():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    connect(host, guest, place)
    answer_text = next(t for t in place.sent if json.loads(t)["k"] == "answer")
    host.linked(guest.me, False)
    place.clock.ms += 1000
    guest.say_here()
    host.offered(guest.me, OFFER_FIELDS)  # a new offer: the old answer does not name it
    place.actions[host.me].clear()
    replayed = {**json.loads(answer_text), "n": room.new_id()}  # even with a fresh nonce
    place.deliver(host, json.dumps(replayed))
    assert place.actions[host.me] == []


def test_messages_for_another_device_or_from_the_wrong_role_are_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    guest = place.join("Bryn", hosting=False)
    other = place.join("Cai", hosting=False)
    place.actions[other.me].clear()
    host.offered(guest.me, OFFER_FIELDS)  # to Bryn: Cai's page does nothing with it
    assert place.actions[other.me] == []
    place.actions[host.me].clear()
    fake_offer = {"k": "offer", "to": host.me, "o": room.new_id(), "d": OFFER_FIELDS}
    guest._send(fake_offer)  # a guest cannot make the host answer
    assert place.actions[host.me] == []
    second_host = place.join("Dewi", hosting=True)
    assert second_host.me not in guest.peers  # a guest's host is the first it heard


def test_the_host_takes_no_more_guests_than_its_table_seats():
    place = Room()
    host = place.join("Ann", hosting=True)
    guests = [place.join(name, hosting=False) for name in ("Bryn", "Cai", "Dewi", "Elin")]
    assert [g.me in host.peers for g in guests] == [True, True, True, False]


def test_own_messages_come_back_from_the_relay_and_are_ignored():
    place = Room()
    host = place.join("Ann", hosting=True)
    assert host.receive(place.sent[-1]) is None and host.refused == 0


def test_junk_is_refused_and_counted_never_raised():
    place = Room()
    host = place.join("Ann", hosting=True)
    here = json.loads(place.sent[-1])
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
        json.dumps({**here, "f": "short"}),
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
        assert host.receive(text) is None
    assert host.refused == len(junk)


def test_a_room_secret_is_16_random_bytes_in_base64url():
    secrets_made = {room.new_secret() for _ in range(50)}
    assert len(secrets_made) == 50 and all(room.is_secret(s) for s in secrets_made)
    assert not room.is_secret("x" * 21) and not room.is_secret("a/" * 11) and not room.is_secret(5)
