"""How likely a dealt world makes the other seats' past plays.

Players mostly take the points on offer, and then unload heavy tiles. A world
in which a seat passed over a scoring play it held, or kept a heavier tile for
no points, is less likely; weighting worlds that way sharpens the guesses
about hidden hands well beyond "who drew or passed lacks those numbers".
"""

from collections.abc import Callable

from games.common.rng import Rng

from .fastsim import PIPS, World
from .knowledge import Knowledge, Play

MISSED_POINTS = 0.15  # a seat skipped a scoring play it held
KEPT_HEAVIER = 0.6  # a seat played a lighter tile for the same points


class PlayModel:
    """For each recorded play: which current slots and later plays were in hand then."""

    def __init__(self, knowledge: Knowledge):
        self.checks: list[tuple[Play, list[int], list[int]]] = []
        for play in knowledge.plays:
            slots = knowledge.slots[play.seat]
            held_slots = [k for k, slot in enumerate(slots) if slot.acquired <= play.index]
            held_played = [
                q.tile
                for q in knowledge.plays
                if q.seat == play.seat and q.index > play.index and q.held_since <= play.index
            ]
            self.checks.append((play, held_slots, held_played))

    def weight(self, hands: list[list[int]]) -> float:
        weight = 1.0
        for play, held_slots, held_played in self.checks:
            seat_hand = hands[play.seat]
            hand = [seat_hand[k] for k in held_slots]
            hand.extend(held_played)
            hand.append(play.tile)
            weight *= likelihood(play, hand)
        return weight


def likelihood(play: Play, hand: list[int]) -> float:
    ends = play.ends
    chosen_count = ends.count_after(play.tile, play.arm)
    chosen_points = chosen_count if chosen_count % 5 == 0 else 0
    heavier = False
    for t, i in ends.plays(hand):
        count = ends.count_after(t, i)
        points = count if count % 5 == 0 else 0
        if points > chosen_points:
            return MISSED_POINTS
        if points == chosen_points and PIPS[t] > PIPS[play.tile]:
            heavier = True
    return KEPT_HEAVIER if heavier else 1.0


def weighted_worlds(
    knowledge: Knowledge,
    rng: Rng,
    sample: Callable[[Knowledge, Rng], World],
    count: int,
    pool: int,
) -> list[World]:
    """`count` distinct worlds, each kept with the probability that it explains
    the past plays (rejection sampling), trying at most `pool` worlds; any
    shortfall is made up from the likeliest worlds turned down."""
    model = PlayModel(knowledge)
    if not model.checks:
        return [sample(knowledge, rng) for _ in range(count)]
    kept: list[World] = []
    turned_down: list[tuple[float, int, World]] = []  # (weight, order, world)
    for _ in range(max(pool, count)):
        world = sample(knowledge, rng)
        weight = model.weight(world[0])
        if rng.random() < weight:
            kept.append(world)
            if len(kept) == count:
                return kept
        else:
            turned_down.append((weight, len(turned_down), world))
    turned_down.sort(reverse=True)
    return kept + [world for _, _, world in turned_down[: count - len(kept)]]
