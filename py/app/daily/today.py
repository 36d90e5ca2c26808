"""Today's daily number, by this device's local date: the player's day, as NYT's games count
it (Pyodide's clock is the browser's, in its time zone)."""

from datetime import date

from .days import number_of


def today_number() -> int:
    return number_of(date.today())
