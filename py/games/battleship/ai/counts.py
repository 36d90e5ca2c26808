"""Advanced Salvo: fleets that agree with every salvo's hit count.

Each of our salvos was answered only with how many of its shots hit, and the
size of each of the other's salvos told how many of their ships had been sunk
by then. A fleet is consistent when it reproduces all of those numbers.

Two steps:
1. Find one consistent fleet: a Metropolis walk over all fleets whose
   *energy* is how far the counts are off, cooled from hot to cold, restarted
   a few times (moving one ship changes the counts it explains, so walks that
   only accept consistent fleets get stuck).
2. Wander among consistent fleets by Gibbs steps on *pairs* of ships: two ships
   are redrawn together among all pairs of placements that keep every count
   right. Each ship is summarised by its vector of counts (hits in each salvo,
   whether it was sunk after each turn), so the matching pairs are found with
   one dictionary look-up per placement. Every step adds the whole pair
   distribution to the estimate (Rao-Blackwellised), not just one draw.
"""

import math
from collections.abc import Iterable
from itertools import combinations

from games.common.rng import SeededRng

from ..fleet import LENGTH, SHIP_IDS
from ..grid import PLACEMENTS, SIZE, SQUARES
from .knowledge import Knowledge
from .posterior import square_probabilities

FIELD = 7
GUARD = 1 << (FIELD - 1)  # counts, and sums over five ships of their bitwise ors, stay below it
TEMPERATURE = 0.35
HOT = 3.0  # each walk starts this hot and cools to TEMPERATURE
COOLING_SHARE = 0.6  # share of a walk spent cooling
WALKS = 4
WALK_STEP_COST = 250  # budget units one Metropolis proposal costs, roughly
PAIR_STEP_COST = 2_000  # budget units one pair step costs, besides its pairs
PAIR_COST = 6  # budget units per matching pair found
SEARCH_NODE_COST = 1_000  # budget units one search node costs, roughly
MIN_SEARCH_NODES = 400
NODES_PER_TRY = 10
STRIDES = (7, 11, 13, 17, 19, 23, 29, 1)
SEARCH_SHARE = 0.4  # share of the budget for finding a consistent fleet


