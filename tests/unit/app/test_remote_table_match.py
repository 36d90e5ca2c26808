"""app.remote.table_match: one game among 3 or 4 devices through the host's relay, the
session of Straight Dominoes at a table of devices (docs/rules/dominoes.md 11.8): the
proposal, the coin flip of every device, the moves checked by every device alike, the
Dominoes deal beside them (DominoesMatch over a TableMatch), the end, and a device that
cheats, named by every other."""

import json
import random

import pytest
from app.midend import COMPUTER, HUMAN, REMOTE
from app.remote import wire
from app.remote.dominoes_match import DominoesMatch
from app.remote.match import CHEATING, CONNECTING, DESYNC, ENDED, OVER, PLAYING
from app.remote.relay import Hub, Spoke
from app.remote.roster import HOST
from app.remote.table_match import TableMatch
from games.dominoes.public_game import GAME
from test_remote_dominoes import assert_as_the_ordinary_engine
from test_remote_match import new_midend
from test_remote_relay import Net

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

NAMES = {HOST: "Ann", "g1": "Bryn", "g2": "Cai", "g3": "Dee"}


class Table:
    """A table of devices over the relay: the host's Hub, each guest's Spoke, each
    device's DominoesMatch (over its TableMatch) in `games`, with seeded randomness; each
    guest's link to the host named "<guest>:<n>", a new n after each new link; `clock`
    (a list holding the time, in ms) every device's and the relay's, if given."""

    def __init__(self, options, seats, guests, seed, draw_seats, clock=None):
        self.net = Net()
        self.seed, self.guests, self.clock = seed, tuple(guests), clock
        randoms = {d: random.Random(f"{seed}:{d}") for d in (HOST, *guests)}
        self.games: dict = {}
        self.hub = Hub(self.deliver_to(HOST), clock=self.read_clock())
        self.spokes: dict = {}
        self.links = dict.fromkeys(guests, 1)
        matches = {}
        for guest in guests:
            self.spokes[guest] = Spoke(
                guest, self.to_host(guest), self.deliver_to(guest), self.relayed_back(guest)
            )
            self.hub.join(guest, self.to_guest(guest))
            matches[guest] = TableMatch.guest(
                self.new_midend(),
                self.spokes[guest].post,
                guest,
                NAMES[guest],
                randoms[guest].randbytes,
                spoke=lambda guest=guest: self.spokes[guest],
            )
        matches[HOST] = TableMatch.host(
            self.new_midend(),
            self.hub.post,
            NAMES[HOST],
            options,
            list(seats),
            list(guests),
            draw_seats,
            randoms[HOST].randbytes,
        )
        for device, match in matches.items():
            self.games[device] = DominoesMatch(match, randbelow=randoms[device].randrange)
        self.net.pump()

    def read_clock(self):
        return None if self.clock is None else lambda: self.clock[0]

    def new_midend(self, store=None):
        midend = new_midend(GAME, store)
        if self.clock is not None:
            midend.session.now_ms = self.read_clock()
        return midend

    def relayed_back(self, guest):
        return lambda: self.games[guest].match.relayed_back()

    def deliver_to(self, device):
        return lambda sender, message: self.games[device].match.receive(sender, message)

    def link(self, guest):
        return f"{guest}:{self.links[guest]}"

    def to_host(self, guest):
        return self.net.channel(lambda data: self.hub.receive(guest, data), self.link(guest))

    def to_guest(self, guest):
        return self.net.channel(self.spokes[guest].receive, self.link(guest))

    def cut(self, guest):
        """The guest's link is lost, with whatever it carries now or later."""
        self.net.cut(self.link(guest))
        self.links[guest] += 1

    def relink(self, guest):
        """A new link between the host and the guest."""
        self.hub.join(guest, self.to_guest(guest))
        self.spokes[guest].reconnected(self.to_host(guest))

    def save(self, device):
        """What the page saves after every message it takes: the midend (with the
        TableMatch's record in its frame), the deal's record and the relay's, as JSON."""
        game = self.games[device]
        assert game.match.midend.save()
        relay = self.hub if device == HOST else self.spokes[device]
        return json.dumps({"deal": game.record(), "relay": relay.record()})

    def reload(self, device):
        """The device's page reloaded just after its last save, with every message in
        flight to or from it lost; rebuilt from its save; each link made again."""
        saved = json.loads(self.save(device))
        old = self.games[device].match.midend
        midend = self.new_midend(old.store)
        assert midend.resume() is not None
        linked = self.guests if device == HOST else (device,)
        for guest in linked:
            self.cut(guest)
        if device == HOST:
            self.hub = Hub.from_record(
                self.deliver_to(HOST), saved["relay"], clock=self.read_clock()
            )
            post = self.hub.post
        else:
            spoke = Spoke.from_record(
                device,
                self.to_host(device),
                self.deliver_to(device),
                saved["relay"],
                self.relayed_back(device),
            )
            self.spokes[device] = spoke
            post = spoke.post
        spoke = lambda: self.spokes[device]  # noqa: E731 (a guest's; the host has none)
        match = TableMatch.resumed(midend, post, device, NAMES[device], spoke)
        randbelow = random.Random(f"{self.seed}:{device}:again").randrange
        self.games[device] = DominoesMatch(match, saved=saved["deal"], randbelow=randbelow)
        for guest in linked:
            self.relink(guest)


