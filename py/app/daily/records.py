"""What a device keeps of its dailies, per game, apart from the ordinary statistics, rankings
and ratings (which a daily never counts in: anyone can know a daily's hidden information).

daily:<game>  {"results": {"<number>": RESULT}, "run": [its last day, its length] or None,
               "best": the longest streak ever}
RESULT        {"variant": str, "won": bool or None, "figures": {name: int or short text}}

One result a day: the first finished daily of a day is that day's (one try on each device;
between devices it is the honour system). The newest KEPT days are kept; the latest run of
days in a row and the best streak outlive the days they were made of. A damaged result is
dropped alone, a damaged record reset.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.common.protocol import Json

from ..storage import Schema, StorageFull, Store
from .days import current_streak, is_number, longest_streak, run_ending

VERSION = 1
KEPT = 400  # days of results kept: more than a year of streaks and comparisons
MAX_FIGURE = 10**9
MAX_FIGURES = 12
FIGURE_TEXT = re.compile(r"[a-zA-Z0-9.-]{0,80}")  # as text (Wordle's X, its marks)
FIGURE_NAME = re.compile(r"[a-z_]{1,20}")
VARIANT = re.compile(r"[a-z0-9-]{1,20}")


@dataclass(frozen=True)
class DailyResult:
    variant: str
    won: bool | None
    figures: Mapping[str, int | str] = field(default_factory=dict)

    def to_json(self) -> Json:
        return {"variant": self.variant, "won": self.won, "figures": dict(self.figures)}


@dataclass(frozen=True)
class Streaks:
    current: int
    best: int


def name_of(game: str) -> str:
    return f"daily:{game}"


def empty() -> Json:
    return {"results": {}, "run": None, "best": 0}


def figure_ok(value: object) -> bool:
    if type(value) is int:
        return 0 <= value <= MAX_FIGURE
    return isinstance(value, str) and FIGURE_TEXT.fullmatch(value) is not None


def result_from(data: object) -> DailyResult | None:
    """A stored or received result, or None when it is not well formed."""
    if not isinstance(data, dict) or set(data) != {"variant", "won", "figures"}:
        return None
    variant, won, figures = data["variant"], data["won"], data["figures"]
    if not isinstance(variant, str) or VARIANT.fullmatch(variant) is None:
        return None
    if won is not None and not isinstance(won, bool):
        return None
    if not isinstance(figures, dict) or len(figures) > MAX_FIGURES:
        return None
    if not all(FIGURE_NAME.fullmatch(k) and figure_ok(v) for k, v in figures.items()):
        return None
    return DailyResult(variant, won, dict(figures))


def day_key(text: object) -> int | None:
    """The day's number a results key names ("12"), or None."""
    if not isinstance(text, str) or not text.isdigit() or text != str(int(text)):
        return None
    number = int(text)
    return number if is_number(number) else None


def clean(data: object) -> Json:
    if not isinstance(data, dict) or not isinstance(data.get("results"), dict):
        raise ValueError("not a daily record")
    results = {}
    for key, stored in data["results"].items():
        number, result = day_key(key), result_from(stored)
        if number is not None and result is not None:  # a bad day is dropped alone
            results[number] = result.to_json()
    days = sorted(results)
    run = checked_run(data.get("run"), days)
    best = data.get("best")
    best = best if type(best) is int and best >= 0 else 0
    return {
        "results": {str(n): results[n] for n in days[-KEPT:]},
        "run": run,
        "best": max(best, longest_streak(days), run[1] if run else 0),
    }


def checked_run(run: object, days: list[int]) -> list[int] | None:
    """The latest run as stored, if it agrees with the days kept (it ends on the last, and
    is at least as long as the days kept show), else as the days kept show it."""
    if not days:
        return None
    shown = run_ending(days, days[-1])
    if isinstance(run, list) and len(run) == 2 and all(type(n) is int for n in run):
        end, length = run
        if end == days[-1] and shown <= length <= end:
            return [end, length]
    return [days[-1], shown]


def register(store: Store, games: tuple[str, ...] | list[str]) -> None:
    for game in games:
        store.register(Schema(name_of(game), VERSION, empty, clean))


def result_of(store: Store, game: str, number: int) -> DailyResult | None:
    """This device's result of `game`'s daily number `number`, if it was played."""
    return result_from(store.load(name_of(game)).data["results"].get(str(number)))


def record(store: Store, game: str, number: int, result: DailyResult) -> bool:
    """Keep the day's result; False when the day has one already (or the device is full:
    the storage layer has told the player)."""
    kept = False

    def add(data: Json) -> Json:
        nonlocal kept
        if str(number) in data["results"]:
            return data
        kept = True
        data["results"][str(number)] = result.to_json()
        run = data["run"]
        if run is not None and run[0] == number - 1:
            data["run"] = [number, run[1] + 1]  # (beyond the days kept, too)
        return clean(data)

    try:
        store.update(name_of(game), add)
    except StorageFull:
        return False
    return kept


@dataclass(frozen=True)
class Tally:
    played: int  # dailies finished, in the days kept
    won: int  # of them, those won (games with a winner)


def tally(store: Store, game: str) -> Tally:
    results = store.load(name_of(game)).data["results"].values()
    return Tally(len(results), sum(1 for result in results if result["won"] is True))


def streaks(store: Store, game: str, today: int) -> Streaks:
    """The current streak (up to today; it stands through today until today is over) and
    the best one."""
    data: Any = store.load(name_of(game)).data
    run = data["run"]
    if run is not None and today - 1 <= run[0] <= today:
        current = run[1]
    else:  # (a missed day; or a clock set back before the last daily played)
        current = current_streak([int(key) for key in data["results"]], today)
    return Streaks(current, max(data["best"], current))
