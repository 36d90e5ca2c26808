"""Today's game of Marbles on the one game view (app.frame.daily_play) under CPython: the same
game on every device on a day, one try (no undo, new game, restart or hint), kept apart from
the ordinary game and statistics, its result and streak kept, its share card spoiler-free
with a link that compares a friend's result, and a damaged link refused in plain words.
Rules of record: docs/rules/README.md (Today's game) and docs/rules/marbles.md 12."""

import re

import pytest
from app import saved_games, scores
from app.daily import records, share
from app.daily.days import daily_seed
from app.daily.games import DAILIES
from app.frame.frontend import Command, Input
from daily_stand_ins import PAGE, TODAY, DailyApp, daily_views
from games.common.rng import SeededRng
from markup_tree import parse as parse_markup
from test_game_view import play_one


@pytest.fixture
def make_view(import_without_browser, monkeypatch):
    return daily_views(import_without_browser, monkeypatch)


def finish(view, rng_seed=5):
    rng = SeededRng(rng_seed)
    while not view.state.is_over:
        play_one(view, rng)
    return view


def page_of(view):
    return parse_markup(str(view.render()))


def marked(page, tag, attribute):
    """The elements of `page` with this tag that carry this attribute."""
    return [node for node in page.all(tag) if attribute in node.attrs]


def test_every_device_gets_the_same_daily_on_the_same_day(make_view):
    one, other = make_view(), make_view()
    assert one.midend.seed == other.midend.seed == daily_seed(TODAY, "marbles", "5")
    assert one.state.to_json() == other.state.to_json()
    assert one.state.min_line == 5  # 5 in a row, whatever the player last chose
    banner = page_of(one).one("section", "daily-banner")
    assert banner.one("a").attrs["href"] == "#/marbles"  # the ordinary game, one step away
    one.day[0] = TODAY + 1
    tomorrow = make_view(app=DailyApp())
    assert tomorrow.state.to_json() != one.state.to_json()


def test_the_daily_is_saved_apart_and_leaves_the_game_in_progress_alone(make_view):
    ordinary = make_view("#/marbles")
    play_one(ordinary, SeededRng(1))
    kept = saved_games.load(ordinary.app.store, "marbles").data
    daily = make_view(app=DailyApp(ordinary.app.store))
    play_one(daily, SeededRng(2))
    assert saved_games.load(daily.app.store, "marbles").data == kept
    assert saved_games.load(daily.app.store, "marbles-daily").data["meta"]["frame"]["moves"]


def test_a_daily_has_one_try_no_undo_new_game_restart_or_hint(make_view):
    view = make_view()
    play_one(view, SeededRng(1))
    moves, seed = list(view.midend.moves), view.midend.seed
    for given in (Input("undo"), Input("new"), Input("restart"), Input("hint")):
        view.handle(given)
    view.handle(Input("key", key="u"))
    view.command(Command("undo"))
    view.command(Command("new"))
    assert view.midend.moves == moves and view.midend.seed == seed
    assert view.ui.hint is None and view.app.asked == []


def test_a_finished_daily_counts_in_its_own_records_alone(make_view):
    view = finish(make_view())
    store = view.app.store
    assert scores.stats_for(store, "marbles") == {} and scores.rankings_for(store, "marbles") == {}
    mine = records.result_of(store, "marbles", TODAY)
    assert mine.figures == {
        "score": view.state.score,
        "lines": view.state.lines,
        "moves": view.state.moves,
    }
    assert records.streaks(store, "marbles", TODAY) == records.Streaks(1, 1)
    again = make_view(app=DailyApp(store))  # opened again on the same day: the same, finished
    assert again.state.is_over and again.state.to_json() == view.state.to_json()
    assert records.streaks(store, "marbles", TODAY).current == 1


def test_the_share_card_says_how_it_went_and_nothing_of_the_position(make_view):
    view = finish(make_view())
    window = page_of(view).one("dialog", "daily-over")
    assert "data-game-over" in window.attrs
    card = window.one("pre", "daily-card").text()
    streak = window.one("p", "daily-streak").text()
    assert streak == "Streak: 1 · Best streak: 1 · Dailies played: 1"
    lines = card.split("\n")
    assert lines[0] == "Gemau #3 · Marbles"
    assert lines[1] == (
        f"🔵 {view.state.score} points · {view.state.lines} lines · {view.state.moves} moves"
    )
    assert lines[2] == "Streak: 1"
    assert lines[3].startswith(PAGE + "#/marbles?daily=today&vs=")
    assert str(view.midend.seed) not in card and not re.search(r"\b[A-I][1-9]\b", card)
    view.on_action("daily-copy", {}, None)
    assert view.copied == [card]


