"""Battleship's salvos on the page: the squares of each salvo numbered and coloured
with what they prove (Advanced Salvo), the Fire and Clear buttons, and the list
of salvos. Pure functions of a player's view, like app.battleship.grids, which puts
them on the target grid.
"""

from games.battleship.state import salvo_deductions
from games.common.protocol import Json

from ..frame.frontend import Translate
from ..html import Markup, h
from .screen import Cell, Screen, index_of


def salvo_colour(number: int, focus: int | None) -> str:
    return f"salvo-{(number - 1) % 6}" + (" focus" if focus == number else "")


def mark_salvos(t: Translate, view: Json, screen: Screen, cells: list[Cell]) -> None:
    """Advanced Salvo (rule 8.3): each salvo's squares carry its number and colour;
    the squares proven empty or proven hit are shaded so."""
    proven_empty, proven_hit = salvo_deductions(view)
    for number, record in enumerate(view["shots"], 1):
        for shot in record["shots"]:
            square = shot["square"]
            cls = "called " + salvo_colour(number, screen.focus_salvo)
            if square in proven_empty:
                cls += " proven-empty"
            elif square in proven_hit:
                cls += " proven-hit"
            cell = cells[index_of(square)]
            cell.classes = cls
            cell.content = h("span", {"class": "salvo-no"}, t("battleship.label", text=str(number)))
            cell.label = t(
                "battleship.cell.in_salvo",
                square=square,
                number=number,
                hits=record["hits"],
                count=len(record["shots"]),
            )


def salvo_buttons(t: Translate, view: Json) -> Markup:
    count, chosen = view["shots_allowed"], len(view["aimed"])
    return h(
        "div",
        {"class": "bs-actions"},
        h(
            "button",
            {
                "type": "button",
                "class": "button",
                "data-action": "fire",
                "id": "bs-fire",
                "aria-keyshortcuts": "F",
                "disabled": chosen != count,
            },
            t("battleship.fire_salvo", chosen=chosen, count=count),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "button subtle",
                "data-action": "clear-salvo",
                "disabled": not view["aimed"],
            },
            t("battleship.clear_salvo"),
        ),
    )


def salvo_list(t: Translate, view: Json, screen: Screen) -> Markup:
    """Advanced Salvo: "n of k hit" for each salvo, newest first; a tap outlines one."""
    items = []
    for number, record in enumerate(view["shots"], 1):
        focused = screen.focus_salvo == number
        items.append(
            h(
                "li",
                {},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "bs-salvo-item " + salvo_colour(number, screen.focus_salvo),
                        "data-action": "focus-salvo",
                        "data-number": number,
                        "aria-pressed": "true" if focused else "false",
                    },
                    t(
                        "battleship.salvo_count",
                        number=number,
                        hits=record["hits"],
                        count=len(record["shots"]),
                        squares=", ".join(s["square"] for s in record["shots"]),
                    ),
                ),
            )
        )
    return h(
        "div",
        {"class": "bs-salvos"},
        h("h3", {}, t("battleship.salvos")),
        h("ol", {"class": "bs-salvo-list"}, list(reversed(items))),
    )
