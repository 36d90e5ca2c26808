"""The Dominoes deal between devices with no referee: app.fair.deck run hand by hand
beside the public engine (games.dominoes.public), as the game's own sub-protocol.

Each device runs one DeckPeer for every seat it plays: its person's, and on the host its
computers' (their hands are then the host device's to hold: a guest trusts the host not
to look, as it trusts any computer the host runs). A deck message one of them sends is
handed to the other seats of this device at once and broadcast; a message from another
device goes to every seat of this one. Then, for each hand (docs/rules/dominoes.md 11):

    the public state starts the hand   seat 0's device shuffles; every seat shuffles in
                                       turn; the deal gives 7 cards a seat, each readable
                                       by its seat alone
    a seat plays "draw"                its device asks the deck for the next card, which
                                       only it can read (checked: the public history
                                       shows that seat's draw, not yet served)
    the hands are shown ("check")      every device reveals its seats' keys; with every
                                       key in, deck.verify() checks each step and
                                       private.verify_hand each claim of the hand; a
                                       failure raises Cheated naming the seat; otherwise
                                       this device's seats may play "check", and the
                                       hand's deal is kept (`deals`: from them
                                       games.dominoes.dealt replays the game face up)

Messages (type prefix "deal"):
    deal-deck {hand, n, deck}   deck: an app.fair.deck message of seat deck["seat"]; n:
                                how many of that seat's deck messages of this hand came
                                before it, so one sent again is known and skipped
    deal-ask {hand, have}       after a lost connection: have {seat: count} says what this
                                device has taken from each other device's seat; the
                                answer is every later deal-deck of the asked device's seats

Untrusted input raises ProtocolError (refused, nothing changed) or Cheated (proof of
dishonesty), as app.fair's peers do, for the transport (app.remote.match's extend, or
the relay of a larger table) to report."""

import secrets
from collections.abc import Iterable
from typing import Any

from games.dominoes.private import PrivateHand, describe, verify_hand
from games.dominoes.public import CHECK, HAND_SIZE, PLAY, REVEAL, PublicState
from games.dominoes.tiles import SET, Tile

from app.fair.deck import SEATS, DeckPeer, RandBelow
from app.fair.errors import Cheated, ProtocolError
from app.fair.messages import check_seats, message_type

VERSION = 1
PREFIX = "deal"
DECK, ASK = "deal-deck", "deal-ask"


