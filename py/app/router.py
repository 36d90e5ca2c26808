"""Hash routes: "#/marbles?seed=42&version=5" -> Route("marbles", {"seed": "42", ...})."""

from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from .games_list import GAME_ROUTES

PAGES = ("hub", "settings", "stats", "rules") + GAME_ROUTES


@dataclass
class Route:
    page: str
    params: dict = field(default_factory=dict)
    detail: str | None = None  # e.g. the game of a rules page: "#/rules/marbles"


def parse(hash_text: str) -> Route:
    path, _, query = (hash_text or "").lstrip("#").partition("?")
    parts = [part for part in path.split("/") if part]
    params = dict(parse_qsl(query, keep_blank_values=True))
    if not parts:
        return Route("hub", params)
    page, detail = parts[0], (parts[1] if len(parts) > 1 else None)
    if page not in PAGES or page == "hub":
        return Route("hub", {}, None)
    if page == "rules" and detail not in GAME_ROUTES:
        return Route("hub", {}, None)
    return Route(page, params, detail)


def href(page: str, detail: str | None = None, **params) -> str:
    path = "#/" if page == "hub" else f"#/{page}" + (f"/{detail}" if detail else "")
    return path + (f"?{urlencode(params)}" if params else "")
