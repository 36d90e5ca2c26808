"""Finished games kept for replaying, and replay links.

A game is its ID and its moves in notation, so a replay is small:
    {"options", "seed", "seats", "moves": [notation, ...], "date"}
replays:<game> keeps a player's last KEPT finished games of that game, newest
last. A replay link carries one of them in the address fragment (compressed,
so it never reaches any server), e.g. "#/replay/marbles?r=<token>"; anything
read from a link is untrusted: its size is limited before it is decompressed
or parsed, and the game is checked by replaying it.
"""

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any, Protocol, Self, TypeGuard

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED, Json

from .storage import StorageFull, Store
from .untrusted import Untrusted, unpack

KEPT = 20
MAX_TOKEN = 24_000  # characters of a link's token
MAX_JSON = 200_000  # bytes once decompressed
MAX_MOVES = 20_000


def clean_kept(data: Any) -> list[Json]:
    """The kept replays that are well formed (a damaged one is dropped alone)."""
    if not isinstance(data, list):
        raise ValueError("replays must be a list")
    return [entry for entry in data if _well_formed(entry)][-KEPT:]


def _well_formed(entry: Any) -> TypeGuard[Json]:
    if not isinstance(entry, dict):
        return False
    moves, seed, seats = entry.get("moves"), entry.get("seed"), entry.get("seats")
    return (
        isinstance(entry.get("options"), dict)
        and is_int(seed)
        and 0 <= seed <= MAX_SEED
        and isinstance(seats, list)
        and all(isinstance(s, str) and len(s) < 40 for s in seats)
        and isinstance(moves, list)
        and len(moves) <= MAX_MOVES
        and all(isinstance(m, str) and len(m) <= 400 for m in moves)
        and isinstance(entry.get("date", ""), str)
    )


def keep(store: Store, game: str, entry: Json) -> None:
    """Add a finished game; a full device loses it (the player has been told)."""

    def add(kept: list[Json]) -> list[Json]:
        return (kept + [entry])[-KEPT:]

    try:
        store.update(f"replays:{game}", add)
    except StorageFull:
        pass


def kept(store: Store, game: str) -> list[Json]:
    """The kept replays, oldest first (clean_kept checked them)."""
    entries = store.load(f"replays:{game}").data
    return entries if isinstance(entries, list) else []


def token(entry: Json) -> str:
    """A replay as text for a link."""
    packed = zlib.compress(json.dumps(entry, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def from_token(text: str) -> Json:
    """The replay a link carries; ValueError if it is not one (too big included)."""
    try:
        entry = unpack(text, max_chars=MAX_TOKEN, max_bytes=MAX_JSON)
    except Untrusted as refused:
        raise ValueError(f"not a replay: {refused.reason}") from None
    if not _well_formed(entry):
        raise ValueError("not a replay")
    return entry


class Position(Protocol):
    """A position a replay steps through: a GameState, or a told tournament's story
    (games.wordle.tournament_story), which is only told forward."""

    @property
    def is_over(self) -> bool: ...

    def apply(self, move: Any) -> object: ...

    def copy(self) -> Self: ...


class Replayable(Protocol):
    """What a replay reads a game by: a games.common.protocol.Game, or a told
    tournament's StoryGame."""

    @property
    def name(self) -> str: ...

    @property
    def new_game(self) -> Callable[[Json, int], Position]: ...

    @property
    def parse_move(self) -> Callable[[str], Any]: ...


def positions(game: Replayable, entry: Json) -> list[Position]:
    """Every position of the game, from the start to the end: len(moves) + 1
    states. ValueError if the moves are not a game of `game`."""
    try:
        state = game.new_game(entry["options"], entry["seed"])
        states = [state.copy()]
        for text in entry["moves"]:
            state.apply(game.parse_move(text))
            states.append(state.copy())
    except (IllegalMove, BadState, ValueError, TypeError, KeyError) as error:
        raise ValueError(f"not a game of {game.name}: {error}") from None
    return states