def seated(options, seats, guests=("g1", "g2"), seed=0, draw_seats=True, clock=None):
    """A table (see Table): (net, {device: DominoesMatch})."""
    table = Table(options, seats, guests, seed, draw_seats, clock)
    return table.net, table.games


def play_out(net, games, rng, until=None, watch=None):
    """Each device plays its seats when ready until the game is over or stopped, or
    until(games); watch() after each move's messages have all arrived."""
    while any(g.match.status == PLAYING for g in games):
        if until is not None and until(games):
            return True
        game = next((g for g in games if g.match.status == PLAYING and g.ready), None)
        assert game is not None, "no device can move and no message is on its way"
        seat = game.state.current_player
        if game.match.midend.seat_kind(seat) == COMPUTER:
            game.play(game.computer_move())
        else:
            game.play(rng.choice(game.view()["legal_moves"]))
        net.pump()
        if watch is not None:
            watch()
    return False


@pytest.mark.parametrize(
    ("options", "seats", "guests"),
    [
        ({"seats": 3, "target": 30}, [HOST, "g1", "g2"], ("g1", "g2")),
        (
            {"seats": 4, "partnerships": True, "target": 30},
            [HOST, "g1", "g2", "g3"],
            ("g1", "g2", "g3"),
        ),
        ({"seats": 4, "target": 25}, [HOST, "computer:easy", "g1", "g2"], ("g1", "g2")),
    ],
)
def test_rule_a_table_of_devices_plays_a_whole_game_as_the_ordinary_engine(options, seats, guests):
    net, games = seated(options, seats, guests, seed=3)
    host = games[HOST]
    for device, game in games.items():
        match = game.match
        assert match.status == PLAYING and match.roster.names == {
            d: NAMES[d] for d in (HOST, *guests)
        }
        mine = [seat for seat, kind in enumerate(match.midend.seats) if kind == HUMAN]
        assert [match.seats[seat] for seat in mine] == [device]  # the coin turned the table
        computers = [s for s, k in enumerate(match.midend.seats) if k.startswith(COMPUTER)]
        assert computers == (
            []
            if device != HOST
            else [match.seats.index("computer:easy")]
            if "computer:easy" in seats
            else []
        )
        assert set(game.deal.local) == {s for s, k in enumerate(match.midend.seats) if k != REMOTE}
    assert len({game.match.midend.seed for game in games.values()}) == 1
    play_out(net, list(games.values()), random.Random(3))
    for game in games.values():
        assert game.match.status == OVER and game.match.problems == []
        assert game.state.to_json() == host.state.to_json()
    for guest in guests:
        assert_as_the_ordinary_engine(host, games[guest])


def test_the_seats_and_who_leads_are_drawn_by_every_device_not_the_host():
    turns = set()
    for seed in range(4):  # (seeded: the same every run)
        _, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=seed)
        turns.add(tuple(games[HOST].match.seats))
        assert {tuple(g.match.seats) for g in games.values()} == {tuple(games[HOST].match.seats)}
    assert len(turns) > 1


def test_a_move_out_of_turn_is_named_by_every_other_device_and_stops_the_game():
    net, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=5)
    state = games[HOST].state
    owner = games[HOST].match.roster.seat_owner(state.current_player)
    cheat = next(d for d in games if d != owner)
    cheater = games[cheat].match
    move = {"type": "move", "number": 1, "move": "draw", "hash": "0" * 64}
    cheater.link.post(move)  # (its own engine never let it: the device is modified)
    net.pump()
    for device, game in games.items():
        if device != cheat:
            assert game.match.stop == CHEATING
            assert game.match.problems[-1]["by"] == cheat
    assert games[owner].state.to_json() == state.to_json()


