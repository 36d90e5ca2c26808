"""Today's Wordle on the one game view (app.wordle_daily with app.frame.daily_play) under
CPython: the same word on every device on a day in a word language, the language chosen
before the first guess and starting as the interface language's, one try, its result (the
tries and the language) kept apart from the statistics, its share card the classic grid of
squares with no letter in it, and a friend's link compared side by side.
Rules of record: docs/rules/wordle-tournament.md 17 (and the rules README, Today's game)."""

import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from app import saved_games, scores
from app.daily import records
from app.daily.days import daily_seed
from app.daily.games import wordle_squares
from app.frame.frontend import Command, Input
from app.router import parse
from daily_stand_ins import PAGE, TODAY, DailyApp, daily_views
from games.wordle.dictionary import Dictionary
from games.wordle.sample_words import sample_dictionary
from markup_tree import parse as parse_markup

SAMPLE = sample_dictionary()
ROOT = Path(__file__).resolve().parents[3]
WELSH = Dictionary("cy", json.loads((ROOT / "static/words/cy.json").read_text("utf-8")))
ADDRESS = "#/wordle?daily=today"


@pytest.fixture
def wordle(import_without_browser, monkeypatch):
    """page(address, app, language) -> today's Wordle's view as the page builds it (the
    words of each language at hand at once); view(...) -> one built on the words of the
    address's language. Both carry `copied` (what Copy copied) and `day` ([today's number])."""
    make = daily_views(import_without_browser, monkeypatch)
    wordle_words, _, loading, frontend = import_without_browser(
        "app.wordle_words",
        "app.wordle_duel.loading",
        "app.wordle_daily.loading",
        "app.wordle_daily.frontend",
    )
    dictionaries = {"en": SAMPLE, "cy": WELSH}
    monkeypatch.setattr(wordle_words, "loaded", lambda lang: dictionaries.get(lang))
    sharing, daily_play = (
        sys.modules["app.views.connect_sharing"],
        sys.modules["app.frame.daily_play"],
    )
    copied, day = [], [TODAY]
    monkeypatch.setattr(sharing, "copy", copied.append)
    monkeypatch.setattr(daily_play, "today_number", lambda: day[0])
    monkeypatch.setattr(loading, "today_number", lambda: day[0])

    def app_for(app, language):
        return app or DailyApp(language=language, games=("wordle",))

    def page(address=ADDRESS, app=None, language="en"):
        view = loading.daily_view(app_for(app, language), parse(address))
        view.copied, view.day = copied, day
        return view

    def view(address=ADDRESS, app=None, language="en"):
        app = app_for(app, language)
        lang = loading.daily_language(parse(address).params.get("lang"), None, app.t.language)
        built = make(address, app, frontend.SoloFrontend(dictionaries[lang]))
        built.copied, built.day = copied, day
        return built

    return SimpleNamespace(page=page, view=view, language=loading.daily_language)


def key(view, name):
    view.handle(Input("wd-key", {"key": name}))


def play(view, text):
    """Type `text` on the on-screen keys and enter it."""
    for letter in text:
        key(view, letter)
    key(view, "enter")


def wrong_words(view, count):
    word = view.state.word
    return [w for w in view.state.words.guess_lists[5] if w != word][:count]


def page_of(view):
    return parse_markup(str(view.render()))


def solve(view, misses=2):
    for word in wrong_words(view, misses):
        play(view, word)
    play(view, "".join(view.state.words.tiles(view.state.word)))
    return view


def test_every_device_gets_the_same_word_in_a_language_and_welsh_gets_a_welsh_word(wordle):
    """Rule 17.2."""
    one, other = wordle.page(), wordle.page()
    assert one.midend.seed == other.midend.seed == daily_seed(TODAY, "wordle", "5")
    assert one.state.word == other.state.word and one.state.words.lang == "en"
    welsh = wordle.page(language="cy")  # the Welsh interface: Welsh words
    assert welsh.state.words.lang == "cy" and welsh.state.word in WELSH.answers[5]
    assert welsh.state.word == wordle.page(language="cy").state.word


