"""Battleship's two grids: the player's own ocean (their fleet and the shots at it) and the
target grid (their shots, the salvo being aimed, Advanced Salvo's salvos, the other fleet
once it is over), from the view of the player at the screen. Pure, like app.battleship.draw,
which puts them on the page.
"""

from collections.abc import Iterable

from games.battleship.fleet import LENGTH
from games.battleship.grid import ROWS, SIZE, SQUARES, square_name
from games.battleship.state import known_sunk_squares
from games.common.protocol import Json

from ..frame.frontend import Translate
from ..html import Markup, h
from .salvo import mark_salvos, salvo_buttons, salvo_list
from .screen import Cell, Screen, index_of
from .texts import ship_name, shot_text


def grid(
    t: Translate, grid_id: str, label: str, cells: list[Cell], cursor: int | None, prefix: str = ""
) -> Markup:
    """A 10 x 10 grid with row letters and column numbers, of 100 cells; `cursor` is None unless the grid takes input.
    Cells are named bs-<prefix>-<square> (prefix: the grid's letter, o or t)."""
    prefix = prefix or grid_id[3]
    heads = [h("div", {"class": "bs-head corner", "aria-hidden": "true"})] + [
        h(
            "div",
            {"class": "bs-head", "aria-hidden": "true"},
            t("battleship.label", text=str(c + 1)),
        )
        for c in range(SIZE)
    ]
    rows = [h("div", {"class": "bs-row bs-row-head", "role": "presentation"}, heads)]
    for r in range(SIZE):
        row_cells = [
            h(
                "div",
                {"class": "bs-head", "aria-hidden": "true"},
                t("battleship.label", text=ROWS[r]),
            )
        ]
        for c in range(SIZE):
            i = r * SIZE + c
            cell = cells[i]
            classes = cell.classes + (" cursor" if i == cursor else "")
            props = {
                "class": "bs-cell " + classes,
                "role": "gridcell",
                "id": f"bs-{prefix}-{square_name(i)}",
                "data-sq": square_name(i),
                "aria-label": cell.label,
            }
            if cell.action:
                props["data-action"] = cell.action
            row_cells.append(h("div", props, cell.content))
        rows.append(h("div", {"class": "bs-row", "role": "row"}, row_cells))
    grid_props: dict[str, str | int] = {
        "class": "bs-grid",
        "role": "grid",
        "id": grid_id,
        "aria-label": label,
    }
    if cursor is not None:
        active = f"bs-{prefix}-{square_name(cursor)}"
        grid_props.update(tabindex=0, **{"aria-activedescendant": active, "data-board": "on"})
    return h("div", grid_props, rows)


def ocean_cells(
    t: Translate, view: Json, selected: str | None = None, owner: str | None = None
) -> list[Cell]:
    """The cells of a player's own grid: their ships (the one in hand `selected`) and
    the other side's shots at them; `owner` names the fleet when it is not the
    viewer's own (a replay)."""
    cells = [
        Cell("water", None, t("battleship.cell.water", square=square_name(i)))
        for i in range(SQUARES)
    ]
    for ship in view["fleet"]:
        for k, square in enumerate(ship["squares"]):
            i = index_of(square)
            end = " bow" if k == 0 else (" stern" if k == len(ship["squares"]) - 1 else "")
            cls = f"ship ship-{ship['orientation']}{end}" + (" sunk" if ship["sunk"] else "")
            if ship["ship"] == selected:
                cls += " chosen"
            cells[i].classes = cls
            named = ship_name(t, view["edition"], ship["ship"])
            cells[i].label = (
                t("battleship.cell.ship", square=square, ship=named)
                if owner is None
                else t("battleship.replay.cell_ship", square=square, ship=named, name=owner)
            )
    for record in view["incoming"]:
        for shot in record["shots"]:
            i = index_of(shot["square"])
            hit = shot["result"] == "hit"
            cells[i].content = h("span", {"class": "peg " + ("hit" if hit else "miss")})
            cells[i].label = t(
                "battleship.cell.incoming_hit" if hit else "battleship.cell.incoming_miss",
                square=shot["square"],
            )
    if view["incoming"]:
        mark_latest(t, cells, view["incoming"][-1])
    return cells


def mark_latest(t: Translate, cells: list[Cell], record: Json) -> None:
    """The squares of the latest turn fired at a grid, marked and named so."""
    for shot in record["shots"]:
        cell = cells[index_of(shot["square"])]
        cell.classes += " latest"
        cell.label = t("battleship.cell.latest", cell=cell.label)


