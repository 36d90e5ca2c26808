"""The play of the rounds as time passes: the clock's steps, each row played, the
ends of duels and rounds, and leaving, over a tournament's state (`Table`).

`run(t, now)` plays out, in time order, everything due by `now`
(tournament_clock.next_step): the intro's end, the bots' guesses (a plan worked
out here if none was given in time: tournament_plans), skipped turns, duel and
round ends, eliminations, lost connections running out, the next round.
"""

from typing import Any, Protocol

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.common.rng import SeededRng

from . import tournament_leaving as leaving
from . import tournament_results as results
from .dictionary import Dictionary
from .tournament_clock import next_step
from .tournament_events import emit
from .tournament_keyboard import pass_keyboard
from .tournament_plans import make_plan
from .tournament_round import start_round, tell_row
from .tournament_rules import Event, PlayerRecord, Round


class Table(Protocol):
    """What the play reads and changes of a tournament (a Tournament is one)."""

    words: Dictionary
    rng: SeededRng
    players: list[PlayerRecord]
    rounds: list[Round]
    log: list[Event]
    phase: str
    clock: int | None
    shared_keyboard: bool


def run(t: Table, now: int) -> int:
    """Play out everything due by `now`. The clock never goes back: a `now`
    earlier than one already seen counts as that one. Returns the time used."""
    if not is_int(now):
        raise ValueError("now must be an int (ms)")
    t.clock = now if t.clock is None else max(t.clock, now)
    now = t.clock
    while True:
        step = next_step(t.phase, t.rounds[-1] if t.rounds else None, t.players)
        if step is None or step[0] > now:
            return now
        at, kind, ref = step
        if isinstance(ref, list):  # "expire": their time away ran out
            leave(t, ref, at, "disconnect")
        elif kind == "play":
            t.phase = "playing"
            emit(t.log, "play", at, round=len(t.rounds))
            _pass_keyboard(t, at)
        elif kind == "plan":  # none was given in time: worked out here
            make_plan(t.rounds[-1]["matches"][ref], t.players, t.words)
        elif kind == "guess":
            _bot_guess(t, ref, at)
        else:  # "timeout"
            for row in t.rounds[-1]["matches"][ref]["duel"].advance(at):
                play_row(t, ref, row)


def next_event_at(t: Table) -> int | None:
    """When something is next due by the clock alone; None when nothing is. It
    works out the bots' plans it needs to know that (none is given later)."""
    step = next_step(t.phase, t.rounds[-1] if t.rounds else None, t.players)
    while step is not None and step[1] == "plan":
        assert isinstance(step[2], int)
        make_plan(t.rounds[-1]["matches"][step[2]], t.players, t.words)
        step = next_step(t.phase, t.rounds[-1], t.players)
    return step[0] if step else None


def next_round(t: Table, at: int) -> None:
    """The next round's introduction begins `at`, for the players still in."""
    start_round(t.log, t.rounds, results.still_in(t.players), t.rng, t.words, at)
    t.phase = "intro"


def play_row(t: Table, index: int, row: dict[str, Any]) -> None:
    """After a row of duel `index` (a guess or a skipped turn): told, and the
    duel's end, the round's and the keyboard's passing if they follow."""
    rnd = t.rounds[-1]
    tell_row(t.log, rnd, index, row)
    if rnd["matches"][index]["duel"].is_over:
        results.end_duel(t.log, t.players, rnd, index, row["at"])
        _end_round_if_over(t, row["at"])
    _pass_keyboard(t, row["at"])


def leave(t: Table, pids: list[int], at: int, reason: str) -> None:
    """`pids` leave together at `at` (tournament_leaving.leave)."""
    leaving.leave(t.log, t.players, t.rounds[-1], pids, at, reason)
    if not _end_round_if_over(t, at):
        _pass_keyboard(t, at)  # a duel that had it may have ended


def _bot_guess(t: Table, index: int, at: int) -> None:
    match = t.rounds[-1]["matches"][index]
    duel = match["duel"]
    try:
        row = duel.guess(duel.turn, match["plan"]["word"], at)
    except IllegalMove:  # a player's bug must not stop the tournament
        match["plan"]["word"] = None  # it lets the clock run out instead
        return
    play_row(t, index, row)


def _end_round_if_over(t: Table, at: int) -> bool:
    """After a duel's end: if it was the round's last, the round ends, and the
    next one begins unless the tournament is over. Whether it did end."""
    rnd = t.rounds[-1]
    if not all(m["duel"].is_over for m in rnd["matches"]):
        return False
    if results.end_round(t.log, t.players, rnd, at):
        t.phase = "over"
    else:
        next_round(t, at)
    return True


def _pass_keyboard(t: Table, at: int) -> None:
    if t.shared_keyboard and t.phase == "playing":
        pass_keyboard(t.rounds[-1], t.players, at)
