"""A device that stops doing its part of a game's set-up (issue 31, "the other device goes
quiet"): the player it holds up is not stuck for ever. Battleship's set-up is made of moves
(each Ready, each answer, each fleet shown: docs/rules/battleship.md 12.9), so a Ready that
never comes is claimed as any turn. The Dominoes deal is not: a seat to move may wait for
the other device's cards or keys on its own turn. Between two devices it may claim the
game after 2 minutes too, and the other device, which cannot tell its part lost on the
way from its part never sent, records nothing (dominoes.md 11.13). Every clock here is
the test's."""

import random

import pytest
import test_remote_battleship as battleship_tests
import test_remote_dominoes as dominoes_tests
import test_remote_stall as stall_tests
import test_remote_table_match as table_tests
from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import HUMAN, Midend
from app.remote import claims, verdict
from app.remote.dominoes_match import DominoesMatch
from app.remote.match import ENDED, PLAYING
from app.remote.page_side import PageSide
from app.remote.roster import HOST
from app.storage import MemoryBackend, Store
from app.views.remote_bar import bar_text
from games.dominoes.public_game import GAME as DOMINOES
from test_remote_link_game import Link

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

AWAY = verdict.AWAY_MS
T = Translator("en")
SLOT = remote_slot("dominoes")


def page(match) -> PageSide:
    """What the page asks of a match (may_claim, claim), with no connection of its own."""
    side = PageSide()
    side.match, side.midend, side.save = match, match.midend, lambda: None
    return side


def on_the_clock(games, clock):
    for game in games:
        game.match.midend.session.now_ms = lambda: clock[0]
        game.match.mark_reached()  # (the position as if reached now)


def dropping_deal_messages_to(side, after=0):
    """A wire's tamper: the deal's messages to `side` are lost once `after` have come (the
    other device stops answering in the middle of the deal)."""
    seen = [0]

    def tamper(to_side, message):
        if to_side == side and message.get("type", "").startswith("deal-"):
            seen[0] += 1
            if seen[0] > after:
                return None
        return message

    return tamper


def stalled_deal(quiet, after=1, seats=("host", "guest")):
    """Two devices, Dominoes; the `quiet` device's deal messages stop reaching the other one
    after its first `after`. (Their coin flip with seed 3 gives seat 0 the first lead.)"""
    side = 0 if quiet == "guest" else 1
    wire, games = dominoes_tests.connected(
        {"target": 30}, seats=seats, seed=3, tamper=dropping_deal_messages_to(side, after)
    )
    clock = [0.0]
    on_the_clock(games, clock)
    host, guest = games
    return wire, host, guest, clock


# --- Dominoes: the deal held up ---------------------------------------------------------


def test_a_deal_the_other_device_stopped_answering_is_claimed_after_two_minutes():
    wire, host, guest, clock = stalled_deal(quiet="guest")
    waiting = page(host.match)
    assert host.state.current_player == host.match.midend.seats.index(HUMAN)  # its own turn
    assert not host.ready and not host.match.midend.remote_to_move  # its tiles never came
    clock[0] = AWAY - 1
    assert not waiting.may_claim
    clock[0] = AWAY
    assert waiting.may_claim and waiting.set_up_stalled and waiting.awaited == "guest"
    waiting.claim()
    wire.pump()
    assert host.match.ended == {"how": "abandoned", "by": "guest"} and host.match.outcome is True
    # The quiet device cannot tell whether its part was lost on the way: nothing recorded.
    assert guest.match.status == ENDED and guest.match.ended == {"how": "stalled", "by": "guest"}
    assert guest.match.outcome == verdict.NOTHING and guest.match.midend.recorded


def test_a_claim_of_a_held_up_deal_before_two_minutes_is_the_claimants_forfeit():
    wire, _, guest, clock = stalled_deal(quiet="guest")
    clock[0] = 30_000
    wire.ends[0].send({"type": "claim", "count": 0})  # Ann's device (modified) claims early
    wire.pump()
    assert guest.match.ended["how"] == "forfeit" and guest.match.ended["by"] == "host"
    assert "30 s into the turn" in guest.match.ended["reason"]


