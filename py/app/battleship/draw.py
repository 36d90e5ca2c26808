"""Drawing the Battleship page: pure functions from what a player may see to HTML.

Every function takes the view of the player whose screen is shown
(`State.view_for(player)`, never the whole state: the other fleet is in it only
once the game is over), the page's own state (a `Screen`: whose turn, the ship
in hand, the cursor, the message...) and the translator `t`, and returns markup.
Nothing here touches the browser, so it is tested under CPython; the rules it
shows come from games.battleship.
"""

from games.battleship.state import State, turns_in_order
from games.common.protocol import Json

from .. import router
from ..frame.frontend import Translate
from ..html import Markup, h
from . import hunt, setup
from .grids import grid, ocean, ocean_cells, target
from .over import game_over
from .screen import Screen
from .texts import name, record_text, status_text

GAME = "battleship"


# --- the page ---------------------------------------------------------------------------------
def page(t: Translate, view: Json | None, screen: Screen) -> Markup:
    """The whole game view. `view` is None under the pass-and-play cover, and
    only then: behind the cover nobody's grids are drawn."""
    body: Markup | list[Markup | None]
    if screen.phase == "cover":
        body = cover(t, screen)
    else:
        assert view is not None
        placing = view["phase"] == "placement"
        hunting = hunt.is_hunt(view)  # (the hunter has no fleet: no ocean grid, 13.5)
        body = [
            h(
                "div",
                {"class": "bs-boards"},
                None if placing and not hunting else target(t, view, screen),
                None if hunting else ocean(t, view, screen),
            ),
            hunt.resign(t, view, screen, screen.resign_asked) if hunting else None,
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
        hunt.sub_line(t, view)
        if hunt.is_hunt(view) and view is not None
        else h("p", {"class": "bs-sub"}, t(f"battleship.mode.{screen.mode}"), " · ", opponent_text),
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
            t(keys_help_key(view, screen)),
        ),
        game_over(t, view, screen) if view is not None else None,
        setup.setup_dialog(t, screen.setup) if screen.setup is not None else None,
    )


def keys_help_key(view: Json | None, screen: Screen) -> str:
    if hunt.is_hunt(view):
        return "battleship.hunt.keys_help"  # only the target grid (13.5)
    return "battleship.keys_help_remote" if screen.remote else "battleship.keys_help"


def head(t: Translate, screen: Screen) -> Markup:
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


def cover(t: Translate, screen: Screen) -> Markup:
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


def pass_button(t: Translate, screen: Screen) -> Markup | None:
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


# --- the log and the end ---------------------------------------------------------------------------
def log(t: Translate, view: Json, screen: Screen) -> Markup:
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
def replay_board(state: State, t: Translate) -> Markup:
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
    if state.winner is not None:  # (over)
        winner = t(f"battleship.player.{state.winner}")
        figures.append(t("battleship.status.over", name=winner))
    return h(
        "div",
        {"class": "game-view battleship replay-board", "data-game": GAME},
        h("p", {"class": "replay-figures"}, " · ".join(figures)) if figures else None,
        h("div", {"class": "bs-boards"}, boards),
    )
