"""Today's game by the calendar (app.daily.days): numbers, seeds, streaks."""

from datetime import date
from unittest import mock

import pytest
from app import midend
from app.daily import days
from games.common.protocol import MAX_SEED


def test_the_first_daily_is_number_1_on_2026_12_07():
    assert days.number_of(date(2026, 12, 7)) == 1
    assert days.number_of(date(2026, 12, 8)) == 2
    assert days.number_of(date(2027, 12, 7)) == 366
    assert days.day_of(366) == date(2027, 12, 7)


def test_a_date_is_read_from_its_iso_text_and_nothing_else_is():
    assert days.number_of_iso("2026-12-09") == 3
    for bad in ("2026-12-06", "2026-13-01", "yesterday", "", None, "9999-12-31"):
        assert days.number_of_iso(bad) is None  # type: ignore[arg-type]


def test_the_same_day_game_and_variant_give_everyone_the_same_seed():
    assert days.daily_seed(5, "marbles", "5") == days.daily_seed(5, "marbles", "5")
    seeds = {
        days.daily_seed(number, game, variant)
        for number in (1, 2, 3)
        for game in ("marbles", "battleship")
        for variant in ("5", "4")
    }
    assert len(seeds) == 12  # another day, game or variant: another game


def test_daily_seeds_are_never_ordinary_games_seeds():
    for number in range(1, 400):
        seed = days.daily_seed(number, "wordle", "en-5")
        assert days.is_daily_seed(seed) and seed <= MAX_SEED
    with mock.patch("random.SystemRandom.randrange", side_effect=lambda low, high: high - 1):
        assert not days.is_daily_seed(midend.fresh_seed())  # the highest it can draw


@pytest.mark.parametrize("bad", [0, -1, True, 1.0, "1", days.MAX_NUMBER + 1])
def test_a_seed_is_refused_for_what_is_not_a_daily_number(bad):
    with pytest.raises(ValueError):
        days.daily_seed(bad, "marbles", "5")


def test_a_streak_counts_days_in_a_row_up_to_today():
    assert days.current_streak([], 10) == 0
    assert days.current_streak([8, 9, 10], 10) == 3
    assert days.current_streak([7, 9, 10], 10) == 2


def test_a_streak_stands_until_today_is_over_and_a_missed_day_ends_it():
    assert days.current_streak([8, 9], 10) == 2  # today's daily may still be played
    assert days.current_streak([7, 8], 10) == 0  # yesterday was missed


def test_the_longest_streak_is_the_longest_run_of_days():
    assert days.longest_streak([]) == 0
    assert days.longest_streak([1, 2, 3, 5, 6, 9]) == 3
    assert days.longest_streak([4]) == 1


@pytest.mark.parametrize(
    ("clock", "number"),
    [(date(2026, 12, 9), 3), (date(2026, 1, 1), 1), (date(9999, 1, 1), days.MAX_NUMBER)],
)
def test_today_is_the_device_s_date_and_a_clock_out_of_range_gets_the_nearest_daily(
    monkeypatch, clock, number
):
    from app.daily import today

    monkeypatch.setattr(today, "date", type("Clock", (), {"today": staticmethod(lambda: clock)}))
    assert today.today_number() == number
