"""app.remote.table_game: a page's side of Straight Dominoes at a table of 3 or 4 devices
(docs/rules/dominoes.md 11.8 to 11.11), with every device's midend, saves and channels
in memory: the host's connections handed over from #/connect, the table message naming
each friend's device, a whole game by every device alike, a resignation seen from each
seat (who wins, and what the line says), and a friend's page and then the host's page
reloaded from their saves and linked again, the game going on to its end."""

import random

import pytest
from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import COMPUTER, Midend
from app.peer.channel import Channel
from app.remote import wire
from app.remote.dominoes_match import DominoesMatch
from app.remote.handshake import rules_of
from app.remote.match import ENDED, OVER, PLAYING
from app.remote.roster import HOST
from app.remote.saved_matches import is_table_save
from app.remote.table_game import TableGame, guest_ids, table_message
from app.remote.verdict import AWAY_MS
from app.storage import MemoryBackend, Store
from app.views.remote_bar import bar_state, bar_text
from games.dominoes.public_game import GAME

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

T = Translator("en")
SLOT = remote_slot("dominoes")
NAMES = {HOST: "Ann", "g1": "Bryn", "g2": "Cai", "g3": "Dee"}


class Net:
    """Every channel's frames, held until `pump`."""

    def __init__(self):
        self.queue: list = []

    def pair(self, host_name: str, guest_name: str) -> tuple[Channel, Channel]:
        """A connection: (the host's end, the friend's end), open."""
        ends: list[Channel] = []

        def close():
            for end in ends:
                end.transport_state("closed")

        ends += [
            Channel(host_name, lambda text: self.queue.append((ends[1], text)), close),
            Channel(guest_name, lambda text: self.queue.append((ends[0], text)), close),
        ]
        for end in ends:
            end.transport_state("open")
        self.pump()
        return ends[0], ends[1]

    def pump(self):
        while self.queue:
            end, text = self.queue.pop(0)
            end.received(text)


class Device:
    """One device's page: its storage, midend, TableGame and deal, saved as the page
    saves them (the midend with the deal's and the relay's records)."""

    def __init__(self, device: str, seed: int):
        self.device, self.name = device, NAMES[device]
        self.store = Store(MemoryBackend())
        saved_games.register_remote(self.store, [SLOT])
        self.random = random.Random(f"{seed}:{device}")
        self.events: list = []
        self.dm: DominoesMatch | None = None

    def open(self, links: dict, saved_deal=None) -> TableGame:
        self.midend = Midend(self.store, GAME, lambda: 0.0, slot=SLOT, keeps_replays=False)
        self.game = TableGame(links, self.midend, self.name, self.save, self.events.append)
        self.game.on_match = lambda match: self.dealt(match, saved_deal)
        return self.game

    def dealt(self, match, saved_deal) -> None:
        match._random_bytes = self.random.randbytes
        self.dm = DominoesMatch(match, on_change=self.save, saved=saved_deal)
        self.dm._randbelow = self.random.randrange

    def save(self) -> None:
        if self.midend.state is not None and self.dm is not None:
            meta = {"deal": self.dm.record(), "relay": self.game.relay_record()}
            assert self.midend.save(meta)

    def reopened(self, links: dict) -> TableGame:
        """The page opened again from its save (a reload), over the links it has."""
        data = saved_games.load(self.store, SLOT).data
        assert is_table_save(data)
        game = self.open(links, saved_deal=data["meta"]["deal"])
        assert self.midend.resume() is not None
        assert game.resume(data["meta"]["relay"])
        game.attach()
        return game


def seated(seats_of, options, guests=2, seed=1):
    """The host's page handed its friends' connections; each friend's connect page held
    the table message and opened the game with it."""
    net = Net()
    host = Device(HOST, seed)
    friends = [Device(guest, seed) for guest in guest_ids(guests)]
    ends = {friend.device: net.pair("Ann", friend.name) for friend in friends}
    for _, friend_end in ends.values():
        friend_end.on_message(friend_end.hold)  # the connect page holds what comes
    host.open({guest: pair[0] for guest, pair in ends.items()}).host(options, seats_of)
    net.pump()
    for friend in friends:
        link = ends[friend.device][1]
        assert table_message(link.held)["you"] == friend.device
        friend.open({HOST: link}).guest()
    net.pump()
    return net, host, friends, ends


