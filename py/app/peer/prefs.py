"""What this device keeps for playing with a friend: the player's name and internet play
(off by default, so that no request leaves the page's own address): the Nostr relays that
carry a room's signalling (app.peer.room) and the STUN servers that find a way through
home routers."""

import re
from typing import Any

from ..storage import Schema, Store
from .channel import clean_name

DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]
MAX_SERVERS = 8
STUN_URL = re.compile(r"stuns?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}[A-Za-z0-9])?(?::\d{1,5})?")
# Public relays run by different people, that pass on ephemeral events to anyone: one down
# or gone changes nothing while another carries the room.
DEFAULT_RELAYS = [
    "wss://relay.damus.io",
    "wss://nos.lol",
    "wss://relay.primal.net",
    "wss://nostr.mom",
    "wss://relay.nostr.band",
]
# wss: anywhere; plain ws: only to a relay on this device (the page's CSP says the same).
RELAY_URL = re.compile(
    r"(?:wss://[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}[A-Za-z0-9])?|ws://(?:127\.0\.0\.1|localhost))"
    r"(?::\d{1,5})?(?:/[A-Za-z0-9._~/-]{0,200})?"
)
DEFAULTS = {"name": "", "internet": "off", "stun": DEFAULT_STUN, "relays": DEFAULT_RELAYS}


def stun_list(text: object) -> list[str]:
    """The good server addresses in a list typed one a line (or separated by spaces)."""
    if not isinstance(text, str):
        return []
    urls = [url for url in text.split() if STUN_URL.fullmatch(url)]
    return list(dict.fromkeys(urls))[:MAX_SERVERS]


def relay_list(text: object) -> list[str]:
    """The good relay addresses in a list typed one a line (or separated by spaces)."""
    if not isinstance(text, str):
        return []
    urls = [url.rstrip("/") for url in text.split() if RELAY_URL.fullmatch(url)]
    return list(dict.fromkeys(urls))[:MAX_SERVERS]


def _listed(value: object, parse: Any, default: list[str]) -> list[str]:
    if isinstance(value, list) and all(isinstance(u, str) for u in value):
        return list(parse(" ".join(value)))
    return list(default)


def clean(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("peer settings must be an object")
    return {
        "name": clean_name(data.get("name")) or "",
        "internet": data.get("internet") if data.get("internet") in ("off", "on") else "off",
        "stun": _listed(data.get("stun"), stun_list, DEFAULT_STUN),
        "relays": _listed(data.get("relays"), relay_list, DEFAULT_RELAYS),
    }


def _with_relays(data: Any) -> Any:
    """Version 1 had no relays: the default list."""
    return {**data, "relays": list(DEFAULT_RELAYS)} if isinstance(data, dict) else data


SCHEMA = Schema(
    "peer",
    2,
    lambda: {**DEFAULTS, "stun": list(DEFAULT_STUN), "relays": list(DEFAULT_RELAYS)},
    clean,
    {1: _with_relays},
)


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


def relays(settings: dict[str, Any]) -> list[str]:
    """The relays a room may use: none until the player has opted in to internet play."""
    return list(settings["relays"]) if settings["internet"] == "on" else []
