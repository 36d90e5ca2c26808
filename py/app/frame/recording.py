"""Results recorded as a game goes, not only at its end (the Wordle Tournament: each person's
as they go out, its rule 8.2, and the finished tournament kept for replaying). Its frontend
says, after every move, what is due (`due_results`), each under a key; the game view writes
each once, and keeps the keys written in its save's meta, so a reload or another look writes
none of them again. Such a frontend is also given the records it names (`shown_records`: the
ratings a new game starts from, the statistics and replays its page shows) with the player's
choices (`shown`). The frontend stays pure: the store is read and written here."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from games.common.protocol import Json

from .. import replays
from ..storage import StorageFull, Store
from .ending import recorded
from .frontend import Result

META = "results_recorded"  # the keys written, in the save's meta
MAX_KEYS = 64
MAX_KEY = 40


@dataclass(frozen=True)
class Due:
    """One result to write once, under `key` (nothing to write: the key is kept all the same,
    as for a game that is not counted)."""

    key: str
    stats: tuple[str, Result] | None = None  # into the statistics of that game's name
    change: tuple[str, Callable[[Any], Any]] | None = None  # a record of the store, changed
    replay: tuple[str, Json] | None = None  # kept for replaying under that game's name


@runtime_checkable
class RecordsAsItGoes(Protocol):
    shown_records: tuple[str, ...]  # the records of the store it is given, by name

    def due_results(self, state: Any, counted: bool, today: str) -> list[Due]:
        """Every result the game has by now, written or not (`counted`: the midend's ranked)."""
        ...


def shown(store: Store, frontend: object) -> dict[str, Any]:
    """The records a frontend is given beside the player's choices, by name (none: {})."""
    if not isinstance(frontend, RecordsAsItGoes):
        return {}
    return {name: store.load(name).data for name in frontend.shown_records}


def write(store: Store, due: Due, today: str) -> None:
    """Write one result; a full device loses it (the app has told the player), not the game."""
    try:
        if due.stats is not None:
            recorded(store, *due.stats, today)
        if due.change is not None:
            name, change = due.change
            store.update(name, change)
        if due.replay is not None:
            replays.keep(store, *due.replay)
    except StorageFull:
        pass


class Recording:
    """The results a game view has written (none for a frontend without `due_results`)."""

    def __init__(self, frontend: object) -> None:
        self.frontend = frontend if isinstance(frontend, RecordsAsItGoes) else None
        self.written: list[str] = []

    def meta(self) -> Json:
        return {META: list(self.written)} if self.frontend is not None else {}

    def resumed(self, meta: Json) -> None:
        keys = meta.get(META)
        fine = isinstance(keys, list) and len(keys) <= MAX_KEYS
        self.written = (
            [k for k in keys if isinstance(k, str) and len(k) <= MAX_KEY]
            if fine and isinstance(keys, list)
            else []
        )

    def restart(self) -> None:
        self.written = []

    def write_due(self, store: Store, state: Any, counted: bool, today: str) -> bool:
        """Write what fell due since the last time; whether anything did (to be saved)."""
        if self.frontend is None or state is None:
            return False
        due = [
            d for d in self.frontend.due_results(state, counted, today) if d.key not in self.written
        ]
        for each in due:
            write(store, each, today)
            self.written.append(each.key)
        return bool(due)
