"""app.remote.match: two devices, each with its own midend and store, over an in-memory
channel: whole games to the end, tampering refused and reported, a reload catching up."""

import json
import random

import pytest
from app import saved_games
from app.fair.errors import ProtocolError
from app.midend import HUMAN, REMOTE, Midend
from app.remote import wire
from app.remote.match import (
    CHEATING,
    CONNECTING,
    DUPLICATE,
    ENDED,
    INCOMPATIBLE,
    JUNK,
    OVER,
    PLAYING,
    Match,
)
from app.storage import MemoryBackend, Store
from games.deblockle.game import GAME as DEBLOCKLE
from games.dominoes.game import GAME as DOMINOES
from games.wordle.duel_game import duel_game
from games.wordle.sample_words import sample_dictionary

WORDLE = duel_game(sample_dictionary())


class Wire:
    """Two ends of a channel. Messages wait (as JSON text, as on a data channel) until
    `pump`; `cut` loses whatever is in flight, as a lost connection does."""

    def __init__(self):
        self.queue: list[tuple[int, str]] = []
        self.callbacks = [None, None]
        self.ends = [End(self, 0), End(self, 1)]
        self.tamper = None  # (to_side, message) -> message or None (dropped)

    def pump(self):
        while self.queue:
            side, text = self.queue.pop(0)
            message = json.loads(text)
            if self.tamper is not None:
                message = self.tamper(side, message)
                if message is None:
                    continue
            self.callbacks[side](message)

    def cut(self):
        self.queue.clear()

    def sent_to(self, side):
        return [json.loads(text) for to, text in self.queue if to == side]


class End:
    def __init__(self, wire, side):
        self.wire, self.side = wire, side

    def send(self, message):
        self.wire.queue.append((1 - self.side, json.dumps(message)))

    def on_message(self, callback):
        self.wire.callbacks[self.side] = callback


def new_midend(game=DEBLOCKLE, store=None):
    if store is None:
        store = Store(MemoryBackend())
        saved_games.register(store, [game.name])
    return Midend(store, game, lambda: 1000.0)


def connected(game=DEBLOCKLE, options=None, seats=("host", "guest"), draw_seats=False):
    wire = Wire()
    guest = Match.guest(new_midend(game), wire.ends[1], "Bob")
    host = Match.host(
        new_midend(game),
        wire.ends[0],
        "Alice",
        {"quick_setup": True} if options is None else options,
        list(seats),
        draw_seats,
    )
    wire.pump()
    return wire, host, guest


def mover(*matches):
    """The match whose device is to move."""
    (match,) = [m for m in matches if not m.midend.remote_to_move]
    return match


def play_on(wire, host, guest, rng, moves=None):
    played = 0
    while not host.midend.state.is_over and (moves is None or played < moves):
        match = mover(host, guest)
        match.play(rng.choice(match.midend.state.legal_moves()))
        wire.pump()
        played += 1


def assert_agree(host, guest):
    assert host.midend.state.to_json() == guest.midend.state.to_json()
    assert host.midend.moves == guest.midend.moves
    assert host.state_hash == guest.state_hash


@pytest.mark.parametrize("seed", range(4))
def test_two_devices_play_whole_deblockle_games_and_agree(seed):
    options = {"quick_setup": seed % 2 == 0}  # without it, the set-up is played as moves
    wire, host, guest = connected(options=options, draw_seats=seed > 1)
    assert host.status == guest.status == PLAYING
    assert (host.peer, guest.peer) == ("Bob", "Alice")
    assert host.midend.seed == guest.midend.seed and host.midend.options == guest.midend.options
    assert sorted([host.midend.seats, guest.midend.seats]) == [[HUMAN, REMOTE], [REMOTE, HUMAN]]
    play_on(wire, host, guest, random.Random(seed))
    assert_agree(host, guest)
    assert host.midend.state.result == guest.midend.state.result is not None
    assert host.status == guest.status == OVER
    assert host.problems == guest.problems == []
    assert not host.midend.can_undo


