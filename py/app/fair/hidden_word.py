"""The Wordle duel's word between two devices, known to neither until the duel ends (issue 31,
finding 6). The word is answer number (a + b) mod n of the duel's list (n answers of its
language and length), where a and b are each device's random share, committed at the start
(app.fair.commit) and shown only once the duel is decided.

Each guess's marks come by oblivious transfer (app.fair.ot), both ways: for guess k each
device masks a table of n entries, entry j being the marks of the guess against answer
(j + own share) mod n, and the other device opens entry (its own share) only, which is the
marks against answer (a + b) mod n: each device learns the marks itself, and nothing else.
The caller (which knows the guesses and the answers) gives the table as `entry(k, i)`: the
marks of guess k against answer i, as one number (app.wordle's pattern: below 3^6 = 729).

    both   word-commit {commitment}, word-setup {point}       at the start
    both   word-choices {points}   on the other's setup: one choice per transfer (12 guesses)
    both   word-entries {number, data}   per guess, once it is played
    both   word-reveal {opening}    once the duel is decided: the share and the key of the OT

`check(entry)`, once the other's share is in, re-checks every entry this device opened
against the word and the other's every OT point against its key and share (so it chose its
own share's entry every time): anything that does not hold is the other device's lie (this
device's own part is honest, so it names the other, Cheated). A different table size shows
at once (the entries' length), an opening that contradicts its commitment at the reveal.

What it hides: the word, from both devices' memory and storage, until a share is shown; the
shares are random, so one alone says nothing. What it cannot: a device that reveals and then
goes quiet has shown nothing but its share; the device holding the other share knows the word
then (the reveal comes only once the duel is decided). A device that lies in its table
misleads the other until the end's check names it; its wins are not counted (docs/rules)."""

import secrets
from collections.abc import Callable
from typing import Any

from games.common.commitment import digest
from games.wordle.hidden_duel import is_opening

from app.fair import commit as commitments
from app.fair.errors import Cheated, ProtocolError
from app.fair.group import to_hex
from app.fair.messages import (
    Message,
    RandomBytes,
    message_type,
    require_dict,
    require_hex,
    sender,
)
from app.fair.ot import (
    KEY_BYTES,
    MAX_SIZE,
    OtReceiver,
    OtSender,
    check_receiver,
    check_sender,
)

VERSION = 1
PREFIX = "word"
TRANSFERS = 12  # a duel's guesses: 6 turns each (docs/rules/wordle-tournament.md 3.3)
ENTRY_BYTES = 2
Entry = Callable[[int, int], int]  # (guess number, answer index) -> its marks


