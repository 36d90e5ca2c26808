"""Straight Dominoes between two devices (app.remote.dominoes_match, dominoes_deal): the
deal by mental poker beside the public engine's moves over a Match, whole games that end
as the ordinary engine dealt the same hands, and cheaters named (docs/rules/dominoes.md
11). Each deal costs real exponentiations (about 25 ms each): games are short."""

import json
import random

import pytest
from app import replays
from app.fair.deck import P, to_hex
from app.midend import COMPUTER, HUMAN, REMOTE
from app.remote.dominoes_deal import DealSession
from app.remote.dominoes_match import DominoesMatch
from app.remote.match import CHEATING, OVER, PLAYING, Match
from games.dominoes.dealt import dealt_game
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.public_game import GAME
from test_remote_match import Wire, new_midend

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)


def connected(options, seats=("host", "guest"), seed=0, tamper=None):
    """Two devices linked, with seeded randomness (their coin flip, their keys and
    shuffles) so that each test plays the same deals every time; tamper(side, message)
    may change or drop (None) what goes down the wire."""
    wire = Wire()
    wire.tamper = tamper
    randoms = [random.Random(f"{seed}:{device}") for device in ("host", "guest")]
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob", randoms[1].randbytes)
    host = Match.host(
        new_midend(GAME), wire.ends[0], "Alice", options, list(seats), False, randoms[0].randbytes
    )
    games = [
        DominoesMatch(match, randbelow=r.randrange) for match, r in zip((host, guest), randoms)
    ]
    wire.pump()
    return wire, games


def play_out(wire, games, rng, until=None, reload=False):
    """Each device plays its seats when they are ready (its person at random, its
    computers as they choose) until the game is over or stopped, or until(games)."""
    while any(game.match.status == PLAYING for game in games):
        if until is not None and until(games):
            return True
        game = next((g for g in games if g.match.status == PLAYING and g.ready), None)
        assert game is not None, "no device can move and no message is on its way"
        seat = game.state.current_player
        if game.match.midend.seat_kind(seat) == COMPUTER:
            game.play(game.computer_move())
        else:
            game.play(rng.choice(game.view()["legal_moves"]))
        wire.pump()
        if reload:
            for g in games:
                g.deal = DealSession.from_json(json.loads(json.dumps(g.record())))
    return False


def ordinary_replay(game):
    """The ordinary engine dealt the hands the devices checked, given the same moves."""
    midend = game.match.midend
    moves = [GAME.parse_move(text) for _, text in midend.moves]
    deals = [(deal["hands"], deal["draws"]) for deal in game.deal.deals]
    ordinary = dealt_game(midend.options, midend.seed, deals)
    for move in moves:
        if move["type"] in ("play", "draw", "pass"):
            ordinary.apply(move)
    return ordinary


def sorted_hands(summaries):
    return [{**s, "hands": [sorted(map(tuple, h)) for h in s["hands"]]} for s in summaries]


def assert_as_the_ordinary_engine(host, guest):
    for game in (host, guest):
        assert game.match.status == OVER and game.match.problems == []
    assert host.state.to_json() == guest.state.to_json()
    midend = host.match.midend  # a device behind is sent moves replayed from the game's ID
    texts = [text for _, text in midend.moves]
    assert GAME.replay(midend.options, midend.seed, texts).to_json() == host.state.to_json()
    assert host.deal.deals == guest.deal.deals
    ordinary = ordinary_replay(host)
    assert host.state.result == ordinary.result is not None
    assert host.state.scores == ordinary.scores
    assert sorted_hands(host.state.hand_summaries) == sorted_hands(ordinary.hand_summaries)


def test_rule_two_devices_deal_play_and_check_a_whole_game_as_the_ordinary_engine():
    """Rules 11.1 to 11.6: each device sees its own tiles only; the game ends as the
    ordinary engine's game dealt the same hands."""
    wire, (host, guest) = connected({"seats": 2, "target": 50})
    assert host.match.midend.seats == [HUMAN, REMOTE] and guest.deal.local == [1]
    seen = []

    def watch(games):
        for game, seat in ((host, 0), (guest, 1)):
            if game.state.phase == "play" and game.deal.hands[seat].received:
                view = game.view()
                seen.append(len(view["hand"]) == game.state.hand_sizes[seat])
                assert list(game.deal.hands) == [seat]  # the other seat's tiles are not here
        return False

    play_out(wire, [host, guest], random.Random(1), until=watch)
    assert seen and all(seen)
    assert_as_the_ordinary_engine(host, guest)
    assert len(host.deal.deals) == len(host.state.hand_summaries) + (
        host.state.ended["reason"] == "target"
    )


