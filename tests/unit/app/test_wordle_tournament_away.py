"""The bar that says how a Wordle Tournament going on behind the app's other pages stands
(docs/rules/wordle-tournament.md 10.6, app.tournament.away_draw), drawn under CPython, and a
stand-in for the header's bar (app.tournament.header_bar) that a group's tests use. The
Tournament on one device going on behind: test_wordle_tournament_game_view (rule 10.6)."""

import html
import re

from app.i18n import Translator
from app.tournament.away_draw import BACK_TO_HOSTED, bar, bar_state
from app.tournament.ui import isolated
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_rules import INTRO_MS

T = Translator("en")
WORDS = sample_dictionary()


class HeaderBar:
    """Stands for the bar in the page's header."""

    def __init__(self):
        self.markup, self.said, self.clock, self.lang = None, None, None, None

    def put(self, markup):
        self.markup = markup
        said = re.search(r'class="wt-away-what"[^>]*>([^<]*)<', markup).group(1)
        self.said = html.unescape(said)
        self.lang = re.search(r'data-lang="(\w+)"', markup).group(1)

    def update(self, said, clock, lang):
        if self.markup is None or lang != self.lang:
            return False
        self.said, self.clock = said, clock
        return True

    def remove(self):
        self.markup = self.said = None


# --- the bar, drawn ------------------------------------------------------------------------


def lobby(humans=({"name": "<b>Bo</b>", "rating": 1000},), seed=4):
    t = new_lobby(WORDS, list(humans), seed)
    t.start(0)
    return t


def test_the_bar_says_the_round_whose_turn_it_is_and_shows_its_clock():
    t = lobby()
    said, clock = bar_state(T, t.view(0, 1_000), None, False)
    assert said == "Wordle Tournament, round 1: starting" and "0:05" in clock
    t.advance(INTRO_MS)
    now = INTRO_MS + 4_000
    t.advance(now)
    mine = next(m for m in t.current["matches"] if 0 in m["players"])
    holder = t.keyboard_holder(now)
    said, clock = bar_state(T, t.view(0, now), holder, False)
    if holder is not None:
        assert said == "Wordle Tournament, round 1: your turn"
    else:
        other = t.players[mine["players"][mine["duel"].turn]]["name"]
        assert said == f"Wordle Tournament, round 1: {other} to play"
    assert f"0:{(mine['duel'].time_left(now) + 999) // 1000:02d}" in clock
    html = bar(T, said, clock)
    assert "Back to the tournament" in html and 'aria-live="polite"' in html
    assert 'href="#/wordle?mode=tournament"' in html
    hosted = bar(T, said, clock, BACK_TO_HOSTED)  # a group across devices
    assert 'href="#/wordle?mode=tournament&amp;remote=group-host"' in hosted
    t.leave_all(now)
    assert bar_state(T, t.view(0, now), None, False) == (
        "Wordle Tournament: nobody of yours is still in. See the results.",
        "",
    )


def test_in_a_group_the_bar_names_whose_turn_it_is_as_text():
    t = lobby(humans=({"name": "<b>Bo</b>", "rating": 1000}, {"name": "Ana", "rating": 1000}))
    t.advance(INTRO_MS)
    holder = t.keyboard_holder(INTRO_MS)
    assert holder is not None  # seed 4: the two meet in round 1, one of them starts
    view = t.view(0, INTRO_MS)
    name = t.players[holder[0]]["name"]
    assert bar_state(T, view, holder, True)[0] == (
        f"Wordle Tournament, round 1: {isolated(name)}'s turn"  # the nickname isolated
    )
    html = bar(T, *bar_state(T, view, holder, True))
    assert "<b>" not in html


def test_every_word_of_the_bar_comes_from_the_catalogue():
    pseudo = Translator("en", pseudo=True)
    t = lobby()
    for now in (1_000, INTRO_MS + 1_000):
        t.advance(now)
        html = bar(pseudo, *bar_state(pseudo, t.view(0, now), t.keyboard_holder(now), False))
        text = re.sub(r"<[^>]+>", " ", html)
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        assert re.findall(r"[^\W\d]+", text) == [], text
