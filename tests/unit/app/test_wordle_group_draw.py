"""The group across devices, drawn (app.tournament.group_draw, docs/rules/wordle-tournament.md
16): what the leader's and a member's pages show besides the tournament screen."""

from app.html import escape
from app.i18n import Translator
from app.tournament import group_draw as draw
from app.tournament.draw import render
from app.tournament.ui import Ui
from games.wordle.tournament import new_lobby
from test_remote_wordle_group import WORDS

T = Translator("en")


def test_the_leaders_lobby_names_the_friends_joined_and_those_still_joining():
    html = str(draw.friends_joined(T, ["Bryn", "<b>Cai</b>"], 1))
    assert 'data-joined="2"' in html and "Bryn" in html
    assert "<b>" not in html and "&lt;b&gt;Cai" in html  # a nickname is text, never markup
    assert "Still joining: 1." in html and "keep it open" in html
    assert "Nobody has joined yet." in str(draw.friends_joined(T, [], 0))


def test_the_leaders_lobby_says_a_friend_has_another_version_as_every_game_does():
    for language in ("en", "cy"):
        t = Translator(language)
        html = str(draw.friends_joined(t, ["Bryn"], 0, ["<i>Cai</i>"]))
        said = escape(t("remote.status.other_version", name="\u2068<i>Cai</i>\u2069"))
        assert said in html and "<i>" not in html, language


def test_each_friend_whose_link_is_down_gets_a_new_link_of_their_own():
    assert draw.lost_friends(T, []) is None
    html = str(draw.lost_friends(T, [("g1", "Bryn"), ("g3", "Dai")]))
    assert 'href="#/connect?relink=g1"' in html and 'href="#/connect?relink=g3"' in html
    assert html.count("after 60 s they have left") == 2
    assert "New link for \u2068Dai\u2069" in html


def test_a_members_lobby_tags_its_own_player_and_says_who_starts():
    t = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], seed=3)
    t.join("Bryn", 1200)
    view = t.view(1, 0)
    html = str(draw.member_lobby(T, view, "Ann"))
    assert html.count("<li>") == 2  # the people, not the bots
    assert "1200" in html and html.index("Bryn") < html.index(">you<")
    assert "Ann starts the tournament" in html
    assert "Ann&#x27;s connection was lost" in str(draw.paused(T, "Ann"))
    assert 'href="#/wordle"' in str(draw.card(T, "x", home=True))
    assert "href" not in str(draw.card(T, "x"))


def test_the_leaders_lobby_has_no_nickname_field_nor_language_choice():
    t = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], seed=3)
    t.join("Bryn", 1200)
    view = t.view(None, 0)
    profile = {"name": "Ann", "rating": 1000, "history": []}
    ui = Ui(mode="lobby", remote="leader", joined=["Bryn"], profile=profile)
    html = str(render(T, WORDS, ui, view))
    assert 'id="wt-name"' not in html and 'id="wt-lang"' not in html
    assert 'data-action="wt-start"' in html and "wt-group-open" not in html
    alone = str(render(T, WORDS, Ui(mode="lobby", profile=profile), view))
    assert 'id="wt-name"' in alone and 'id="wt-lang"' in alone
