"""app.remote.relay: the host passes every message on, numbered, so every device of a table
of 3 or 4 takes the others' messages in one order; and Straight Dominoes dealt and played
by 3 and 4 devices through it (docs/rules/dominoes.md 11.8), to the ordinary engine's end."""

import json
import random

import pytest
from app.fair.errors import Cheated, ProtocolError
from app.remote import relay, wire
from app.remote.dominoes_deal import DealSession
from app.remote.relay import ACK_EVERY, Hub, Spoke
from app.remote.roster import HOST
from games.dominoes.dealt import dealt_game
from games.dominoes.public import new_game
from games.dominoes.public_game import GAME

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

GUESTS = ("ann", "ben", "cat")


class Net:
    """Channels that hold each message (as JSON text) until `pump` (or `step`, the next
    one alone); drop(test) loses the ones it matches; cut(link) loses whatever a link
    carries from then on, in flight or sent later (kept in `lost`), as a lost connection."""

    def __init__(self):
        self.queue: list = []
        self.drop = None
        self.cut_links: set = set()
        self.lost: list = []  # (link, message) lost with a cut link

    def channel(self, deliver, link=None):
        return lambda message: self.queue.append((deliver, json.dumps(message), link))

    def cut(self, link):
        self.cut_links.add(link)

    def step(self):
        deliver, text, link = self.queue.pop(0)
        message = json.loads(text)
        if link in self.cut_links:
            self.lost.append((link, message))
        elif self.drop is None or not self.drop(message):
            deliver(message)

    def pump(self):
        while self.queue:
            self.step()


def table(net, deliveries):
    """A hub for the host and a spoke per guest, each taking what comes to it with
    deliveries[name](sender, message)."""
    hub = Hub(lambda sender, message: deliveries[HOST](sender, message))
    spokes = {}
    for name in GUESTS[: len(deliveries) - 1]:
        spoke = Spoke(
            name, net.channel(lambda m, name=name: hub.receive(name, m)), deliveries[name]
        )
        hub.join(name, net.channel(spoke.receive))
        spokes[name] = spoke
    return hub, spokes


def test_every_device_takes_the_others_messages_in_the_hosts_one_order(monkeypatch):
    monkeypatch.setattr(relay, "ACK_EVERY", 100)  # the log keeps all: the host's order
    net = Net()
    seen = {name: [] for name in (HOST, *GUESTS)}
    deliveries = {name: (lambda s, m, name=name: seen[name].append((s, m["n"]))) for name in seen}
    hub, spokes = table(net, deliveries)
    for n in range(5):  # all four speak at once, again and again
        hub.post({"n": f"host{n}"})
        for name, spoke in spokes.items():
            spoke.post({"n": f"{name}{n}"})
    net.pump()
    order = [(e["from"], e["message"]["n"]) for e in hub.log]
    assert [e["seq"] for e in hub.log] == list(range(1, 21))
    for name, got in seen.items():
        assert got == [item for item in order if item[0] != name]
    assert all(spoke.seq == 20 for spoke in spokes.values())


def test_the_host_says_who_sent_a_message():
    net = Net()
    seen = []
    ignore = lambda s, m: None  # noqa: E731
    hub, _ = table(net, {HOST: lambda s, m: seen.append(s), "ann": ignore, "ben": ignore})
    for name in ("", HOST, None, "a name too long"):
        with pytest.raises(ValueError):
            hub.join(name, net.channel(ignore))
    for name in ("cat", "dan", "eve", "fay", "gus"):  # 7 guests: a group of 8 devices
        hub.join(name, net.channel(ignore))
    with pytest.raises(ValueError, match="7 guests"):
        hub.join("hal", net.channel(ignore))
    hub.receive("ann", {"type": "relay-post", "n": 1, "ack": 0, "message": {"from": "ben"}})
    assert seen == ["ann"] and hub.log[-1]["from"] == "ann"
    with pytest.raises(ProtocolError):
        hub.receive("zed", {"type": "relay-post", "n": 1, "ack": 0, "message": {}})
    with pytest.raises(ProtocolError):
        hub.receive("ann", {"type": "relay-post", "n": 2, "ack": 0, "message": "not an object"})
    hub.join("ann", net.channel(ignore))  # a new link: the same name takes it
    with pytest.raises(ValueError, match="before the table's first message"):
        hub.join("ivy", net.channel(ignore))  # (it would lack the messages before it)