def test_the_language_starts_as_the_interface_s_and_is_chosen_before_the_first_guess(wordle):
    """Rule 17.2: an address's language is taken until a guess is played; then the day's
    daily is that one, whatever the language asked."""
    view = wordle.page(language="cy")
    choice = page_of(view).one("select")
    assert choice.attrs["data-action"] == "wd-daily-lang"
    chosen = [o.attrs["value"] for o in choice.all("option") if "selected" in o.attrs]
    assert chosen == ["cy"]
    view.handle(Input("wd-daily-lang", {"value": "en"}))
    assert view.app.went == ["#/wordle?daily=today&lang=en"]
    english = wordle.page("#/wordle?daily=today&lang=en", app=view.app)
    assert english.state.words.lang == "en"  # (the Welsh one, not begun, gave way)
    play(english, wrong_words(english, 1)[0])
    assert not page_of(english).all("select")
    english.handle(Input("wd-daily-lang", {"value": "cy"}))
    assert english.app.went == ["#/wordle?daily=today&lang=en"]  # nothing more
    again = wordle.page("#/wordle?daily=today&lang=cy", app=english.app)
    assert again.state.words.lang == "en" and len(again.state.rows) == 1


def test_a_friend_s_result_stays_in_the_address_when_the_language_is_chosen(wordle):
    friend = solve(wordle.view())
    link = page_of(friend).one("pre", "daily-card").text().split("\n")[-1].removeprefix(PAGE)
    view = wordle.page(link, app=DailyApp(games=("wordle",)))
    view.handle(Input("wd-daily-lang", {"value": "cy"}))
    (went,) = view.app.went
    assert went == link + "&lang=cy"


def test_yesterday_s_daily_in_another_language_gives_way_to_today_s_with_nothing_said(wordle):
    view = wordle.page(language="cy")
    play(view, "".join(WELSH.tiles(WELSH.guess_lists[5][0])))
    view.day[0] = TODAY + 1
    tomorrow = wordle.page(language="en", app=DailyApp(view.app.store, games=("wordle",)))
    assert tomorrow.state.words.lang == "en" and tomorrow.state.rows == []
    assert tomorrow.app.problems == []


def test_the_page_has_six_rows_the_language_s_keys_and_says_the_tries_left(wordle):
    view = wordle.view()
    page = page_of(view)
    board = page.one("ol", "wd-board")
    assert len(board.all("li")) == 6
    play(view, wrong_words(view, 1)[0])
    page = page_of(view)
    assert len(page.one("ol", "wd-board").all("li")) == 6
    assert page.one("p", "wd-status").text() == "Tries left: 5"
    assert page.one("section", "daily-banner").one("h2").text() == "Today's Wordle · Gemau #3"


def test_a_word_not_in_the_list_is_refused_in_plain_words_and_its_letters_kept(wordle):
    view = wordle.view()
    play(view, "zzzzz")
    assert view.state.rows == [] and view.ui.typed == "zzzzz"
    assert page_of(view).one("p", "wd-message").text() == "“zzzzz” is not in the word list."


def test_one_try_nothing_taken_back_no_new_game(wordle):
    view = wordle.view()
    play(view, wrong_words(view, 1)[0])
    seed, moves = view.midend.seed, list(view.midend.moves)
    for given in (Input("undo"), Input("new"), Input("restart"), Input("again")):
        view.handle(given)
    view.command(Command("undo"))
    view.command(Command("new"))
    assert view.midend.seed == seed and view.midend.moves == moves


def test_a_finished_daily_counts_its_tries_and_language_in_its_own_records_alone(wordle):
    """Rule 17.3."""
    view = solve(wordle.view())
    store = view.app.store
    assert view.state.result == {"solved": True, "guesses": 3}
    assert scores.stats_for(store, "wordle") == {}
    mine = records.result_of(store, "wordle", TODAY)
    assert mine.won is True and mine.figures["guesses"] == 3 and mine.figures["lang"] == "en"
    assert records.streaks(store, "wordle", TODAY) == records.Streaks(1, 1)
    assert not saved_games.load(store, "wordle").data  # the practice duel's save untouched
    end = page_of(view)
    assert "data-daily-end" in end.one("p", "wd-status").attrs
    window = end.one("dialog", "daily-over")
    figures = [n.text() for n in window.one("dl", "daily-figures").all("div")]
    assert figures == ["Guesses3", "Word languageen"]


