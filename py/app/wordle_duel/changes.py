"""What a duel's move changed, for the player (each row said, the end said and heard), and
what a finished duel records. Pure: the frame's Changes and Result."""

from dataclasses import replace
from typing import Any

from games.common.protocol import Json
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import DuelState

from ..charts.tallies import FAILED
from ..frame.frontend import Changes, Result, Translate
from ..views import wordle_parts as parts
from . import draw
from .ui import DuelUi, quiet


def said_rows(
    words: Dictionary, events: list[dict[str, Any]], names: list[str], t: Translate
) -> list[str]:
    """Each row a move played, for a screen reader ("Row 3, Ana: CRANE, C correct, ...")."""
    return [
        parts.row_summary(t, words, event["row"], names[event["row"]["seat"]], event["number"])
        for event in events
        if event["type"] == "row"
    ]


def changed(
    state: DuelState,
    ui: DuelUi,
    events: list[dict[str, Any]],
    me: int,
    names: list[str],
    t: Translate,
    peer: str | None = None,
) -> Changes[DuelUi]:
    """The rows played (a row of `me`'s, guessed or timed out, takes the letters typed) and,
    when the duel is over, its end with the word (`peer`: the friend's name, with a friend)."""
    ui = quiet(ui)
    if any(event["type"] == "row" and event["row"]["seat"] == me for event in events):
        ui = replace(ui, typed="")
    said = said_rows(state.words, events, names, t)
    cue = ""
    if state.is_over:
        said.append(draw.result_text(t, state.words, state.view_for(me), me, peer))
        cue = "win" if won(state, me) else "lose"
    return Changes(ui, " ".join(said), cue)


def won(state: DuelState, me: int) -> bool:
    result = state.result
    return result is not None and result.get("winner") == me


def record(state: DuelState, me: int) -> Result:
    """What a finished duel records in the statistics (under the Wordle route, as "duel"); its
    chart counts the turns `me` took to solve the word, or FAILED when `me` did not solve it."""
    solved = won(state, me)
    return Result(
        "duel",
        won=solved,
        score=None,
        figures={"rows": len(state.rows)},
        measure=guesses_measure(state.result, state.rows, me),
    )


def guesses_measure(result: Json | None, rows: list[Json], me: int) -> int | str:
    """The guess chart's measure of a finished duel (app.charts.tallies): the turns `me`
    took to solve the word, or FAILED when `me` did not solve it."""
    solved = result is not None and result.get("winner") == me
    return sum(row["seat"] == me for row in rows) if solved else FAILED
