"""The top bar's links (Home, Statistics, Settings), the current page's marked."""

from . import router
from .html import h

LINKS = (("hub", "nav.home"), ("stats", "nav.stats"), ("settings", "nav.settings"))


def nav_links(t, current: str) -> str:
    return "".join(
        h(
            "a",
            {"href": router.href(page), "aria-current": "page" if page == current else None},
            t(key),
        )
        for page, key in LINKS
    )
