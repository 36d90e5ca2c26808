"""Which game a game view opens: the one saved, unless the address asks for another by its
number (then that one, known, so never counted; asked first when the saved game is in
progress), or else a new one from the player's remembered choices. A game that `OpensAnew`
also starts a new game (counted) when the address names options other than the saved game's
(Marbles' "?version=4"), or when the saved game is over and the address does not name it
by its number: its end was shown once, and its result is in the statistics."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..midend import HUMAN, Midend, fresh_seed
from .frontend import Frontend
from .seats import midend_seats

NewGame = tuple[dict[str, Any], int, list[str], bool]  # options, seed, the midend's seats, known


@dataclass(frozen=True)
class Opening:
    """The saved game's meta when the midend resumed it, and the game to start: both when
    the address asks for another game while the saved one is in progress (asked first)."""

    resumed: dict[str, Any] | None
    new: NewGame | None = None


@runtime_checkable
class OpensAnew(Protocol):
    def options_asked(self, params: Mapping[str, str]) -> dict[str, Any]:
        """The options the address names without a number (none: {}); a bad one is left out."""
        ...


def resume_or_new(
    frontend: Frontend[Any, Any],
    midend: Midend,
    params: Mapping[str, str],
    prefs: Mapping[str, Any],
) -> Opening:
    """The game the view opens (see Opening)."""
    wanted = frontend.wanted(params, prefs)

    def legacy(state: Any, meta: dict[str, Any]) -> dict[str, Any]:  # a save from before the midend
        found = frontend.legacy(state, meta)  # ValueError when it cannot be read
        return {**found, "seats": midend_seats(found["seats"])}

    meta = midend.resume(legacy=legacy)
    asked = frontend.options_asked(params) if isinstance(frontend, OpensAnew) else None
    if meta is not None:
        if wanted is not None and is_saved(frontend, midend, *wanted):
            return Opening(meta)
        if wanted is None and (asked is None or not outgrown(midend, asked)):
            return Opening(meta)
    seats = midend_seats(frontend.new_seats(params, prefs))
    kept = meta if meta is not None and in_progress(midend) else None  # asked first
    if wanted is not None:  # a game by its number: whoever gave it may know it
        return Opening(kept, (*wanted, seats, True))
    options = {**frontend.new_options(prefs), **(asked or {})}
    return Opening(kept, (options, fresh_seed(), seats, False))


def outgrown(midend: Midend, asked: dict[str, Any]) -> bool:
    """Does a game that opens anew start a new one instead of the saved one (the address asks
    for other options, or the saved game is over)?"""
    other = any(midend.options.get(name) != value for name, value in asked.items())
    return other or midend.state.is_over


def is_saved(
    frontend: Frontend[Any, Any], midend: Midend, options: dict[str, Any], seed: int
) -> bool:
    """Is the game an address asks for the one the midend resumed?"""
    game = frontend.game
    same_options = game.options_to_params(options) == game.options_to_params(midend.options)
    return seed == midend.seed and same_options


def in_progress(midend: Midend) -> bool:
    """Would a new game throw away this one (not over, a person here has played in it)?"""
    state_over = midend.state.is_over
    return not state_over and any(midend.seat_kind(p) == HUMAN for p, _ in midend.moves)
