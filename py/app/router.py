"""Hash routes: "#/marbles?seed=42&version=5" -> Route("marbles", {"seed": "42", ...})."""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import overload

from .games_list import GAME_ROUTES

PAGES = ("hub", "settings", "stats", "rules", "replay", "connect", "invite", "find") + GAME_ROUTES


@dataclass
class Route:
    page: str
    params: dict = field(default_factory=dict)
    detail: str | None = None  # e.g. the game of a rules page: "#/rules/marbles"


# urllib.parse would cost ~200 ms of start-up in Pyodide; a hash query needs only this.
SAFE = re.compile(r"[A-Za-z0-9_.~-]")
ESCAPED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def decode(part: str) -> str:
    part = part.replace("+", " ")
    return ESCAPED.sub(
        lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), part
    )


def encode(part: str) -> str:
    return "".join(
        ch if SAFE.fullmatch(ch) else "".join(f"%{b:02X}" for b in ch.encode()) for ch in part
    )


def parse_query(query: str) -> dict:
    pairs = (item.partition("=") for item in query.split("&") if item)
    return {decode(key): decode(value) for key, _, value in pairs}


def parse(hash_text: str) -> Route:
    path, _, query = (hash_text or "").lstrip("#").partition("?")
    parts = [part for part in path.split("/") if part]
    params = parse_query(query)
    if not parts:
        return Route("hub", params)
    page, detail = parts[0], (parts[1] if len(parts) > 1 else None)
    if page not in PAGES or page == "hub":
        return Route("hub", {}, None)
    if page in ("rules", "replay") and detail not in GAME_ROUTES:
        return Route("hub", {}, None)
    return Route(page, params, detail)


def href(page: str, detail: str | None = None, **params) -> str:
    path = "#/" if page == "hub" else f"#/{page}" + (f"/{detail}" if detail else "")
    return path + (
        ("?" + "&".join(f"{encode(k)}={encode(str(v))}" for k, v in params.items()))
        if params
        else ""
    )


@overload
def int_param(params: Mapping[str, str], name: str, low: int, high: int) -> int | None: ...
@overload
def int_param(params: Mapping[str, str], name: str, low: int, high: int, default: int) -> int: ...
def int_param(
    params: Mapping[str, str], name: str, low: int, high: int, default: int | None = None
) -> int | None:
    """An integer option from the address, or `default` when it is missing,
    not a number or outside [low, high]."""
    try:
        value = int(params[name])
    except (KeyError, ValueError):
        return default
    return value if low <= value <= high else default
