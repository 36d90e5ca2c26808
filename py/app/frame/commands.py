"""What the game menu's commands do, the same in every game on the frame: undo and redo
(app.frame.undoing), an on/off setting toggled, a new game (asked first when it would throw
away one in progress, which would then not count), and the same game again, now known and
so not counted. With a friend on another device, a new game is one of the player's own on
this device; the friend's is kept."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.common.protocol import Json

from .. import router, saved_games
from ..midend import fresh_seed
from . import undoing
from .frontend import Command, Show
from .seats import midend_seats
from .starting import in_progress

if TYPE_CHECKING:
    from .game_view import GameView


def run(view: "GameView", command: Command) -> None:
    if view.busy or view.state is None:
        return
    if command.name in ("undo", "redo"):
        (undoing.undo if command.name == "undo" else undoing.redo)(view)
    elif command.name == "toggle":  # a shortcut to an on/off setting every game honours
        name = (command.options or {})["setting"]
        view.app.change_setting(name, "off" if view.app.settings[name] == "on" else "on")
    elif command.name == "goto":  # (a choice another page makes: the Tournament's language)
        view.app.navigate(str((command.options or {})["href"]))
    elif command.name == "new" and view.remote is not None:
        view.app.navigate(router.href(view.game))
    elif command.name == "new":
        options = dict(command.options or {})
        kept = Show(view.frontend.new_ui(view.state, view.ui))  # (a dialog of it closed)
        unless_kept(
            view, "frame.confirm_new_yes", lambda: new_game(view, options), lambda: view.show(kept)
        )
    elif command.name == "restart":
        unless_kept(view, "frame.confirm_restart_yes", lambda: restart(view))


def unless_kept(
    view: "GameView",
    yes_key: str,
    start: Callable[[], None],
    on_no: Callable[[], None] | None = None,
) -> None:
    """start() a new game, asking first when that would throw away a game in progress."""
    if not in_progress(view.midend):
        start()
        return
    t = view.t
    view.app.ask(
        t("frame.confirm_new_title"), t("frame.confirm_uncounted"), t(yes_key), start, on_no
    )


def new_game(view: "GameView", options: Json) -> None:
    if options:  # a choice the player made: remembered for the next game
        view.prefs = saved_games.update_prefs(view.app.store, view.game, view.prefs, options)
    seats = midend_seats(view.frontend.new_seats({}, view.choices()))
    midend, numbered_again = view.midend, getattr(view.frontend, "numbered_again", None)
    if numbered_again is not None and midend.known and not midend.moves:  # (not yet begun)
        view._start(numbered_again(view.choices()), midend.seed, seats, known=True)
    else:
        view._start(view.frontend.new_options(view.choices()), fresh_seed(), seats)
    announce_new(view)


def restart(view: "GameView") -> None:
    midend = view.midend
    view._start(midend.options, midend.seed, midend.seats, known=True)
    announce_new(view)


def announce_new(view: "GameView") -> None:
    view.app.announce(view.frontend.said_new(view.state, view.table(), view.t))
    view.redraw()
