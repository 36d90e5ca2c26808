"""Battleship between two devices (app.remote.battleship_match): the public engine's moves
over two Matches wired back to back, each device holding only its own fleet: whole games
that end as the ordinary engine's with the fleets shown, nothing of a fleet sent before
the end, lies named, a fleet not shown waited for (docs/rules/battleship.md 12)."""

import json
import random

import pytest
from app.midend import HUMAN, REMOTE
from app.remote.battleship_match import BattleshipMatch
from app.remote.match import CHEATING, OVER, PLAYING, Match
from games.battleship import new_game as ordinary_game
from games.battleship.grid import square_name
from games.battleship.private import PrivateFleet
from games.battleship.public_game import GAME
from games.battleship.state import public_record
from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from test_remote_match import Wire, new_midend


def connected(options, seats=("host", "guest"), seed=0, tamper=None, on_change=None):
    """Two devices linked with seeded randomness (coin flip, fleets, salts), so each test
    plays the same game every time; tamper(side, message) may change or drop one."""
    wire = Wire()
    wire.tamper = tamper
    randoms = [random.Random(f"{seed}:{device}") for device in ("host", "guest")]
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob", randoms[1].randbytes)
    host = Match.host(
        new_midend(GAME), wire.ends[0], "Alice", options, list(seats), False, randoms[0].randbytes
    )
    games = [
        BattleshipMatch(match, on_change, random_bytes=r.randbytes, rng=SeededRng(seed * 2 + i))
        for i, (match, r) in enumerate(zip((host, guest), randoms))
    ]
    wire.pump()
    return wire, games


def volley(game, rng) -> list[str]:
    view = game.view()
    open_squares = [square_name(i) for i in range(100) if square_name(i) not in view["called"]]
    return rng.sample(open_squares, view["shots_allowed"])


def play_out(wire, games, rng, until=None, reload=False) -> bool:
    """Each device places a random fleet and declares ready, then its person fires at
    random when it may, until the game is over or stopped, or until(games) (True). With
    `reload`, each device is reloaded after every move (`games` then holds the new ones)."""
    while any(game.match.status == PLAYING for game in games):
        if until is not None and until(games):
            return True
        placing = [g for g in games if g.match.status == PLAYING and g.placing]
        if placing:
            placing[0].place({"type": "random_fleet", "player": placing[0].seat})
            placing[0].declare_ready()
        else:
            game = next((g for g in games if g.ready), None)
            if game is None:
                return False  # nobody can move: a device waits for the other
            game.fire(volley(game, rng))
        wire.pump()
        if reload:
            games[:] = [reloaded(game) for game in games]
    return False


def reloaded(game: BattleshipMatch) -> BattleshipMatch:
    """The same device after a reload: its match's listener back, its record read again."""
    game.match.listener = game._listener
    saved = json.loads(json.dumps(game.record()))
    return BattleshipMatch(game.match, game.on_change, saved, game._random_bytes, game._rng)


def ordinary_replay(game: BattleshipMatch):
    """The ordinary engine given the fleets the devices showed, and the same volleys."""
    state = game.state
    ordinary = ordinary_game(game.match.midend.options)
    for seat, shown in enumerate(state.reveals):
        ships = {ship: [square, orientation] for ship, square, orientation in shown["ships"]}
        ordinary.apply({"type": "fleet", "player": seat, "ships": ships})
    for seat in (0, 1):
        ordinary.apply({"type": "ready", "player": seat})
    for volley in state.volleys:
        ordinary.apply({"type": "fire", "squares": volley["squares"]})
        record = public_record(ordinary.turns[-1], ordinary.options)
        assert volley["answer"] == record
    return ordinary


def assert_as_the_ordinary_engine(host, guest):
    for game in (host, guest):
        assert game.match.status == OVER and game.match.problems == []
        assert game.liar is None and game.problems == []
    assert host.state.to_json() == guest.state.to_json()
    midend = host.match.midend
    texts = [text for _, text in midend.moves]
    assert GAME.replay(midend.options, midend.seed, texts).to_json() == host.state.to_json()
    ordinary = ordinary_replay(host)
    result = host.state.result
    assert {key: result[key] for key in ordinary.result} == ordinary.result
    for game in (host, guest):
        view = game.view()
        assert view["phase"] == "over" and view["winner"] == ordinary.winner
        assert {k: view[k] for k in ordinary.view_for(game.seat)} == ordinary.view_for(game.seat)