@pytest.mark.parametrize("seed", range(4))
def test_two_devices_play_whole_wordle_duels_and_agree(seed):
    wire, host, guest = connected(WORDLE, {"lang": "en"}, draw_seats=True)
    assert host.midend.state.duel.word == guest.midend.state.duel.word
    play_on(wire, host, guest, random.Random(seed))
    assert_agree(host, guest)
    assert host.midend.state.result == guest.midend.state.result is not None
    assert host.status == guest.status == OVER and host.problems == guest.problems == []


def test_a_computer_seat_is_played_by_the_host_device_and_checked_by_the_guest():
    seats = ("host", "computer:easy", "guest")
    wire, host, guest = connected(DOMINOES, {"seats": 3, "target": 20}, seats)
    assert host.midend.seats == [HUMAN, "computer:easy", REMOTE]
    assert guest.midend.seats == [REMOTE, REMOTE, HUMAN]
    rng = random.Random(3)
    while not host.midend.state.is_over:
        match = mover(host, guest)
        if match.midend.computer_to_move:
            match.play(match.midend.computer_move())
        else:
            match.play(rng.choice(match.midend.state.legal_moves()))
        wire.pump()
    assert_agree(host, guest)
    assert host.status == guest.status == OVER and host.midend.state.result is not None
    assert host.problems == guest.problems == []


def test_the_seed_is_chosen_by_neither_device_alone():
    def seed_of(host_fill, guest_fill):
        wire = Wire()
        guest = Match.guest(new_midend(), wire.ends[1], "Bob", lambda n: bytes([guest_fill]) * n)
        host = Match.host(
            new_midend(), wire.ends[0], "Alice", {}, ["host", "guest"], False,
            lambda n: bytes([host_fill]) * n,
        )  # fmt: skip
        wire.pump()
        assert host.midend.seed == guest.midend.seed
        return host.midend.seed

    assert seed_of(1, 2) == seed_of(1, 2)
    assert seed_of(1, 2) != seed_of(1, 3) != seed_of(4, 3)


def test_a_reveal_changed_after_seeing_the_other_commitment_is_caught():
    wire = Wire()
    guest = Match.guest(new_midend(), wire.ends[1], "Bob")
    host = Match.host(new_midend(), wire.ends[0], "Alice", {}, ["host", "guest"])

    def forge(side, message):
        if side == 1 and message["type"] == "coin-reveal":  # the host's reveal, to the guest
            value = json.dumps("ab" * 32)
            return {**message, "opening": {**message["opening"], "value": value}}
        return message

    wire.tamper = forge
    wire.pump()
    assert guest.status == CHEATING and guest.midend.state is None
    caught = guest.problems[0]
    assert caught["by"] == "us" and "commitment" in caught["reason"]
    # The host's device keeps the guest's refusal as its claim; it is no check of its own.
    assert {**caught, "by": "peer"} in host.problems and host.status == PLAYING


def test_a_coin_flip_message_for_the_other_devices_seat_is_caught():
    """As at a table: a device speaks in the coin flip for its own seat only."""
    wire = Wire()
    guest = Match.guest(new_midend(), wire.ends[1], "Bob")
    host = Match.host(new_midend(), wire.ends[0], "Alice", {}, ["host", "guest"])

    def speak_for_the_host(side, message):
        if side == 0 and message["type"] == "coin-commit":  # the guest's, to the host
            return {**message, "seat": 0}
        return message

    wire.tamper = speak_for_the_host
    wire.pump()
    assert host.status == CHEATING and host.midend.state is None
    assert "another device's seat" in host.problems[0]["reason"]
    assert guest.problems[-1]["by"] == "peer"  # the host's refusal: the guest's to hear


