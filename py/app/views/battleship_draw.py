"""Drawing the Battleship page: pure functions from what a player may see to HTML.

Every function takes the view of the player whose screen is shown
(`State.view_for(player)`, never the whole state: the other fleet is in it only
once the game is over), the page's own state (a `Screen`: whose turn, the ship
in hand, the cursor, the message...) and the translator `t`, and returns markup.
Nothing here touches the browser, so it is tested under CPython; the rules it
shows come from games.battleship.
"""

from dataclasses import dataclass

from games.battleship.fleet import LENGTH
from games.battleship.grid import ROWS, SIZE, SQUARES, square_index, square_name
from games.battleship.state import known_sunk_squares, turns_in_order

from .. import router
from ..html import Markup, h
from . import battleship_setup as setup
from .battleship_over import game_over
from .battleship_salvo import mark_salvos, salvo_buttons, salvo_list
from .battleship_texts import name, record_text, ship_name, shot_text, status_text

GAME = "battleship"


@dataclass
class Screen:
    """What the page shows besides the position."""

    # over, cover, pass (show the result, then hand over), computer, place, fire; between
    # devices also friend (waiting for the friend's device) and stopped (the link's status)
    phase: str
    mode: str  # the game's mode, shown even under the cover
    opponent: str  # a computer strength, or "human" for two players on this device
    active: int | None  # the player who must act now (placing or shooting), None when over
    me: int | None = 0  # the person's seat against the computer (None: two people)
    fresh: str | None = None  # the grid whose latest shot moves in this drawing, "ocean"/"target"
    selected_ship: str | None = None  # the ship in hand while placing
    orientation: str = "h"  # of the ship in hand
    cursor: int = 0  # the keyboard cursor on the grid in use
    focus_salvo: int | None = None  # Advanced Salvo: the salvo outlined in the list
    message: str = ""
    message_is_error: bool = False
    think_ms: int | None = None  # how long the computer's last move took (for tests)
    setup: dict | None = None  # the new-game dialog's choices while it is open
    can_undo: bool = False  # is there a move of the player at the screen to take back
    can_redo: bool = False
    # A game with a friend on another device (opponent "remote"): the friend's name, the
    # line above the grids (app.views.remote_bar), this device's fleet no longer the one
    # it sealed, this device hosting the game, the connection open.
    peer: str | None = None
    bar: Markup | None = None
    fleet_lost: bool = False
    hosting: bool = False
    connected: bool = False

    @property
    def humans(self) -> bool:
        return self.opponent == "human"

    @property
    def remote(self) -> bool:
        return self.peer is not None


# --- the page ---------------------------------------------------------------------------------
def page(t, view: dict | None, screen: Screen) -> Markup:
    """The whole game view. `view` is None under the pass-and-play cover, and
    only then: behind the cover nobody's grids are drawn."""
    if screen.phase == "cover":
        body = cover(t, screen)
    else:
        assert view is not None
        placing = view["phase"] == "placement"
        body = [
            h(
                "div",
                {"class": "bs-boards"},
                None if placing else target(t, view, screen),
                ocean(t, view, screen),
            ),
            setup.placement_tools(t, view, screen) if placing and screen.phase == "place" else None,
            log(t, view, screen),
        ]
    if screen.remote:
        opponent_text = [
            t("battleship.remote.with", name=screen.peer),
            " · ",
            t(f"battleship.playing.{screen.me}"),
        ]
    elif screen.humans:
        opponent_text = [t("battleship.opponent.human")]
    else:
        strength = t(f"battleship.strength.{screen.opponent}")
        opponent_text = [
            t("battleship.against", strength=strength),
            " · ",
            t(f"battleship.playing.{screen.me}"),
        ]
    turn = screen.active if screen.active is not None else "none"
    return h(
        "section",
        {
            "class": "game-view battleship",
            "data-game": GAME,
            "data-phase": screen.phase,
            "data-mode": screen.mode,
            "data-think-ms": screen.think_ms,
            "data-remote-game": "yes" if screen.remote else None,
        },
        head(t, screen),
        h("p", {"class": "bs-sub"}, t(f"battleship.mode.{screen.mode}"), " · ", opponent_text),
        screen.bar,
        h(
            "p",
            {"class": f"bs-status bs-turn-{turn}", "data-status": True, "role": "status"},
            status_text(t, view, screen),
        ),
        h(
            "p",
            {
                "class": "bs-message" + (" error" if screen.message_is_error else ""),
                "data-message": True,
            },
            screen.message,
        ),
        body,
        pass_button(t, screen),
        h(
            "p",
            {"class": "bs-keys hint"},
            t("battleship.keys_help_remote" if screen.remote else "battleship.keys_help"),
        ),
        game_over(t, view, screen) if view is not None else None,
        setup.setup_dialog(t, screen.setup) if screen.setup is not None else None,
    )


