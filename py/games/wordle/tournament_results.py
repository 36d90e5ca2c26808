"""How duels and rounds end: lives lost, placements and rating changes.

Lives are taken as duels end (rule 1.3); players at 0 lives are placed when the
round ends (they share a placement: p still ahead -> p + 1), and the next round's
introduction starts at that instant. One player left: the winner (placement 1);
nobody left: those eliminated in the last round share placement 1. A player
placed sees their placement and rating change at once (8.2). Leaving is placed
by the same means (tournament_leaving).

The story of a finished tournament (tournament_story) tells it again by the same
rules.

Rules of record: docs/rules/wordle-tournament.md.
"""

from collections.abc import Sequence
from typing import Any

from . import rating as ratings
from .tournament_events import emit
from .tournament_rules import ENDED, Event, PlayerRecord, Round


def still_in(players: Sequence[PlayerRecord]) -> list[int]:
    """The ids of the players not placed yet."""
    return [p["id"] for p in players if p["placement"] is None]


def humans_in(players: Sequence[PlayerRecord], pid: int | None = None) -> list[PlayerRecord]:
    """The humans not placed yet (or just `pid`, if it is one)."""
    return [
        p
        for p in players
        if p["human"] and p["placement"] is None and (pid is None or p["id"] == pid)
    ]


def standings_order(players: Sequence[PlayerRecord]) -> list[PlayerRecord]:
    """`players` (of a tournament or of its view) best first: those placed by
    placement, ahead of them those still in, by lives left (then by id)."""

    def key(p: PlayerRecord) -> tuple[int, int, int]:
        return (p["placement"] if p["placement"] is not None else 0, -p["lives"], p["id"])

    return sorted(players, key=key)


def placement_change(players: Sequence[PlayerRecord], pid: int) -> int:
    """The rating change of `players[pid]`, just placed, against everyone as
    placed so far (rule 9.4: those not yet placed count as finishing above)."""
    others = [
        (o["rating"], o["placement"] if o["placement"] is not None else 0)
        for o in players
        if o["id"] != pid
    ]
    return ratings.rating_change(players[pid]["rating"], players[pid]["placement"], others)


def take_lives(players: Sequence[PlayerRecord], pids: Sequence[int], winner: int | None) -> None:
    """Rule 1.3: the loser of a duel, or both after a draw, give up a life (one
    who left has none left to give)."""
    for pid in pids:
        player = players[pid]
        if pid != winner and player["left"] is None:
            player["lives"] = max(0, player["lives"] - 1)


def round_losers(players: Sequence[PlayerRecord]) -> tuple[list[int], list[int]]:
    """At a round's end (8.2 to 8.5): (out, ahead), those at 0 lives, to be placed
    together just below the players `ahead` of them, still in."""
    out = [p["id"] for p in players if p["placement"] is None and p["lives"] == 0]
    return out, [pid for pid in still_in(players) if pid not in out]


def leaving_placement(players: Sequence[PlayerRecord], pids: Sequence[int]) -> int:
    """Rule 10.2: the placement `pids`, leaving together, share: below everyone
    not yet placed."""
    return len([pid for pid in still_in(players) if pid not in pids]) + 1


def end_duel(
    log: list[Event], players: list[PlayerRecord], rnd: Round, index: int, at: int
) -> None:
    """Duel `index` of `rnd` is over at `at`: lives are taken."""
    match = rnd["matches"][index]
    match["ended_at"] = at
    match["plan"] = None
    match.pop("held", None)  # it waits for the keyboard no more (tournament_keyboard)
    result = match["duel"].result
    a, b = match["players"]
    winner = match["players"][result["winner"]] if "winner" in result else None
    resigned = match["players"][result["resigned"]] if "resigned" in result else None
    take_lives(players, (a, b), winner)
    emit(
        log,
        "duel_over",
        at,
        round=rnd["number"],
        duel=index,
        players=[a, b],
        winner=winner,
        draw=winner is None,
        left=resigned,
        word=match["duel"].word,
        lives=[p["lives"] for p in players],
    )


def end_round(log: list[Event], players: list[PlayerRecord], rnd: Round, at: int) -> bool:
    """`rnd` is over at `at`: those out of lives are placed; whether the
    tournament is over too (one player or none still in)."""
    rnd["ended_at"] = at
    out, ahead = round_losers(players)
    if out:
        place(log, players, rnd["number"], out, len(ahead) + 1, at, "lives")
    if len(ahead) > 1:
        return False
    if ahead:
        place(log, players, rnd["number"], ahead, 1, at, "winner")
    emit(log, "over", at, placements=[p["placement"] for p in players])
    return True


def place(
    log: list[Event],
    players: list[PlayerRecord],
    round_number: int,
    pids: list[int],
    placement: int,
    at: int,
    reason: str,
) -> None:
    """Place `pids` (sharing `placement`) and apply their rating changes now.
    Players not yet placed will finish above them; those placed already
    finished below."""
    for pid in pids:
        players[pid]["placement"] = placement
    for pid in pids:
        player = players[pid]
        change = placement_change(players, pid)
        player["rating_change"] = change
        player["placed_round"] = round_number
        player["lost_at"] = None
        fields: dict[str, Any] = {
            "round": round_number,
            "player": pid,
            "placement": placement,
            "rating_change": change,
            "rating": player["rating"] + change,
        }
        if reason == "winner":
            emit(log, "winner", at, **fields)
        else:
            emit(log, "eliminated", at, reason=reason, **fields)


def humans_done(phase: str, players: Sequence[PlayerRecord]) -> bool:
    """Nobody of the group is still in the tournament (all humans placed, or it
    is over): the group may go back to its screen and start again, while the
    bots may still be playing for the places above."""
    return phase in ENDED or not humans_in(players)


def winners(players: Sequence[PlayerRecord]) -> list[int]:
    """The ids of the players placed first: one, or several when the last round
    eliminated everyone still in (8.5); none before the end."""
    return [p["id"] for p in players if p["placement"] == 1]
