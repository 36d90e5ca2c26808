"""The browser's side of a room of one link: static/js/room.js carries app.peer.room's
messages over the relays, and each pairing becomes a data channel (app.peer.rtc's Link)
made and answered through it.

    links = RoomLinks(place, on_link)   # place: RoomPlace (secret, hosting, this device's id)
    links.start()                       # joins the room; on_link(link, device) per channel
    links.close()

A link stays this object's to watch when a page takes it over: once it closes, a guest
says `here` again and the host offers again, so a game comes back by itself."""

import json
from collections.abc import Callable
from typing import Any

from pyscript import window

from .. import browser
from ..browser import _js
from . import codes
from .channel import CLOSED, FAILED, OPEN
from .room import Accept, Answer, Offer, Rendezvous, RoomPlace
from .rtc import Ice, Link, create_once_callable

OnLink = Callable[["RoomLink", str], None]
current: "RoomLinks | None" = None  # the page's room: the game's page takes it over


def _no_notice(held_elsewhere: bool | None) -> None:
    pass


# Told when another tab of this device holds the page's room (True), when that tab let it go
# and this one has it (False), and when this page stopped waiting for it (None): the app
# says so, and opens the game again from what that tab saved (app.main).
on_elsewhere: Callable[[bool | None], None] = _no_notice
HERE_AFTER_LOSS_MS = 250


class RoomLink(Link):
    """A data channel made through the room: it tells the room when it opens or ends,
    whoever listens to it then."""

    def __init__(
        self,
        my_name: str,
        ice: Ice,
        device: str,
        on_news: Callable[["RoomLink", str], None],
    ):
        super().__init__(my_name, ice)
        self.device = device
        self._on_news = on_news
        self.announced = False  # given to the page once open

    def time_limited(self) -> None:
        """This answer's connection fails if it has not opened within peer.js's limit."""
        if self._conn is not None:
            self._conn.connecting()

    def _set_state(self, state: str) -> None:
        super()._set_state(state)
        self._on_news(self, state)


