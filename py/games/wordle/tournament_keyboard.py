"""The device's one keyboard (rule 11.4): which duel a person types in now.

Several people on one device share one keyboard. With `shared_keyboard` on, of
the duels waiting for one of them, one at a time has it and its clock runs; the
others are held (their clocks stopped at 30 s) in the order they began waiting.
When the turn that had it ends, the duel waiting longest gets it, and its 30 s
start then. The round's "keyboard" is [duel, when it got it]; a held match's
"held" is when it began waiting.

Rules of record: docs/rules/wordle-tournament.md.
"""

from collections.abc import Callable

from .tournament_rules import PlayerRecord, Round


def pass_keyboard(rnd: Round, players: list[PlayerRecord], at: int) -> None:
    """Hold the duels newly waiting for a person, and pass the keyboard on at `at`
    if the turn that had it is over."""
    holder: list[int] | None = rnd.get("keyboard")
    matches = rnd["matches"]
    for index, match in enumerate(matches):
        duel = match["duel"]
        waiting = not duel.is_over and players[match["players"][duel.turn]]["human"]
        if (
            holder is not None
            and holder[0] == index
            and (not waiting or duel.turn_started != holder[1])
        ):
            holder = None  # its turn ended: it waits again, behind the others
        mine = holder is not None and holder[0] == index
        if not waiting:
            match.pop("held", None)
        elif not mine and match.get("held") is None:
            match["held"] = duel.turn_started  # began waiting then
    if holder is None:
        held = [(m["held"], i) for i, m in enumerate(matches) if m.get("held") is not None]
        if held:
            _, index = min(held)
            match = matches[index]
            del match["held"]
            match["duel"].turn_started = at
            holder = [index, at]
    if holder is None:
        rnd.pop("keyboard", None)
    else:
        rnd["keyboard"] = holder


def keyboard_holder(
    rnd: Round,
    to_play: Callable[[int], int | None],
    shared: bool,
    now: int,
    shown: int | None = None,
) -> tuple[int, int] | None:
    """(pid, duel index): whom the keyboard types for at `now`, or None when no
    human may guess; `to_play(index)` is who may guess in a duel. Shared, it is
    the one duel not held. Else (each duel with a clock of its own) the duel on
    screen (`shown`) keeps the keyboard while it waits, and otherwise the one with
    the least time left comes to the front (the lower index on a tie)."""
    waiting = []
    for index, match in enumerate(rnd["matches"]):
        pid = to_play(index)
        if pid is not None and shared:
            return pid, index
        if pid is not None:
            if index == shown:
                return pid, index
            waiting.append((match["duel"].time_left(now), index, pid))
    if not waiting:
        return None
    _, index, pid = min(waiting)
    return pid, index