def test_a_move_whose_position_differs_stops_the_game_as_out_of_step():
    net, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=6)
    game = next(g for g in games.values() if g.ready)
    match = game.match
    honest_post = match.link.post
    match.link.post = lambda m: honest_post({**m, "hash": "f" * 64} if m["type"] == "move" else m)
    game.play(game.view()["legal_moves"][0])
    net.pump()
    others = [g for g in games.values() if g is not game]
    assert all(g.match.stop == DESYNC and g.match.problems[-1]["by"] == match.role for g in others)


def test_a_device_that_leaves_ends_the_game_for_every_device():
    net, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=7)
    games["g2"].match.leave()
    net.pump()
    for game in games.values():
        assert game.match.status == ENDED and game.match.ended == {"how": "left", "by": "g2"}


def test_a_proposal_a_device_cannot_play_is_refused_and_a_junk_message_changes_nothing():
    with pytest.raises(ValueError):
        TableMatch.host(
            new_midend(GAME), lambda m: None, "Ann", {"seats": 3}, [HOST, "g1", "g9"], ["g1", "g2"]
        )
    with pytest.raises(ValueError):  # two devices: app.remote.match's game, not a table's
        TableMatch.host(new_midend(GAME), lambda m: None, "Ann", {"seats": 2}, [HOST, "g1"], ["g1"])
    sent = []
    guest = TableMatch.guest(new_midend(GAME), sent.append, "g1", "Bryn")
    guest.receive("g2", {"type": "hello"})  # only the host proposes
    guest.receive(HOST, "not a message")
    assert guest.status == CONNECTING and sent == [] and len(guest.problems) == 2


# --- a lost link, a reload ---------------------------------------------------------------------
def mid_hand(moves):
    """Until a hand is in play and `moves` moves have been played."""

    def reached(games):
        state = games[0].state
        return len(games[0].match.midend.moves) >= moves and state.phase == "play"

    return reached


def assert_whole_game_as_the_ordinary_engine(table):
    host = table.games[HOST]
    for guest in table.guests:
        assert_as_the_ordinary_engine(host, table.games[guest])


def test_messages_lost_while_a_guests_link_is_down_come_after_a_new_link_once_each():
    table = Table({"seats": 3, "target": 20}, [HOST, "g1", "g2"], ("g1", "g2"), 8, True)
    net, games, rng = table.net, table.games, random.Random(8)
    g1 = games["g1"]
    assert play_out(net, list(games.values()), rng, until=lambda gs: g1.ready)
    g1.play(rng.choice(g1.view()["legal_moves"]))
    table.cut("g1")  # its move is lost on the way
    net.pump()
    moves = len(games[HOST].match.midend.moves)
    assert any(m["type"] == "relay-post" for _, m in net.lost)
    assert table.spokes["g1"].outbox and len(g1.match.midend.moves) == moves + 1
    table.relink("g1")
    net.pump()
    assert len(games[HOST].match.midend.moves) == moves + 1
    after_g1 = next(d for d in games if d != "g1" and games[d].ready)
    games[after_g1].play(rng.choice(games[after_g1].view()["legal_moves"]))
    table.cut("g1")  # the move and whatever follows is lost on the way to g1
    lost = len(net.lost)
    net.pump()
    play_out(net, list(games.values()), rng, until=lambda gs: not any(g.ready for g in gs))
    assert any(m["type"] == "relay" for _, m in net.lost[lost:])
    table.relink("g1")
    net.pump()
    play_out(net, list(games.values()), rng)
    assert_whole_game_as_the_ordinary_engine(table)


@pytest.mark.parametrize("device", [HOST, "g2"])
def test_a_page_reloaded_mid_hand_goes_on_to_the_end_of_the_game(device):
    """The device's page reloads just after its last save, a move of its own in flight;
    rebuilt from the saved JSON (midend, TableMatch, deal, relay), the game goes on."""
    options = {"seats": 4, "target": 20}
    table = Table(options, [HOST, "computer:easy", "g1", "g2"], ("g1", "g2"), 9, True)
    rng = random.Random(9)
    assert play_out(table.net, list(table.games.values()), rng, until=mid_hand(6))
    game = table.games[device]
    assert play_out(table.net, list(table.games.values()), rng, until=lambda gs: game.ready)
    game.play(rng.choice(game.view()["legal_moves"]))  # not yet taken by the others
    record = game.match.record()
    table.reload(device)
    again = table.games[device]
    assert again is not game and again.match.record() == json.loads(json.dumps(record))
    table.net.pump()
    play_out(table.net, list(table.games.values()), rng)
    assert_whole_game_as_the_ordinary_engine(table)


