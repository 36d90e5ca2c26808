"""A device that stays connected but never moves on its own turn (issue 31, "What is recorded,
decided once"): after 2 minutes on its turn without a move, connected or not, its game may
be claimed, on a clock the test drives (app.remote.claims). The claim reaches the quiet
device, which records its loss, at once or once it is linked again; a move that comes first
withdraws the offer; a claim that no honest device sends is refused. Between two devices
(Deblockle, Dominoes, the Wordle duel) and at a table of three."""

import pytest
import test_remote_dominoes as dominoes_tests
import test_remote_match as match_tests
import test_remote_table_match as table_tests
from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import Midend
from app.remote import verdict
from app.remote.link_game import LinkGame
from app.remote.match import ENDED, PLAYING
from app.storage import MemoryBackend, Store
from app.views.remote_bar import bar_text, remote_bar
from games.deblockle.game import GAME as DEBLOCKLE
from test_fair_play_gaps import duel_started
from test_remote_link_game import OPTIONS, Link

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

AWAY = verdict.AWAY_MS
T = Translator("en")


class Device:
    """A page of a game with a friend, on a clock the test drives, its reminders kept."""

    def __init__(self, name, clock, game=DEBLOCKLE):
        self.store = Store(MemoryBackend())
        saved_games.register(self.store, [game.name])
        saved_games.register_remote(self.store, [remote_slot(game.name)])
        self.name, self.clock, self.game_type = name, clock, game
        self.events: list = []
        self.reminders: list = []
        self.midend = self.new_midend()

    def new_midend(self):
        slot = remote_slot(self.game_type.name)
        return Midend(self.store, self.game_type, lambda: self.clock[0], slot=slot)

    def open(self, link):
        self.game = LinkGame(link, self.midend, self.name, self.save, self.events.append)
        self.game.later = lambda ms, call: self.reminders.append((self.clock[0] + ms, call))
        return self.game

    def save(self):
        if self.midend.state is not None:
            self.midend.save({})

    def due_reminders(self):
        for at, call in [r for r in self.reminders if r[0] <= self.clock[0]]:
            self.reminders.remove((at, call))
            call()


def linked(clock, game=DEBLOCKLE, options=OPTIONS):
    link = Link()
    host, friend = Device("Ann", clock, game), Device("Bryn", clock, game)
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    host.open(link.ends[0]).host(options, ["host", "guest"])
    link.pump()
    friend.open(link.ends[1]).guest()
    link.pump()
    return link, host, friend


def friend_to_move(link, host, friend):
    """Ann moves if she is to: Bryn's turn begins now."""
    if host.game.my_turn:
        host.game.play(host.midend.state.legal_moves()[0])
        link.pump()
    assert friend.game.my_turn and host.midend.remote_to_move


def test_a_friend_connected_but_silent_two_minutes_on_their_turn_may_have_the_game_claimed():
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    start = clock[0]
    clock[0] = start + AWAY - 1
    assert host.game.connected and not host.game.may_claim
    clock[0] = start + AWAY
    host.due_reminders()
    assert host.game.may_claim and host.events[-1] == {"type": "away"}
    bar = str(remote_bar(host.game, T))
    assert "remote-claim" in bar and "Bryn has made no move for 2 minutes" in bar
    assert not friend.game.may_claim  # (it is Bryn's own turn)
    host.game.claim()
    link.pump()
    assert host.game.match.ended == friend.game.match.ended == {"how": "abandoned", "by": "guest"}
    assert host.game.winner_is_me is True and friend.game.winner_is_me is False
    assert bar_text(friend.game, T) == (
        "You made no move for 2 minutes on your turn: Ann claimed the game, and wins it."
    )


def test_a_move_that_comes_before_the_claim_is_pressed_withdraws_the_offer():
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    clock[0] += AWAY + 30_000
    assert host.game.may_claim
    friend.game.play(friend.midend.state.legal_moves()[0])
    link.pump()
    assert not host.game.may_claim and host.game.my_turn
    host.game.claim()  # (a click on a button drawn before the move came does nothing)
    assert host.game.status == friend.game.status == PLAYING


def test_a_claim_that_crosses_the_quiet_players_late_move_is_taken_on_both_devices():
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    clock[0] += AWAY + 1_000
    friend.game.play(friend.midend.state.legal_moves()[0])  # on its way...
    host.game.claim()  # ...as Ann claims
    link.pump()
    assert host.game.match.ended == friend.game.match.ended == {"how": "abandoned", "by": "guest"}
    assert friend.game.winner_is_me is False


def test_a_claim_made_while_the_link_was_down_reaches_the_quiet_device_when_it_is_back():
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    link.close()
    clock[0] += AWAY
    host.game.claim()
    assert host.game.status == ENDED and friend.game.status == PLAYING
    for device in (host, friend):  # both pages reload, then a new link
        device.midend = device.new_midend()
        assert device.midend.resume() is not None
    again = Link()
    for device, end in ((host, again.ends[0]), (friend, again.ends[1])):
        assert device.open(end).resume()
    again.pump()
    assert friend.game.match.ended == {"how": "abandoned", "by": "guest"}
    assert friend.game.winner_is_me is False and host.game.winner_is_me is True


