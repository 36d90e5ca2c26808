"""The ordinary engine's state (state.py) dealt given hands instead of shuffled ones.

A game between devices deals by mental poker (app.fair.deck); once every hand has been
checked its deals are known, and the ordinary engine replays it from them with every
hand face up (a replay, and the tests' proof that the public engine scores alike):

    state = dealt_game(options, seed, deals)   # deals: one (hands, draws) per hand
    for move in moves: state.apply(move)       # the play, draw and pass moves, in order

`hands` holds each seat's 7 tiles in the order dealt, `draws` the boneyard's tiles in
the order they would be drawn. The first leader comes from the seed, as in new_game.
"""

from collections.abc import Iterable

from games.common.protocol import Json
from games.common.rng import SeededRng

from .state import State
from .table import Table
from .tiles import SET
from .tiles import from_json as tile_from_json

# Per hand: (each seat's hand, the boneyard's tiles in the order drawn), tiles as JSON.
Deals = Iterable[tuple[Iterable[Iterable[object]], Iterable[object]]]


class DealtState(State):
    """A State whose every deal is the next of the given ones."""

    def __init__(self, table: Table, rng: SeededRng, deals: Deals):
        self._deals = [
            (
                [[tile_from_json(t) for t in hand] for hand in hands],
                [tile_from_json(t) for t in draws],
            )
            for hands, draws in deals
        ]
        super().__init__(table, rng)

    def _deal(self) -> list[Json]:
        events = super()._deal()  # the deal event tells only sizes, which are the same
        if not self._deals:
            raise ValueError(f"no deal given for hand {self.hand_number + 1}")
        hands, draws = self._deals.pop(0)
        given = [t for hand in hands for t in hand] + draws
        if len(hands) != self.table.seats or sorted(given) != sorted(SET):
            raise ValueError(f"hand {self.hand_number + 1}'s deal is not the 28 tiles")
        self.hands = [list(hand) for hand in hands]
        self.boneyard = list(reversed(draws))  # the ordinary engine draws from the end
        return events


def dealt_game(options: Json | None, seed: int, deals: Deals) -> DealtState:
    table = Table.from_options(options)
    rng = SeededRng(seed)
    state = DealtState(table, rng, deals)
    state.leader = rng.randrange(table.seats)
    state._deal()
    return state
