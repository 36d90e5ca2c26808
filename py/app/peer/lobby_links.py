"""The browser's side of "Find an opponent": static/js/room.js's lobby carries app.peer.lobby's
messages over the relays (in the clear, or encrypted to one device), and the Seeker's timer
runs on the page's.

    search = LobbySearch(variant, nick, rating, relays, on_news, on_match)
    search.start()      # on_match(match, key): key, this device's secret key in the lobby
    search.cancel()     # says `gone`, then leaves

Each search has a key of its own, made for it: the stranger knows this device by it, and
the room they agree on (app.peer.room) is entered with it."""

from collections.abc import Callable
from typing import Any

from pyscript import window

from .. import browser
from ..browser import _js
from .lobby import Match, Outgoing, Seeker
from .room import new_key
from .room_links import create_proxy
from .rtc import create_once_callable

GONE_SENT_MS = 1_000  # a cancelled search's `gone` reaches the relays before the lobby closes


class LobbySearch:
    def __init__(
        self,
        variant: str,
        nick: str,
        rating: int,
        relays: list[str],
        on_news: Callable[[], None],
        on_match: Callable[[Match, str], None],
    ):
        self.variant, self.nick, self.rating, self.relays = variant, nick, rating, relays
        self.on_news, self.on_match = on_news, on_match
        self.key = new_key()
        self.lobby: Any = None
        self.seeker: Seeker | None = None
        self.relays_up = 0
        self.problem: str | None = None  # "no_relay": the lobby could not be opened
        self.closed = False
        self._timer: int | None = None
        self._proxies = [create_proxy(self._message), create_proxy(self._relays)]

    @property
    def others(self) -> int:
        """How many other players are looking for the same game now."""
        return len(self.seeker.seekers) if self.seeker is not None else 0

    def start(self) -> None:
        on = _js(
            {
                "message": self._proxies[0],
                "relays": self._proxies[1],
                "dropped": create_proxy(lambda: None),
                "elsewhere": create_proxy(lambda held: None),
            }
        )
        window.gemauRoom.openLobby(self.variant, _js(self.relays), self.key, on).then(
            create_once_callable(self._opened)
        ).catch(create_once_callable(self._not_opened))

    def _opened(self, lobby: Any) -> None:
        if self.closed:
            lobby.close()
            return
        self.lobby = lobby
        now = browser.now_ms()
        self.seeker = Seeker(str(lobby.me), self.variant, self.nick, self.rating, now)
        self._send(self.seeker.due(now))
        self._next()
        self.on_news()

    def _not_opened(self, error: object) -> None:
        self.problem = "no_relay"
        self.on_news()

    def _relays(self, connected: int, total: int) -> None:
        self.relays_up = int(connected)
        self.on_news()

    def _message(self, text: object, sender: object, private: object = False) -> None:
        seeker = self.seeker
        if self.closed or seeker is None:
            return
        heard = len(seeker.seekers)
        self._send(seeker.receive(text, sender, browser.now_ms(), bool(private)))
        if not self._matched() and len(seeker.seekers) != heard:
            self.on_news()
        self._next()

    def _due(self) -> None:
        self._timer = None
        seeker = self.seeker
        if self.closed or seeker is None:
            return
        heard = len(seeker.seekers)
        self._send(seeker.due(browser.now_ms()))
        if not self._matched():
            if len(seeker.seekers) != heard:
                self.on_news()
            self._next()

    def _next(self) -> None:
        seeker = self.seeker
        if self.closed or seeker is None or self._timer is not None:
            return
        now = browser.now_ms()
        when = seeker.next_due_ms(now)
        if when is not None:
            self._timer = browser.later(max(0.0, when - now), self._due)

    def _matched(self) -> bool:
        seeker = self.seeker
        if seeker is None or seeker.matched is None or self.closed:
            return False
        self._leave()
        self.on_match(seeker.matched, self.key)
        return True

    def _send(self, outgoing: list[Outgoing]) -> None:
        if self.lobby is None:
            return
        for message in outgoing:
            self.lobby.send(message.text, message.to)

    def cancel(self) -> None:
        """Stop looking: the others are told (`gone`), then the lobby is left."""
        if self.closed:
            return
        if self.seeker is not None:
            self._send(self.seeker.cancel(browser.now_ms()))
        self._leave()

    def _leave(self) -> None:
        self.closed = True
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None
        lobby = self.lobby
        if lobby is not None:  # (after its last words have gone out)
            browser.later(GONE_SENT_MS, lambda: lobby.close())