class CountPosterior:
    def __init__(self, knowledge: Knowledge, rng: SeededRng):
        self.rng = rng
        called_by: list[int] = []
        running = 0
        for salvo, _ in knowledge.salvos:
            running |= salvo
            called_by.append(running)
        self.sets = [salvo for salvo, _ in knowledge.salvos]
        self.targets = [hits for _, hits in knowledge.salvos]
        # "Sunk after m own turns" constraints: a ship is sunk when every square is called.
        self.sunk_sets = [
            called_by[m - 1] for m, _ in sorted(knowledge.sunk_counts.items()) if m >= 1
        ]
        self.targets += [count for m, count in sorted(knowledge.sunk_counts.items()) if m >= 1]
        self.all_called = running
        empty = knowledge.misses
        self.lengths = [LENGTH[ship_id] for ship_id in SHIP_IDS]
        self.domain = {
            length: [p for p in PLACEMENTS[length] if not p & empty] for length in set(self.lengths)
        }
        self.allowed = {length: set(options) for length, options in self.domain.items()}
        self._vectors: dict[int, tuple[int, ...]] = {}
        self._packed: dict[int, int] = {}
        self.guard = sum(GUARD << (FIELD * k) for k in range(len(self.targets)))
        self.need = sum(t << (FIELD * k) for k, t in enumerate(self.targets))

    # ----- count vectors ------------------------------------------------------
    # A vector is also packed into one int, FIELD bits per count with the top
    # bit of each field a guard, so "vector <= need" for every count at once is
    # one subtraction: no guard bit may be borrowed.

    def vector(self, placement: int) -> tuple[int, ...]:
        vec = self._vectors.get(placement)
        if vec is None:
            vec = tuple((placement & s).bit_count() for s in self.sets) + tuple(
                int(placement & ~s == 0) for s in self.sunk_sets
            )
            self._vectors[placement] = vec
        return vec

    def packed(self, placement: int) -> int:
        value = self._packed.get(placement)
        if value is None:
            value = 0
            for k, v in enumerate(self.vector(placement)):
                value |= v << (FIELD * k)
            self._packed[placement] = value
        return value

    def energy(self, fleet: list[int]) -> int:
        totals = [0] * len(self.targets)
        for p in fleet:
            for k, v in enumerate(self.vector(p)):
                totals[k] += v
        energy = sum(abs(t - want) for t, want in zip(totals, self.targets))
        if self.all_called and all(p & ~self.all_called == 0 for p in fleet):
            energy += 1  # every ship fully called: the game would already be over
        return energy

    # ----- step 1: a consistent fleet -----------------------------------------

    def _random_fleet(self) -> list[int]:
        while True:
            fleet, used = [], 0
            for length in self.lengths:
                options = self.domain[length]
                p = options[int(self.rng.random() * len(options))]
                if p & used:
                    break
                fleet.append(p)
                used |= p
            else:
                return fleet

    def _propose(self, fleet: list[int]) -> list[int] | None:
        """A fleet near `fleet`, or None when the move does not fit."""
        fleet = list(fleet)
        rng = self.rng
        i = int(rng.random() * len(fleet))
        length = self.lengths[i]
        candidate: int | None
        if rng.random() < 0.5:
            options = self.domain[length]
            candidate = options[int(rng.random() * len(options))]
        else:
            candidate = _nudge(fleet[i], length, rng)
            if candidate is None or candidate not in self.allowed[length]:
                return None
        others = 0
        for j, p in enumerate(fleet):
            if j != i:
                others |= p
        if candidate & others:
            return None
        fleet[i] = candidate
        return fleet

    def search_fleet(self, budget: int) -> list[int] | None:
        """A consistent fleet by randomised depth-first search, or None if the
        budget runs out first. The latest sink count splits the work: for each
        choice of which ships were sunk by then (at random), those ships may
        only lie on squares called by then, which leaves them few places."""
        packed = {
            length: [(p, self.packed(p)) for p in domain] for length, domain in self.domain.items()
        }
        ships = range(len(self.lengths))
        splits: list[set[int] | None] = [None]
        if self.sunk_sets:
            called, count = self.sunk_sets[-1], self.targets[-1]
            splits = [set(c) for c in combinations(ships, count)]
            self.rng.shuffle(splits)
        split_domains = []
        for sunk in splits:
            domains = []
            for i in ships:
                options = packed[self.lengths[i]]
                if sunk is not None:
                    inside = i in sunk
                    options = [(p, v) for p, v in options if (p & ~called == 0) == inside]
                domains.append(options)
            split_domains.append(domains)
        left = max(MIN_SEARCH_NODES, budget // SEARCH_NODE_COST)
        # Many short tries beat one long one: an early wrong choice can hide
        # a consistent fleet behind a huge subtree.
        while left > 0:
            for domains in split_domains:
                nodes = [min(NODES_PER_TRY, left)]
                left -= nodes[0]
                fleet = [0] * len(self.lengths)
                if self._extend(domains, set(ships), 0, self.need, fleet, nodes):
                    return fleet
                if left <= 0:
                    return None
        return None

    def _extend(
        self,
        domains: list[list[tuple[int, int]]],
        left: set[int],
        used: int,
        need: int,
        fleet: list[int],
        nodes: list[int],
    ) -> bool:
        if not left:
            return need == 0 and self.energy(fleet) == 0
        nodes[0] -= 1
        if nodes[0] < 0:
            return False
        guard = self.guard
        guarded = need | guard
        if len(left) == 2:
            return self._complete_pair(domains, left, used, need, fleet)
        choice, options = None, None
        reach = 0
        for i in left:
            # Placements clear of the ships so far that explain no more hits than are left.
            fitting = [
                (p, v) for p, v in domains[i] if not p & used and (guarded - v) & guard == guard
            ]
            if not fitting:
                return False
            most = 0
            for _, v in fitting:
                most |= v  # field by field at least the largest count
            reach += most
            if options is None or len(fitting) < len(options):
                choice, options = i, fitting
        if ((reach | guard) - need) & guard != guard:
            return False  # the ships left could not explain every hit still unexplained
        assert choice is not None and options is not None  # `left` has ships, so one was chosen
        count = len(options)
        # A random start and stride give a cheap random order.
        start = int(self.rng.random() * count)
        stride = next(s for s in STRIDES if count % s) if count > 1 else 1
        rest = left - {choice}
        for k in range(count):
            p, v = options[(start + k * stride) % count]
            fleet[choice] = p
            if self._extend(domains, rest, used | p, need - v, fleet, nodes):
                return True
            if nodes[0] < 0:
                return False
        return False

    def _complete_pair(
        self,
        domains: list[list[tuple[int, int]]],
        left: set[int],
        used: int,
        need: int,
        fleet: list[int],
    ) -> bool:
        """The last two ships at once: one dictionary look-up per placement."""
        i, j = sorted(left)
        guard = self.guard
        guarded = need | guard
        by_vector: dict[int, list[int]] = {}
        for q, v in domains[j]:
            if not q & used and (guarded - v) & guard == guard:
                by_vector.setdefault(v, []).append(q)
        pairs = []
        for p, v in domains[i]:
            if p & used or (guarded - v) & guard != guard:
                continue
            for q in by_vector.get(need - v, ()):
                if not q & p:
                    pairs.append((p, q))
        rng = self.rng
        while pairs:
            k = int(rng.random() * len(pairs))
            fleet[i], fleet[j] = pairs[k]
            if self.energy(fleet) == 0:
                return True
            pairs[k] = pairs[-1]
            pairs.pop()
        return False

    def find_fleet(self, budget: int) -> tuple[list[int], int]:
        """A consistent fleet (or the least inconsistent one met)."""
        found = self.search_fleet(budget // 2)
        if found is not None:
            return found, 0
        budget //= 2
        steps = max(WALKS * 50, budget // WALK_STEP_COST) // WALKS
        cooling = int(steps * COOLING_SHARE)
        best: list[int] | None = None
        best_energy: int | None = None
        for _ in range(WALKS):
            fleet = self._random_fleet()
            energy = self.energy(fleet)
            for step in range(steps):
                temperature = (
                    TEMPERATURE if step >= cooling else HOT + (TEMPERATURE - HOT) * step / cooling
                )
                proposal = self._propose(fleet)
                if proposal is None:
                    continue
                new_energy = self.energy(proposal)
                delta = new_energy - energy
                if delta <= 0 or self.rng.random() < math.exp(-delta / temperature):
                    fleet, energy = proposal, new_energy
                    if best_energy is None or energy < best_energy:
                        best, best_energy = list(fleet), energy
                    if energy == 0:
                        return fleet, 0
        if best is None or best_energy is None:
            return fleet, energy  # no walk ever moved: its last fleet is all there is
        return best, best_energy

    # ----- step 2: pair Gibbs among consistent fleets ---------------------------

    def _pair_options(self, fleet: list[int], i: int, j: int) -> list[tuple[int, int]]:
        others, totals = 0, [0] * len(self.targets)
        for k, p in enumerate(fleet):
            if k != i and k != j:
                others |= p
                for n, v in enumerate(self.vector(p)):
                    totals[n] += v
        if any(t > want for t, want in zip(totals, self.targets)):
            return []
        need = sum(
            (want - t) << (FIELD * k) for k, (want, t) in enumerate(zip(self.targets, totals))
        )
        by_vector: dict[int, list[int]] = {}
        for q in self.domain[self.lengths[j]]:
            if not q & others:
                by_vector.setdefault(self.packed(q), []).append(q)
        pairs = []
        guarded = need | self.guard
        for p in self.domain[self.lengths[i]]:
            if p & others:
                continue
            rest = guarded - self.packed(p)
            if rest & self.guard != self.guard:
                continue
            for q in by_vector.get(rest ^ self.guard, ()):
                if not q & p:
                    pairs.append((p, q))
        if self.all_called and pairs:
            # Drop pairs that would leave every ship fully called (game over).
            rest_sunk = all(
                p & ~self.all_called == 0 for k, p in enumerate(fleet) if k not in (i, j)
            )
            if rest_sunk:
                pairs = [(p, q) for p, q in pairs if (p | q) & ~self.all_called]
        return pairs

    def estimate(self, budget: int) -> tuple[list[float], list[int]]:
        """(probability of a ship on each square, sampled fleets as masks)."""
        fleet, energy = self.find_fleet(int(budget * SEARCH_SHARE))
        if energy:
            # No consistent fleet found: fall back on the nearest one met.
            union = _union(fleet)
            return [float(union >> i & 1) for i in range(SQUARES)], [union]
        ships = len(fleet)
        weights: list[dict[int, float]] = [{} for _ in range(ships)]
        fleets = []
        work, steps = 0, 0
        while work < budget * (1 - SEARCH_SHARE) or steps < ships:
            i = int(self.rng.random() * ships)
            j = int(self.rng.random() * (ships - 1))
            j += j >= i
            pairs = self._pair_options(fleet, i, j)
            work += PAIR_STEP_COST + PAIR_COST * len(pairs)
            steps += 1
            share = 1.0 / len(pairs)
            for k, p in enumerate(fleet):
                if k != i and k != j:
                    weights[k][p] = weights[k].get(p, 0.0) + 1.0
            for p, q in pairs:
                weights[i][p] = weights[i].get(p, 0.0) + share
                weights[j][q] = weights[j].get(q, 0.0) + share
            fleet[i], fleet[j] = pairs[int(self.rng.random() * len(pairs))]
            fleets.append(_union(fleet))
        shares = [{p: w / steps for p, w in ship_weights.items()} for ship_weights in weights]
        return square_probabilities(shares), fleets


def _union(fleet: Iterable[int]) -> int:
    union = 0
    for p in fleet:
        union |= p
    return union


def _nudge(placement: int, length: int, rng: SeededRng) -> int | None:
    """The same ship shifted one square, or turned about its first square."""
    low = placement & -placement
    bow = low.bit_length() - 1
    horizontal = placement >> (bow + 1) & 1 == 1
    row, col = divmod(bow, SIZE)
    choice = int(rng.random() * 5)
    if choice == 4:
        horizontal = not horizontal
    else:
        row += (-1, 1, 0, 0)[choice]
        col += (0, 0, -1, 1)[choice]
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    if (horizontal and col + length > SIZE) or (not horizontal and row + length > SIZE):
        return None
    step = 1 if horizontal else SIZE
    mask = 0
    for k in range(length):
        mask |= 1 << (row * SIZE + col + k * step)
    return mask
