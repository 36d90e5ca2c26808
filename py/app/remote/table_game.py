"""A game view's side of a table of 3 or 4 devices (Straight Dominoes), as LinkGame is
for two: the connections, the host's relay (app.remote.relay) and the TableMatch
(app.remote.table_match) over it, the record saved after everything that happens, and
the view told in LinkGame's one shape ({"type": "started" | "moved" | "ended" |
"problem" | "link", ...}, a move from another device with the position `before` it).

The host's page holds a connection to each friend (app.peer.rtc.table, handed over by
#/connect, in the order they joined: guests "g1", "g2", "g3"), runs the Hub and proposes
the game. Before the proposal it tells each friend's device its name at the table:

    table {game, you}           sent on that friend's connection alone, never relayed
    table {game, you, match}    the same on a new link, for the game in progress
    table-away {away}           the friends whose connection the host has lost now, sent
                                to every friend whenever that changes (never relayed)

Each friend's page holds its connection to the host and runs a Spoke once the table
message has named it. Anything else from another device goes through the relay, whose
checks refuse what is malformed; nothing another device sends can raise here.

A lost connection loses nothing: the relay keeps what a device lacks, and the page saves
the relay's record with the game (`relay_record()`, after every message). After a reload
`resume(relay_record)` rebuilds this device's side from the save. The host makes a new
link to a friend it has lost on #/connect?relink=<guest>, and its page takes the table up
again from its save over every link it has, telling each friend's device the match: each
answers with its resend request and its outbox, and gets the envelopes it missed."""

import re
from collections.abc import Callable
from typing import Any

from app.fair.errors import ProtocolError
from app.midend import Midend
from app.peer.channel import Channel
from app.remote import wire
from app.remote.match import ENDED, OVER, Match
from app.remote.page_side import PageSide
from app.remote.relay import Hub, Spoke
from app.remote.roster import HOST
from app.remote.table_match import TableMatch

OPEN, INTERRUPTED = "open", "interrupted"  # app.peer.channel's states
TABLE, AWAY = "table", "table-away"
GUEST_ID = re.compile(r"g[1-3]")


def guest_ids(count: int) -> list[str]:
    """The host's names for its friends' devices, in the order they joined."""
    return [f"g{n}" for n in range(1, count + 1)]