class HiddenWord:
    """One device's side of the duel's word."""

    def __init__(self, seat: int, size: int, random_bytes: RandomBytes = secrets.token_bytes):
        if type(seat) is not int or seat not in (0, 1):
            raise ValueError("a duel's seat is 0 or 1")
        if type(size) is not int or not 2 <= size <= MAX_SIZE:
            raise ValueError(f"a word list has 2 to {MAX_SIZE} answers")
        key = random_bytes(KEY_BYTES)
        share = int.from_bytes(random_bytes(32), "big") % size  # bias below 2**-240
        _, opening = commitments.commit(f"{share}:{key.hex()}", random_bytes)
        self._begin(seat, size, opening)

    def _begin(self, seat: int, size: int, opening: dict[str, str]) -> None:
        self.seat, self.peer, self.size = seat, 1 - seat, size
        self.share, key = _opened(opening["value"], size, seat)
        self.opening = opening
        self.commitment = digest(bytes.fromhex(opening["salt"]), opening["value"])
        self.sender = OtSender(seat, size, TRANSFERS, key, PREFIX, ENTRY_BYTES)
        self.receiver = OtReceiver(seat, size, TRANSFERS, self.share, key, PREFIX, ENTRY_BYTES)
        self.peer_commitment: str | None = None
        self.peer_opening: dict[str, str] | None = None
        self.peer_share: int | None = None
        self.revealed = False

    # --- this device's messages --------------------------------------------------------------
    def start(self) -> list[Message]:
        commit = {"type": "word-commit", "seat": self.seat, "commitment": self.commitment}
        return [commit, *self.sender.setup()]

    def table(self, number: int, entry: Entry) -> list[Message]:
        """The masked table of guess `number`: entry j is the marks against answer j + share."""
        if self.revealed:
            raise RuntimeError("no table after this device's share was shown")
        rows = [entry(number, (j + self.share) % self.size) for j in range(self.size)]
        return self.sender.send(number, rows)

    def reveal(self) -> list[Message]:
        """This device's share and key, once the duel is decided (never before)."""
        self.revealed = True
        return [{"type": "word-reveal", "seat": self.seat, "opening": dict(self.opening)}]

    # --- the other device's ------------------------------------------------------------------
    def receive(self, message: object) -> list[Message]:
        """Takes the other device's message; the messages to send in answer. ProtocolError
        refuses it with nothing changed, Cheated names the other device."""
        kind = message_type(message)
        if kind == "word-commit":
            checked = require_dict(message, kind, {"commitment"})
            seat = sender(checked, 2, self.seat)
            if self.peer_commitment is not None:
                raise ProtocolError(f"seat {seat} has committed already", seat)
            self.peer_commitment = require_hex(checked["commitment"], 64, "a commitment")
            return []
        if kind == "word-reveal":
            return self._on_reveal(require_dict(message, kind, {"opening"}))
        if kind == "word-choices":
            if self.peer_commitment is None:
                raise ProtocolError("choices before the commitment", self.peer)
            return self.sender.receive(message)
        if kind in ("word-setup", "word-entries"):
            if self.peer_commitment is None:
                raise ProtocolError(f"{kind} before the commitment", self.peer)
            if kind == "word-entries" and self.peer_share is not None:
                raise ProtocolError("entries after the other's share was shown", self.peer)
            return self.receiver.receive(message)
        raise ProtocolError(f"unknown message type {kind[:40]!r}")

    def _on_reveal(self, message: Message) -> list[Message]:
        seat = sender(message, 2, self.seat)
        if self.peer_commitment is None or self.receiver.setup is None:
            raise ProtocolError(f"seat {seat} revealed before it committed", seat)
        if self.peer_share is not None:
            raise ProtocolError(f"seat {seat} has revealed already", seat)
        try:
            text = commitments.verify(self.peer_commitment, message["opening"])
        except Cheated:
            raise Cheated(f"seat {seat}'s share does not match its commitment", seat) from None
        except ProtocolError as error:
            raise ProtocolError(f"seat {seat}'s opening: {error.reason}", seat) from None
        share, key = _opened(text, self.size, seat)
        check_sender(seat, key, self.receiver.setup)
        if self.sender.choices is not None:
            check_receiver(seat, key, share, self.sender.point, self.sender.choices)
        self.peer_share, self.peer_opening = share, dict(message["opening"])
        return []

    # --- what this device knows ----------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Both ways' choices are in: a table can be sent and one opened."""
        return self.sender.choices is not None and bool(self.receiver.points)

    def value(self, number: int) -> int | None:
        """The entry opened of guess `number`'s table from the other device (its marks)."""
        return self.receiver.values.get(number)

    @property
    def index(self) -> int | None:
        """The word's index in the answers, once the other's share is in."""
        if self.peer_share is None:
            return None
        return (self.share + self.peer_share) % self.size

    def check(self, entry: Entry) -> int:
        """Every entry opened, against the word: the word's index; Cheated (the other device)
        for an entry that is not its marks."""
        index = self.index
        if index is None:
            raise RuntimeError("the other device's share is not in")
        for number, value in sorted(self.receiver.values.items()):
            if value != entry(number, index):
                raise Cheated(
                    f"seat {self.peer}'s table gave guess {number} marks the word does not give",
                    self.peer,
                )
        return index

    # --- saving -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """This device's side as JSON: its own share (which alone says nothing of the word), what
        the other sent, and the entries opened; the other's share only once it was shown."""
        setup = self.receiver.setup
        return {
            "version": VERSION,
            "seat": self.seat,
            "size": self.size,
            "opening": dict(self.opening),
            "revealed": self.revealed,
            "peer_commitment": self.peer_commitment,
            "peer_setup": to_hex(setup) if setup is not None else None,
            "peer_choices": [to_hex(x) for x in self.sender.choices or []],
            "values": [[k, v] for k, v in sorted(self.receiver.values.items())],
            "peer_opening": self.peer_opening,
        }

    @classmethod
    def from_json(cls, data: Any) -> "HiddenWord":
        """This device's side from its own save, every part checked as a peer's message would
        be; ProtocolError if the save is not one."""
        try:
            if data["version"] != VERSION:
                raise ProtocolError("not a saved duel word of this version")
            seat, size, opening = data["seat"], data["size"], data["opening"]
            if type(seat) is not int or seat not in (0, 1) or type(size) is not int:
                raise ProtocolError("a saved duel word's seat or size")
            if not 2 <= size <= MAX_SIZE or set(opening) != {"salt", "value"}:
                raise ProtocolError("a saved duel word's size or opening")
            require_hex(opening["salt"], 64, "a salt")
            word = cls.__new__(cls)
            word._begin(seat, size, dict(opening))
            word.revealed = data["revealed"] is True
            peer = {"seat": 1 - seat}
            if data["peer_commitment"] is not None:
                word.receive({**peer, "type": "word-commit", "commitment": data["peer_commitment"]})
            if data["peer_setup"] is not None:
                word.receive({**peer, "type": "word-setup", "point": data["peer_setup"]})
            if data["peer_choices"]:
                word.receive({**peer, "type": "word-choices", "points": data["peer_choices"]})
            for number, value in data["values"]:
                if type(number) is not int or not 0 <= number < TRANSFERS or type(value) is not int:
                    raise ProtocolError("a saved entry")
                word.receiver.values[number] = value
            if data["peer_opening"] is not None:
                word.receive({**peer, "type": "word-reveal", "opening": data["peer_opening"]})
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ProtocolError(f"unreadable saved duel word: {error}") from None
        return word


def _opened(text: object, size: int, seat: int | None) -> tuple[int, bytes]:
    """The share and key an opening's text holds, "share:key" (games.wordle.hidden_duel reads
    the same text); Cheated if it holds anything else, or a share outside the list (a
    different table size)."""
    if not is_opening(text):
        raise Cheated(f"seat {seat} committed to something other than a share and a key", seat)
    assert isinstance(text, str)  # is_opening said so
    share, key = text.split(":")
    if not int(share) < size:
        raise Cheated(f"seat {seat}'s share is not an index of the {size} answers", seat)
    return int(share), bytes.fromhex(key)
