"""app.remote.wordle_group(_member): a Wordle Tournament group across devices, the leader's
page hosting the engine and each member's device linked to it alone, through the leader's
relay, over in-memory channels with an injected clock (docs/rules/wordle-tournament.md 16)."""

import json
import random

import pytest
from app.fair.errors import ProtocolError
from app.remote import wire, wordle_group, wordle_group_member
from app.remote.checks import OTHER_VERSION
from app.remote.handshake import rules_of
from app.remote.relay import Spoke
from app.remote.roster import HOST
from app.remote.wordle_group import GROUP_RULES, LEADER, GroupLeader
from app.remote.wordle_group_member import (
    ABANDONED,
    LOBBY,
    OVER,
    PAUSED,
    PLAYING,
    GroupMember,
    checked_view,
    tournament_key,
)
from app.remote.wordle_group_saved import SAVE_VERSION, group_resumed, group_saved
from games.common.errors import IllegalMove
from games.wordle.duel import TURN_MS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament_rules import GRACE_MS

WORDS = sample_dictionary()
DEVICES = ("ann", "ben", "cat")
SEVEN = ("ann", "ben", "cat", "dan", "eve", "fay", "gus")  # a group of 8 devices


class Net:
    """Links that hold each message (as JSON text) until `pump`; a cut link loses what it
    carries from then on. `log[device]` keeps every message the leader sent that device
    (out of its relay envelopes)."""

    def __init__(self, devices=DEVICES):
        self.queue: list = []
        self.cut: set = set()
        self.log: dict = {device: [] for device in devices}

    def keep(self, device, data):
        if data.get("type") == "relay" and data["from"] == HOST and "message" in data:
            self.log[device].append(data["message"])

    def link(self, deliver, name):
        return lambda message: self.queue.append((deliver, json.dumps(message), name))

    def pump(self):
        while self.queue:
            deliver, text, name = self.queue.pop(0)
            if name not in self.cut:
                deliver(json.loads(text))


class Group:
    """A leader and 3 members (or `devices`), each member's device with its own clock
    (`skew` ms ahead)."""

    def __init__(
        self, seed=5, ratings=(1000, 1100, 950, 1000), skew=(0, 70_000, 3, 12_345), devices=DEVICES
    ):
        self.devices = devices
        self.net, self.now, self.skew = Net(devices), 0, dict(zip(("leader", *devices), skew))
        self.leader = GroupLeader(WORDS, "Leader", ratings[0], seed)
        self.members = {}
        for device, rating in zip(devices, ratings[1:]):
            self.link_leader(device, first=True)
            self.members[device] = GroupMember(self.to_leader(device), device.capitalize(), rating)
        self.net.pump()
        self.rng = random.Random(seed)
        self.typed = {}  # device -> (round, duel, rows) it last guessed in

    def to_leader(self, device):
        receive = self.leader.receive
        return self.net.link(lambda m: receive(device, m, self.now), f"{device}>")

    def to_member(self, device):
        def deliver(data):
            self.net.keep(device, data)
            self.members[device].receive(data, self.now + self.skew[device])

        return self.net.link(deliver, f">{device}")

    def link_leader(self, device, first=False):
        send = self.to_member(device)
        if first:
            self.leader.connect(device, send)
        else:
            self.leader.member_back(device, send, self.now)

    def pid(self, device):
        return self.leader.members[device].pid

    def play(self, ms=1000, until=None, guessing=None):
        """Time runs on in steps of `ms`; whoever's turn it is guesses a random accepted
        word about 2 s into it, from its own device; stops once `until()` holds."""
        t = self.leader.tournament
        guessing = (*self.devices, "leader") if guessing is None else guessing
        for _ in range(20_000):
            if until is not None and until():
                return
            if until is None and t.is_over:
                return
            self.now += ms
            self.leader.tick(self.now)
            self.net.pump()
            for device in guessing:
                self.maybe_guess(device)
            self.net.pump()
        raise AssertionError("the tournament did not end")

    def maybe_guess(self, device):
        t = self.leader.tournament
        if device == "leader":
            view = t.view(LEADER, self.now)
        else:
            view = self.members[device].view_at(self.now + self.skew[device])
        if view is None or not view["your_turn"] or view["out"]:
            return
        duel = view["duels"][view["your_duel"]]
        if duel["time_left"] > TURN_MS - 2000:
            return
        key = (view["round"], view["your_duel"], len(duel["rows"]))
        if self.typed.get(device) == key:
            return
        self.typed[device] = key
        word = self.rng.choice(WORDS.guess_lists[duel["length"]])
        if device == "leader":
            self.leader.guess(word, self.now)
        else:
            self.members[device].guess(word, self.now + self.skew[device])


