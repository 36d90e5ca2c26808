"""Marbles as markup: pure functions of the state and what is on screen (no browser)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.marbles import SIZE, VERSIONS, State
from games.marbles.notation import square_name

from .. import router
from ..frame.clock import format_clock
from ..frame.frontend import Translate
from ..html import Markup, h

GAME = "marbles"


@dataclass
class Screen:
    """What the page shows beside the position: the player's cursor and choices."""

    cursor: int
    share_href: str
    clock_ms: float = 0.0
    best: int | None = None
    selected: int | None = None
    hint: tuple[int, int] | None = None
    effects: dict[int, str] = field(default_factory=dict)
    message: str = ""
    message_is_error: bool = False
    busy: bool = False
    shapes: bool = False
    can_undo: bool = False
    outcome: dict[str, Any] | None = None
    refused: int | None = None  # the square of a move the rules just refused
    seed_shown: bool = True  # the game's number gives nothing away (over, or known)
    counted: bool = True  # the game counts in the statistics
    hints: int = 0  # hints taken in this game
    hints_left: int = 0


def colour_name(t: Translate, colour: int) -> str:
    return t(f"marbles.colour.{colour}")


def board(
    state: State,
    t: Translate,
    *,
    cursor: int | None = None,
    selected: int | None = None,
    hint: tuple[int, int] | None = None,
    effects: Mapping[int, str] | None = None,
    refused: int | None = None,
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
            if sq == refused:
                classes.append("refused")
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
            "data-board": "on" if interactive else None,
            "aria-label": t("marbles.board"),
            "aria-activedescendant": f"mb-c-{cursor}" if interactive else None,
        },
        rows,
    )


def labelled(board_markup: Markup) -> Markup:
    """The board with its columns' letters above and its rows' numbers beside it, as squares
    are named (rule 2.3). The cells' names say them to a screen reader: hidden from it here."""
    columns = [h("span", {}, square_name(col)[0]) for col in range(SIZE)]
    rows = [h("span", {}, square_name(row * SIZE)[1:]) for row in range(SIZE)]
    return h(
        "div",
        {"class": "mb-labelled"},
        # (square names are the same in every language: not words to translate)
        h("div", {"class": "mb-columns", "aria-hidden": "true", "translate": "no"}, columns),
        h("div", {"class": "mb-rows", "aria-hidden": "true"}, rows),
        board_markup,
    )


def replay_board(state: State, t: Translate) -> Markup:
    """One position of a replay: the board and the score."""
    return h(
        "div",
        {"class": "game-view marbles replay-board", "data-game": "marbles"},
        labelled(board(state, t, interactive=False)),
        h("p", {"class": "replay-figures"}, t("marbles.score"), " ", t.number(state.score)),
    )


def page(state: State, t: Translate, screen: Screen) -> Markup:
    """The whole game view."""
    best = screen.best
    return h(
        "section",
        {
            "class": "game-view marbles",
            "data-game": GAME,
            "data-version": state.min_line,
            "data-shapes": "on" if screen.shapes else "off",
        },
        h(
            "div",
            {"class": "game-head"},
            h("h1", {"tabindex": "-1"}, t("game.marbles.name")),
            menu(state, t, screen.shapes),
        ),
        h(
            "div",
            {"class": "mb-bar"},
            h(
                "div",
                {"class": "mb-next", "data-next": True},
                h("span", {"class": "mb-label"}, t("marbles.next")),
                h(
                    "span",
                    {
                        "class": "mb-next-marbles",
                        "role": "img",
                        "aria-label": t(
                            "marbles.next_label",
                            colours=", ".join(colour_name(t, c) for c in state.next),
                        ),
                    },
                    [h("span", {"class": f"m m-{c}"}) for c in state.next],
                ),
            ),
            h(
                "dl",
                {"class": "mb-figures"},
                h(
                    "div",
                    {},
                    h("dt", {}, t("marbles.score")),
                    h("dd", {"data-figure": "score"}, t.number(state.score)),
                ),
                h(
                    "div",
                    {},
                    h("dt", {}, t("marbles.best")),
                    h("dd", {"data-figure": "best"}, "–" if best is None else t.number(best)),
                ),
                h(
                    "div",
                    {},
                    h("dt", {}, t("marbles.time")),
                    h("dd", {"data-figure": "time"}, format_clock(screen.clock_ms)),
                ),
            ),
        ),
        labelled(
            board(
                state,
                t,
                cursor=screen.cursor,
                selected=screen.selected,
                hint=screen.hint,
                effects=screen.effects,
                refused=screen.refused,
            )
        ),
        h(
            "p",
            {
                "class": "mb-message" + (" error" if screen.message_is_error else ""),
                "data-message": True,
            },
            screen.message,
        ),
        h(
            "div",
            {"class": "mb-tools"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button",
                    "data-action": "undo",
                    "disabled": not screen.can_undo or screen.busy,
                    "aria-keyshortcuts": "U",
                },
                t("marbles.undo"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "hint",
                    "disabled": state.is_over or not (screen.hints_left or screen.hint),
                    "aria-keyshortcuts": "H",
                },
                t("marbles.hint_button", left=screen.hints_left),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "new",
                    "aria-keyshortcuts": "N",
                },
                t("marbles.new_game"),
            ),
        ),
        h(
            "p",
            {"class": "mb-game-number"},
            [
                t("marbles.game_number"),
                " ",
                h("a", {"href": screen.share_href, "data-share": True}, str(state.seed)),
                " · ",
            ]
            if screen.seed_shown
            else None,
            t(f"marbles.version_{state.min_line}"),
        ),
        None
        if screen.counted
        else h("p", {"class": "hint", "data-not-counted": True}, t("frame.not_counted_known")),
        h("p", {"class": "mb-keys hint"}, t("marbles.keys_help")),
        game_over(state, t, screen.outcome, screen.counted, screen.hints),
    )


