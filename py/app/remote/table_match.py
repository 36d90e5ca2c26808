"""A game among 3 to 8 devices: app.remote.match's protocol, each guest linked to the host
alone and every message passed on by the host's relay (app.remote.relay), so every device
takes the others' messages in one order (a table of Straight Dominoes, which seats 4).

Devices are named by the host: "host", and an id per guest ("g1", "g2", ...: the relay's
names, so no guest can speak as another); the host's hello names them all (`devices`).
Since every device sees the same messages in the same order, every honest device reaches
the same verdict on each one without a word to the others: a refusal is kept, not sent,
with the device at fault as its "by"; a move that is not the next one is the sender's
doing (cheating), and nothing needs a sync: the relay keeps what a device lacks."""

import secrets
from collections.abc import Callable
from typing import Any

from app.fair.errors import ProtocolError
from app.fair.messages import RandomBytes
from app.midend import Midend
from app.remote.match import Match
from app.remote.relay import MAX_GUESTS, Spoke
from app.remote.roster import HOST, MAX_DEVICE, Roster, checked_devices, checked_names

Post = Callable[[dict[str, Any]], None]
SpokeOf = Callable[[], Spoke | None]  # a guest's relay, when it has one


class Relayed:
    """A table's link: `post(message)` gives this device's message to the relay (Hub.post
    or Spoke.post); the relay's deliveries go to Match.receive(sender, message). Claims
    are timed by the host's clock: the host's own, a guest's the host's time on the
    envelope its spoke is taking (Spoke.stamp; None outside one, so its own move is timed
    when the relay sends it back). `spoke` is None on the host."""

    at_table = True

    def __init__(self, match: Match, post: Post, spoke: SpokeOf | None = None):
        self.match, self.post, self.spoke = match, post, spoke

    def clock(self) -> float | None:
        if self.spoke is None:  # the host
            return self.match.midend.session.now_ms()
        spoke = self.spoke()
        return None if spoke is None else spoke.stamp

    def unrelayed(self) -> list[dict[str, Any]]:
        """This device's messages not yet passed on by the relay: in the table's one order
        they come later than everything this device has taken (the host's go at once)."""
        spoke = self.spoke() if self.spoke is not None else None
        return [] if spoke is None else [post["message"] for post in spoke.outbox]

    def send(self, message: dict[str, Any]) -> None:
        self.post(message)

    def connect(self, channel: Any) -> None:
        raise RuntimeError("a table's connections are its relay's")

    def identity(self) -> dict[str, Any]:
        roster = self.match.roster
        return {"me": roster.me, "devices": list(roster.devices), "names": dict(roster.names)}

    def refused(self, kind: str, device: str, reason: str) -> None:
        self.match.note(device[:MAX_DEVICE], kind, reason)  # (every device says the same)

    def behind(self) -> None:
        """Never: the relay delivers every message, in order."""

    def handlers(self) -> dict[str, Callable[[str, dict[str, Any]], None]]:
        return {}


def _relayed(post: Post, spoke: SpokeOf | None = None) -> Callable[[Match], Relayed]:
    return lambda match: Relayed(match, post, spoke)


class TableMatch:
    """The makers of a Match at a table of devices."""

    @staticmethod
    def host(
        midend: Midend,
        post: Post,
        name: str,
        options: dict[str, Any],
        seats: list[str],
        guests: list[str],
        draw_seats: bool = True,
        random_bytes: RandomBytes = secrets.token_bytes,
    ) -> Match:
        """Propose a game to the guests (their relay ids, in the order they joined); seats
        name "host", a guest or "computer:<level>" each. ValueError if it is not one."""
        if not 2 <= len(guests) <= MAX_GUESTS or len(set(guests)) != len(guests):
            raise ValueError(f"a table of devices has 2 to {MAX_GUESTS} guests")
        roster = Roster(HOST, [HOST, *guests])
        match = Match(midend, roster, name, _relayed(post), random_bytes)
        match.propose(options, seats, draw_seats)
        return match

    @staticmethod
    def guest(
        midend: Midend,
        post: Post,
        me: str,
        name: str,
        random_bytes: RandomBytes = secrets.token_bytes,
        spoke: SpokeOf = lambda: None,
    ) -> Match:
        """A guest's side (`me`: its relay id), waiting for the host's hello; `spoke`: its
        relay (Relayed)."""
        return Match(midend, Roster(me, []), name, _relayed(post, spoke), random_bytes)

    @staticmethod
    def resumed(
        midend: Midend, post: Post, me: str, name: str, spoke: SpokeOf = lambda: None
    ) -> Match:
        """The table match of a game the midend resumed from a save; the relay (rebuilt
        from its own record) delivers what came since; `spoke`: a guest's relay.
        ValueError if the save holds no table match of this device."""
        session = (midend.remote or {}).get("session")
        match = Match(midend, Roster(me, []), name, _relayed(post, None if me == HOST else spoke))
        try:
            if not isinstance(session, dict) or session.get("me") != me:
                raise ProtocolError("not this device's table match")
            match.roster.devices = checked_devices(session.get("devices"), me)
            match.roster.names = checked_names(session.get("names"), match.roster.devices)
        except ProtocolError as error:
            raise ValueError(f"unreadable table match: {error.reason}") from None
        match.restore(session, match.roster.devices)
        return match
