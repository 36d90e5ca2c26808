"""An honest device whose save failed (its storage full) and which then reloaded holds an
older position than the one it had agreed with its friend's device: after a new link the
friend's sync sends the moves it lacks, its own lost move among them. Before, it judged its
own move, sent back by the friend, "not the friend's to play" and named the friend a cheater
(finding of session 23). Now a device that knows its save is behind (app.remote.behind, noted
when the save failed) takes its own lost moves back, checked against the position it noted,
and asks for a sync rather than playing on or judging."""

from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import Midend
from app.remote import wire
from app.remote.link_game import LinkGame
from app.remote.match import PLAYING
from app.storage import MemoryBackend, Store
from app.views.remote_bar import bar_text
from games.deblockle.game import GAME as DEBLOCKLE
from test_remote_link_game import OPTIONS, Link

SLOT = remote_slot("deblockle")


class Device:
    def __init__(self, name):
        self.backend = MemoryBackend()
        self.store = Store(self.backend)
        saved_games.register(self.store, ["deblockle"])
        saved_games.register_remote(self.store, [SLOT])
        self.name, self.events = name, []
        self.tab = MemoryBackend()  # the tab's sessionStorage: it outlives a reload
        self.midend = Midend(self.store, DEBLOCKLE, lambda: 0.0, slot=SLOT)

    def open(self, link):
        self.game = LinkGame(link, self.midend, self.name, self.save, self.events.append)
        self.game.tab = self.tab
        return self.game

    def save(self):
        if self.midend.state is not None:
            self.midend.save({})

    def reload(self, link):
        self.midend = Midend(self.store, DEBLOCKLE, lambda: 0.0, slot=SLOT)
        assert self.midend.resume() is not None
        assert self.open(link).resume()


def storage_full(device):
    """The device's storage has room for nothing more than it holds now."""
    device.backend.quota = sum(len(v) for v in device.backend.items.values())


def play(device, link):
    """A move that does not end the game (its seed is drawn by lot: a first legal move
    ended some games within three moves, and the game must go on after them)."""
    state = device.midend.state
    device.game.play(next(m for m in state.legal_moves() if not _ends(state, m)))
    link.pump()


def _ends(state, move) -> bool:
    after = state.copy()
    after.apply(move)
    return after.is_over


def a_game_whose_save_fell_behind():
    """Ann's device plays a move its storage could not save, Bryn's answers, then both
    pages reload and link again."""
    link = Link()
    ann, bryn = Device("Ann"), Device("Bryn")
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    ann.open(link.ends[0]).host(OPTIONS, ["host", "guest"])
    link.pump()
    bryn.open(link.ends[1]).guest()
    link.pump()
    if not ann.game.my_turn:
        play(bryn, link)
    saved_at = len(ann.midend.moves)
    storage_full(ann)
    play(ann, link)  # not saved on Ann's device: it is full
    play(bryn, link)
    assert len(bryn.midend.moves) == saved_at + 2
    link.close()
    again = Link()
    ann.reload(again.ends[0])
    assert len(ann.midend.moves) == saved_at  # the save is behind
    bryn.reload(again.ends[1])
    return again, ann, bryn


def test_a_device_whose_save_fell_behind_takes_its_own_lost_move_back_and_plays_on():
    link, ann, bryn = a_game_whose_save_fell_behind()
    link.pump()
    assert ann.game.status == bryn.game.status == PLAYING
    assert ann.game.match.problems == [] and bryn.game.match.problems == []
    assert ann.midend.moves == bryn.midend.moves
    assert ann.midend.state.to_json() == bryn.midend.state.to_json()


def test_a_friend_that_sends_another_move_in_place_of_the_lost_one_is_caught():
    link, ann, bryn = a_game_whose_save_fell_behind()
    lost = len(ann.midend.moves)  # Ann's move lost from her save: its number is lost + 1
    theirs = bryn.midend.moves[lost][1]
    state = DEBLOCKLE.replay(ann.midend.options, ann.midend.seed, [t for _, t in ann.midend.moves])
    other = next(m for m in state.legal_moves() if DEBLOCKLE.format_move(m) != theirs)
    forged = DEBLOCKLE.format_move(other)

    def tamper(message):  # Bryn's device (modified) sends another move as Ann's lost one
        if message.get("type") == "move" and message["number"] == lost + 1:
            trial = state.copy()
            trial.apply(other)
            return {**message, "move": forged, "hash": wire.state_hash(trial)}
        return message

    send = link.ends[1].send
    link.ends[1].send = lambda message: send(tamper(message))
    link.pump()
    assert ann.game.match.ended["how"] == "forfeit" and ann.game.match.ended["by"] == "guest"


def test_while_its_save_is_behind_a_device_does_not_play_on_before_the_sync():
    link, ann, _ = a_game_whose_save_fell_behind()
    link.queue.clear()  # nothing arrives yet
    assert not ann.game.my_turn  # its own turn, by its save: the friend holds its lost move


def test_the_page_says_what_it_waits_for_while_its_save_is_behind():
    link, ann, _ = a_game_whose_save_fell_behind()
    assert bar_text(ann.game, Translator("en")) == (
        "This device could not save your last moves (its storage is full): waiting for "
        "Bryn's device to send them back."
    )
    assert bar_text(ann.game, Translator("cy")).startswith("Ni allai'r ddyfais hon")
    link.pump()
    assert bar_text(ann.game, Translator("en")).startswith("Playing") or ann.game.match.lost is None
