"""This device's Elo ratings for games with strangers (app.peer.lobby), one per game variant.

Kept on this device alone and apart from games with friends, which never change them. A
rating is self-reported: the lobby tells it to the other device, which takes it as given
(clamped to MIN_RATING..MAX_RATING), so a rating is only as honest as each player's device.

The record "stranger-ratings": {variant: {"rating": int, "games": int, "won": int, "lost": int,
"drawn": int}}, read entry by entry (a bad entry is dropped, the rest kept). After a game,
the new rating is FIDE's: K is K_NEW (40) for the first NEW_GAMES (30) games of the variant,
then K (20); expected score 1 / (1 + 10 ** ((theirs - mine) / 400)); rounded, clamped.
"""

import math

from ..storage import Schema, Store
from .lobby import MAX_RATING, MIN_RATING, clamp_rating, is_variant

START = 1200
K_NEW, K = 40, 20
NEW_GAMES = 30  # games played before K drops from K_NEW to K
WIN, DRAW, LOSS = 1.0, 0.5, 0.0
COUNTS = ("games", "won", "lost", "drawn")
FIELDS = frozenset({"rating", *COUNTS})
MAX_COUNT = 10**9

Entry = dict[str, int]


def expected(mine: float, theirs: float) -> float:
    """The score this player is expected to make (0 to 1) against that rating."""
    return 1.0 / (1.0 + math.pow(10.0, (theirs - mine) / 400.0))


def k_factor(games: int) -> int:
    return K_NEW if games < NEW_GAMES else K


def updated(mine: int, theirs: int, score: float, games: int) -> int:
    """The rating after a game scoring `score` (1, 0.5 or 0) against `theirs`, with `games`
    already played before it."""
    if score not in (WIN, DRAW, LOSS):
        raise ValueError(f"a game's score is 1, 0.5 or 0, not {score!r}")
    change = k_factor(games) * (score - expected(mine, theirs))
    return clamp_rating(round(mine + change))


def _entry(data: object) -> Entry | None:
    if not isinstance(data, dict) or set(data) != FIELDS:
        return None
    if not all(type(value) is int for value in data.values()):
        return None
    if not MIN_RATING <= data["rating"] <= MAX_RATING:
        return None
    counts = [data[name] for name in COUNTS]
    if not all(0 <= count <= MAX_COUNT for count in counts):
        return None
    if data["won"] + data["lost"] + data["drawn"] != data["games"]:
        return None
    return {name: data[name] for name in ("rating", *COUNTS)}


def clean(data: object) -> dict[str, Entry]:
    if not isinstance(data, dict):
        raise ValueError("ratings must be an object")
    kept = {variant: _entry(entry) for variant, entry in data.items() if is_variant(variant)}
    return {variant: entry for variant, entry in kept.items() if entry is not None}


SCHEMA = Schema("stranger-ratings", 1, dict, clean)


def _load(store: Store) -> dict[str, Entry]:
    store.register(SCHEMA)
    ratings: dict[str, Entry] = store.load(SCHEMA.name).data
    return ratings


def entry_of(store: Store, variant: str) -> Entry:
    """The variant's entry: the one kept, or a new player's."""
    kept = _load(store).get(variant)
    return dict(kept) if kept else {"rating": START, "games": 0, "won": 0, "lost": 0, "drawn": 0}


def rating_of(store: Store, variant: str) -> int:
    return entry_of(store, variant)["rating"]


def record(
    store: Store, variant: str, my_rating_before: int, their_rating: int, score: float
) -> Entry:
    """A game with a stranger has ended (score: 1 won, 0.5 drawn, 0 lost): the variant's
    entry updated from the rating this device had when the game began (the one it told the
    other), kept and returned."""
    if not is_variant(variant):
        raise ValueError(f"not a lobby's variant: {variant!r}")
    entry = entry_of(store, variant)
    mine, theirs = clamp_rating(my_rating_before), clamp_rating(their_rating)
    entry["rating"] = updated(mine, theirs, score, entry["games"])
    entry["games"] += 1
    entry[{WIN: "won", DRAW: "drawn", LOSS: "lost"}[score]] += 1
    try:
        store.update(SCHEMA.name, lambda ratings: {**ratings, variant: entry})
    except Exception:  # storage full: this game's change is lost
        pass
    return entry
