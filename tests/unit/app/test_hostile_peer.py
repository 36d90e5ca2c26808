"""The hostile-peer suite (issue 31): a scripted cheating device against every game between
devices, over the registry of every message type (app.remote.messages). Every registered
message is sent out of place and with each field mangled (missing, of the wrong kind,
huge, deep, markup, JSON nested inside a string), and each game's own cheats are tried:
an illegal, out-of-turn, replayed, duplicated and malformed move, a wrong hash, a forged
`refused`, a move of each kind the game knows that no honest device would send there.

After each one the honest device must still be running (no exception, its game in play
or ended), its data intact (the position unchanged unless the game ended), and if the
game ended, ended as the cheater's loss: the cheater named, the honest player winning
(never a game recorded for nobody, which a losing cheater would choose)."""

import copy
import json
import random

import pytest
import test_remote_battleship as battleship_tests
import test_remote_dominoes as dominoes_tests
import test_remote_duel_word as duel_tests
import test_remote_match as match_tests
from app.fair.commit import commit
from app.remote import verdict, wire
from app.remote.match import ENDED, PLAYING
from app.remote.messages import DECK, MESSAGES, MOVES, MessageType
from app.untrusted import parse_json

CHEATER, HONEST = "guest", "host"
MARKUP = '<img src=x onerror="alert(1)">&lt;b&gt;'
MANGLED = (
    None,
    True,
    -1,
    1.5,
    2**70,
    "",
    MARKUP,
    "[" * 100_000,  # deep nesting inside a string (finding 4)
    '"' + '\\"' * 30_000,  # a string that never closes (finding 5)
    "x" * 70_000,
    [],
    {},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
)


def mangled(entry: MessageType, deck_wrap: dict | None = None):
    """The registered message as is, then with each field gone, one field too many, and
    each field (and each field of a nested object) replaced by each mangled value."""
    example = entry.example
    yield "as is", example
    yield "extra field", {**example, "extra": 1}
    for name in example:
        if name != "type":
            yield f"no {name}", {k: v for k, v in example.items() if k != name}
        for value in MANGLED:
            yield f"{name}={str(value)[:12]}", {**example, name: value}
        inner = example[name]
        if isinstance(inner, dict):
            for key in inner:
                for value in MANGLED:
                    yield (
                        f"{name}.{key}={str(value)[:12]}",
                        {**example, name: {**inner, key: value}},
                    )


def out_of_place():
    """(id, message) for every registered message type, each mangled; a deck step also
    wrapped in the deal's envelope, as the deal would carry it."""
    for entry in MESSAGES:
        for case, message in mangled(entry):
            yield f"{entry.type}@{entry.takers[0]}: {case}", message
            if DECK in entry.takers:
                for hand in (0, IN_TURN):
                    wrapped = {"type": "deal-deck", "hand": hand, "n": 0, "deck": message}
                    yield f"deal-deck({entry.type}, hand {hand}): {case}", wrapped


IN_TURN = -7  # a deal message's hand: replaced by the hand in play, and its n by the next


def in_turn(devices, message):
    """A deal message numbered as the next the honest device awaits from the cheater, so
    that its deck step reaches the deck's own checks."""
    games = devices.get("games")
    if message.get("type") != "deal-deck" or message.get("hand") != IN_TURN or not games:
        return message
    deal = getattr(games[0], "deal", None)
    if deal is None:
        return message
    seat = next(iter(deal.taken), 1)
    return {**message, "hand": deal.hand_number, "n": deal.taken[seat]}


CASES = list(out_of_place())


# --- the honest devices, mid-game ---------------------------------------------------------


def deblockle():
    wire, host, guest = match_tests.connected()
    match_tests.play_on(wire, host, guest, random.Random(4), moves=3)
    return {"wire": wire, "host": host, "guest": guest, "game": "deblockle"}


def battleship():
    wire, games = battleship_tests.connected({"mode": "classic"})
    rng = random.Random(2)
    battleship_tests.play_out(wire, games, rng, until=lambda g: len(g[0].state.volleys) >= 2)
    host, guest = (game.match for game in games)
    return {"wire": wire, "host": host, "guest": guest, "games": games, "game": "battleship-public"}


def dominoes():
    wire, games = dominoes_tests.connected({})
    moves = lambda g: len(g[0].match.midend.moves) >= 3  # noqa: E731
    dominoes_tests.play_out(wire, games, random.Random(3), until=moves)
    host, guest = (game.match for game in games)
    return {"wire": wire, "host": host, "guest": guest, "games": games, "game": "dominoes-public"}


def duel():
    wire, duels, clock = duel_tests.connected()
    rng = random.Random(5)
    for _ in range(2):
        state = duels[0].state
        player = next(d for d in duels if d.seat == state.current_player)
        clock[0] = state.duel.turn_started + 2000
        player.guess(rng.choice(duel_tests.WORDS.guess_lists[state.duel.length]))
        wire.pump()
    host, guest = (d.match for d in duels)
    return {
        "wire": wire,
        "host": host,
        "guest": guest,
        "duels": duels,
        "game": "wordle-duel-hidden",
    }


