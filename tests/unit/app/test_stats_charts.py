"""The statistics page's charts: the bars from the counts (app.charts.bins), the SVG
(app.charts.svg) and each game's figures with their text equivalent (app.views.
stats_charts), in English and Welsh."""

import json

import pytest
from app import scores
from app.charts import svg
from app.charts.bins import Bar, bars, round_width
from app.router import parse
from app.views.stats_charts import WORDLE_LEVELS
from app.views.stats_page import StatsView
from app.wordle import records as tournament_records
from games.wordle.players import PROTOCOL_LEVELS
from markup_tree import parse as parse_markup
from test_hub_and_stats_pages import an_app


def in_welsh(app):
    welsh = an_app("cy")
    welsh.store = app.store
    return welsh


def section(app, game):
    page = parse_markup(str(StatsView(app, parse("#/stats")).render()))
    return page.one("section", "stats-game", data_stats=game)


def widths(chart):
    """Each row's bar widths, by the row's label (a row with no games has no bar)."""
    drawing = chart.one("svg")
    labels = [n.text() for n in drawing.all("text", "end")]
    rects = drawing.all("rect")
    tops = sorted({float(r.attrs["y"]) for r in rects})
    found = {label: [] for label in labels}
    for rect in rects:
        found[labels[round(float(rect.attrs["y"]) / svg.ROW)]].append(float(rect.attrs["width"]))
    return found, tops


# --- bars -------------------------------------------------------------------------------


def test_wordle_draws_every_guess_from_1_to_6_and_the_words_not_solved():
    shown = bars({"4": 2, "3": 1, "x": 1}, last="4", fixed=range(1, 7))
    assert [(b.low, b.count, b.last) for b in shown] == [
        (1, 0, False), (2, 0, False), (3, 1, False), (4, 2, True),
        (5, 0, False), (6, 0, False), (None, 1, False),
    ]  # fmt: skip
    assert shown[-1].failed and bars({"2": 1}, last="x", fixed=range(1, 7))[-1].last


def test_many_values_fall_into_at_most_ten_ranges_of_a_round_width():
    assert [round_width(n) for n in (1, 10, 11, 20, 21, 50, 51, 101, 1001)] == [
        1, 1, 2, 2, 5, 5, 10, 20, 200,
    ]  # fmt: skip
    shots = {"17": 1, "44": 2, "45": 1, "61": 1, "80": 1}  # 17 to 80: 64 values, width 10
    shown = bars(shots, last="45")
    assert [(b.low, b.high, b.count) for b in shown] == [
        (10, 19, 1), (20, 29, 0), (30, 39, 0), (40, 49, 3), (50, 59, 0), (60, 69, 1),
        (70, 79, 0), (80, 89, 1),
    ]  # fmt: skip
    assert [b.last for b in shown].index(True) == 3 and sum(b.last for b in shown) == 1
    assert len(bars({str(n): 1 for n in range(0, 5000, 7)})) <= 10
    assert bars({}) == []


def test_margins_below_zero_have_their_own_ranges():
    shown = bars({"-12": 1, "-3": 2, "0": 1, "25": 3}, last="-3")  # 38 values: width 5
    assert [(b.low, b.high) for b in shown][:4] == [(-15, -11), (-10, -6), (-5, -1), (0, 4)]
    assert shown[0].low <= -12 and shown[-1].high >= 25
    assert any(b.low <= -3 <= b.high and b.last and b.count == 2 for b in shown)
    assert all(b.low % (b.high - b.low + 1) == 0 for b in shown)  # ranges start at 0's
    assert sum(b.count for b in shown) == 7


# --- SVG --------------------------------------------------------------------------------


def test_bars_are_as_long_as_their_games_and_a_row_of_none_has_no_bar():
    rows = [svg.Row("1", ((0, ""),), "0"), svg.Row("2", ((3, "last"),), "3"),
            svg.Row("3", ((1, "won"), (2, "lost")), "1 of 3"), svg.Row("X", ((6, ""),), "6")]  # fmt: skip
    drawing = parse_markup(svg.bar_rows(rows, "Guesses: a bar chart of 12 games")).one("svg")
    assert drawing.attrs["role"] == "img" and drawing.attrs["aria-label"].startswith("Guesses")
    rects = drawing.all("rect")
    assert len(rects) == 4  # none for the row of 0
    width = {r.attrs["class"]: float(r.attrs["width"]) for r in rects}
    longest = float(drawing.all("rect")[-1].attrs["width"])
    assert width["chart-bar last"] == pytest.approx(longest / 2, abs=0.1)
    assert width["chart-bar won"] == pytest.approx(longest / 6, abs=0.1)
    assert width["chart-bar lost"] == pytest.approx(longest / 3, abs=0.1)
    assert float(rects[-1].attrs["x"]) + longest < svg.WIDTH
    assert [n.text() for n in drawing.all("text")] == ["1", "0", "2", "3", "3", "1 of 3", "X", "6"]


def test_a_line_runs_through_each_rating_with_the_last_marked():
    drawing = parse_markup(svg.line([1500, 1540, 1520], "2026-11-01", "2026-12-07", "Rating"))
    points = drawing.one("polyline").attrs["points"].split()
    ys = [float(p.split(",")[1]) for p in points]
    assert len(points) == 3 and ys[1] < ys[2] < ys[0]  # higher is up
    assert [c.attrs["class"] for c in drawing.all("circle")][-1] == "chart-point last"
    assert {"1500", "1540", "2026-11-01", "2026-12-07"} <= {n.text() for n in drawing.all("text")}
    one = parse_markup(svg.line([1500], "2026-12-07", "2026-12-07", "Rating"))
    assert one.all("polyline") == [] and len(one.all("circle")) == 1


