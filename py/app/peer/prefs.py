"""What this device keeps for playing with a friend: the player's name and internet play
(STUN servers, off by default so no request leaves the page's own address)."""

import re
from typing import Any

from ..storage import Schema, Store
from .channel import clean_name

DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]
MAX_SERVERS = 8
STUN_URL = re.compile(r"stuns?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}[A-Za-z0-9])?(?::\d{1,5})?")
DEFAULTS = {"name": "", "internet": "off", "stun": DEFAULT_STUN}


def stun_list(text: object) -> list[str]:
    """The good server addresses in a list typed one a line (or separated by spaces)."""
    if not isinstance(text, str):
        return []
    urls = [url for url in text.split() if STUN_URL.fullmatch(url)]
    return list(dict.fromkeys(urls))[:MAX_SERVERS]


def clean(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("peer settings must be an object")
    stun = data.get("stun")
    return {
        "name": clean_name(data.get("name")) or "",
        "internet": data.get("internet") if data.get("internet") in ("off", "on") else "off",
        "stun": stun_list(" ".join(stun))
        if isinstance(stun, list) and all(isinstance(u, str) for u in stun)
        else list(DEFAULT_STUN),
    }


SCHEMA = Schema("peer", 1, lambda: {**DEFAULTS, "stun": list(DEFAULT_STUN)}, clean)


def load(store: Store) -> dict[str, Any]:
    store.register(SCHEMA)  # registered when first used: most visits never need it
    settings: dict[str, Any] = store.load(SCHEMA.name).data  # as clean() made it
    return settings


def change(store: Store, **fields: Any) -> dict[str, Any]:
    """Keep new values (cleaned); the cleaned settings, even if storage refused them."""
    store.register(SCHEMA)
    updated = clean({**store.load(SCHEMA.name).data, **fields})
    try:
        store.save(SCHEMA.name, updated)
    except Exception:  # storage full: used for this visit anyway
        pass
    return updated


def ice_urls(settings: dict[str, Any]) -> list[str]:
    return list(settings["stun"]) if settings["internet"] == "on" else []
