"""Dealing the unseen tiles into a world consistent with what a seat knows."""

from .fastsim import HAS


def sample_world(knowledge, rng, tries: int = 20):
    """Returns (hands, boneyard) as tile-id lists; the seat's own hand is its own."""
    seats = len(knowledge.hand_sizes)
    slots = [(seat, forbidden) for seat in range(seats) for forbidden in knowledge.slots[seat]]
    # Most constrained slots first, so they still find a tile that fits.
    slots.sort(key=lambda slot: -len(slot[1]))
    for attempt in range(tries + 1):
        pool = list(knowledge.unseen)
        rng.shuffle(pool)
        hands = [[] for _ in range(seats)]
        hands[knowledge.seat] = list(knowledge.hand)
        ok = True
        for seat, forbidden in slots:
            pick = -1
            if attempt < tries:
                for index, t in enumerate(pool):
                    if not any(HAS[t][n] for n in forbidden):
                        pick = index
                        break
                if pick < 0:
                    ok = False
                    break
            else:
                pick = 0  # give up on the constraints rather than fail
            hands[seat].append(pool.pop(pick))
        if ok:
            return hands, pool
    raise AssertionError("unreachable")