def play(net, devices, rng, until):
    for _ in range(20_000):
        if until():
            return
        device = next((d for d in devices if d.dm is not None and d.dm.ready), None)
        assert device is not None, "nobody can move and nothing is on its way"
        seat = device.dm.state.current_player
        if device.midend.seat_kind(seat).startswith(COMPUTER):
            device.dm.play(device.dm.computer_move())
        else:
            device.dm.play(rng.choice(device.dm.view()["legal_moves"]))  # (as the page)
        net.pump()
    raise AssertionError("never got there")


def test_three_devices_play_a_whole_game_each_naming_the_others():
    net, host, friends, _ = seated(["host", "g1", "g2"], {"seats": 3, "target": 30})
    devices = [host, *friends]
    for device in devices:
        assert device.game.status == PLAYING and device.game.connected
        names = device.game.seat_names()
        assert sorted(names.values()) == sorted(
            n for d, n in NAMES.items() if d in ("host", "g1", "g2") and d != device.device
        )
        assert bar_text(device.game, T).startswith("Playing ")
    play(net, devices, random.Random(2), lambda: host.midend.state.is_over)
    net.pump()
    for device in devices:
        assert device.game.status == OVER
        assert device.midend.state.to_json() == host.midend.state.to_json()
    winners = host.midend.state.result["winners"]
    for device in devices:
        assert device.game.winner_is_me == (device.game.my_seat in winners)
    # The host plays again at the same table: every device takes the next game up.
    first_seed = host.midend.seed
    host.game.play_again({"seats": 3, "target": 30}, ["host", "g1", "g2"])
    net.pump()
    for device in devices:
        assert device.game.status == PLAYING and device.midend.moves == []
        assert device.midend.seed == host.midend.seed != first_seed
    play(net, devices, random.Random(3), lambda: len(host.midend.moves) > 10)


def test_a_resignation_at_a_table_ends_it_for_all_and_partners_lose_together():
    net, host, friends, _ = seated(
        ["host", "g1", "g2", "g3"], {"seats": 4, "partnerships": True, "target": 50}, guests=3
    )
    devices = [host, *friends]
    play(net, devices, random.Random(4), lambda: len(host.midend.moves) > 6)
    resigner = next(d for d in devices if d.game.my_turn)
    resigner.game.resign()
    net.pump()
    table = host.midend.state.table
    side = table.team_of(resigner.game.my_seat)
    for device in devices:
        assert device.game.status == ENDED
        won = device.game.winner_is_me
        assert won == (table.team_of(device.game.my_seat) != side)
        text = bar_text(device.game, T)
        if device is resigner:
            assert text == "You resigned: the game is over."
        elif won:
            assert text == f"{resigner.name} resigned: you win."
        else:
            assert text == f"{resigner.name}, your partner, resigned: the other side wins."


def test_without_partners_a_resignation_leaves_nobody_winning():
    net, host, friends, _ = seated(["host", "g1", "g2"], {"seats": 3})
    play(net, [host, *friends], random.Random(5), lambda: len(host.midend.moves) > 3)
    friends[0].game.resign()
    net.pump()
    assert friends[0].game.winner_is_me is False
    for device in (host, friends[1]):
        assert device.game.winner_is_me is None
        assert bar_text(device.game, T) == "Bryn resigned: the game is over, and nobody wins it."