def test_a_finished_game_replays_face_up_from_its_checked_deals():
    """A game between devices is replayed like any other (app.replays, through a link's
    token): the ordinary engine dealt the hands the devices checked, every hand face up,
    ending as the game did."""
    wire, (host, guest) = connected({"seats": 2, "target": 60})
    assert host.face_up_replay("2026-12-03") is None  # not before the end
    play_out(wire, [host, guest], random.Random(4))
    entry = host.face_up_replay("2026-12-03")
    theirs = guest.face_up_replay("2026-12-03")
    assert {**entry, "seats": None} == {**theirs, "seats": None}  # (each device's own seats)
    assert not any(
        " " not in move and move.startswith(("reveal", "check")) for move in entry["moves"]
    )
    shared = replays.from_token(replays.token(entry))
    last = replays.positions(DOMINOES, shared)[-1]
    assert last.is_over and last.result == host.state.result
    assert last.scores == host.state.scores
    assert all(len(hand) == 7 for hand in replays.positions(DOMINOES, shared)[0].hands)
    broken = {**shared, "options": {**shared["options"], "deals": [{"hands": [], "draws": []}]}}
    with pytest.raises(ValueError):
        replays.positions(DOMINOES, broken)


def test_rule_the_host_runs_its_computer_and_holds_its_hand():
    """Rule 11.1: the computer's tiles are on the host's device, never on the guest's;
    every device's saved deal resumes at every step."""
    seats = ("host", "computer:easy", "guest")
    wire, (host, guest) = connected({"seats": 3, "target": 20}, seats)
    assert host.deal.local == [0, 1] and guest.deal.local == [2]
    play_out(wire, [host, guest], random.Random(2), reload=True)
    assert_as_the_ordinary_engine(host, guest)


def first_move_of_the_guest(wire, games, rng, wanted):
    """Plays honestly until the guest is to move and wanted(view) holds."""

    def found(games):
        guest = games[1]
        return guest.ready and guest.state.phase == "play" and wanted(guest.view(), guest.state)

    assert play_out(wire, games, rng, until=found)


def finish_the_hand(wire, games, rng, shows=None):
    """Honest moves until the hand has been checked or the game stopped; shows(view) may
    give the guest's reveal."""
    hand = games[0].state.hand_number
    guest = games[1]
    if shows is not None:
        honest = guest.deal.due_move

        def lying(public):
            move = honest(public)
            if move is not None and move["type"] == "reveal":
                return shows(guest, move)
            return move

        guest.deal.due_move = lying

    def checked(games):
        return games[0].state.hand_number != hand or games[0].state.is_over

    play_out(wire, games, rng, until=checked)


def assert_named(host, reason):
    assert host.match.stop == CHEATING and not host.state.is_over
    assert reason in host.match.ended["reason"], host.match.problems  # (later junk aside)


def unheld_fitting(view, state, among=None):
    """Plays that fit of tiles the view's seat does not hold (among these tiles only)."""
    held = {tuple(t) for t in view["hand"]}
    return [
        {"type": "play", "tile": list(t), "end": e.end}
        for t in state.unseen()
        if t not in held and (among is None or t in among)
        for e in state.layout.open_ends()
        if e.value in t
    ]


def in_the_boneyard(games):
    """The tiles neither device holds (the host sees its own hand, the guest its own)."""
    hands = [{tuple(t) for t in game.view()["hand"]} for game in games]
    return set(games[0].state.unseen()) - hands[0] - hands[1]


def test_rule_a_tile_played_but_not_held_is_named_at_the_check():
    """Rules 11.3, 11.6 and 11.7: the guest's device plays a tile from the boneyard, which
    neither engine can tell; the host's check names seat 1."""
    wire, games = connected({"seats": 2, "target": 100})
    rng = random.Random(3)

    def boneyard_tile_fits(view, state):
        return unheld_fitting(view, state, among=in_the_boneyard(games))

    first_move_of_the_guest(wire, games, rng, boneyard_tile_fits)
    host, guest = games
    guest.match.play(boneyard_tile_fits(guest.view(), guest.state)[0])
    guest.catch_up()
    wire.pump()

    def fill_up(guest, honest):  # its hand has one tile too many for its count
        return {**honest, "tiles": honest["tiles"][1:]}

    finish_the_hand(wire, games, rng, fill_up)
    assert_named(host, "seat 1 played the")