@pytest.mark.parametrize("mode", ["classic", "salvo", "advanced_salvo"])
def test_rule_two_devices_play_a_whole_game_as_the_ordinary_engine(mode):
    """Rules 12.1 to 12.5, each device holding its own fleet only."""
    options = {"mode": mode, "announce_ship": mode != "salvo"}
    wire, (host, guest) = connected(options, seed=len(mode))
    assert host.match.midend.seats == [HUMAN, REMOTE] and (host.seat, guest.seat) == (0, 1)
    assert not play_out(wire, [host, guest], random.Random(mode))
    assert_as_the_ordinary_engine(host, guest)


def test_rule_a_game_reloaded_at_every_move_ends_the_same():
    """Rule 12.8: the fleet, its salt and the salvo aimed are kept with the game."""
    options = {"mode": "salvo"}
    wire, games = connected(options, seats=("guest", "host"), seed=5)
    assert [game.seat for game in games] == [1, 0]  # the guest plays red
    play_out(wire, games, random.Random(5), reload=True)
    assert_as_the_ordinary_engine(*games)


def test_rule_no_message_carries_a_fleet_before_the_end():
    """Rules 12.2 and 12.8: the commitments, squares and answers, then the fleets."""
    sent: list[str] = []

    def watch(side, message):
        sent.append(json.dumps(message))
        return message

    wire, (host, guest) = connected({"mode": "classic"}, seed=3, tamper=watch)
    play_out(wire, [host, guest], random.Random(3))
    first_reveal = next(i for i, text in enumerate(sent) if " reveal " in text)
    for game in (host, guest):
        fleet = game.fleet
        assert any(fleet.commitment in text for text in sent[:first_reveal])
        assert not any(fleet.salt in text for text in sent[:first_reveal])
        assert any(fleet.salt in text for text in sent[first_reveal:])
        assert " ".join(fleet.words) in " ".join(sent[first_reveal:])


def test_rule_blues_ready_waits_for_reds_and_the_salt_is_saved_before_it_leaves():
    """Rule 12.2: blue declares ready first; its Ready goes by itself after red's. Each
    device's record holds the salt before the Ready that commits to it is sent."""
    saves: list = []
    wire, (host, guest) = connected({}, seed=1, on_change=lambda: saves.append(len(wire.queue)))
    guest.place({"type": "random_fleet", "player": 1})
    assert guest.placing and guest.view()["fleet"][0]["square"] is not None
    saves.clear()
    guest.declare_ready()
    assert guest.fleet.sealed and not guest.placing and wire.queue == []  # not its turn
    assert saves and saves[0] == 0 and guest.record()["fleet"]["salt"] == guest.fleet.salt
    with pytest.raises(IllegalMove) as refusal:
        guest.place({"type": "clear", "player": 1})
    assert refusal.value.key == "battleship.fleet_locked"
    host.place({"type": "random_fleet", "player": 0})
    saves.clear()
    host.declare_ready()
    assert saves[0] == 0 and len(wire.queue) == 1  # saved, then the Ready sent
    wire.pump()
    assert host.state.phase == guest.state.phase == "battle"
    assert host.ready and not guest.ready
    assert host.view()["ready"] == [True, True] == guest.view()["ready"]


def test_rule_a_salvo_is_aimed_square_by_square_on_this_device():
    """Rules 7.3 and 7.4, kept on this device until fired (12.8)."""
    wire, (host, guest) = connected({"mode": "salvo"}, seed=2)
    play_out(wire, [host, guest], random.Random(2), until=lambda games: games[0].ready)
    for square in ("A1", "b2", "C3", "D4"):
        host.aim(square)
    for bad, key in [("A1", "repeated_in_salvo"), ("K1", "bad_square")]:
        with pytest.raises(IllegalMove) as refusal:
            host.aim(bad)
        assert refusal.value.key == f"battleship.{key}"
    with pytest.raises(IllegalMove) as refusal:
        host.fire()
    assert refusal.value.key == "battleship.wrong_shot_count"
    host.aim("E5")
    with pytest.raises(IllegalMove):
        host.aim("F6")  # the salvo is full
    host.unaim("C3")
    with pytest.raises(IllegalMove):
        host.unaim("C3")
    host.aim("F6")
    assert host.view()["aimed"] == ["A1", "B2", "D4", "E5", "F6"]
    assert wire.queue == []  # nothing sent while aiming
    host.fire()
    wire.pump()
    assert host.aimed == [] and guest.state.volleys[0]["squares"] == ["A1", "B2", "D4", "E5", "F6"]
    assert guest.state.volleys[0]["answer"] is not None  # answered by the guest's device
    with pytest.raises(RuntimeError):
        host.aim("G7")  # the guest fires next
    with pytest.raises(ValueError):
        host.view(1)


