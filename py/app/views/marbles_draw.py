"""Marbles as markup: pure functions of the state and what is on screen (no browser)."""

from games.marbles import SIZE
from games.marbles.notation import square_name

from ..html import Markup, h


def colour_name(t, colour: int) -> str:
    return t(f"marbles.colour.{colour}")


def board(
    state,
    t,
    *,
    cursor: int | None = None,
    selected: int | None = None,
    hint: tuple | None = None,
    effects: dict | None = None,
    interactive: bool = True,
) -> Markup:
    """The 9 x 9 board. `effects` maps squares to "spawned" or "ghost-<colour>"
    (a marble arriving, a line leaving); a replay draws it without actions."""
    effects = effects or {}
    reachable = set(state.reachable(selected)) if selected is not None else set()
    rows = []
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            sq = row * SIZE + col
            colour = state.board[sq]
            classes = ["cell"]
            if sq == selected:
                classes.append("selected")
            if sq in reachable:
                classes.append("reachable")
            if sq == cursor:
                classes.append("cursor")
            if hint and sq in hint:
                classes.append("hint")
            effect = effects.get(sq)
            content = None
            if colour:
                arriving = " spawned" if effect == "spawned" else ""
                content = h("span", {"class": f"m m-{colour}{arriving}"})
            elif effect and effect.startswith("ghost-"):
                content = h("span", {"class": f"m m-{effect[6:]} ghost"})
            label = (
                t("marbles.cell_marble", square=square_name(sq), colour=colour_name(t, colour))
                if colour
                else t("marbles.cell_free", square=square_name(sq))
            )
            cell_props = {
                "class": " ".join(classes),
                "role": "gridcell",
                "id": f"mb-c-{sq}" if interactive else None,
                "data-action": "cell" if interactive else None,
                "data-sq": sq,
                "aria-label": label,
                "aria-selected": "true" if sq == selected else "false",
            }
            cells.append(h("div", cell_props, content))
        rows.append(h("div", {"class": "mb-row", "role": "row"}, cells))
    return h(
        "div",
        {
            "class": "mb-board",
            "role": "grid",
            "tabindex": 0 if interactive else None,
            "id": "mb-board" if interactive else None,
            "aria-label": t("marbles.board"),
            "aria-activedescendant": f"mb-c-{cursor}" if interactive else None,
        },
        rows,
    )


def replay_board(state, t) -> Markup:
    """One position of a replay: the board and the score."""
    return h(
        "div",
        {"class": "game-view marbles replay-board", "data-game": "marbles"},
        board(state, t, interactive=False),
        h("p", {"class": "replay-figures"}, t("marbles.score"), " ", t.number(state.score)),
    )
