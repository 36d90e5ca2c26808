"""A game view's side of a match over the page's connection to a friend.

The connection (an app.peer Channel, or None after a reload until a new link is made)
is taken over from #/connect; the match (app.remote.match) runs over it; this class
keeps the match's record saved with the game after everything that happens, and tells
the view (`on_event`) in one shape: {"type": "started" | "moved" | "ended" | "problem"
| "link", ...}; a move that came from the other device also carries the position
`before` it, so the view can show it played (a block rolling, a shot landing).

A guest's match starts with the host's hello; when a game is over, the next hello on
the same connection starts the next game ("Play again" on the host's page).

Once the other device has made no move for app.remote.verdict.AWAY_MS on its own turn,
its connection lost or not (on the midend's clock: the page's, or a test's), the person here
may claim the game (`claim`, app.remote.claims); in a Wordle duel only while connected
(`may_claim`)."""

from collections.abc import Callable
from typing import Any

from games.wordle.duel_game import NAME as DUEL
from games.wordle.hidden_duel_game import NAME as HIDDEN_DUEL

from app.midend import Midend
from app.peer.channel import Channel
from app.remote import verdict
from app.remote.match import ENDED, OVER, Match
from app.remote.page_side import PageSide
from app.remote.roster import GUEST, HOST

OPEN, INTERRUPTED = "open", "interrupted"  # app.peer.channel's states
# Games whose own clocks deal with a player away: the Wordle duel's turns run out by its
# rules once the friend's device is back (wordle-tournament.md 15.3), so its game is
# claimed only from a device connected all the while that played none of them.
OWN_CLOCKS = (DUEL, HIDDEN_DUEL)