class RoomLinks:
    def __init__(
        self,
        place: RoomPlace,
        name: str,
        relays: list[str],
        ice: Ice,
        on_link: OnLink,
        max_guests: int = 1,
        on_news: Callable[[], None] = lambda: None,
    ):
        self.place, self.name, self.relays, self.ice = place, name, relays, ice
        self.on_link, self.on_news = on_link, on_news
        self.max_guests = max_guests
        self.rendezvous: Rendezvous | None = None  # once the room is open (its public key known)
        self.links: dict[str, RoomLink] = {}  # by device: the one being made, or open
        self.room: Any = None
        self.relays_up = 0
        self.problem: str | None = None  # "no_relay": the room could not be opened
        self.elsewhere = False  # another tab of this device holds the room: this one waits
        self.closed = False
        self._timer: int | None = None
        self._proxies = [
            create_proxy(self._message),
            create_proxy(self._relays),
            create_proxy(lambda: None),
            create_proxy(self._elsewhere),
        ]

    def start(self) -> None:
        proxies = self._proxies
        on = _js(
            {
                "message": proxies[0],
                "relays": proxies[1],
                "dropped": proxies[2],
                "elsewhere": proxies[3],
            }
        )
        window.gemauRoom.open(self.place.secret, _js(self.relays), self.place.key, on).then(
            create_once_callable(self._opened)
        ).catch(create_once_callable(self._not_opened))

    def _opened(self, room: Any) -> None:
        if self.closed:
            room.close()
            return
        self.room = room
        place = self.place
        self.rendezvous = Rendezvous(
            str(room.me),
            place.hosting,
            self.name,
            self._say,
            browser.now_ms,
            self.max_guests,
            host=place.host,
            friends=place.friends,
        )
        self.rendezvous.start()
        self._next_here()
        self.on_news()

    @property
    def me(self) -> str | None:
        """This device's public key in the room, once it is open (a host's link names it)."""
        return self.rendezvous.me if self.rendezvous is not None else None

    def _not_opened(self, error: object) -> None:
        self.problem = "no_relay"
        self.on_news()

    def _elsewhere(self, held: object) -> None:
        self.elsewhere = bool(held)
        if not self.closed:
            on_elsewhere(self.elsewhere)
        self.on_news()

    def _relays(self, connected: int, total: int) -> None:
        self.relays_up = int(connected)
        self.on_news()

    @property
    def connected(self) -> bool:
        return any(link.state == OPEN for link in self.links.values())

    # --- the room's messages ------------------------------------------------------------
    def _say(self, message: dict[str, Any]) -> None:
        if self.room is not None and not self.closed:
            self.room.send(json.dumps(message, separators=(",", ":")))

    def _message(self, text: object, sender: object, private: object = False) -> None:
        rendezvous = self.rendezvous
        if self.closed or rendezvous is None or private:  # (a room says nothing privately)
            return
        action = rendezvous.receive(text, sender)
        if isinstance(action, Offer):
            link = self._new_link(action.device)

            def offered(fields: codes.Fields) -> None:
                if self.links.get(action.device) is link:  # (not replaced meanwhile)
                    rendezvous.offered(action.device, fields)

            link.offer(offered, lambda reason: self._failed(link))
        elif isinstance(action, Answer):
            link = self._new_link(action.device)

            def answered(fields: codes.Fields) -> None:
                if self.links.get(action.device) is link:
                    link.time_limited()  # an answer nobody takes up is given up after a while
                    rendezvous.answered(action.device, action.offer_id, fields)

            link.answer(action.fields, answered, lambda reason: self._failed(link))
        elif isinstance(action, Accept):
            pending = self.links.get(action.device)
            if pending is not None and pending.described:
                pending.accept(action.fields, lambda reason: self._failed(pending))

    def _new_link(self, device: str) -> RoomLink:
        """A new connection with `device`, closing the one before: being made, or (its page
        reloaded: app.peer.room) gone whatever this side still thinks."""
        old = self.links.pop(device, None)
        if old is not None:
            old.close()
        link = RoomLink(self.name, self.ice, device, self._link_news)
        self.links[device] = link
        return link

    def _failed(self, link: RoomLink) -> None:
        """A connection that could not be made (no candidate, a description refused)."""
        link.close()
        if self.rendezvous is not None and self.links.get(link.device) is None:
            self.rendezvous.not_offered(link.device)

    def _link_news(self, link: RoomLink, state: str) -> None:
        if self.links.get(link.device) is not link:
            return  # a connection replaced by a newer one
        rendezvous = self.rendezvous
        if rendezvous is None:
            return
        if state == OPEN and not link.announced:
            link.announced = True
            rendezvous.linked(link.device, True)
            self.on_link(link, link.device)
        elif state in (CLOSED, FAILED):
            del self.links[link.device]
            rendezvous.linked(link.device, False)
            if not self.place.hosting and not self.closed:
                # A moment later: a page being closed (its links closed on pagehide) says
                # nothing, so the host never offers to a page that is gone.
                browser.later(HERE_AFTER_LOSS_MS, self._here_now)
        self.on_news()

    # --- a guest's `here`, until connected --------------------------------------------------
    def _next_here(self) -> None:
        wait = self.rendezvous.next_here_ms() if self.rendezvous is not None else None
        if wait is None or self.closed:
            self._timer = None
            return
        self._timer = browser.later(wait, self._here_due)

    def _here_due(self) -> None:
        self._timer = None
        rendezvous = self.rendezvous
        if not self.closed and rendezvous is not None and rendezvous.next_here_ms() is not None:
            rendezvous.say_here()
            self._next_here()

    def _here_now(self) -> None:
        if self.rendezvous is None or self.closed or self.connected:
            return
        self.rendezvous.say_here()
        if self._timer is None:
            self._next_here()

    def close(self) -> None:
        """Leave the room (the links made stay open: the game goes on without it)."""
        self.closed = True
        if self.elsewhere:
            self.elsewhere = False
            on_elsewhere(None)  # (this page no longer waits for the room)
        if self.room is not None:
            self.room.close()


def create_proxy(callback: Callable[..., Any]) -> Any:
    from pyscript.ffi import create_proxy as proxy

    return proxy(callback)
