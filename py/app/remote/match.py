"""One game between two devices over a channel: handshake, joint seed, moves, resume, end.

The host (who sent the invite) proposes the game; the guest accepts it or refuses it:

    host -> hello {version, game, params, seats, draw_seats, name}   + coin-commit
    guest -> welcome {version, name}                                  + coin-commit
    both -> coin-reveal (app.fair.coin: each reveals only once both commitments are in)

`params` are the game's address parameters (the guest reads them with the game's own
options_from_params, as it would an address); `seats` says per seat who plays it: "host",
"guest", or "computer:<level>" (a computer the host's device runs: its moves travel like
the host's). With `draw_seats` the coin also decides which device sits where, so who
starts is not the host's choice either. The seed of the game is drawn from the coin flip,
so neither device chooses it; for Deblockle (the rolls, a quick set-up) and the Wordle duel
(the word) the engine's seed then draws everything, and both engines know it: a game
between friends trusts both browsers, as any game without a referee must. Battleship's
fleets and the Dominoes deal need more (commitments, mental poker): they come as a game's
own sub-protocol through `extend`.

Then each move a device plays (for its own seats) is sent as

    move {number, move, hash}   number: the move's count from 1; move: the engine's
                                notation; hash: wire.state_hash of the position after it

and the receiver plays it only if the number is the next one, it is a remote seat's turn,
the notation is canonical, the engine allows it and the hash matches; otherwise it answers
`refused {kind, reason}` and keeps the refusal in `problems`. Kinds: "duplicate" and "junk"
are recorded only (a move seen already, a message that is no part of the protocol);
"cheating" (a move no honest engine sends: illegal, out of turn, malformed) ends the game
as a forfeit by the other device, "desync" (the positions differ, and nothing shows which
device is wrong) ends it with nothing recorded (app.remote.verdict decides what each end
records). A `refused` from the other device is its claim: kept in `problems` as its words
and answered with a sync (this device's own checks then compare where both are), it never
ends the game here by itself.

Each seat's moves come from the device that plays it, its timeouts too (the Wordle duel's
30 s turns): a device never plays the other's seat, even when its own clock says that turn
ran out; the time a guess claims is the sender's clock's, within the turn the rules allow.
A device that never moves is waited for: the view shows it and offers to leave.

After a lost connection or a reload both devices send `sync {match, count, hash, ended}`;
the one ahead checks the other's hash against its own history at that count and sends the
missing moves (checked one by one as above); a different history is a desync. `resign`
and `leave` end the game, recorded with who did it ("host" or "guest") on both devices;
a device away for 2 minutes on its own turn may have its game claimed (`claim`).

The session's record (`record()`) lives in the midend's frame (remote.session), so the view
saves it with the game: after any notification of `listener`, the view saves the midend.
A reload during the handshake loses nothing but the handshake: it starts again."""

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED

from app.fair.coin import CoinPeer
from app.fair.errors import Cheated, ProtocolError
from app.fair.messages import RandomBytes
from app.midend import Midend
from app.midend_saves import MAX_MOVES
from app.remote import history, verdict, wire
from app.remote.checks import (
    CHEATING,
    DESYNC,
    DUPLICATE,
    GUEST,
    HOST,
    INCOMPATIBLE,
    JUNK,
    KINDS,
    MAX_PROBLEMS,
    checked_params,
    checked_problems,
    checked_seats,
)
from app.remote.names import clean_name, clean_reason
from app.seat_kinds import COMPUTER, HUMAN, REMOTE

CONNECTING, PLAYING, OVER, ENDED = "connecting", "playing", "over", "ended"
STOPPED = (DESYNC, CHEATING, INCOMPATIBLE)
STATUSES = (CONNECTING, PLAYING, OVER, ENDED, *STOPPED)
MAX_NOTATION = 400
CORE_TYPES: tuple[str, ...] = (
    "hello",
    "welcome",
    "coin-commit",
    "coin-reveal",
    "move",
    "sync",
    "resign",
)
CORE_TYPES += ("leave", "refused")
# What an engine may raise on input its checks did not foresee (as Game.load lists them).
ENGINE_ERRORS: tuple[type[Exception], ...] = (
    IllegalMove,
    BadState,
    ValueError,
    TypeError,
    KeyError,
    IndexError,
)
ENGINE_ERRORS += (AttributeError, RecursionError)