def shot_effects(cells: list[Cell], record: Json, sunk_squares: Iterable[str]) -> None:
    """The latest turn's shots drawn moving (battleship.css): a splash where one
    missed, a flash where one hit (a shot whose result is not told, in Advanced
    Salvo, splashes), and the squares of a ship it sank going down."""
    for shot in record["shots"]:
        effect = " fx-flash" if shot.get("result") == "hit" else " fx-splash"
        cells[index_of(shot["square"])].classes += effect
    for square in sunk_squares:
        cells[index_of(square)].classes += " fx-sink"


def ocean(t: Translate, view: Json, screen: Screen) -> Markup:
    """The player's own grid: their ships and the other side's shots at them."""
    placing = screen.phase == "place"
    cells = ocean_cells(t, view, screen.selected_ship if placing else None)
    if placing:
        for cell in cells:
            cell.action = "place"
    if screen.fresh == "ocean" and view["incoming"]:
        latest = view["incoming"][-1]
        lost = [s["squares"] for s in view["fleet"] if s["ship"] in latest["sunk"]]
        shot_effects(cells, latest, [square for squares in lost for square in squares])
    return h(
        "div",
        {"class": "bs-board bs-ocean-board" + (" active" if placing else "")},
        h("h2", {}, t("battleship.ocean")),
        grid(
            t,
            "bs-ocean",
            t("battleship.ocean_label"),
            cells,
            screen.cursor if placing else None,
        ),
    )


def target(t: Translate, view: Json, screen: Screen) -> Markup:
    """The grid of the player's shots at the other fleet, with the salvo being
    aimed, Advanced Salvo's list of salvos, and the other fleet once it is over.
    It keeps the keyboard while the computer answers, so focus stays on it."""
    firing = screen.phase == "fire"
    keyboard = firing or screen.phase in ("computer", "friend")
    cells = [
        Cell("open", None, t("battleship.cell.open", square=square_name(i))) for i in range(SQUARES)
    ]
    advanced = view["mode"] == "advanced_salvo"
    if advanced:
        mark_salvos(t, view, screen, cells)
    else:
        for record in view["shots"]:
            for shot in record["shots"]:
                i = index_of(shot["square"])
                hit = shot["result"] == "hit"
                cells[i].classes = "called " + ("hit" if hit else "miss")
                cells[i].content = h("span", {"class": "peg " + ("hit" if hit else "miss")})
                cells[i].label = shot_text(t, view, shot)
        for square in known_sunk_squares(view):  # the ships whose sinking was announced
            cells[index_of(square)].classes += " sunk"
    for ship in view["opponent_fleet"] or ():  # the game is over: the other fleet is shown
        for square in ship["squares"]:
            cells[index_of(square)].classes += " revealed"
    if view["shots"]:
        latest = view["shots"][-1]
        mark_latest(t, cells, latest)
        if screen.fresh == "target":
            shot_effects(cells, latest, sunk_by(view, latest))
    if firing:
        for cell in cells:  # a called square too: it is refused with the reason (5.4)
            cell.action = "shoot"
        for square in view["aimed"]:
            i = index_of(square)
            cells[i].classes = "open chosen"
            cells[i].content = h("span", {"class": "peg placeholder"})
            cells[i].label = t("battleship.cell.chosen", square=square)
    return h(
        "div",
        {"class": "bs-board bs-target-board" + (" active" if firing else "")},
        h("h2", {}, t("battleship.target")),
        grid(
            t, "bs-target", t("battleship.target_label"), cells, screen.cursor if keyboard else None
        ),
        salvo_buttons(t, view) if firing and view["mode"] != "classic" else None,
        salvo_list(t, view, screen) if advanced and view["shots"] else None,
    )


def sunk_by(view: Json, record: Json) -> list[str]:
    """The squares of the other's ships that `record` (the view's player's turn) sank,
    as far as the player knows them: where their hits named the ship, else the turn's
    hits; none in Advanced Salvo, which tells no sinking (8.2)."""
    sunk = record.get("sunk", [])
    if not sunk:
        return []
    named = [s["square"] for r in view["shots"] for s in r["shots"] if s.get("ship") in sunk]
    return named or [s["square"] for s in record["shots"] if s.get("result") == "hit"]


def ghost_holes(ship_id: str) -> Markup:
    """The inside of the floating copy of a ship being dragged."""
    return Markup("".join(h("span", {"class": "bs-hole"}) for _ in range(LENGTH[ship_id])))
