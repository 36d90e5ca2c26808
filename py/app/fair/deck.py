"""Mental poker for the 28 Dominoes tiles (SRA / Pohlig-Hellman commutative encryption), so no
device ever learns a tile it may not see and every step is checked once the keys are revealed.

The group is the quadratic residues modulo the RFC 3526 2048-bit MODP prime p = 2q + 1 (q prime).
Tile k is encoded as (k + 2)**2 mod p, so every card is a residue and the Legendre symbol tells
nothing; incoming cards that are not residues are refused. A peer's key is an exponent e (256
random bits: encryption is cheap) with d = e**-1 mod q; encryption is m**e mod p.

1. Shuffle: seat 0 encrypts the 28 encoded tiles and shuffles them, then seat 1 encrypts and
   shuffles seat 0's list, and so on; the last list is the deck.
2. Deal and draws: card i of the deck goes to seat s by the other seats removing their layers in
   the order s+1, s+2, ... (around the table), each broadcasting its partial decryption; s never
   broadcasts its own, it looks the last value up in its table of tile**e_s. The deal gives cards
   0..7n-1 (7 a seat, dominoes.md 3.2), card i to seat i // 7; a draw takes the next card. In the
   deal every seat works in every round at once, so the rounds run in parallel on the devices.
3. At the end every seat reveals e; verify() re-encrypts the tiles through every seat's key and
   checks each shuffle output and each partial decryption (v**e_t == the card it came from),
   naming the first seat whose step does not match."""

import secrets
from collections.abc import Callable
from typing import Any

from games.dominoes.tiles import SET

from app.fair.errors import Cheated, ProtocolError
from app.fair.group import HEX_DIGITS, P, Q, element, to_hex
from app.fair.messages import (
    Message,
    check_seats,
    message_type,
    require_dict,
    require_hex,
    sender,
)

VERSION = 1
TILES = len(SET)
HAND = 7
SEATS = range(2, 5)  # Dominoes: 2 to 4 players (the deal's limit is the game's)
KEY_BITS = 256
ENCODED = [(k + 2) ** 2 for k in range(TILES)]
RandBelow = Callable[[int], int]  # secrets.randbelow, or a test's own


def card_value(text: object, seat: int) -> int:
    """A card from a message: canonical hex of a residue 1 < x < p - 1."""
    return element(text, seat, "a card")


def card_list(texts: object, length: int, seat: int) -> list[int]:
    if not isinstance(texts, list) or len(texts) != length:
        raise ProtocolError(f"seat {seat} sent {length} cards expected, not that", seat)
    values = [card_value(text, seat) for text in texts]
    if len(set(values)) != length:
        raise Cheated(f"seat {seat} sent the same card twice", seat)
    return values