def started(**kw):
    group = Group(**kw)
    group.leader.start(group.now)
    group.net.pump()
    return group


def words_kept_secret(group, device):
    """No message to `device` holds a duel's word before that duel ended, other than as
    a row someone typed (a guess is public)."""
    rounds = group.leader.tournament.rounds
    for message in group.net.log[device]:
        if message["type"] != "view" or message["view"]["phase"] not in ("intro", "playing"):
            continue
        view = message["view"]
        text = json.dumps(message)
        for duel, match in zip(view["duels"], rounds[view["round"] - 1]["matches"]):
            if duel["result"] is not None:
                continue
            word = match["duel"].word
            typed = sum(row["guess"] == word for d in view["duels"] for row in d["rows"])
            assert text.count(json.dumps(word)) == typed, (device, word)
            assert duel["word"] is None


# --- a whole tournament ------------------------------------------------------------------------


def test_a_leader_and_three_members_play_a_whole_tournament_and_agree_on_the_standings():
    group = started()
    t = group.leader.tournament
    assert [p["human"] for p in t.players] == [True] * 4 + [False] * 4
    assert [p["name"] for p in t.players[:4]] == ["Leader", "Ann", "Ben", "Cat"]
    assert all(abs(p["rating"] - 1000) <= 200 for p in t.players[4:])  # rule 5.3
    group.play()
    assert t.phase == "over"
    for device, member in group.members.items():
        assert member.status == OVER
        assert member.view["standings"] == [p["id"] for p in t.standings()]
        assert member.view["placements"] == [p["placement"] for p in t.players]
        mine = t.players[group.pid(device)]
        assert member.result == {
            "game": 1,
            "key": tournament_key(1, member.view),
            "placement": mine["placement"],
            "rating_change": mine["rating_change"],
            "rating": mine["rating"] + mine["rating_change"],
        }
        assert member.problems == []
        words_kept_secret(group, device)
    guesses = [e for e in t.log if e["type"] == "guess" and e["player"] in (1, 2, 3)]
    assert guesses  # the members' guesses came over their links and were played


def test_a_group_of_8_devices_plays_a_whole_tournament_and_a_9th_is_refused():
    group = Group(ratings=(1000,) * 8, skew=tuple(range(0, 80_000, 10_000)), devices=SEVEN)
    late = []  # a 9th device's link (#/connect links 7 friends): refused, nothing sent
    with pytest.raises(ValueError, match="7 friends"):
        group.leader.connect("hal", group.net.link(late.append, ">hal"))
    group.net.pump()
    assert late == [] and "hal" not in group.leader.waiting
    assert "hal" not in group.leader.members and "hal" not in group.leader.hub.guests
    group.leader.start(group.now)
    group.net.pump()
    t = group.leader.tournament
    assert [p["human"] for p in t.players] == [True] * 8  # no computer: 8 people
    group.play()
    assert t.phase == "over"
    for device, member in group.members.items():
        assert member.status == OVER and member.problems == []
        assert member.view["standings"] == [p["id"] for p in t.standings()]
        assert member.result["placement"] == t.players[group.pid(device)]["placement"]
        words_kept_secret(group, device)


def test_each_member_is_sent_its_own_view_only_when_something_in_it_changed():
    group = started()
    group.play()
    rounds = group.leader.tournament.round_number
    for device in DEVICES:
        views = [m for m in group.net.log[device] if m["type"] == "view"]
        assert all(m["view"]["you"] == group.pid(device) for m in views)
        size = sum(len(json.dumps(m, separators=(",", ":"))) for m in views)
        # One change is one view: about 60 per round, under 1 MB a tournament.
        assert len(views) < 100 * rounds and size < 1_000_000, (len(views), size)


def test_the_group_goes_back_to_its_lobby_and_starts_again_with_the_new_ratings():
    group = started()
    with pytest.raises(IllegalMove):
        group.leader.next_lobby(seed=9, now=group.now)  # someone is still in
    group.play()
    t = group.leader.tournament
    after = {d: group.members[d].result["rating"] for d in DEVICES}
    group.leader.next_lobby(seed=9, now=group.now)
    group.net.pump()
    new = group.leader.tournament
    assert new.phase == "lobby" and group.leader.game == 2
    assert new.players[0]["rating"] == t.players[0]["rating"] + t.players[0]["rating_change"]
    for device, member in group.members.items():
        assert member.status == LOBBY and member.result is None and member.game == 2
        assert new.players[member.view["you"]]["rating"] == after[device]
    group.leader.start(group.now)
    group.net.pump()
    assert all(m.status == PLAYING for m in group.members.values())


