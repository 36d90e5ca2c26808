"""Positions of the public engine (games.dominoes.public) and honest games dealt from
explicit hands, with the ordinary engine (games.dominoes.dealt) given the same deals."""

from typing import Any

from games.common.rng import SeededRng
from games.dominoes import parse_layout
from games.dominoes.dealt import dealt_game
from games.dominoes.private import PrivateHand
from games.dominoes.public import HAND_SIZE, PublicState, new_game
from games.dominoes.public_notation import parse_move
from games.dominoes.table import Table
from games.dominoes.tiles import SET, parse


def tiles(text: str) -> list:
    return [parse(t) for t in text.split()]


def public_state(layout="-", sizes=(7, 7), boneyard=None, current=0, scores=None, **table):
    """A public state in the middle of a hand: the layout in notation, each hand's size,
    and the boneyard holding every other tile unless given."""
    state = PublicState(Table(len(sizes), **table))
    state.layout = parse_layout(layout)
    state.hand_sizes = list(sizes)
    on_table = len(state.layout.tiles())
    state.boneyard = len(SET) - on_table - sum(sizes) if boneyard is None else boneyard
    state.current = state.leader = current
    if scores is not None:
        state.scores = list(scores)
    return state


def shuffled_deal(seats: int, rng) -> tuple[list, list]:
    """(hands, draws): 7 tiles a seat in the order dealt, the rest in the order drawn."""
    order = list(SET)
    rng.shuffle(order)
    cut = HAND_SIZE * seats
    return [order[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(seats)], order[cut:]


def deal_record(hands, draws, drawers=()) -> dict:
    """The deck's record (app.fair.deck.DeckPeer.verify's shape) of a deal whose first
    boneyard cards were drawn by `drawers`, in order."""
    cards = [t for hand in hands for t in hand] + list(draws)
    owners = [c // HAND_SIZE for c in range(HAND_SIZE * len(hands))] + list(drawers)
    return {c: (t, owners[c] if c < len(owners) else None) for c, t in enumerate(cards)}


class HonestTable:
    """One device per seat, each holding only its own hand, every one playing honestly
    (a random choice among its legal plays); the ordinary engine dealt the same hands
    plays the same moves in step, for the tests to compare after every one."""

    def __init__(self, options: dict, seed: int, hands_to_deal: int = 40):
        rng = SeededRng(seed)
        self.public = new_game(options, seed)
        seats = self.public.table.seats
        self.deals = [shuffled_deal(seats, rng) for _ in range(hands_to_deal)]
        self.ordinary: Any = dealt_game(options, seed, self.deals)
        self.rng = rng.fork("moves")
        self.drawers: list[int] = []  # who drew each boneyard tile of the hand, in order
        self.private = self._hands()

    def _hands(self) -> list:
        hands, _ = self.deals[self.public.hand_number]
        number = self.public.hand_number
        return [PrivateHand(seat, number, hand) for seat, hand in enumerate(hands)]

    @property
    def record(self) -> dict:
        hands, draws = self.deals[self.public.hand_number]
        return deal_record(hands, draws, self.drawers)

    def lie(self, move) -> list:
        """A move the seat's own hand does not allow (the ordinary engine cannot follow)."""
        self.ordinary = None
        return self.apply(move)

    def play_until(self, wanted) -> bool:
        """Honest moves until wanted(self) holds (True) or the hand's play is over."""
        hand = self.public.hand_number
        while self.public.phase == "play" and self.public.hand_number == hand:
            if wanted(self):
                return True
            self.apply(self.honest_move())
        return False

    def to_the_check(self, shows=None) -> None:
        """Honest moves to the check phase; shows(seat, held) may give a seat's reveal."""
        while self.public.phase in ("play", "reveal"):
            seat = self.public.current_player
            shown = shows(seat, self.private[seat].held(self.public)) if shows else None
            if self.public.phase == "reveal" and shown is not None:
                self.apply({"type": "reveal", "tiles": [list(t) for t in shown]})
            else:
                self.apply(self.honest_move())

    def honest_move(self) -> dict:
        seat = self.public.current_player
        if self.public.phase == "check":
            return {"type": "check"}
        return self.rng.choice(self.private[seat].legal_plays(self.public))

    def apply(self, move) -> list:
        """Plays a move on the public engine (and on the ordinary one, if it is a play,
        draw or pass); a drawn tile reaches the drawer's hand alone."""
        seat, public = self.public.current_player, self.public
        if isinstance(move, str):
            move = parse_move(move)
        events = public.apply(move)
        if self.ordinary is not None and move["type"] in ("play", "draw", "pass"):
            self.ordinary.apply(move)
        if move["type"] == "draw":
            _, draws = self.deals[public.hand_number]
            self.private[seat].receive([draws[len(self.drawers)]])
            self.drawers.append(seat)
        if any(e["type"] == "deal" for e in events):
            self.drawers, self.private = [], self._hands()
        return events
