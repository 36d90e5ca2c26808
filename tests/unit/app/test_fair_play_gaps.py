"""The fair-play gaps issue 31 left open, each closed with its test: the Wordle duel's own
clock rules instead of "Claim the game" (docs/rules/wordle-tournament.md 15.3); Deblockle's
start rolls, which a cheater cannot choose; a saved match whose record was altered."""

import json
import random

import pytest
import test_remote_duel_word as duel_tests
import test_remote_link_game as link_tests
import test_remote_match as match_tests
from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import Midend
from app.remote.duel_word import DuelWord
from app.remote.link_game import LinkGame
from app.storage import MemoryBackend, Store
from app.storage_problems import storage_area
from games.common.errors import IllegalMove
from games.deblockle.game import GAME as DEBLOCKLE
from games.deblockle.setup import Placement, side_faces_of
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary
from test_remote_link_game import Link

WORDLE = duel_game(sample_dictionary())
T = Translator("en")
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


def duel_started(clock):
    """A duel with a friend between Ann's device (the host) and Bryn's, started: the link
    and the two devices."""
    link = Link()
    host, friend = DuelDevice("Ann", clock), DuelDevice("Bryn", clock)
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    host.open(link.ends[0]).later = lambda ms, call: None
    host.game.host({"lang": "en"}, ["host", "guest"])
    link.pump()
    friend.open(link.ends[1]).guest()
    link.pump()
    return link, host, friend


def test_the_wordle_duel_offers_no_claim_when_the_friend_is_away_on_their_turn():
    """Rule 15.3: the friend's turns run out by the duel's own clocks once their device is
    back; the game is never claimed, however long they are away."""
    clock = [0.0]
    link, host, _friend = duel_started(clock)
    if host.game.my_turn:
        state = host.midend.state
        words = sample_dictionary()
        length = state.duel.length  # (a guess that cannot be the hidden word: it is no answer)
        word = next(w for w in words.guess_lists[length] if w not in words.answers[length])
        seat = state.current_player
        host.game.play({"type": "guess", "seat": seat, "word": word, "at": state.duel.turn_started})
        link.pump()
    assert not host.game.my_turn and host.midend.remote_to_move
    link.close()
    clock[0] = 10 * 60_000.0  # ten minutes away on their turn
    assert not host.game.may_claim
    host.game.claim()
    assert host.game.status == "playing"


# --- Deblockle's start rolls ---------------------------------------------------------------


def roll_and_place():
    """Two devices at Deblockle's "Roll and place" set-up, the guest's device to place."""
    wire, host, guest = match_tests.connected(DEBLOCKLE, {"blocks": [3, 3], "quick_setup": False})
    while not host.midend.remote_to_move:  # the host places the guest's blocks first
        host.play(host.midend.state.legal_moves()[0])
        wire.pump()
    assert host.midend.state.phase == "setup" and host.midend.remote_to_move
    return wire, host, guest


def placement(state, wanted_rolled: bool) -> str:
    """A placement the guest's device could send: of a rolled top, or of one not rolled."""
    owner = 1 - state.player_to_play
    square = next(s for s in sorted(state.start_squares[owner]) if state.position.cells[s] < 0)
    tops = range(6) if not wanted_rolled else state.to_place[owner]
    top = next(t for t in tops if (t in state.to_place[owner]) == wanted_rolled)
    return str(Placement(square, top, side_faces_of(top)[0]))


def test_deblockle_a_roll_the_seed_did_not_give_is_the_placing_devices_forfeit():
    """The start rolls come from the seed both devices drew by the coin flip (rules 4.1 and
    "Playing on two devices"): a device that places a block with a top it chose, not the
    one rolled, sends a move no honest engine sends."""
    _, host, _ = roll_and_place()
    state = host.midend.state
    chosen = placement(state, wanted_rolled=False)
    trial = state.copy()
    with pytest.raises(IllegalMove):
        trial.apply(DEBLOCKLE.parse_move(chosen))
    number = len(host.midend.moves) + 1
    host.receive("guest", {"type": "move", "number": number, "move": chosen, "hash": "0" * 64})
    assert host.ended == {"how": "forfeit", "by": "guest", "reason": host.ended["reason"]}
    assert "not_rolled" in host.ended["reason"] and host.outcome is True
    assert host.midend.state.to_json() == state.to_json()  # nothing of it played