class Refused(ProtocolError):
    """A message refused, with the kind of refusal (see the module's docstring)."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind = kind


class Match:
    """This device's side of a game with another device. Make it with `host`, `guest` or
    `resumed`; feed it the channel's messages (it registers itself); play this device's
    moves through `play`, never the midend's own `play`."""

    def __init__(
        self,
        midend: Midend,
        channel: Any,
        name: str,
        role: str,
        random_bytes: RandomBytes | None = None,
    ):
        self.midend = midend
        try:
            self.name = clean_name(name)
        except ProtocolError as error:
            raise ValueError(f"this device's name: {error.reason}") from None
        self.role = role
        self.peer_role = GUEST if role == HOST else HOST
        self.peer: str | None = None
        self.status = CONNECTING
        self.ended: dict[str, Any] | None = None  # app.remote.verdict's record
        self.problems: list[
            dict[str, Any]
        ] = []  # {"by": "us" or "peer", "kind", "reason"}, latest last
        self.listener: Callable[[dict[str, Any]], None] | None = None
        self.extensions: dict[str, Callable[[dict[str, Any]], list[dict[str, Any]]]] = {}
        # A game's own check of the other device's move, for what only this device knows
        # (its own hidden tiles): raises Cheated to refuse it (set by a sub-protocol).
        self.vet: Callable[[Any], None] | None = None
        self.params: dict[str, str] = {}
        self.seats: list[str] = []  # per seat: "host", "guest" or "computer:<level>"
        self.draw_seats = False
        self._random_bytes = random_bytes or secrets.token_bytes
        self._coin: CoinPeer | None = None
        self._synced = False  # this device sent a sync on the current connection
        self.connect(channel)

    # --- making one ---------------------------------------------------------------------
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
        """Propose a game to the device at the other end; ValueError if it is not one."""
        match = cls(midend, channel, name, HOST, random_bytes)
        match.params = dict(midend.game.options_to_params(options))
        try:
            match.seats = checked_seats(midend.game, match.params, seats)
        except ProtocolError as error:
            raise ValueError(error.reason) from None
        match.draw_seats = draw_seats
        match._coin = CoinPeer(0, 2, match._random_bytes)
        hello = {
            "type": "hello",
            "version": wire.VERSION,
            "game": midend.game.name,
            "params": match.params,
            "seats": match.seats,
            "draw_seats": draw_seats,
            "name": match.name,
        }
        match._send(hello, *match._coin.start())
        return match

    @classmethod
    def guest(
        cls, midend: Midend, channel: Any, name: str, random_bytes: RandomBytes | None = None
    ) -> "Match":
        """Wait for the host's proposal; the midend's game is the one the invite named."""
        return cls(midend, channel, name, GUEST, random_bytes)

    @classmethod
    def resumed(cls, midend: Midend, channel: Any, name: str) -> "Match":
        """The match of a remote game the midend resumed from a save, reconnected: it asks
        the other device where it is (sync). ValueError if the save holds no such match."""
        if midend.remote is None:
            raise ValueError("not a remote game")
        session = midend.remote["session"]
        try:
            if not wire.is_version(session.get("version")) or session.get("role") not in (
                HOST,
                GUEST,
            ):
                raise ProtocolError("not a match of this version")
            match = cls.__new__(cls)
            match.midend, match.role = midend, session["role"]
            match.name = clean_name(name)
            match.peer_role = GUEST if match.role == HOST else HOST
            match.peer = clean_name(midend.remote["peer"])
            match.params = checked_params(session.get("params"))
            match.seats = checked_seats(midend.game, match.params, session.get("seats"))
            match.draw_seats = False  # drawn already: `seats` is the outcome
            match.status = session.get("status")
            if match.status not in STATUSES or match.status == CONNECTING:
                raise ProtocolError("bad status")
            match.ended = verdict.checked(session.get("ended"), (HOST, GUEST))
            match.problems = checked_problems(session.get("problems"))
        except (ProtocolError, AttributeError) as error:
            raise ValueError(f"unreadable match: {error}") from None
        if [match._local_seat(seat) for seat in match.seats] != midend.seats:
            raise ValueError("the match's seats are not the game's")
        match.listener, match.extensions, match.vet = None, {}, None
        match._random_bytes, match._coin = secrets.token_bytes, None
        match.connect(channel)
        return match

    def connect(self, channel: Any) -> None:
        """Take a (new) channel to the other device, after a lost connection: once the game
        is on, the devices compare where they are (sync)."""
        self.channel = channel
        self._synced = False
        channel.on_message(self.receive)
        if self.status in (PLAYING, OVER, ENDED):
            self._send_sync()

    def extend(
        self, prefix: str, handler: Callable[[dict[str, Any]], list[dict[str, Any]]]
    ) -> None:
        """A game's own sub-protocol (Battleship's fleet commitments, the Dominoes deal):
        every message whose type starts with `prefix` + "-" goes to `handler` while the game
        is in play, which checks it (raising only ProtocolError to refuse it, Cheated to stop
        the game, as app.fair's peers do) and gives the messages to send back."""
        if any(kind.startswith(prefix + "-") or kind == prefix for kind in CORE_TYPES):
            raise ValueError(f"{prefix!r} is the session's own")
        self.extensions[prefix] = handler

    # --- this device's part ----------------------------------------------------------------
    def play(self, move: Any) -> list[dict[str, Any]]:
        """Play a move of a seat of this device (a person here or its computer) and send it;
        IllegalMove when the rules refuse it. RuntimeError when it is not this device's
        move to make: the view offers none then."""
        if self.status != PLAYING or self.midend.remote_to_move:
            raise RuntimeError("not this device's move")
        events = self.midend.play(move)
        self.played()
        return events

    def played(self) -> None:
        """Send the move this device's midend has just played for one of its own seats (the
        game view plays it first: a move is sent once the rules accepted it)."""
        number = len(self.midend.moves)
        text = self.midend.moves[-1][1]
        self._send({"type": "move", "number": number, "move": text, "hash": self.state_hash})
        if self.midend.state.is_over:
            self.status = OVER
        self._keep()

    def send(self, *messages: dict[str, Any]) -> None:
        """Send a sub-protocol's own messages (see `extend`)."""
        self._send(*messages)

    def resign(self) -> None:
        """The person here gives the game up (the other device wins)."""
        if self.status != PLAYING:
            raise RuntimeError("no game in play to resign")
        self._end(verdict.RESIGNED, self.role)
        self._send({"type": "resign"})

    def leave(self) -> None:
        """The person here leaves the game (recorded as who left, on both devices); a game
        that has ended, or that a check stopped, is left as it is."""
        if self.status in (OVER, ENDED) or self.stopped:
            return
        self._end(verdict.LEFT, self.role)
        self._send({"type": "leave"})

    def claim(self) -> None:
        """The person here claims the game of a device that has been away on its own turn
        (app.remote.verdict.may_claim, asked by the page that knows the connection)."""
        if self.status != PLAYING or not self.midend.remote_to_move:
            raise RuntimeError("no game of the other device's to claim")
        self._end(verdict.ABANDONED, self.peer_role)

    @property
    def disputed(self) -> bool:
        """The other device said this game cannot go on (its claim of cheating or of
        positions that differ) while this device's own checks found nothing."""
        claims = [p for p in self.problems if p["by"] == "peer" and p["kind"] in (DESYNC, CHEATING)]
        return self.status == PLAYING and bool(claims)

    def set_aside(self) -> None:
        """A disputed game given up for a new one on the same connection: the devices
        disagree and nothing proves who, so it ends recording nothing."""
        if not self.disputed:
            raise RuntimeError("only a disputed game is set aside")
        self._end(verdict.VOID, self.peer_role, "set aside for a new game after the dispute")

    # --- what the view shows --------------------------------------------------------------------
    @property
    def state_hash(self) -> str:
        return wire.state_hash(self.midend.state)

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
        return verdict.outcome(self.ended, self.role) if self.ended is not None else None

    def record(self) -> dict[str, Any]:
        """The session as JSON, kept in the midend's frame (remote.session)."""
        return {
            "version": wire.VERSION,
            "role": self.role,
            "params": dict(self.params),
            "seats": list(self.seats),
            "status": self.status,
            "ended": dict(self.ended) if self.ended else None,
            "problems": [dict(problem) for problem in self.problems],
        }

    # --- messages from the other device ------------------------------------------------------------
    def receive(self, message: Any) -> None:
        """Take one message from the channel. Never raises: a message refused is answered
        with `refused` and kept in `problems`."""
        try:
            self._dispatch(message)
        except Refused as refusal:
            self._refuse(refusal.kind, refusal.reason)
        except Cheated as error:
            self._refuse(CHEATING, error.reason)
        except ProtocolError as error:
            self._refuse(JUNK, error.reason)

    def _dispatch(self, message: Any) -> None:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ProtocolError("a message is a JSON object with a type")
        kind = message["type"]
        handlers = {
            "hello": self._on_hello,
            "welcome": self._on_welcome,
            "coin-commit": self._on_coin,
            "coin-reveal": self._on_coin,
            "move": self._on_move,
            "sync": self._on_sync,
            "resign": self._on_end,
            "leave": self._on_end,
            "refused": self._on_refused,
        }
        if kind in handlers:
            handlers[kind](message)
            return
        prefix = kind.split("-", 1)[0]
        if "-" in kind and prefix in self.extensions:
            if self.status != PLAYING:
                raise ProtocolError(f"a {prefix} message with no game in play")
            self._send(*self.extensions[prefix](message))
            return
        raise ProtocolError(f"unknown message type {kind[:40]!r}")

    def _on_hello(self, message: dict[str, Any]) -> None:
        wire.fields(message, "hello", {"version", "game", "params", "seats", "draw_seats", "name"})
        if self.role != GUEST or self._coin is not None or self.status != CONNECTING:
            raise ProtocolError("a hello out of place")
        game = self.midend.game
        try:
            if not wire.is_version(message["version"]):
                raise ProtocolError(f"a different version of the protocol ({wire.VERSION} here)")
            if message["game"] != game.name:
                raise ProtocolError(f"a different game ({game.name} here)")
            self.params = checked_params(message["params"])
            self.seats = checked_seats(game, self.params, message["seats"])
            if not isinstance(message["draw_seats"], bool):
                raise ProtocolError("draw_seats is true or false")
            self.peer = clean_name(message["name"])
        except ProtocolError as error:
            raise Refused(INCOMPATIBLE, error.reason) from None
        self.draw_seats = message["draw_seats"]
        self._coin = CoinPeer(1, 2, self._random_bytes)
        self._send({"type": "welcome", "version": wire.VERSION, "name": self.name})
        self._send(*self._coin.start())
        self._tell("hello")

    def _on_welcome(self, message: dict[str, Any]) -> None:
        wire.fields(message, "welcome", {"version", "name"})
        if self.role != HOST or self.peer is not None or self.status != CONNECTING:
            raise ProtocolError("a welcome out of place")
        if not wire.is_version(message["version"]):
            raise Refused(INCOMPATIBLE, f"a different version of the protocol ({wire.VERSION})")
        try:
            self.peer = clean_name(message["name"])
        except ProtocolError as error:
            raise Refused(INCOMPATIBLE, error.reason) from None
        self._begin_when_ready()

    def _on_coin(self, message: dict[str, Any]) -> None:
        if self._coin is None or self.status != CONNECTING:
            raise ProtocolError("a coin flip message with no coin flip under way")
        self._send(*self._coin.receive(message))
        self._begin_when_ready()

    def _begin_when_ready(self) -> None:
        """Start the game once the peer's name and the joint seed are both in."""
        coin = self._coin
        if coin is None or coin.seed is None or self.peer is None:
            return
        seed = 1 + coin.pick(MAX_SEED - 1)
        if self.draw_seats:
            turn = hashlib.sha256(coin.seed + b"seats").digest()
            shift = int.from_bytes(turn, "big") % len(self.seats)
            self.seats = self.seats[shift:] + self.seats[:shift]
        game = self.midend.game
        seats = [self._local_seat(seat) for seat in self.seats]
        self._coin = None
        try:
            options = game.options_from_params(self.params)
            self.midend.start(options, seed, seats, remote={"peer": self.peer, "session": {}})
        except ENGINE_ERRORS as error:
            raise Refused(INCOMPATIBLE, f"the game cannot start: {str(error)[:80]}") from None
        self.status = PLAYING
        self._keep()
        self._tell("started")

    def _on_move(self, message: dict[str, Any]) -> None:
        if self.status == CONNECTING:
            raise ProtocolError("a move before the game began")
        try:
            wire.fields(message, "move", {"number", "move", "hash"})
            number = wire.whole(message["number"], 1, MAX_MOVES, "a move's number")
            text = wire.text(message["move"], MAX_NOTATION, "a move")
            claimed = wire.hex64(message["hash"], "a position's hash")
        except ProtocolError as error:
            raise Refused(CHEATING, f"a malformed move: {error.reason}") from None
        if self.stopped:
            raise ProtocolError(f"the game is stopped ({self.status}): no move is played")
        moves = self.midend.moves
        if number <= len(moves):
            if moves[number - 1][1] == text:
                raise Refused(DUPLICATE, f"move {number} was played already")
            raise Refused(DESYNC, f"move {number} here is {moves[number - 1][1][:40]!r}")
        if number > len(moves) + 1:
            if not self._synced:
                self._send_sync()
            raise ProtocolError(f"moves {len(moves) + 1} to {number - 1} have not arrived")
        if self.status == ENDED:
            raise ProtocolError("a move after the game ended")
        if self.status == OVER or not self.midend.remote_to_move:
            raise Refused(CHEATING, f"move {number} is not the other device's to play")
        game = self.midend.game
        try:
            trial = self.midend.state.copy()
            move = game.parse_move(text)
            if game.format_move(move) != text:
                raise Refused(CHEATING, f"move {number} is not in the game's notation")
            trial.apply(move)
        except ENGINE_ERRORS as error:
            raise Refused(CHEATING, f"move {number} {text[:40]!r} is illegal: {error}") from None
        if wire.state_hash(trial) != claimed:
            raise Refused(DESYNC, f"after move {number} the positions differ")
        if self.vet is not None:
            self.vet(move)
        events = self.midend.play_remote(text)
        if self.midend.state.is_over:
            self.status = OVER
        self._keep()
        self._tell("moved", events=events)

    def _on_sync(self, message: dict[str, Any]) -> None:
        wire.fields(message, "sync", {"match", "count", "hash", "ended"})
        if self.status == CONNECTING:
            raise ProtocolError("no game here to resume")
        if self.stopped:
            raise ProtocolError(f"the game is stopped ({self.status})")
        count = wire.whole(message["count"], 0, MAX_MOVES, "a move count")
        theirs = wire.hex64(message["hash"], "a position's hash")
        ended = verdict.checked(message["ended"], (HOST, GUEST))
        if message["match"] != self.match_id:
            raise Refused(DESYNC, "a different game")
        mine = len(self.midend.moves)
        if count <= mine:
            if history.hash_at(self.midend, count) != theirs:
                raise Refused(DESYNC, f"the two histories differ by move {count}")
            self._send(*history.moves_after(self.midend, count))
        elif not self._synced:
            self._send_sync()
        # (only the other device's own doing: its verdicts on this one are its claims)
        if ended is None or ended["how"] not in (verdict.RESIGNED, verdict.LEFT):
            return
        if ended["by"] == self.peer_role and self.status in (PLAYING, OVER):
            self._end(ended["how"], self.peer_role)

    def _on_end(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        wire.fields(message, kind, set())
        if self.status == ENDED:
            raise Refused(DUPLICATE, "the game had ended already")
        if self.status == OVER:
            return  # leaving a finished game changes nothing
        if kind == "resign" and self.status != PLAYING:
            raise ProtocolError("a resignation with no game in play")
        self._end(verdict.RESIGNED if kind == "resign" else verdict.LEFT, self.peer_role)

    def _on_refused(self, message: dict[str, Any]) -> None:
        """The other device refused a message of ours: its claim, kept as its words. Never
        answered with a refusal (two devices could refuse each other's refusals for ever);
        a claim that the game is out of step or cheated asks where the other device is
        (a sync, once a connection), and only this device's own checks of the answer can
        end the game here."""
        kind = message.get("kind") if isinstance(message, dict) else None
        kind = kind if kind in KINDS else JUNK
        self._note("peer", kind, clean_reason(message.get("reason")))
        if kind in (DESYNC, CHEATING) and self.status in (PLAYING, OVER) and not self._synced:
            self._send_sync()
        elif kind == INCOMPATIBLE and self.status == CONNECTING:
            self.status = INCOMPATIBLE
        self._keep()
        self._tell("problem")

    # --- the parts ---------------------------------------------------------------------------------
    @property
    def match_id(self) -> str:
        return wire.match_id(self.midend.game.name, self.midend.options, self.midend.seed)

    def _local_seat(self, seat: str) -> str:
        """Who plays a seat as this device's midend sees it."""
        if seat == self.role:
            return HUMAN
        if seat.startswith(COMPUTER) and self.role == HOST:
            return seat
        return REMOTE

    def _send_sync(self) -> None:
        self._synced = True
        self._send(
            {
                "type": "sync",
                "match": self.match_id,
                "count": len(self.midend.moves),
                "hash": self.state_hash,
                "ended": dict(self.ended) if self.ended else None,
            }
        )

    def _end(self, how: str, by: str, reason: str = "") -> None:
        self.ended = verdict.ended(how, by, reason)
        self.status = ENDED
        if self.outcome == verdict.NOTHING:
            self.midend.recorded = True  # decided: this game records nothing here
        self._keep()
        self._tell("ended")

    def _refuse(self, kind: str, reason: str) -> None:
        """Refuse the other device's message; this device's own check that it broke the
        rules (cheating) or that the two disagree (desync) ends a game in play."""
        self._note("us", kind, reason)
        self._send({"type": "refused", "kind": kind, "reason": reason[:200]})
        if kind in (DESYNC, CHEATING) and self.status == PLAYING:
            how = verdict.FORFEIT if kind == CHEATING else verdict.VOID
            self._end(how, self.peer_role, reason)
            return
        if kind == CHEATING and self.status == CONNECTING:
            self.status = CHEATING  # a coin flip cheated: no game begins
        elif kind == INCOMPATIBLE and self.status == CONNECTING:
            self.status = INCOMPATIBLE
        self._keep()
        self._tell("problem")

    def _note(self, by: str, kind: str, reason: str) -> None:
        self.problems = [*self.problems, {"by": by, "kind": kind, "reason": reason[:200]}]
        self.problems = self.problems[-MAX_PROBLEMS:]

    def _keep(self) -> None:
        """The session's record into the midend's frame, for the next save."""
        if self.midend.remote is not None:
            self.midend.remote["session"] = self.record()

    def _send(self, *messages: dict[str, Any]) -> None:
        for message in messages:
            self.channel.send(message)

    def _tell(self, kind: str, **data: Any) -> None:
        if self.listener is not None:
            self.listener({"type": kind, **data})
