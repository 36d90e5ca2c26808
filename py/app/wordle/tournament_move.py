"""The one-time move of a Wordle Tournament saved by the old one-device page (its keeper's
`wordle-tournament` record: the tournament and its meta) to the one game view's save
(`saved:wordle-tournament-play`), which reads it as a save of before the frame
(app.tournament.frontend's `legacy`). The results the keeper recorded (its meta's
"recorded" ids and "kept" date) become the frame's keys of results written
(app.frame.recording), so none is written twice. Run once at start-up, before any page,
when the Tournament's route is the one game view's (issue 30)."""

from typing import Any

from .. import saved_games
from ..frame.recording import META
from ..storage import StorageFull, Store
from . import records as tp

GAME = tp.FRAME_GAME


def written_keys(meta: dict[str, Any]) -> list[str]:
    """The frame's keys (app.wordle.tournament_results.due) of what the keeper recorded."""
    placed = [f"placed {pid}" for pid in meta.get("recorded", [])]
    return placed + (["kept"] if "kept" in meta else [])


def move_to_frame(store: Store) -> bool:
    """Move the old page's tournament, if any, unless the frame already has one; whether it
    moved. The old record goes either way (the frame's is the newer)."""
    old = store.load(tp.TOURNAMENT).data
    if old is None:
        return False
    moved = False
    if saved_games.load(store, GAME).data is None:
        meta = {**old["meta"], META: written_keys(old["meta"])}
        try:
            saved_games.save(store, GAME, old["state"], meta, None)
            moved = True
        except StorageFull:
            return False  # (kept where it was: tried again next time)
    store.remove(tp.TOURNAMENT)
    return moved