def test_a_gap_is_refused_a_repeat_skipped_and_the_host_sends_the_rest_again():
    net = Net()
    seen = []
    hub, spokes = table(net, {HOST: lambda s, m: None, "ann": lambda s, m: seen.append(m["n"])})
    net.drop = lambda envelope: envelope["seq"] == 2
    for n in range(4):
        hub.post({"n": n})
    with pytest.raises(ProtocolError, match="2 to 2 are missing"):
        net.pump()
    assert seen == [0] and spokes["ann"].seq == 1
    net.queue.clear()
    net.drop = None
    hub.resend("ann", spokes["ann"].seq - 1)  # one too many: the repeat is skipped
    net.pump()
    assert seen == [0, 1, 2, 3] and spokes["ann"].seq == 4
    for junk in (None, {"type": "relay", "seq": 0, "from": HOST, "message": {}}, {"seq": 5}):
        with pytest.raises(ProtocolError):
            spokes["ann"].receive(junk)
    with pytest.raises(ProtocolError):
        hub.resend("ann", 99)


def test_a_message_for_one_device_reaches_it_alone_and_the_others_keep_their_place():
    """A Wordle group's leader sends each member its own view, a member its guess to the
    leader alone: no other guest is sent the message, only its place in the one order."""
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen, posts_to_one=True)
    hub.post({"n": "h-ann"}, to="ann")
    spokes["ann"].post({"n": "a-host"}, to=HOST)
    spokes["ben"].post({"n": "b-ann"}, to="ann")
    hub.post({"n": "h-all"})
    to_ben = []  # the envelopes the host sent down ben's link, as JSON text
    while net.queue:
        _, text, link = net.queue[0]
        if link == "ben:1" and '"relay"' in text:
            to_ben.append(text)
        net.step()
    assert seen == {
        HOST: [("ann", "a-host")],
        "ann": [(HOST, "h-ann"), (HOST, "h-all"), ("ben", "b-ann")],
        "ben": [(HOST, "h-all")],
    }
    assert spokes["ann"].seq == spokes["ben"].seq == 4
    assert not spokes["ann"].outbox and not spokes["ben"].outbox
    assert len(to_ben) == 4 and not any("h-ann" in t or "a-host" in t for t in to_ben)
    again = []  # sent again after a new link: the places only, as before
    hub.channels["ben"] = again.append
    hub.resend("ben", hub.pruned)
    assert [json.dumps(e) for e in again] == to_ben[len(to_ben) - len(again) :]
    with pytest.raises(ValueError):
        hub.post({}, to="zed")
    with pytest.raises(ValueError):
        spokes["ann"].post({}, to="ann")
    for forged in (
        {"type": "relay", "seq": 5, "from": HOST, "n": 4, "to": "ben", "message": {}},
        {"type": "relay", "seq": 5, "from": HOST, "n": 4, "to": "ann"},
        {"type": "relay", "seq": 5, "from": HOST, "n": 4, "to": HOST, "message": {}},
    ):
        with pytest.raises(ProtocolError):
            spokes["ann"].receive(forged)
    assert spokes["ann"].seq == 4
    # At a table a guest's post for one device is refused: seen by some devices alone, a
    # cheating move would end the game there and not elsewhere.
    table_hub, _ = linked_table(Net(), {HOST: [], "ann": [], "ben": []})
    with pytest.raises(ProtocolError, match="every device"):
        table_hub.receive(
            "ann", {"type": "relay-post", "n": 1, "ack": 0, "to": HOST, "message": {}}
        )
    assert table_hub.seq == 0