def test_a_page_reloaded_after_its_result_names_the_same_tournament_so_it_records_it_once():
    """Ann's page reloads after the tournament and joins again: its new GroupMember has
    the same result key (the device's record of keys then stops a second count); the
    group's next tournament has another key."""
    from app.wordle import records as tp

    group = started()
    group.play()
    first = group.members["ann"].result["key"]
    recorded = tp.remember_recorded([], first)
    group.leader.member_lost("ann", group.now)
    group.link_leader("ann")
    group.members["ann"] = GroupMember(group.to_leader("ann"), "Ann", 1100)
    group.net.pump()
    assert group.members["ann"].result["key"] == first
    assert tp.remember_recorded(recorded, first) is None
    group.leader.next_lobby(seed=9, now=group.now)
    group.leader.start(group.now)
    group.net.pump()
    group.play()
    second = group.members["ann"].result["key"]
    assert second != first and tp.remember_recorded(recorded, second) == [first, second]


def test_the_record_of_recorded_tournaments_keeps_the_latest_20_and_refuses_junk():
    from app.wordle import records as tp

    keys = [f"{i:016x}" for i in range(25)]
    recorded: list = []
    for key in keys:
        recorded = tp.remember_recorded(recorded, key)
    assert recorded == keys[-20:] and tp.clean_recorded(recorded) == recorded
    for junk in ([1], ["<b>"], keys, "abc", None):
        with pytest.raises(ValueError):
            tp.clean_recorded(junk)


# --- lost connections (rules 10.3, 16.4) ---------------------------------------------------------


def until_playing(group):
    t = group.leader.tournament
    group.play(until=lambda: t.phase == "playing")


def test_a_member_lost_and_back_within_60_s_plays_on_and_its_turns_were_skipped():
    group = started()
    until_playing(group)
    t = group.leader.tournament
    pid = group.pid("ann")
    group.net.cut.add(">ann")
    group.leader.member_lost("ann", group.now)
    lost_at = group.now
    group.play(until=lambda: group.now >= lost_at + 50_000, guessing=("ben", "cat", "leader"))
    assert t.players[pid]["lost_at"] == lost_at and t.players[pid]["placement"] is None
    skipped = [e for e in t.log if e["type"] == "skip" and e["player"] == pid and e["at"] > lost_at]
    assert skipped  # 50 s away: at least one of Ann's turns ran out
    group.net.cut.discard(">ann")
    group.members["ann"].leader_lost(group.now)  # (its page saw the link down)
    group.members["ann"].linked(group.to_leader("ann"))
    sent = len(group.net.log["ann"])
    group.link_leader("ann")
    group.net.pump()
    # the leader's hello on the new link, answered; then her view, at once
    assert [m["type"] for m in group.net.log["ann"][sent:]] == ["hello", "view"]
    assert t.players[pid]["lost_at"] is None
    assert not group.members["ann"].view["players"][pid]["away"]
    group.play()
    assert group.members["ann"].status == OVER


def test_a_hello_that_comes_before_the_member_sees_its_link_back_costs_it_nothing():
    """The leader's side of a link comes back first: its naming, hello and view reach a
    member that still counts the link as down; they are taken, and its welcome goes once
    it sees the link up, so the member plays on."""
    group = started()
    until_playing(group)
    ann = group.members["ann"]
    ann.leader_lost(group.now + group.skew["ann"])
    group.leader.member_lost("ann", group.now)
    group.link_leader("ann")
    group.net.pump()
    assert ann.view is not None and ann.greeted and ann.spoke.outbox  # (its welcome)
    ann.linked(group.to_leader("ann"))
    group.net.pump()
    assert not ann.spoke.outbox and group.leader.members["ann"].welcomed
    group.play()
    assert ann.status == OVER and ann.result is not None and ann.problems == []


