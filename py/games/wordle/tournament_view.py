"""What a seat sees: the tournament as one human (or a spectator) may know it.

Words are tile strings (show them with `Dictionary.tiles` / `display`); a duel's
word is hidden until it is over. Names are data: shown as text, never as markup.
"""

from collections.abc import Sequence
from typing import Any

from .duel import TURN_MS
from .tournament_results import humans_done, standings_order, winners
from .tournament_round import match_of
from .tournament_rules import PlayerRecord, Round
from .tournament_turns import clock_running, to_play


def seat_view(
    phase: str,
    lang: str,
    players: Sequence[PlayerRecord],
    rnd: Round | None,
    pid: int | None,
    now: int,
) -> dict[str, Any]:
    """What the human `pid` (or a spectator, pid None) may see at `now`, with
    `rnd` the current round: everyone's lives, their own duel and the round's
    other duels. Each duel also says whom it waits for on this device
    ("to_play", see tournament_turns.to_play) and whether its clock runs
    ("running"); "bye_player" is the round's bye, "standings" the ids best first
    (`standings_order`), "winners" those placed first, "humans_done" as
    tournament_results.humans_done."""
    duels = []
    if rnd is not None:
        for i, match in enumerate(rnd["matches"]):
            duel_view = match["duel"].view(now)
            if phase == "intro" or match.get("held") is not None:
                duel_view["time_left"] = TURN_MS
            duels.append(
                {
                    "index": i,
                    "players": list(match["players"]),
                    **duel_view,
                    "to_play": to_play(phase, players, rnd, i),
                    "running": clock_running(phase, rnd, i),
                    "held": match.get("held") is not None,
                }
            )
    mine = match_of(rnd, pid) if pid is not None and phase in ("intro", "playing") else None
    me = players[pid] if pid is not None else None
    seat = mine[1]["players"].index(pid) if mine else None
    return {
        "phase": phase,
        "lang": lang,
        "round": rnd["number"] if rnd is not None else 0,
        "intro_left": max(0, rnd["play_at"] - now) if rnd is not None and phase == "intro" else 0,
        "players": [
            {
                "id": p["id"],
                "name": p["name"],
                "rating": p["rating"],
                "human": p["human"],
                "lives": p["lives"],
                "placement": p["placement"],
                "rating_change": p["rating_change"],
                "left": p["left"],
                "away": p["lost_at"] is not None,
            }
            for p in players
        ],
        "you": pid,
        "your_duel": mine[0] if mine else None,
        "your_seat": seat,
        "your_turn": bool(mine and phase == "playing" and mine[1]["duel"].turn == seat),
        "bye": bool(
            rnd and pid is not None and rnd["bye"] == pid and phase in ("intro", "playing")
        ),
        "out": bool(me and me["placement"] is not None),
        "duels": duels,
        "placements": [p["placement"] for p in players],
        "bye_player": rnd["bye"] if rnd is not None else None,
        "standings": [p["id"] for p in standings_order(players)],
        "winners": winners(players),
        "humans_done": humans_done(phase, players),
    }