def test_a_word_not_found_in_six_tries_is_an_x(wordle):
    view = wordle.view()
    for word in wrong_words(view, 6):
        play(view, word)
    mine = records.result_of(view.app.store, "wordle", TODAY)
    assert mine.won is False and mine.figures["guesses"] == "X"
    card = page_of(view).one("pre", "daily-card").text()
    assert card.split("\n")[1] == "🟩 X/6 (en)"
    assert len(card.split("\n")) == 2 + 6 + 2


def test_the_share_card_is_the_grid_of_squares_with_no_letter(wordle):
    """Rule 17.3: "4/6 (cy)" over a row of squares a guess; no letter of a guess or the word."""
    view = solve(wordle.page(language="cy"))
    card = page_of(view).one("pre", "daily-card").text()
    lines = card.split("\n")
    assert lines[0] == "Gemau #3 · Wordle"
    assert lines[1] == "🟩 3/6 (cy)"
    assert lines[4] == "🟩🟩🟩🟩🟩"
    assert all(re.fullmatch("[⬜🟨🟩]{5}", line) for line in lines[2:5])
    assert lines[5] == "Rhediad: 1"
    assert lines[6].startswith(PAGE + "#/wordle?daily=today&vs=")
    words = ["".join(WELSH.tiles(row["guess"])) for row in view.state.rows]
    text = "\n".join(lines[:6]).lower()
    assert not any(word in text for word in words)
    view.on_action("daily-copy", {}, None)
    assert view.copied == [card]


def test_the_squares_are_the_rows_marks():
    result = records.DailyResult("5", True, {"marks": "01200.22222"})
    assert wordle_squares(result) == ["⬜🟨🟩⬜⬜", "🟩🟩🟩🟩🟩"]


def test_a_friend_s_link_after_the_same_daily_shows_both_results_side_by_side(wordle):
    friend = solve(wordle.view(), misses=3)
    link = page_of(friend).one("pre", "daily-card").text().split("\n")[-1].removeprefix(PAGE)
    me = wordle.view(link, app=DailyApp(games=("wordle",)))
    assert page_of(me).all("p")  # (drawn before playing: waiting for this device's result)
    solve(me, misses=1)
    table = page_of(me).one("table", "daily-compare")
    rows = [[cell.text() for cell in row.all("th") + row.all("td")] for row in table.all("tr")]
    assert rows[1:] == [["Guesses", "2", "4"], ["Word language", "en", "en"]]


def test_the_daily_language_rules(wordle):
    """Rule 17.2: begun today: its language; else the address's; else today's not begun;
    else the interface's word list."""
    daily_language = wordle.language
    assert daily_language("de", ("cy", True), "en") == "cy"
    assert daily_language("de", ("cy", False), "en") == "de"
    assert daily_language(None, ("cy", False), "en") == "cy"
    assert daily_language("xx", None, "cy") == "cy"
    assert daily_language(None, None, "en") == "en"


def test_the_wordle_card_links_today_s_wordle_and_says_when_it_is_played(monkeypatch):
    from test_daily_hub import daily_line
    from test_hub_and_stats_pages import an_app

    app = an_app()
    line = daily_line(app, "wordle", monkeypatch, today=3)
    assert line.one("a").attrs["href"] == "#/wordle?daily=today"
    assert not line.all("span", "game-card-done")
    records.record(app.store, "wordle", 3, records.DailyResult("5", True, {"guesses": 4}))
    line = daily_line(app, "wordle", monkeypatch, today=3)
    assert line.one("span", "game-card-done").text() == "played ✓"