def test_rule_a_tile_played_that_the_other_device_holds_is_refused_at_once():
    """Rules 11.3 and 11.7: a device knows the tiles dealt to it, so another device's play
    of one of them is a lie it proves at once: refused, the game stopped, nothing played."""
    wire, games = connected({"seats": 2, "target": 100})
    rng = random.Random(3)
    host, guest = games

    def hosts_tile_fits(view, state):
        return unheld_fitting(view, state, among={tuple(t) for t in host.view()["hand"]})

    first_move_of_the_guest(wire, games, rng, hosts_tile_fits)
    before = host.state.to_json()
    forged = hosts_tile_fits(guest.view(), guest.state)[0]
    guest.match.play(forged)
    wire.pump()
    assert host.state.to_json() == before
    assert_named(host, "a tile dealt to this device")
    assert list(forged["tile"]) in host.view()["hand"]


def test_rule_a_draw_while_holding_a_tile_that_fits_is_named_at_the_check():
    """Rules 5.4, 11.6 and 11.7."""
    wire, games = connected({"seats": 2, "target": 100})
    rng = random.Random(4)

    def could_play(view, state):
        return state.boneyard and view["legal_moves"][0]["type"] == "play" and view["history"]

    first_move_of_the_guest(wire, games, rng, could_play)
    host, guest = games
    guest.match.play({"type": "draw"})
    guest.catch_up()
    wire.pump()
    finish_the_hand(wire, games, rng)
    assert_named(host, "seat 1 drew or passed while holding the")


def test_rule_a_hand_shown_other_than_held_is_named_at_the_check():
    """Rules 11.5 to 11.7: the guest shows a tile on the table for one of its own."""
    wire, games = connected({"seats": 2, "target": 100}, seed=5)
    swapped = []

    def swap(guest, honest):
        swapped.append(honest)
        on_table = guest.state.layout.tiles()[0]
        return {**honest, "tiles": honest["tiles"][1:] + [list(on_table)]}

    finish_the_hand(wire, games, random.Random(5), swap)
    assert swapped  # the guest had tiles left to show
    assert_named(games[0], "seat 1 showed another hand")


def test_rule_a_tampered_unlock_is_named_at_once():
    """Rules 11.2 and 11.7: a wrong partial decryption of the host's card by the guest."""

    def lie(side, message):
        deck = message.get("deck", {})
        if side == 0 and deck.get("type") == "deck-unlock" and 0 in deck["cards"]:
            deck["values"][deck["cards"].index(0)] = to_hex(pow(31**2, 5, P))
        return message

    _, games = connected({"seats": 2}, tamper=lie)
    assert_named(games[0], "did not decrypt")


def test_rule_a_key_that_does_not_open_the_deck_is_named_at_the_check():
    """Rules 11.6 and 11.7: the guest reveals a key other than the one it shuffled with."""
    wire, games = connected({"seats": 2, "target": 100})
    guest = games[1]
    honest = guest.deal.update

    def other_key(public):
        if public.phase == "check" and not guest.deal.keys_out:
            guest.deal.decks[1].e += 2
        return honest(public)

    guest.deal.update = other_key
    finish_the_hand(wire, games, random.Random(6))
    assert_named(games[0], "seat 1's shuffle output is not its key's encryption")


def test_deal_messages_lost_with_the_connection_are_asked_for_again():
    """After a new link, each device asks for the deal's messages it did not get."""

    def lose_the_first_unlock(side, message):
        deck = message.get("deck", {})
        if deck.get("type") == "deck-unlock" and not lost:
            lost.append(message)
            return None
        return message

    lost: list = []
    wire, games = connected({"seats": 2, "target": 30}, tamper=lose_the_first_unlock)
    assert lost and any(game.deal.decks[seat].busy for game, seat in zip(games, (0, 1)))
    wire.tamper = None
    for game, end in zip(games, wire.ends):
        game.match.connect(end)
        game.ask_again()
    wire.pump()
    play_out(wire, games, random.Random(7))
    assert_as_the_ordinary_engine(*games)
