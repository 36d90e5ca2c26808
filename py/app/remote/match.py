"""One game between 2 to 8 devices: the start, the moves, the end. Two devices talk over
one channel (app.remote.pair); a table of 3 to 8 through the host's relay
(app.remote.table_match); the protocol is the same.

The host proposes the game and a coin flip draws its seed (app.remote.handshake). Each
device runs the same engine with its own midend, and plays only its own seats: its
person's, and on the host the computers'. Each move it plays is sent, and every other
device checks it with its own engine before anything changes (app.remote.move_check).
A seat's timeouts come from the device that plays it too (the Wordle duel's 30 s turns):
a device never plays another's seat, even when its own clock says that turn ran out.

Every message from another device is checked before anything changes, and a message
refused is kept in `problems` (app.remote.incoming): only this device's own checks end its
game. `resign` and `leave` end the game for every device, recorded with who did it; a
device that made no move for 2 minutes on its own turn, or held a game's set-up up, may have
its game claimed (`claim`, app.remote.claims: when each position was reached here is kept in
`claim_clock`).

A game's own sub-protocol (Battleship's sealed fleets, the Dominoes deal, the Wordle
duel's word) comes through `extend`. The session's record (`record()`) lives in the
midend's frame (remote.session), so the page saves it with the game after any
notification of `listener`; a reload during the handshake loses only the handshake."""

import secrets
from collections.abc import Callable, Collection
from typing import Any, Protocol

from app.fair.errors import ProtocolError
from app.fair.messages import RandomBytes
from app.midend import Midend
from app.remote import claims, verdict, wire
from app.remote.checks import (
    CHEATING,
    CONNECTING,
    DESYNC,
    DUPLICATE,
    ENDED,
    INCOMPATIBLE,
    JUNK,
    MAX_PROBLEMS,
    OVER,
    PLAYING,
    STATUSES,
    STOPPED,
    checked_params,
    checked_problems,
)
from app.remote.claim_clock import ClaimClock
from app.remote.handshake import Handshake
from app.remote.incoming import TYPES as INCOMING_TYPES
from app.remote.incoming import Incoming
from app.remote.names import clean_name, clean_reason
from app.remote.pair import Pair
from app.remote.roster import GUEST, HOST, PAIR, Roster, checked_seats

# (a match's statuses and kinds of refusal, named here for those who use a match)
__all__ = ["CONNECTING", "ENDED", "OVER", "PLAYING", "STATUSES", "STOPPED", "Match"]
__all__ += ["CHEATING", "CORE_TYPES", "DESYNC", "DUPLICATE", "INCOMPATIBLE", "JUNK"]
CORE_TYPES = (*INCOMING_TYPES, *Pair.TYPES)
Handler = Callable[[dict[str, Any]], list[dict[str, Any]]]


class Link(Protocol):
    """How this device's messages reach the others (app.remote.pair, app.remote.table_match)."""

    at_table: bool  # through a relay, in one order for every device

    def send(self, message: dict[str, Any]) -> None: ...
    def connect(self, channel: Any) -> None: ...
    def refused(self, kind: str, device: str, reason: str) -> None: ...
    def behind(self) -> None: ...
    def handlers(self) -> dict[str, Callable[[str, dict[str, Any]], None]]: ...
    def identity(self) -> dict[str, Any]: ...
    def clock(self) -> float | None: ...
    def unrelayed(self) -> list[dict[str, Any]]: ...