def test_a_member_page_opened_anew_joins_again_on_its_new_link_and_is_sent_its_view():
    """Ann's page reloaded: a new page (a new GroupMember, no view) on a new link joins
    with the same name; the leader takes it as her device back, no refusal, and sends
    her view at once; her page reopened on the link it kept (the same GroupMember, whose
    relay is the link's) says its welcome again and is sent her view at once."""
    group = started()
    until_playing(group)
    pid = group.pid("ann")
    group.leader.member_lost("ann", group.now)
    group.link_leader("ann")  # the leader adopts the new link (member_back)
    group.members["ann"] = GroupMember(group.to_leader("ann"), "Ann", 1100)
    group.net.pump()
    fresh = group.members["ann"]
    assert fresh.view is not None and fresh.view["you"] == pid and fresh.refusal is None
    # her page opened again on the link it kept: the hello was answered on it already
    views = len(group.net.log["ann"])
    fresh.rejoin()
    group.net.pump()
    assert [m["type"] for m in group.net.log["ann"][views:]] == ["view"]
    assert fresh.refusal is None and fresh.problems == []
    assert say(group, "ann", welcome("Zed")) == "group.joined_already"  # another name


def test_a_member_away_past_60_s_has_left_placed_below_everyone_still_in():
    group = started()
    until_playing(group)
    t = group.leader.tournament
    pid = group.pid("ben")
    group.net.cut.add(">ben")
    group.leader.member_lost("ben", group.now)
    lost_at = group.now
    group.play(until=lambda: t.players[pid]["placement"] is not None, guessing=("ann", "cat"))
    ben = t.players[pid]
    assert ben["left"] == "disconnect" and ben["lives"] == 0
    out = next(e for e in t.log if e["type"] == "eliminated" and e["player"] == pid)
    assert out["at"] == lost_at + GRACE_MS
    still_in = [p for p in t.players if p["placement"] is None]
    assert ben["placement"] == len(still_in) + 1  # rule 10.2
    # Back later, Ben watches: his view says he is out, with his result.
    group.net.cut.discard(">ben")
    group.members["ben"].leader_lost(group.now)
    group.members["ben"].linked(group.to_leader("ben"))
    group.link_leader("ben")
    group.net.pump()
    member = group.members["ben"]
    assert member.view["out"] and member.result["placement"] == ben["placement"]
    assert not member.guess("crane", group.now)


# --- the leader away (rule 16.5) ---------------------------------------------------------------


def leader_goes(group):
    saved = json.loads(json.dumps(group_saved(group.leader)))
    for device, member in group.members.items():
        member.leader_lost(group.now + group.skew[device])
    return saved


def test_the_leader_saved_mid_round_and_back_from_its_save_resumes_for_everyone():
    group = started()
    until_playing(group)
    group.play(until=lambda: group.leader.tournament.current["matches"][0]["duel"].rows)
    saved = leader_goes(group)
    for member in group.members.values():
        assert member.status == PAUSED
        before = member.view_at(group.now)
        assert member.view_at(group.now + 20_000) == before  # nothing moves while paused
    group.now += 20_000
    for device, member in group.members.items():
        member.tick(group.now + group.skew[device])
        assert member.status == PAUSED
    group.leader = group_resumed(saved, WORDS, group.now)
    assert not group.leader.abandoned
    t = group.leader.tournament
    assert all(t.players[group.pid(d)]["lost_at"] == group.now for d in DEVICES)
    for device, member in group.members.items():
        member.linked(group.to_leader(device))
        group.link_leader(device)
    group.net.pump()
    assert all(m.status == PLAYING for m in group.members.values())
    assert all(p["lost_at"] is None for p in t.players)
    group.play()
    for member in group.members.values():
        assert member.status == OVER and member.result is not None
        assert member.view["standings"] == [p["id"] for p in t.standings()]


def test_the_leader_away_past_60_s_abandons_the_tournament_and_no_rating_changes():
    group = started()
    until_playing(group)
    saved = leader_goes(group)
    group.now += GRACE_MS + 5_000
    for device, member in group.members.items():
        member.tick(group.now + group.skew[device])
        assert member.status == ABANDONED and member.result is None
    group.leader = group_resumed(saved, WORDS, group.now)
    assert group.leader.abandoned and group.leader.kept == []
    for device, member in group.members.items():
        member.linked(group.to_leader(device))
        group.link_leader(device)
    group.net.pump()
    for member in group.members.values():  # the leader's view of it is not taken
        assert member.status == ABANDONED and member.result is None
        assert member.problems
    group.leader.tournament.play_out()
    group.leader.next_lobby(seed=3, now=group.now)
    group.net.pump()
    t = group.leader.tournament
    assert [p["rating"] for p in t.players[:4]] == [1000, 1100, 950, 1000]  # unchanged
    assert all(m.status == LOBBY for m in group.members.values())


