"""A Wordle Tournament going on behind the app's other pages, under CPython
(docs/rules/wordle-tournament.md 10.6): opening another page is not leaving,
the tournament goes on with its clocks and a bar says how it stands; hiding or
closing the page is still a lost connection (10.4). The bar's drawing too."""

import html
import re

import pytest
import test_wordle_tournament_screen as screen_tests
from app.i18n import Translator
from app.tournament.away_draw import BACK_TO_HOSTED, bar, bar_state
from app.tournament.ui import isolated
from app.wordle import records as tp
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_rules import INTRO_MS

screen_page = screen_tests.page  # the tournament screen's browser-less page (a fixture)
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


@pytest.fixture
def page(screen_page, monkeypatch):
    """(open(route), clock, app, away module, the bar)."""
    from app.tournament import away as away  # as imported afresh for the page

    header = HeaderBar()
    monkeypatch.setattr(away, "BAR", header)
    monkeypatch.setattr(away, "_listen", lambda: None)
    open_route, clock, app = screen_page
    return open_route, clock, app, away, header


def playing(open_route, clock, seed=7):
    view = open_route("#/wordle?mode=tournament&speed=1", seed=seed)
    view.screen.on_action("wt-start", {}, None)
    clock[0] += INTRO_MS + 1000
    view.screen.play.tick()
    assert view.screen.play.game.phase == "playing"
    return view


def behind_for(screen, clock, ms):
    """The tournament's clock running while another page is shown (its ticker)."""
    for _ in range(ms // 200):
        clock[0] += 200
        screen.play.tick()


def test_another_page_of_the_app_is_not_leaving_the_tournament_goes_on_behind_it(page):
    open_route, clock, app, away, header = page
    view = playing(open_route, clock)
    screen, game = view.screen, view.screen.play.game
    view.close()  # the app opens the Rules, as its link does
    assert screen.play.behind and "Back to the tournament" in header.markup
    assert 'href="#/wordle?mode=tournament"' in header.markup
    assert header.said.startswith("Wordle Tournament, round 1: ")
    said_before = list(app.said)
    behind_for(screen, clock, 65_000)  # the report: 65 s reading the rules
    me = game.players[0]
    assert me["placement"] is None and me["left"] is None and me["lost_at"] is None
    kinds = [e["type"] for e in game.log]
    assert "disconnected" not in kinds
    assert any(e["type"] == "skip" and e["player"] == 0 for e in game.log)  # turns ran out
    assert app.said == said_before  # behind another page, only the bar speaks
    saved = app.store.load(tp.TOURNAMENT).data["state"]
    assert saved["players"][0]["lost_at"] is None and len(saved["log"]) >= len(game.log) - 5

    back = open_route("#/wordle?mode=tournament")  # "Back to the tournament"
    assert back.screen.play.game is game and not back.screen.play.behind and header.markup is None
    html = back.render()
    assert "wt-game" in html and "You are out" not in html and "wt-leave" in html
    assert away.take_back() is None  # nothing is behind any more


def test_the_bar_follows_the_tournament_and_its_language(page):
    open_route, clock, app, _away, header = page
    view = playing(open_route, clock, seed=3)
    screen = view.screen
    view.close()
    seen = set()
    for _ in range(200):
        behind_for(screen, clock, 1_000)
        seen.add(re.sub(r"round \d+", "round n", header.said))
    assert "Wordle Tournament, round n: your turn" in seen
    assert any(s.endswith(" to play") for s in seen)
    app.t.language = "cy"
    behind_for(screen, clock, 200)
    assert header.said.startswith("Twrnamaint Wordle") and 'data-lang="cy"' in header.markup


def test_hiding_the_page_behind_another_page_is_still_a_lost_connection(page):
    open_route, clock, _app, away, _header = page
    view = playing(open_route, clock)
    screen, game = view.screen, view.screen.play.game
    view.close()
    away.page_hidden()
    assert game.players[0]["lost_at"] is not None and game.log[-1]["type"] == "disconnected"
    clock[0] += 30_000
    away.page_shown()  # back within 60 s: still in
    me = game.players[0]
    assert me["lost_at"] is None and me["placement"] is None
    away.page_hidden()
    clock[0] += 61_000
    away.page_shown()  # later: left, as of the 60th second (10.4)
    assert me["left"] == "disconnect" and me["placement"] is not None
    assert screen.play.behind


def test_out_while_behind_the_results_are_recorded_and_the_clock_behind_stops(page):
    open_route, clock, app, _away, header = page
    view = playing(open_route, clock, seed=5)
    screen, game = view.screen, view.screen.play.game
    view.close()
    for _ in range(60):
        if game.humans_done:
            break
        behind_for(screen, clock, 30_000)  # every turn of ours runs out
    me = game.players[0]
    assert me["placement"] is not None and me["left"] is None
    assert "nobody of yours is still in" in header.said and screen.play.ticker is None
    ratings = app.store.load(tp.RATING).data
    assert ratings["players"][ratings["me"]]["rating"] == me["rating"] + me["rating_change"]
    back = open_route("#/wordle?mode=tournament")
    assert "You are out" in back.render()


def test_another_tab_taking_the_tournament_over_ends_it_here(page):
    open_route, clock, app, away, header = page
    view = playing(open_route, clock)
    screen = view.screen
    view.close()
    record = app.store.load(tp.TOURNAMENT)
    app.store.save(tp.TOURNAMENT, record.data, base_rev=record.rev)  # the other tab's save
    behind_for(screen, clock, 40_000)  # a turn runs out: saving, it finds the newer save
    assert screen.play.keeper.elsewhere and header.markup is None
    assert away.take_back() is None


def test_a_page_closed_with_nobody_still_in_is_not_kept_behind(page):
    open_route, clock, _app, _away, header = page
    view = playing(open_route, clock)
    view.screen.on_action("wt-leave", {}, None)
    view.screen.on_action("wt-leave-yes", {}, None)
    view.close()
    assert not view.screen.play.behind and header.markup is None


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
