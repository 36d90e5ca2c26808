"""The hub's cards (a game in progress, where a card leads) and the Statistics page's
figures (each game's own name for its best, none where a game has no score), and the
Welsh word for a tournament rating, drawn under CPython."""

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from app import saved_games, scores
from app.daily import records as daily_records
from app.games_list import GAME_ROUTES
from app.i18n import Translator
from app.midend import HUMAN, Midend
from app.router import parse
from app.storage import MemoryBackend, Store
from app.views.hub import HubView
from app.views.stats_page import StatsView
from app.wordle import records as tournament_records
from games.deblockle.game import GAME as DEBLOCKLE
from games.marbles.game import GAME as MARBLES
from games.wordle.duel import Duel
from games.wordle.tournament_rules import PHASES
from games.wordle.tournament_saved import in_play
from markup_tree import parse as parse_markup

I18N = Path(__file__).resolve().parents[3] / "py" / "i18n"


def an_app(language="en"):
    store = Store(MemoryBackend())
    scores.register(store, GAME_ROUTES)
    saved_games.register(store, GAME_ROUTES)
    tournament_records.register(store)
    daily_records.register(store, GAME_ROUTES)
    return SimpleNamespace(store=store, t=Translator(language))


def card(app, game):
    page = parse_markup(str(HubView(app, parse("#/")).render()))
    return next(n for n in page.all("li", "game-card") if n.attrs["data-card"] == game)


def texts(node, tag, cls=None):
    return [n.text() for n in node.all(tag, cls)]


def test_a_game_saved_unfinished_is_in_progress_and_its_card_resumes_it():
    app = an_app()
    midend = Midend(app.store, MARBLES, lambda: 0.0)
    midend.start({"version": 5}, 7, [HUMAN])
    assert midend.save()
    marbles = card(app, "marbles")
    assert texts(marbles, "p", "game-card-progress") == ["Game in progress"]
    assert texts(marbles, "p", "game-card-result") == []  # never finished: no result to tell
    assert marbles.one("a", "game-card-link").attrs["href"] == "#/marbles"
    other = card(app, "battleship")
    assert texts(other, "p", "game-card-progress") == []
    assert texts(other, "p", "game-card-result") == ["Not played yet"]


def test_a_finished_or_damaged_save_is_not_in_progress_and_results_still_show():
    app = an_app()
    midend = Midend(app.store, DEBLOCKLE, lambda: 0.0)
    midend.start({"blocks": 1, "quick_setup": True}, 3, [HUMAN, HUMAN])
    while not midend.state.is_over:
        midend.play(midend.state.legal_moves()[0])
    assert midend.save()
    assert texts(card(app, "deblockle"), "p", "game-card-progress") == []
    saved_games.save(app.store, "dominoes", {"version": 99}, {}, None)
    assert texts(card(app, "dominoes"), "p", "game-card-progress") == []
    # Played before and in progress again: both said.
    scores.record_result(app.store, "marbles", "5", won=None, score=40)
    midend = Midend(app.store, MARBLES, lambda: 0.0)
    midend.start({"version": 5}, 8, [HUMAN])
    assert midend.save()
    marbles = card(app, "marbles")
    assert texts(marbles, "p", "game-card-progress") == ["Game in progress"]
    assert texts(marbles, "p", "game-card-result") == ["Best: 40"]


def test_wordle_resumes_the_duel_or_the_tournament_in_play():
    app = an_app("cy")
    duel = Duel("crane", 0, turn=0, turn_started=0)
    saved_games.save(app.store, "wordle", duel.to_json(), {}, None)
    wordle = card(app, "wordle")
    assert texts(wordle, "p", "game-card-progress") == ["Gêm ar y gweill"]
    assert wordle.one("a", "game-card-link").attrs["href"] == "#/wordle?mode=duel"
    meta = {"t0": 0, "speed": 1, "group": False, "recorded": []}
    tournament = tournament_records.TOURNAMENT
    app.store.save(tournament, {"state": {"phase": "playing"}, "meta": meta})
    assert card(app, "wordle").one("a", "game-card-link").attrs["href"] == (
        "#/wordle?mode=tournament"
    )
    app.store.save(tournament, {"state": {"phase": "over"}, "meta": meta}, base_rev=1)
    assert card(app, "wordle").one("a", "game-card-link").attrs["href"] == "#/wordle?mode=duel"