class DeckPeer:
    """One seat's side of the shuffle, the deal, the draws and the final check."""

    def __init__(self, seat: int, seats: int, randbelow: RandBelow = secrets.randbelow):
        check_seats(seat, seats, SEATS)
        self.seat, self.seats = seat, seats
        self.e = 2 + randbelow(2**KEY_BITS)
        self._randbelow = randbelow
        self.stages: list[list[int]] = []  # stage k: seat k's encrypted, shuffled list
        self.chains: dict[int, list[tuple[int, int]]] = {}  # card -> [(seat, partial)] so far
        self.owners: dict[int, int] = {}  # card -> the seat it is dealt to
        self.batch: list[int] = []  # the cards being dealt or drawn now
        self.next_card = 0
        self.hand: dict[int, int] = {}  # own card -> tile index
        self.keys: dict[int, int] = {}  # revealed e of each seat
        self._table: dict[int, int] | None = None

    # The messages this peer starts.

    def start(self) -> list[Message]:
        """Seat 0's first shuffle; other seats shuffle when their turn's list arrives."""
        if self.seat != 0 or self.stages:
            return []
        return self._shuffle(ENCODED)

    def request_draw(self) -> list[Message]:
        """This seat draws the next boneyard card (the game decides when it may)."""
        self._check_can_draw(self.seat)
        message = {"type": "deck-draw", "seat": self.seat, "card": self.next_card}
        return [message, *self._begin_batch({self.next_card: self.seat})]

    def reveal_key(self) -> list[Message]:
        """At the game's end: this seat's key, for everyone's verify(). No draws after it."""
        self.keys[self.seat] = self.e
        return [{"type": "deck-key", "seat": self.seat, "e": to_hex(self.e)}]

    # Incoming messages.

    def receive(self, message: object) -> list[Message]:
        """Takes another seat's message; returns the messages to broadcast in answer. A refused
        message (ProtocolError) changes nothing. Cheated without a seat means an own card did
        not decrypt to a new tile: the hand cannot go on, the keys should be revealed and
        verify() names the seat (this peer's own answers to the message are then not given)."""
        kind = message_type(message)
        handlers = {
            "deck-shuffle": ({"cards"}, self._on_shuffle),
            "deck-unlock": ({"cards", "values"}, self._on_unlock),
            "deck-draw": ({"card"}, self._on_draw),
            "deck-key": ({"e"}, self._on_key),
        }
        if kind not in handlers:
            raise ProtocolError(f"unknown message type {kind[:40]!r}")
        fields, handler = handlers[kind]
        checked = require_dict(message, kind, fields)
        return handler(sender(checked, self.seats, self.seat), checked)

    def _on_shuffle(self, seat: int, message: Message) -> list[Message]:
        if seat != len(self.stages):
            raise ProtocolError(f"seat {seat} shuffled out of turn", seat)
        self.stages.append(card_list(message["cards"], TILES, seat))
        if len(self.stages) == self.seat:
            return self._shuffle(self.stages[-1])
        if len(self.stages) == self.seats:
            return self._begin_deal()
        return []

    def _on_unlock(self, seat: int, message: Message) -> list[Message]:
        cards = message["cards"]
        if not isinstance(cards, list) or not cards or len(set(map(repr, cards))) != len(cards):
            raise ProtocolError(f"seat {seat}'s unlock names no cards or a card twice", seat)
        for card in cards:
            if type(card) is not int or card not in self.batch or self._next_in_chain(card) != seat:
                raise ProtocolError(f"seat {seat} unlocked a card out of turn", seat)
        values = card_list(message["values"], len(cards), seat)
        for card, value in zip(cards, values, strict=True):
            self.chains[card].append((seat, value))
        return self._work()

    def _on_draw(self, seat: int, message: Message) -> list[Message]:
        self._check_can_draw(seat)
        if type(message["card"]) is not int or message["card"] != self.next_card:
            raise ProtocolError(f"seat {seat} asked to draw card {message['card']!r}", seat)
        return self._begin_batch({self.next_card: seat})

    def _on_key(self, seat: int, message: Message) -> list[Message]:
        if seat in self.keys:
            raise ProtocolError(f"seat {seat} has revealed its key already", seat)
        e = int(require_hex(message["e"], HEX_DIGITS, "a key"), 16)
        if not 1 < e < Q:
            raise Cheated(f"seat {seat}'s key is not an exponent of the group", seat)
        self.keys[seat] = e
        return []

    # The work of this seat.

    def _shuffle(self, cards: list[int]) -> list[Message]:
        encrypted = [pow(card, self.e, P) for card in cards]
        for i in range(len(encrypted) - 1, 0, -1):  # Fisher-Yates
            j = self._randbelow(i + 1)
            encrypted[i], encrypted[j] = encrypted[j], encrypted[i]
        self.stages.append(encrypted)
        message = {"type": "deck-shuffle", "seat": self.seat, "cards": list(map(to_hex, encrypted))}
        if len(self.stages) == self.seats:
            return [message, *self._begin_deal()]
        return [message]

    def _begin_deal(self) -> list[Message]:
        dealt = {card: card // HAND for card in range(HAND * self.seats)}
        return self._begin_batch(dealt)

    def _begin_batch(self, owners: dict[int, int]) -> list[Message]:
        self.owners.update(owners)
        self.batch = sorted(owners)
        self.next_card = max(self.next_card, self.batch[-1] + 1)
        for card in self.batch:
            self.chains[card] = []
        return self._work()

    def _next_in_chain(self, card: int) -> int | None:
        """The seat to remove the next layer of the card: owner + 1, owner + 2, ..., or None
        once every other seat has."""
        done = len(self.chains[card])
        if done == self.seats - 1:
            return None
        return (self.owners[card] + 1 + done) % self.seats

    def _work(self) -> list[Message]:
        """This seat's partial decryptions of every card now waiting for it, then its own
        cards of the batch once they are free of every other layer."""
        mine = [card for card in self.batch if self._next_in_chain(card) == self.seat]
        out: list[Message] = []
        if mine:
            d = pow(self.e, -1, Q)
            values = [pow(self._current(card), d, P) for card in mine]
            for card, value in zip(mine, values, strict=True):
                self.chains[card].append((self.seat, value))
            out.append(
                {
                    "type": "deck-unlock",
                    "seat": self.seat,
                    "cards": mine,
                    "values": list(map(to_hex, values)),
                }
            )
        unreadable = [
            card
            for card in self.batch
            if self.owners[card] == self.seat
            and card not in self.hand
            and self._next_in_chain(card) is None
            and not self._take(card)
        ]
        if unreadable:
            blamed = sorted({seat for card in unreadable for seat, _ in self.chains[card]})
            raise Cheated(
                f"card(s) {unreadable} did not decrypt to a new tile: one of seats {blamed} gave "
                "a wrong partial decryption (verify() names it once the keys are revealed)"
            )
        return out

    def _current(self, card: int) -> int:
        chain = self.chains[card]
        return chain[-1][1] if chain else self.stages[-1][card]

    def _take(self, card: int) -> bool:
        """Reads an own card free of every other layer; False if it is no tile or a tile this
        seat holds already (it is kept as unreadable, -1: the game must stop)."""
        if self._table is None:
            self._table = {pow(m, self.e, P): k for k, m in enumerate(ENCODED)}
        tile = self._table.get(self._current(card))
        if tile is None or tile in self.hand.values():
            self.hand[card] = -1
            return False
        self.hand[card] = tile
        return True

    def _check_can_draw(self, seat: int) -> None:
        if len(self.stages) < self.seats:
            raise ProtocolError(f"seat {seat} asked to draw before the shuffle ended", seat)
        if any(self._next_in_chain(card) is not None for card in self.batch):
            raise ProtocolError(f"seat {seat} asked to draw while tiles were being dealt", seat)
        if self.keys:
            raise ProtocolError(f"seat {seat} asked to draw after keys were revealed", seat)
        if self.next_card >= TILES:
            raise ProtocolError(f"seat {seat} asked to draw from an empty boneyard", seat)

    # What this seat knows.

    @property
    def tiles(self) -> list[tuple[int, int]]:
        """This seat's tiles, in the order dealt and drawn."""
        return [SET[self.hand[card]] for card in sorted(self.hand) if self.hand[card] >= 0]

    @property
    def boneyard_left(self) -> int:
        return TILES - self.next_card if len(self.stages) == self.seats else 0

    @property
    def busy(self) -> bool:
        """Whether a shuffle, deal or draw is still under way."""
        if len(self.stages) < self.seats:
            return True
        return any(self._next_in_chain(card) is not None for card in self.batch)

    def awaited(self) -> set[int]:
        """The seats whose step the shuffle, deal or draw under way waits for: the next to
        shuffle, else the next in each card's chain (none once every card is free)."""
        if len(self.stages) < self.seats:
            return {len(self.stages)}
        chained = (self._next_in_chain(card) for card in self.batch)
        return {seat for seat in chained if seat is not None}

    def verify(self) -> dict[int, tuple[tuple[int, int], int | None]]:
        """Once every key is in: checks every shuffle and partial decryption and returns
        {card: (tile, owner or None)} for the whole deck; raises Cheated naming the seat."""
        if len(self.keys) < self.seats or len(self.stages) < self.seats:
            raise ProtocolError("verify needs the whole shuffle and every seat's key")
        forward = ENCODED
        for seat in range(self.seats):
            forward = [pow(m, self.keys[seat], P) for m in forward]
            if set(forward) != set(self.stages[seat]):
                raise Cheated(
                    f"seat {seat}'s shuffle output is not its key's encryption of its input", seat
                )
        tile_of = {value: k for k, value in enumerate(forward)}
        for card, chain in sorted(self.chains.items()):
            before = self.stages[-1][card]
            for seat, value in chain:
                if pow(value, self.keys[seat], P) != before:
                    raise Cheated(
                        f"seat {seat} gave a wrong partial decryption of card {card}", seat
                    )
                before = value
        return {
            card: (SET[tile_of[value]], self.owners.get(card))
            for card, value in enumerate(self.stages[-1])
        }

    # Saving and resuming.

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "kind": "deck",
            "seat": self.seat,
            "seats": self.seats,
            "e": to_hex(self.e),
            "stages": [list(map(to_hex, stage)) for stage in self.stages],
            "chains": {
                str(card): [[seat, to_hex(value)] for seat, value in chain]
                for card, chain in self.chains.items()
            },
            "owners": {str(card): seat for card, seat in self.owners.items()},
            "batch": list(self.batch),
            "next_card": self.next_card,
            "hand": {str(card): tile for card, tile in self.hand.items()},
            "keys": {str(seat): to_hex(e) for seat, e in self.keys.items()},
        }

    @classmethod
    def from_json(cls, data: Any, randbelow: RandBelow = secrets.randbelow) -> "DeckPeer":
        """A peer from its own saved state; ProtocolError if the save is not one."""
        try:
            if data["version"] != VERSION or data["kind"] != "deck":
                raise ProtocolError("not a saved deck of this version")
            peer = cls(data["seat"], data["seats"], randbelow)
            peer.e = int(data["e"], 16)
            peer.stages = [[int(x, 16) for x in stage] for stage in data["stages"]]
            peer.chains = {
                int(card): [(int(seat), int(value, 16)) for seat, value in chain]
                for card, chain in data["chains"].items()
            }
            peer.owners = {int(card): int(seat) for card, seat in data["owners"].items()}
            peer.batch = [int(card) for card in data["batch"]]
            peer.next_card = int(data["next_card"])
            peer.hand = {int(card): int(tile) for card, tile in data["hand"].items()}
            peer.keys = {int(seat): int(e, 16) for seat, e in data["keys"].items()}
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ProtocolError(f"unreadable saved deck: {error}") from None
        return peer
