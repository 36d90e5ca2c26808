"""The Dominoes table as markup, with no browser: the layout (the spinner, its
arms, the W and E lines bending to fit the screen), the open ends a picked tile
fits as buttons, and the count. Drawn from a seat's view and the page's Screen."""

from games.common.protocol import Json
from games.dominoes.choices import ends_for

from ..frame.frontend import Translate
from ..html import Markup, h
from .tiles import domino, high_first, tile_name
from .ui import DominoesUi, Screen, Tile, moves_shown, summary_pending


def shown_table(view: Json, ui: DominoesUi) -> Json:
    """The layout on the table: the finished hand's while its summary is read."""
    finished: Json | None = view.get("finished_table")  # (the engine's view: a table or None)
    if finished is not None and summary_pending(view, ui):
        return finished
    return view


def selected_ends(view: Json, ui: DominoesUi) -> list[str]:
    """The open ends the picked tile fits, shown as buttons to play it on."""
    if ui.selected is None or not moves_shown(view, ui):
        return []
    return [end for end in ends_for(view, ui.selected) if end is not None]


def last_played(view: Json, shown: Json) -> Tile | None:
    """The tile played last in this hand, marked on the table."""
    plays = [e for e in view["history"] if e["type"] == "play"]
    if not plays or shown is not view:
        return None
    return high_first(plays[-1]["tile"])


def table(view: Json, ui: Screen, t: Translate) -> Markup:
    shown = shown_table(view, ui)
    layout = shown["layout"]
    ends = {e["end"]: e for e in shown["open_ends"]}
    targets = selected_ends(view, ui)
    last = last_played(view, shown)
    count = shown["count"]

    def slot(arm: str) -> Markup | None:
        if arm not in targets:
            return None
        value = ends[arm]["value"]
        return h(
            "button",
            {
                "type": "button",
                "class": "dm-slot",
                "data-action": "end",
                "data-end": arm,
                "data-sq": arm,  # (where a tile dragged is dropped: app.dominoes.dragging)
                "id": f"dm-end-{arm}",
                "aria-label": t("dominoes.end_label", end=t(f"dominoes.end.{arm}"), value=value),
            },
            str(value),
        )

    def mark(a: int, b: int, double: bool) -> str:
        classes = ("double" if double else "", "last" if (max(a, b), min(a, b)) == last else "")
        return " ".join(c for c in classes if c)

    def arm_tiles(arm: str) -> list[Markup]:
        pieces = []
        for inner, outer in layout["arms"][arm]:
            double = inner == outer
            a, b = (outer, inner) if arm == "N" else (inner, outer)
            pieces.append(domino(a, b, "h" if double else "v", mark(a, b, double)))
        return pieces

    def line_arm(arm: str) -> list[Markup]:
        """W and E bend like a snake: rows of as many tiles as fit, alternating direction."""
        cap = ui.capacity
        placed = layout["arms"][arm]
        rows = [placed[i : i + cap] for i in range(0, len(placed), cap)] or [[]]
        end_slot = slot(arm)
        if end_slot is not None and len(rows[-1]) >= cap:
            rows.append([])
        out = []
        for number, row in enumerate(rows):
            # Row 0 grows away from the spinner; each next row turns back.
            leftward = (arm == "W") == (number % 2 == 0)
            pieces = []
            for inner, outer in row:
                double = inner == outer
                a, b = (outer, inner) if leftward else (inner, outer)
                pieces.append(domino(a, b, "v" if double else "h", mark(a, b, double)))
            if number == len(rows) - 1 and end_slot is not None:
                pieces.append(end_slot)
            out.append(
                h("div", {"class": "dm-row " + ("leftward" if leftward else "rightward")}, pieces)
            )
        return out

    if layout["root"] is None:
        body = h("p", {"class": "dm-empty"}, t("dominoes.empty_layout"))
    else:
        root = layout["root"]
        spinner = shown["spinner"] is not None
        centre = domino(
            root[0],
            root[1],
            "v" if spinner else "h",
            ("spinner " if spinner else "root ") + mark(root[0], root[1], False),
            {"title": t("dominoes.spinner")} if spinner else None,
        )
        body = h(
            "div",
            {"class": "dm-layout", "role": "group", "aria-label": layout_description(shown, t)},
            [
                h(
                    "div",
                    {"class": f"dm-arm dm-arm-{arm.lower()}", "data-arm": arm},
                    line_arm(arm) if arm in ("W", "E") else [arm_tiles(arm), slot(arm)],
                )
                for arm in ("W", "E", "N")
            ],
            # The S arm hangs from the spinner in its own column, so it stays joined to it
            # however many rows the W and E arms bend into beside it.
            h(
                "div",
                {"class": "dm-centre"},
                h("div", {"class": "dm-root"}, centre),
                h(
                    "div",
                    {"class": "dm-arm dm-arm-s", "data-arm": "S"},
                    arm_tiles("S"),
                    slot("S"),
                ),
            ),
        )
    pop = None
    if ui.pop is not None:
        pop = h(
            "span", {"class": "dm-pop", "aria-hidden": "true"}, t("dominoes.pop", points=ui.pop[0])
        )
    return h(
        "div",
        # Before the lead a tile dragged is dropped anywhere on the table.
        {"class": "dm-table", "data-sq": "lead" if layout["root"] is None else None},
        h(
            "p",
            {
                "class": "dm-count" + (" scores" if count and count % 5 == 0 else ""),
                "data-count": count,
            },
            t("dominoes.count", count=count),
        ),
        body,
        pop,
    )


def row_capacity(width: float) -> int:
    """How many lying tiles fit in one row of the W or E arm at this window width."""
    phone = width <= 480
    unit = 15 if phone else 22
    space = min(width - (24 if phone else 32), 900) - (12 if phone else 20)
    arm = (space - 2 * unit - 8) / 2
    return max(2, int(arm // (2 * unit + 5)))


def layout_description(shown: Json, t: Translate) -> str:
    layout = shown["layout"]
    root = tile_name(layout["root"])
    if shown["spinner"] is not None:
        parts = [t("dominoes.describe_spinner", tile=root)]
    else:
        parts = [t("dominoes.describe_root", tile=root)]
    for end in shown["open_ends"]:
        parts.append(
            t(
                "dominoes.describe_end",
                end=t(f"dominoes.end.{end['end']}"),
                value=end["value"],
                tiles=len(layout["arms"][end["end"]]),
            )
        )
    return " ".join(parts)
