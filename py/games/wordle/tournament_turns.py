"""Who may play now: whose turn it is on this device, and whose clock runs.

Questions about the tournament as it stands (the caller has played out
everything due by now first): a page asks them rather than working them out.

Rules of record: docs/rules/wordle-tournament.md.
"""

from collections.abc import Sequence

from games.common.checks import is_int

from .tournament_round import match_of
from .tournament_rules import PlayerRecord, Round


def refusal(phase: str, players: Sequence[PlayerRecord], rnd: Round | None, pid: int) -> str | None:
    """Why the human `pid` may not guess now, as the catalogue key of the broken
    rule (4.2); None when they may, in their duel of round `rnd`."""
    player = players[pid]
    if phase == "intro":
        return "wordle.intro"
    if phase != "playing":
        return "wordle.not_playing"
    if player["placement"] is not None:
        return "wordle.eliminated"
    if player["lost_at"] is not None:
        return "wordle.away"
    found = match_of(rnd, pid)
    if found is None:
        return "wordle.bye"
    match = found[1]
    if match["duel"].is_over:
        return "wordle.duel_over"
    if match["duel"].turn != match["players"].index(pid):
        return "wordle.not_your_turn"
    if match.get("held") is not None:
        return "wordle.keyboard_busy"
    return None


def may_type(phase: str, players: Sequence[PlayerRecord], rnd: Round | None, pid: object) -> bool:
    """Whether `pid` may guess now: a human still in and here (not away), whose
    turn it is in their duel while the round is played (rule 4.2). A guess of
    theirs can then be refused only for its word (4.1)."""
    return (
        is_int(pid)
        and 0 <= pid < len(players)
        and players[pid]["human"]
        and refusal(phase, players, rnd, pid) is None
    )


def to_play(
    phase: str, players: Sequence[PlayerRecord], rnd: Round | None, index: object
) -> int | None:
    """The human (id) who may guess now in duel `index` of round `rnd`; None when
    it waits for nobody on this device (a bot's turn, a human away or out, the
    duel over, the introduction)."""
    if rnd is None or not is_int(index) or not 0 <= index < len(rnd["matches"]):
        return None
    match = rnd["matches"][index]
    duel = match["duel"]
    if duel.is_over:
        return None
    pid: int = match["players"][duel.turn]
    return pid if may_type(phase, players, rnd, pid) else None


def clock_running(phase: str, rnd: Round | None, index: object) -> bool:
    """Whether the clock of duel `index` of round `rnd` runs: from the end of the
    introduction (6.2) until the duel is over, unless it is held for the keyboard."""
    return (
        phase == "playing"
        and rnd is not None
        and is_int(index)
        and 0 <= index < len(rnd["matches"])
        and not rnd["matches"][index]["duel"].is_over
        and rnd["matches"][index].get("held") is None
    )


def human_duels(players: Sequence[PlayerRecord], rnd: Round | None) -> list[int]:
    """The indexes of the duels of round `rnd` with a human in them."""
    if rnd is None:
        return []
    return [
        i
        for i, m in enumerate(rnd["matches"])
        if any(players[pid]["human"] for pid in m["players"])
    ]
