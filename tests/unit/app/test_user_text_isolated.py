"""User text (the tournament's nicknames, the only text players type) is isolated
wherever it is drawn: a right-to-left override in a nickname must not turn the text
after it around. As an element a nickname is a <bdi>; inside a sentence it is
between Unicode isolates (FSI ... PDI)."""

import re

from app.i18n import Translator
from app.tournament import draw as draw
from app.tournament import said as said
from app.tournament.away_draw import bar, bar_state
from app.tournament.ui import Ui
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_rules import INTRO_MS
from test_wordle_tournament_draw import playing, screen

RLO = "\u202e"
WORDS = sample_dictionary()


def not_isolated(text: str) -> list[str]:
    """Every place a nickname with an override stands without its isolation, with its
    surroundings (an input's value is an isolate of its own)."""
    loose = []
    for found in re.finditer(RLO, text):
        before = text[: found.start()]
        if before.endswith(("\u2068", '<bdi class="wt-name">', 'value="')):
            continue
        loose.append(text[max(0, found.start() - 40) : found.start() + 20])
    return loose


def a_group(seed=4):
    return new_lobby(
        WORDS, [{"name": RLO + "Lead", "rating": 1000}, {"name": RLO + "Ana", "rating": 1000}], seed
    )


def test_nicknames_are_isolated_in_the_lobby_the_rounds_and_the_standings():
    t = a_group()
    group = {"lang": "en", "members": [RLO + "Lead", RLO + "Ana"]}
    profile = {"name": RLO + "Lead", "rating": 1000, "history": []}
    lobby = draw.render(
        Translator("en"), WORDS, Ui(mode="lobby", group=group, profile=profile), t.view(None, 0)
    )
    members = draw.render(
        Translator("en"), None, Ui(mode="group", group=group, member_ratings=[1000, 990]), None
    )
    for html in (lobby, members):
        assert html.count(RLO) >= 2 and not_isolated(html) == []
    t.start(0)
    intro = screen(t, 1000, group=group)
    t.advance(INTRO_MS)
    round_one = screen(t, INTRO_MS, group=group)
    for html in (intro, round_one):
        assert html.count(RLO) >= 2 and not_isolated(html) == []
    t.leave_all(INTRO_MS)
    t.play_out()
    end = draw.render(
        Translator("en"), WORDS, Ui(mode="game", group=group, profile=profile), t.view(0, t.clock)
    )
    assert RLO in end and not_isolated(end) == []


def test_nicknames_are_isolated_in_what_is_said_and_in_the_bar():
    t = a_group()
    now = playing(t)
    view = t.view(0, now)
    holder = t.keyboard_holder(now, None)
    cy = Translator("cy")
    shown = bar(cy, *bar_state(cy, view, holder, True))
    assert RLO in shown and not_isolated(shown) == []
    t.leave_all(now)
    t.play_out()
    out = said.happened(Translator("en"), WORDS, t, t.events_since(0), Ui(mode="game"))
    text = " ".join(out.said)
    assert RLO in text and not_isolated(text) == []