def test_a_claim_of_the_claimants_own_turn_with_its_tiles_in_is_still_its_forfeit():
    """Mid-hand, after a play, no deal holds a seat up: a claim of one's own turn there is
    what no honest device sends."""
    wire, games = dominoes_tests.connected({"target": 30}, seed=2)
    clock = [0.0]
    on_the_clock(games, clock)
    host, guest = games
    mover = host if host.ready else guest
    mover.play(next(m for m in mover.view()["legal_moves"] if m["type"] == "play"))
    wire.pump()
    claimant = host if host.ready else guest
    other = guest if claimant is host else host
    assert claimant.state.history[-1]["type"] == "play"
    clock[0] += 10 * AWAY
    side = 0 if claimant is host else 1
    wire.ends[side].send({"type": "claim", "count": len(claimant.match.midend.moves)})
    wire.pump()
    assert other.match.ended["how"] == "forfeit"
    assert other.match.ended["by"] == claimant.match.role and other.match.outcome is True


def test_a_turn_held_up_by_the_claimants_own_part_of_the_deal_records_nothing_there():
    """Bryn's device leads (seat 0) and waits for Ann's part of the deal, which never comes;
    Ann's page sees Bryn make no move for 2 minutes and claims: Bryn was not quiet, he was
    held up, so his device records nothing (Ann's records her claim)."""
    wire, host, guest, clock = stalled_deal(quiet="host", seats=("guest", "host"))
    assert guest.state.current_player == 0 and not guest.ready
    claimant = page(host.match)
    clock[0] = AWAY
    assert claimant.may_claim  # (Bryn's turn, as Ann sees it)
    claimant.claim()
    wire.pump()
    assert host.match.ended == {"how": "abandoned", "by": "guest"}
    assert guest.match.ended == {"how": "stalled", "by": "guest"}
    assert guest.match.outcome == verdict.NOTHING


def holding_deal_messages_to(side, kept, after=0):
    """A wire's tamper: the deal's messages to `side` are kept back in `kept` once `after`
    have come (the other device sends its part late: the test delivers them later)."""
    seen = [0]

    def tamper(to_side, message):
        if to_side == side and message.get("type", "").startswith("deal-"):
            seen[0] += 1
            if seen[0] > after:
                kept.append(message)
                return None
        return message

    return tamper


def test_a_part_of_the_deal_sent_late_then_a_claim_at_once_is_the_claimants_forfeit():
    """Ann's device (modified) keeps its part of Bryn's tiles back for minutes, then sends it
    and claims Bryn's turn at once: Bryn's turn is timed from when his tiles came."""
    kept = []
    wire, games = dominoes_tests.connected(
        {"target": 30}, seats=("guest", "host"), seed=3, tamper=holding_deal_messages_to(1, kept, 1)
    )
    clock = [0.0]
    on_the_clock(games, clock)
    _, guest = games
    assert guest.state.current_player == 0 and not guest.ready and kept
    clock[0] = 10 * AWAY
    wire.tamper = None
    for message in kept:
        wire.callbacks[1](message)
    wire.pump()
    assert guest.ready and guest.match.status == PLAYING
    wire.ends[0].send({"type": "claim", "count": 0})
    wire.pump()
    assert guest.match.ended["how"] == "forfeit" and guest.match.ended["by"] == "host"
    assert "0 s into the turn" in guest.match.ended["reason"]


def test_a_turn_held_up_is_timed_from_its_start_though_the_other_device_was_let_go_later():
    """Bryn's part of Ann's tiles is lost on the way; Ann's part of his comes a minute late.
    Ann claims 2 minutes into her turn: Bryn's device was let go a minute after it began,
    but Ann waited from its start, so it takes her claim (recording nothing)."""
    kept = []
    hold_for_bryn = holding_deal_messages_to(1, kept, 1)
    lose_for_ann = dropping_deal_messages_to(0, 1)
    wire, games = dominoes_tests.connected(
        {"target": 30}, seed=3, tamper=lambda side, m: hold_for_bryn(side, lose_for_ann(side, m))
    )
    clock = [0.0]
    on_the_clock(games, clock)
    host, guest = games
    assert host.state.current_player == 0 and not host.ready and kept
    clock[0] = 60_000
    for message in kept:
        wire.callbacks[1](message)
    wire.pump()
    assert guest.match.claim_clock.turn_at(0) == 60_000 and not host.ready
    clock[0] = AWAY
    page(host.match).claim()
    wire.pump()
    assert host.match.ended == {"how": "abandoned", "by": "guest"}
    assert guest.match.ended == {"how": "stalled", "by": "guest"}


