"""The group leader's page (app.tournament.group_leader) under CPython: its screen has the
tournament's play with the leader as its seat; a friend's device is a GroupMember over an
in-memory link. What the seat decides: only the leader's own duel takes this keyboard, the
lobby's actions of one device are not the leader's, and every change reaches the friend."""

import json

import pytest
from app.remote import wordle_group_member
from app.remote.checks import OTHER_VERSION
from app.remote.wordle_group import GROUP_RULES, LEADER
from app.remote.wordle_group_member import LOBBY, PLAYING, GroupMember
from app.router import parse
from wordle_fake_app import WORDS, FakeApp


class Pipe:
    """A friend's link as the leader's page holds it, and the friend's device at its other
    end; messages wait (as JSON text) until `pump`."""

    def __init__(self, now):
        self.state, self.my_name, self.peer_name = "open", "Ann", "Bryn"
        self.queue: list = []
        self.now = now  # the shared clock, as a one-item list
        self.on_message = None
        self.member = GroupMember(self.from_member, "Bryn", 1000)

    def take(self, on_message, on_state):
        self.on_message = on_message

    def send(self, message):  # the leader's page sends the friend a message
        self.queue.append((self.member_receives, json.dumps(message)))

    def from_member(self, message):
        self.queue.append((lambda m: self.on_message(m), json.dumps(message)))

    def member_receives(self, message):
        self.member.receive(message, int(self.now[0]))

    def close(self):
        self.state = "closed"

    def pump(self):
        while self.queue:
            deliver, text = self.queue.pop(0)
            if self.on_message is not None or deliver != self.member_receives:
                deliver(json.loads(text))


@pytest.fixture
def leader_page(import_without_browser, monkeypatch):
    browser, words, wordle, hosting, rtc = import_without_browser(
        "app.browser",
        "app.wordle_words",
        "app.views.wordle",
        "app.tournament.group_hosting",
        "app.peer.rtc",
    )
    *_, leader = import_without_browser(
        *(f"app.tournament.{name}" for name in ("play", "round_actions", "group_leader"))
    )
    keeper_functions = leader.TournamentKeeper.new_hosted.__globals__
    monkeypatch.setitem(keeper_functions, "fresh_seed", lambda: 4)  # Ann and Bryn paired first
    from app import saved_games, scores
    from app.wordle import records as tp

    clock = [1_000_000.0]

    class Repeating:
        def __init__(self, ms, callback):
            pass

        def stop(self):
            pass

    monkeypatch.setattr(browser, "now_ms", lambda: clock[0])
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-06")
    monkeypatch.setattr(browser, "Repeating", Repeating)
    monkeypatch.setattr(words, "load", lambda lang, ready, error: ready(WORDS))
    app = FakeApp()
    scores.register(app.store, ["wordle"])
    saved_games.register(app.store, ["wordle"])
    tp.register(app.store)
    pipe = Pipe(clock)
    rtc.table = {"bryn": pipe}
    view = wordle.WordleView(app, parse("#/wordle?mode=tournament&remote=group-host&speed=10"))
    app.view = view
    pipe.pump()
    yield view, pipe, clock
    hosting.current = None


def run(view, pipe, clock, until, ms=200, steps=5_000):
    screen = view.screen
    for _ in range(steps):
        if until():
            return
        clock[0] += ms
        screen.play.tick()
        pipe.pump()
    raise AssertionError("it did not get there")


def test_the_leaders_lobby_has_the_friend_and_not_the_lobby_of_one_device(leader_page):
    view, pipe, _clock = leader_page
    screen = view.screen
    assert screen.play.mode == "lobby" and pipe.member.status == LOBBY
    html = view.render()
    assert 'data-joined="1"' in html and "wt-hosting" in html
    names = [p["name"] for p in screen.play.game.players if p["human"]]
    screen.on_action("wt-rename", {"value": "Zed"}, None)  # one device's lobby: not here
    screen.on_action("wt-add", {"value": "Cy"}, None)
    assert [p["name"] for p in screen.play.game.players if p["human"]] == names
    assert screen.play.mode == "lobby"


def test_the_leaders_lobby_says_a_friend_has_another_version_and_stops_counting_them(
    leader_page, monkeypatch
):
    """Cai's app is a newer build: it refuses the leader's hello and says so; the leader's
    page says Cai's app is another version (the words of every game between devices),
    and no longer says someone is still joining."""
    view, _pipe, clock = leader_page
    monkeypatch.setattr(wordle_group_member, "GROUP_RULES", GROUP_RULES._replace(version=9))
    cai = Pipe(clock)
    cai.peer_name = "Cai"
    view.screen.hosting.adopt("cai", cai)
    assert "Still joining: 1." in view.render()
    cai.pump()
    assert cai.member.status == OTHER_VERSION
    html = view.render()
    assert "Cai\u2069" in html and "app is a different version of this game" in html
    assert "Still joining" not in html and 'data-joined="1"' in html


def test_only_the_leaders_own_turn_takes_this_keyboard_and_the_friend_sees_it(leader_page):
    view, pipe, clock = leader_page
    screen, play = view.screen, view.screen.play
    screen.on_action("wt-start", {}, None)
    pipe.pump()
    assert play.mode == "game" and pipe.member.status == PLAYING
    game = play.game

    def duel_of(pid):
        return game.view(pid, play.now())

    run(view, pipe, clock, lambda: duel_of(LEADER)["your_turn"])
    mine = duel_of(LEADER)["your_duel"]
    rows = len(duel_of(LEADER)["duels"][mine]["rows"])
    answer = game.current["matches"][mine]["duel"].word
    word = next(w for w in WORDS.guess_lists[len(answer)] if w != answer)
    for letter in word:
        screen.key(letter)
    assert play.typist(play.current_view())[1].text == word
    heard = pipe.member.spoke.seq
    screen.key("enter")
    pipe.pump()
    assert len(duel_of(LEADER)["duels"][mine]["rows"]) == rows + 1
    assert pipe.member.spoke.seq > heard  # the guess went out to the friend's device at once
    duel = duel_of(LEADER)["duels"][mine]
    bryn = screen.group_leader.members["bryn"].pid
    assert set(duel["players"]) == {LEADER, bryn} and duel["to_play"] == bryn  # Bryn's turn
    screen.key("a")  # their turn is not typed on the leader's keyboard
    assert play.typist(play.current_view()) is None
    assert play.ui(play.current_view()).typist is None