def test_deblockle_a_device_whose_engine_rolled_otherwise_is_caught_at_its_placement():
    """Both engines roll from the joint seed; a device whose own engine was changed to
    roll another top (the rolls "chosen") places it, and the honest device refuses it as a
    roll the seed did not give, naming that device."""
    wire, host, guest = roll_and_place()
    assert host.midend.state.to_place == guest.midend.state.to_place
    owner = 1 - guest.midend.state.player_to_play
    rolled = guest.midend.state.to_place[owner]
    chosen = next(top for top in range(6) if top not in rolled)
    guest.midend.state.to_place[owner] = sorted([chosen, *rolled[1:]])  # the modified engine
    state = guest.midend.state
    square = next(s for s in sorted(state.start_squares[owner]) if state.position.cells[s] < 0)
    guest.play(Placement(square, chosen, side_faces_of(chosen)[0]))
    wire.tamper = lambda side, message: message if side == 0 else None  # (only the host's end)
    wire.pump()
    assert host.ended["how"] == "forfeit" and host.ended["by"] == "guest"
    assert "not_rolled" in host.ended["reason"]


# --- a damaged saved match ------------------------------------------------------------------


@pytest.mark.parametrize(
    "damage",
    [
        lambda session: session.update(status="won"),
        lambda session: session.update(role="referee"),
        lambda session: session.update(seats=["guest", "guest"]),
        lambda session: session.update(problems=[{"by": "app", "kind": "x", "reason": "y"}]),
        lambda session: session.update(ended={"how": "forfeit", "by": "host"}),
        lambda session: session.pop("params"),
    ],
)
def test_a_saved_match_whose_record_was_altered_is_refused_saying_so_and_nothing_else_is_lost(
    damage,
):
    link, host, friend = link_tests.handed_over()
    link_tests.play_out(link, [host, friend], random.Random(2), moves=2)
    store = friend.store
    stats_before = {k: v for k, v in store.backend.items.items() if "remote" not in k}
    key = "gemau:saved:" + remote_slot("deblockle")
    saved = json.loads(store.backend.items[key])
    damage(saved["data"]["meta"]["frame"]["remote"]["session"])
    store.backend.items[key] = json.dumps(saved)
    problems = []
    store.on_problem = lambda name, kind: problems.append((name, kind))
    reloaded = link_tests.Device("Bryn")
    reloaded.store = store
    reloaded.midend = reloaded.new_midend()
    page = reloaded.open(None)
    assert reloaded.midend.resume() is not None  # the game itself reads back
    assert page.resume() is False and page.damaged
    assert problems == [("saved:" + remote_slot("deblockle"), "reset")]  # the page says so
    assert key not in store.backend.items and reloaded.midend.state is None
    assert {k: v for k, v in store.backend.items.items() if "remote" not in k} == stats_before
    text = T(f"storage.problem.{problems[0][1]}", what=storage_area(T, problems[0][0]))
    assert text == (
        "Saved data was damaged or from an unknown version, so the game of Deblockle with a "
        "friend on another device had to be reset. Everything else is kept."
    )


@pytest.mark.parametrize(
    "damage",
    [
        lambda record: record["word"]["opening"].update(salt="zz"),
        lambda record: record["word"].update(seat=7),
        lambda record: record["word"].pop("values"),
        lambda record: record.update(tables=5),
        lambda record: record["word"].update(peer_commitment="<b>x</b>"),
    ],
)
def test_a_wordle_duels_saved_share_altered_is_refused_saying_so_and_nothing_else_is_lost(damage):
    """The duel's record beside the match holds this device's share of the word: altered,
    it reads back as lost (the page says so) instead of raising into the page, and no other
    share is drawn in its place (the commitment sent was to the first)."""
    wire, duels, clock = duel_tests.connected()
    state = duels[0].state
    player = next(d for d in duels if d.seat == state.current_player)
    clock[0] = state.duel.turn_started + 2000
    player.guess(duel_tests.WORDS.guess_lists[state.duel.length][0])
    wire.pump()
    record = json.loads(json.dumps(duels[1].record()))
    damage(record)
    match = duels[1].match
    match.listener = duels[1]._listener
    before = (list(match.midend.moves), match.status)
    reloaded = DuelWord(match, duel_tests.WORDS, lambda: clock[0], saved=record)
    assert reloaded.share_lost and reloaded.word is None
    assert (list(match.midend.moves), match.status) == before  # nothing else lost or played
    assert reloaded.record() == record  # kept as it was, for nothing is put in its place
    wire.pump()
    assert duels[0].match.status == "playing"
    texts = [Translator(language)("wordle.remote.share_lost") for language in ("en", "cy")]
    assert texts[0] != texts[1] and "wordle.remote" not in texts[1]
