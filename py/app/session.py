"""A game in progress as the browser layer keeps it: saved after every move,
with a clock that survives reloads, and never overwriting a newer save made
in another tab."""

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.common.errors import BadState
from games.common.protocol import Json

from . import saved_games
from .storage import StaleWrite, StorageFull, Store

Loaded = TypeVar("Loaded")  # what a save's state is rebuilt as (load_state)


class GameSession:
    def __init__(self, store: Store, game: str, now_ms: Callable[[], float]) -> None:
        self.store = store
        self.game = game
        self.now_ms = now_ms  # a function: milliseconds since some fixed moment
        self.rev: int | None = None
        self.clock_before = 0.0  # time played before the clock last started
        self.started_at: float | None = None
        # Told after each save whether it was written (False: the storage is full).
        self.on_saved: Callable[[bool], None] | None = None

    # --- the clock -------------------------------------------------------------
    def start_clock(self) -> None:
        if self.started_at is None:
            self.started_at = self.now_ms()

    def stop_clock(self) -> None:
        if self.started_at is not None:
            self.clock_before += self.now_ms() - self.started_at
            self.started_at = None

    def reset_clock(self) -> None:
        self.clock_before, self.started_at = 0.0, None

    def elapsed_ms(self) -> float:
        running = self.now_ms() - self.started_at if self.started_at is not None else 0.0
        return self.clock_before + running

    # --- saving -------------------------------------------------------------------
    def load(self) -> tuple[Json, Json] | None:
        """(state JSON, meta) of the saved game, or None."""
        record = saved_games.load(self.store, self.game)
        self.rev = record.rev
        if record.data is None:
            return None
        meta = record.data["meta"]
        clock = meta.get("clock_ms", 0)
        self.clock_before = float(clock) if isinstance(clock, (int, float)) and clock >= 0 else 0.0
        self.started_at = None
        return record.data["state"], meta

    def load_state(self, from_json: Callable[[Json], Loaded]) -> tuple[Loaded, Json] | None:
        """(state, meta) of the saved game rebuilt by `from_json`, or None. A save
        the engine refuses is reset alone (and the player told), never raised."""
        saved = self.load()
        if saved is None:
            return None
        state_json, meta = saved
        try:
            return from_json(state_json), meta
        except (BadState, ValueError, KeyError, TypeError):
            self.discard_bad()
            return None

    def newer_elsewhere(self) -> bool:
        """Has another tab saved this game since we last loaded or saved it?"""
        return saved_games.load(self.store, self.game).rev > (self.rev or 0)

    def save(self, state_json: Json, meta: Mapping[str, Any] | None = None) -> bool:
        """Save; False when another tab holds a newer save (ours is not written)."""
        meta = {**(meta or {}), "clock_ms": round(self.elapsed_ms())}
        try:
            record = saved_games.save(self.store, self.game, state_json, meta, base_rev=self.rev)
        except StaleWrite:
            return False
        except StorageFull:
            if self.on_saved is not None:
                self.on_saved(False)
            return True  # the player has been told; play goes on unsaved
        self.rev = record.rev
        if self.on_saved is not None:
            self.on_saved(True)
        return True

    def clear(self) -> None:
        saved_games.clear(self.store, self.game)
        self.rev = 0

    def discard_bad(self) -> None:
        saved_games.discard_bad(self.store, self.game)
        self.rev = 0
