"""Today's Deblockle (docs/rules/deblockle.md 13): the day's start against the computer at
medium, the same on every device, with one try; its result is won or lost, the turns and the
player's blocks off, shared without a square."""

from types import SimpleNamespace

import pytest
from app.daily import records, share
from app.daily.days import daily_seed
from app.daily.games import DAILIES
from app.deblockle.frontend import FRONTEND
from app.frame.frontend import Command, Input
from app.i18n import Translator
from app.midend import HUMAN, computer
from daily_stand_ins import TODAY, DailyApp, daily_views
from markup_tree import parse as parse_markup

ADDRESS = "#/deblockle?daily=today"


@pytest.fixture
def make_view(import_without_browser, monkeypatch):
    return daily_views(import_without_browser, monkeypatch)


def deblockle(make_view, app=None):
    return make_view(ADDRESS, app=app or DailyApp(games=["deblockle"]), frontend=FRONTEND)


def test_every_device_gets_the_same_start_against_the_computer_at_medium(make_view):
    one, other = deblockle(make_view), deblockle(make_view)
    assert one.midend.seed == daily_seed(TODAY, "deblockle", "medium")
    assert one.state.to_json() == other.state.to_json()
    assert one.midend.seats == [HUMAN, computer("medium")]
    assert one.state.options["blocks"] == [4, 4] and not one.state.options["no_side_by_side"]
    banner = parse_markup(str(one.render())).one("section", "daily-banner")
    assert banner.one("h2").text() == "Today's Deblockle · Gemau #3"


def test_a_daily_has_one_try_no_new_game_dialog_play_again_or_undo(make_view):
    view = deblockle(make_view)
    seed = view.midend.seed
    for given in (Input("new-dialog"), Input("again"), Input("start"), Input("undo")):
        view.handle(given)
    view.command(Command("new"))
    assert view.ui.choices is None and view.midend.seed == seed and view.app.asked == []


def a_finished_game(winner, turns, blocks_off):
    """What a daily's result reads of a finished game (its engine's State's names)."""
    removed = SimpleNamespace(removed=[blocks_off, 4 if winner == 1 else 3])
    return SimpleNamespace(result={"winner": winner}, history=["c3N"] * turns, position=removed)


def test_the_result_is_won_or_lost_with_the_turns_and_blocks_off_and_no_square():
    result = DAILIES["deblockle"].summary(a_finished_game(0, 1, 4))
    assert result == records.DailyResult("medium", True, {"turns": 1, "blocks": 4})
    for language, line in (
        ("en", "🟨 Won in 1 turns · 4 blocks off"),
        ("cy", "🟨 Ennill mewn 1 tro · 4 bloc i ffwrdd"),
    ):
        card = share.share_text(
            Translator(language),
            "deblockle",
            TODAY,
            DAILIES["deblockle"],
            result,
            records.Streaks(1, 1),
            "https://example.org/",
        )
        assert card.split("\n")[1] == line
    lost = DAILIES["deblockle"].summary(a_finished_game(1, 40, 2))
    assert lost == records.DailyResult("medium", False, {"turns": 40, "blocks": 2})
    assert share.share_key("deblockle", lost) == "daily.share.deblockle.lost"


def test_the_window_of_a_game_with_a_winner_counts_the_dailies_won():
    from app.daily.panel import DailyPage, window

    mine = records.DailyResult("medium", True, {"turns": 30, "blocks": 4})
    page = DailyPage(
        "deblockle",
        TODAY,
        DAILIES["deblockle"],
        records.Streaks(1, 2),
        records.Tally(3, 2),
        mine,
        None,
        "",
        "the card",
        False,
    )
    for language, said in (
        ("en", "Streak: 1 · Best streak: 2 · Dailies played: 3, won: 2"),
        ("cy", "Rhediad: 1 · Rhediad gorau: 2 · Gemau dyddiol: 3, wedi ennill: 2"),
    ):
        shown = parse_markup(str(window(Translator(language), page)))
        assert shown.one("p", "daily-streak").text() == said
