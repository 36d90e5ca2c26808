"""One game among 3 or 4 devices, each guest linked to the host alone, every message
passed on by the host's relay (app.remote.relay), so every device takes the others'
messages in one order: the same game as app.remote.match between two devices, for a
table of Straight Dominoes.

Devices are named by the host: "host", and an id per guest ("g1", "g2", "g3": the relay's
names, so no guest can speak as another). The host proposes, every guest accepts:

    host   -> hello {version, game, params, seats, devices, draw_seats, name}  + coin-commit
    guest  -> welcome {version, name}                                          + coin-commit
    all    -> coin-reveal (app.fair.coin among the devices, in `devices` order)

`seats` says per seat who plays it: a device's id, or "computer:<level>" (a computer the
host's device runs: its moves travel as the host's). The seed comes from the coin flip of
every device, and with `draw_seats` so does the turn of the table (who sits where).

Then every move is {move, number, hash} (app.remote.match's), taken only from the device
that plays the seat to move, as the next move, in the engine's canonical notation,
legal, with the position's hash agreeing. Since every device sees the same messages in
the same order, every honest device reaches the same verdict on each one without a word
to the others: a move no honest engine sends ends the game as that device's forfeit, a
hash that differs as out of step, recorded for nobody (app.remote.verdict decides what
each end records, for every seat). `resign` and `leave` end the game for all, recorded
with who did it. A game's own sub-protocol (the Dominoes deal) comes through
`extend`, as with two devices."""

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from games.common.protocol import MAX_SEED

from app.fair.coin import CoinPeer
from app.fair.errors import Cheated, ProtocolError
from app.fair.messages import RandomBytes
from app.midend import Midend
from app.midend_saves import MAX_MOVES
from app.remote import verdict, wire
from app.remote.checks import (
    CHEATING,
    DESYNC,
    INCOMPATIBLE,
    MAX_PROBLEMS,
    checked_params,
    checked_problems,
)
from app.remote.match import (
    CONNECTING,
    ENDED,
    ENGINE_ERRORS,
    MAX_NOTATION,
    OVER,
    PLAYING,
    STATUSES,
)
from app.remote.names import clean_name, clean_reason
from app.remote.relay import HOST, MAX_GUESTS
from app.seat_kinds import COMPUTER, HUMAN, REMOTE

STOPPED = (DESYNC, CHEATING, INCOMPATIBLE)
MAX_DEVICE = 8  # a device's id: "host", or the relay's name of a guest
CORE_TYPES: tuple[str, ...] = (
    "hello",
    "welcome",
    "coin-commit",
    "coin-reveal",
    "move",
    "resign",
    "leave",
)


class Stop(ProtocolError):
    """A message that stops the game: `kind` (cheating, desync, incompatible) by `device`."""

    def __init__(self, kind: str, device: str, reason: str):
        super().__init__(reason)
        self.kind, self.device = kind, device


