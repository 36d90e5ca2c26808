"""A member's page of a Wordle group (app.tournament.group_member) under CPython: the
leader's hello is the handshake's, so a leader of another version is said in the words of
every game between devices; a hello it can read is answered with its welcome; a page opened
again on the link it kept carries on with its relay and says its welcome at once (the hello
came to the page before)."""

import pytest
from app.remote import wire
from app.remote.handshake import rules_of
from app.remote.wordle_group import GROUP_RULES
from app.router import parse
from wordle_fake_app import FakeApp


class Link:
    """The member's link to the leader, as #/connect hands it over."""

    def __init__(self):
        self.state, self.my_name, self.peer_name = "open", "Bryn", "Ann"
        self.posts: list = []  # what this device sent
        self.on_message = None
        self.seq = 0  # the leader's relay

    def take(self, on_message, on_state):
        self.on_message = on_message

    def send(self, data):
        self.posts.append(data)

    @property
    def sent(self):
        """The messages this device posted to the leader, out of its relay's posts."""
        return [data["message"] for data in self.posts if data["type"] == "relay-post"]

    def named(self):
        """The leader names this device and starts its relay (the first on each link)."""
        self.on_message({"type": "group", "you": "g2"})
        self.on_message({"type": "relay-start", "after": self.seq, "sent": 0})

    def leader_says(self, message):
        self.seq += 1
        envelope = {"type": "relay", "seq": self.seq, "from": "host", "n": self.seq}
        self.on_message({**envelope, "to": "g2", "message": message})


def hello(**changes):
    message = {"type": "hello", "version": wire.VERSION, "rules": rules_of(GROUP_RULES)}
    return {**message, "game": GROUP_RULES.name, "name": "Ann", **changes}


@pytest.fixture
def member_page(import_without_browser, monkeypatch):
    browser, wordle, rtc, *_ = import_without_browser(
        "app.browser",
        "app.views.wordle",
        "app.peer.rtc",
        "app.tournament.group_member_away",
        "app.tournament.group_member",  # (afresh: no link answered on by an earlier test)
    )

    class Repeating:
        def __init__(self, ms, callback):
            pass

        def stop(self):
            pass

    monkeypatch.setattr(browser, "now_ms", lambda: 1_000.0)
    monkeypatch.setattr(browser, "Repeating", Repeating)
    from app import saved_games, scores
    from app.wordle import records as tp

    app = FakeApp()
    scores.register(app.store, ["wordle"])
    saved_games.register(app.store, ["wordle"])
    tp.register(app.store)
    link = Link()
    rtc.current = link

    def open_page():
        view = wordle.WordleView(app, parse("#/wordle?mode=tournament&remote=group-member"))
        app.view = view
        return view

    yield open_page, link
    rtc.current = None


def test_a_leader_of_another_version_is_said_as_for_every_game(member_page, monkeypatch):
    """The page is drawn again as the hello comes (before, it said "Joining" until
    something else redrew it), and the leader is told, as a table's guest tells its host."""
    open_page, link = member_page
    view = open_page()
    drawn = []
    monkeypatch.setattr(view, "refresh", lambda: drawn.append(view.render()))
    assert link.posts == []  # the leader speaks first
    link.named()
    assert drawn == []  # (nothing to draw again for its name and its relay)
    link.leader_says(hello(rules="0.9"))
    assert len(drawn) == 1 and "different version" in drawn[0] and "Ann" in drawn[0]
    assert [(m["type"], m["kind"]) for m in link.sent] == [("refused", "other_version")]


def test_the_leaders_group_message_held_for_the_page_names_this_device(member_page):
    """#/connect holds the leader's `group` message for this page (its device's name in
    the group), which reads it before the hello; the group names it again as it starts
    its relay on the link."""
    open_page, link = member_page
    view = open_page()
    link.on_message({"type": "group", "you": "g2"})
    assert view.screen.member.device == "g2" and view.screen.member.problems == []
    link.named()
    link.leader_says(hello())
    assert [m["type"] for m in link.sent] == ["welcome"]
    assert view.screen.member.problems == []


def test_a_hello_is_answered_and_a_page_opened_again_on_the_link_says_its_welcome(member_page):
    open_page, link = member_page
    first = open_page().screen.member
    link.named()
    link.leader_says(hello())
    assert [m["type"] for m in link.sent] == ["welcome"]
    assert link.sent[0]["rules"] == rules_of(GROUP_RULES) and link.sent[0]["name"] == "Bryn"
    again = open_page().screen  # this page again, on the link it kept: no second hello
    assert [m["type"] for m in link.sent] == ["welcome", "welcome"]
    assert again.member is first and link.posts[-1]["n"] == 2  # (its relay's next post)
    link.leader_says({"type": "refused", "reason": "group.junk"})
    assert again.message and first.problems == []