def test_a_guest_that_posts_nothing_still_says_what_it_has_taken_so_the_log_stays_short():
    """A Wordle group's member out of the tournament watches and posts nothing: without
    its word the host's log (saved with its game) would keep every view of the
    tournament, about 3.6 MB for 7 members (measured on the group's simulated games)."""
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen)
    acks = []
    net.drop = lambda message: message["type"] == "relay-ack" and acks.append(message) and False
    for n in range(50):
        hub.post({"n": n}, to="ann" if n % 2 else "ben")
        net.pump()
    assert len(hub.log) < ACK_EVERY and hub.pruned > 40
    assert [a["ack"] for a in acks[:2]] == [ACK_EVERY, ACK_EVERY]  # ann's and ben's first
    assert len(acks) == 2 * (50 // ACK_EVERY)
    spokes["ann"].post({"n": "a"})  # a post says it too: the count starts again
    net.pump()
    assert spokes["ann"].acked == 50 and len(acks) == 2 * (50 // ACK_EVERY)
    for junk in (
        {"type": "relay-ack", "ack": 52},
        {"type": "relay-ack"},
        {"type": "relay-ack", "ack": -1},
    ):
        with pytest.raises(ProtocolError):
            hub.receive("ann", junk)


# --- a new link, a reload: nothing lost, nothing taken twice ----------------------------------
def linked_table(net, seen, guests=("ann", "ben"), posts_to_one=False):
    """A hub and its spokes over links named "<guest>:1" (both ways), each device keeping
    (sender, message["n"]) of what it takes in seen[device]."""
    hub = Hub(lambda sender, message: seen[HOST].append((sender, message["n"])), posts_to_one)
    spokes = {}
    for name in guests:
        deliver = lambda s, m, name=name: seen[name].append((s, m["n"]))  # noqa: E731
        spoke = Spoke(
            name, net.channel(lambda m, name=name: hub.receive(name, m), f"{name}:1"), deliver
        )
        hub.join(name, net.channel(spoke.receive, f"{name}:1"))
        spokes[name] = spoke
    return hub, spokes


def relink(net, hub, spoke, link):
    """A new link between the host and a guest: the hub takes its end, the spoke asks."""
    hub.join(spoke.name, net.channel(spoke.receive, link))
    spoke.reconnected(net.channel(lambda m: hub.receive(spoke.name, m), link))


def assert_everyone_took_everything_once(hub_order, seen):
    for device, got in seen.items():
        assert got == [item for item in hub_order if item[0] != device], device


def test_messages_lost_while_a_guests_link_is_down_come_after_a_new_link_once_each():
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen)
    order = []  # the host's one order, as every envelope's (from, n)
    relayed = hub._relay

    def keep_order(sender, n, message, to):
        order.append((sender, message["n"]))
        relayed(sender, n, message, to)

    hub._relay = keep_order
    ann = spokes["ann"]
    ann.post({"n": "a1"})
    hub.post({"n": "h1"})
    ann.post({"n": "a2"})
    net.step()  # ann's first post reaches the host; its receipt and the rest are in flight
    net.cut("ann:1")
    net.pump()
    assert [m["type"] for _, m in net.lost] == ["relay", "relay-post", "relay"]
    for n in range(2, 5):  # the others go on; ann too, its posts lost on the dead link
        hub.post({"n": f"h{n}"})
        spokes["ben"].post({"n": f"b{n}"})
        ann.post({"n": f"a{n + 1}"})
        net.pump()
    assert ann.seq == 0 and [post["n"] for post in ann.outbox] == [1, 2, 3, 4, 5]
    relink(net, hub, ann, "ann:2")
    net.pump()
    assert ("ann", "a1") in order and len(order) == len(set(order)) == 4 + 3 + 5
    assert_everyone_took_everything_once(order, seen)
    assert ann.outbox == [] and ann.seq == spokes["ben"].seq == hub.seq == 12
    relink(net, hub, ann, "ann:3")  # a new link with nothing missing changes nothing
    net.pump()
    assert_everyone_took_everything_once(order, seen)


def test_the_hubs_log_keeps_only_what_some_guest_may_lack(monkeypatch):
    monkeypatch.setattr(relay, "ACK_EVERY", 100)  # (what a silent guest says: below)
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen)
    for n in range(10):
        hub.post({"n": n})
    net.pump()
    assert len(hub.log) == 10  # nobody has said what it took
    spokes["ann"].post({"n": "a"})  # ann has taken 10
    net.pump()
    assert len(hub.log) == 11 and hub.acked == {"ann": 10, "ben": 0}
    spokes["ben"].post({"n": "b"})  # ben has taken 11
    net.pump()
    assert hub.acked == {"ann": 10, "ben": 11} and [e["seq"] for e in hub.log] == [11, 12]
    with pytest.raises(ProtocolError, match="could have taken"):
        hub.receive("ann", {"type": "relay-resend", "after": 3})  # gone: ann said it had it
    spokes["ann"].reconnected()  # a resend request says what ann took, too
    net.pump()
    assert hub.acked["ann"] == 12 and [e["seq"] for e in hub.log] == [12]


