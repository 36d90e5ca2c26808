"""What a hunt (docs/rules/battleship.md 13, today's Battleship) shows and does beside the
classic game's page: a line saying what the hunt is, with the shots, hits and ships sunk so
far; Resign, asked first on the page itself; and the hunt's own status lines. A hunt has no
ocean grid (the player has no fleet) and no end-of-game window of its own (the daily's is
the one: app.daily.panel). Pure markup, from the hunter's view."""

from dataclasses import replace

from games.common.protocol import Json

from ..frame.frontend import Interpretation, Play, Show, Translate
from ..html import Markup, h
from .screen import Screen
from .ui import BattleshipUi, Seen

RESIGN, RESIGN_YES, RESIGN_NO = "hunt-resign", "hunt-resign-yes", "hunt-resign-no"
ACTIONS = (RESIGN, RESIGN_YES, RESIGN_NO)


def is_hunt(view: Json | None) -> bool:
    return bool(view and view.get("hunt"))


def tally(view: Json) -> dict[str, int]:
    """The hunt's figures so far: shots fired, hits, ships sunk (13.6)."""
    records = view["shots"]
    return {
        "shots": sum(len(record["shots"]) for record in records),
        "hits": sum(record["hits"] for record in records),
        "sunk": sum(len(record.get("sunk", [])) for record in records),
    }


def sub_line(t: Translate, view: Json) -> Markup:
    return h(
        "p",
        {"class": "bs-sub"},
        t("battleship.hunt.sub"),
        " · ",
        h("span", {"data-hunt-tally": True}, t("battleship.hunt.tally", **tally(view))),
    )


def status(t: Translate, view: Json, screen: Screen) -> str:
    if screen.phase == "over":
        return t("battleship.hunt.resigned" if view.get("resigned") else "battleship.hunt.sunk_all")
    if view["phase"] == "placement":
        return t("battleship.hunt.placing")
    return t("battleship.hunt.fire")


def resign(t: Translate, view: Json, screen: Screen, asked: bool) -> Markup | None:
    """Resign while the hunt goes on; once pressed, the question and its two answers, the
    safe one (keep hunting) first to the keyboard."""
    if view["phase"] != "battle" or screen.phase != "fire":
        return None
    if not asked:
        return h(
            "div",
            {"class": "bs-actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "id": "bs-resign",
                    "data-action": RESIGN,
                },
                t("battleship.hunt.resign"),
            ),
        )
    return h(
        "div",
        {"class": "bs-actions bs-resign-ask", "role": "group", "aria-labelledby": "bs-resign-q"},
        h("p", {"id": "bs-resign-q"}, t("battleship.hunt.resign_question")),
        h(
            "button",
            {"type": "button", "class": "button", "id": "bs-resign-no", "data-action": RESIGN_NO},
            t("battleship.hunt.keep_hunting"),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "button subtle",
                "id": "bs-resign-yes",
                "data-action": RESIGN_YES,
            },
            t("battleship.hunt.resign_yes"),
        ),
    )


def interpret(shown: Seen, ui: BattleshipUi, action: str) -> Interpretation:
    """Resign asked, answered no (back to the grid) or yes (the hunt given up, 13.4)."""
    if not is_hunt(shown.view) or shown.phase != "fire":
        return None
    if action == RESIGN:
        return Show(replace(ui, resign_asked=True, focus="bs-resign-no"))
    if action == RESIGN_NO:
        return Show(replace(ui, resign_asked=False, focus="bs-target"))
    return Play({"type": "resign", "player": shown.active})