def hostile_claim(link, friend, count=None):
    """Ann's device (modified) sends a claim of its own making."""
    count = len(friend.midend.moves) if count is None else count
    link.ends[0].send({"type": "claim", "count": count})
    link.pump()


def test_an_early_claim_is_the_claimants_forfeit():
    """Bryn's device got the turn on a live link 30 s ago: Ann's clock started before his
    (when her move left), so no honest device claims now."""
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    clock[0] += 30_000  # Bryn thinks for 30 s; Ann's device (modified) claims all the same
    hostile_claim(link, friend)
    assert friend.game.match.ended["how"] == "forfeit"
    assert friend.game.match.ended["by"] == "host" and friend.game.winner_is_me is True
    assert "30 s into the turn" in friend.game.match.ended["reason"]


def test_a_claim_of_a_turn_that_began_while_the_link_was_down_is_taken_once_caught_up():
    """Ann's move never reached Bryn's page (the link went first); 2 minutes later she
    claims; when a new link comes, Bryn's device is sent her move and at once the claim:
    his turn began on her clock, not when the move reached him."""
    clock = [0.0]
    wire, host, guest = match_tests.connected()
    for match in (host, guest):
        match.midend.session.now_ms = lambda: clock[0]
    ann = host if not host.midend.remote_to_move else guest
    bryn = guest if ann is host else host
    ann.play(ann.midend.state.legal_moves()[0])
    wire.cut()  # lost on the way
    clock[0] += AWAY
    ann.claim()
    wire.cut()
    again = match_tests.Wire()
    ann.connect(again.ends[0])
    bryn.connect(again.ends[1])
    again.pump()
    assert bryn.midend.moves == ann.midend.moves
    assert bryn.ended == {"how": "abandoned", "by": bryn.role} and bryn.outcome is False


def test_a_claim_of_the_claimants_own_turn_is_its_forfeit():
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    clock[0] += 10 * AWAY
    link.ends[1].send({"type": "claim", "count": len(host.midend.moves)})  # Bryn's own turn
    link.pump()
    assert host.game.match.ended["how"] == "forfeit" and host.game.match.ended["by"] == "guest"
    assert host.game.winner_is_me is True


@pytest.mark.parametrize("count", [-1, "3", 10**9, None])
def test_a_malformed_claim_is_junk_and_the_game_goes_on(count):
    clock = [0.0]
    link, host, friend = linked(clock)
    friend_to_move(link, host, friend)
    clock[0] += 10 * AWAY
    link.ends[0].send({"type": "claim", "count": count})
    link.pump()
    assert friend.game.status == PLAYING


def test_dominoes_between_two_devices_is_claimed_as_any_game():
    wire, games = dominoes_tests.connected({"target": 30}, seed=2)
    clock = [0.0]
    for game in games:
        game.match.midend.session.now_ms = lambda: clock[0]
        game.match.mark_reached()  # (the position as if reached now)
    quiet = next(g for g in games if not g.match.midend.remote_to_move)
    claimant = next(g for g in games if g is not quiet)
    clock[0] += AWAY
    claimant.match.claim()
    wire.pump()
    assert quiet.match.ended == claimant.match.ended == {"how": "abandoned", "by": quiet.match.role}
    assert (quiet.match.outcome, claimant.match.outcome) == (False, True)


def test_the_wordle_duel_is_claimed_only_from_a_friend_connected_and_silent_two_minutes():
    """docs/rules/wordle-tournament.md 15.3: a friend away is waited for (their device plays the turns that ran out once
    back); a device connected all the while that plays none of its turns (30 s each) is not
    away: after 2 minutes its game may be claimed."""
    clock = [0.0]
    link, host, _friend = duel_started(clock)
    while not host.midend.remote_to_move:
        state = host.midend.state
        word = "CRANES"[: state.duel.length]
        move = {"type": "guess", "seat": state.current_player, "word": word, "at": clock[0]}
        try:
            host.game.play(move)
        except Exception:
            host.game.play({"type": "timeout", "at": state.duel.deadline})
        link.pump()
    clock[0] += AWAY - 1
    assert not host.game.may_claim
    clock[0] += 1
    assert host.game.may_claim
    host.game.claim()
    link.pump()
    assert host.game.match.ended == {"how": "abandoned", "by": "guest"}


# --- at a table of three ------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
def test_at_a_table_a_claim_ends_the_game_for_every_device_as_if_the_quiet_player_left(seats):
    """docs/rules/dominoes.md 11.10 and 11.12: the quiet player loses; with partnerships the other side
    wins and the quiet player's partner loses; otherwise nobody wins."""
    guests = ("g1", "g2", "g3")[: seats - 1]
    options = {"seats": seats, "partnerships": seats == 4}
    clock = [0.0]
    net, games = table_tests.seated(options, ["host", *guests], guests, seed=3, clock=clock)
    matches = {device: game.match for device, game in games.items()}
    quiet = next(d for d, m in matches.items() if not m.midend.remote_to_move)
    claimant = next(d for d in matches if d != quiet)
    clock[0] += AWAY
    matches[claimant].claim()
    net.pump()
    state = matches[quiet].midend.state
    for device, match in matches.items():
        assert match.ended == {"how": "abandoned", "by": quiet}, device
        side = match.roster.partner(state, quiet) if device != quiet else None
        expected = False if device == quiet else {None: None, True: False, False: True}[side]
        assert match.outcome == expected, device


