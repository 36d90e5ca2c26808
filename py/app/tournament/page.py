"""The parts of a Wordle Tournament page changed in place between two drawings, so
that a tick of the clock does not draw the whole screen again: the side panel, the
duels' clocks and the introduction's count, on one device and on a group member's.
"""

from typing import TYPE_CHECKING, Any

from .. import browser
from ..html import Markup, join
from ..i18n import Translator
from ..views import wordle_parts as parts

if TYPE_CHECKING:
    from ..views.wordle import WordleView


class PageParts:
    def __init__(self, view: "WordleView") -> None:
        self.view = view  # the page's view (app.views.wordle): its root, once mounted

    def shown(self) -> bool:
        return self.view.root is not None and self.view.app.view is self.view

    def find(self, selector: str) -> Any:
        """The first element of the view matching `selector`, or None (querySelector
        gives JS null, not None, when nothing matches)."""
        root = self.view.root
        if root is None:
            return None
        node = root.querySelector(selector)
        return node if browser.found(node) else None

    def put_side(self, markup: list[Markup | None]) -> bool:
        """The side panel drawn anew; False when the page shows none."""
        side = self.find(".wt-side")
        if side is None:
            return False
        side.innerHTML = join(markup)
        return True

    def put_clocks(self, t: Translator, view: dict[str, Any]) -> None:
        """Every duel's clock on the page (yours too when watching another), and the
        seconds left of a round's introduction."""
        root = self.view.root
        if root is None or not self.shown():
            return
        for slot in root.querySelectorAll(".wd-clock-slot"):
            index = int(slot.dataset.duel)
            if index < len(view["duels"]):
                duel = view["duels"][index]
                slot.innerHTML = parts.clock(t, duel["time_left"], duel["running"])
        intro = self.find(".wt-intro-left")
        if intro is not None:
            intro.textContent = t("wt.starts_in", seconds=(view["intro_left"] + 999) // 1000)

    def scroll_to_top(self) -> None:
        """The screen changed wholesale (the lobby became the round): show its top."""
        node = self.find(".wt-screen")
        if node is not None:
            node.ownerDocument.defaultView.scrollTo(0, 0)
