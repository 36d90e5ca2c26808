"""The part every saved game's view shares: its session and choices, pausing
when the page is hidden, and what happens when another tab plays on."""

from typing import TYPE_CHECKING, Any

from . import browser
from .midend import Midend
from .router import Route
from .session import GameSession
from .views.base import View

if TYPE_CHECKING:
    from .main import App


class SavedGameView(View):
    """A game saved as it is played, with a clock and remembered choices
    (self.session, self.prefs; the subclass keeps self.state): pausing when
    the page is hidden, and another tab playing on.

    Subclasses set `game` (the storage name) and provide `_save`,
    `_start_or_resume`, `render` and `mounted`; `forget_position` drops whatever
    refers to the position on screen before another tab's newer one is taken."""

    game = ""
    not_counted_key = "frame.not_counted_known"  # what a game known from its start says
    # What a subclass keeps: the game in progress and the position on screen.
    midend: Midend
    state: Any

    def _save(self) -> None:
        """Save the game in progress (the subclass's, with its view's own keys)."""
        raise NotImplementedError

    def _start_or_resume(self) -> None:
        """Take the saved game, or the one the address asks for, or a new one."""
        raise NotImplementedError

    def __init__(self, app: "App", route: Route) -> None:
        super().__init__(app, route)
        self.session = GameSession(app.store, self.game, browser.now_ms)
        self.prefs: dict[str, Any] = app.store.load(f"prefs:{self.game}").data

    def redraw(self, focus_id: str | None = None) -> None:
        """Draw the view again, keeping keyboard focus on the control that had it
        (or moving it to `focus_id`)."""
        view_root = browser.element("view")
        active = browser.document.activeElement
        active_id = str(active.id) if browser.found(active) and active.id else ""
        view_root.innerHTML = self.render()
        self.mounted(view_root)
        wanted = focus_id or active_id
        target: Any = None  # the element to focus, if it is still on the page
        if wanted and wanted.replace("-", "").isalnum():
            target = view_root.querySelector(f"#{wanted}")
        if browser.found(target) and not getattr(target, "disabled", False):
            browser.focus_in_place(target)
        else:
            self.focus_lost(view_root, wanted)

    def say_if_not_counted(self) -> None:
        """Tell the player, once, that this game will not count because its seed
        was known (docs/rules/README.md, Fairness). Needs self.midend."""
        if self.midend.not_counted_because == "known":
            self.app.notice(
                f"{self.game}-not-counted",
                lambda: self.t(self.not_counted_key),
                about_view=True,
            )

    def focus_lost(self, view_root: Any, wanted_id: str) -> None:
        """The control that had focus is gone from the new drawing (played, hidden)."""

    def suspend(self) -> None:
        self.session.stop_clock()
        self._save()

    def resume(self) -> None:
        if self.state is not None and not self.state.is_over:  # (None: a friend still to come)
            self.session.start_clock()

    def on_storage_change(self, name: str | None) -> None:
        game = self.game
        if name in (None, f"saved:{game}") and self.session.newer_elsewhere():
            self.take_newer_save()
            self.redraw()
        elif name in (None, f"prefs:{game}", f"stats:{game}"):
            self.prefs = self.app.store.load(f"prefs:{game}").data
            self.redraw()

    def take_newer_save(self) -> None:
        """Another tab played on: take its position rather than overwrite it
        (also when a save of ours is refused as older). The caller redraws."""
        game = self.game
        self.route.params = {}
        self.forget_position()
        self._start_or_resume()
        self.app.notice(f"{game}-other-tab", lambda: self.t(f"{game}.other_tab"), about_view=True)

    def forget_position(self) -> None:
        """Selections, hints and pending computer moves of the position on screen."""
