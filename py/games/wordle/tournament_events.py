"""What a tournament tells: its events, kept in order in its log.

Every call of a Tournament returns the events it caused; all events are also kept
in `log` (each with its index "n"), so a page can also read `events_since(n)`.
Event shapes (every event has "type", "n" and "at", the time it happened):

    {"type": "started"}
    {"type": "round", "round": r, "pairs": [[a, b], ...], "bye": id | None,
     "lengths": [4|5|6 per pair], "play_at": ms}          # the intro begins
    {"type": "bye", "round": r, "player": id}
    {"type": "play", "round": r}                           # the intro is over
    {"type": "guess", "round": r, "duel": i, "player": id, "seat": 0|1,
     "word": tile string, "marks": [0|1|2 ...]}
    {"type": "skip", "round": r, "duel": i, "player": id, "seat": 0|1}
    {"type": "duel_over", "round": r, "duel": i, "players": [a, b],
     "winner": id | None, "draw": bool, "left": id | None, "word": tile string,
     "lives": [lives of each of the 8 players]}
    {"type": "eliminated", "round": r, "player": id, "placement": p,
     "rating_change": c, "rating": new rating, "reason": "lives" | "left" | "disconnect"}
    {"type": "winner", "round": r, "player": id, "placement": 1,
     "rating_change": c, "rating": new rating}
    {"type": "over", "placements": [placement of each player]}
    {"type": "disconnected" | "reconnected", "players": [ids]}
    {"type": "left_lobby", "player": id, "replaced_by": {"name", "rating"}}
    {"type": "renamed", "player": id, "name": str}
    {"type": "joined_lobby", "player": id, "name": str, "rating": r, "replaced": bot's name}
    {"type": "abandoned"}

Words in events are tile strings: show them with `Dictionary.tiles(word)` /
`Dictionary.display(word)`.
"""

from typing import Any

from .tournament_rules import Event


def emit(log: list[Event], kind: str, at: int | None, **fields: Any) -> None:
    """Add an event to the log (`at` is None for the lobby's events)."""
    log.append({"type": kind, "n": len(log), "at": at, **fields})


def events_since(log: list[Event], n: int) -> list[Event]:
    """The events from index `n` of the log on, as copies."""
    return [dict(event) for event in log[n:]]
