"""Statistics and rankings for every game, per version (variant) of the game.

stats:<game>    {variant: {"played", "won", "best", "last", "totals": {figure: sum},
                           "counts", "levels", "before"}}   (the charts' tallies:
                                                            app.charts.tallies)
rankings:<game> {variant: [{"score", "date", "figures"}, ...]}  best first, at most 20

Version 2 of stats added the charts' tallies; version 1's variants get empty ones, and
"before" the games they had played (the charts count the games from then on, and say so).
"""

from collections.abc import Iterable, Mapping
from typing import Any

from games.common.protocol import Json

from .charts import tallies
from .storage import Schema, Store

RANKING_SIZE = 20
STATS_VERSION = 2
NUMBER = (int, float)


def _is_number(value: object) -> bool:
    return isinstance(value, NUMBER) and not isinstance(value, bool)


def _figures_ok(figures: object) -> bool:
    return isinstance(figures, dict) and all(
        isinstance(k, str) and (_is_number(v) or isinstance(v, str)) for k, v in figures.items()
    )


def clean_stats(data: object) -> Json:
    if not isinstance(data, dict):
        raise ValueError("stats must be an object")
    cleaned = {}
    for variant, entry in data.items():
        good = (
            isinstance(entry, dict)
            and all(type(entry.get(k)) is int and entry[k] >= 0 for k in ("played", "won"))
            and entry["won"] <= entry["played"]
            and (entry.get("best") is None or _is_number(entry.get("best")))
            and (entry.get("last") is None or _figures_ok(entry.get("last")))
            and _figures_ok(entry.get("totals"))
        )
        if good:  # a bad variant is dropped alone; the others stay
            cleaned[variant] = {
                **{k: entry.get(k) for k in ("played", "won", "best", "last", "totals")},
                "counts": tallies.clean_counts(entry.get("counts")),
                "levels": tallies.clean_levels(entry.get("levels")),
                "before": tallies.clean_before(entry.get("before"), entry["played"]),
            }
    return cleaned


def stats_with_tallies(data: object) -> object:
    """Version 1's statistics as version 2's: each variant with no chart tallies yet."""
    if not isinstance(data, dict):
        return data  # (clean_stats refuses it)
    return {
        variant: {**entry, "counts": {}, "levels": {}, "before": entry.get("played")}
        if isinstance(entry, dict)
        else entry
        for variant, entry in data.items()
    }


def clean_rankings(data: object) -> dict[str, list[Json]]:
    if not isinstance(data, dict):
        raise ValueError("rankings must be an object")
    cleaned = {}
    for variant, rows in data.items():
        if isinstance(rows, list):
            good = [
                row
                for row in rows
                if isinstance(row, dict)
                and set(row) == {"score", "date", "figures"}
                and _is_number(row["score"])
                and isinstance(row["date"], str)
                and _figures_ok(row["figures"])
            ]
            cleaned[variant] = good[:RANKING_SIZE]
    return cleaned


def register(store: Store, games: Iterable[str]) -> None:
    for game in games:
        store.register(
            Schema(f"stats:{game}", STATS_VERSION, dict, clean_stats, {1: stats_with_tallies})
        )
        store.register(Schema(f"rankings:{game}", 1, dict, clean_rankings))


def record_result(
    store: Store,
    game: str,
    variant: str,
    *,
    won: bool | None,
    score: float | None = None,
    figures: Mapping[str, Any] | None = None,
    date: str = "",
    higher_is_better: bool = True,
    measure: int | str | None = None,
    level: str | None = None,
) -> int | None:
    """Count one finished game. Returns its place in the rankings (1-based) or None.
    won=None is for games without a winner (Marbles): they count as played only.
    `measure`: what the game's distribution chart counts (app.charts.tallies); `level`: the
    computer's, for a game won or lost against it."""
    figures = dict(figures or {})
    totals_added = {**figures, **({"score": score, "scored": 1} if score is not None else {})}

    def add_to_stats(stats: Json) -> Json:
        entry = stats.get(variant) or {
            "played": 0,
            "won": 0,
            "best": None,
            "last": None,
            "totals": {},
            "counts": {},
            "levels": {},
            "before": 0,
        }
        entry["played"] += 1
        entry["won"] += 1 if won else 0
        if score is not None and (
            entry["best"] is None
            or (score > entry["best"] if higher_is_better else score < entry["best"])
        ):
            entry["best"] = score
        entry["last"] = {
            **figures,
            **({"score": score} if score is not None else {}),
            **({"won": int(won)} if won is not None else {}),
            **({"measure": tallies.measure_key(measure)} if measure is not None else {}),
        }
        if measure is not None:
            entry["counts"] = tallies.counted(entry["counts"], measure)
        if level is not None and won is not None:
            entry["levels"] = tallies.leveled(entry["levels"], level, won)
        for name, value in totals_added.items():
            if _is_number(value):
                entry["totals"][name] = entry["totals"].get(name, 0) + value
        stats[variant] = entry
        return stats

    store.update(f"stats:{game}", add_to_stats)
    if score is None:
        return None
    place: int | None = None

    def add_to_rankings(rankings: dict[str, list[Json]]) -> dict[str, list[Json]]:
        nonlocal place
        rows = rankings.get(variant, [])
        row = {"score": score, "date": date, "figures": figures}
        rows.append(row)
        rows.sort(key=lambda r: -r["score"] if higher_is_better else r["score"])
        position = next(i for i, r in enumerate(rows) if r is row)
        place = position + 1 if position < RANKING_SIZE else None
        rankings[variant] = rows[:RANKING_SIZE]
        return rankings

    store.update(f"rankings:{game}", add_to_rankings)
    return place


def stats_for(store: Store, game: str) -> Json:
    """{variant: {"played", "won", "best", "last", "totals"}} (clean_stats checked it)."""
    stats = store.load(f"stats:{game}").data
    return stats if isinstance(stats, dict) else {}


def rankings_for(store: Store, game: str) -> dict[str, list[Json]]:
    """{variant: [{"score", "date", "figures"}, ...]} (clean_rankings checked it)."""
    rankings = store.load(f"rankings:{game}").data
    return rankings if isinstance(rankings, dict) else {}
