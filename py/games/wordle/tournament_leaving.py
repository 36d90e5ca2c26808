"""Leaving after the start, and lost connections.

Leaving (`leave`, or 60 s away after a lost connection): the current duel is
lost and the player is placed at once, below everyone not yet placed (so below
the others eliminated in that round); humans leaving at the same instant share
that placement. A human whose page was hidden, closed or reloaded is away
("lost_at"): their turns run out, and unless they are back within GRACE_MS they
have left (settled at lost time + GRACE_MS, by the clock: tournament_clock).
"""

from .tournament_events import emit
from .tournament_results import end_duel, humans_in, leaving_placement, place
from .tournament_round import match_of
from .tournament_rules import Event, PlayerRecord, Round


def leave(
    log: list[Event],
    players: list[PlayerRecord],
    rnd: Round,
    pids: list[int],
    at: int,
    reason: str,
) -> None:
    """`pids` leave together at `at` (`reason` "left" or "disconnect"): their
    duels are lost and they share the placement below everyone not yet placed."""
    for pid in pids:
        players[pid]["left"] = reason
        players[pid]["lives"] = 0
    for pid in pids:
        found = match_of(rnd, pid)
        if found is not None and not found[1]["duel"].is_over:
            index, match = found
            match["duel"].resign(match["players"].index(pid))
            end_duel(log, players, rnd, index, at)
    place(log, players, rnd["number"], pids, leaving_placement(players, pids), at, reason)


def mark_away(log: list[Event], players: list[PlayerRecord], at: int, pid: int | None) -> None:
    """The humans still in (or just `pid`) are away from `at`, unless they were
    already."""
    away = [p["id"] for p in humans_in(players, pid) if p["lost_at"] is None]
    for i in away:
        players[i]["lost_at"] = at
    if away:
        emit(log, "disconnected", at, players=away)


def mark_back(log: list[Event], players: list[PlayerRecord], at: int, pid: int | None) -> None:
    """The humans still in (or just `pid`) who were away are back at `at`."""
    back = [p["id"] for p in humans_in(players, pid) if p["lost_at"] is not None]
    for i in back:
        players[i]["lost_at"] = None
    if back:
        emit(log, "reconnected", at, players=back)