def test_an_illegal_move_is_refused_reported_and_never_applied():
    wire, host, guest = connected()
    if not host.midend.remote_to_move:
        host.play(host.midend.state.legal_moves()[0])
        wire.pump()
    before = host.midend.state.to_json()
    number = len(host.midend.moves) + 1
    for move in ("a1N-a1", "z9N", "c5:slider:star"):
        host.receive("guest", {"type": "move", "number": number, "move": move, "hash": "0" * 64})
        assert host.problems[-1]["kind"] == CHEATING and host.midend.state.to_json() == before
        assert host.status == ENDED and host.ended["how"] == "forfeit"
        host.status = PLAYING  # to try the next one
    assert [m["kind"] for m in wire.sent_to(1)] == [CHEATING] * 3
    wire.pump()
    # The guest's device checked its own moves: the host's refusals are only its claims.
    assert guest.status == PLAYING and guest.problems[-1]["by"] == "peer"


def test_a_move_out_of_turn_is_refused():
    wire, host, guest = connected()
    if host.midend.remote_to_move:
        guest.play(guest.midend.state.legal_moves()[0])
        wire.pump()
    # the host is to move: a "guest" move of the host's own legal move is refused
    trial = host.midend.state.copy()
    move = trial.legal_moves()[0]
    trial.apply(move)
    text = DEBLOCKLE.format_move(move)
    number = len(host.midend.moves) + 1
    before = host.midend.state.to_json()
    host.receive(
        "guest", {"type": "move", "number": number, "move": text, "hash": wire_hash(trial)}
    )
    assert host.status == ENDED and host.ended["how"] == "forfeit"
    assert "is not guest's to play" in host.ended["reason"]
    assert host.midend.state.to_json() == before
    with pytest.raises(RuntimeError):
        host.play(move)  # a stopped game plays on no more


def wire_hash(state):
    return wire.state_hash(state)


def test_a_wrong_hash_on_the_first_move_is_a_desync_and_the_move_is_not_played():
    # Nothing was compared before the first move: the two starts may differ (another
    # version of the game) without either device lying, so nothing proves who is wrong.
    wire, host, guest = connected()
    match = mover(host, guest)
    other = guest if match is host else host
    before = other.midend.state.to_json()
    wire.tamper = lambda side, m: {**m, "hash": "f" * 64} if m["type"] == "move" else m
    match.play(match.midend.state.legal_moves()[0])
    wire.pump()
    assert other.status == ENDED and other.ended["how"] == "void"
    assert other.midend.state.to_json() == before and other.midend.recorded
    # The mover's own engine says its move was sound: the game goes on there, waiting.
    assert match.status == PLAYING and match.problems[-1]["by"] == "peer"
    wire.tamper = None
    for stopped in (host, guest):  # neither plays on
        with pytest.raises(RuntimeError):
            stopped.play(stopped.midend.state.legal_moves()[0])


JUNK_MESSAGES = [
    None,
    [],
    "move",
    7,
    {},
    {"type": 5},
    {"type": "nonsense"},
    {"type": "hello", "version": 1},
    {"type": "welcome", "version": 1, "name": "Eve"},
    {"type": "coin-commit", "seat": 1, "commitment": "0" * 64},
    {"type": "sync", "match": "x", "count": -1, "hash": "0" * 64, "ended": None},
    {"type": "sync", "match": "x", "count": 0, "hash": "0" * 64, "ended": "me"},
    {"type": "resign", "by": "host"},
    {"type": "fleet-commit", "seat": 1},
]


@pytest.mark.parametrize("junk", JUNK_MESSAGES)
def test_junk_is_refused_and_reported_and_changes_nothing(junk):
    wire, host, guest = connected()
    before = (host.midend.state.to_json(), list(host.midend.moves))
    host.receive("guest", junk)
    assert host.status == PLAYING and host.problems[-1]["kind"] == JUNK
    assert (host.midend.state.to_json(), host.midend.moves) == before
    assert wire.sent_to(1)[-1]["type"] == "refused"
    wire.pump()
    assert guest.status == PLAYING and guest.problems[-1]["by"] == "peer"


