"""The end of a game on the frame: recorded once in the player's statistics (app.scores),
and the figures of its game-over window."""

from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from .. import scores
from ..charts.tallies import computer_level
from ..midend import Midend
from ..peer import ratings, room_records, strangers
from ..storage import Store
from .frontend import COMPUTER, REMOTE, Frontend, Result, Table


@runtime_checkable
class RecordsHelp(Protocol):
    def helped(self, result: Result, ui: Any) -> Result:
        """The result with the help its UI state counts (Marbles' hints: an assisted game)."""
        ...


def recorded(
    store: Store, game: str, result: Result, today: str, level: str | None = None
) -> int | None:
    """One result in the player's statistics (app.scores); its place in the rankings.
    `level`: the computer's, in a game against it."""
    return scores.record_result(
        store,
        game,
        result.variant,
        won=result.won,
        score=result.score,
        figures=result.figures,
        date=today,
        higher_is_better=result.higher_is_better,
        measure=result.measure,
        level=level,
    )


def level_played(table: Table) -> str | None:
    """The level of the computers at this table (when they share one and nobody plays from
    another device), for the statistics' results by level."""
    if any(seat.kind == REMOTE for seat in table.seats):
        return None
    return computer_level([seat.level for seat in table.seats if seat.kind == COMPUTER])


def record_once(
    midend: Midend,
    store: Store,
    game: str,
    result: Result | None,
    today: str,
    ended: bool = False,
    stranger: bool = False,
    level: str | None = None,
) -> int | None:
    """Record the finished game if the midend has not yet (`ended`: stopped before the rules
    ended it; `result` None: nothing to record); its place in the rankings (None: not ranked,
    or a full device). A game with a stranger also changes this device's rating for it."""

    def record() -> int | None:
        if result is None:
            return None
        if stranger:
            rate_stranger_game(store, game, result.won, midend.state.is_over)
        return recorded(store, game, result, today, level)

    return midend.record_once(record, ended=ended)


def rate_stranger_game(store: Store, game: str, won: bool | None, over: bool) -> None:
    """The rating for games with strangers of the variant played (app.peer.ratings), from
    the stranger's rating as their device said it: a win, a loss, or a draw (a game the
    rules ended with no winner). A game stopped with nobody winning changes nothing."""
    met = strangers.stranger_of(room_records.of_game(store, game))
    score = {True: ratings.WIN, False: ratings.LOSS}.get(won) if won is not None else None
    if score is None and over:
        score = ratings.DRAW
    if met is None or score is None:
        return
    variant = met["variant"]
    ratings.record(store, variant, ratings.rating_of(store, variant), met["rating"], score)


def window(
    frontend: Frontend[Any, Any],
    midend: Midend,
    store: Store,
    stats: dict[str, Any] | None = None,
    place: int | None = None,
) -> dict[str, Any]:
    """The game-over window's figures: `stats`, the statistics before this game was recorded
    (None: as they are now)."""
    stats = scores.stats_for(store, frontend.name) if stats is None else stats
    clock = midend.session.elapsed_ms()
    return frontend.outcome(midend.state, stats, midend.ranked, place, clock)


def resumed_outcome(
    frontend: Frontend[Any, Any], midend: Midend, store: Store, meta: dict[str, Any]
) -> dict[str, Any] | None:
    """The game-over window's figures of a game resumed (`meta`: its save's), once it is over:
    as saved, if well formed, else as they are now."""
    if not midend.state.is_over:
        return None
    return frontend.checked_outcome(meta.get("outcome")) or window(frontend, midend, store)


def finish(view: Any, ended: bool, today: str) -> dict[str, Any] | None:
    """A game view's finished game recorded (app.frame.game_view.GameView.finish); the figures
    of its game-over window once the rules ended it (also when a full device refused the
    record), None for a game stopped before."""
    view.session.stop_clock()
    store, frontend = view.app.store, view.frontend
    stats_before = scores.stats_for(store, view.game)
    table = view.table()
    result = frontend.record(view.state, table, view.session.elapsed_ms())
    if isinstance(frontend, RecordsHelp) and result is not None:
        result = frontend.helped(result, view.ui)
    if view.remote is not None and result is not None:  # (given up or left: no winner)
        result = replace(result, won=view.remote.winner_is_me)
    stranger = view.stranger is not None
    level = level_played(table)
    place = record_once(view.midend, store, view.game, result, today, ended, stranger, level)
    if not view.state.is_over:
        return None
    return window(frontend, view.midend, store, stats_before, place)