class TableMatch:
    """This device's side of a game with 2 or 3 other devices through the host's relay.
    `post(message)` gives a message of this device to the relay (Hub.post or Spoke.post);
    the relay's deliveries come to `receive(sender, message)`."""

    def __init__(self, midend: Midend, post: Callable[[dict[str, Any]], None], me: str, name: str):
        self.midend, self.post, self.me = midend, post, me
        try:
            self.name = clean_name(name)
        except ProtocolError as error:
            raise ValueError(f"this device's name: {error.reason}") from None
        self.role = HOST if me == HOST else me
        self.status = CONNECTING
        self.params: dict[str, str] = {}
        self.seats: list[str] = []  # per seat: a device's id or "computer:<level>"
        self.devices: list[str] = []  # every device's id, the host's first
        self.names: dict[str, str] = {}  # device id -> its person's name
        self.draw_seats = False
        self.ended: dict[str, Any] | None = None  # app.remote.verdict's record, by device id
        self.problems: list[dict[str, Any]] = []  # {"by": device id, "kind", "reason"}
        self.listener: Callable[[dict[str, Any]], None] | None = None
        self.extensions: dict[str, Callable[[dict[str, Any]], list[dict[str, Any]]]] = {}
        # A game's own check of the other device's move, for what only this device knows
        # (its own hidden tiles): raises Cheated to refuse it (set by a sub-protocol).
        self.vet: Callable[[Any], None] | None = None
        self.sender: str | None = None  # the device whose sub-protocol message is being taken
        self._coin: CoinPeer | None = None
        self._random_bytes: RandomBytes = secrets.token_bytes

    # --- making one -------------------------------------------------------------------
    @classmethod
    def host(
        cls,
        midend: Midend,
        post: Callable[[dict[str, Any]], None],
        name: str,
        options: dict[str, Any],
        seats: list[str],
        guests: list[str],
        draw_seats: bool = True,
        random_bytes: RandomBytes = secrets.token_bytes,
    ) -> "TableMatch":
        """Propose a game to the guests (their relay ids, in the order they joined)."""
        match = cls(midend, post, HOST, name)
        match._random_bytes = random_bytes
        if not 2 <= len(guests) <= MAX_GUESTS or len(set(guests)) != len(guests):
            raise ValueError(f"a table of devices has 2 to {MAX_GUESTS} guests")
        match.devices = [HOST, *guests]
        match.params = dict(midend.game.options_to_params(options))
        try:
            match.seats = match._checked_seats(seats)
        except ProtocolError as error:
            raise ValueError(error.reason) from None
        match.draw_seats = draw_seats
        match.names = {HOST: match.name}
        match._coin = CoinPeer(0, len(match.devices), random_bytes)
        hello = {
            "type": "hello",
            "version": wire.VERSION,
            "game": midend.game.name,
            "params": match.params,
            "seats": match.seats,
            "devices": match.devices,
            "draw_seats": draw_seats,
            "name": match.name,
        }
        match._post(hello, *match._coin.start())
        return match

    @classmethod
    def guest(
        cls,
        midend: Midend,
        post: Callable[[dict[str, Any]], None],
        me: str,
        name: str,
        random_bytes: RandomBytes = secrets.token_bytes,
    ) -> "TableMatch":
        match = cls(midend, post, me, name)
        match._random_bytes = random_bytes
        return match

    @classmethod
    def resumed(
        cls, midend: Midend, post: Callable[[dict[str, Any]], None], me: str, name: str
    ) -> "TableMatch":
        """The table match of a game the midend resumed from a save; the relay (rebuilt
        from its own record) delivers what came since. ValueError if the save holds no
        table match of this device."""
        session = (midend.remote or {}).get("session")
        match = cls(midend, post, me, name)
        try:
            if not isinstance(session, dict) or not wire.is_version(session.get("version")):
                raise ProtocolError("not a table match of this version")
            if set(session) != set(match.record()):
                raise ProtocolError("a table match's record has other fields")
            if session["me"] != me:
                raise ProtocolError("another device's record")
            match.devices = _checked_devices(session["devices"], me)
            match.names = _checked_names(session["names"], match.devices)
            match.params = checked_params(session["params"])
            match.seats = match._checked_seats(session["seats"])
            match.status = session["status"]
            if match.status not in STATUSES or match.status == CONNECTING:
                raise ProtocolError("a table match in play or done")
            match.ended = verdict.checked(session["ended"], match.devices)
            match.problems = checked_problems(session["problems"], match.devices)
        except (ProtocolError, ValueError) as error:
            raise ValueError(f"unreadable table match: {error}") from None
        if [match._local_seat(seat) for seat in match.seats] != midend.seats:
            raise ValueError("the table match's seats are not the game's")
        return match

    def record(self) -> dict[str, Any]:
        """The session as JSON, kept in the midend's frame (remote.session)."""
        return {
            "version": wire.VERSION,
            "me": self.me,
            "devices": list(self.devices),
            "names": dict(self.names),
            "params": dict(self.params),
            "seats": list(self.seats),
            "status": self.status,
            "ended": dict(self.ended) if self.ended else None,
            "problems": [dict(problem) for problem in self.problems],
        }

    def extend(
        self, prefix: str, handler: Callable[[dict[str, Any]], list[dict[str, Any]]]
    ) -> None:
        if any(kind.startswith(prefix + "-") or kind == prefix for kind in CORE_TYPES):
            raise ValueError(f"{prefix!r} is the session's own")
        self.extensions[prefix] = handler

    def _checked_seats(self, seats: Any) -> list[str]:
        game = self.midend.game
        try:
            count = game.seats(game.options_from_params(self.params))
        except ENGINE_ERRORS as error:  # options this version cannot play
            raise ProtocolError(f"the game's options: {str(error)[:80]}") from None
        if not isinstance(seats, list) or len(seats) != count:
            raise ProtocolError(f"the game has {count} seats")
        for seat in seats:
            computer = isinstance(seat, str) and seat.startswith(COMPUTER)
            if not (seat in self.devices or (computer and seat[len(COMPUTER) :] in game.computer)):
                raise ProtocolError(f"nobody plays a seat as {str(seat)[:20]!r}")
        if set(self.devices) - set(seats):
            raise ProtocolError("every device plays a seat")
        return list(seats)

    # --- this device's part -------------------------------------------------------------
    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of a seat of this device (its person's, or the host's computer's)."""
        if self.status != PLAYING or self.midend.remote_to_move:
            raise RuntimeError("not this device's move")
        events = self.midend.play(move)
        number, text = len(self.midend.moves), self.midend.moves[-1][1]
        self._post({"type": "move", "number": number, "move": text, "hash": self.state_hash})
        if self.midend.state.is_over:
            self.status = OVER
        self._keep()
        return events

    def send(self, *messages: dict[str, Any]) -> None:
        """A sub-protocol's own messages (see `extend`)."""
        self._post(*messages)

    def resign(self) -> None:
        if self.status != PLAYING:
            raise RuntimeError("no game in play to resign")
        self._end("resigned", self.me)
        self._post({"type": "resign"})

    def leave(self) -> None:
        if self.status not in (OVER, ENDED):
            self._end("left", self.me)
            self._post({"type": "leave"})

    @property
    def state_hash(self) -> str:
        return wire.state_hash(self.midend.state)

    @property
    def stopped(self) -> bool:
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
        return verdict.outcome(self.ended, self.me, self.partner)

    def partner(self, device: str) -> bool | None:
        """Whether a device plays on this device's side (None: no partnerships)."""
        table = getattr(self.midend.state, "table", None)
        if table is None or not table.partnerships:
            return None
        mine = table.team_of(self.seats.index(self.me))
        theirs = [seat for seat, owner in enumerate(self.seats) if owner == device]
        return any(table.team_of(seat) == mine for seat in theirs)

    def seat_owner(self, seat: int) -> str:
        """The device that plays a seat (a computer's: the host)."""
        owner = self.seats[seat]
        return HOST if owner.startswith(COMPUTER) else owner

    # --- the relay's deliveries ---------------------------------------------------------------
    def receive(self, sender: str, message: Any) -> None:
        """Another device's message, in the relay's order. Never raises: a message that
        stops the game is kept in `problems`; a message that is no part of the protocol
        is kept and skipped."""
        try:
            self._dispatch(sender, message)
        except Stop as stop:
            self._stop(stop.kind, stop.device, stop.reason)
        except Cheated as error:
            self._stop(CHEATING, sender, error.reason)
        except ProtocolError as error:
            self._note(sender, "junk", error.reason)
        except ENGINE_ERRORS as error:  # input no check foresaw: refused all the same
            self._note(sender, "junk", f"{type(error).__name__}: {str(error)[:80]}")

    def _dispatch(self, sender: str, message: Any) -> None:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise ProtocolError("a message is a JSON object with a type")
        if self.stopped or self.status == ENDED:
            raise ProtocolError(f"the game is {self.status}: nothing more is taken")
        kind = message["type"]
        handlers = {
            "hello": self._on_hello,
            "welcome": self._on_welcome,
            "coin-commit": self._on_coin,
            "coin-reveal": self._on_coin,
            "move": self._on_move,
            "resign": self._on_end,
            "leave": self._on_end,
        }
        if kind in handlers:
            handlers[kind](sender, message)
            return
        prefix = kind.split("-", 1)[0]
        if "-" in kind and prefix in self.extensions:
            if self.status != PLAYING:
                raise ProtocolError(f"a {prefix} message with no game in play")
            self.sender = sender  # (a sub-protocol checks which seats the sender may speak for)
            try:
                self._post(*self.extensions[prefix](message))
            finally:
                self.sender = None
            return
        raise ProtocolError(f"unknown message type {kind[:40]!r}")

    def _on_hello(self, sender: str, message: dict[str, Any]) -> None:
        wire.fields(
            message,
            "hello",
            {"version", "game", "params", "seats", "devices"} | {"draw_seats", "name"},
        )
        if sender != HOST or self.me == HOST or self._coin is not None:
            raise ProtocolError("a hello out of place")
        try:
            if not wire.is_version(message["version"]):
                raise ProtocolError(f"a different version of the protocol ({wire.VERSION} here)")
            if message["game"] != self.midend.game.name:
                raise ProtocolError(f"a different game ({self.midend.game.name} here)")
            self.devices = _checked_devices(message["devices"], self.me)
            self.params = checked_params(message["params"])
            self.seats = self._checked_seats(message["seats"])
            if not isinstance(message["draw_seats"], bool):
                raise ProtocolError("draw_seats is true or false")
            host_name = clean_name(message["name"])
        except ProtocolError as error:
            raise Stop(INCOMPATIBLE, HOST, error.reason) from None
        self.draw_seats, self.names = message["draw_seats"], {HOST: host_name, self.me: self.name}
        self._coin = CoinPeer(self.devices.index(self.me), len(self.devices), self._random_bytes)
        self._post({"type": "welcome", "version": wire.VERSION, "name": self.name})
        self._post(*self._coin.start())
        self._tell("hello")

    def _on_welcome(self, sender: str, message: dict[str, Any]) -> None:
        wire.fields(message, "welcome", {"version", "name"})
        if self.status != CONNECTING or sender not in self.devices or sender in self.names:
            raise ProtocolError("a welcome out of place")
        if not wire.is_version(message["version"]):
            raise Stop(INCOMPATIBLE, sender, "a different version of the protocol")
        self.names[sender] = clean_name(message["name"])
        self._begin_when_ready()

    def _on_coin(self, sender: str, message: dict[str, Any]) -> None:
        if self._coin is None or self.status != CONNECTING:
            raise ProtocolError("a coin flip message with no coin flip under way")
        if sender not in self.devices or message.get("seat") != self.devices.index(sender):
            raise Stop(CHEATING, sender, "a coin flip message for another device's seat")
        self._post(*self._coin.receive(message))
        self._begin_when_ready()

    def _begin_when_ready(self) -> None:
        coin = self._coin
        if coin is None or coin.seed is None or len(self.names) < len(self.devices):
            return
        seed = 1 + coin.pick(MAX_SEED - 1)
        if self.draw_seats:
            turn = hashlib.sha256(coin.seed + b"seats").digest()
            shift = int.from_bytes(turn, "big") % len(self.seats)
            self.seats = self.seats[shift:] + self.seats[:shift]
        self._coin = None
        try:
            options = self.midend.game.options_from_params(self.params)
            local = [self._local_seat(seat) for seat in self.seats]
            remote = {"peer": self.peers_text(), "session": {}}
            self.midend.start(options, seed, local, remote=remote)
        except ENGINE_ERRORS as error:
            raise Stop(INCOMPATIBLE, HOST, f"the game cannot start: {str(error)[:80]}") from None
        self.status = PLAYING
        self._keep()
        self._tell("started")

    def peers_text(self) -> str:
        """The other devices' people, by name, for the saves and the hub ("Ann, Bryn")."""
        others = [self.names.get(device, "?") for device in self.devices if device != self.me]
        return ", ".join(others)[:40]

    def _local_seat(self, seat: str) -> str:
        if seat == self.me:
            return HUMAN
        if seat.startswith(COMPUTER) and self.me == HOST:
            return seat
        return REMOTE

    def _on_move(self, sender: str, message: dict[str, Any]) -> None:
        if self.status == CONNECTING:
            raise ProtocolError("a move before the game began")
        try:
            wire.fields(message, "move", {"number", "move", "hash"})
            number = wire.whole(message["number"], 1, MAX_MOVES, "a move's number")
            text = wire.text(message["move"], MAX_NOTATION, "a move")
            claimed = wire.hex64(message["hash"], "a position's hash")
        except ProtocolError as error:
            raise Stop(CHEATING, sender, f"a malformed move: {error.reason}") from None
        state = self.midend.state
        if self.status == OVER or number != len(self.midend.moves) + 1:
            raise Stop(CHEATING, sender, f"move {number} is not the next one")
        if self.seat_owner(state.current_player) != sender:
            raise Stop(CHEATING, sender, f"move {number} is not {sender}'s to play")
        game = self.midend.game
        try:
            trial = state.copy()
            move = game.parse_move(text)
            if game.format_move(move) != text:
                raise Stop(CHEATING, sender, f"move {number} is not in the game's notation")
            trial.apply(move)
        except ENGINE_ERRORS as error:
            raise Stop(
                CHEATING, sender, f"move {number} {text[:40]!r} is illegal: {error}"
            ) from None
        if wire.state_hash(trial) != claimed:
            raise Stop(DESYNC, sender, f"after move {number} the positions differ")
        if self.vet is not None:
            self.vet(move)
        events = self.midend.play_remote(text)
        if self.midend.state.is_over:
            self.status = OVER
        self._keep()
        self._tell("moved", events=events)

    def _on_end(self, sender: str, message: dict[str, Any]) -> None:
        wire.fields(message, message["type"], set())
        if self.status != PLAYING and not (
            message["type"] == "leave" and self.status == CONNECTING
        ):
            raise ProtocolError(f"a {message['type']} with no game in play")
        how = verdict.RESIGNED if message["type"] == "resign" else verdict.LEFT
        self._end(how, sender)

    # --- keeping the record -----------------------------------------------------------------------
    def _end(self, how: str, by: str, reason: str = "") -> None:
        self.status, self.ended = ENDED, verdict.ended(how, by, reason)
        if self.outcome == verdict.NOTHING:
            self.midend.recorded = True  # decided: this game records nothing here
        self._keep()
        self._tell("ended")

    def _stop(self, kind: str, device: str, reason: str) -> None:
        """A device's message failed this device's check: a game in play ends (a forfeit
        by that device, or out of step: app.remote.verdict), a game being set up stops."""
        self._note(device, kind, reason)
        if self.status == PLAYING and kind in (CHEATING, DESYNC):
            self._end(verdict.FORFEIT if kind == CHEATING else verdict.VOID, device, reason)
            return
        if self.status == CONNECTING:
            self.status = kind  # (a finished game stays as the rules ended it)
        self._tell("problem")

    def _note(self, by: str, kind: str, reason: str) -> None:
        problem = {"by": str(by)[:MAX_DEVICE], "kind": kind, "reason": clean_reason(reason)}
        self.problems = [*self.problems, problem]
        self.problems = self.problems[-MAX_PROBLEMS:]
        self._keep()

    def _keep(self) -> None:
        """The session's record into the midend's frame, for the next save."""
        if self.midend.remote is not None and self.status != CONNECTING:
            self.midend.remote["session"] = self.record()

    def _post(self, *messages: dict[str, Any]) -> None:
        for message in messages:
            self.post(message)

    def _tell(self, kind: str, **data: Any) -> None:
        if self.listener is not None:
            self.listener({"type": kind, **data})


# --- a saved record, read back strictly ------------------------------------------------------
def _checked_devices(devices: Any, me: str) -> list[str]:
    if (
        not isinstance(devices, list)
        or not 3 <= len(devices) <= MAX_GUESTS + 1
        or devices[0] != HOST
        or me not in devices
        or not all(isinstance(d, str) and 0 < len(d) <= MAX_DEVICE for d in devices)
        or len(set(devices)) != len(devices)
    ):
        raise ProtocolError("the devices at the table")
    return list(devices)


def _checked_names(names: Any, devices: list[str]) -> dict[str, str]:
    if not isinstance(names, dict) or set(names) != set(devices):
        raise ProtocolError("a name for every device")
    return {device: clean_name(name) for device, name in names.items()}