@pytest.mark.parametrize("phase", PHASES)
def test_a_tournament_is_in_play_from_its_intro_until_it_is_over(phase):
    assert in_play({"phase": phase}) == (phase in ("intro", "playing"))


def stats_of(app, game):
    page = parse_markup(str(StatsView(app, parse("#/stats")).render()))
    return next(n for n in page.all("section", "stats-game") if n.attrs["data-stats"] == game)


def test_statistics_name_each_games_best_and_show_none_where_games_have_no_score():
    app = an_app()
    scores.record_result(app.store, "deblockle", "computer-fewer", won=True, figures={"removed": 1})
    scores.record_result(
        app.store, "battleship", "classic", won=True, score=17, higher_is_better=False
    )
    scores.record_result(
        app.store, "battleship", "classic", won=False, score=40, higher_is_better=False
    )
    scores.record_result(app.store, "marbles", "5", won=None, score=120)
    deblockle = stats_of(app, "deblockle")
    assert texts(deblockle, "dt") == ["Played", "Won"]
    battleship = stats_of(app, "battleship")
    figures = dict(zip(texts(battleship, "dt"), texts(battleship, "dd")))
    assert figures["Fewest shots"] == "17" and figures["Average shots"] == "28.5"
    assert "Best" not in figures and "Shots" in texts(battleship, "th")
    assert "Best score" in texts(stats_of(app, "marbles"), "dt")
    welsh = an_app("cy")
    welsh.store = app.store
    assert "Lleiaf o ergydion" in texts(stats_of(welsh, "battleship"), "dt")


def test_welsh_says_gradd_for_a_rating_and_sgor_only_for_a_score():
    english = json.loads((I18N / "en" / "wordle-tournament.json").read_text())
    welsh = json.loads((I18N / "cy" / "wordle-tournament.json").read_text())
    ratings = [key for key, text in english.items() if "rating" in text.lower()]
    assert len(ratings) >= 10
    for key in ratings:
        assert "radd" in welsh[key].lower() and "sgôr" not in welsh[key].lower(), key
    rules = (I18N.parent / "rules" / "wordle.cy.html").read_text()
    assert "sgôr" not in rules.lower() and "gradd" in rules.lower()