@pytest.mark.parametrize(
    "data",
    [
        {"type": "relay-resend", "after": 13},  # a seq the host has not reached
        {"type": "relay-resend", "after": -1},
        {"type": "relay-resend", "after": 1.5},
        {"type": "relay-resend", "after": True},
        {"type": "relay-resend"},
        {"type": "relay-post", "n": 3, "ack": 0, "message": {}},  # post 2 is missing
        {"type": "relay-post", "n": 2, "ack": 13, "message": {}},  # a seq not reached
        {"type": "relay-post", "n": 2, "ack": 0, "message": [1]},
        {"type": "relay-post", "n": 2, "ack": 0, "message": {}, "from": "ben"},
        {"type": "relay-post", "n": 2, "ack": 0, "message": {}, "to": "ann"},  # itself
        {"type": "relay-post", "n": 2, "ack": 0, "message": {}, "to": "zed"},
        {"type": "relay-post", "n": 2, "ack": 0, "message": {}, "to": None},
        {"type": "relay", "seq": 13, "from": "ben", "n": 1, "message": {}},
        {"n": 2, "ack": 0, "message": {}},
        "relay-post",
        None,
    ],
)
def test_a_malformed_post_or_resend_request_is_refused_and_changes_nothing(data):
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen, posts_to_one=True)  # (the `to` checks too)
    for n in range(11):
        hub.post({"n": n})
    spokes["ann"].post({"n": "a"})
    net.pump()
    before, taken = json.dumps(hub.record()), list(seen[HOST])
    with pytest.raises(ProtocolError):
        hub.receive("ann", data)
    assert json.dumps(hub.record()) == before and seen[HOST] == taken and not net.queue


def test_a_spoke_refuses_a_receipt_for_a_post_it_did_not_send():
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    _, spokes = linked_table(net, seen)
    ann = spokes["ann"]
    ann.post({"n": "a1"})
    net.queue.clear()
    for forged in (
        {"type": "relay", "seq": 1, "from": "ann", "n": 2, "message": {"n": "a2"}},
        {"type": "relay", "seq": 1, "from": "ann", "n": 1, "message": {"n": "a forged"}},
        {"type": "relay", "seq": 1, "from": "ben", "n": 1, "message": {}, "extra": 1},
        {"type": "relay", "seq": 1, "from": "ben", "n": 0, "message": {}},
    ):
        with pytest.raises(ProtocolError):
            ann.receive(forged)
    assert ann.seq == 0 and len(ann.outbox) == 1 and seen["ann"] == []


def test_the_relays_records_survive_json_and_a_reload_loses_nothing():
    """The host's page and ann's reload, each from its last save, with a message of each
    in flight; ben's page stays and links again."""
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}  # (sender, n) each device took, in order
    hub, spokes = linked_table(net, seen)
    for n in range(3):
        hub.post({"n": f"h{n}"})
        for name, spoke in spokes.items():
            spoke.post({"n": f"{name}{n}"})
    net.pump()
    spokes["ann"].post({"n": "ann-lost"})
    hub.post({"n": "h-lost"})
    net.cut("ann:1")
    net.cut("ben:1")
    net.pump()
    hub_record = json.loads(json.dumps(hub.record()))
    ann_record = json.loads(json.dumps(spokes["ann"].record()))
    assert ann_record["outbox"] == [{"n": 4, "message": {"n": "ann-lost"}}]
    deliver = lambda sender, message: seen[HOST].append((sender, message["n"]))  # noqa: E731
    hub = Hub.from_record(deliver, hub_record)
    assert hub.record() == hub_record
    with pytest.raises(ValueError):
        hub.join("cat", net.channel(print))  # after a reload, only the guests it knew
    with pytest.raises(ProtocolError):
        hub.receive("ann", {"type": "relay-resend", "after": 0})  # not linked again yet
    ann_deliver = lambda s, m: seen["ann"].append((s, m["n"]))  # noqa: E731
    ann = Spoke.from_record("ann", print, ann_deliver, ann_record)
    assert ann.record() == ann_record
    relink(net, hub, ann, "ann:2")
    relink(net, hub, spokes["ben"], "ben:2")
    net.pump()
    sent = {
        HOST: ["h0", "h1", "h2", "h-lost"],
        "ann": ["ann0", "ann1", "ann2", "ann-lost"],
        "ben": ["ben0", "ben1", "ben2"],
    }
    for device, got in seen.items():
        others = [(sender, n) for sender, texts in sent.items() if sender != device for n in texts]
        assert sorted(got) == sorted(others), device  # each once
    assert [m for m in seen["ann"] if m[0] == HOST] == [m for m in seen["ben"] if m[0] == HOST]
    assert ann.outbox == [] and ann.seq == spokes["ben"].seq == hub.seq == 11