class MovedAfterReady(PrivateFleet):
    """A lying device: it sealed `sealed`, then answers and counts as the fleet `ships`."""

    def __init__(self, sealed: PrivateFleet, ships: dict):
        super().__init__(sealed.seat, sealed.options, ships)
        self.sealed_fleet = sealed

    @property
    def sealed(self) -> bool:
        return True

    def seal(self) -> dict:
        return self.sealed_fleet.seal()

    def is_sealed_in(self, public) -> bool:
        return self.sealed_fleet.is_sealed_in(public)

    def reveal(self) -> dict:
        return self.sealed_fleet.reveal()


@pytest.mark.parametrize("mode", ["classic", "advanced_salvo"])
def test_rule_a_device_that_moved_its_ships_after_ready_is_named(mode):
    """Rules 12.5 and 12.6: the guest's answers are true of another fleet than the one it
    sealed; the check names it on both devices, and the host wins by the guest's forfeit
    (the cheater's own engine names it too, and gives it no win)."""
    wire, (host, guest) = connected({"mode": mode}, seed=4)

    def sealed(games):
        return games[1].fleet is not None and games[1].fleet.sealed

    play_out(wire, [host, guest], random.Random(4), until=sealed)
    other = PrivateFleet(1, rng=SeededRng(99))
    other.place({"type": "random_fleet", "player": 1})
    guest.fleet = MovedAfterReady(guest.fleet, other.ships)
    play_out(wire, [host, guest], random.Random(4))
    for game in (host, guest):
        assert game.state.result["winner"] is None and game.state.result["cheaters"] == [1]
    assert host.liar == 1 and guest.liar is None  # the guest's own engine names itself
    assert host.problems and all(p.startswith("seat 1 ") for p in host.problems)
    assert host.match.ended == {"how": "forfeit", "by": "guest", "reason": host.problems[0]}
    assert host.match.outcome is True
    assert guest.match.status == OVER and guest.match.outcome is None  # nothing won there
    reloaded_host = reloaded(host)  # a reload decides nothing again
    assert reloaded_host.match.ended == host.match.ended


def test_rule_an_answer_no_fleet_could_give_stops_the_game_at_once():
    """Rule 12.4: more hits than the salvo has shots."""

    def lie(side, message):
        if side == 0 and " answer hits:" in str(message.get("move")):
            message["move"] = "1 answer hits:9"
        return message

    wire, (host, guest) = connected({"mode": "advanced_salvo"}, seed=6, tamper=lie)
    play_out(wire, [host, guest], random.Random(6))
    assert host.match.stop == CHEATING and not host.state.volleys[0]["answer"]
    assert "impossible_answer" in host.match.ended["reason"]  # (not the junk after it)


def test_rule_a_fleet_not_shown_is_waited_for_and_checked_once_it_comes():
    """Rule 12.7: the guest's reveal is lost on the way; the host waits, its own fleet
    unseen, until a new link brings it."""
    lost: list = []

    def drop_reveals(side, message):
        if side == 0 and " reveal " in str(message.get("move")):
            lost.append(message)
            return None
        return message

    wire, (host, guest) = connected({"mode": "salvo"}, seed=7, tamper=drop_reveals)
    play_out(wire, [host, guest], random.Random(7))
    assert lost and host.awaiting_reveal == 1 and guest.awaiting_reveal in (None, 0)
    assert host.match.status == PLAYING and not host.state.is_over
    assert host.view()["phase"] == "reveal" and host.view()["decided"] is not None
    assert not host.ready and host.state.result is None
    wire.tamper = None
    for game, end in zip((host, guest), wire.ends):
        game.match.connect(end)
    wire.pump()
    assert_as_the_ordinary_engine(host, guest)


def test_a_record_is_read_back_and_a_lost_one_leaves_the_fleet_lost():
    wire, (host, guest) = connected({}, seed=8)
    play_out(wire, [host, guest], random.Random(8), until=lambda games: games[0].ready)
    saved = json.loads(json.dumps(host.record()))
    again = reloaded(host)
    assert again.record() == saved and again.ready
    for damaged in [
        {**saved, "version": 2},
        {**saved, "aimed": ["K1"]},
        {**saved, "fleet": {}},
        [saved],
    ]:
        with pytest.raises(ValueError):
            BattleshipMatch(host.match, saved=damaged)
    host.match.listener = again._listener
    other_game = BattleshipMatch(host.match, saved={**saved, "game": "0" * 32})
    assert other_game.fleet_lost and not other_game.ready  # a fresh fleet is not the sealed one
    assert other_game.fleet.ships == {}