GAMES = {"deblockle": deblockle, "battleship": battleship, "dominoes": dominoes, "duel": duel}
_BUILT: dict = {}


def fresh(name):
    """A copy of the game mid-way (built once per game: a deal costs real arithmetic)."""
    if name not in _BUILT:
        _BUILT[name] = GAMES[name]()
        assert _BUILT[name]["host"].status == PLAYING
    return copy.deepcopy(_BUILT[name])


def from_the_cheater(devices, message):
    """The message as the cheater's page sends it: JSON text over the channel, read by
    the guarded parser, then handed to the honest device's match."""
    text = json.dumps(message)
    parsed = parse_json(text, max_chars=len(text) + 1)
    devices["wire"].callbacks[0](parsed)


def snapshot(match):
    return (list(match.midend.moves), match.state_hash, match.status)


def assert_honest_side_unharmed(devices, before):
    host = devices["host"]
    assert host.status in (PLAYING, ENDED)
    if host.status == PLAYING:
        assert snapshot(host) == before  # nothing played, nothing lost
        return
    assert host.midend.moves == before[0]
    assert host.ended["by"] == CHEATER  # the cheater named
    # Mid-game the devices have agreed on a position: nothing the cheater sends turns its
    # game into one recorded for nobody; it ends, if at all, as the cheater's loss (its
    # forfeit, or its own resignation).
    assert host.ended["how"] != verdict.VOID and host.outcome is True


def _check(devices, message):
    host = devices["host"]
    before = snapshot(host)
    devices["wire"].cut()
    from_the_cheater(devices, in_turn(devices, message))
    assert_honest_side_unharmed(devices, before)


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_message_out_of_place_and_mangled_harms_no_honest_device(game):
    devices = fresh(game)
    played = 0
    for case, message in CASES:
        try:
            _check(devices, message)
        except AssertionError as error:
            raise AssertionError(f"{game}, {case}: {error}") from None
        if devices["host"].status != PLAYING:
            devices = fresh(game)
        played += 1
    assert played > 500
    assert _BUILT[game]["host"].status == PLAYING  # (each case had a copy of its own)


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_move_the_game_knows_sent_out_of_place_names_the_cheater(game):
    name = fresh(game)["game"]
    moves = [move for move in MOVES if move.game == name] or [MOVES[0]]
    for move in moves:
        for number_shift in (-1, 0, 1, 5):
            devices = fresh(game)
            number = len(devices["host"].midend.moves) + 1 + number_shift
            message = {"type": "move", "number": max(1, number), "move": move.example}
            _check(devices, {**message, "hash": devices["host"].state_hash})


def honest_next(devices):
    """The cheater's device's next move, as its honest page would send it (None when it is
    the honest device's turn)."""
    guest, wire = devices["guest"], devices["wire"]
    if guest.midend.remote_to_move or guest.status != PLAYING:
        return None
    wire.cut()
    state = guest.midend.state
    if devices["game"] == "deblockle":
        guest.play(random.Random(0).choice(state.legal_moves()))
    else:
        return None
    (sent,) = [m for m in wire.sent_to(0) if m["type"] == "move"]
    wire.cut()
    return sent


def turn_of_the_cheater():
    devices = fresh("deblockle")
    if devices["guest"].midend.remote_to_move:
        match_tests.play_on(devices["wire"], devices["host"], devices["guest"], random.Random(1), 1)
        devices["wire"].cut()
    return devices


def test_a_replayed_and_a_duplicated_move_change_nothing():
    devices = turn_of_the_cheater()
    move = honest_next(devices)
    from_the_cheater(devices, move)
    after = snapshot(devices["host"])
    for _ in range(3):
        _check(devices, move)  # duplicated at once, then replayed later
    assert snapshot(devices["host"]) == after
    assert devices["host"].problems[-1]["kind"] == "duplicate"


def test_a_wrong_hash_is_the_cheaters_forfeit_not_a_game_recorded_for_nobody():
    devices = turn_of_the_cheater()
    move = honest_next(devices)
    _check(devices, {**move, "hash": "0" * 64})
    host = devices["host"]
    assert host.ended == {"how": "forfeit", "by": CHEATER, "reason": host.ended["reason"]}
    assert host.outcome is True


@pytest.mark.parametrize("game", GAMES)
def test_a_sync_naming_another_match_or_contradicting_the_game_wins_the_cheater_nothing(game):
    devices = fresh(game)
    host = devices["host"]
    sync = {"type": "sync", "match": "b" * 32, "count": 1, "hash": host.state_hash, "ended": None}
    _check(devices, sync)  # another game's: junk, this one goes on
    assert host.status == PLAYING and host.problems[-1]["kind"] == "junk"
    for count in (0, 1, len(host.midend.moves)):
        devices = fresh(game)
        _check(devices, {**sync, "match": devices["host"].match_id, "count": count})
        host = devices["host"]
        if count < len(host.midend.moves):  # the hash of another position: a false claim
            assert host.ended["how"] == verdict.FORFEIT and host.outcome is True


