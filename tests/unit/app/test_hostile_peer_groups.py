"""The hostile-peer suite (issue 31) for the protocols among more than two devices: a table
of Dominoes through the host's relay (app.remote.table_match, relay) and the Wordle group
(app.remote.wordle_group, wordle_group_member). A cheating device sends every registered
message type (app.remote.messages), out of place and with each field mangled; every
honest device keeps running, its data intact, and any game that ends names the cheater and
costs no honest player anything."""

import copy
import json
import random

import test_remote_table_match as table_tests
import test_remote_wordle_group as group_tests
from app.fair.errors import ProtocolError
from app.remote import verdict
from app.remote.match import ENDED, PLAYING
from app.remote.roster import HOST
from test_hostile_peer import CASES, MARKUP

CHEATER = "g1"
_BUILT: dict = {}


def table():
    """A table of three devices mid-hand (test_remote_table_match.Table: the host's hub,
    each device's DominoesMatch), built once and copied for each use."""
    if "table" not in _BUILT:
        built = table_tests.Table(
            {"seats": 3, "target": 30}, [HOST, "g1", "g2"], ("g1", "g2"), 3, True
        )
        enough = lambda g: len(g[0].match.midend.moves) >= 3  # noqa: E731
        table_tests.play_out(built.net, list(built.games.values()), random.Random(3), until=enough)
        _BUILT["table"] = built
    built = copy.deepcopy(_BUILT["table"])
    # (a copy's links are the original's closures: tie them to the copy's own devices)
    built.hub.deliver = built.deliver_to(HOST)
    for guest in built.guests:
        spoke = built.spokes[guest]
        spoke.deliver, spoke.send = built.deliver_to(guest), built.to_host(guest)
        built.hub.channels[guest] = built.to_guest(guest)
    return built


def assert_unharmed(match, before):
    assert match.status in (PLAYING, ENDED)
    if match.status == PLAYING:
        assert (list(match.midend.moves), match.state_hash) == before
        return
    assert match.midend.moves == before[0]
    assert match.ended["by"] == CHEATER
    assert match.outcome is not False  # no honest player loses


def honest_matches(built):
    return [built.games[HOST].match, built.games["g2"].match]


def test_every_registered_message_from_a_cheating_guest_at_a_table_harms_no_honest_device():
    built = table()
    for case, message in CASES:
        honest = honest_matches(built)
        befores = [(list(m.midend.moves), m.state_hash) for m in honest]
        text = json.dumps(message)  # as the relay hands it on: JSON read back
        for match, before in zip(honest, befores):
            try:
                match.receive(CHEATER, json.loads(text))
                assert_unharmed(match, before)
            except AssertionError as error:
                raise AssertionError(f"{match.me}, {case}: {error}") from None
        built.net.queue.clear()
        if any(m.status != PLAYING for m in honest):
            built = table()


def test_every_registered_message_as_a_hosts_envelope_is_refused_or_taken_in_order():
    """A host that sends a guest's relay anything: each registered message, mangled, is
    refused (ProtocolError, nothing changed) or is an envelope in the one order; a late
    start (relay-start) is refused once the guest has taken an envelope."""
    built = table()
    spoke = built.spokes["g2"]
    for case, message in CASES:
        seq, outbox = spoke.seq, list(spoke.outbox)
        try:
            spoke.receive(json.loads(json.dumps(message)))
        except ProtocolError:
            assert (spoke.seq, spoke.outbox) == (seq, outbox), case
        except Exception as error:
            raise AssertionError(f"{case}: the spoke raised {error!r}") from None
        assert spoke.seq >= seq, case
        built.net.queue.clear()


def cheater_scripted(built):
    """The cheating guest's page is a script: what the host sends it is not read."""
    built.net.cut(built.link(CHEATER))
    return built


def test_through_the_hosts_relay_a_cheating_guest_is_named_and_speaks_for_no_one_else():
    built = cheater_scripted(table())
    for case, message in CASES:
        honest = honest_matches(built)
        befores = [(list(m.midend.moves), m.state_hash) for m in honest]
        post = {"type": "relay-post", "n": built.hub.relayed[CHEATER] + 1, "ack": 0}
        for data in (message, {**post, "message": message}, {**post, "from": "g2"}):
            try:
                built.hub.receive(CHEATER, json.loads(json.dumps(data)))
            except ProtocolError:
                pass  # refused, changing nothing
            except Exception as error:
                raise AssertionError(f"{case}: the relay raised {error!r}") from None
            built.net.pump()
        for match, before in zip(honest, befores):
            try:
                assert_unharmed(match, before)
                assert all(p["by"] == CHEATER for p in match.problems)
            except AssertionError as error:
                raise AssertionError(f"{match.me}, {case}: {error}") from None
        if any(m.status != PLAYING for m in honest):
            built = cheater_scripted(table())


# --- the Wordle group ------------------------------------------------------------------------


def group():
    """A group in its first round (built anew: its links are closures over it)."""
    built = group_tests.started()
    group_tests.until_playing(built)
    return built


def as_sent(built, device, message):
    """What a member's device may send: `message` as it stands (outside the relay), and
    as a post of its relay to the leader (an object through its spoke, anything else in a
    post of its own)."""
    built.leader.receive(device, json.loads(json.dumps(message)), built.now)
    built.net.pump()
    group_tests.post(built.leader, device, message, built.members[device].spoke)
    built.net.pump()