class Match:
    """This device's side of a game with other devices. Between two, make it with `host`,
    `guest` or `resumed` (at a table: app.remote.table_match.TableMatch); hand it the
    other devices' messages (`receive`; a channel between two is registered already);
    play this device's moves through `play`, or tell it of the midend's (`played`)."""

    def __init__(
        self,
        midend: Midend,
        roster: Roster,
        name: str,
        link: Callable[["Match"], Link],
        random_bytes: RandomBytes | None = None,
    ):
        self.midend, self.roster = midend, roster
        try:
            self.name = clean_name(name)
        except ProtocolError as error:
            raise ValueError(f"this device's name: {error.reason}") from None
        self.status = CONNECTING
        self.params: dict[str, str] = {}
        self.ended: dict[str, Any] | None = None  # app.remote.verdict's record
        self.problems: list[dict[str, Any]] = []  # {"by", "kind", "reason"}, latest last
        self.listener: Callable[[dict[str, Any]], None] | None = None
        self.extensions: dict[str, Handler] = {}
        # A game's own check of another device's move, for what only this device knows
        # (its own hidden tiles): raises Cheated to refuse it (set by a sub-protocol).
        self.vet: Callable[[Any], None] | None = None
        # A game's own set-up that may hold the seat to move up (the Dominoes deal's cards),
        # as claims need to know it (set by a sub-protocol; app.remote.claims.SetUp).
        self.set_up: claims.SetUp | None = None
        self.sender: str | None = None  # the device whose sub-protocol message is taken
        # When this page reached the latest positions, since it opened the match; told to
        # `on_reached` (the page's reminder to offer a claim).
        self.claim_clock = ClaimClock(midend.session.now_ms())
        self.on_reached: Callable[[], None] | None = None
        # Moves agreed on that this device's save lost (their count, the hash after them),
        # to be taken back from the other device before it plays on (app.remote.behind).
        self.lost: tuple[int, str] | None = None
        self.link = link(self)
        random_bytes = random_bytes or secrets.token_bytes
        self.handshake = Handshake(midend.game, roster, self.name, random_bytes, self.link.at_table)
        self.incoming = Incoming(self)

    # --- between two devices ----------------------------------------------------------------
    @classmethod
    def host(
        cls,
        midend: Midend,
        channel: Any,
        name: str,
        options: dict[str, Any],
        seats: list[str],
        draw_seats: bool = False,
        random_bytes: RandomBytes | None = None,
    ) -> "Match":
        """Propose a game to the device at the other end of `channel` (seats: "host",
        "guest" or "computer:<level>" each); ValueError if it is not one."""
        match = cls(midend, Roster(HOST, PAIR), name, Pair, random_bytes)
        match.connect(channel)
        match.propose(options, seats, draw_seats)
        return match

    @classmethod
    def guest(
        cls, midend: Midend, channel: Any, name: str, random_bytes: RandomBytes | None = None
    ) -> "Match":
        """Wait for the host's proposal; the midend's game is the one the invite named."""
        match = cls(midend, Roster(GUEST, PAIR), name, Pair, random_bytes)
        match.connect(channel)
        return match

    @classmethod
    def resumed(cls, midend: Midend, channel: Any, name: str) -> "Match":
        """The match of a game with another device the midend resumed from a save, asking
        the other device where it is (a sync). ValueError if the save holds no such match."""
        session = (midend.remote or {}).get("session")
        role = session.get("role") if isinstance(session, dict) else None
        if not isinstance(session, dict) or role not in PAIR:
            raise ValueError("unreadable match: not one between two devices")
        match = cls(midend, Roster(role, PAIR), name, Pair)
        try:
            peer = clean_name((midend.remote or {}).get("peer"))
        except ProtocolError as error:
            raise ValueError(f"unreadable match: {error.reason}") from None
        match.roster.names = {role: match.name, match.roster.others[0]: peer}
        match.restore(session, Pair.AUTHORS)
        match.connect(channel)
        return match

    # --- any number of devices ----------------------------------------------------------------
    def propose(self, options: dict[str, Any], seats: list[str], draw_seats: bool) -> None:
        """The host's proposal to every other device; ValueError if it is not one."""
        self.send(*self.handshake.propose(options, seats, draw_seats))
        self.params = self.handshake.params

    def restore(self, session: dict[str, Any], authors: Collection[str]) -> None:
        """The match as saved in the midend's frame, read back strictly after the link's
        own part (who this device is); ValueError if it is damaged."""
        roster = self.roster
        try:
            if not wire.is_saved_version(session.get("version")):
                raise ProtocolError("not a match of this version")
            if set(session) != set(self.record()):
                raise ProtocolError("a match's record has other fields")
            self.params = checked_params(session["params"])
            game = self.midend.game
            roster.seats = checked_seats(game, self.params, session["seats"], roster.devices)
            self.status = session["status"]
            if self.status not in STATUSES or self.status == CONNECTING:
                raise ProtocolError("a match in play or done")
            self.ended = verdict.checked(session["ended"], roster.devices)
            self.problems = checked_problems(session["problems"], authors)
        except ProtocolError as error:
            raise ValueError(f"unreadable match: {error.reason}") from None
        if roster.local_seats() != self.midend.seats:
            raise ValueError("the match's seats are not the game's")

    def connect(self, channel: Any) -> None:
        """A (new) channel to the other device (between two: after a lost connection the
        devices compare where they are)."""
        self.link.connect(channel)

    def extend(self, prefix: str, handler: Handler) -> None:
        """A game's own sub-protocol: every message whose type starts with `prefix` + "-"
        goes to `handler` while the game is in play (its sender in `sender`), which checks
        it (raising ProtocolError to refuse it, Cheated to stop the game, as app.fair's
        peers do) and gives the messages to send back."""
        if any(kind.startswith(prefix + "-") or kind == prefix for kind in CORE_TYPES):
            raise ValueError(f"{prefix!r} is the session's own")
        self.extensions[prefix] = handler

    # --- this device's part ------------------------------------------------------------------
    def play(self, move: Any) -> list[dict[str, Any]]:
        """Play a move of a seat of this device (a person here or its computer) and send
        it; IllegalMove when the rules refuse it, RuntimeError when it is not this
        device's move to make (the view offers none then)."""
        if self.status != PLAYING or self.midend.remote_to_move or self.lost is not None:
            raise RuntimeError("not this device's move")
        events = self.midend.play(move)
        self.played()
        return events

    def played(self) -> None:
        """Send the move this device's midend has just played for one of its own seats (a
        move is sent once the rules accepted it)."""
        number, text = len(self.midend.moves), self.midend.moves[-1][1]
        self.send({"type": "move", "number": number, "move": text, "hash": self.state_hash})
        if self.midend.state.is_over:
            self.status = OVER
        self.keep()
        self.mark_reached()

    def send(self, *messages: dict[str, Any]) -> None:
        """This device's messages, to every other device (a sub-protocol's too)."""
        for message in messages:
            self.link.send(message)

    def resign(self) -> None:
        """The person here gives the game up."""
        if self.status != PLAYING:
            raise RuntimeError("no game in play to resign")
        self.end(verdict.RESIGNED, self.roster.me)
        self.send({"type": "resign"})

    def leave(self) -> None:
        """The person here leaves the game (recorded as who left, on every device); a game
        that has ended, or that a check stopped, is left as it is."""
        if self.status in (OVER, ENDED) or self.stopped:
            return
        self.end(verdict.LEFT, self.roster.me)
        self.send({"type": "leave"})

    def claim(self) -> None:
        """The person here claims the game of a device that made no move on its own turn, or
        held the game's set-up up (app.remote.verdict.may_claim, asked by the page, which
        knows the connection): it ends here, and the claim goes to the other devices
        (app.remote.claims)."""
        how, quiet, message = claims.claim_now(self)
        self.end(how, quiet)
        self.send(message)

    def mark_reached(self, set_up_done: bool = False, stirred: bool = False) -> None:
        """A new position, reached now, or its player let go now by the set-up, or (`stirred`)
        a step of the set-up taken, for the claim this page offers alone (app.remote.
        claim_clock; at a table a guest's own move is reached when the relay sends it on)."""
        count, now = len(self.midend.moves), self.midend.session.now_ms()
        at = None if stirred else self.link.clock()
        self.claim_clock.mark(count, at, now, set_up_done)
        if self.on_reached is not None:
            self.on_reached()

    def relayed_back(self) -> None:
        """At a table: this guest's posts are all relayed, so the position here is the
        table's from now (the relay's Spoke.all_relayed)."""
        if self.status == PLAYING:
            self.mark_reached()

    @property
    def turn_since(self) -> float:
        """Since when the player to move has had the turn, on this page's clock."""
        return self.claim_clock.turn_since(len(self.midend.moves))

    def forfeit(self, reason: str) -> None:
        """A game's own check once its last move is in (Battleship's fleets shown at the
        end) proved the other device broke the rules: the game ends as its forfeit."""
        if self.status != OVER:
            raise RuntimeError("only a finished game is checked at its end")
        (other,) = self.roster.others  # a check at the end is a game between two devices'
        self.note("us", CHEATING, reason)
        self.end(verdict.FORFEIT, other, reason)

    @property
    def disputed(self) -> bool:
        """Another device said this game cannot go on (its claim of cheating or of
        positions that differ) while this device's own checks found nothing."""
        claims = [p for p in self.problems if p["by"] == "peer" and p["kind"] in (DESYNC, CHEATING)]
        return self.status == PLAYING and bool(claims)

    def set_aside(self) -> None:
        """A disputed game given up for a new one on the same connection: the devices
        disagree and nothing proves who, so it ends recording nothing."""
        if not self.disputed:
            raise RuntimeError("only a disputed game is set aside")
        reason = "set aside for a new game after the dispute"
        self.end(verdict.VOID, self.roster.others[0], reason)

    # --- what the view shows -----------------------------------------------------------------
    @property
    def role(self) -> str:
        """This device's id: "host", "guest", or at a table the relay's name of a guest."""
        return self.roster.me

    @property
    def seats(self) -> list[str]:
        return self.roster.seats

    @property
    def peer(self) -> str | None:
        """The other devices' people by name, once all are known."""
        return self.roster.peers_text() if self.roster.complete else None

    @property
    def state_hash(self) -> str:
        return wire.state_hash(self.midend.state)

    @property
    def match_id(self) -> str:
        return wire.match_id(self.midend.game.name, self.midend.options, self.midend.seed)

    @property
    def stopped(self) -> bool:
        """No game here: "incompatible", or the handshake "cheating"; a game of an older
        version's save stopped as "desync" or "cheating" (now such a game has ended)."""
        return self.status in STOPPED

    @property
    def stop(self) -> str | None:
        """The check that stopped the game, if one did (app.remote.verdict.stop)."""
        return verdict.stop(self.status, self.ended, STOPPED)

    @property
    def outcome(self) -> verdict.Outcome:
        """What this device records for the game that ended (app.remote.verdict)."""
        if self.ended is None:
            return None
        if len(self.roster.devices) == 2:
            return verdict.outcome(self.ended, self.roster.me)  # the other is the opponent
        state = self.midend.state
        return verdict.outcome(self.ended, self.roster.me, lambda d: self.roster.partner(state, d))

    def record(self) -> dict[str, Any]:
        """The session as JSON, kept in the midend's frame (remote.session)."""
        return {
            "version": wire.VERSION,
            **self.link.identity(),
            "params": dict(self.params),
            "seats": list(self.roster.seats),
            "status": self.status,
            "ended": dict(self.ended) if self.ended else None,
            "problems": [dict(problem) for problem in self.problems],
        }

    # --- other devices' messages -------------------------------------------------------------
    def receive(self, sender: str, message: Any) -> None:
        """Another device's message (`sender`: its id), checked (app.remote.incoming).
        Never raises: a message refused is kept in `problems`."""
        self.incoming.receive(sender, message)

    # --- what happens -------------------------------------------------------------------------
    def begin(self, seed: int) -> None:
        """The game starts, on the seed the handshake drew (an engine's error if the
        options cannot be played)."""
        options = self.midend.game.options_from_params(self.params)
        remote = {"peer": self.roster.peers_text(), "session": {}}
        self.midend.start(options, seed, self.roster.local_seats(), remote=remote)
        self.status = PLAYING
        self.keep()
        self.mark_reached()
        self.tell("started")

    def end(self, how: str, by: str, reason: str = "") -> None:
        self.ended = verdict.ended(how, by, reason)
        self.status = ENDED
        if self.outcome == verdict.NOTHING:
            self.midend.recorded = True  # decided: this game records nothing here
        self.keep()
        self.tell("ended")

    def note(self, by: str, kind: str, reason: str) -> None:
        problem = {"by": by, "kind": kind, "reason": clean_reason(reason)}
        self.problems = [*self.problems, problem][-MAX_PROBLEMS:]

    def keep(self) -> None:
        """The session's record into the midend's frame, for the next save."""
        if self.midend.remote is not None and self.status != CONNECTING:
            self.midend.remote["session"] = self.record()

    def tell(self, kind: str, **data: Any) -> None:
        if self.listener is not None:
            self.listener({"type": kind, **data})