# --- the page ---------------------------------------------------------------------------


def test_wordle_shows_its_guesses_with_the_last_game_highlighted_and_a_table_of_them():
    app = an_app()
    for measure, won in ((4, True), (3, True), (4, True), ("x", False)):
        scores.record_result(app.store, "wordle", "duel", won=won, measure=measure, level="hard")
    scores.record_result(app.store, "wordle", "duel", won=True, measure=4, level="easy")
    chart = section(app, "wordle").one("figure", data_chart="distribution")
    assert chart.one("figcaption").text() == "Guess distribution"
    found, _ = widths(chart)
    assert list(found) == ["1", "2", "3", "4", "5", "6", "X"]
    assert found["4"][0] == pytest.approx(3 * found["3"][0], abs=0.2) and found["1"] == []
    assert found["3"] == found["X"]
    assert chart.one("rect", "last").attrs["width"] == str(found["4"][0]).rstrip("0").rstrip(".")
    table = chart.one("table", "visually-hidden")
    rows = [[c.text() for c in row.children if not isinstance(c, str)] for row in table.all("tr")]
    assert rows[0] == ["Guesses", "Games"]
    assert ["4", "3 (your last game)"] in rows and ["Not solved", "1"] in rows
    assert "Highlighted: your last game" in chart.text()
    side_by_side = section(app, "wordle").one("div", "charts").all("figure")
    assert [figure.attrs["data-chart"] for figure in side_by_side] == ["distribution", "levels"]
    levels = section(app, "wordle").one("figure", data_chart="levels")
    texts = [n.text() for n in levels.all("text")]
    assert texts == ["Beginner", "1 of 1", "Skilled", "3 of 4"]  # Wordle's own names, weakest first
    assert ["Skilled", "3", "1"] in [
        [c.text() for c in r.all() if c.tag in ("th", "td")] for r in levels.all("tr")
    ]


def test_a_migrated_record_says_its_chart_counts_from_now_on_and_welsh_speaks_welsh():
    app = an_app()
    old = {"classic": {"played": 5, "won": 3, "best": 40, "last": None, "totals": {}}}
    app.store.backend.set("gemau:stats:battleship", json.dumps({"v": 1, "rev": 1, "data": old}))
    assert section(app, "battleship").all("figure") == []  # nothing counted yet: no chart
    scores.record_result(app.store, "battleship", "classic", won=True, score=30, measure=30,
                         level="medium", higher_is_better=False)  # fmt: skip
    scores.record_result(app.store, "battleship", "classic", won=False, measure="x")
    chart = section(app, "battleship").one("figure", data_chart="distribution")
    assert "2 of 7 games" in chart.text() and chart.one("figcaption").text() == "Shots to win"
    found, _ = widths(chart)
    assert list(found)[-1] == "Lost" and found["Lost"] == found["30"]  # a bar of games lost
    assert "Lost" in [row.text() for row in chart.all("th", scope="row")]
    welsh = section(in_welsh(app), "battleship")
    assert (
        welsh.one("figure", data_chart="distribution").one("figcaption").text()
        == "Ergydion i ennill"
    )
    assert (
        "2 o 7 gêm" in welsh.text()
        and "Colli" in welsh.text()
        and "Canolig" in welsh.one("figure", data_chart="levels").text()
    )


def test_dominoes_margins_are_explained_and_marbles_scores_drawn_in_ranges():
    app = an_app()
    for margin in (-30, 12, 45):
        scores.record_result(app.store, "dominoes", "2", won=margin > 0, score=100, measure=margin)
    for score in (40, 180, 95):
        scores.record_result(app.store, "marbles", "5", won=None, score=score, measure=score)
    dominoes = section(app, "dominoes").one("figure", data_chart="distribution")
    assert "below 0, a loss" in dominoes.text() and "−30 to −21" in dominoes.text()
    marbles = section(app, "marbles").one("figure", data_chart="distribution")
    assert "20 to 39" not in marbles.text() and "40 to 59" in marbles.text()
    assert section(app, "marbles").all("figure", data_chart="levels") == []  # no computer


def test_the_tournament_rating_is_a_line_over_the_players_last_tournaments():
    app = an_app()
    data = tournament_records.set_my_name(tournament_records.empty_ratings(), "Ana")
    for rating, change, date in ((1520, 20, "2026-12-01"), (1490, -30, "2026-12-05")):
        data = tournament_records.add_result(data, "Ana", rating, change, 2, date)
    app.store.save(tournament_records.RATING, data)
    chart = section(app, "wordle").one("figure", data_chart="rating")
    label = chart.one("svg").attrs["aria-label"]
    assert "2 tournaments" in label and "2026-12-01" in label and "1,490" in label
    rows = [[c.text() for c in r.all() if c.tag in ("th", "td")] for r in chart.all("tr")]
    assert rows == [
        ["Date", "Rating", "Change"],
        ["2026-12-01", "1,520", "+20"],
        ["2026-12-05", "1,490", "−30"],
    ]
    welsh = section(in_welsh(app), "wordle").one("figure", data_chart="rating")
    assert welsh.one("figcaption").text() == "Eich gradd dros amser" and "Gradd" in welsh.text()


def test_no_chart_until_a_game_is_counted():
    assert parse_markup(str(StatsView(an_app(), parse("#/stats")).render())).all("figure") == []


def test_wordle_level_names_follow_the_games_own():
    assert {protocol: name for name, protocol in PROTOCOL_LEVELS.items()} == WORDLE_LEVELS


def test_a_bar_of_the_words_not_solved_is_failed():
    assert Bar(None, None, 2, False).failed and not Bar(1, 1, 0, False).failed