def test_a_friend_s_link_after_the_same_daily_shows_both_results_side_by_side(make_view):
    friend = finish(make_view())
    link = page_of(friend).one("pre", "daily-card").text().split("\n")[-1]
    me = make_view(link.removeprefix(PAGE), app=DailyApp())
    assert marked(page_of(me), "p", "data-daily-waiting")
    assert not page_of(me).all("table", "daily-compare")  # not before this device has played
    finish(me, rng_seed=9)
    table = page_of(me).one("table", "daily-compare")
    rows = [[cell.text() for cell in row.all("th") + row.all("td")] for row in table.all("tr")]
    assert rows[1] == ["Points", str(me.state.score), str(friend.state.score)]
    assert rows[2] == ["Lines", str(me.state.lines), str(friend.state.lines)]
    assert me.share_href() == link.removeprefix(PAGE)  # the address keeps the friend's result


@pytest.mark.parametrize(
    ("vs", "why"),
    [
        ("not-a-token!", "daily.link.damaged"),
        ("eJzLSM3JyVcozy_KSQEAGgQEXQ", "daily.link.damaged"),  # "hello world", packed
        ("A" * 500, "daily.link.damaged"),
        (share.token("deblockle", 3, records.DailyResult("5", None, {})), "daily.link.other_game"),
        (share.token("marbles", 3, records.DailyResult("4", None, {})), "daily.link.damaged"),
        (share.token("marbles", 0, records.DailyResult("5", None, {})), "daily.link.damaged"),
    ],
)
def test_a_damaged_link_is_refused_in_plain_words_and_the_daily_plays_on(make_view, vs, why):
    for language in ("en", "cy"):
        view = make_view(f"#/marbles?daily=today&vs={vs}", app=DailyApp(language=language))
        (refused,) = marked(page_of(view), "p", "data-daily-refused")
        assert refused.text() == view.t(why) and view.t(why) != why
        assert view.daily.friend is None and not view.state.is_over


def test_a_friend_s_result_of_another_day_is_named_not_compared(make_view):
    friend = finish(make_view())
    link = page_of(friend).one("pre", "daily-card").text().split("\n")[-1].removeprefix(PAGE)
    friend.day[0] = TODAY + 1
    view = make_view(link, app=DailyApp())
    before = page_of(view)  # another day's result is no result to wait for
    assert not marked(before, "p", "data-daily-waiting")
    assert len(marked(before, "p", "data-daily-other-day")) == 1
    finish(view)
    page = page_of(view)
    assert not page.all("table", "daily-compare")
    assert marked(page, "p", "data-daily-other-day")[0].text() == (
        "Your friend's result is from Gemau #3, another day's game, so it is not compared "
        "with today's."
    )


def test_every_game_with_a_daily_names_its_figures_in_english_and_welsh():
    from app.i18n import Translator

    for language in ("en", "cy"):
        t = Translator(language)
        for game, rules in DAILIES.items():
            won_or_lost = t.has(f"daily.share.{game}.won") and t.has(f"daily.share.{game}.lost")
            assert t.has(f"daily.share.{game}") or won_or_lost
            assert all(t.has(f"daily.figure.{name}") for name in rules.figures)


def test_a_daily_left_unfinished_is_gone_the_next_day_and_that_day_is_missed(make_view):
    view = make_view()
    play_one(view, SeededRng(1))
    resumed = make_view(app=DailyApp(view.app.store))  # the same day: carried on
    assert resumed.midend.moves == view.midend.moves
    view.day[0] = TODAY + 1
    tomorrow = make_view(app=DailyApp(view.app.store))
    assert tomorrow.midend.seed == daily_seed(TODAY + 1, "marbles", "5")
    assert tomorrow.midend.moves == [] and not tomorrow.state.is_over
    assert records.result_of(view.app.store, "marbles", TODAY) is None
    assert records.streaks(view.app.store, "marbles", TODAY + 1).current == 0
