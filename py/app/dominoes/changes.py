"""What a move changed on the Dominoes page (app.dominoes.frontend): what to say, the cue,
the points floated over the table, the tile just drawn lifted in the hand, from the move's
events and the view of the seat in view after it. Pure."""

from dataclasses import replace
from typing import Any

from games.dominoes.choices import must

from ..frame.frontend import Changes, Translate
from .texts import narrate
from .tiles import high_first
from .ui import DominoesUi, Tile, humans, is_computer, moves_shown

LOG_LINES = 4  # the last few things that happened, listed under the hand


def cue_for(events: list[dict[str, Any]], ui: DominoesUi) -> str | None:
    """A move as heard (app.sound): the end of the game (won if the one person's team
    won; between people, someone did), else points scored or a hand's end, else a
    tile laid, else a tile drawn."""
    kinds = {event["type"]: event for event in events}
    if "game_over" in kinds:
        people = humans(ui)
        won = len(people) != 1 or people[0] in kinds["game_over"]["winners"]
        return "win" if won else "lose"
    if "score" in kinds or "hand_end" in kinds:
        return "line"
    if "play" in kinds:
        return "move"
    return "select" if "draw" in kinds else None


def drawn_by(events: list[dict[str, Any]], view: dict[str, Any], ui: DominoesUi) -> Tile | None:
    """The tile the seat in view drew, as a draw event of its own names it: the event's
    seat, not whoever moved (between devices the deck gives the tile after the move, with
    what it played meanwhile: the hand's reveal when that draw blocked the game)."""
    seat = view["seat"]
    if seat is None or is_computer(ui, seat):
        return None
    tiles = [
        event["tile"]
        for event in events
        if event["type"] == "draw" and event["seat"] == seat and "tile" in event
    ]
    return high_first(tiles[-1]) if tiles else None


def changed(
    seat: int, events: list[dict[str, Any]], view: dict[str, Any], ui: DominoesUi, t: Translate
) -> Changes[DominoesUi]:
    """A move of `seat` (its events), for the page showing `view` after it: what was
    picked and said goes, its points float, a tile drawn is lifted; between people passing
    the device, the next person's hand is covered once the turn passes."""
    pop = None  # (points float once, over the drawing after the move that scored them)
    for event in events:
        if event["type"] == "score":
            pop = (event["points"], event["seat"])
    said = narrate(events, view, ui, t)
    revealed = ui.revealed
    if len(humans(ui)) > 1 and view["current_player"] != seat:
        revealed = None
    after = replace(
        ui,
        selected=None,
        drawn=drawn_by(events, view, ui),
        pop=pop,
        message="",
        message_is_error=False,
        revealed=revealed,
        log=(*ui.log, *said)[-LOG_LINES:],
        focus=None,
    )
    kinds = {event["type"] for event in events}
    drawing_again = moves_shown(view, after) and must(view) == "draw"
    if seat == view["seat"] and kinds & {"draw", "pass"} and drawing_again:
        after = replace(after, focus="dm-draw")  # the keyboard stays on Draw
    return Changes(after, " ".join(said), cue_for(events, ui) or "")