@pytest.mark.parametrize(
    "move",
    [
        {"number": 1},
        {"number": True, "move": "x", "hash": "0" * 64},
        {"number": 1, "move": "", "hash": "0" * 64},
        {"number": 1, "move": "x" * 401, "hash": "0" * 64},
        {"number": 1, "move": "x", "hash": "0" * 63},
        {"number": 1, "move": "x", "hash": "0" * 64, "extra": 1},
    ],
)
def test_a_malformed_move_is_suspected_cheating(move):
    _, host, _ = connected()
    host.receive("guest", {"type": "move", **move})
    assert host.status == ENDED and host.midend.moves == []
    assert host.ended["how"] == "forfeit" and host.ended["by"] == "guest"


def test_a_duplicated_move_is_refused_and_the_game_goes_on():
    wire, host, guest = connected()
    copies = []
    wire.tamper = lambda side, m: copies.append((side, m)) or m
    match = mover(host, guest)
    match.play(match.midend.state.legal_moves()[0])
    wire.pump()
    wire.tamper = None
    other = guest if match is host else host
    moves = list(other.midend.moves)
    other.receive(match.role, copies[0][1])
    assert other.problems[-1]["kind"] == DUPLICATE and other.status == PLAYING
    assert other.midend.moves == moves
    wire.pump()
    play_on(wire, host, guest, random.Random(1))
    assert_agree(host, guest)
    assert host.status == guest.status == OVER


def reload(match, channel, name):
    """The page reloaded: a new midend resumes from the same store."""
    midend = new_midend(match.midend.game, match.midend.store)
    assert midend.resume() is not None
    return Match.resumed(midend, channel, name)


@pytest.mark.parametrize("reloads", ["ahead", "behind"])
def test_a_reload_mid_game_reconnects_and_catches_up(reloads):
    wire, host, guest = connected()
    rng = random.Random(7)
    play_on(wire, host, guest, rng, moves=6)
    host.midend.save()
    guest.midend.save()
    ahead = mover(host, guest)
    ahead.play(rng.choice(ahead.midend.state.legal_moves()))
    ahead.midend.save()
    wire.cut()  # the connection is lost with the move in flight
    behind = guest if ahead is host else host
    assert len(behind.midend.moves) == len(ahead.midend.moves) - 1
    new = Wire()
    side = {id(host): 0, id(guest): 1}
    reloaded = ahead if reloads == "ahead" else behind
    stayed = behind if reloads == "ahead" else ahead
    again = reload(reloaded, new.ends[side[id(reloaded)]], reloaded.name)
    stayed.connect(new.ends[side[id(stayed)]])
    host, guest = (again, stayed) if reloaded is host else (stayed, again)
    new.pump()
    assert_agree(host, guest)
    assert host.problems == guest.problems == [] and host.status == guest.status == PLAYING
    play_on(new, host, guest, rng)
    assert_agree(host, guest)
    assert host.status == guest.status == OVER


def test_a_history_that_plays_the_other_devices_seat_is_named_by_it_after_a_reconnect():
    wire, host, guest = connected()
    play_on(wire, host, guest, random.Random(2), moves=3)
    match = mover(host, guest)
    other = guest if match is host else host
    move = match.midend.state.legal_moves()[0]
    other_move = next(m for m in other.midend.state.legal_moves() if m != move)
    match.play(move)
    wire.cut()
    other.midend.play_remote(DEBLOCKLE.format_move(other_move))  # a history of its own
    new = Wire()
    host.connect(new.ends[0])
    guest.connect(new.ends[1])
    new.pump()
    # `other` holds a move of the mover's seat that the mover never made: from the position
    # both had agreed on, its history is a false claim, and the mover wins by forfeit (what
    # `other`, lying, concludes about the mover is its own affair).
    assert match.status == ENDED
    assert match.ended["how"] == "forfeit" and match.ended["by"] == other.role
    assert match.outcome is True and "histories differ" in match.ended["reason"]
    assert len(match.midend.moves) == 4  # its own move stands; nothing of other's is played


