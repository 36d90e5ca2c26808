"""The protocol between devices for 2 to 8 (app.remote.handshake over app.remote.relay):
eight devices agree on the game, the seed and who sits where, each speaking for its own
seat of the coin flip only. No game here seats 8 (Dominoes seats 4, the Wordle group has
its own messages), so the game is Deblockle told it has 8 seats: the limit tested is the
protocol's, not a game's."""

import dataclasses
import random

import pytest
from app.fair.errors import ProtocolError
from app.remote.checks import CHEATING, JUNK, Refused
from app.remote.handshake import Handshake
from app.remote.relay import MAX_GUESTS, Hub, Spoke
from app.remote.roster import HOST, MAX_DEVICES, Roster
from app.remote.table_match import TableMatch
from games.deblockle.game import GAME as DEBLOCKLE
from test_remote_match import new_midend
from test_remote_relay import Net

EIGHT_SEATS = dataclasses.replace(DEBLOCKLE, seats=lambda options: 8)
GUESTS = [f"g{n}" for n in range(1, 8)]
DEVICES = [HOST, *GUESTS]


class Eight:
    """Eight devices' handshakes over the host's relay; `refusals` what each refused (its
    id, the kind, the device at fault); `coin_seats` the seat of every coin flip message,
    with the device that sent it."""

    def __init__(self, seed=0, forge=None):
        self.net = Net()
        self.forge = forge  # (guest, seat): that guest's coin-commit claims another seat
        self.refusals: list = []
        self.coin_seats: list = []
        self.shakes = {
            device: Handshake(
                EIGHT_SEATS,
                Roster(device, DEVICES if device == HOST else []),
                f"P{index}",
                random.Random(f"{seed}:{device}").randbytes,
                at_table=True,
            )
            for index, device in enumerate(DEVICES)
        }
        self.hub = Hub(self.deliver_to(HOST))
        self.spokes = {}
        for guest in GUESTS:
            to_host = self.net.channel(lambda data, guest=guest: self.hub.receive(guest, data))
            self.spokes[guest] = Spoke(guest, to_host, self.deliver_to(guest))
            self.hub.join(guest, self.net.channel(self.spokes[guest].receive))

    def post(self, device, messages):
        for message in messages:
            if device == HOST:
                self.hub.post(message)
                continue
            if self.forge and self.forge[0] == device and message["type"] == "coin-commit":
                message = {**message, "seat": self.forge[1]}
            self.spokes[device].post(message)

    def deliver_to(self, device):
        def deliver(sender, message):
            if message["type"].startswith("coin-"):
                self.coin_seats.append((sender, message["seat"]))
            try:
                self.post(device, self.shakes[device].take(sender, message))
            except Refused as refusal:
                self.refusals.append((device, refusal.kind, refusal.device or sender))
            except ProtocolError:  # (a Match refuses it as junk, once setting up stopped)
                self.refusals.append((device, JUNK, sender))

        return deliver

    def start(self, draw_seats=True):
        host = self.shakes[HOST]
        self.post(HOST, host.propose({"quick_setup": True}, list(DEVICES), draw_seats))
        self.net.pump()


def test_the_protocol_takes_8_devices_a_game_may_take_fewer():
    assert MAX_DEVICES == 8 and MAX_GUESTS == 7
    with pytest.raises(ValueError):
        TableMatch.host(new_midend(), print, "Ann", {}, [], [f"g{n}" for n in range(1, 9)])


@pytest.mark.parametrize("seed", range(3))
def test_eight_devices_agree_on_the_seed_and_the_seats_each_flipping_for_its_own(seed):
    eight = Eight(seed)
    eight.start()
    assert eight.refusals == []
    for device, shake in eight.shakes.items():
        assert shake.coin is not None and shake.coin.seat == DEVICES.index(device)
        assert shake.roster.devices == DEVICES
        assert shake.roster.names == {d: f"P{i}" for i, d in enumerate(DEVICES)}
    # every coin flip message (a commitment and a reveal per device, taken by the other 7)
    assert len(eight.coin_seats) == 8 * 2 * 7
    assert all(seat == DEVICES.index(sender) for sender, seat in eight.coin_seats)
    seeds = {device: shake.seed() for device, shake in eight.shakes.items()}
    assert None not in seeds.values() and len(set(seeds.values())) == 1
    seats = {tuple(shake.roster.seats) for shake in eight.shakes.values()}
    assert len(seats) == 1 and sorted(seats.pop()) == sorted(DEVICES)


def test_the_seats_drawn_by_eight_devices_change_with_the_coin():
    drawn = set()
    for seed in range(6):
        eight = Eight(seed)
        eight.start()
        eight.shakes[HOST].seed()
        drawn.add(tuple(eight.shakes[HOST].roster.seats))
    assert len(drawn) > 1


def test_a_guest_flipping_for_another_seat_is_named_as_the_cheater_by_every_other_device():
    eight = Eight(forge=("g5", 6))
    eight.start()
    cheats = [refusal for refusal in eight.refusals if refusal[1] == CHEATING]
    assert sorted(cheats) == sorted(
        (device, CHEATING, "g5") for device in DEVICES if device != "g5"
    )
    assert all(shake.seed() is None for shake in eight.shakes.values())
