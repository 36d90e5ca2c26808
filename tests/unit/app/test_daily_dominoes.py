"""Today's Dominoes (docs/rules/dominoes.md 12): the day's deals, the player against one
computer at medium to 100, the same on every device, with one try; its result is won or lost
with both sides' points and the hands played, shared without a tile."""

from types import SimpleNamespace

import pytest
from app.daily import records, share
from app.daily.days import daily_seed
from app.daily.games import DAILIES
from app.dominoes.frontend import FRONTEND
from app.frame.frontend import Command, Input
from app.i18n import Translator
from app.midend import HUMAN, computer
from daily_stand_ins import TODAY, DailyApp, daily_views
from games.dominoes.table import Table
from markup_tree import parse as parse_markup

ADDRESS = "#/dominoes?daily=today"
RULES = DAILIES["dominoes"]


@pytest.fixture
def make_view(import_without_browser, monkeypatch):
    return daily_views(import_without_browser, monkeypatch)


def dominoes(make_view):
    return make_view(ADDRESS, app=DailyApp(games=["dominoes"]), frontend=FRONTEND)


def test_every_device_gets_the_same_deals_against_one_computer_to_100(make_view):
    one, other = dominoes(make_view), dominoes(make_view)
    assert one.midend.seed == daily_seed(TODAY, "dominoes", "medium")
    assert one.state.to_json() == other.state.to_json()
    assert one.midend.seats == [HUMAN, computer("medium")]
    assert one.state.table == Table(2, False, 100)
    banner = parse_markup(str(one.render())).one("section", "daily-banner")
    assert banner.one("h2").text() == "Today's Dominoes · Gemau #3"


def test_a_daily_has_one_try_no_new_game_play_again_or_undo(make_view):
    view = dominoes(make_view)
    seed = view.midend.seed
    for given in (Input("new"), Input("again"), Input("undo")):
        view.handle(given)
    view.command(Command("new"))
    view.command(Command("setup"))
    assert view.midend.seed == seed and view.app.asked == [] and view.ui.setup is None


def a_finished_game(winner_team, scores, hands):
    return SimpleNamespace(
        table=Table(2, False, 100),
        scores=scores,
        result={"winner_team": winner_team},
        hand_summaries=[{}] * hands,
    )


def test_the_result_is_won_or_lost_with_both_sides_points_and_the_hands():
    won = RULES.summary(a_finished_game(0, [105, 60], 4))
    assert won == records.DailyResult("medium", True, {"points": 105, "against": 60, "hands": 4})
    lost = RULES.summary(a_finished_game(1, [35, 100], 3))
    assert lost.won is False and lost.figures["against"] == 100
    for language, line in (
        ("en", "🟫 Won 105 to 60 in 4 hands"),
        ("cy", "🟫 Ennill 105 i 60 mewn 4 llaw"),
    ):
        card = share.share_text(
            Translator(language), "dominoes", TODAY, RULES, won, records.Streaks(2, 2), "x/"
        )
        assert card.split("\n")[1] == line
