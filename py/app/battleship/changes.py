"""What a move changed on Battleship's page (app.battleship.frontend): what to say, the
cue, the grid whose latest shot is drawn moving, the cursor and the ship in hand, from the
move's events and the position after it as the person at the screen has it. Pure.

Between devices the events are the public engine's (games.battleship.public): a volley
fired here is told as sent, its answer comes with the friend's move; a friend's volley comes
with this device's answer to it, as the ordinary engine tells a turn (its "shots")."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.battleship.grid import square_index

from ..frame.frontend import Changes, Translate
from .texts import record_text, said_of, ship_name, shot_cue, status_text
from .ui import BattleshipUi, Seen, first_unplaced, screen


def changed_seen(
    shown: Seen,
    ui: BattleshipUi,
    events: list[dict[str, Any]],
    t: Translate,
    page_facts: Mapping[str, Any] | None = None,
) -> Changes[BattleshipUi]:
    """What a move changed for the person at the screen (`shown`: after it): a ship placed,
    a fleet made or cleared, a Ready, a square aimed, a turn's shots (theirs or at them), the
    end. The move's own events come first; a computer's placing may follow them.
    `page_facts`: the Screen's fields beside the UI state (a game between devices')."""
    facts, last = dict(page_facts or {}), ui.message
    ui = replace(ui, fresh=None, focus=None, message="", message_is_error=False)
    kind = events[0]["type"] if events else ""
    if kind in ("placed", "cleared", "ready"):
        return placing_changed(shown, ui, events, t, facts)
    if kind in ("aim", "unaim"):
        return aim_changed(shown, ui, events[0], t)
    if kind == "fired" and shown.view is not None and events[0]["player"] == shown.view["player"]:
        return fired_changed(shown, ui, events[0], t, facts)
    return shots_changed(shown, ui, events, t, facts, last)


def placing_changed(
    shown: Seen,
    ui: BattleshipUi,
    events: list[dict[str, Any]],
    t: Translate,
    facts: dict[str, Any],
) -> Changes[BattleshipUi]:
    """A ship placed (the next one comes to hand), a fleet made or cleared, a Ready."""
    first, view = events[0], shown.view
    if first["type"] == "placed":
        ship = ship_name(t, view["edition"], first["ship"]) if view else first["ship"]
        orientation = t(f"battleship.orientation.{first['orientation']}")
        said = t(
            "battleship.announce.placed", ship=ship, square=first["square"], orientation=orientation
        )
        cursor = square_index(first["square"]) or 0
        placed = replace(ui, message=said, cursor=cursor, selected_ship=first_unplaced(view))
        return Changes(placed, said, "move")
    if first["type"] == "cleared":
        made = any(event["type"] == "placed" for event in events)
        said = t("battleship.announce.random-fleet" if made else "battleship.announce.clear")
        return Changes(replace(ui, selected_ship=first_unplaced(view)), said, "")
    said = said_of(t, screen(ui, shown, **facts), first["player"], "battleship.announce.ready")
    battle = any(event["type"] == "battle_started" for event in events)
    ready = replace(ui, message=said, cursor=0 if battle else ui.cursor)
    return Changes(with_focus(ready, shown), said, "")


def aim_changed(
    shown: Seen, ui: BattleshipUi, event: dict[str, Any], t: Translate
) -> Changes[BattleshipUi]:
    """A square aimed for the salvo (said with how many of how many), or un-aimed."""
    ui = replace(ui, cursor=square_index(event["square"]) or 0)
    view = shown.view
    if event["type"] == "unaim" or view is None:
        return Changes(ui, "", "")
    chosen, count = len(view["aimed"]), view["shots_allowed"]
    said = t("battleship.announce.chosen", square=event["square"], chosen=chosen, count=count)
    return Changes(ui, said, "select")


def fired_changed(
    shown: Seen, ui: BattleshipUi, fired: dict[str, Any], t: Translate, facts: dict[str, Any]
) -> Changes[BattleshipUi]:
    """A volley sent to the friend's device: said, its answer waited for; a classic shot
    keeps the cursor on its square."""
    squares = fired["squares"]
    said = t("battleship.remote.fired", squares=", ".join(squares), name=facts["peer"])
    cursor = square_index(squares[0]) if shown.mode == "classic" else None
    return Changes(
        replace(ui, message=said, cursor=ui.cursor if cursor is None else cursor), said, ""
    )


def shots_changed(
    shown: Seen,
    ui: BattleshipUi,
    events: list[dict[str, Any]],
    t: Translate,
    facts: dict[str, Any],
    last: str = "",
) -> Changes[BattleshipUi]:
    """A turn's shots, told from the viewer's side: their own as announced to them (a
    classic shot keeps the cursor on its square), the other's as they land on the viewer's
    ocean; drawn moving on that grid; then the end (between devices it comes with the fleets
    shown, not with a shot: the line under the grids keeps the last shot)."""
    view = shown.view
    said: list[str] = []
    cue = ""
    for event in events:
        if event["type"] == "shots" and view is not None:
            mine = event["player"] == view["player"]
            record = view["shots"][-1] if mine else view["incoming"][-1]
            ui = replace(ui, fresh="target" if mine else "ocean")
            if mine and shown.mode == "classic":
                ui = replace(ui, cursor=square_index(record["shots"][0]["square"]) or 0)
            said.append(record_text(t, view, screen(ui, shown, **facts), record))
            cue = shot_cue(record)
        elif event["type"] == "game_over":
            liars = (view.get("result") or {}).get("cheaters") if view else None
            cue = lie_cue(liars, ui.me) if liars else over_cue(event["winner"], ui.me)
            said.append(status_text(t, view, screen(ui, shown, **facts)))
    message = " ".join(said)
    shots = any(event["type"] == "shots" for event in events)
    ui = replace(ui, message=message if shots or not last else last)
    return Changes(with_focus(ui, shown), message, cue)


def with_focus(ui: BattleshipUi, shown: Seen) -> BattleshipUi:
    """Between two people, a turn played, the next step is handing the device over."""
    return replace(ui, focus="bs-hide") if shown.phase == "pass" else ui


def lie_cue(liars: list[int], me: int | None) -> str:
    """The end when the check found a lie: the refusal's sound on the liar's page only; the
    honest page, whose player wins by forfeit, is silent (the board's winner may be the liar)."""
    return "invalid" if me in liars else ""


def over_cue(winner: int, me: int | None) -> str:
    """The end as heard: between two people someone won; against the computer, you did or not."""
    return "win" if me is None or winner == me else "lose"