def test_the_host_claims_a_deal_a_friends_device_holds_up_and_every_page_says_whose():
    """Cai's device (a modified one) stops sending its part of the deal: once the deal has
    waited 2 minutes for it, the host's page says so and offers the claim (no friend's page
    does), and the game ends on every page as held up by Cai: his side loses (dominoes.md
    11.14)."""
    net, host, friends, _ = seated(
        ["host", "g1", "g2", "g3"], {"seats": 4, "partnerships": True, "target": 50}, guests=3
    )
    devices = [host, *friends]
    clock = [0.0]
    for device in devices:
        device.midend.session.now_ms = lambda: clock[0]
    cai = friends[1]
    send = cai.dm.match.send
    cai.dm.match.send = lambda *out: send(*(m for m in out if not m["type"].startswith("deal-")))
    held_up = lambda: host.game.set_up_stalled and host.game.awaited == cai.device  # noqa: E731
    play(net, devices, random.Random(6), held_up)
    honest = [host, friends[0], friends[2]]  # (Cai's own page is a modified one)
    clock[0] += AWAY_MS - 1
    assert not any(device.game.may_claim for device in honest)
    clock[0] += 1
    assert [device.game.may_claim for device in honest] == [True, False, False]
    assert bar_text(host.game, T) == (
        "Cai's device has not sent its part of the deal for 2 minutes: you may claim the "
        "game, or wait for it."
    )
    host.game.claim()
    net.pump()
    table = host.midend.state.table
    side = table.team_of(cai.game.my_seat)
    assert cai.game.status == ENDED  # (as its own modified page sees it)
    for device in honest:
        assert device.game.status == ENDED
        assert device.game.match.ended == {"how": "held_up", "by": "g2"}
        text = bar_text(device.game, T)
        if table.team_of(device.game.my_seat) == side:
            assert device.game.winner_is_me is False
            assert text == (
                "The device of Cai, your partner, did not send its part of the deal for 2 "
                "minutes: the game was claimed, and the other side wins."
            )
        else:
            assert device.game.winner_is_me is True
            assert text == (
                "Cai's device did not send its part of the deal for 2 minutes: the game was "
                "claimed, and your side wins it."
            )


def test_a_friends_page_and_then_the_hosts_reloaded_come_back_by_new_links_to_the_end():
    net, host, friends, ends = seated(["host", "g1", "g2"], {"seats": 3, "target": 40}, seed=3)
    bryn, cai = friends
    devices = [host, bryn, cai]
    rng = random.Random(6)
    play(net, devices, rng, lambda: len(host.midend.moves) > 5)
    # Bryn's page is reloaded: its connection to the host is gone.
    ends["g1"][0].close()
    net.pump()
    assert host.game.missing == ["g1"] and bar_state(host.game) == "lost"
    assert bar_text(host.game, T).startswith("Waiting for Bryn") and "every device" in bar_text(
        host.game, T
    )
    assert cai.game.missing == ["g1"] and bar_state(cai.game) == "lost"  # told by the host
    assert bar_text(cai.game, T) == (
        "Waiting for Bryn, whose connection to Ann was lost: Ann sends them a new link to carry on."
    )
    bryn.reopened({})
    assert bar_state(bryn.game) == "lost"
    assert "Ann sends you a new link" in bar_text(bryn.game, T)
    # Cai plays on meanwhile, as far as the game goes without Bryn.
    for _ in range(30):
        mover = next((d for d in (host, cai) if d.dm.ready), None)
        if mover is None:
            break
        mover.dm.play(rng.choice(mover.dm.view()["legal_moves"]))
        net.pump()
    # The host makes a new link for Bryn; its page takes the table up again from its save.
    host_end, bryn_end = net.pair("Ann", "Bryn")
    bryn_end.on_message(bryn_end.hold)
    host.reopened({"g1": host_end, "g2": ends["g2"][0]})
    net.pump()
    assert table_message(bryn_end.held)["match"] == host.game.match_id
    bryn.reopened({HOST: bryn_end})
    net.pump()
    assert all(d.game.connected for d in devices) and cai.game.missing == []
    later = len(host.midend.moves) + 20
    play(net, devices, rng, lambda: len(host.midend.moves) > later or host.midend.state.is_over)
    # Then the host's page is reloaded: every friend waits; new links, one by one.
    host.reopened({})
    for device in (bryn, cai):
        ends_now = net.pair("Ann", device.name)
        ends_now[1].on_message(ends_now[1].hold)
        links = dict(host.game.links)
        links[device.device] = ends_now[0]
        host.reopened(links)
        net.pump()
        device.reopened({HOST: ends_now[1]})
        net.pump()
    play(net, devices, rng, lambda: host.midend.state.is_over)
    net.pump()
    for device in devices:
        assert device.game.status == OVER and device.game.match.problems == []
        assert device.midend.state.to_json() == host.midend.state.to_json()