class TableGame(PageSide):
    at_table = True  # (LinkGame: False)

    def __init__(
        self,
        links: dict[str, Channel],
        midend: Midend,
        name: str,
        save: Callable[[], None],
        on_event: Callable[[dict[str, Any]], None],
    ):
        """`links`: the host's connection to each friend by guest id, or a friend's one
        to the host ({"host": link}); none after a reload, until a new link."""
        self.links = dict(links)
        self.midend, self.name = midend, name
        self.save, self.on_event = save, on_event
        self.match: Match | None = None
        self.on_match: Callable[[Match], None] | None = None
        # Given each move from another device (its events, the position before it) instead
        # of `on_event`, by a view that saves it itself (app.frame.remote_seat).
        self.on_moved: Callable[[list[dict[str, Any]], Any], None] | None = None
        self.me: str | None = None
        self.hub: Hub | None = None
        self.spoke: Spoke | None = None
        self.away: list[str] = []  # a friend's page: the others the host has lost
        self._before: Any = None
        self._asked = False  # a friend's page asked the host for what it missed
        midend.session.on_saved = self.saved  # (a save not written is noted in `tab`)

    # --- starting ---------------------------------------------------------------------------
    def host(self, options: dict[str, Any], seats: list[str]) -> None:
        """Open the table (once) and propose a game: seats name "host", a guest id or
        "computer:<level>" each."""
        if self.hub is None:
            self.me = HOST
            self.hub = Hub(self._deliver, clock=self._clock)
            for guest, link in self.links.items():
                self._attach(guest, link, resuming=False)
        guests = list(self.links)
        self._watch(TableMatch.host(self.midend, self._post, self.name, options, seats, guests))

    def guest(self) -> None:
        """A friend's page: the host's messages, the table message first, held for it."""
        self.links[HOST].take(self._from_host, self._host_link_state)

    def resume(self, relay_record: Any) -> bool:
        """The table game the midend resumed from its save, with the relay's record saved
        beside it. False when the save holds no usable table game. Then the page draws it
        and `attach()` takes the links up (what they held may move the game on)."""
        session = (self.midend.remote or {}).get("session")
        me = session.get("me") if isinstance(session, dict) else None
        if not isinstance(me, str):
            return self._damaged()
        try:
            if me == HOST:
                self.hub = Hub.from_record(self._deliver, relay_record, clock=self._clock)
            else:
                link = self.links.get(HOST)
                send = self._sender(link) if link is not None else _nowhere
                self.spoke = Spoke.from_record(
                    me, send, self._deliver, relay_record, self._relayed_back
                )
            match = TableMatch.resumed(
                self.midend, self._post, me, self.name, spoke=self._guest_relay
            )
        except ValueError:
            self.hub = self.spoke = None
            return self._damaged()
        self.me = me
        self.take_note(match)
        self._watch(match)
        return True

    def attach(self) -> None:
        """The links of a resumed game taken up: the host tells each friend's device the
        match (each answers with its resend request and outbox), a friend asks for what
        it missed."""
        if self.me == HOST:
            for guest, link in list(self.links.items()):
                if guest in self._hub().guests:
                    self._attach(guest, link, resuming=True)
                else:  # a friend of another table (a newer one): not this game's
                    link.close()
                    del self.links[guest]
        elif HOST in self.links:
            self._asked = False
            self.links[HOST].take(self._from_host, self._host_link_state)
            if not self._asked:  # (the host's table message asked already)
                self._spoke().reconnected()

    def _attach(self, guest: str, link: Channel, resuming: bool) -> None:
        self._hub().join(guest, self._sender(link))
        link.take(
            lambda message: self._from_guest(guest, message),
            lambda state: self._guest_link_state(guest, state),
        )
        self._seat(guest, link, resuming)
        if resuming:
            self._tell_away()

    def _seat(self, guest: str, link: Channel, resuming: bool) -> None:
        table = {"type": TABLE, "game": self.midend.game.name, "you": guest}
        if resuming:
            table["match"] = self.match_id
        self._send(link, table)

    def _watch(self, match: Match) -> None:
        self.match = match
        match.listener = self._match_event
        match.on_reached = self.remind
        if self.on_match is not None:
            self.on_match(match)

    @property
    def match_id(self) -> str:
        midend = self.midend
        return wire.match_id(midend.game.name, midend.options, midend.seed)

    def release(self) -> None:
        """The page is left: each connection holds what comes for the next page that
        takes it (this game opened again after a new link made on #/connect)."""
        for link in self.links.values():
            link.hold()

    def relay_record(self) -> dict[str, Any] | None:
        """This device's side of the relay, saved with the game at the same moment."""
        relay = self.hub if self.hub is not None else self.spoke
        return relay.record() if relay is not None else None

    # --- what the view asks -----------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return not self.missing

    @property
    def interrupted(self) -> bool:
        return any(link.state == INTERRUPTED for link in self.links.values())

    @property
    def missing(self) -> list[str]:
        """The devices this one has no open connection to (the host's: its friends')."""
        if self.me == HOST and self.match is not None:
            others = [device for device in self.match.roster.devices if device != HOST]
        elif self.me != HOST and HOST in self.links and self.links[HOST].state == OPEN:
            return list(self.away)  # (as the host says)
        else:
            others = [HOST] if self.me != HOST else list(self.links)
        return [d for d in others if d not in self.links or self.links[d].state != OPEN]

    @property
    def peer(self) -> str:
        """The other people at the table by name; while connections are lost, the names
        of those this device waits for."""
        match = self.match
        if match is None or not match.roster.names:
            return "?"
        missing = self.missing
        if missing:
            return ", ".join(self.name_of(device) for device in missing)
        return match.roster.peers_text()

    def name_of(self, device: str) -> str:
        return self.match.roster.names.get(device, "?") if self.match is not None else "?"

    def seat_names(self) -> dict[int, str]:
        """Each other device's seat and its person's name."""
        match = self.match
        if match is None:
            return {}
        return {
            seat: self.name_of(device)
            for seat, device in enumerate(match.seats)
            if device in match.roster.names and device != match.role
        }

    @property
    def hosting(self) -> bool:
        return self.me == HOST

    def resign(self) -> None:
        super().resign()
        self.save()  # with the relay's record holding the message

    def leave(self) -> None:
        super().leave()
        self.save()

    @property
    def winner_is_me(self) -> bool | None:
        """After the game: did this device's side win? A game that ended before its rules
        ended it: as app.remote.verdict decides (dominoes.md 11.10)."""
        match = self.match
        if match is None or self.midend.state is None:
            return None  # (a table left while it was being set up)
        result = self.midend.state.result
        if match.status == ENDED:
            return self.ended_outcome
        if match.status == OVER and result and "winners" in result:
            return self.my_seat in result["winners"]
        return None

    # --- the connections ------------------------------------------------------------------
    def _hub(self) -> Hub:
        """The host's relay (only the host has one)."""
        if self.hub is None:
            raise RuntimeError("only the host relays")
        return self.hub

    def _spoke(self) -> Spoke:
        """A friend's end of the relay (only a friend's page has one)."""
        if self.spoke is None:
            raise RuntimeError("only a friend's page has a spoke")
        return self.spoke

    @staticmethod
    def _send(link: Channel, message: dict[str, Any]) -> None:
        if link.state == OPEN:
            link.send(message)

    def _sender(self, link: Channel) -> Callable[[dict[str, Any]], None]:
        return lambda message: self._send(link, message)

    def _post(self, message: dict[str, Any]) -> None:
        """This device's own message, to the others through the relay."""
        if self.hub is not None:
            self.hub.post(message)
        elif self.spoke is not None:
            self.spoke.post(message)

    def _from_guest(self, guest: str, message: dict[str, Any]) -> None:
        try:
            self._hub().receive(guest, message)
        except ProtocolError:
            return  # not a relay message: dropped, as a channel drops junk
        self.save()  # the relay's record with the game, as it is after every message

    def _from_host(self, message: dict[str, Any]) -> None:
        if message.get("type") == TABLE:
            if self.spoke is None:
                self._seated(message)
            elif message.get("you") == self.me and message.get("match") == self.match_id:
                self._ask_again()  # the host's page took the table up again
            return
        if message.get("type") == AWAY:
            self._told_away(message.get("away"))
            return
        if self.spoke is None:
            return
        try:
            self.spoke.receive(message)
        except ProtocolError:
            if message.get("type") == "relay" and not self._asked:
                self._ask_again()  # a gap: envelopes lost on the way
            return
        self._asked = False
        self.save()

    def _ask_again(self) -> None:
        self._asked = True
        self._spoke().reconnected()

    def _told_away(self, away: Any) -> None:
        devices = self.match.roster.devices if self.match is not None else []
        if isinstance(away, list) and all(d in devices and d not in (HOST, self.me) for d in away):
            self.away = list(dict.fromkeys(away))
            self.on_event({"type": "link", "state": OPEN})

    def _seated(self, message: dict[str, Any]) -> None:
        """The host's table message: this device's name at the table."""
        you = message.get("you")
        if not isinstance(you, str) or not GUEST_ID.fullmatch(you) or "match" in message:
            return
        if message.get("game") != self.midend.game.name:
            return
        self.me = you
        self.spoke = Spoke(you, self._sender(self.links[HOST]), self._deliver, self._relayed_back)
        self._watch(
            TableMatch.guest(self.midend, self._post, you, self.name, spoke=self._guest_relay)
        )

    def _clock(self) -> float:
        """The host's clock, stamped on every envelope its relay sends (claims are timed
        by it at the table)."""
        return self.midend.session.now_ms()

    def _guest_relay(self) -> Spoke | None:
        """This friend's relay, once it has one (its Relayed link reads the host's stamps
        and what is still on the way from it)."""
        return self.spoke

    def _relayed_back(self) -> None:
        if self.match is not None:
            self.match.relayed_back()

    def _deliver(self, sender: str, message: dict[str, Any]) -> None:
        """Another device's message, in the relay's order."""
        match = self.match
        finished = match is not None and match.status in (OVER, ENDED)
        if message.get("type") == "hello" and finished and self.me not in (HOST, None):
            self._watch(
                TableMatch.guest(
                    self.midend, self._post, self.me, self.name, spoke=self._guest_relay
                )
            )
        if self.match is None:
            return
        state = self.midend.state
        self._before = state.copy() if message.get("type") == "move" and state else None
        self.match.receive(sender, message)

    def _guest_link_state(self, guest: str, state: str) -> None:
        """The host's connection to a friend: back after a moment away (a phone asleep),
        the friend is sent what it missed once it asks; every friend is told who is away."""
        if state == OPEN and guest in self.links and self.match is not None:
            self._hub().join(guest, self._sender(self.links[guest]))  # until the friend asks
        self._tell_away()
        self._link_state(state)

    def _tell_away(self) -> None:
        away = {"type": AWAY, "away": self.missing}
        for link in self.links.values():
            self._send(link, away)

    def _host_link_state(self, state: str) -> None:
        if state == OPEN and self.spoke is not None:
            self._ask_again()  # back after a moment away: what was lost on the way
        self._link_state(state)

    def _link_state(self, state: str) -> None:
        self.on_event({"type": "link", "state": state})

    def _match_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "moved" and self.on_moved is not None:
            self.on_moved(event["events"], self._before)
            return
        self.save()
        if event["type"] == "moved":
            event = {**event, "before": self._before}
        self.on_event(event)


def _nowhere(_message: dict[str, Any]) -> None:
    """A friend's device with no connection yet: what it posts waits in its outbox."""


def table_message(held: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The host's table message among the messages held for a friend's page."""
    return next((m for m in held if isinstance(m, dict) and m.get("type") == TABLE), None)
