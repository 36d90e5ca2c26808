"""app.remote.relay: the host passes every message on, numbered, so every device of a table
of 3 or 4 takes the others' messages in one order; and Straight Dominoes dealt and played
by 3 and 4 devices through it (docs/rules/dominoes.md 11.8), to the ordinary engine's end."""

import json
import random

import pytest
from app.fair.errors import Cheated, ProtocolError
from app.remote import wire
from app.remote.dominoes_deal import DealSession
from app.remote.relay import HOST, Hub, Spoke
from games.dominoes.dealt import dealt_game
from games.dominoes.public import new_game
from games.dominoes.public_game import GAME

GUESTS = ("ann", "ben", "cat")


class Net:
    """Channels that hold each message (as JSON text) until `pump`; drop(test) loses
    the ones it matches."""

    def __init__(self):
        self.queue: list = []
        self.drop = None

    def channel(self, deliver):
        return lambda message: self.queue.append((deliver, json.dumps(message)))

    def pump(self):
        while self.queue:
            deliver, text = self.queue.pop(0)
            message = json.loads(text)
            if self.drop is None or not self.drop(message):
                deliver(message)


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


def test_every_device_takes_the_others_messages_in_the_hosts_one_order():
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
    hub.receive("ann", {"from": "ben", "claim": "I am ben"})
    assert seen == ["ann"] and hub.log[-1]["from"] == "ann"
    with pytest.raises(ProtocolError):
        hub.receive("zed", {})
    with pytest.raises(ProtocolError):
        hub.receive("ann", "not an object")
    for name in ("", HOST, None):
        with pytest.raises(ValueError):
            hub.join(name, ignore)
    hub.join("cat", ignore)
    with pytest.raises(ValueError, match="3 guests"):
        hub.join("dan", ignore)


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