def draw_held_up_by_a_friend_away(clock, seed, held=None):
    """A table of three where a friend's link is lost just before the next seat draws, and
    that draw's card needs the friend's step last: (table, the drawer's device, the friend's,
    the third device). `held`: a list that keeps the drawer's deal messages (on the way
    to the host) back from the table, for the test to send on later."""
    guests = ("g1", "g2")
    table = table_tests.Table({"seats": 3}, ["host", *guests], guests, seed, True, clock)
    games = table.games

    def about_to_draw(games):
        mover = next((g for g in games if g.match.status == PLAYING and g.ready), None)
        if mover is None or mover.state.phase != "play":
            return False
        moves = mover.view()["legal_moves"]
        before = mover.match.roster.seat_owner((mover.state.current_player - 1) % 3)
        return before in guests and all(m["type"] == "draw" for m in moves)

    rng = random.Random(seed)
    assert table_tests.play_out(table.net, list(games.values()), rng, until=about_to_draw)
    drawer = next(d for d, g in games.items() if g.ready)
    seat = games[drawer].state.current_player
    away = games[drawer].match.roster.seat_owner((seat - 1) % 3)
    third = next(d for d in games if d not in (drawer, away))
    table.cut(away)
    games[drawer].play(games[drawer].view()["legal_moves"][0])
    if held is not None:
        on_the_way = table.net.queue
        held += [m for m in on_the_way if m[2] == table.link(drawer) and "deal-deck" in m[1]]
        table.net.queue = [m for m in on_the_way if m not in held]
    table.net.pump()
    assert games[third].match.midend.remote_to_move and games[third].match.status == PLAYING
    return table, drawer, away, third


def test_at_a_table_a_draw_held_up_by_a_friend_away_is_not_claimed_and_a_claim_is_a_forfeit():
    """Ann's draw waits for Cai's step, Cai's link lost: Bryn's page (a friend's, not the
    host's) does not offer to claim the game, and his claim (a modified device) is his
    forfeit on every device, Cai's too when he is back, though his own step, taken at once,
    is still on its way."""
    clock = [0.0]
    table, _, away, third = draw_held_up_by_a_friend_away(clock, seed=6)
    claimant = table.games[third]
    clock[0] += 10 * AWAY
    assert claims.awaited(claimant.match) is None and not page(claimant.match).may_claim
    claimant.match.link.post({"type": "claim", "count": len(claimant.match.midend.moves)})
    table.net.pump()
    table.relink(away)
    table.net.pump()
    for device, game in table.games.items():
        if device != third:
            ended = game.match.ended
            assert ended["how"] == "forfeit" and ended["by"] == third, device
            assert "while the deal was under way" in ended["reason"], device


def test_at_a_table_a_draw_served_late_is_timed_from_its_card():
    """Cai comes back 20 minutes later and his step serves Bryn's draw: Bryn's turn starts
    then, so a claim at once is early on every device, and one 2 minutes on is taken."""
    clock = [0.0]
    table, drawer, away, third = draw_held_up_by_a_friend_away(clock, seed=6)
    clock[0] += 10 * AWAY
    table.relink(away)
    table.net.pump()
    assert table.games[drawer].ready
    claimant = table.games[third]
    count = len(claimant.match.midend.moves)
    assert not page(claimant.match).may_claim
    clock[0] += AWAY
    assert page(claimant.match).may_claim and claims.awaited(claimant.match) == drawer
    clock[0] -= AWAY  # (the same claim, but early: a modified device)
    claimant.match.link.post({"type": "claim", "count": count})
    table.net.pump()
    for device, game in table.games.items():
        if device != third:
            assert game.match.ended["how"] == "forfeit", device
            assert "0 s into the turn" in game.match.ended["reason"], device


def test_at_a_table_the_hosts_page_claims_the_game_of_the_device_the_deal_waits_for():
    """Cai's draw waits for Bryn's step, Bryn's link lost: the host's page names Bryn's
    device, offers the claim after 2 minutes, and the game ends on every device, Bryn's
    too once he is back, as held up by him: he loses, and with no partnerships nobody
    wins (dominoes.md 11.14)."""
    clock = [0.0]
    table, drawer, away, third = draw_held_up_by_a_friend_away(clock, seed=3)
    assert (drawer, away, third) == ("g2", "g1", HOST)
    host = page(table.games[HOST].match)
    assert claims.awaited(host.match) == away and host.set_up_stalled
    assert claims.awaited(table.games[drawer].match) is None  # (a friend's page: not its to say)
    clock[0] += AWAY - 1
    assert not host.may_claim
    clock[0] += 1
    assert host.may_claim
    host.claim()
    table.net.pump()
    table.relink(away)
    table.net.pump()
    for device, game in table.games.items():
        assert game.match.ended == {"how": verdict.HELD_UP, "by": away}, device
        assert game.match.outcome is (False if device == away else None), device