def test_the_leader_reloaded_in_the_lobby_starts_with_the_members_linked_again():
    group = Group()
    saved = leader_goes(group)
    group.leader = group_resumed(saved, WORDS, group.now + 5_000)
    for device in ("ann", "cat"):
        group.members[device].linked(group.to_leader(device))
        group.link_leader(device)
    group.net.pump()
    assert group.members["ann"].status == LOBBY
    group.leader.start(group.now)  # Ben, still not linked, leaves the lobby first
    group.net.pump()
    t = group.leader.tournament
    assert [p["name"] for p in t.players if p["human"]] == ["Leader", "Ann", "Cat"]
    assert set(group.leader.members) == {"ann", "cat"}
    assert group.members["cat"].view["you"] == 2 and group.members["cat"].status == PLAYING


def test_a_result_settled_before_the_leader_went_away_still_counts():
    group = started()
    until_playing(group)
    cat = group.members["cat"]
    cat.leave()  # Cat leaves: placed at once, her change settled and shown (8.2, 10.2)
    group.net.pump()
    settled = cat.result
    assert settled is not None and settled["rating_change"] < 0
    saved = leader_goes(group)
    group.now += GRACE_MS + 1
    for device, member in group.members.items():
        member.tick(group.now + group.skew[device])
    assert cat.status == ABANDONED and cat.result == settled
    assert group.members["ann"].result is None
    group.leader = group_resumed(saved, WORDS, group.now)
    assert group.leader.kept == [group.pid("cat")]
    for device in DEVICES:
        group.members[device].linked(group.to_leader(device))
        group.link_leader(device)
    group.leader.tournament.play_out()
    group.leader.next_lobby(seed=2, now=group.now)
    group.net.pump()
    ratings = {p["name"]: p["rating"] for p in group.leader.tournament.players if p["human"]}
    assert ratings == {"Leader": 1000, "Ann": 1100, "Ben": 950, "Cat": settled["rating"]}


# --- refusals: the leader's side ---------------------------------------------------------------


def refusals(group, device):
    return [m["reason"] for m in group.net.log[device] if m["type"] == "refused"]


def post(leader, device, message, spoke=None):
    """`device` says `message` to the leader through its relay: an object as its spoke
    posts it; anything else in a post the relay refuses (the spoke's count untouched)."""
    if isinstance(message, dict) and spoke is not None:
        spoke.post(message, to=HOST)
        return
    hub = leader.hub
    number = hub.relayed.get(device, 0) + 1
    data = {"type": "relay-post", "n": number, "ack": hub.acked.get(device, 0)}
    leader.receive(device, {**data, "to": HOST, "message": message}, leader.now)


def say(group, device, message):
    post(group.leader, device, message, group.members[device].spoke)
    group.net.pump()
    return refusals(group, device)[-1] if refusals(group, device) else None


def test_junk_and_out_of_place_messages_are_refused_and_change_nothing():
    group = started()
    until_playing(group)
    t = group.leader.tournament
    before = json.dumps(t.to_json())
    junk = [
        None,
        [],
        "guess",
        {"type": "move"},
        {"type": "guess"},
        {"type": "guess", "round": 1, "duel": 0, "text": "crane"},
        {"type": "guess", "round": 1, "duel": 0, "text": "crane", "at": -1},
        {"type": "guess", "round": "1", "duel": 0, "text": "crane", "at": 5},
        {"type": "guess", "round": 1, "duel": 0, "text": "x" * 500, "at": 5},
        {"type": "guess", "round": 1, "duel": True, "text": "crane", "at": 5},
        {"type": "leave", "extra": 1},
        welcome("Zed"),
        # a member's refusal is its claim: the leader's page never acts on it
        {"type": "refused", "kind": "cheating", "reason": "the leader cheats"},
        {"type": "refused", "reason": "group.started"},
        {"type": "view", "game": 1, "view": {}},  # (a leader's message)
    ]
    for message in junk:
        assert say(group, "ann", message) in ("group.junk", "group.joined_already")
    for data in (None, {"type": "guess", "round": 1}, {"type": "relay-post", "n": 99}):
        group.leader.receive("ann", data, group.now)  # not a post of its relay
        group.net.pump()
        assert refusals(group, "ann")[-1] == "group.junk"
    view = t.view(group.pid("ann"), group.now)
    other = next(d["index"] for d in view["duels"] if group.pid("ann") not in d["players"])
    guess = {"type": "guess", "round": t.round_number, "text": "crane", "at": 10**9}
    assert say(group, "ann", {**guess, "duel": other}) == "group.not_your_duel"
    assert say(group, "ann", {**guess, "round": 99, "duel": view["your_duel"]}) == "group.stale"
    post(group.leader, "stranger", {**guess, "duel": 0})  # not linked: nobody to answer
    assert json.dumps(t.to_json()) == before


