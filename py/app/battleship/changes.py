"""What a move changed on Battleship's page (app.battleship.frontend): what to say, the
cue, the grid whose latest shot is drawn moving, the cursor and the ship in hand, from the
move's events and the position after it as the person at the screen has it. Pure."""

from dataclasses import replace
from typing import Any

from games.battleship.grid import square_index

from ..frame.frontend import Changes, Translate
from .texts import record_text, said_of, ship_name, shot_cue, status_text
from .ui import BattleshipUi, Seen, first_unplaced, screen


# --- a move's effects ----------------------------------------------------------------
def changed_seen(
    shown: Seen, ui: BattleshipUi, events: list[dict[str, Any]], t: Translate
) -> Changes[BattleshipUi]:
    """What a move changed for the person at the screen (`shown`: after it): a ship placed,
    a fleet made or cleared, a Ready, a square aimed, a turn's shots (theirs or at them), the
    end. Its events come first; a computer's placing may follow them."""
    ui = replace(ui, fresh=None, focus=None, message="", message_is_error=False)
    view = shown.view
    first = events[0] if events else {}
    kind = first.get("type")
    said: list[str] = []
    cue = ""
    if kind == "placed":
        orientation = t(f"battleship.orientation.{first['orientation']}")
        ship = ship_name(t, view["edition"], first["ship"]) if view else first["ship"]
        message = t(
            "battleship.announce.placed",
            ship=ship,
            square=first["square"],
            orientation=orientation,
        )
        placed = replace(
            ui,
            message=message,
            cursor=square_index(first["square"]) or 0,
            selected_ship=first_unplaced(view),
        )
        return Changes(placed, message, "move")
    if kind == "cleared":
        made = any(event["type"] == "placed" for event in events)
        ui = replace(ui, selected_ship=first_unplaced(view))
        return Changes(
            ui, t("battleship.announce.random-fleet" if made else "battleship.announce.clear"), ""
        )
    if kind == "ready":
        said_ready = said_of(t, screen(ui, shown), first["player"], "battleship.announce.ready")
        battle = any(event["type"] == "battle_started" for event in events)
        ready = replace(ui, message=said_ready, cursor=0 if battle else ui.cursor)
        return Changes(with_focus(ready, shown), said_ready, "")
    if kind in ("aim", "unaim"):
        ui = replace(ui, cursor=square_index(first["square"]) or 0)
        if kind == "unaim" or view is None:
            return Changes(ui, "", "")
        chosen = t(
            "battleship.announce.chosen",
            square=first["square"],
            chosen=len(view["aimed"]),
            count=view["shots_allowed"],
        )
        return Changes(ui, chosen, "select")
    for event in events:
        if event["type"] == "shots" and view is not None:
            # Told from the viewer's side: their own shots as announced to them, the
            # other's shots as they land on the viewer's ocean.
            mine = event["player"] == view["player"]
            record = view["shots"][-1] if mine else view["incoming"][-1]
            ui = replace(ui, fresh="target" if mine else "ocean")
            if mine and shown.mode == "classic":
                ui = replace(ui, cursor=square_index(record["shots"][0]["square"]) or 0)
            said.append(record_text(t, view, screen(ui, shown), record))
            cue = shot_cue(record)
        elif event["type"] == "game_over":
            cue = over_cue(event["winner"], ui.me)
            said.append(status_text(t, view, screen(ui, shown)))
    message = " ".join(said)
    return Changes(with_focus(replace(ui, message=message), shown), message, cue)


def with_focus(ui: BattleshipUi, shown: Seen) -> BattleshipUi:
    """Between two people, a turn played, the next step is handing the device over."""
    return replace(ui, focus="bs-hide") if shown.phase == "pass" else ui


def over_cue(winner: int, me: int | None) -> str:
    """The end as heard: between two people someone won; against the computer, you did or not."""
    return "win" if me is None or winner == me else "lose"