def menu(state: State, t: Translate, shapes: bool) -> Markup:
    """The Menu: version, colour-blind shapes, restart, rules."""
    versions = [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": "mb-version",
                    "value": v,
                    "data-action": "version",
                    "checked": v == state.min_line,
                },
            ),
            h("span", {}, t(f"marbles.version_{v}")),
        )
        for v in VERSIONS
    ]
    return h(
        "details",
        {"class": "game-menu"},
        h("summary", {"class": "button subtle"}, t("marbles.menu")),
        h(
            "div",
            {"class": "game-menu-body"},
            h("fieldset", {}, h("legend", {}, t("marbles.version")), versions),
            h(
                "label",
                {"class": "choice"},
                h(
                    "input",
                    {
                        "type": "checkbox",
                        "data-action": "shapes",
                        "checked": shapes,
                    },
                ),
                h("span", {}, t("marbles.shapes")),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "restart"},
                t("marbles.restart"),
            ),
            h(
                "a",
                {"class": "button subtle", "href": router.href("rules", GAME)},
                t("hub.rules"),
            ),
        ),
    )


def game_over(
    state: State,
    t: Translate,
    outcome: Mapping[str, Any] | None,
    counted: bool = True,
    hints: int = 0,
) -> Markup | None:
    """The game-over window, once the game is over and its figures are known: a new best or
    its place in the rankings (none for a score of 0), and the hints it took."""
    if not (state.is_over and outcome):
        return None
    o = outcome
    rows = [
        ("marbles.over.points", t.number(o["score"])),
        ("marbles.over.moves", t.number(o["moves"])),
        ("marbles.over.time", format_clock(o["time_ms"])),
        ("marbles.over.lines", t.number(o["lines"])),
        ("marbles.over.best", t.number(o["best"])),
    ]
    return h(
        "dialog",
        {
            "class": "mb-over",
            "id": "mb-over",
            "data-game-over": True,
            "aria-labelledby": "mb-over-title",
        },
        h("h2", {"id": "mb-over-title"}, t("marbles.over.title")),
        h("p", {"class": "mb-over-news"}, t("marbles.over.new_best"))
        if o.get("new_best")
        else None,
        h("p", {"class": "mb-over-news"}, t("marbles.over.place", place=o["place"]))
        if o.get("place") and o["score"] > 0 and not o.get("new_best")
        else None,
        h(
            "p",
            {"class": "mb-over-assisted", "data-assisted": True},
            t("marbles.over.assisted", count=hints),
        )
        if hints
        else None,
        None
        if counted
        else h(
            "p", {"class": "mb-over-news", "data-not-counted": True}, t("frame.not_counted_short")
        ),
        h(
            "dl",
            {"class": "mb-over-figures"},
            [h("div", {}, h("dt", {}, t(k)), h("dd", {}, v)) for k, v in rows],
        ),
        h(
            "div",
            {"class": "actions"},
            h(
                "button",
                {"type": "button", "class": "button", "data-action": "new", "autofocus": True},
                t("marbles.new_game"),
            ),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "restart"},
                t("marbles.restart"),
            ),
        ),
    )