def test_the_hub_reads_whether_a_game_is_over_from_its_save_without_the_engine():
    import subprocess
    import sys

    app = an_app()
    midend = Midend(app.store, MARBLES, lambda: 0.0)
    midend.start({"version": 5}, 7, [HUMAN])
    assert midend.save()
    assert saved_games.load(app.store, "marbles").data["meta"]["over"] is False
    record = saved_games.load(app.store, "marbles").data
    # The midend says over: the hub believes it (the game's page checks the state itself).
    saved_games.save(app.store, "marbles", record["state"], {**record["meta"], "over": True}, 1)
    assert texts(card(app, "marbles"), "p", "game-card-progress") == []
    # An older save without the flag: the engine reads it.
    meta = {k: v for k, v in record["meta"].items() if k != "over"}
    saved_games.save(app.store, "marbles", record["state"], meta, 2)
    assert texts(card(app, "marbles"), "p", "game-card-progress") == ["Game in progress"]
    # Starting the app's pages imports no game engine (they cost start-up time in Pyodide).
    if sys.platform == "emscripten":
        return  # no new interpreter to import in (no subprocess): checked under CPython
    py = Path(__file__).resolve().parents[3] / "py"
    code = (
        "import sys, app.views, app.saved_games, app.scores;"
        "print(sorted(m for m in sys.modules if m.startswith('games.') and m.count('.') > 1"
        " and not m.startswith(('games.common', 'games.wordle.'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=py, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_hub_lists_the_games_kept_with_friends_each_to_carry_on():
    app = an_app()
    saved_games.register_remote(app.store, ["battleship-remote", "deblockle-remote"])
    frame = {"remote": {"peer": "Bryn"}}
    saved_games.save(app.store, "battleship-remote", {}, {"frame": frame}, None)
    saved_games.save(app.store, "deblockle-remote", {}, {"frame": frame, "over": True}, None)
    page = parse_markup(str(HubView(app, parse("#/")).render()))
    (item,) = page.all("li")[-1:]
    assert item.attrs["data-friend-game"] == "battleship"
    assert item.one("a").attrs["href"] == "#/battleship?remote=resume"
    assert item.text() == "Carry on Battleship with Bryn"  # (a save that does not say whose turn)
    for their_turn, said in ((True, ": waiting for Bryn"), (False, ": your turn")):
        meta = {"frame": frame, "their_turn": their_turn}
        saved_games.save(app.store, "battleship-remote", {}, meta, None)
        page = parse_markup(str(HubView(app, parse("#/")).render()))
        assert page.all("li")[-1].text() == "Carry on Battleship with Bryn" + said
    cymraeg = parse_markup(str(HubView(an_app("cy"), parse("#/")).render()))
    assert cymraeg.all("li", "hub-friend-games") == []  # (nothing kept on that device)


def test_a_game_played_with_hints_is_marked_in_the_rankings_and_counted_in_the_statistics():
    """docs/rules/marbles.md 11.6: an assisted game counts, marked."""
    for language, mark, named in (("en", "(with hints)", "Played with hints"), ("cy", None, None)):
        app = an_app(language)
        mark = mark or app.t("stats.assisted_mark")
        named = named or app.t("stats.assisted")
        scores.record_result(app.store, "marbles", "4", won=None, score=300, figures={"lines": 9})
        helped = {"lines": 5, "hints": 2, "assisted": 1}
        scores.record_result(app.store, "marbles", "4", won=None, score=200, figures=helped)
        marbles = stats_of(app, "marbles")
        rows = marbles.one("table", "rankings").all("tr")[1:]
        cells = [[td.text() for td in row.all("td")] for row in rows]
        assert cells[0][1] == "300" and cells[1][1] == f"200 {mark}"
        assert len(marbles.all("span", "assisted")) == 1
        figures = dict(zip(texts(marbles, "dt"), texts(marbles, "dd")))
        assert figures[named] == "1"
        assert app.t("figure.hints", value=2) in cells[1][3]


def test_the_dailies_show_on_the_statistics_page_apart_from_the_games_own(monkeypatch):
    """docs/rules/README.md, Today's game: a daily counts in its own results and streak, never in
    the game's statistics; #/stats shows both, apart."""
    import app.views.stats_page as stats_page
    from app.daily.records import DailyResult

    monkeypatch.setattr(stats_page, "today_number", lambda: 30)
    app = an_app()
    won = {"points": 100, "against": 40, "hands": 3}
    daily_records.record(app.store, "dominoes", 28, DailyResult("medium", True, won))
    daily_records.record(app.store, "dominoes", 29, DailyResult("medium", False, won))
    daily_records.record(app.store, "dominoes", 30, DailyResult("medium", True, won))
    daily_records.record(app.store, "marbles", 27, DailyResult("5", None, {"score": 10}))
    dominoes = stats_of(app, "dominoes")
    assert texts(dominoes, "p", "empty") == ["No games played yet."]  # the game's own: none
    (block,) = dominoes.all("div", "stats-daily")
    figures = dict(zip(texts(block, "dt"), texts(block, "dd")))
    assert figures == {"Played": "3", "Won": "2", "Streak": "3", "Best streak": "3"}
    assert "Today's is played" in block.text()
    (marbles,) = stats_of(app, "marbles").all("div", "stats-daily")
    figures = dict(zip(texts(marbles, "dt"), texts(marbles, "dd")))
    assert figures == {"Played": "1", "Streak": "0", "Best streak": "1"}  # no winner: no Won
    assert [a.attrs["href"] for a in marbles.all("a")] == ["#/marbles?daily=today"]
    assert stats_of(app, "deblockle").all("div", "stats-daily") == []  # none played
    welsh = an_app("cy")
    welsh.store = app.store
    (block,) = stats_of(welsh, "dominoes").all("div", "stats-daily")
    assert "Rhediad gorau" in texts(block, "dt")