def test_the_engines_reason_comes_back_for_an_illegal_guess_and_after_elimination():
    group = started()
    until_playing(group)
    t = group.leader.tournament
    pid = group.pid("cat")
    duel = t.view(pid, group.now)["your_duel"]
    guess = {"type": "guess", "round": t.round_number, "duel": duel, "at": 1}
    if t.current["matches"][duel]["duel"].turn != t.current["matches"][duel]["players"].index(pid):
        assert say(group, "cat", {**guess, "text": "crane"}) == "wordle.not_your_turn"
    else:
        assert say(group, "cat", {**guess, "text": "zzzzz"}) == "wordle.not_in_list"
    say(group, "cat", {"type": "leave"})
    assert t.players[pid]["left"] == "left"
    assert say(group, "cat", {**guess, "text": "crane", "at": 2}) == "wordle.eliminated"
    assert group.members["cat"].view["out"]


def welcome(name, rating=1000, **fields):
    """A member's answer to the leader's hello, as the protocol's handshake has it."""
    message = {"type": "welcome", "version": wire.VERSION, "rules": rules_of(GROUP_RULES)}
    return {**message, "name": name, "rating": rating, **fields}


class Bare:
    """A device linked to the leader with no member behind its relay: `sent` keeps what
    the leader sends it (its naming, then its relay's messages out of their envelopes)."""

    def __init__(self, leader, device, net):
        self.leader, self.device, self.sent, self.spoke, self.net = leader, device, [], None, net
        leader.connect(device, net.link(self.take, f">{device}"))
        net.pump()

    def take(self, data):
        if data.get("type") == "group":
            self.sent.append(data)
            to_leader = self.net.link(lambda d: self.leader.receive(self.device, d, 0), "<")
            self.spoke = Spoke(data["you"], to_leader, lambda _, m: self.sent.append(m))
        else:
            self.spoke.receive(data)

    def say(self, message):
        post(self.leader, self.device, message, self.spoke)
        self.net.pump()
        return self.sent[-1]


def test_joining_is_checked_and_leaving_the_lobby_moves_the_seats_up():
    leader, net = GroupLeader(WORDS, "Leader", 1000, 4), Net()
    devices = {d: Bare(leader, d, net) for d in ("a", "b", "c", "d", "v1", "v2", "v3")}
    sent = {d: device.sent for d, device in devices.items()}
    for device in sent:
        named, hello = sent[device]  # the leader speaks first, as a table's host does
        assert named == {"type": "group", "you": device}
        assert hello == {
            "type": "hello",
            "version": wire.VERSION,
            "rules": rules_of(GROUP_RULES),
            "game": GROUP_RULES.name,
            "name": "Leader",
        }

    def join(device, **fields):
        return devices[device].say({**welcome(device), **fields})

    # another version of the protocol or of the rules: the handshake's one refusal, and
    # the device no longer counted as joining (its page says so; a new link starts anew)
    assert join("v1", version=wire.VERSION + 1)["reason"] == OTHER_VERSION
    assert join("v2", rules="1.9")["reason"] == OTHER_VERSION
    assert join("v3", version=None, rules=None)["reason"] == OTHER_VERSION
    assert set(leader.waiting) == {"a", "b", "c", "d"}
    assert leader.other_version == {"v1": "", "v2": "", "v3": ""}
    assert join("v1")["reason"] == OTHER_VERSION  # (nothing more said on that link)
    legacy = {"type": "join", "version": wire.VERSION, "name": "a", "rating": 1000}
    leader.receive("a", legacy, 0)  # an earlier build's own join, outside the relay
    net.pump()
    assert sent["a"][-1]["reason"] == "group.junk"
    assert join("a", extra=1)["reason"] == "group.junk"
    assert join("a", name="\u202eevil")["reason"] == "group.bad_name"
    assert join("a", rating=10**9)["reason"] == "group.rating"
    assert join("a", name="leader")["reason"] == "wordle.name_taken"
    assert join("a")["type"] == "view" and join("b")["type"] == "view"
    assert join("c")["view"]["you"] == 3
    assert [m.pid for m in leader.members.values()] == [1, 2, 3]
    devices["a"].say({"type": "leave"})
    assert "a" not in leader.members and [m.pid for m in leader.members.values()] == [1, 2]
    assert sent["c"][-1]["view"]["you"] == 2
    leader.member_lost("b", 0)
    assert [m.pid for m in leader.members.values()] == [1]
    leader.start(0)
    assert join("d")["reason"] == "group.started"