def test_at_a_table_a_step_of_the_deal_puts_the_hosts_claim_off():
    """Cai's request for his card reaches the host 90 s late, and the host's own step goes
    at once: the deal still waits for Bryn, whose claim is offered 2 minutes after that
    step, not after Cai's draw."""
    clock = [0.0]
    held: list = []
    table, _, away, _ = draw_held_up_by_a_friend_away(clock, seed=3, held=held)
    host = page(table.games[HOST].match)
    assert held and claims.awaited(host.match) == "g2"  # (its request is awaited first)
    clock[0] += 0.75 * AWAY
    table.net.queue += held
    table.net.pump()
    assert claims.awaited(host.match) == away
    clock[0] += 0.75 * AWAY  # (2 minutes and more since Cai drew)
    assert not host.may_claim
    clock[0] += 0.25 * AWAY
    assert host.may_claim


@pytest.mark.parametrize(
    "claimant, named", [("g2", "g1"), (HOST, HOST), (HOST, "g9"), (HOST, ["g1"])]
)
def test_at_a_table_a_claim_of_the_deal_not_the_hosts_or_naming_no_friend_is_a_forfeit(
    claimant, named
):
    """Only the host's device names who holds the deal up, and only a friend's device at
    the table: any other claim then (a modified device's) is the claimant's forfeit."""
    clock = [0.0]
    table, _, _, _ = draw_held_up_by_a_friend_away(clock, seed=3)
    clock[0] += 10 * AWAY
    match = table.games[claimant].match
    match.link.post({"type": "claim", "count": len(match.midend.moves), "quiet": named})
    table.net.pump()
    for device, game in table.games.items():
        if device not in (claimant, "g1"):  # (g1's link is lost)
            assert game.match.ended["how"] == "forfeit", device
            assert game.match.ended["by"] == claimant, device


def test_at_a_table_a_claim_of_the_deal_once_it_is_done_is_the_hosts_forfeit():
    """Bryn back, his step serves Cai's draw: a claim naming Bryn then (a modified host)
    is the host's forfeit on every friend's device."""
    clock = [0.0]
    table, drawer, away, _ = draw_held_up_by_a_friend_away(clock, seed=3)
    table.relink(away)
    table.net.pump()
    assert table.games[drawer].ready
    clock[0] += 10 * AWAY
    match = table.games[HOST].match
    match.link.post({"type": "claim", "count": len(match.midend.moves), "quiet": away})
    table.net.pump()
    for device in ("g1", "g2"):
        ended = table.games[device].match.ended
        assert ended["how"] == "forfeit" and ended["by"] == HOST, device
        assert "with no deal under way" in ended["reason"], device


@pytest.mark.parametrize("seed", range(8))
def test_at_a_table_whenever_a_device_withholds_its_deal_the_host_names_it_and_all_agree(seed):
    """Three or four devices play at random; from a random move on, one friend's device (a
    modified one) stops sending its part of the deal. Wherever the deal then stops (a
    shuffle, a deal, a draw, the keys of a check), the host's page names that device alone,
    offers the claim 2 minutes on and not before, and every honest device ends the game
    as held up by it."""
    rng = random.Random(seed)
    seats = rng.choice([3, 4])
    guests = ("g1", "g2", "g3")[: seats - 1]
    clock = [0.0]
    options = {"seats": seats, "partnerships": seats == 4, "target": 100}
    table = table_tests.Table(options, [HOST, *guests], guests, seed, True, clock)
    games = table.games
    quiet = rng.choice(guests)
    honest = [games[device] for device in games if device != quiet]
    withheld_after = rng.randrange(60)
    moves = lambda played: len(played[0].match.midend.moves) >= withheld_after  # noqa: E731
    assert table_tests.play_out(table.net, list(games.values()), rng, until=moves)
    send = games[quiet].match.send
    games[quiet].match.send = lambda *out: send(
        *(m for m in out if not m["type"].startswith("deal-"))
    )
    for _ in range(2_000):  # (on until nobody can move: the deal waits)
        mover = next((g for g in games.values() if g.match.status == PLAYING and g.ready), None)
        if mover is None:
            break
        mover.play(rng.choice(mover.view()["legal_moves"]))
        table.net.pump()
    host = page(games[HOST].match)
    assert all(game.match.status == PLAYING for game in honest)
    assert claims.awaited(host.match) == quiet
    assert all(claims.awaited(g.match) is None for g in honest if g is not games[HOST])
    clock[0] += AWAY - 1
    assert not host.may_claim
    clock[0] += 1
    host.claim()
    table.net.pump()
    for game in honest:
        assert game.match.ended == {"how": verdict.HELD_UP, "by": quiet}


