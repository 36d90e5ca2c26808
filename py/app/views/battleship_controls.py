"""Battleship's page besides the grids: the keyboard (a cursor on each grid, Enter, R, F,
N and the history keys) and the New game dialog. A mixin of BattleshipView."""

from games.battleship.grid import SIZE, square_name

from .. import browser, saved_games
from ..battleship import setup
from ..browser import found
from ..midend import fresh_seed

GAME = "battleship"
KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


class Controls:
    """Needs the view's `state`, `setup`, `prefs`, `cursor`, `link_game`, `remote_action`,
    `press_target`, `press_ocean`, `rotate`, `fire_salvo`, `history_key`, `_new_state`,
    `redraw` and `app`."""

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        if self.link_game is not None:  # a game of one's own is set up on its own page
            self.remote_action("new-dialog")
            return
        self.setup = setup.preferred(self.prefs)
        self.redraw(focus_id="bs-start")

    def on_setup(self, action: str, data: dict, event) -> None:
        choices = self.setup
        if choices is None:
            return
        if action == "setup-cancel":
            self.setup = None
            self.redraw()
        elif action == "setup-start":
            self.set_prefs(dict(choices))
            self.setup = None
            self.over_closed = False
            options = {key: choices[key] for key in setup.OPTION_KEYS}
            seats = setup.seats_for(choices["opponent"], choices["side"])
            self._new_state(fresh_seed(), options, seats)
            self.app.announce(self.t("battleship.announce.new_game"))
            self.redraw(focus_id="bs-ocean")
        else:
            checked = bool(event.target.checked) if action == "setup-announce" else None
            setup.choose(choices, action, data.get("value"), checked)

    def set_prefs(self, values: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, values)

    # --- keyboard ----------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            self.history_key(event)
            return
        if self.setup is not None:
            if str(event.key) == "Escape":
                self.setup = None
                self.redraw()
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY") or (
            str(target.tagName) == "BUTTON" and event.key in ("Enter", " ")
        ):
            return
        key = str(event.key)
        grid_id = str(target.id) if found(target) else ""
        on_grid = grid_id in ("bs-target", "bs-ocean")
        if key in KEY_STEPS and on_grid:
            event.preventDefault()
            dr, dc = KEY_STEPS[key]
            row, col = divmod(self.cursor, SIZE)
            self.cursor = min(SIZE - 1, max(0, row + dr)) * SIZE + min(SIZE - 1, max(0, col + dc))
            self.redraw(focus_id=grid_id)
        elif key in ("Enter", " ") and on_grid:
            event.preventDefault()
            name = square_name(self.cursor)
            if grid_id == "bs-target":
                self.press_target(name)
            else:
                self.press_ocean(name)
            new_root = browser.element("view").querySelector(f"#{grid_id}")
            if found(new_root):
                new_root.focus()
        elif key in ("r", "R"):
            self.rotate()
        elif key in ("f", "F"):
            self.fire_salvo()
        elif key in ("n", "N"):
            self.open_setup()

    def focus_lost(self, view_root, wanted_id: str) -> None:
        """The control that had focus went with the drawing (Ready, Fire salvo, the
        grid of a turn just played): focus goes where play goes on, never to the
        page's body. Over, the end-of-game window has it."""
        if not wanted_id or self.state.is_over:
            return
        for candidate in ("bs-hide", "bs-target", "bs-ocean", "bs-reveal"):
            node = view_root.querySelector(f"#{candidate}")
            if found(node) and node.tabIndex >= 0 and not getattr(node, "disabled", False):
                node.focus()
                return