@pytest.mark.parametrize("older", ["protocol", "rules"])
def test_a_member_of_another_build_refuses_the_leaders_hello_as_a_table_guest_does(
    monkeypatch, older
):
    """The member checks the leader's hello with the handshake's own check (the protocol's
    one version and the tournament's rules), before anything else of it is read, and
    stops as a table's guest does: another version, said in the same words, and said to
    the leader, which no longer counts the device as joining."""
    net = Net(("old",))
    leader = GroupLeader(WORDS, "Leader", 1000, 4)
    member = None
    leader.connect("old", net.link(lambda m: member.receive(m, 0), ">old"))
    if older == "protocol":
        monkeypatch.setattr(wire, "VERSION", wire.VERSION - 1)  # the member's build is older
    else:
        monkeypatch.setattr(wordle_group_member, "GROUP_RULES", GROUP_RULES._replace(version=1))
    member = GroupMember(net.link(lambda m: leader.receive("old", m, 0), "old>"), "Old", 1000)
    net.pump()
    assert member.status == OTHER_VERSION and member.view is None
    assert member.problems == [] and member.refusal is None
    assert leader.members == {} and leader.waiting == {}
    assert leader.other_version == {"old": ""}  # (its name was never told)
    leader.connect("old", net.link(lambda m: None, ">old"))  # a new link: joining again
    assert leader.other_version == {} and "old" in leader.waiting


def test_the_leader_checks_a_members_welcome_the_same_way_and_the_member_stops(monkeypatch):
    net = Net(("new",))
    leader = GroupLeader(WORDS, "Leader", 1000, 4)
    member = GroupMember(net.link(lambda m: leader.receive("new", m, 0), "new>"), "New", 1000)
    leader.connect("new", net.link(lambda m: member.receive(m, 0), ">new"))
    # (the hello is on its way; the leader's own check then holds other rules)
    monkeypatch.setattr(wordle_group, "GROUP_RULES", GROUP_RULES._replace(rules_version=2))
    net.pump()
    assert member.status == OTHER_VERSION and member.refusal == OTHER_VERSION
    assert leader.members == {} and leader.waiting == {}
    assert leader.other_version == {"new": ""}


def test_a_members_page_reloaded_on_another_build_mid_tournament_has_lost_its_link(
    monkeypatch,
):
    """Ann's page reloaded on a newer build: it refuses the leader's hello on her new link
    and says so; the leader names her as on another version and counts her link as down
    (her turns skipped, 60 s to come back on the same version), not as playing on."""
    group = started()
    until_playing(group)
    group.leader.member_lost("ann", group.now)
    group.link_leader("ann")
    monkeypatch.setattr(wordle_group_member, "GROUP_RULES", GROUP_RULES._replace(version=9))
    group.members["ann"] = newer = GroupMember(group.to_leader("ann"), "Ann", 1100)
    group.net.pump()
    assert newer.status == OTHER_VERSION
    assert group.leader.other_version == {"ann": "Ann"}
    assert group.leader.members["ann"].send is None
    players = group.leader.tournament.view(LEADER, group.now)["players"]
    assert players[group.pid("ann")]["away"]
    # a refusal that is not a hello's, or from a member playing on, is junk
    for device, kind in (("ben", OTHER_VERSION), ("cat", "cheating")):
        group.leader.receive(device, {"type": "refused", "kind": kind, "reason": "x"}, group.now)
        group.net.pump()
        assert group.members[device].refusal == "group.junk"
    assert set(group.leader.other_version) == {"ann"}