def test_an_out_of_turn_move_is_the_cheaters_forfeit():
    devices = turn_of_the_cheater()
    move = honest_next(devices)
    from_the_cheater(devices, move)  # now it is the honest device's turn
    again = {**move, "number": move["number"] + 1}
    _check(devices, again)
    assert devices["host"].ended["how"] == verdict.FORFEIT
    assert devices["host"].outcome is True


@pytest.mark.parametrize("kind", ["cheating", "desync", "incompatible", "junk", MARKUP])
def test_a_forged_refused_is_only_the_cheaters_claim(kind):
    devices = fresh("deblockle")
    _check(devices, {"type": "refused", "kind": kind, "reason": MARKUP})
    host = devices["host"]
    assert host.status == PLAYING and host.outcome is None
    assert host.problems[-1]["by"] == "peer"


def test_markup_in_every_text_field_a_peer_sends_is_drawn_as_text():
    """A friend's name and words (a claim's reason, a move's text) with markup in them reach
    the remote bar as text: escaped, never elements."""
    import test_remote_link_game as link_tests
    from app.i18n import Translator
    from app.views.remote_bar import remote_bar

    link, host, friend = link_tests.handed_over()
    friend.game.match.name = MARKUP  # (what its hello said would be its name)
    host.game.match.roster.names["guest"] = MARKUP
    send = friend.game.match.link.channel.send
    send({"type": "refused", "kind": "cheating", "reason": MARKUP})
    link.pump()
    claim = str(remote_bar(host.game, Translator("en")))
    if host.game.my_turn:  # (the coin drew who starts: the friend's turn now)
        host.game.play(host.midend.state.legal_moves()[0])
        link.pump()
    number = len(host.midend.moves) + 1
    send({"type": "move", "number": number, "move": MARKUP, "hash": "0" * 64})  # (quoted)
    link.pump()
    forfeit = str(remote_bar(host.game, Translator("en")))
    assert host.game.match.ended["how"] == verdict.FORFEIT
    assert "<img" in host.game.match.ended["reason"]  # (kept as the text it is)
    for drawn in (claim, forfeit):
        assert "<img" not in drawn and "&lt;img" in drawn


WELCOME = {
    "type": "welcome",
    "version": wire.VERSION,
    "rules": "1.1",
    "name": "Bob",
}  # (this release's)


def handshake():
    """A host whose hello and coin commitment went out, the cheating guest to answer."""
    wire = match_tests.Wire()
    host = match_tests.Match.host(
        match_tests.new_midend(), wire.ends[0], "Alice", {}, ["host", "guest"]
    )
    wire.cut()
    return wire, host


def test_every_registered_message_during_the_handshake_starts_no_game_the_cheater_chose():
    """The coin flip's bad openings (a reveal that opens nothing, a value that is no value,
    JSON nested in it), a move or a claim before any game: the host's page runs on, and no
    game starts from them."""
    wire, host = handshake()
    for case, message in CASES:
        try:
            wire.callbacks[0](json.loads(json.dumps(message)))
        except Exception as error:
            raise AssertionError(f"{case}: the host raised {error!r}") from None
        assert host.status in ("connecting", "cheating", "incompatible", "other_version", ENDED), (
            case
        )
        assert host.midend.state is None, case  # no game, so nothing to record
        if host.status == ENDED:  # (a friend may leave before the game begins)
            assert host.ended == {"how": "left", "by": CHEATER}, case
        if host.status != "connecting":
            wire, host = handshake()


@pytest.mark.parametrize(
    "value",
    ['"' + "6" * 64 + '"', "[" * 100_000, '"' + "[" * 64 + '"', "1e400", "NaN", "6" * 64, MARKUP],
)
def test_a_coin_flip_opened_to_anything_but_what_was_committed_starts_no_game(value):
    """The guest commits to a value, then opens it as itself, with another salt, or to a
    text that is no value (deep JSON, a huge number, NaN, markup): no game starts from a
    value the cheater chose after seeing the host's commitment, and the page runs on."""
    wire, host = handshake()
    commitment, opening = commit(value)
    wire.callbacks[0](WELCOME)
    wire.callbacks[0]({"type": "coin-commit", "seat": 1, "commitment": commitment})
    other_salt = {**opening, "salt": "0" * 64}
    wire.callbacks[0]({"type": "coin-reveal", "seat": 1, "opening": other_salt})
    assert host.status == "cheating" and host.midend.state is None
    wire, host = handshake()
    wire.callbacks[0](WELCOME)
    wire.callbacks[0]({"type": "coin-commit", "seat": 1, "commitment": commitment})
    wire.callbacks[0]({"type": "coin-reveal", "seat": 1, "opening": opening})
    honest = value == '"' + "6" * 64 + '"'  # the only well-formed value: the game begins
    assert host.status == ("playing" if honest else "cheating")
    assert (host.midend.state is not None) == honest
