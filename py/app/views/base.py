"""What every view offers the app."""

from typing import TYPE_CHECKING

from ..html import Markup
from ..router import Route

if TYPE_CHECKING:
    from ..main import App


class View:
    def __init__(self, app: "App", route: Route) -> None:
        self.app = app
        self.t = app.t
        self.route = route

    def title(self) -> str:
        raise NotImplementedError

    def render(self) -> Markup:
        raise NotImplementedError

    def mounted(self, root) -> None:
        """Called after the HTML is in the page (for focus, timers, animations)."""

    def on_action(self, action: str, data: dict, event) -> None:
        """A click or change on an element with data-action."""

    def on_key(self, event) -> None:
        """A key press anywhere on the page."""

    def on_storage_change(self, name: str | None) -> None:
        """Another tab changed a record (None: all of storage was cleared)."""
        self.app.render()

    def suspend(self) -> None:
        """The page is hidden (another tab, app switch, closing): stop clocks, save."""

    def resume(self) -> None:
        """The page is visible again."""

    def close(self) -> None:
        """The player is leaving this view."""
