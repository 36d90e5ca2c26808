"""A game that goes on behind the app's other pages (the Wordle Tournament, its rule 10.6: the
app's own pages are not leaving). When its game view closes for another page of the app while
its frontend says the game goes on (`goes_on_behind`: someone here still plays), its ticks
keep playing what falls due (app.frame.timed), saved and recorded as every move, and a bar at
the end of the app's header says how it stands with a link back (`behind_bar`; it stays, the
ticks stopped, once nobody here plays on). The game's page opened again takes it back
(`take_back`: its ticks stop, the new view resumes from the save as it stands). Hiding or
closing the page meanwhile is what it is on the game's own page (app.frame.page_life)."""

from typing import Any, Protocol, runtime_checkable

from .. import browser
from ..html import Markup
from . import page_life

BAR = "[data-behind-bar]"  # the bar's element: its parts to update are marked data-part


@runtime_checkable
class GoesOnBehind(Protocol):
    def goes_on_behind(self, state: Any) -> bool:
        """Does someone of this device still play it?"""
        ...

    def behind_bar(self, state: Any, ui: Any, page_ms: float, t: Any) -> Markup | None:
        """The bar while the game goes on behind another page (an element with the attribute
        data-behind-bar, its changing parts marked data-part); None: no bar."""
        ...


_behind: Any = None  # the GameView going on behind another page
_listening = False


def carry_on(view: Any) -> bool:
    """`view` closes for another page: whether its game goes on behind it."""
    global _behind
    frontend = view.frontend
    if not isinstance(frontend, GoesOnBehind) or view.ticks is None or view.state is None:
        return False  # (another game's page closing leaves the one behind as it is)
    take_back(view.game)
    if view.state.is_over or not frontend.goes_on_behind(view.state):
        return False
    _behind = view
    _listen()
    show(view)
    return True


def is_behind(view: Any) -> bool:
    return view is _behind and view is not None


def take_back(game: str | None = None) -> None:
    """The game going on behind (of `game`, if given) stops: its bar goes."""
    global _behind
    view = _behind
    if view is None or (game is not None and view.game != game):
        return
    _behind = None
    view.ticks.stop()
    remove_bar()


def bar_node() -> Any:
    return browser.document.querySelector(BAR)


def bar_of(view: Any) -> Markup | None:
    bar: Markup | None = view.frontend.behind_bar(view.state, view.ui, browser.now_ms(), view.t)
    return bar


def show(view: Any) -> None:
    """The bar as the game stands (after every tick behind); none once it no longer goes on."""
    if not is_behind(view):
        return
    bar = bar_of(view)
    if bar is None:
        take_back()
        return
    if view.state.is_over or not view.frontend.goes_on_behind(view.state):
        view.ticks.stop()  # (the bar stays, its link back to the end)
    put_bar(bar)


def put_bar(bar: Markup) -> None:
    """The bar put at the end of the app's header, or its changed parts put in it."""
    node = bar_node()
    if not browser.found(node):
        browser.element("topnav").parentNode.insertAdjacentHTML("beforeend", bar)
        return
    drawn = browser.document.createElement("template")
    drawn.innerHTML = bar
    for part in drawn.content.querySelectorAll("[data-part]"):
        old = node.querySelector(f"[data-part='{part.dataset.part}']")
        if not browser.found(old):
            node.outerHTML = bar  # (another bar altogether)
            return
        if str(old.innerHTML) != str(part.innerHTML):
            old.innerHTML = part.innerHTML  # (the rest kept: a link focused stays focused)


def remove_bar() -> None:
    node = bar_node()
    if browser.found(node):
        node.remove()


def _listen() -> None:
    """The page hidden or shown while the game goes on behind: as on its own page."""
    global _listening
    if _listening:
        return
    _listening = True
    document = browser.document

    def visibility(_event: object) -> None:
        if _behind is None:
            return
        if str(document.visibilityState) == "hidden":
            page_life.hidden(_behind)
        elif _behind.frontend.goes_on_behind(_behind.state):
            _behind.ticks.start()  # (its due brings the people here back)

    def page_hidden(_event: object) -> None:
        if _behind is not None:
            page_life.hidden(_behind)

    browser.listen(document, "visibilitychange", visibility)
    browser.listen(document.defaultView, "pagehide", page_hidden)
