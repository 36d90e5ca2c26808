"""The fair-play gaps issue 31 left open, each closed with its test: the Wordle duel's own
clock rules instead of "Claim the game" (docs/rules/wordle-tournament.md 15.3)."""

from app import saved_games
from app.midend import Midend
from app.remote.link_game import LinkGame
from app.storage import MemoryBackend, Store
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary
from test_remote_link_game import Link

WORDLE = duel_game(sample_dictionary())
SLOT = "wordle-duel-remote"


class DuelDevice:
    def __init__(self, name, clock):
        self.store = Store(MemoryBackend())
        saved_games.register(self.store, [WORDLE.name])
        saved_games.register_remote(self.store, [SLOT])
        self.events: list = []
        self.midend = Midend(self.store, WORDLE, lambda: clock[0], slot=SLOT)
        self.name = name

    def open(self, link):
        self.game = LinkGame(link, self.midend, self.name, lambda: None, self.events.append)
        return self.game


def test_the_wordle_duel_offers_no_claim_when_the_friend_is_away_on_their_turn():
    """Rule 15.3: the friend's turns run out by the duel's own clocks once their device is
    back; the game is never claimed, however long they are away."""
    clock = [0.0]
    link = Link()
    host, friend = DuelDevice("Ann", clock), DuelDevice("Bryn", clock)
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    host.open(link.ends[0]).later = lambda ms, call: None
    host.game.host({"lang": "en"}, ["host", "guest"])
    link.pump()
    friend.open(link.ends[1]).guest()
    link.pump()
    if host.game.my_turn:
        state = host.midend.state
        word = sample_dictionary().guess_lists[state.duel.length][0]
        seat = state.current_player
        host.game.play({"type": "guess", "seat": seat, "word": word, "at": state.duel.turn_started})
        link.pump()
    assert not host.game.my_turn and host.midend.remote_to_move
    link.close()
    clock[0] = 10 * 60_000.0  # ten minutes away on their turn
    assert not host.game.may_claim
    host.game.claim()
    assert host.game.status == "playing"
