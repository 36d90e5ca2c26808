"""The browser's side of app.peer: a Channel over static/js/peer.js's data channel.

    link = open_channel("Siân", ice)   # ice: prefs.ice_config(settings), or STUN URLs
    link.host(on_code, on_error)     # host: on_code(invite code) once gathered
    link.join(invite, on_code, on_error)   # friend: on_code(reply code)
    link.accept(reply)               # host, with the friend's checked reply
then link.send(dict), link.on_message(callback), link.on_state(callback) as a Channel.
"""

from collections.abc import Callable, Iterable
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy

from ..browser import _js
from . import codes
from .channel import CLOSED, FAILED, Channel

OnCode = Callable[[str], None]  # an invite or reply code, once gathered
OnError = Callable[[str], None]  # why it failed

current: "Link | None" = None  # the page's connection to a friend, for the games to use
# The host's connections to the friends of a table of 3 or 4 devices (Straight Dominoes),
# by their names at the table ("g1", "g2", "g3"), handed by #/connect to the game's page.
table: "dict[str, Link]" = {}

# What RTCPeerConnection is given: {"iceServers": [...], "iceTransportPolicy": "all"|"relay"}
# (app.peer.prefs.ice_config), or just the STUN servers' URLs.
Ice = dict[str, Any] | Iterable[str]


def ice_of(ice: Ice) -> dict[str, Any]:
    if isinstance(ice, dict):
        policy = "relay" if ice.get("iceTransportPolicy") == "relay" else "all"
        return {"iceServers": list(ice.get("iceServers", [])), "iceTransportPolicy": policy}
    return {"iceServers": [{"urls": url} for url in ice], "iceTransportPolicy": "all"}


class Link(Channel):
    def __init__(self, my_name: str, ice: Ice = ()):
        super().__init__(my_name, self._send_text, self._close_js)
        self._conn: Any = None  # peer.js's connection, once described
        self._ice = _js(ice_of(ice))
        self._proxies = [create_proxy(self.transport_state), create_proxy(self._received_js)]
        self._on = _js({"state": self._proxies[0], "message": self._proxies[1]})

    def _received_js(self, text: object) -> None:
        self.received(text if isinstance(text, str) else None)

    def _send_text(self, text: str) -> None:
        if self._conn is not None:
            self._conn.send(text)

    def _close_js(self) -> None:
        if self._conn is not None:
            self._conn.close()

    def _described(
        self, kind: str, on_fields: Callable[[codes.Fields], None], on_error: OnError
    ) -> Any:
        def done(conn: Any) -> None:
            if self.state in (CLOSED, FAILED):  # given up while it gathered: closed now
                conn.close()
                return
            self._conn = conn
            try:
                fields = codes.from_sdp(kind, str(conn.sdp))
            except codes.BadCode:  # no usable candidate was gathered
                on_error("no_candidates")
                return
            on_fields(fields)

        return create_once_callable(done)

    def _failed(self, on_error: OnError) -> Any:
        return create_once_callable(lambda error: on_error(str(error)))

    def host(self, on_code: OnCode, on_error: OnError) -> None:
        self.offer(lambda fields: on_code(codes.encode(codes.OFFER, fields)), on_error)

    def join(self, invite: codes.Fields, on_code: OnCode, on_error: OnError) -> None:
        self.answer(invite, lambda fields: on_code(codes.encode(codes.ANSWER, fields)), on_error)

    def offer(self, on_fields: Callable[[codes.Fields], None], on_error: OnError) -> None:
        """Make this connection's offer: on_fields(its fields) once gathered."""
        promise = window.gemauPeer.host(self._ice, self._on)
        promise.then(self._described(codes.OFFER, on_fields, on_error)).catch(
            self._failed(on_error)
        )

    def answer(
        self, offer: codes.Fields, on_fields: Callable[[codes.Fields], None], on_error: OnError
    ) -> None:
        """Answer the other device's offer: on_fields(the answer's fields) once gathered."""
        offer_sdp = codes.to_sdp(codes.OFFER, offer)
        promise = window.gemauPeer.join(offer_sdp, self._ice, self._on)
        promise.then(self._described(codes.ANSWER, on_fields, on_error)).catch(
            self._failed(on_error)
        )

    @property
    def described(self) -> bool:
        """Its own description is made (an offer may be answered)."""
        return self._conn is not None

    def accept(self, reply: codes.Fields, on_error: OnError) -> None:
        self._conn.accept(codes.to_sdp(codes.ANSWER, reply)).catch(self._failed(on_error))


def create_once_callable(callback: Callable[..., None]) -> Any:
    from pyodide.ffi import create_once_callable as once  # after pyscript: see app.snapshot

    return once(callback)


def open_channel(my_name: str, ice: Ice = (), keep_current: bool = False) -> Link:
    """The page's connection to a friend (closing any earlier one, unless the host keeps
    it to invite another friend to the same table)."""
    global current
    if current is not None and not keep_current:
        current.close()
    current = Link(my_name, ice)
    return current


def supported() -> bool:
    return bool(getattr(window, "gemauPeer", None)) and bool(window.gemauPeer.supported)