def head(t, screen: Screen) -> Markup:
    history = [
        ("undo", "frame.undo", screen.can_undo, "Control+Z"),
        ("redo", "frame.redo", screen.can_redo, "Control+Shift+Z Control+Y"),
    ]
    if screen.remote:
        history = []  # between devices a move stands once played (app.midend.can_undo)
    return h(
        "div",
        {"class": "game-head"},
        h("h1", {"tabindex": "-1"}, t("game.battleship.name")),
        h(
            "div",
            {"class": "bs-head-tools"},
            [
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "button subtle",
                        "id": f"bs-{action}",
                        "data-action": action,
                        "disabled": not allowed,
                        "aria-keyshortcuts": keys,
                    },
                    t(key),
                )
                for action, key, allowed, keys in history
            ],
            h(
                "button",
                {
                    "type": "button",
                    "class": "button subtle",
                    "data-action": "new",
                    "aria-keyshortcuts": "N",
                },
                t("battleship.new_game"),
            ),
            h("a", {"class": "button subtle", "href": router.href("rules", GAME)}, t("hub.rules")),
        ),
    )


def cover(t, screen: Screen) -> Markup:
    who = name(t, screen, screen.active)
    return h(
        "div",
        {"class": "bs-cover", "data-cover": screen.active},
        h("p", {}, t("battleship.cover_text", name=who)),
        h(
            "button",
            {"type": "button", "class": "button", "data-action": "reveal", "id": "bs-reveal"},
            t("battleship.cover_button", name=who),
        ),
    )


def pass_button(t, screen: Screen) -> Markup | None:
    if screen.phase != "pass":
        return None
    return h(
        "div",
        {"class": "bs-actions"},
        h(
            "button",
            {"type": "button", "class": "button", "data-action": "hide", "id": "bs-hide"},
            t("battleship.pass_button", name=name(t, screen, screen.active)),
        ),
    )


# --- the grids -----------------------------------------------------------------------------------
def grid(t, grid_id: str, label: str, cells: list, cursor: int | None, prefix: str = ""):
    """A 10 x 10 grid with row letters and column numbers. cells: 100 lists of
    (classes, content, label, action); `cursor` is None unless the grid takes input.
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
            classes, content, cell_label, action = cells[i]
            if i == cursor:
                classes = classes + " cursor"
            props = {
                "class": "bs-cell " + classes,
                "role": "gridcell",
                "id": f"bs-{prefix}-{square_name(i)}",
                "data-sq": square_name(i),
                "aria-label": cell_label,
            }
            if action:
                props["data-action"] = action
            row_cells.append(h("div", props, content))
        rows.append(h("div", {"class": "bs-row", "role": "row"}, row_cells))
    props = {"class": "bs-grid", "role": "grid", "id": grid_id, "aria-label": label}
    if cursor is not None:
        props.update(tabindex=0, **{"aria-activedescendant": f"bs-{prefix}-{square_name(cursor)}"})
    return h("div", props, rows)


def ocean_cells(t, view: dict, selected: str | None = None, owner: str | None = None) -> list:
    """The cells of a player's own grid: their ships (the one in hand `selected`) and
    the other side's shots at them; `owner` names the fleet when it is not the
    viewer's own (a replay)."""
    cells = [
        ["water", None, t("battleship.cell.water", square=square_name(i)), None]
        for i in range(SQUARES)
    ]
    for ship in view["fleet"]:
        for k, square in enumerate(ship["squares"]):
            i = square_index(square)
            end = " bow" if k == 0 else (" stern" if k == len(ship["squares"]) - 1 else "")
            cls = f"ship ship-{ship['orientation']}{end}" + (" sunk" if ship["sunk"] else "")
            if ship["ship"] == selected:
                cls += " chosen"
            cells[i][0] = cls
            named = ship_name(t, view["edition"], ship["ship"])
            cells[i][2] = (
                t("battleship.cell.ship", square=square, ship=named)
                if owner is None
                else t("battleship.replay.cell_ship", square=square, ship=named, name=owner)
            )
    for record in view["incoming"]:
        for shot in record["shots"]:
            i = square_index(shot["square"])
            hit = shot["result"] == "hit"
            cells[i][1] = h("span", {"class": "peg " + ("hit" if hit else "miss")})
            cells[i][2] = t(
                "battleship.cell.incoming_hit" if hit else "battleship.cell.incoming_miss",
                square=shot["square"],
            )
    if view["incoming"]:
        mark_latest(t, cells, view["incoming"][-1])
    return cells


def mark_latest(t, cells: list, record: dict) -> None:
    """The squares of the latest turn fired at a grid, marked and named so."""
    for shot in record["shots"]:
        cell = cells[square_index(shot["square"])]
        cell[0] += " latest"
        cell[2] = t("battleship.cell.latest", cell=cell[2])