def test_at_a_table_an_early_claim_is_the_claimants_forfeit_on_every_device():
    """With partnerships a claim won the claimant's side the game: one made 20 s into the
    quiet player's turn is one no honest device sends (dominoes.md 11.12)."""
    guests = ("g1", "g2", "g3")
    clock = [0.0]
    net, games = table_tests.seated(
        {"seats": 4, "partnerships": True}, ["host", *guests], guests, seed=3, clock=clock
    )
    matches = {device: game.match for device, game in games.items()}
    quiet = next(d for d, m in matches.items() if not m.midend.remote_to_move)
    claimant = next(d for d in guests if d != quiet)
    clock[0] += 20_000
    matches[claimant].link.post({"type": "claim", "count": len(matches[quiet].midend.moves)})
    net.pump()
    for device, match in matches.items():
        if device != claimant:
            assert match.ended["how"] == "forfeit" and match.ended["by"] == claimant, device
            assert "20 s into the turn" in match.ended["reason"], device


def turn_missed_by_a_friend(clock):
    """A table of four where a move is played as one friend's link is lost: (table, the
    device to move now, that friend, a device that may claim)."""
    guests = ("g1", "g2", "g3")
    table = table_tests.Table({"seats": 4}, ["host", *guests], guests, 5, True, clock)
    matches = {device: game.match for device, game in table.games.items()}
    mover = next(d for d, m in matches.items() if not m.midend.remote_to_move)
    midend = matches[mover].midend
    table.games[mover].play(table.games[mover].view()["legal_moves"][0])
    quiet = matches[mover].roster.seat_owner(midend.state.current_player)
    away = next(d for d in guests if d not in (mover, quiet))
    table.cut(away)  # (before the move reaches the host)
    table.net.pump()
    claimant = next(d for d in matches if d not in (quiet, away))
    assert len(matches[away].midend.moves) < len(matches[claimant].midend.moves)
    assert not any(m.problems for m in matches.values())
    return table, quiet, away, claimant


def test_at_a_table_a_claim_is_timed_by_the_hosts_clock_however_late_a_device_took_the_turn():
    """A friend's link is lost as the turn begins; 2 minutes later a claim is made; the
    friend's device takes the move and the claim together after a new link, and times the
    claim as every device does, by the host's clock on each envelope: one verdict."""
    clock = [0.0]
    table, quiet, away, claimant = turn_missed_by_a_friend(clock)
    clock[0] += AWAY
    table.games[claimant].match.claim()
    table.net.pump()
    clock[0] += 30_000  # the friend's new link, half a minute later
    table.relink(away)
    table.net.pump()
    for device, game in table.games.items():
        assert game.match.ended == {"how": "abandoned", "by": quiet}, device


def test_at_a_table_an_early_claim_is_named_by_a_device_that_took_the_turn_late_too():
    clock = [0.0]
    table, quiet, away, claimant = turn_missed_by_a_friend(clock)
    clock[0] += 20_000
    count = len(table.games[quiet].match.midend.moves)
    table.games[claimant].match.link.post({"type": "claim", "count": count})
    table.net.pump()
    clock[0] += 5 * AWAY  # long after, for the friend's page
    table.relink(away)
    table.net.pump()
    for device, game in table.games.items():
        if device != claimant:
            ended = game.match.ended
            assert ended["how"] == "forfeit" and ended["by"] == claimant, device


def test_a_friends_own_move_starts_its_claim_clock_when_the_relay_sends_it_on():
    """Bryn's move left his device as its link was lost; the host relays it a minute later,
    after a new link: the turn he may claim began for everyone then, and so on his page."""
    guests = ("g1", "g2")
    clock = [0.0]
    table = table_tests.Table({"seats": 3}, ["host", *guests], guests, 5, True, clock)
    matches = {device: game.match for device, game in table.games.items()}
    mover = next(d for d in guests if not matches[d].midend.remote_to_move)
    table.games[mover].play(table.games[mover].view()["legal_moves"][0])
    table.cut(mover)
    table.net.pump()
    clock[0] += 60_000
    table.relink(mover)
    table.net.pump()
    assert len({len(m.midend.moves) for m in matches.values()}) == 1
    assert not any(m.problems for m in matches.values())
    assert matches[mover].midend.remote_to_move  # (not a draw of his own: another's turn)
    assert matches[mover].turn_since == 60_000
    clock[0] += AWAY
    matches[mover].claim()
    table.net.pump()
    quiet = matches[mover].ended["by"]
    for device, match in matches.items():
        assert match.ended == {"how": "abandoned", "by": quiet}, device