class Pipe:
    """The match's channel: sends go to the connection while it is open and are
    dropped otherwise (the sync after reconnecting sends the other device what it
    missed)."""

    def __init__(self, link: Channel | None):
        self.link = link
        self.deliver: Callable[[dict[str, Any]], None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.link is not None and self.link.state == OPEN:
            self.link.send(message)

    def on_message(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self.deliver = callback


class LinkGame(PageSide):
    at_table = False  # a game of two devices

    def __init__(
        self,
        link: Channel | None,
        midend: Midend,
        name: str,
        save: Callable[[], None],
        on_event: Callable[[dict[str, Any]], None],
    ):
        self.link, self.midend, self.name = link, midend, name
        self.save, self.on_event = save, on_event
        self.match: Match | None = None
        self._before: Any = None  # the position before the other device's move being played
        self.pipe = Pipe(link)
        self._taken = False
        # Called with each new match, once this LinkGame listens to it: a game with its own
        # sub-protocol wraps it there (the Dominoes deal, Battleship's fleets).
        self.on_match: Callable[[Match], None] | None = None
        # Given each move that came from the other device (its events, the position before
        # it) instead of `on_event`, by a view that saves it itself (app.frame.remote_seat).
        self.on_moved: Callable[[list[dict[str, Any]], Any], None] | None = None
        self.now = midend.session.now_ms  # the page's clock
        self.agreed: dict[str, str] | None = None  # a stranger's game: its parameters
        # Since when the connection has been open (None: it is not), for the duel's claim.
        self.linked_since: float | None = self.now() if self.connected else None
        midend.session.on_saved = self.saved  # (a save not written is noted in `tab`)

    # --- starting ---------------------------------------------------------------
    def host(self, options: dict[str, Any], seats: list[str], draw_seats: bool = True) -> None:
        """Propose a game (seats: "host", "guest" or "computer:<level>" each)."""
        self._watch(Match.host(self.midend, self.pipe, self.name, options, seats, draw_seats))

    def guest(self) -> None:
        """Wait for the host's proposal (held for us by the channel, or still to come); with
        `agreed`, only that game is accepted (app.remote.handshake)."""
        match = Match.guest(self.midend, self.pipe, self.name)
        match.handshake.agreed = self.agreed
        self._watch(match)

    def resume(self) -> bool:
        """The remote game the midend resumed from its save: its match, asking the other
        device where it is if connected. False when the save holds no usable match."""
        try:
            match = Match.resumed(self.midend, self.pipe, self.name)
        except ValueError:
            return self._damaged()
        self.take_note(match)
        self._watch(match)
        return True

    def _watch(self, match: Match) -> None:
        self.match = match
        match.listener = self._match_event
        match.on_reached = self.remind
        if self.on_match is not None:
            self.on_match(match)
        if self.link is not None and not self._taken:
            self._taken = True  # the messages held for this page go to the match now
            self.link.take(self._received, self._link_state)

    def relink(self, link: Channel) -> None:
        """A new connection to the same friend (made through the link's room after one was
        lost, or after this page was reloaded): the match carries on over it."""
        old = self.link
        if link is old:
            return
        if old is not None:  # (its close, if it comes later, is no news of this game's)
            old.hold()
            old.close()
        self.link, self.pipe.link, self._taken = link, link, False
        if self.match is not None:
            self._taken = True
            link.take(self._received, self._link_state)
        self._link_state(link.state)

    def sent(self) -> None:
        """The move the midend has just played for the person here: to the other device."""
        if self.match is not None:
            self.match.played()

    # --- what the view asks -------------------------------------------------------
    @property
    def may_claim(self) -> bool:
        if self.midend.game.name in OWN_CLOCKS:
            since = self.linked_since
            if since is None or not verdict.may_claim(True, since, self.now()):
                return False
        return super().may_claim

    @property
    def connected(self) -> bool:
        return self.link is not None and self.link.state == OPEN

    @property
    def interrupted(self) -> bool:
        """The network went away and the connection waits for it to come back."""
        return self.link is not None and self.link.state == INTERRUPTED

    @property
    def peer(self) -> str:
        if self.match is not None and self.match.peer:
            return self.match.peer
        if self.midend.remote is not None:
            return str(self.midend.remote["peer"])  # checked when the save was read
        return (self.link.peer_name if self.link is not None else None) or "?"

    def name_of(self, device: str) -> str:
        """The name of the person at a device ("host" or "guest"): the friend's, or this one's."""
        return self.name if self.match is not None and device == self.match.role else self.peer

    @property
    def hosting(self) -> bool:
        return self._role() == HOST

    def _role(self) -> str | None:
        """This device's role in the match ("host" or "guest"), once there is one."""
        return self.match.role if self.match is not None else None

    @property
    def winner_is_me(self) -> bool | None:
        """After the game: did this device's player win (None: a draw, or stopped)?"""
        match = self.match
        if match is None:
            return None
        if match.status == ENDED:
            return self.ended_outcome
        if match.status == OVER:
            result = self.midend.state.result or {}
            if "winners" in result:  # (Dominoes: the seats of the winning side)
                return self.my_seat in result["winners"]
            winner = result.get("winner")
            return None if winner is None else winner == self.my_seat
        return None

    # --- from the connection --------------------------------------------------------------
    def _received(self, message: dict[str, Any]) -> None:
        match = self.match
        finished = match is not None and match.status in (OVER, ENDED)
        if message.get("type") == "hello" and self._role() == GUEST and match is not None:
            if match.disputed:
                match.set_aside()  # (the host's page offered a new game after the dispute)
                finished = True
            if finished:
                self.guest()  # the host started the next game
        if self.pipe.deliver is None:
            return
        before = self.midend.state.copy() if self.midend.state is not None else None
        self._before = before if message.get("type") == "move" else None
        self.pipe.deliver(message)

    def _link_state(self, state: str) -> None:
        if state == OPEN and self.match is not None:
            self.match.connect(self.pipe)  # compare where both are
        if state != OPEN:
            self.linked_since = None
        elif self.linked_since is None:
            self.linked_since = self.now()
            self.remind()
        self.on_event({"type": "link", "state": state})

    def _match_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "moved" and self.on_moved is not None:
            self.on_moved(event["events"], self._before)
            return
        self.save()
        if event["type"] == "moved":
            event = {**event, "before": self._before}
        self.on_event(event)