def shot_effects(cells: list, record: dict, sunk_squares) -> None:
    """The latest turn's shots drawn moving (battleship.css): a splash where one
    missed, a flash where one hit (a shot whose result is not told, in Advanced
    Salvo, splashes), and the squares of a ship it sank going down."""
    for shot in record["shots"]:
        effect = " fx-flash" if shot.get("result") == "hit" else " fx-splash"
        cells[square_index(shot["square"])][0] += effect
    for square in sunk_squares:
        cells[square_index(square)][0] += " fx-sink"


def ocean(t, view: dict, screen: Screen) -> Markup:
    """The player's own grid: their ships and the other side's shots at them."""
    placing = screen.phase == "place"
    cells = ocean_cells(t, view, screen.selected_ship if placing else None)
    if placing:
        for cell in cells:
            cell[3] = "place"
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


def target(t, view: dict, screen: Screen) -> Markup:
    """The grid of the player's shots at the other fleet, with the salvo being
    aimed, Advanced Salvo's list of salvos, and the other fleet once it is over.
    It keeps the keyboard while the computer answers, so focus stays on it."""
    firing = screen.phase == "fire"
    keyboard = firing or screen.phase in ("computer", "friend")
    cells = [
        ["open", None, t("battleship.cell.open", square=square_name(i)), None]
        for i in range(SQUARES)
    ]
    advanced = view["mode"] == "advanced_salvo"
    if advanced:
        mark_salvos(t, view, screen, cells)
    else:
        for record in view["shots"]:
            for shot in record["shots"]:
                i = square_index(shot["square"])
                hit = shot["result"] == "hit"
                cells[i][0] = "called " + ("hit" if hit else "miss")
                cells[i][1] = h("span", {"class": "peg " + ("hit" if hit else "miss")})
                cells[i][2] = shot_text(t, view, shot)
        for square in known_sunk_squares(view):  # the ships whose sinking was announced
            cells[square_index(square)][0] += " sunk"
    for ship in view["opponent_fleet"] or ():  # the game is over: the other fleet is shown
        for square in ship["squares"]:
            cells[square_index(square)][0] += " revealed"
    if view["shots"]:
        latest = view["shots"][-1]
        mark_latest(t, cells, latest)
        if screen.fresh == "target":
            shot_effects(cells, latest, sunk_by(view, latest))
    if firing:
        for cell in cells:  # a called square too: it is refused with the reason (5.4)
            cell[3] = "shoot"
        for square in view["aimed"]:
            i = square_index(square)
            cells[i][0] = "open chosen"
            cells[i][1] = h("span", {"class": "peg placeholder"})
            cells[i][2] = t("battleship.cell.chosen", square=square)
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


def sunk_by(view: dict, record: dict) -> list[str]:
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


# --- the log and the end ---------------------------------------------------------------------------
def log(t, view: dict, screen: Screen) -> Markup:
    """Every turn of both players, newest first (rule 5.5)."""
    played = turns_in_order(view)
    items = [h("li", {}, record_text(t, view, screen, r)) for r in reversed(played)]
    return h(
        "section",
        {"class": "bs-log"},
        h("h2", {}, t("battleship.log")),
        # It scrolls: focusable, so the keyboard scrolls it too.
        h(
            "ol",
            {
                "class": "bs-log-list",
                "reversed": True,
                "data-log": True,
                "tabindex": "0",
                "aria-label": t("battleship.log"),
            },
            items,
        )
        if items
        else h("p", {"class": "empty"}, t("battleship.log_empty")),
    )


# --- a replay ---------------------------------------------------------------------------------------
def replay_board(state, t) -> Markup:
    """One position of a replay (app.views.replay): both oceans, each fleet with the
    shots that landed on it and its sinks. A replayed game is over, so nothing is
    secret; each ocean is drawn from its owner's view, as it was at that moment."""
    boards, figures = [], []
    for player in (0, 1):
        view = state.view_for(player)
        who = t(f"battleship.player.{player}")
        cells = ocean_cells(t, view, owner=who)
        boards.append(
            h(
                "div",
                {"class": "bs-board", "data-replay-ocean": player},
                h("h2", {}, t("battleship.replay.ocean", name=who)),
                grid(
                    t,
                    f"bs-replay-{player}",
                    t("battleship.replay.ocean_label", name=who),
                    cells,
                    None,
                    prefix=f"r{player}",
                ),
            )
        )
        if view["phase"] != "placement":
            afloat = sum(not ship["sunk"] for ship in view["fleet"])
            total = len(view["fleet"])
            figures.append(t("battleship.replay.afloat", name=who, count=afloat, total=total))
    if state.is_over:
        winner = t(f"battleship.player.{state.result['winner']}")
        figures.append(t("battleship.status.over", name=winner))
    return h(
        "div",
        {"class": "game-view battleship replay-board", "data-game": GAME},
        h("p", {"class": "replay-figures"}, " · ".join(figures)) if figures else None,
        h("div", {"class": "bs-boards"}, boards),
    )
