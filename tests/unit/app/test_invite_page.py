"""#/invite without a browser (app.views.invite_panels): what each stage shows, in English
and Welsh; a table's or a group's host sees each friend arrive and may start once enough
have; the friend's page offers no codes (the host's does, for play with no internet)."""

from app.i18n import Translator
from app.views import invite_panels as panels
from app.views.invite_panels import CHOOSE, JOINED, OFFERED, OPT_IN, WAITING, Screen
from markup_tree import parse

T = Translator("en")
CY = Translator("cy")
LINK = "https://example.org/#/invite?room=x&host=y&game=battleship&from=Ann"


def page(t=T, **screen):
    return parse(str(panels.render(Screen(**{"hosting": True, "name": "Ann", **screen}), t)))


def test_every_stage_draws_in_both_languages_with_its_status():
    for t in (T, CY):
        for stage in (OPT_IN, CHOOSE, WAITING, OFFERED, JOINED, "looking", "bad_link"):
            shown = page(t, stage=stage, game="battleship", inviter="Ann", link=LINK)
            section = shown.one("section")
            assert section.attrs["data-stage"] == stage
            assert shown.one("p", "connect-status").text() == panels.status_text(
                Screen(stage=stage, hosting=True, name="Ann", game="battleship", inviter="Ann"), t
            )


def test_the_question_says_what_each_server_learns_before_anything_is_sent():
    text = page(stage=OPT_IN).one("div", "invite-opt-in").text()
    assert "IP address" in text and "never the game" in text and "STUN" in text


def test_the_link_is_shown_once_made_and_the_codes_offered_to_the_host_alone():
    waiting = page(stage=WAITING, game="battleship")
    assert waiting.all("textarea") == []  # the room not open yet: "Making the link…"
    shown = page(stage=WAITING, game="battleship", link=LINK)
    assert shown.one("textarea").text() == LINK
    assert [a.attrs["href"] for a in shown.all("a") if "data-offline" in a.attrs] == ["#/connect"]
    friend = page(stage=OFFERED, hosting=False, game="battleship", inviter="Ann")
    assert not any("data-offline" in a.attrs for a in friend.all("a"))
    assert friend.one("h2").text() == "Ann invites you to play Battleship"


def test_a_tables_host_sees_each_friend_arrive_and_starts_with_two_or_more():
    one = page(stage=WAITING, game="dominoes-table", link=LINK, friends=("Bryn",))
    assert one.one("div", "invite-arrivals").attrs["data-friends"] == "1"
    assert [b for b in one.all("button") if b.attrs.get("data-action") == "start"] == []
    two = page(stage=WAITING, game="dominoes-table", link=LINK, friends=("Bryn", "Cai"))
    (start,) = [b for b in two.all("button") if b.attrs.get("data-action") == "start"]
    assert start.text() == "Start Straight Dominoes, 3 or 4 devices"
    group = page(stage=WAITING, game="wordle-group", link=LINK, friends=("Bryn",))
    assert any(b.attrs.get("data-action") == "start" for b in group.all("button"))
    assert panels.most_guests("wordle-group") == 7 and panels.most_guests("battleship") == 1


def test_the_link_names_the_kind_of_game_the_host_chose_and_nothing_else():
    assert panels.kind_of("battleship", "salvo") == "battleship.mode.salvo"
    assert panels.kind_of("wordle", "de") == "wordle.lang.de"
    assert panels.kind_of("battleship", "<b>") is None and panels.kind_of("deblockle", "x") is None
    assert panels.kind_of("battleship", ["salvo"]) is None
    friend = page(
        stage=OFFERED, hosting=False, game="battleship", inviter="Ann", kind="battleship.mode.salvo"
    )
    assert friend.one("h2").text() == "Ann invites you to play Battleship: Salvo"
    welsh = page(
        CY, stage=OFFERED, hosting=False, game="wordle", inviter="Ann", kind="wordle.lang.de"
    )
    assert "Deutsch" in welsh.one("h2").text()
