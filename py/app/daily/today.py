"""Today's daily number, by this device's local date: the player's day, as NYT's games count
it (Pyodide's clock is the browser's, in its time zone)."""

from datetime import date

from .days import MAX_NUMBER, number_of


def today_number() -> int:
    """(A clock set before the first daily, or centuries on, gets the nearest one.)"""
    return min(max(number_of(date.today()), 1), MAX_NUMBER)