def relay_records():
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen)
    for n in range(3):
        hub.post({"n": n})
    net.pump()
    spokes["ann"].post({"n": "a"})
    spokes["ben"].post({"n": "b"})
    net.pump()
    spokes["ann"].post({"n": "a2"})
    return hub.record(), spokes["ann"].record()


@pytest.mark.parametrize(
    "damage",
    [
        {"version": 2},
        {"version": True},
        {"seq": -1},
        {"seq": 9},  # the log does not reach it
        {"log": None},
        {"log": []},
        {"acked": {"ann": 99, "ben": 4}},
        {"acked": {"ann": 4, "host": 4}},
        {"acked": {"a": 0, "b": 0, "c": 0, "d": 0}},
        {"relayed": {"host": 3, "ann": 1}},
        {"relayed": {"host": 3, "ann": 2, "ben": 1}},  # the log says 1
        {"extra": 1},
        "log[0].seq",
        "log[0].message",
        "log[0].n",
        "log[0].type",
        None,
        [],
    ],
)
def test_a_damaged_hub_record_is_refused(damage):
    record, _ = relay_records()
    assert record["seq"] == 5 and len(record["log"]) == 2  # (1 to 3 acked by both)
    record = json.loads(json.dumps(record))
    if isinstance(damage, str):
        field = damage.split(".")[1]
        record["log"][0][field] = {"seq": 7, "message": "text", "n": 0, "type": "post"}[field]
    elif isinstance(damage, dict):
        record.update(damage)
    else:
        record = damage
    with pytest.raises(ValueError):
        Hub.from_record(print, record)


@pytest.mark.parametrize(
    "damage",
    [
        {"version": 0},
        {"name": "ben"},
        {"seq": "5"},
        {"sent": 0},
        {"sent": 3},  # the outbox holds post 2, not 3
        {"outbox": [{"n": 2}]},
        {"outbox": [{"n": 2, "message": "text"}]},
        {"outbox": {"n": 2}},
        {"extra": None},
        None,
    ],
)
def test_a_damaged_spoke_record_is_refused(damage):
    _, record = relay_records()
    assert record["seq"] == 5 and record["sent"] == 2 and len(record["outbox"]) == 1
    record = None if damage is None else {**json.loads(json.dumps(record)), **damage}
    with pytest.raises(ValueError):
        Spoke.from_record("ann", print, print, record)
    with pytest.raises(ValueError):
        Spoke.from_record(HOST, print, print, relay_records()[1])


