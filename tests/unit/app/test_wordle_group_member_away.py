"""A member's tournament going on behind the app's other pages (docs/rules/wordle-tournament.md
16.8): the header's bar says how this member's tournament stands, from the group's lobby to
its end, with a link back to the member's page; the page opened again takes over."""

import pytest
from app.i18n import Translator
from test_remote_wordle_group import Group, started
from test_wordle_tournament_away import HeaderBar

T = Translator("en")
away = None  # app.tournament.group_member_away, imported by the fixture
BACK = 'href="#/wordle?mode=tournament&amp;remote=group-member"'


class MemberScreen:
    """Stands for a member's GroupMemberScreen: its translator, member, leader and ticker."""

    def __init__(self, group: Group, device: str):
        self.group, self.device = group, device
        self.t, self.member, self.leader = T, group.members[device], "Leader"
        self.ticking = True

    def now(self) -> int:
        return self.group.now + self.group.skew[self.device]

    def stop_ticking(self) -> None:
        self.ticking = False


@pytest.fixture
def header(import_without_browser, monkeypatch):
    """The bar in the header, as the module (imported afresh) puts it."""
    global away
    (away,) = import_without_browser("app.tournament.group_member_away")
    bar = HeaderBar()
    monkeypatch.setattr(away, "BAR", bar)
    return bar


def test_from_the_groups_lobby_to_its_turns_the_bar_says_how_the_members_tournament_stands(
    header,
):
    group = Group()
    screen = MemberScreen(group, "ben")
    assert away.carry_on(screen)  # the member opened the Statistics in the group's lobby
    assert header.said == "Wordle Tournament: in \u2068Leader\u2069's group, waiting for the start"
    assert BACK in header.markup and "Back to the tournament" in header.markup
    group.leader.start(group.now)
    group.net.pump()
    away.show(screen)
    assert header.said == "Wordle Tournament, round 1: starting" and "timer" in header.clock
    seen = set()
    t = group.leader.tournament
    for _ in range(400):  # ben's page is elsewhere: his turns run out, the others guess
        group.now += 500
        group.leader.tick(group.now)
        group.net.pump()
        for device in ("ann", "cat", "leader"):
            group.maybe_guess(device)
        group.net.pump()
        away.show(screen)
        view = screen.member.view_at(screen.now())
        if view["phase"] == "playing" and not view["out"]:
            duel = view["duels"][view["your_duel"]]
            if view["your_turn"]:
                assert header.said == f"Wordle Tournament, round {view['round']}: your turn"
                seen.add("mine")
            elif duel["result"] is None:
                other = next(p for p in duel["players"] if p != view["you"])
                name = next(p["name"] for p in view["players"] if p["id"] == other)
                said = f"Wordle Tournament, round {view['round']}: \u2068{name}\u2069 to play"
                assert header.said == said
                seen.add("theirs")
            seconds = (duel["time_left"] + 999) // 1000 if duel["result"] is None else None
            if seconds is not None and duel["running"]:
                assert f"0:{seconds:02d}" in header.clock
        if view["out"]:
            assert header.said == "Wordle Tournament: nobody of yours is still in. See the results."
            break
    assert seen == {"mine", "theirs"} and t.phase == "playing"
    assert screen.ticking


def test_the_leader_lost_pauses_the_bar_and_past_60_s_it_says_the_tournament_was_abandoned(
    header,
):
    group = started()
    group.play(until=lambda: group.leader.tournament.phase == "playing")
    screen = MemberScreen(group, "cat")
    assert away.carry_on(screen)
    screen.member.leader_lost(screen.now())
    away.show(screen)
    assert header.said == "Wordle Tournament: paused, \u2068Leader\u2069's connection was lost"
    assert header.clock == "" and screen.ticking
    group.now += 61_000
    screen.member.tick(screen.now())
    away.show(screen)
    assert header.said == (
        "Wordle Tournament: abandoned, \u2068Leader\u2069 was away more than 60 seconds"
    )
    assert not screen.ticking and BACK in header.markup


def test_a_tournament_over_behind_says_so_then_the_next_and_the_page_opened_again_takes_over(
    header,
):
    group = started()
    screen = MemberScreen(group, "ann")
    assert away.carry_on(screen)
    group.play()
    away.show(screen)
    assert header.said == "Wordle Tournament: finished. See the results." and screen.ticking
    group.leader.next_lobby(seed=9, now=group.now)  # the leader takes the group back
    group.net.pump()
    away.show(screen)
    assert header.said == "Wordle Tournament: in \u2068Leader\u2069's group, waiting for the start"
    group.leader.start(group.now)
    group.net.pump()
    away.show(screen)
    assert header.said == "Wordle Tournament, round 1: starting"
    away.take_over()  # the member's page opened again
    assert header.markup is None
    away.show(screen)  # the screen that was behind no longer draws the bar
    assert header.markup is None


def test_a_page_with_nothing_going_on_is_not_kept_behind(header):
    group = started()
    screen = MemberScreen(group, "ben")
    screen.member = None  # no link was handed over
    assert not away.carry_on(screen)
    screen = MemberScreen(group, "ben")
    group.play()  # over: nothing to carry on
    assert not away.carry_on(screen) and header.markup is None
