"""1-out-of-n oblivious transfer: the receiver gets the one entry of the sender's table it chose,
the sender does not learn which, and the receiver cannot open any other entry.

The construction is Chou and Orlandi's "simplest OT" for 1-out-of-n (T. Chou, C. Orlandi, The
Simplest Protocol for Oblivious Transfer, LATINCRYPT 2015, IACR ePrint 2015/267), in the group
of app.fair.group (the residues of RFC 3526's 2048-bit group 14, generator g = 2), one sender
secret for a series of transfers numbered k = 0, 1, ... as in the paper's batched version:

    sender    secret y;  S = g^y                                  -> setup {point: S}
    receiver  choice c < n; secret x_k per transfer;
              R_k = S^c * g^(x_k)                                 -> choices {points: [R_k]}
    sender    T = S^y; for every j < n: key_j = H(S, R_k, k, j, R_k^y / T^j),
              entry j sent as table[j] XOR key_j                  -> entries {number: k, data}
    receiver  key_c = H(S, R_k, k, c, S^(x_k)): R_k^y / T^c = g^(x_k y) = S^(x_k), so it opens
              entry c and no other.

The sender sees only R_k, g^(x_k) times a power of S: which power does not show (short
exponents, as app.fair.deck's: 256 bits, RFC 3526 section 8). Opening a second entry j' needs
R_k^y / T^(j'), that is T = g^(y^2) from g^y: the Diffie-Hellman problem. H is SHA-256.

Every secret is derived from a 32-byte key by HMAC-SHA256, so once a side shows its key (and a
receiver its choice) the other re-derives every point it was sent (`sender_point`,
`choice_points`) and so checks each choice the receiver made: a receiver cannot have chosen
another entry unseen. (This also settles the caveat of Genç, Iovino and Rial, ePrint 2017/370,
that a malicious receiver's choice cannot be extracted during the protocol.)

Messages, every one from a peer checked (types, sizes, group membership, numbers, replays):

    {"type": "<prefix>-setup",   "seat", "point": hex}
    {"type": "<prefix>-choices", "seat", "points": [hex, ...]}   one per transfer, at once
    {"type": "<prefix>-entries", "seat", "number": k, "data": hex of n * entry_bytes bytes}"""

import hashlib
import hmac
from collections.abc import Sequence

from app.fair.errors import Cheated, ProtocolError
from app.fair.group import ELEMENT_BYTES, G, P, element, to_hex
from app.fair.messages import Message, message_type, require_dict, require_hex, sender

KEY_BYTES = 32
MAX_SIZE = 1 << 16
MAX_TRANSFERS = 64
DOMAIN = b"gemau ot v1"


def derive(key: bytes, label: bytes, number: int = 0) -> int:
    """A 256-bit secret exponent (at least 2) from the key."""
    digest = hmac.new(key, label + number.to_bytes(4, "big"), hashlib.sha256).digest()
    return max(2, int.from_bytes(digest, "big"))


def sender_point(key: bytes) -> int:
    """S = g^y: the setup point the sender of this key sends."""
    return pow(G, derive(key, b"sender"), P)


def choice_points(key: bytes, choice: int, setup: int, transfers: int) -> list[int]:
    """R_k = S^c * g^(x_k) for every transfer: the points the receiver of this key sends."""
    lift = pow(setup, choice, P)
    return [lift * pow(G, derive(key, b"receiver", k), P) % P for k in range(transfers)]


def _pad_hash(setup: int, choice_point: int, number: int) -> "hashlib._Hash":
    head = hashlib.sha256(DOMAIN)
    head.update(setup.to_bytes(ELEMENT_BYTES, "big"))
    head.update(choice_point.to_bytes(ELEMENT_BYTES, "big"))
    head.update(number.to_bytes(4, "big"))
    return head


def _pad(head: "hashlib._Hash", index: int, point: int, width: int) -> int:
    pad = head.copy()
    pad.update(index.to_bytes(4, "big"))
    pad.update(point.to_bytes(ELEMENT_BYTES, "big"))
    return int.from_bytes(pad.digest()[:width], "big")


def _check_shape(size: int, transfers: int, entry_bytes: int) -> None:
    if type(size) is not int or not 2 <= size <= MAX_SIZE:
        raise ValueError(f"a table has 2 to {MAX_SIZE} entries")
    if type(transfers) is not int or not 1 <= transfers <= MAX_TRANSFERS:
        raise ValueError(f"1 to {MAX_TRANSFERS} transfers")
    if type(entry_bytes) is not int or not 1 <= entry_bytes <= 8:
        raise ValueError("an entry is 1 to 8 bytes")


def _check_key(key: object) -> bytes:
    if not isinstance(key, bytes) or len(key) != KEY_BYTES:
        raise ValueError(f"a key is {KEY_BYTES} bytes")
    return key


