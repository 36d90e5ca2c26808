"""A game drawn to fit the page's width (Dominoes bends its lines of tiles to stay on a phone's
screen): the frontend says what of its drawing the width decides (`layout_for`, a hook only
such a game has), the game view hands that to the frontend in Facts.layout, and the page is
drawn again when a resize changes it. Other games' drawing does not depend on the width."""

from typing import Any, Protocol, runtime_checkable

from .. import browser

_watched: dict[str, Any] = {"view": None, "listening": False}


@runtime_checkable
class FitsTheWidth(Protocol):
    def layout_for(self, width: float) -> Any:
        """What of the drawing a page `width` CSS pixels wide decides (compared, not read,
        by the game view)."""
        ...


def layout(frontend: object) -> Any:
    """The frontend's layout for the page's width now (None: its drawing does not depend on it)."""
    if not isinstance(frontend, FitsTheWidth):
        return None
    return frontend.layout_for(page_width())


def page_width() -> float:
    try:
        return float(browser.document.documentElement.clientWidth)
    except Exception:  # (no page: under CPython)
        return 1000.0


def watch(view: Any) -> None:
    """Draw `view` (a game view on screen) again whenever a resize changes its frontend's layout."""
    if not isinstance(view.frontend, FitsTheWidth):
        return
    _watched["view"] = (view, layout(view.frontend))
    if not _watched["listening"]:
        _watched["listening"] = True
        browser.listen(browser.window, "resize", _resized)


def _resized(_event: Any = None) -> None:
    watched = _watched["view"]
    if watched is None:
        return
    view, drawn = watched
    if not view.closed and layout(view.frontend) != drawn:
        view.redraw()  # (mounted watches it again, with the new layout)
