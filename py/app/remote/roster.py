"""Who is at a game between devices: every device's id (the host's first), this device's,
the name of each device's person, and who plays each seat.

Two devices are "host" and "guest"; at a table of 3 to 8 they are "host" and the relay's
names of the guests ("g1", "g2", ..., "g7"). A seat is played by a device's id, or by
"computer:<level>": a computer the host's device runs, whose moves travel as the host's.
Everything read here may come from another device or from storage: each check raises
ProtocolError with the reason."""

import hashlib
from typing import Any

from games.common.protocol import Game

from app.fair.errors import ProtocolError
from app.fair.messages import MAX_PEERS
from app.remote.names import clean_name
from app.seat_kinds import COMPUTER, HUMAN, REMOTE

HOST, GUEST = "host", "guest"
PAIR = [HOST, GUEST]  # the devices of a game between two
MAX_DEVICES = MAX_PEERS  # the protocol's limit, not a game's (Dominoes seats 4 at most)
MAX_DEVICE = 8  # a device's id: "host", "guest", or the relay's name of a guest
# What an engine may raise on options or input its checks did not foresee (as Game.load).
OPTION_ERRORS: tuple[type[Exception], ...] = (ValueError, TypeError, KeyError, IndexError)


class Roster:
    def __init__(self, me: str, devices: list[str], names: dict[str, str] | None = None):
        self.me = me
        self.devices = list(devices)  # the host's first; empty until a table's hello names them
        self.names: dict[str, str] = dict(names or {})  # device id -> its person's name
        self.seats: list[str] = []  # per seat: a device's id or "computer:<level>"

    @property
    def others(self) -> list[str]:
        return [device for device in self.devices if device != self.me]

    @property
    def complete(self) -> bool:
        """Every device's person has said their name (the handshake's welcomes are in)."""
        return bool(self.devices) and all(device in self.names for device in self.devices)

    def local_seat(self, seat: str) -> str:
        """Who plays a seat as this device's midend sees it."""
        if seat == self.me:
            return HUMAN
        if seat.startswith(COMPUTER) and self.me == HOST:
            return seat
        return REMOTE

    def local_seats(self) -> list[str]:
        return [self.local_seat(seat) for seat in self.seats]

    def seat_owner(self, seat: int) -> str:
        """The device that plays a seat (a computer's: the host)."""
        owner = self.seats[seat]
        return HOST if owner.startswith(COMPUTER) else owner

    def partner(self, state: Any, device: str) -> bool | None:
        """Whether a device plays on this device's side (None: no partnerships)."""
        table: Any = getattr(state, "table", None)  # (Dominoes'; the Wordle duel's is no such)
        if not getattr(table, "partnerships", False):
            return None
        mine = table.team_of(self.seats.index(self.me))
        theirs = [seat for seat, owner in enumerate(self.seats) if owner == device]
        return any(table.team_of(seat) == mine for seat in theirs)

    def peers_text(self) -> str:
        """The other devices' people, by name, for the saves and the hub ("Ann, Bryn")."""
        return ", ".join(self.names.get(device, "?") for device in self.others)[:40]

    def draw_seats(self, coin_seed: bytes) -> None:
        """The turn of the table (who sits where) drawn from the coin flip's seed."""
        turn = hashlib.sha256(coin_seed + b"seats").digest()
        shift = int.from_bytes(turn, "big") % len(self.seats)
        self.seats = self.seats[shift:] + self.seats[:shift]


def checked_seats(game: Game, params: dict[str, str], seats: Any, devices: list[str]) -> list[str]:
    """Who plays each seat, checked against the game's options: each one a device or a
    computer the game has, and every device with a seat."""
    try:
        count = game.seats(game.options_from_params(params))
    except OPTION_ERRORS as error:
        raise ProtocolError(f"options the game refuses: {str(error)[:80]}") from None
    if not isinstance(seats, list) or len(seats) != count:
        raise ProtocolError(f"the game has {count} seats")
    for seat in seats:
        computer = isinstance(seat, str) and seat.startswith(COMPUTER)
        if not (seat in devices or (computer and seat[len(COMPUTER) :] in game.computer)):
            raise ProtocolError(f"unknown player {str(seat)[:20]!r}")
    if set(devices) - set(seats):
        raise ProtocolError("each device has a seat")
    return list(seats)


def checked_devices(devices: Any, me: str) -> list[str]:
    """The devices at a table: the host first, this device among them, 3 to MAX_DEVICES."""
    if (
        not isinstance(devices, list)
        or not 3 <= len(devices) <= MAX_DEVICES
        or devices[0] != HOST
        or me not in devices
        or not all(isinstance(d, str) and 0 < len(d) <= MAX_DEVICE for d in devices)
        or len(set(devices)) != len(devices)
    ):
        raise ProtocolError("the devices at the table")
    return list(devices)


def checked_names(names: Any, devices: list[str]) -> dict[str, str]:
    if not isinstance(names, dict) or set(names) != set(devices):
        raise ProtocolError("a name for every device")
    return {device: clean_name(name) for device, name in names.items()}