class Device:
    """One device of the table: its public engine, its seat's deal, its moves posted as
    {type "move", seat, move, hash} and checked as a Match checks them."""

    def __init__(self, name, seat, owners, options, seed, post):
        self.name, self.seat, self.owners, self.post = name, seat, owners, post
        self.state = new_game(options, seed)
        rng = random.Random(f"{seed}:{name}")
        self.deal = DealSession(len(owners), [seat], rng.randrange)
        self.moves: list[str] = []
        self.stopped: Cheated | None = None
        self.refused: list[ProtocolError] = []

    def play(self, move):
        self.state.apply(move)
        text = GAME.format_move(move)
        self.moves.append(text)
        self.post(
            {"type": "move", "seat": self.seat, "move": text, "hash": wire.state_hash(self.state)}
        )

    def catch_up(self):
        while self.stopped is None:
            for message in self.deal.update(self.state):
                self.post(message)
            move = self.deal.due_move(self.state)
            if move is None:
                return
            self.play(move)

    def deliver(self, sender, message):
        if self.stopped is not None:
            return
        try:
            if message["type"] == "move":
                assert self.owners[message["seat"]] == sender == self.owners[self.state.current]
                self.state.apply(GAME.parse_move(message["move"]))
                assert wire.state_hash(self.state) == message["hash"]
                self.moves.append(message["move"])
            else:
                if message["type"] == "deal-deck":
                    assert self.owners[message["deck"]["seat"]] == sender  # its own seat's
                for answer in self.deal.update(self.state) + self.deal.receive(self.state, message):
                    self.post(answer)
            self.catch_up()
        except Cheated as error:
            self.stopped = error
        except ProtocolError as error:
            self.refused.append(error)


def devices_at_a_table(options, seed):
    net = Net()
    seats = options["seats"]
    names = [HOST, *GUESTS][:seats]
    owners = dict(enumerate(names))
    posts = {}
    deliveries = {name: (lambda s, m, name=name: devices[name].deliver(s, m)) for name in names}
    hub, spokes = table(net, deliveries)
    posts[HOST] = hub.post
    posts.update({name: spoke.post for name, spoke in spokes.items()})
    devices = {
        name: Device(name, seat, owners, options, seed, posts[name])
        for seat, name in owners.items()
    }
    for device in devices.values():
        device.catch_up()
    net.pump()
    return net, list(devices.values())


def play_out(net, devices, rng, until=None):
    while not devices[0].state.is_over and all(d.stopped is None for d in devices):
        if until is not None and until(devices):
            return True
        mover = next(d for d in devices if d.deal.ready(d.state, d.state.current_player))
        mover.play(rng.choice(mover.deal.view_for(mover.state, mover.seat)["legal_moves"]))
        mover.catch_up()
        net.pump()
    return False


@pytest.mark.parametrize(
    "options", [{"seats": 3, "target": 20}, {"seats": 4, "partnerships": True, "target": 25}]
)
def test_rule_devices_through_the_relay_play_as_the_ordinary_engine(options):
    """Rules 11.1 to 11.6 and 11.8, with one device a seat."""
    net, devices = devices_at_a_table(options, seed=31)
    play_out(net, devices, random.Random(31))
    first = devices[0]
    assert all(d.stopped is None and not d.refused and d.state.is_over for d in devices)
    assert all(
        d.state.to_json() == first.state.to_json() and d.moves == first.moves for d in devices
    )
    assert all(d.deal.deals == first.deal.deals for d in devices)
    deals = [(deal["hands"], deal["draws"]) for deal in first.deal.deals]
    ordinary = dealt_game(options, 31, deals)
    for text in first.moves:
        move = GAME.parse_move(text)
        if move["type"] in ("play", "draw", "pass"):
            ordinary.apply(move)
    assert ordinary.result == first.state.result and ordinary.scores == first.state.scores


def test_rule_a_device_asking_for_the_card_of_another_seats_draw_is_named():
    """Rules 11.2 and 11.7: ben (seat 1) asks for the card of the host's draw before the
    host does: the others name seat 1 at once."""
    net, devices = devices_at_a_table({"seats": 3}, seed=1)
    host, ben, cat = devices

    def host_must_draw(devices):
        view = host.deal.view_for(host.state, 0) if host.deal.ready(host.state, 0) else None
        return view is not None and view["legal_moves"] == [{"type": "draw"}]

    assert play_out(net, devices, random.Random(1), until=host_must_draw)
    host.play({"type": "draw"})  # the host's device is slow to ask for its card
    net.pump()
    forged = ben.deal.decks[1].request_draw()[0]
    n = ben.deal.sent[-1]["n"] + 1
    ben.post({"type": "deal-deck", "hand": ben.state.hand_number, "n": n, "deck": forged})
    net.pump()
    assert "seat 1 asked for the card of seat 0's draw" in cat.stopped.reason
    assert cat.stopped.seat == 1
    # The host's device, asking for its card as it took the message, refuses it as junk.
    assert host.stopped is None and "during a deal" in host.refused[-1].reason