@pytest.mark.parametrize("count", [0, 2])
def test_a_sync_whose_hash_contradicts_an_agreed_position_is_the_senders_forfeit(count):
    wire, host, guest = connected()
    play_on(wire, host, guest, random.Random(2), moves=3)  # each device has played a move
    sync = {"type": "sync", "match": host.match_id, "count": count, "ended": None}
    host.receive("guest", {**sync, "hash": "e" * 64})
    assert host.ended == {"how": "forfeit", "by": "guest", "reason": host.ended["reason"]}
    assert host.outcome is True and f"differ by move {count}" in host.ended["reason"]


def test_a_sync_of_the_start_that_differs_before_the_sender_played_is_a_desync():
    wire, host, guest = connected()
    match = mover(host, guest)
    match.play(match.midend.state.legal_moves()[0])  # the other device has played nothing
    wire.cut()
    other = guest if match is host else host
    sync = {"type": "sync", "match": match.match_id, "count": 0, "ended": None}
    match.receive(other.role, {**sync, "hash": "e" * 64})
    assert match.ended is not None and match.ended["how"] == "void"
    assert match.outcome == "nothing"


def test_a_sync_of_another_game_is_junk_and_this_game_goes_on():
    # Two devices linked again may each resume a game of its own: no verdict on this one.
    wire, host, guest = connected()
    play_on(wire, host, guest, random.Random(2), moves=3)
    sync = {"type": "sync", "match": "b" * 32, "count": 1, "hash": "e" * 64, "ended": None}
    host.receive("guest", sync)
    assert host.status == PLAYING and host.ended is None
    assert host.problems[-1]["kind"] == JUNK and "another game" in host.problems[-1]["reason"]


def test_resigning_and_leaving_are_recorded_on_both_devices_even_after_a_reload():
    wire, host, guest = connected()
    play_on(wire, host, guest, random.Random(4), moves=4)
    guest.resign()
    wire.pump()
    assert host.status == guest.status == ENDED
    assert host.ended == guest.ended == {"how": "resigned", "by": "guest"}
    host.midend.save()
    again = reload(host, Wire().ends[0], "Alice")
    assert again.status == ENDED and again.ended == {"how": "resigned", "by": "guest"}
    with pytest.raises(RuntimeError):
        again.play(again.midend.state.legal_moves()[0])


def test_a_leave_lost_with_the_connection_arrives_with_the_sync():
    wire, host, guest = connected()
    host.leave()
    wire.cut()
    assert host.ended == {"how": "left", "by": "host"} and guest.status == PLAYING
    new = Wire()
    host.connect(new.ends[0])
    guest.connect(new.ends[1])
    new.pump()
    assert guest.status == ENDED and guest.ended == {"how": "left", "by": "host"}


def test_the_session_record_survives_a_json_round_trip():
    wire, host, guest = connected()
    play_on(wire, host, guest, random.Random(5), moves=3)
    host.receive("guest", {"type": "nonsense"})
    record = json.loads(json.dumps(host.record()))
    assert record == host.midend.remote["session"]
    assert record["problems"][-1]["kind"] == JUNK and record["role"] == "host"
    host.midend.save()
    again = reload(host, Wire().ends[0], "Alice")
    assert again.record() == record and again.peer == "Bob"


@pytest.mark.parametrize(
    "damage",
    [
        {"version": wire.VERSION + 1},  # (a later protocol)
        {"role": "referee"},
        {"status": "connecting"},
        {"status": "won"},
        {"seats": ["host", "host"]},
        {"ended": {"how": "fled", "by": "guest"}},
        {"problems": [{"by": "us"}]},
        {"seats": ["guest", "host"]},  # not the seats the midend holds
    ],
)
def test_a_damaged_session_record_is_refused(damage):
    _, host, _ = connected()
    host.midend.remote["session"].update(damage)
    with pytest.raises(ValueError):
        Match.resumed(host.midend, Wire().ends[0], "Alice")


