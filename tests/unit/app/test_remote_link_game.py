"""app.remote.link_game: a game view's side of a match over the page's connection, with
two devices' midends and channels in memory: the connection handed over from #/connect
with the host's hello held, a whole game, the next game on the same connection, a lost
connection (moves made meanwhile reach the other device after a new link), the result
seen from each seat, and a resignation."""

import random

from app import saved_games
from app.games_list import remote_slot
from app.midend import Midend
from app.peer.channel import Channel
from app.remote.link_game import LinkGame
from app.remote.match import ENDED, OVER, PLAYING
from app.storage import MemoryBackend, Store
from games.deblockle.game import GAME as DEBLOCKLE

OPTIONS = {"blocks": [1, 1], "quick_setup": True}


class Link:
    """Two channels over an in-memory transport whose frames wait until `pump`."""

    def __init__(self):
        self.queue: list = []
        self.ends = [
            Channel("Ann", lambda text: self.queue.append((1, text)), lambda: self.close()),
            Channel("Bryn", lambda text: self.queue.append((0, text)), lambda: self.close()),
        ]
        for end in self.ends:
            end.transport_state("open")
        self.pump()

    def pump(self):
        while self.queue:
            side, text = self.queue.pop(0)
            self.ends[side].received(text)

    def close(self):
        self.queue.clear()
        for end in self.ends:
            end.transport_state("closed")


class Device:
    def __init__(self, name):
        self.store = Store(MemoryBackend())
        saved_games.register(self.store, ["deblockle"])
        saved_games.register_remote(self.store, [remote_slot("deblockle")])
        self.name = name
        self.events: list = []
        self.midend = self.new_midend()
        self.saves = 0

    def new_midend(self):
        return Midend(self.store, DEBLOCKLE, lambda: 0.0, slot=remote_slot("deblockle"))

    def open(self, link):
        """The game's page opened with the connection (as #/connect hands it over)."""
        self.game = LinkGame(link, self.midend, self.name, self.save, self.events.append)
        return self.game

    def save(self):
        self.saves += 1
        if self.midend.state is not None:
            self.midend.save({})


def handed_over():
    """The host picked Deblockle; the friend's connect page read the hello and held it."""
    link = Link()
    host, friend = Device("Ann"), Device("Bryn")
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))  # the connect page
    host.open(link.ends[0]).host(OPTIONS, ["host", "guest"])
    link.pump()
    friend.open(link.ends[1]).guest()
    link.pump()
    return link, host, friend


def play_out(link, devices, rng, moves=None):
    """Random legal moves, each by the device whose turn it is, until the end."""
    count = 0
    while not devices[0].midend.state.is_over and (moves is None or count < moves):
        device = next(d for d in devices if d.game.my_turn)
        legal = device.midend.state.legal_moves()
        device.game.play(legal[rng.randrange(len(legal))])
        link.pump()
        count += 1


def test_the_friend_starts_from_the_held_hello_and_both_play_a_whole_game_to_one_result():
    link, host, friend = handed_over()
    assert host.game.status == friend.game.status == PLAYING
    assert sorted([host.game.my_seat, friend.game.my_seat]) == [0, 1]
    assert host.midend.seed == friend.midend.seed and friend.game.peer == "Ann"
    assert {kind["type"] for kind in friend.events} >= {"started"}
    play_out(link, (host, friend), random.Random(3))
    assert host.midend.state.to_json() == friend.midend.state.to_json()
    assert host.game.status == friend.game.status == OVER
    winner = host.midend.state.result["winner"]
    for device in (host, friend):
        expected = None if winner is None else winner == device.game.my_seat
        assert device.game.winner_is_me == expected
    moved = [event for event in friend.events if event["type"] == "moved"]
    assert moved and all(event["before"] is not None for event in moved)
    assert host.saves and friend.saves


def test_play_again_on_the_same_connection_starts_the_friends_next_game_too():
    link, host, friend = handed_over()
    play_out(link, (host, friend), random.Random(4))
    first_seed = host.midend.seed
    friend.game.play_again(OPTIONS, ["host", "guest"])  # only the host proposes
    assert friend.game.status == OVER
    host.game.play_again(OPTIONS, ["host", "guest"])
    link.pump()
    assert host.game.status == friend.game.status == PLAYING
    assert host.midend.seed == friend.midend.seed != first_seed
    assert host.midend.moves == friend.midend.moves == []


