"""What this device keeps for playing with a friend: the player's name and internet play
(off by default, so that no request leaves the page's own address): the Nostr relays that
carry a room's signalling (app.peer.room), the STUN servers that find a way through
home routers, and a TURN server of the player's own that relays the game's traffic where no
direct way exists (relay_only: always through it, so the friend never learns this device's
IP address)."""

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
# A TURN server: turn: (or turns:, over TLS) host[:port], optionally ?transport=udp|tcp; its
# user name and password (the long-term credentials coturn and others take), each 1-128
# characters and no control character.
TURN_URL = re.compile(
    r"turns?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}[A-Za-z0-9])?(?::\d{1,5})?"
    r"(?:\?transport=(?:udp|tcp))?"
)
TURN_SECRET = re.compile(r"[^\x00-\x1f\x7f]{1,128}")
DEFAULTS = {
    "name": "",
    "internet": "off",
    "stun": DEFAULT_STUN,
    "relays": DEFAULT_RELAYS,
    "turn": None,
    "relay_only": False,
}


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


def turn_server(url: object, username: object, credential: object) -> dict[str, str] | None:
    """The TURN server as typed (address, user name, password), or None if any is not good:
    the reason is turn_problem's."""
    if turn_problem(url, username, credential) is not None:
        return None
    assert isinstance(url, str) and isinstance(username, str) and isinstance(credential, str)
    return {"url": url.strip(), "username": username, "credential": credential}


def turn_problem(url: object, username: object, credential: object) -> str | None:
    """Why a TURN server as typed cannot be used ("url", "username" or "credential"), or
    None when it can."""
    if not isinstance(url, str) or not TURN_URL.fullmatch(url.strip()):
        return "url"
    if not isinstance(username, str) or not TURN_SECRET.fullmatch(username):
        return "username"
    if not isinstance(credential, str) or not TURN_SECRET.fullmatch(credential):
        return "credential"
    return None


def _turn(value: object) -> dict[str, str] | None:
    if not isinstance(value, dict) or set(value) != {"url", "username", "credential"}:
        return None
    return turn_server(value["url"], value["username"], value["credential"])


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
        "turn": _turn(data.get("turn")),
        "relay_only": data.get("relay_only") is True,
    }


def _with_relays(data: Any) -> Any:
    """Version 1 had no relays: the default list."""
    return {**data, "relays": list(DEFAULT_RELAYS)} if isinstance(data, dict) else data


def _with_turn(data: Any) -> Any:
    """Version 2 had no TURN server: none, and not relay-only."""
    return {**data, "turn": None, "relay_only": False} if isinstance(data, dict) else data


SCHEMA = Schema(
    "peer",
    3,
    lambda: {**DEFAULTS, "stun": list(DEFAULT_STUN), "relays": list(DEFAULT_RELAYS)},
    clean,
    {1: _with_relays, 2: _with_turn},
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


def relay_only(settings: dict[str, Any]) -> bool:
    """Every connection goes through the player's TURN server (internet play on, a server set
    and the choice made): the friend's device never learns this one's IP address."""
    return settings["internet"] == "on" and settings["turn"] is not None and settings["relay_only"]


def ice_config(settings: dict[str, Any]) -> dict[str, Any]:
    """The configuration static/js/peer.js gives RTCPeerConnection: the STUN servers and the
    TURN server once internet play is on (none before), and relay-only as chosen (then no
    STUN server: it would learn this device's address and find nothing of use)."""
    only = relay_only(settings)
    servers: list[dict[str, Any]] = [] if only else [{"urls": u} for u in ice_urls(settings)]
    turn = settings["turn"] if settings["internet"] == "on" else None
    if turn is not None:
        servers.append(
            {"urls": turn["url"], "username": turn["username"], "credential": turn["credential"]}
        )
    return {"iceServers": servers, "iceTransportPolicy": "relay" if only else "all"}


def relays(settings: dict[str, Any]) -> list[str]:
    """The relays a room may use: none until the player has opted in to internet play."""
    return list(settings["relays"]) if settings["internet"] == "on" else []