def test_every_registered_message_from_a_member_harms_neither_the_leader_nor_the_others():
    built = group()
    t = built.leader.tournament
    before = json.dumps(t.to_json())
    for case, message in CASES:
        if message.get("type") in ("leave", "guess") and case.endswith("as is"):
            continue  # a member may leave or guess: that is play, not a cheat
        try:
            as_sent(built, "ann", message)
        except Exception as error:
            raise AssertionError(f"{case}: the leader raised {error!r}") from None
        if json.dumps(t.to_json()) != before:
            raise AssertionError(f"{case}: the tournament changed")
    for device, member in built.members.items():
        assert member.problems == [], device
    assert built.members["ann"].spoke.outbox == []  # every post of its relay was taken


def relayed(member, message):
    """The leader's message in the next envelope of the member's relay."""
    seq = member.spoke.seq + 1
    return {"type": "relay", "seq": seq, "from": HOST, "n": seq, "to": member.device,
            "message": message}  # fmt: skip


def test_every_registered_message_as_the_leader_leaves_a_members_view_as_it_was():
    built = group()
    member = built.members["ben"]
    kept, status = member.view, member.status
    for case, message in CASES:
        for data in (message, relayed(member, message)):
            try:
                taken = member.receive(json.loads(json.dumps(data)), built.now)
            except Exception as error:
                raise AssertionError(f"{case}: the member raised {error!r}") from None
            if message.get("type") in ("refused", "group") and taken:
                continue  # a catalogue key, or its own name again: the leader's to send
            assert member.view is kept and member.status == status, case
    assert MARKUP not in json.dumps(member.view)
    assert member.device == "ben"


def test_every_registered_message_as_the_leaders_first_is_checked_as_a_hello_is():
    """A member joining takes the leader's hello first (the handshake's, the first message
    of its relay on a new link): whatever comes instead, mangled or out of place, leaves it
    joining, or stopped as another version when the hello's version or rules are not its
    own (answered as a table's guest answers it: refused, other_version); only a hello it
    can read is answered with its welcome, and no view is taken before one."""
    from app.remote import wire
    from app.remote.checks import OTHER_VERSION
    from app.remote.handshake import rules_of
    from app.remote.wordle_group import GROUP_RULES
    from app.remote.wordle_group_member import CONNECTING, GroupMember

    for case, message in CASES:
        sent = []
        member = GroupMember(sent.append, "Ben", 1000)
        member.receive({"type": "group", "you": "g2"}, 0)
        for data in (message, relayed(member, message)):
            try:
                member.receive(json.loads(json.dumps(data)), 0)
            except Exception as error:
                raise AssertionError(f"{case}: the member raised {error!r}") from None
        assert member.view is None, case
        assert member.status in (CONNECTING, OTHER_VERSION), case
        said = [(m["message"]["type"], m["message"].get("kind")) for m in sent]
        if member.status == OTHER_VERSION:
            assert message["type"] == "hello", case
            assert said == [("refused", OTHER_VERSION)], case
            same = wire.is_version(message.get("version"))
            assert not (same and message.get("rules") == rules_of(GROUP_RULES)), case
        else:
            assert said in ([], [("welcome", None)]), case


def test_at_a_table_a_draw_while_holding_a_tile_that_fits_names_the_drawer_on_every_device():
    """Dominoes rules 5.4, 11.6 and 11.7 among three devices: no device can know the
    drawer's hand during the hand, so the draw is taken; the check at the end of the hand,
    once the keys are revealed, names the drawer on every honest device, and no honest
    player records a loss."""
    built = table_tests.Table(
        {"seats": 3, "target": 100}, [HOST, "g1", "g2"], ("g1", "g2"), 4, True
    )
    games = list(built.games.values())
    cheat = built.games[CHEATER]

    def could_play(_):
        state = cheat.state
        if not (cheat.ready and state.phase == "play" and state.boneyard):
            return False
        view = cheat.view()
        return view["legal_moves"][0]["type"] == "play" and bool(view["history"])

    assert table_tests.play_out(built.net, games, random.Random(4), until=could_play)
    hand = cheat.state.hand_number
    cheat.match.play({"type": "draw"})  # (its own engine let it: the rules cannot see)
    cheat.catch_up()
    built.net.pump()
    honest = honest_matches(built)
    assert all(m.status == PLAYING for m in honest)  # taken as its claim, for now

    def checked(_):
        return any(m.status != PLAYING or m.midend.state.hand_number != hand for m in honest)

    table_tests.play_out(built.net, games, random.Random(5), until=checked)
    for match in honest:
        assert match.ended is not None and match.ended["how"] == verdict.FORFEIT
        assert (
            match.ended["by"] == CHEATER and "drew or passed while holding" in match.ended["reason"]
        )
        assert match.outcome is not False


def test_every_registered_message_during_a_tables_handshake_starts_no_game():
    from app.remote.table_match import TableMatch
    from test_remote_match import new_midend

    def handshake():
        host = TableMatch.host(
            new_midend(table_tests.GAME),
            lambda message: None,
            "Ann",
            {"seats": 3},
            [HOST, "g1", "g2"],
            ["g1", "g2"],
        )
        return host

    host = handshake()
    for case, message in CASES:
        try:
            host.receive(CHEATER, json.loads(json.dumps(message)))
        except Exception as error:
            raise AssertionError(f"{case}: the host raised {error!r}") from None
        assert host.midend.state is None, case
        assert all(p["by"] == CHEATER for p in host.problems), case
        if host.status != "connecting":
            assert host.status in ("cheating", "incompatible", "other_version", ENDED), case
            assert host.ended in (None, {"how": "left", "by": CHEATER}), case
            host = handshake()
