"""Today's game by the calendar: a day's number ("Gemau #1" on 2026-12-07, the player's local
date), the seed of a game's daily on that day, and streaks of days. Pure: the date comes from
the caller (app.browser.local_date_iso in the page).

Seeds. A daily's seed is a hash of the day's number, the game and its variant, put in the top
half of the seeds a game can have, [DAILY_SEEDS, MAX_SEED]; a new ordinary game's seed is drawn
below it (app.midend.fresh_seed). Anyone who reads this code can work out a daily, as anyone
can a game started from a number (docs/rules/README.md, Fairness), but no daily is an
ordinary game: the two sets of seeds never meet.
"""

import hashlib
from collections.abc import Iterable
from datetime import date, timedelta

from games.common.protocol import MAX_SEED

FIRST_DAY = date(2026, 12, 7)  # Gemau #1
DAILY_SEEDS = (MAX_SEED + 1) // 2  # the lowest daily seed; ordinary seeds are below it
MAX_NUMBER = 100_000  # a daily number past this (in the year 2300) is not one


def number_of(day: date) -> int:
    """The day's daily number: 1 on FIRST_DAY (0 or less before it)."""
    return (day - FIRST_DAY).days + 1


def day_of(number: int) -> date:
    return FIRST_DAY + timedelta(days=number - 1)


def number_of_iso(text: str) -> int | None:
    """The daily number of a date written YYYY-MM-DD, or None when it is not one or is
    before the first daily."""
    try:
        number = number_of(date.fromisoformat(text))
    except (TypeError, ValueError):
        return None
    return number if 1 <= number <= MAX_NUMBER else None


def is_number(value: object) -> bool:
    """Is this a daily's number (an int from 1 to MAX_NUMBER, not a bool)?"""
    return type(value) is int and 1 <= value <= MAX_NUMBER


def daily_seed(number: int, game: str, variant: str) -> int:
    """The seed of `game`'s daily number `number` in `variant` (the same for everyone)."""
    if not is_number(number):
        raise ValueError("not a daily number")
    digest = hashlib.sha256(f"gemau-daily/{game}/{variant}/{number}".encode()).digest()
    return DAILY_SEEDS + int.from_bytes(digest[:8], "big") % (MAX_SEED - DAILY_SEEDS + 1)


def is_daily_seed(seed: int) -> bool:
    return DAILY_SEEDS <= seed <= MAX_SEED


def current_streak(days: Iterable[int], today: int) -> int:
    """Days in a row with a daily played, up to today; a streak whose last day is yesterday
    still stands (today's may still be played), one that missed a day is over."""
    played = set(days)
    return run_ending(played, today if today in played else today - 1)


def run_ending(days: Iterable[int], last: int) -> int:
    """How many days in a row were played, ending on the day `last`."""
    played = set(days)
    streak = 0
    while last - streak in played:
        streak += 1
    return streak


def longest_streak(days: Iterable[int]) -> int:
    """The most days in a row with a daily played."""
    played = set(days)
    best = 0
    for day in played:
        if day - 1 not in played:  # the first day of a run
            length = 1
            while day + length in played:
                length += 1
            best = max(best, length)
    return best