class DealSession:
    """This device's seats' side of every hand's deck, and their private hands."""

    def __init__(self, seats: int, local: Iterable[int], randbelow: RandBelow = secrets.randbelow):
        self.seats = seats
        self.local = sorted(set(local))
        for seat in self.local:
            check_seats(seat, seats, SEATS)
        if not self.local or len(self.local) == seats:
            raise ValueError("a device plays some of the seats, not none nor all")
        self.remote = [seat for seat in range(seats) if seat not in self.local]
        self._randbelow = randbelow
        self.hand_number: int | None = None  # the hand the decks below deal
        self.decks: dict[int, DeckPeer] = {}  # per seat of this device
        self.hands: dict[int, PrivateHand] = {}
        self.taken: dict[int, int] = {}  # per other device's seat: its deck messages taken
        self.sent: list[dict[str, Any]] = []  # this hand's deck messages of this device
        self.keys_out = False
        self.verified = False
        self.deals: list[dict[str, Any]] = []  # each checked hand's deal: {"hands", "draws"}

    # --- what the device does next ---------------------------------------------------

    def update(self, public: PublicState) -> list[dict[str, Any]]:
        """Catch up with the public state after any move: a new hand's deck (seat 0's
        device shuffles first), the card of this device's seat's draw, its keys once the
        hands are shown. The messages to broadcast."""
        if public.is_over:
            return []
        out: list[dict[str, Any]] = []
        if public.hand_number != self.hand_number:
            out += self._begin(public.hand_number)
        if public.phase in (PLAY, REVEAL):
            out += self._serve_draw(public)
        elif public.phase == CHECK and not self.keys_out:
            self.keys_out = True
            keys = [m for seat in self.local for m in self.decks[seat].reveal_key()]
            out += self._spread(None, keys)
        return out

    def ready(self, public: PublicState, seat: int | None) -> bool:
        """Whether this device's seat to move can make its move now: its tiles have come
        (the deal, its last draw) and, in the check phase, the hand has been verified."""
        if seat not in self.local or public.current_player != seat:
            return False
        if public.hand_number != self.hand_number or self.decks[seat].busy:
            return False
        if self._unserved(public):
            return False
        return self.verified if public.phase == CHECK else True

    def may_hold_up(self, public: PublicState) -> bool:
        """Whether the public position shows the deal may hold its seat to move up: a hand
        being dealt, that seat's draw, the hands' check (their keys)."""
        seat, history = public.current_player, public.history
        if public.is_over or seat is None:
            return False
        dealing = not history or history[-1] == {"type": "draw", "seat": seat}
        return public.phase == CHECK or (public.phase == PLAY and dealing)

    def under_way(self, public: PublicState) -> bool:
        """Whether the deal still holds the seat to move up, by a step no seat of this device
        has taken yet: the hand's shuffle and deal, that seat's draw, a key. (A card's
        last layer is its own seat's to remove, needing nobody.)"""
        if not self.may_hold_up(public):
            return False
        if public.hand_number != self.hand_number:
            return True
        decks = self.decks.values()
        if public.phase == CHECK:
            return any(len(deck.keys) < self.seats for deck in decks)
        return any(deck.busy for deck in decks) or self._unserved(public)

    def awaited(self, public: PublicState) -> list[int]:
        """The seats whose step the deal under way waits for, in this device's order (seat
        order): a hand not begun here waits for seat 0's shuffle; the hand's shuffle or
        deal, a draw's card (the drawer first asks for it), the keys of the check."""
        if not self.under_way(public):
            return []
        if public.hand_number != self.hand_number:
            return [0]
        deck = self.decks[self.local[0]]  # (every seat of this device takes every step)
        if public.phase == CHECK:
            return [seat for seat in range(self.seats) if seat not in deck.keys]
        if deck.busy:
            return sorted(deck.awaited())
        drawers = [event["seat"] for event in public.history if event["type"] == "draw"]
        return [drawers[self._served()]]

    def due_move(self, public: PublicState) -> dict[str, Any] | None:
        """The move this device must play now for its seat to move, when it is no choice:
        the reveal of its hand, or "check" once the hand has been verified."""
        seat = public.current_player
        if seat is None or public.phase not in (REVEAL, CHECK) or not self.ready(public, seat):
            return None
        if public.phase == CHECK:
            return {"type": "check"}
        return self.hands[seat].legal_plays(public)[0]

    def view_for(self, public: PublicState, seat: int) -> dict[str, Any]:
        """The seat's private view (PrivateHand.view_for): its page's, its computer's."""
        if seat not in self.local or public.hand_number != self.hand_number:
            raise ValueError(f"seat {seat}'s hand is not here")
        return self.hands[seat].view_for(public)

    def drawn_tile(self, public: PublicState, seat: int) -> Tile | None:
        """The tile of `seat`'s draw when the hand's last move was that draw, once this
        device's deck has read its card: the n-th draw of a hand is the n-th card after the
        deal (None: not that draw, another device's seat, or its card still coming)."""
        history = public.history
        deck = self.decks.get(seat)
        if deck is None or public.hand_number != self.hand_number:
            return None
        if not history or history[-1] != {"type": "draw", "seat": seat}:
            return None
        draw = sum(1 for event in history if event["type"] == "draw") - 1
        index = deck.hand.get(HAND_SIZE * self.seats + draw, -1)
        return SET[index] if index >= 0 else None

    def ask(self) -> list[dict[str, Any]]:
        """After a lost connection: ask the other devices for what did not arrive."""
        if self.hand_number is None:
            return []
        have = {str(seat): count for seat, count in self.taken.items()}
        return [{"type": ASK, "hand": self.hand_number, "have": have}]

    # --- messages from other devices -------------------------------------------------

    def receive(self, public: PublicState, message: dict[str, Any]) -> list[dict[str, Any]]:
        """Another device's deal message; the messages to broadcast in answer. Call
        update() first (and send what it gives): a refused message raises, and what the
        device had to send anyway must not go with it."""
        if public.hand_number != self.hand_number:
            raise ProtocolError("a deal message before this device caught up with the game")
        kind = message_type(message)
        if kind == ASK:
            return self._answer(message)
        if kind != DECK:
            raise ProtocolError(f"unknown deal message {kind[:40]!r}")
        if set(message) != {"type", "hand", "n", "deck"}:
            raise ProtocolError("a deal-deck message is {type, hand, n, deck}")
        hand, n, deck = message["hand"], message["n"], message["deck"]
        if type(hand) is not int or type(n) is not int or n < 0 or not isinstance(deck, dict):
            raise ProtocolError("a deal-deck message's hand and n are numbers, deck an object")
        if hand < public.hand_number:
            return []  # an earlier hand's message sent again
        if hand != public.hand_number:
            raise ProtocolError(f"a deal message of hand {hand + 1}, not begun here")
        seat = deck.get("seat")
        if seat not in self.remote:
            raise ProtocolError("a deck message of a seat this device does not hear from")
        if n < self.taken[seat]:
            return []  # sent again
        if n > self.taken[seat]:
            raise ProtocolError(
                f"seat {seat}'s deal messages {self.taken[seat]} to {n - 1} are missing"
            )
        self._check_timing(public, deck)
        out = self._spread(deck, [])
        self.taken[seat] += 1
        if deck["type"] == "deck-key":
            self._verify_when_ready(public)
        return out

    def _check_timing(self, public: PublicState, deck: dict[str, Any]) -> None:
        """A draw only for the public draw it serves; keys only once the hands are shown."""
        if deck.get("type") == "deck-draw":
            if self.decks[self.local[0]].busy:
                raise ProtocolError(f"seat {deck['seat']} asked for a card during a deal")
            draws = [e["seat"] for e in public.history if e["type"] == "draw"]
            served = self._served()
            if served >= len(draws):
                raise ProtocolError(f"seat {deck['seat']} asked for a card before drawing")
            if draws[served] != deck["seat"]:
                raise Cheated(
                    f"seat {deck['seat']} asked for the card of seat {draws[served]}'s draw",
                    deck["seat"],
                )
        if deck.get("type") == "deck-key" and public.phase != CHECK:
            raise ProtocolError(f"seat {deck['seat']} revealed its key before the hands were shown")

    def _verify_when_ready(self, public: PublicState) -> None:
        if self.verified or any(len(deck.keys) < self.seats for deck in self.decks.values()):
            return
        record = self.decks[self.local[0]].verify()  # Cheated names a seat with a bad step
        problems = verify_hand(public, public.revealed, record)
        if problems:
            raise Cheated(describe(problems[0], public.hand_number), problems[0]["seat"])
        self.verified = True
        dealt = HAND_SIZE * self.seats
        tiles = [list(record[card][0]) for card in range(len(record))]
        hands = [tiles[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(self.seats)]
        self.deals.append({"hands": hands, "draws": tiles[dealt:]})

    def _answer(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        if set(message) != {"type", "hand", "have"} or type(message["hand"]) is not int:
            raise ProtocolError("a deal-ask message is {type, hand, have}")
        have = message["have"]
        if not isinstance(have, dict) or not all(type(v) is int for v in have.values()):
            raise ProtocolError("a deal-ask's have counts messages per seat")
        if self.hand_number is None or message["hand"] > self.hand_number:
            return []
        if message["hand"] < self.hand_number:
            return list(self.sent)  # the asker is a hand behind: all of this one
        return [m for m in self.sent if m["n"] >= have.get(str(m["deck"]["seat"]), 0)]

    # --- the parts -------------------------------------------------------------------------

    def _begin(self, hand_number: int) -> list[dict[str, Any]]:
        if self.hand_number is not None and not self.verified:
            raise ProtocolError(f"hand {self.hand_number + 1} ended here without its check")
        self.hand_number = hand_number
        self.decks = {seat: DeckPeer(seat, self.seats, self._randbelow) for seat in self.local}
        self.hands = {seat: PrivateHand(seat, hand_number) for seat in self.local}
        self.taken = dict.fromkeys(self.remote, 0)
        self.sent, self.keys_out, self.verified = [], False, False
        return self._spread(None, self.decks[0].start()) if 0 in self.decks else []

    def _served(self) -> int:
        """Draws the deck has dealt (or is dealing) this hand."""
        return max(0, self.decks[self.local[0]].next_card - HAND_SIZE * self.seats)

    def _unserved(self, public: PublicState) -> bool:
        return self._served() < sum(1 for event in public.history if event["type"] == "draw")

    def _serve_draw(self, public: PublicState) -> list[dict[str, Any]]:
        """Ask the deck for the card of this device's seat's public draw, when due."""
        deck = self.decks[self.local[0]]
        if not self._unserved(public) or deck.busy:
            return []
        seat = [e["seat"] for e in public.history if e["type"] == "draw"][self._served()]
        return self._spread(None, self.decks[seat].request_draw()) if seat in self.decks else []

    def _spread(
        self, incoming: dict[str, Any] | None, own: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Hands a message from another device to every seat here, and each message of a
        seat here to the other seats here, in one order; the seats' messages, wrapped to
        broadcast. Own messages come from a peer that has applied them already."""
        queue = [(message, True) for message in own]
        if incoming is not None:
            queue.insert(0, (incoming, False))
        out = []
        while queue:
            message, mine = queue.pop(0)
            if mine:
                out.append(self._wrap(message))
            for seat, deck in self.decks.items():
                if seat != message["seat"]:
                    queue.extend((answer, True) for answer in self._fed(deck, message))
        for seat, hand in self.hands.items():
            hand.receive(self.decks[seat].tiles)
        return out

    def _fed(self, deck: DeckPeer, message: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            return deck.receive(message)
        except Cheated as error:
            if error.seat is not None:
                raise
            # A card of this seat did not decrypt: the seats that unlocked it are to blame.
            cards = [card for card, tile in deck.hand.items() if tile < 0]
            blamed = sorted({s for c in cards for s, _ in deck.chains[c]} - set(self.local))
            raise Cheated(error.reason, blamed[0] if len(blamed) == 1 else None) from None

    def _wrap(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.hand_number is not None
        n = sum(m["deck"]["seat"] == message["seat"] for m in self.sent)
        wrapped = {"type": DECK, "hand": self.hand_number, "n": n, "deck": message}
        self.sent.append(wrapped)
        return wrapped

    # --- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "kind": "dominoes-deal",
            "seats": self.seats,
            "local": list(self.local),
            "hand_number": self.hand_number,
            "decks": {str(seat): deck.to_json() for seat, deck in self.decks.items()},
            "hands": {str(seat): hand.to_json() for seat, hand in self.hands.items()},
            "taken": {str(seat): count for seat, count in self.taken.items()},
            "sent": [dict(m) for m in self.sent],
            "keys_out": self.keys_out,
            "verified": self.verified,
            "deals": [dict(deal) for deal in self.deals],
        }

    @classmethod
    def from_json(cls, data: Any, randbelow: RandBelow = secrets.randbelow) -> "DealSession":
        """A session from its own save; ProtocolError if the save is not one."""
        try:
            if data["version"] != VERSION or data["kind"] != "dominoes-deal":
                raise ProtocolError("not a saved Dominoes deal of this version")
            session = cls(data["seats"], data["local"], randbelow)
            hand = data["hand_number"]
            if hand is not None and (type(hand) is not int or hand < 0):
                raise ProtocolError("a saved deal's hand is a number")
            session.hand_number = hand
            session.decks = {
                int(s): DeckPeer.from_json(deck, randbelow) for s, deck in data["decks"].items()
            }
            session.hands = {int(s): PrivateHand.from_json(h) for s, h in data["hands"].items()}
            session.taken = {int(s): int(count) for s, count in data["taken"].items()}
            session.sent = [dict(m) for m in data["sent"]]
            session.keys_out, session.verified = bool(data["keys_out"]), bool(data["verified"])
            session.deals = [{"hands": d["hands"], "draws": d["draws"]} for d in data["deals"]]
            expected = set(session.local) if hand is not None else set()
            if set(session.decks) != expected or set(session.hands) != expected:
                raise ProtocolError("a saved deal has a deck and a hand for each seat here")
            if hand is not None and set(session.taken) != set(session.remote):
                raise ProtocolError("a saved deal counts each other seat's messages")
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ProtocolError(f"unreadable saved deal: {error}") from None
        return session