@pytest.mark.parametrize(
    "change, reason",
    [
        # (another version of the protocol or of the rules: test_remote_rules_version)
        ({"game": "chess"}, "different game"),
        ({"name": "Eve\u202e"}, "format"),
        ({"name": ""}, "name"),
        ({"seats": ["host", "host"]}, "each device"),
        ({"seats": ["host", "computer:godlike"]}, "unknown player"),
        ({"params": {"blocks": "9"}}, "options"),
        ({"params": []}, "options"),
    ],
)
def test_a_proposal_the_guest_cannot_play_is_refused_on_both_sides(change, reason):
    wire = Wire()
    guest = Match.guest(new_midend(), wire.ends[1], "Bob")
    Match.host(new_midend(), wire.ends[0], "Alice", {}, ["host", "guest"])
    hello, commit = wire.sent_to(1)
    guest.receive("host", {**hello, **change})
    assert guest.status == INCOMPATIBLE and reason in guest.problems[-1]["reason"]
    guest.receive("host", commit)  # the handshake is over: the coin is not flipped
    assert guest.midend.state is None and guest.status == INCOMPATIBLE


def test_the_host_checks_its_own_proposal():
    with pytest.raises(ValueError):
        Match.host(new_midend(), Wire().ends[0], "Alice", {}, ["host", "computer:easy"])
    with pytest.raises(ValueError, match="name"):
        Match.guest(new_midend(), Wire().ends[1], "\x00")


def test_a_game_adds_its_own_messages_through_an_extension():
    wire, host, guest = connected()
    seen = []

    def fleet(message):
        if message.get("commitment") != "ok":
            raise ProtocolError("a bad commitment")
        seen.append(message)
        return [{"type": "fleet-thanks"}]

    host.extend("fleet", fleet)
    guest.extend("fleet", lambda message: seen.append(message) or [])
    guest.send({"type": "fleet-commit", "commitment": "ok"})
    wire.pump()
    assert [m["type"] for m in seen] == ["fleet-commit", "fleet-thanks"]
    guest.send({"type": "fleet-commit", "commitment": "bad"})
    wire.pump()
    assert host.problems[-1]["reason"] == "a bad commitment" and host.status == PLAYING
    with pytest.raises(ValueError):
        host.extend("coin", fleet)


def test_a_message_before_the_game_began_is_refused():
    wire = Wire()
    guest = Match.guest(new_midend(), wire.ends[1], "Bob")
    guest.receive("host", {"type": "move", "number": 1, "move": "a1N-a2", "hash": "0" * 64})
    guest.receive(
        "host", {"type": "sync", "match": "x", "count": 0, "hash": "0" * 64, "ended": None}
    )
    assert guest.status == CONNECTING and [p["kind"] for p in guest.problems] == [JUNK, JUNK]


def test_a_move_lost_before_the_next_one_is_asked_for_again():
    # The host plays its own seat and its computer's one after the other: lose the first.
    wire, host, guest = connected(
        DOMINOES, {"seats": 3, "target": 20}, ("guest", "host", "computer:easy")
    )
    rng = random.Random(5)
    while True:
        match = mover(host, guest)
        if match.midend.computer_to_move:
            match.play(match.midend.computer_move())
        else:
            match.play(rng.choice(match.midend.state.legal_moves()))
        if match is host and host.midend.computer_to_move and guest.problems == []:
            wire.cut()  # the last move is lost; the computer's reply goes out
            host.play(host.midend.computer_move())
        wire.pump()
        if guest.problems:
            break
    assert guest.problems[0]["kind"] == JUNK and "have not arrived" in guest.problems[0]["reason"]
    assert_agree(host, guest)
    assert host.status == guest.status == PLAYING