class OtSender:
    """The side that holds the tables: sends its setup point, takes the receiver's choices, and
    then one masked table per transfer."""

    def __init__(
        self,
        seat: int,
        size: int,
        transfers: int,
        key: bytes,
        prefix: str = "ot",
        entry_bytes: int = 2,
    ):
        _check_shape(size, transfers, entry_bytes)
        self.seat, self.size, self.transfers = seat, size, transfers
        self.prefix, self.entry_bytes = prefix, entry_bytes
        self._y = derive(_check_key(key), b"sender")
        self.point = pow(G, self._y, P)
        self.choices: list[int] | None = None  # the receiver's R_k
        self.sent: set[int] = set()

    def setup(self) -> list[Message]:
        return [{"type": f"{self.prefix}-setup", "seat": self.seat, "point": to_hex(self.point)}]

    def receive(self, message: object) -> list[Message]:
        """The receiver's choices (its only message to the sender)."""
        kind = f"{self.prefix}-choices"
        if message_type(message) != kind:
            raise ProtocolError(f"the sender takes only {kind}")
        checked = require_dict(message, kind, {"points"})
        seat = sender(checked, 2, self.seat)
        if self.choices is not None:
            raise ProtocolError(f"seat {seat} has sent its choices already", seat)
        points = checked["points"]
        if not isinstance(points, list) or len(points) != self.transfers:
            raise ProtocolError(f"seat {seat} sent other than {self.transfers} choices", seat)
        self.choices = [element(point, seat, "a choice") for point in points]
        return []

    def send(self, number: int, table: Sequence[int]) -> list[Message]:
        """Transfer `number`: the whole table masked, entry j under key_j."""
        if self.choices is None:
            raise RuntimeError("the receiver's choices are not in yet")
        if type(number) is not int or not 0 <= number < self.transfers:
            raise ValueError(f"transfer {number!r} is not one of {self.transfers}")
        if len(table) != self.size:
            raise ValueError(f"the table has {self.size} entries")
        limit = 1 << (8 * self.entry_bytes)
        if not all(type(value) is int and 0 <= value < limit for value in table):
            raise ValueError(f"an entry is a whole number below {limit}")
        choice = self.choices[number]
        head = _pad_hash(self.point, choice, number)
        step = pow(pow(self.point, self._y, P), -1, P)  # 1 / T
        point = pow(choice, self._y, P)
        masked = bytearray()
        for index, value in enumerate(table):
            masked += (value ^ _pad(head, index, point, self.entry_bytes)).to_bytes(
                self.entry_bytes, "big"
            )
            point = point * step % P
        self.sent.add(number)
        message = {"type": f"{self.prefix}-entries", "seat": self.seat, "number": number}
        return [{**message, "data": masked.hex()}]


class OtReceiver:
    """The side that chooses: one entry, the same index in every transfer."""

    def __init__(
        self,
        seat: int,
        size: int,
        transfers: int,
        choice: int,
        key: bytes,
        prefix: str = "ot",
        entry_bytes: int = 2,
    ):
        _check_shape(size, transfers, entry_bytes)
        if type(choice) is not int or not 0 <= choice < size:
            raise ValueError("the choice is an index of the table")
        self.seat, self.size, self.transfers, self.choice = seat, size, transfers, choice
        self.prefix, self.entry_bytes = prefix, entry_bytes
        self._key = _check_key(key)
        self.setup: int | None = None  # the sender's S
        self.points: list[int] = []  # this side's R_k
        self.values: dict[int, int] = {}  # transfer -> the entry opened

    def receive(self, message: object) -> list[Message]:
        """The sender's setup (answered with the choices) or one transfer's entries."""
        kind = message_type(message)
        if kind == f"{self.prefix}-setup":
            checked = require_dict(message, kind, {"point"})
            seat = sender(checked, 2, self.seat)
            if self.setup is not None:
                raise ProtocolError(f"seat {seat} has sent its setup already", seat)
            self.setup = element(checked["point"], seat, "a setup point")
            self.points = choice_points(self._key, self.choice, self.setup, self.transfers)
            points = [to_hex(point) for point in self.points]
            return [{"type": f"{self.prefix}-choices", "seat": self.seat, "points": points}]
        if kind == f"{self.prefix}-entries":
            checked = require_dict(message, kind, {"number", "data"})
            seat = sender(checked, 2, self.seat)
            number = checked["number"]
            if self.setup is None:
                raise ProtocolError(f"seat {seat} sent entries before its setup", seat)
            if type(number) is not int or not 0 <= number < self.transfers:
                raise ProtocolError(f"seat {seat} sent entries of no transfer", seat)
            if number in self.values:
                raise ProtocolError(f"seat {seat} sent transfer {number} again", seat)
            data = require_hex(checked["data"], 2 * self.size * self.entry_bytes, "a table")
            self.values[number] = self._open(number, bytes.fromhex(data))
            return []
        raise ProtocolError(f"the receiver takes no {kind[:40]!r}")

    def _open(self, number: int, data: bytes) -> int:
        assert self.setup is not None  # checked by receive
        width = self.entry_bytes
        head = _pad_hash(self.setup, self.points[number], number)
        point = pow(self.setup, derive(self._key, b"receiver", number), P)
        masked = int.from_bytes(data[self.choice * width : (self.choice + 1) * width], "big")
        return masked ^ _pad(head, self.choice, point, width)


def check_sender(seat: int, key: bytes, setup: int) -> None:
    """Once a sender showed its key: Cheated unless its setup point is the one the key gives."""
    if setup != sender_point(key):
        raise Cheated(f"seat {seat}'s setup point is not its key's", seat)


def check_receiver(seat: int, key: bytes, choice: int, setup: int, points: Sequence[int]) -> None:
    """Once a receiver showed its key and choice: Cheated unless every point it sent is the one
    they give with this sender's `setup` (the same choice in every transfer)."""
    if list(points) != choice_points(key, choice, setup, len(points)):
        raise Cheated(f"seat {seat} chose other entries than the one it committed to", seat)