def test_the_hosts_log_stays_within_a_few_moves_over_a_whole_game():
    """Every guest says what it has taken with each post, so the log keeps about a round
    of the table (measured: 6 envelopes at most, of 96 over two hands)."""
    table = Table({"seats": 3, "target": 40}, [HOST, "g1", "g2"], ("g1", "g2"), 10, True)
    longest = []
    play_out(
        table.net,
        list(table.games.values()),
        random.Random(10),
        watch=lambda: longest.append(len(table.hub.log)),
    )
    assert_whole_game_as_the_ordinary_engine(table)
    assert len(table.games[HOST].deal.deals) == 2 and table.hub.seq == 96
    assert max(longest) <= 8


def test_the_session_record_survives_json_and_a_resume():
    _, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=11)
    match = games["g1"].match
    match.receive("g2", {"type": "nonsense"})
    record = json.loads(json.dumps(match.record()))
    assert record == match.midend.remote["session"]
    assert record["me"] == "g1" and record["problems"][-1]["kind"] == "junk"
    assert record["names"] == {HOST: "Ann", "g1": "Bryn", "g2": "Cai"}
    assert match.midend.save()
    midend = new_midend(GAME, match.midend.store)
    assert midend.resume() is not None
    again = TableMatch.resumed(midend, print, "g1", "Bryn")
    assert again.record() == record and again.status == PLAYING
    with pytest.raises(ValueError):
        TableMatch.resumed(midend, print, "g2", "Cai")  # another device's record
    with pytest.raises(ValueError):
        TableMatch.resumed(new_midend(GAME), print, "g1", "Bryn")  # no game at all


@pytest.mark.parametrize(
    "damage",
    [
        {"version": wire.VERSION + 1},  # (a later protocol)
        {"me": HOST},
        {"devices": [HOST, "g1"]},
        {"devices": ["g1", HOST, "g2"]},
        {"devices": [HOST, "g1", "g1"]},
        {"names": {HOST: "Ann", "g1": "Bryn"}},
        {"names": {HOST: "Ann", "g1": "Bryn", "g2": "\u202e"}},
        {"params": None},
        {"seats": [HOST, "g1", "g9"]},
        {"seats": [HOST, HOST, "g1"]},
        {"status": "connecting"},
        {"status": "won"},
        {"ended": {"how": "left", "by": "g9"}},
        {"ended": {"how": "fled", "by": "g2"}},
        {"problems": [{"by": "g2"}]},
        {"problems": None},
        {"extra": 1},
    ],
)
def test_a_damaged_session_record_is_refused(damage):
    _, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=12)
    midend = games["g1"].match.midend
    midend.remote["session"].update(damage)
    with pytest.raises(ValueError):
        TableMatch.resumed(midend, print, "g1", "Bryn")


def test_a_seat_order_other_than_the_games_is_refused():
    _, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=12)
    midend = games["g1"].match.midend
    seats = midend.remote["session"]["seats"]
    midend.remote["session"]["seats"] = seats[1:] + seats[:1]
    with pytest.raises(ValueError, match="seats"):
        TableMatch.resumed(midend, print, "g1", "Bryn")


@pytest.mark.parametrize("partnerships", [False, True])
def test_a_cheat_at_the_table_wins_the_cheater_nothing_and_costs_no_honest_player(partnerships):
    options = {"seats": 4, "partnerships": partnerships, "target": 30}
    net, games = seated(options, [HOST, "g1", "g2", "g3"], ("g1", "g2", "g3"), seed=5)
    owner = games[HOST].match.roster.seat_owner(games[HOST].state.current_player)
    cheat = next(d for d in games if d != owner)
    games[cheat].match.link.post({"type": "move", "number": 1, "move": "x", "hash": "junk"})
    net.pump()
    table = games[HOST].state.table
    cheat_team = table.team_of(games[HOST].match.seats.index(cheat))
    for device, game in games.items():
        if device == cheat:
            continue
        match = game.match
        assert match.status == ENDED and match.ended["how"] == "forfeit"
        assert match.ended["by"] == cheat and "malformed" in match.ended["reason"]
        team = table.team_of(match.seats.index(device))
        expected = True if partnerships and team != cheat_team else "nothing"
        assert match.outcome == expected
        assert match.midend.recorded == (expected == "nothing")
        match.receive(cheat, {"type": "junk"})  # later junk: the reason stays
        assert "malformed" in match.ended["reason"]