# --- a group's relay: members join late, and one gone for good is forgotten ----------------------
def test_a_group_member_joins_after_the_first_envelope_and_is_told_where_the_order_is():
    """A Wordle group's lobby fills as friends' devices link: the hub of a group (each
    post for one device) takes a newcomer at any time, and tells it where the one order
    stands (relay-start), so its spoke counts on from there; a table's hub does not."""
    net = Net()
    seen = {HOST: [], "ann": [], "ben": [], "cat": []}
    hub, _ = linked_table(net, seen, posts_to_one=True)
    for n in range(3):
        hub.post({"n": n}, to="ann")
    net.pump()
    cat = Spoke("cat", net.channel(lambda m: hub.receive("cat", m), "cat:1"), seen["cat"].append)
    cat.deliver = lambda s, m: seen["cat"].append((s, m["n"]))
    hub.join("cat", net.channel(cat.receive, "cat:1"))
    hub.post({"n": "h-cat"}, to="cat")
    cat.post({"n": "c-host"}, to=HOST)
    net.pump()
    assert seen["cat"] == [(HOST, "h-cat")] and seen[HOST] == [("cat", "c-host")]
    assert cat.seq == hub.seq == 5 and not cat.outbox
    for forged in (
        {"type": "relay-start", "after": 2, "sent": 0},
        {"type": "relay-start", "after": 9, "sent": 1},
    ):
        with pytest.raises(ProtocolError):
            cat.receive(forged)  # (only a spoke that has taken nothing starts)
    assert cat.seq == 5
    late = Spoke("dan", print, print)
    for junk in ({"type": "relay-start"}, {"type": "relay-start", "after": -1}, None):
        with pytest.raises(ProtocolError):
            late.receive(junk)
    table_hub, _ = linked_table(Net(), {HOST: [], "ann": [], "ben": []})
    table_hub.post({"n": 0})
    with pytest.raises(ValueError, match="before the table's first message"):
        table_hub.join("cat", print)


def test_a_member_gone_for_good_is_forgotten_so_the_log_keeps_only_what_the_others_lack():
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen, posts_to_one=True)
    spokes["ben"].post({"n": "b-host"}, to=HOST)
    net.pump()
    net.cut("ben:1")  # ben's page is gone: it says nothing of what it took
    for n in range(30):
        hub.post({"n": n}, to="ann" if n % 2 else "ben")
        net.pump()
    assert len(hub.log) > 30  # all kept for ben
    hub.forget("ben")
    assert hub.guests == ["ann"] and len(hub.log) < ACK_EVERY
    with pytest.raises(ProtocolError):
        hub.receive("ben", {"type": "relay-resend", "after": 0})
    with pytest.raises(ValueError):
        hub.post({"n": "x"}, to="ben")
    record = json.loads(json.dumps(hub.record()))
    assert Hub.from_record(print, record, posts_to_one=True).record() == record
    hub.join("ben", net.channel(print, "ben:2"))  # a newcomer of that name, late
    assert hub.acked["ben"] == hub.seq and hub.relayed["ben"] == 0
    with pytest.raises(ValueError):
        hub.forget("zed")


def test_a_forgotten_members_messages_stay_while_another_lacks_them(monkeypatch):
    monkeypatch.setattr(relay, "ACK_EVERY", 100)  # nobody says what it took unasked
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen, posts_to_one=True)
    spokes["ben"].post({"n": "b-host"}, to=HOST)
    net.pump()
    hub.forget("ben")
    assert [e["from"] for e in hub.log] == ["ben"] and "ben" in hub.relayed
    record = json.loads(json.dumps(hub.record()))
    assert Hub.from_record(print, record, posts_to_one=True).record() == record
    started = []  # ben back: its numbering goes on from the log's
    hub.join("ben", started.append)
    assert started == [{"type": "relay-start", "after": hub.seq, "sent": 1}]
    assert hub.relayed["ben"] == 1 and hub.acked["ben"] == hub.seq
    hub.forget("ben")
    spokes["ann"].reconnected()  # ann says what it took
    net.pump()
    assert hub.log == [] and set(hub.relayed) == {HOST, "ann"}
    hub.join("ben", print)