# --- what is recorded (app.remote.verdict), a cheater in each role ------------------------


def honest_and_cheater(cheat):
    wire, host, guest = connected()
    return (wire, guest, host) if cheat == "host" else (wire, host, guest)


@pytest.mark.parametrize("cheat", ["host", "guest"])
def test_a_malformed_move_is_a_forfeit_and_leaving_after_it_costs_the_honest_player_nothing(
    cheat,
):
    wire, honest, cheater = honest_and_cheater(cheat)
    cheater.send({"type": "move", "number": 1, "move": "x", "hash": "not a hash"})
    wire.pump()
    assert honest.status == ENDED and honest.ended["how"] == "forfeit"
    assert honest.ended["by"] == cheat and honest.outcome is True  # a win by forfeit here
    assert cheater.status == PLAYING and cheater.ended is None  # its claim-checks found nothing
    honest.leave()
    assert wire.sent_to(side_of(cheater)) == []  # no "leave": the game had ended here
    wire.pump()
    assert honest.outcome is True and cheater.ended is None and cheater.outcome is None


def side_of(match):
    return 1 if match.role == "guest" else 0


@pytest.mark.parametrize("cheat", ["host", "guest"])
def test_a_forged_refusal_is_a_claim_answered_by_a_sync_and_the_game_goes_on(cheat):
    wire, honest, cheater = honest_and_cheater(cheat)
    forged = {"type": "refused", "kind": "cheating", "reason": "move 9 twice"}
    cheater.send(forged)
    wire.pump()
    assert honest.status == PLAYING and honest.ended is None
    assert honest.problems[-1] == {"by": "peer", "kind": CHEATING, "reason": "move 9 twice"}
    assert cheater.problems == []  # the sync agreed: nothing to refuse
    play_on(wire, honest, cheater, random.Random(7), moves=2)
    assert_agree(honest, cheater)


@pytest.mark.parametrize("cheat", ["host", "guest"])
def test_a_false_hash_after_the_first_move_is_the_senders_forfeit_and_its_reason_stays(cheat):
    # A losing player cannot turn a loss into a game recorded for nobody by one false hash.
    wire, honest, cheater = honest_and_cheater(cheat)
    play_on(wire, honest, cheater, random.Random(3), moves=2)
    if cheater.midend.remote_to_move:
        honest.play(honest.midend.state.legal_moves()[0])
        wire.pump()
    wire.tamper = lambda side, m: {**m, "hash": "e" * 64} if m["type"] == "move" else m
    cheater.play(cheater.midend.state.legal_moves()[0])
    wire.pump()
    assert honest.status == ENDED and honest.ended["how"] == "forfeit"
    assert honest.ended["by"] == cheat and honest.outcome is True
    assert "false hash" in honest.ended["reason"]
    honest.receive(honest.link.other, {"type": "nonsense"})  # later junk: the reason stays
    assert "false hash" in honest.ended["reason"]


def test_resigning_is_a_loss_for_the_one_who_resigns_and_a_win_for_the_other():
    wire, host, guest = connected()
    host.resign()
    wire.pump()
    assert (host.outcome, guest.outcome) == (False, True)
    assert not host.midend.recorded and not guest.midend.recorded  # (the views record it)


def test_a_claim_is_a_win_by_abandonment_only_on_the_other_devices_turn():
    wire, host, guest = connected()
    waiting = host if host.midend.remote_to_move else guest
    other = guest if waiting is host else host
    with pytest.raises(RuntimeError):
        other.claim()  # its own turn: nothing to claim
    waiting.claim()
    assert waiting.ended == {"how": "abandoned", "by": other.role}
    # the claim goes to the other device (app.remote.claims, test_remote_stall)
    assert waiting.outcome is True and wire.sent_to(side_of(other)) == [
        {"type": "claim", "count": 0}
    ]
