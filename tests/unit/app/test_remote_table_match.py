"""app.remote.table_match: one game among 3 or 4 devices through the host's relay, the
session of Straight Dominoes at a table of devices (docs/rules/dominoes.md 11.8): the
proposal, the coin flip of every device, the moves checked by every device alike, the
Dominoes deal beside them (DominoesMatch over a TableMatch), the end, and a device that
cheats, named by every other."""

import random

import pytest
from app.midend import COMPUTER, HUMAN, REMOTE
from app.remote.dominoes_match import DominoesMatch
from app.remote.match import CHEATING, CONNECTING, DESYNC, ENDED, OVER, PLAYING
from app.remote.relay import HOST, Hub, Spoke
from app.remote.table_match import TableMatch
from games.dominoes.public_game import GAME
from test_remote_dominoes import assert_as_the_ordinary_engine
from test_remote_match import new_midend
from test_remote_relay import Net

NAMES = {HOST: "Ann", "g1": "Bryn", "g2": "Cai", "g3": "Dee"}


def seated(options, seats, guests=("g1", "g2"), seed=0, draw_seats=True):
    """A table: the host's TableMatch and each guest's, over the relay, with seeded
    randomness; each wrapped in its DominoesMatch. (net, {device: DominoesMatch})."""
    net = Net()
    randoms = {d: random.Random(f"{seed}:{d}") for d in (HOST, *guests)}
    matches: dict = {}
    hub = Hub(lambda sender, message: matches[HOST].receive(sender, message))
    for guest in guests:
        deliver = lambda s, m, guest=guest: matches[guest].receive(s, m)  # noqa: E731
        to_host = net.channel(lambda m, guest=guest: hub.receive(guest, m))
        spoke = Spoke(guest, to_host, deliver)
        hub.join(guest, net.channel(spoke.receive))
        midend = new_midend(GAME)
        matches[guest] = TableMatch.guest(
            midend, spoke.post, guest, NAMES[guest], randoms[guest].randbytes
        )
    matches[HOST] = TableMatch.host(
        new_midend(GAME),
        hub.post,
        NAMES[HOST],
        options,
        list(seats),
        list(guests),
        draw_seats,
        randoms[HOST].randbytes,
    )
    games = {d: DominoesMatch(m, randbelow=randoms[d].randrange) for d, m in matches.items()}
    net.pump()
    return net, games


def play_out(net, games, rng):
    while any(g.match.status == PLAYING for g in games):
        game = next((g for g in games if g.match.status == PLAYING and g.ready), None)
        assert game is not None, "no device can move and no message is on its way"
        seat = game.state.current_player
        if game.match.midend.seat_kind(seat) == COMPUTER:
            game.play(game.computer_move())
        else:
            game.play(rng.choice(game.view()["legal_moves"]))
        net.pump()


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
        assert match.status == PLAYING and match.names == {d: NAMES[d] for d in (HOST, *guests)}
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
    owner = games[HOST].match.seat_owner(state.current_player)
    cheat = next(d for d in games if d != owner)
    cheater = games[cheat].match
    move = {"type": "move", "number": 1, "move": "draw", "hash": "0" * 64}
    cheater.post(move)  # (its own engine never let it: the device is modified)
    net.pump()
    for device, game in games.items():
        if device != cheat:
            assert game.match.status == CHEATING
            assert game.match.problems[-1]["by"] == cheat
    assert games[owner].state.to_json() == state.to_json()


def test_a_move_whose_position_differs_stops_the_game_as_out_of_step():
    net, games = seated({"seats": 3}, [HOST, "g1", "g2"], seed=6)
    game = next(g for g in games.values() if g.ready)
    match = game.match
    honest_post = match.post
    match.post = lambda m: honest_post({**m, "hash": "f" * 64} if m["type"] == "move" else m)
    game.play(game.view()["legal_moves"][0])
    net.pump()
    others = [g for g in games.values() if g is not game]
    assert all(g.match.status == DESYNC and g.match.problems[-1]["by"] == match.me for g in others)


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