def test_a_move_made_while_the_connection_is_lost_arrives_after_a_new_link():
    link, host, friend = handed_over()
    rng = random.Random(8)
    play_out(link, (host, friend), rng, moves=2)
    link.close()
    assert not host.game.connected and not friend.game.connected
    mover = next(d for d in (host, friend) if d.game.my_turn)
    mover.game.play(mover.midend.state.legal_moves()[0])  # sent nowhere: the link is down
    behind = friend if mover is host else host
    assert len(behind.midend.moves) == len(mover.midend.moves) - 1
    # Both reload (each midend resumes its save), then connect again by a new link.
    for device in (host, friend):
        device.midend = device.new_midend()
        assert device.midend.resume() is not None
    again = Link()
    for device, end in ((host, again.ends[0]), (friend, again.ends[1])):
        assert device.open(end).resume()
    again.pump()
    assert host.midend.moves == friend.midend.moves
    assert host.midend.state.to_json() == friend.midend.state.to_json()
    play_out(again, (host, friend), rng)
    assert host.game.status == friend.game.status == OVER


def test_resigning_ends_the_game_on_both_devices_with_the_other_the_winner():
    link, host, friend = handed_over()
    friend.game.resign()
    link.pump()
    assert host.game.status == friend.game.status == ENDED
    assert host.game.winner_is_me is True and friend.game.winner_is_me is False
    assert any(event["type"] == "ended" for event in host.events)


def test_a_friend_away_two_minutes_on_their_turn_may_have_their_game_claimed():
    """Counted from the start of their turn, whether the connection is lost or not (a device
    that stays connected and never moves: test_remote_stall)."""
    clock = [0.0]
    link = Link()
    host, friend = Device("Ann"), Device("Bryn")
    host.midend = Midend(host.store, DEBLOCKLE, lambda: clock[0], slot=remote_slot("deblockle"))
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    reminders = []
    host.open(link.ends[0]).later = lambda ms, call: reminders.append((ms, call))
    host.game.host(OPTIONS, ["host", "guest"])
    link.pump()
    friend.open(link.ends[1]).guest()
    link.pump()
    if host.game.my_turn:
        host.game.play(host.midend.state.legal_moves()[0])
        link.pump()
    assert not host.game.my_turn and not host.game.may_claim  # their turn has just begun
    assert reminders[-1][0] == 120_000
    clock[0] = 5_000.0
    link.close()  # Bryn's page is gone
    assert not host.game.may_claim
    clock[0] = 119_999
    assert not host.game.may_claim
    clock[0] = 120_000
    reminders[-1][1]()
    assert host.game.may_claim and host.events[-1] == {"type": "away"}
    host.game.claim()
    assert host.game.status == ENDED and host.game.match.ended == {
        "how": "abandoned",
        "by": "guest",
    }
    assert host.game.winner_is_me is True


MALFORMED = {"type": "move", "number": 1, "move": "x", "hash": "not a hash"}


def test_after_a_forfeit_the_host_starts_a_new_game_on_the_same_connection():
    link, host, friend = handed_over()
    link.ends[1].send(MALFORMED)  # (sent as Bryn's device, by a modified page)
    link.pump()
    assert host.game.match.ended["how"] == "forfeit" and friend.game.match.disputed
    disputed = friend.game.match
    host.game.play_again(OPTIONS, ["host", "guest"])
    link.pump()
    assert disputed.ended["how"] == "void"  # set aside: recorded for nobody on Bryn's device
    assert host.game.status == friend.game.status == PLAYING
    assert host.midend.seed == friend.midend.seed and not friend.midend.recorded


def test_a_host_told_its_game_stopped_may_set_it_aside_for_a_new_one():
    link, host, friend = handed_over()
    link.ends[0].send(MALFORMED)  # (sent as Ann's device)
    link.pump()
    assert friend.game.match.ended["how"] == "forfeit" and host.game.match.disputed
    disputed = host.game.match
    host.game.play_again(OPTIONS, ["host", "guest"])
    link.pump()
    assert disputed.ended["how"] == "void"
    assert host.game.status == friend.game.status == PLAYING


def test_a_new_game_is_refused_while_a_game_nobody_disputes_is_in_play():
    link, host, friend = handed_over()
    before = friend.game.match
    host.game.play_again(OPTIONS, ["host", "guest"])  # (offered only once it ended)
    link.pump()
    assert friend.game.match is before and friend.game.status == PLAYING