def test_a_group_members_new_page_starts_its_relay_afresh_where_the_order_and_its_count_stand():
    """A Wordle group's leader sends whole views, so a member's new link needs nothing of
    before: its new spoke is told where the one order and its own numbering stand, takes
    what comes next, and its posts are relayed under numbers the others can follow."""
    net = Net()
    seen = {HOST: [], "ann": [], "ben": []}
    hub, spokes = linked_table(net, seen, posts_to_one=True)
    spokes["ann"].post({"n": "a1"}, to=HOST)
    hub.post({"n": "h1"}, to="ann")
    net.pump()
    net.cut("ann:1")  # ann's page is gone, with what was on its way
    hub.post({"n": "h2"}, to="ann")
    again = Spoke("ann", net.channel(lambda m: hub.receive("ann", m), "ann:2"), print)
    again.deliver = lambda s, m: seen["ann"].append((s, m["n"]))
    hub.join_afresh("ann", net.channel(again.receive, "ann:2"))
    hub.post({"n": "h3"}, to="ann")
    net.pump()
    again.post({"n": "a2"}, to=HOST)  # (a new page speaks once it is spoken to)
    net.pump()
    assert seen["ann"] == [(HOST, "h1"), (HOST, "h3")]  # h2 was the lost page's
    assert seen[HOST] == [("ann", "a1"), ("ann", "a2")]
    assert again.seq == hub.seq and again.sent == 2 and not again.outbox
    assert [e["n"] for e in hub.log if e["from"] == "ann"] in ([], [2], [1, 2])
    record = json.loads(json.dumps(hub.record()))
    assert Hub.from_record(print, record, posts_to_one=True).record() == record
    table_hub, _ = linked_table(Net(), {HOST: [], "ann": [], "ben": []})
    with pytest.raises(ValueError, match="every message"):
        table_hub.join_afresh("ann", print)


def test_a_tables_envelopes_carry_the_hosts_clock_as_it_relayed_them_sent_again_alike():
    """app.remote.claims times a claim at a table by the host's clock: every guest reads,
    on the envelope it is taking, when the host relayed it, however late it came; and
    learns when its own last post was relayed."""
    net = Net()
    clock = [1_000.0]
    stamps = {"ann": [], "ben": []}
    relayed_back = []
    spokes: dict = {}
    hub = Hub(lambda s, m: None, clock=lambda: clock[0])
    for name in ("ann", "ben"):
        spokes[name] = Spoke(
            name,
            net.channel(lambda m, name=name: hub.receive(name, m), name),
            lambda s, m, name=name: stamps[name].append((m["n"], spokes[name].stamp)),
            lambda name=name: relayed_back.append((name, spokes[name].stamp)),
        )
        hub.join(name, net.channel(spokes[name].receive, name))
    hub.post({"n": 1})
    net.cut("ben")  # ben's link is lost
    clock[0] = 2_000.0
    spokes["ann"].post({"n": 2})
    spokes["ann"].post({"n": 3})
    net.pump()
    assert stamps["ann"] == [(1, 1000)] and relayed_back == [("ann", 2000)]
    assert spokes["ann"].stamp is None  # (outside an envelope)
    clock[0] = 60_000.0
    hub.join("ben", net.channel(spokes["ben"].receive, "ben:2"))
    spokes["ben"].reconnected(net.channel(lambda m: hub.receive("ben", m), "ben:2"))
    net.pump()
    assert stamps["ben"] == [(1, 1000), (2, 2000), (3, 2000)]
    record = Hub.from_record(lambda s, m: None, json.loads(json.dumps(hub.record()))).record()
    assert record == hub.record()  # (the stamps are kept with the log)
    for stamp in (-1, 1.5, "1000", None, 2**60):
        with pytest.raises(ProtocolError):
            Spoke("cat", lambda m: None, lambda s, m: None).receive(
                {"type": "relay", "seq": 1, "from": HOST, "n": 1, "message": {}, "at": stamp}
            )
