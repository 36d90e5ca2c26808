"""The bar in the app's header while a Wordle Tournament group's page goes on behind the
app's other pages (rule 16.8): the leader's hosting (group_hosting) and a member's screen
(group_member_away) put it, update it part by part and remove it; its markup is away_draw's.
(The Tournament on one device has the frame's bar: app.frame.behind.)"""

from typing import Any

from .. import browser
from .away_draw import BAR_ID


class HeaderBar:
    """The bar in the page: put at the end of the app's header, updated, removed."""

    def node(self) -> Any:
        node = browser.element(BAR_ID)
        return node if browser.found(node) else None

    def put(self, markup: str) -> None:
        self.remove()
        header = browser.element("topnav").parentNode
        header.insertAdjacentHTML("beforeend", markup)

    def update(self, said: str, clock: str, lang: str) -> bool:
        """False when there is no bar to update (or it speaks another language)."""
        node = self.node()
        if node is None or str(node.dataset.lang) != lang:
            return False
        what = node.querySelector(".wt-away-what")
        if str(what.textContent) != said:
            what.textContent = said
        node.querySelector(".wt-away-clock").innerHTML = clock
        return True

    def remove(self) -> None:
        node = self.node()
        if node is not None:
            node.remove()


BAR = HeaderBar()