# --- what the page says -------------------------------------------------------------------


class DominoesPage(stall_tests.Device):
    """test_remote_stall's page on the test's clock, of Straight Dominoes between devices."""

    def __init__(self, name, clock):
        self.store = Store(MemoryBackend())
        saved_games.register_remote(self.store, [SLOT])
        self.name, self.clock, self.events, self.reminders = name, clock, [], []
        self.midend = self.new_midend()

    def new_midend(self):
        return Midend(self.store, DOMINOES, lambda: self.clock[0], slot=SLOT, keeps_replays=False)

    def open(self, link):
        game = super().open(link)
        game.on_match = lambda match: DominoesMatch(match)
        return game


class DealLostLink(Link):
    """A connection on which every message of the deal is lost."""

    def pump(self):
        while self.queue:
            side, text = self.queue.pop(0)
            if '"deal-' not in text:
                self.ends[side].received(text)


def test_the_page_held_up_by_the_deal_says_so_and_the_claimed_page_says_nothing_is_recorded():
    clock = [0.0]
    link = DealLostLink()
    ann, bryn = DominoesPage("Ann", clock), DominoesPage("Bryn", clock)
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    ann.open(link.ends[0]).host({"target": 30}, ["host", "guest"])
    link.pump()
    bryn.open(link.ends[1]).guest()
    link.pump()
    held, other = (ann, bryn) if not ann.midend.remote_to_move else (bryn, ann)
    assert held.game.status == PLAYING
    clock[0] = AWAY
    assert held.game.may_claim and held.game.set_up_stalled
    assert bar_text(held.game, T) == (
        f"{other.name}'s device has not sent its part of the deal for 2 minutes: you may "
        "claim the game, or wait for it."
    )
    assert bar_text(held.game, Translator("cy")).startswith(f"Nid yw dyfais {other.name}")
    held.game.claim()
    link.pump()
    assert held.game.winner_is_me is True
    assert other.game.match.ended["how"] == "stalled" and other.game.winner_is_me is None
    assert bar_text(other.game, T) == (
        f"{held.name} claimed the game while the deal waited between your two devices: a part "
        "of it may have been lost on the way, so nothing shows which device went quiet. The "
        "game is over, and it is not recorded on this device."
    )


# --- Battleship: each Ready is a move ---------------------------------------------------


def test_battleship_a_friend_who_never_sends_ready_may_have_the_game_claimed():
    """Red (the host's seat) never places its fleet; Blue sealed hers and waits."""
    wire, games = battleship_tests.connected({"mode": "classic"})
    clock = [0.0]
    on_the_clock(games, clock)
    red, blue = games
    blue.place({"type": "random_fleet", "player": blue.seat})
    blue.declare_ready()
    wire.pump()
    assert red.placing and blue.match.midend.remote_to_move  # Red's Ready comes first
    clock[0] = AWAY - 1
    assert not page(blue.match).may_claim
    clock[0] = AWAY
    page(blue.match).claim()
    wire.pump()
    assert red.match.ended == blue.match.ended == {"how": "abandoned", "by": "host"}
    assert (red.match.outcome, blue.match.outcome) == (False, True)


def test_battleship_red_ready_and_waiting_for_blue_may_claim_two_minutes_after_its_ready():
    wire, games = battleship_tests.connected({"mode": "classic"})
    clock = [0.0]
    on_the_clock(games, clock)
    red, blue = games
    clock[0] = 50_000  # Red places her fleet for 50 s, then is ready
    red.place({"type": "random_fleet", "player": red.seat})
    red.declare_ready()
    wire.pump()
    assert blue.placing and red.match.midend.remote_to_move
    clock[0] = 50_000 + AWAY - 1
    assert not page(red.match).may_claim
    clock[0] = 50_000 + AWAY
    page(red.match).claim()
    wire.pump()
    assert blue.match.ended == {"how": "abandoned", "by": "guest"}
    assert blue.match.outcome is False and red.match.outcome is True
