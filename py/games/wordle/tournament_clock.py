"""What the clock alone brings next, and when.

Time is never read: the tournament is told `now` (ms) by every call, and plays out,
in time order, everything due by then: the intro's end, the bots' guesses (or
their plans, worked out at the latest moment one is needed), skipped turns, and
lost connections running out. This module finds the earliest of them.
"""

from typing import Literal

from .tournament_plans import bot_to_play, known_plan
from .tournament_rules import BOT_MIN_THINK_MS, GRACE_MS, PlayerRecord, Round

StepKind = Literal["play", "expire", "plan", "guess", "timeout"]
# (at, kind, ref): ref is a duel's index, or for "expire" the ids of the players
# whose time away runs out then ("play" has -1).
Step = tuple[int, StepKind, int | list[int]]


def next_step(phase: str, rnd: Round | None, players: list[PlayerRecord]) -> Step | None:
    """The earliest thing the clock alone will bring; None when nothing will.
    At the same time: the intro's end first, then the duels' turns (by index),
    then lost connections running out."""
    if phase not in ("intro", "playing") or rnd is None:
        return None
    steps: list[tuple[int, int, StepKind, int | list[int]]] = []  # (at, order, kind, ref)
    if phase == "intro":
        steps.append((rnd["play_at"], 0, "play", -1))
    expiries: dict[int, list[int]] = {}
    for p in players:
        if p["lost_at"] is not None and p["placement"] is None:
            expiries.setdefault(p["lost_at"] + GRACE_MS, []).append(p["id"])
    for at, pids in expiries.items():
        steps.append((at, 2, "expire", pids))
    if phase == "playing":
        for i, match in enumerate(rnd["matches"]):
            duel = match["duel"]
            if duel.is_over:
                continue
            if match.get("held") is not None:
                continue  # waiting for the keyboard: its turn has not begun
            plan = known_plan(match, players)
            if bot_to_play(match, players) and plan is None:
                steps.append((duel.turn_started + BOT_MIN_THINK_MS, 1, "plan", i))
            elif plan is not None and plan["word"] is not None:
                steps.append((duel.turn_started + plan["think_ms"], 1, "guess", i))
            else:
                steps.append((duel.deadline, 1, "timeout", i))
    if not steps:
        return None
    at, _, kind, ref = min(steps, key=lambda s: (s[0], s[1], s[3] if isinstance(s[3], int) else -1))
    return at, kind, ref
