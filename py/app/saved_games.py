"""One saved game in progress per game, so a reload or a crash resumes it.

saved:<game>  {"state": engine JSON, "meta": {"clock_ms": ..., ...}}
The engine's own from_json validates the state; when it refuses, the view
calls `discard_bad` and that game alone is reset.
"""

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from games.common.protocol import Json

from . import replays
from .storage import Record, Schema, StorageFull, Store


class SavedGame(TypedDict):
    state: Json  # the engine's
    meta: Json  # the view's and the midend's (its "frame")


Pref = str | int | float | bool


def clean_saved(data: object) -> SavedGame | None:
    if data is None:
        return None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("state"), dict)
        or not isinstance(data.get("meta"), dict)
    ):
        raise ValueError("a saved game needs a state and meta object")
    return {"state": data["state"], "meta": data["meta"]}


def clean_prefs(data: object) -> dict[str, Pref]:
    if not isinstance(data, dict):
        raise ValueError("preferences must be an object")
    return {
        k: v
        for k, v in data.items()
        if isinstance(k, str) and isinstance(v, (str, int, float, bool))
    }


def register(store: Store, games: Iterable[str]) -> None:
    for game in games:
        store.register(Schema(f"saved:{game}", 1, lambda: None, clean_saved))
        store.register(Schema(f"prefs:{game}", 1, dict, clean_prefs))
        store.register(Schema(f"replays:{game}", 1, list, replays.clean_kept))


def register_remote(store: Store, slots: Iterable[str]) -> None:
    """The saves kept beside a game's own: its games with a friend on another device
    (app.games_list.remote_slot) and today's game (app.daily.games.daily_slot)."""
    for slot in slots:
        store.register(Schema(f"saved:{slot}", 1, lambda: None, clean_saved))


def load(store: Store, game: str) -> Record:
    return store.load(f"saved:{game}")


def save(store: Store, game: str, state: Json, meta: Json, base_rev: int | None) -> Record:
    return store.save(f"saved:{game}", {"state": state, "meta": meta}, base_rev)


def clear(store: Store, game: str) -> None:
    store.remove(f"saved:{game}")


def discard_bad(store: Store, game: str) -> None:
    store.reset(f"saved:{game}")


def update_prefs(
    store: Store, game: str, prefs: Mapping[str, Any], changes: Mapping[str, Any]
) -> dict[str, Any]:
    """Merge `changes` into the game's remembered choices; the merged prefs.
    When storage is full the player has been told, and the choice still holds
    for this visit."""
    merged = {**prefs, **changes}

    def change(saved: dict[str, Any]) -> dict[str, Any]:
        saved.update(changes)
        return saved

    try:
        stored = store.update(f"prefs:{game}", change).data
    except StorageFull:
        return merged
    return stored if isinstance(stored, dict) else merged  # (clean_prefs gives a dict)
