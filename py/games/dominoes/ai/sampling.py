"""Dealing the unseen tiles into a world consistent with what a seat knows."""

from games.common.rng import Rng

from .fastsim import HAS, World
from .knowledge import Knowledge


def sample_world(knowledge: Knowledge, rng: Rng, tries: int = 20) -> World:
    """Returns (hands, boneyard) as tile-id lists; the seat's own hand is its own.
    hands[seat][k] fills knowledge.slots[seat][k]."""
    seats = len(knowledge.hand_sizes)
    order = [(seat, k) for seat in range(seats) for k in range(len(knowledge.slots[seat]))]
    # Most constrained slots first, so they still find a tile that fits.
    order.sort(key=lambda sk: -len(knowledge.slots[sk[0]][sk[1]].forbidden))
    for attempt in range(tries + 1):
        pool = list(knowledge.unseen)
        rng.shuffle(pool)
        hands = [[-1] * len(knowledge.slots[seat]) for seat in range(seats)]
        hands[knowledge.seat] = list(knowledge.hand)
        ok = True
        for seat, k in order:
            forbidden = knowledge.slots[seat][k].forbidden
            pick = 0  # on the last attempt, give up on the constraints rather than fail
            if attempt < tries:
                pick = -1
                for index, t in enumerate(pool):
                    if not any(HAS[t][n] for n in forbidden):
                        pick = index
                        break
                if pick < 0:
                    ok = False
                    break
            hands[seat][k] = pool.pop(pick)
        if ok:
            return hands, pool
    raise AssertionError("unreachable")
