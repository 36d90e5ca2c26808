"""What the statistics' charts count, kept in each variant's statistics (app.scores,
version 2), from the games finished since that version:

    counts  {value: games}  the game's chart measure (app.frame.frontend.Result.measure):
                            a whole number as text ("4", "-12"), or FAILED ("x") for a
                            game not done (a Wordle word not solved)
    levels  {level: {"won": games, "lost": games}}  games against the computer, by its level
    before  the games played before the charts began counting (version 1's, migrated)
"""

from typing import Any

from games.common.protocol import LEVELS

FAILED = "x"
MAX_VALUES = 1000  # different values kept (a score chart's); more is not a record of ours


def measure_key(measure: int | str) -> str:
    """The counts' key of a measure: the number as text, or FAILED."""
    return FAILED if measure == FAILED else str(int(measure))


def _is_key(key: object) -> bool:
    if key == FAILED:
        return True
    return isinstance(key, str) and key.lstrip("-").isdigit() and key == str(int(key))


def _is_count(value: object) -> bool:
    return type(value) is int and value > 0


def clean_counts(data: Any) -> dict[str, int]:
    """The good counts (a bad one is dropped alone); too many values: none."""
    if not isinstance(data, dict) or len(data) > MAX_VALUES:
        return {}
    return {key: n for key, n in data.items() if _is_key(key) and _is_count(n)}


def clean_before(data: Any, played: int) -> int:
    """The games played uncounted: a whole number up to those played (else none)."""
    return data if type(data) is int and 0 <= data <= played else 0


def clean_levels(data: Any) -> dict[str, dict[str, int]]:
    """The good levels (a bad one is dropped alone)."""
    if not isinstance(data, dict):
        return {}
    return {
        level: {"won": tally["won"], "lost": tally["lost"]}
        for level, tally in data.items()
        if level in LEVELS
        and isinstance(tally, dict)
        and set(tally) == {"won", "lost"}
        and all(type(n) is int and n >= 0 for n in tally.values())
    }


def counted(counts: dict[str, int], measure: int | str) -> dict[str, int]:
    """The counts with one more game of this measure."""
    key = measure_key(measure)
    return {**counts, key: counts.get(key, 0) + 1}


def leveled(levels: dict[str, dict[str, int]], level: str, won: bool) -> dict[str, dict]:
    """The levels with one more game against the computer at `level`, won or lost."""
    tally = dict(levels.get(level) or {"won": 0, "lost": 0})
    tally["won" if won else "lost"] += 1
    return {**levels, level: tally}


def computer_level(levels: list[str]) -> str | None:
    """The level of a game's computers (their seats' levels), when they share one."""
    found = set(levels)
    return found.pop() if len(found) == 1 and found <= set(LEVELS) else None