def test_a_moment_away_a_phone_asleep_loses_nothing():
    """The host's connection to a friend interrupted while the others play, then back:
    what was sent meanwhile (dropped on the way) reaches the friend, and the game goes on
    to its end (dominoes.md 11.11)."""
    net, host, friends, ends = seated(["host", "g1", "g2"], {"seats": 3, "target": 30}, seed=7)
    devices = [host, *friends]
    rng = random.Random(8)
    play(net, devices, rng, lambda: len(host.midend.moves) > 2)
    host_end, bryn_end = ends["g1"]
    for end in (host_end, bryn_end):
        end.transport_state("interrupted")
    assert bar_state(host.game) == "interrupted"
    for _ in range(20):  # the others play on as far as they can; Bryn's messages are lost
        mover = next((d for d in devices if d.dm.ready), None)
        if mover is None:
            break
        mover.dm.play(rng.choice(mover.dm.view()["legal_moves"]))
        net.pump()
    for end in (host_end, bryn_end):
        end.transport_state("open")
    net.pump()
    assert friends[0].midend.moves == host.midend.moves
    play(net, devices, rng, lambda: host.midend.state.is_over)
    net.pump()
    for device in devices:
        assert device.game.status == OVER and device.game.match.problems == []


def test_a_resignation_is_saved_with_the_relay_so_a_reload_keeps_the_table_whole():
    net, host, friends, _ = seated(["host", "g1", "g2"], {"seats": 3}, seed=9)
    play(net, [host, *friends], random.Random(5), lambda: len(host.midend.moves) > 3)
    host.game.resign()
    net.pump()
    assert all(d.game.status == ENDED for d in (host, *friends))
    host.reopened({})  # the host's page reloaded: new links to both friends
    for friend in friends:
        host_end, friend_end = net.pair("Ann", friend.name)
        friend_end.on_message(friend_end.hold)
        host.reopened({**host.game.links, friend.device: host_end})
        net.pump()
        friend.reopened({HOST: friend_end})
        net.pump()
    assert host.game.connected and host.game.status == ENDED
    host.game.play_again({"seats": 3}, ["host", "g1", "g2"])
    net.pump()
    for device in (host, *friends):
        assert device.game.status == PLAYING, device.device


def test_leaving_while_the_table_is_set_up_crashes_no_page():
    net = Net()
    host, bryn, cai = Device(HOST, 1), Device("g1", 1), Device("g2", 1)
    ends = {friend.device: net.pair("Ann", friend.name) for friend in (bryn, cai)}
    for _, friend_end in ends.values():
        friend_end.on_message(friend_end.hold)
    host.open({g: pair[0] for g, pair in ends.items()}).host({"seats": 3}, ["host", "g1", "g2"])
    net.pump()
    bryn.open({HOST: ends["g1"][1]}).guest()  # (Cai's page is slow to open)
    net.pump()
    bryn.game.leave()
    net.pump()
    assert host.game.status == ENDED and host.game.winner_is_me is None
    assert bar_text(host.game, T) == "Bryn left the game: it is over, and nobody wins it."
    assert bar_text(bryn.game, T) == "You left the game: it is over."


def test_a_hosts_options_this_version_cannot_play_are_refused_not_raised():
    net = Net()
    bryn = Device("g1", 1)
    host_end, bryn_end = net.pair("Ann", "Bryn")
    bryn_end.on_message(bryn_end.hold)
    bryn_end.hold({"type": "table", "game": GAME.name, "you": "g1"})
    bryn.open({HOST: bryn_end}).guest()
    hello = {
        "type": "hello",
        "version": wire.VERSION,
        "rules": rules_of(GAME),
        "game": GAME.name,
        "params": {"seats": "5"},
        "seats": ["host", "g1", "g2"],
        "devices": ["host", "g1", "g2"],
        "draw_seats": True,
        "name": "Ann",
    }
    envelope = {"type": "relay", "seq": 1, "from": HOST, "n": 1, "message": hello}
    host_end.send(envelope)
    net.pump()  # (no exception: the page lives on)
    assert bryn.game.status == "incompatible"
    assert "options" in bryn.game.last_problem["reason"]


def test_a_deck_message_for_another_devices_seat_is_cheating_named_by_every_other():
    net, host, friends, _ = seated(["host", "g1", "g2"], {"seats": 3}, seed=2)
    bryn, cai = friends
    cai_seat = cai.game.my_seat
    forged = {"type": "deal-deck", "hand": 0, "n": 9, "deck": {"seat": cai_seat}}
    bryn.game.spoke.post(forged)  # (a modified page: its engine never sends it)
    net.pump()
    for device in (host, cai):
        assert device.game.match.stop == "cheating"
        assert device.game.last_problem["by"] == "g1"