def test_a_member_keeps_the_name_the_leader_gives_its_device_and_no_other():
    """The `group` message (#/connect's, and the hosting's on a new link) names this
    device in the group, before the hello: the same name on every new link."""
    sent: list = []
    member = GroupMember(sent.append, "Bryn", 1000)
    assert member.device is None
    assert member.receive({"type": "group", "you": "g2"}, 0) and member.device == "g2"
    assert member.receive({"type": "group", "you": "g2"}, 0)  # a new link for it
    for junk in ("g3", "host", "", "g" * 9, 2, None):
        assert not member.receive({"type": "group", "you": junk}, 0), junk
    assert not member.receive({"type": "group", "you": "g2", "n": 1}, 0)
    assert not member.receive({"type": "group"}, 0)
    assert member.device == "g2" and len(member.problems) == 8 and sent == []


# --- refusals: the member's side ---------------------------------------------------------------


def test_a_member_refuses_junk_from_the_leader_and_keeps_its_view():
    group = started()
    until_playing(group)
    member = group.members["ann"]
    good = group.net.log["ann"][-1]
    kept = member.view

    def relayed(message, **envelope):
        """The leader's message in the next envelope of ann's relay."""
        seq = member.spoke.seq + 1
        return {"type": "relay", "seq": seq, "from": HOST, "n": seq, "to": "ann", **envelope,
                "message": message}  # fmt: skip

    def spoiled(**changes):
        view = json.loads(json.dumps(good["view"]))
        for path, value in changes.items():
            *keys, last = path.split("__")
            place = view
            for key in keys:
                place = place[int(key)] if key.isdigit() else place[key]
            place[int(last) if last.isdigit() else last] = value
        return {**good, "view": view}

    junk = [
        None,
        {"type": "hello"},
        {**good, "game": 0},
        {"type": "refused", "reason": "<b>x</b>"},
        {"type": "group", "you": "ben"},  # another device's name
        spoiled(phase="won"),
        spoiled(duels__0__word="crane"),  # a word while the duel is on
        spoiled(players__1__name="\u200bx"),
        spoiled(players__1__rating_change=5),
        spoiled(you=7),  # a bot
        spoiled(duels__0__rows=[{"seat": 0, "guess": "ab", "marks": [0, 0], "at": 1}] * 13),
        spoiled(duels__0__time_left=-5),
        spoiled(standings=[0] * 8),
        spoiled(extra=1),
    ]
    seq = member.spoke.seq
    for message in junk:
        data = message if message and message["type"] == "group" else relayed(message)
        assert member.receive(data, group.now) is False, message
    assert member.view is kept and len(member.problems) == len(junk)
    assert member.spoke.seq == seq + len(junk) - 2  # each envelope taken (None is no message)
    wrapping = [
        {**relayed(good), "seq": seq},  # taken already
        {**relayed(good), "seq": member.spoke.seq + 2},  # a gap
        relayed(good, **{"from": "ben"}),  # another member's
        {"type": "relay-start", "after": 0, "sent": 0},  # (only a new relay starts)
        good,  # outside the relay
    ]
    for data in wrapping:
        member.receive(data, group.now)
    assert member.view is kept and len(member.problems) == len(junk) + len(wrapping) - 1
    assert member.receive(relayed({"type": "refused", "reason": "wordle.not_in_list"}), 0)
    assert member.refusal == "wordle.not_in_list"


def test_checked_view_takes_every_view_the_engine_gives():
    group = started()
    group.play()
    for device in DEVICES:
        for message in group.net.log[device]:
            if message["type"] == "view":
                assert checked_view(message["view"]) is message["view"]
    with pytest.raises(ProtocolError):
        checked_view({})
    with pytest.raises(ValueError):
        GroupMember(lambda m: None, "", 1000)
    with pytest.raises(ValueError):
        group_resumed({"version": SAVE_VERSION}, WORDS, 0)
    saved = group_saved(group.leader)
    for field, value in (("pid", 7), ("pid", 0), ("name", "\u202e"), ("rating", -1)):
        bad = json.loads(json.dumps(saved))
        bad["members"][0][field] = value  # a bot, the leader, a bad name, rating, count
        with pytest.raises(ValueError):
            group_resumed(bad, WORDS, group.now)
    assert group_saved(group_resumed(saved, WORDS, group.now)) == saved
    older = json.loads(json.dumps(saved))  # version 1 numbered each member's messages
    older["version"] = 1
    for item in older["members"]:
        item["n"] = 40
    assert group_saved(group_resumed(older, WORDS, group.now)) == saved
    older["members"][0]["n"] = "1"
    with pytest.raises(ValueError):
        group_resumed(older, WORDS, group.now)
