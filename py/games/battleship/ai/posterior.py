"""How likely each placement of each hidden ship is, given what was seen.

The input is one *domain* per hidden ship (the placements, as bit masks, that
agree with every observation about that ship alone) and `required`: hit squares
some hidden ship must cover (when hits were not named, any ship may own them).
Ships may not overlap, and every fleet drawn from the domains that satisfies
this is equally likely: the opponent is modelled as placing at random.

The output is a weight per (ship, placement): the probability that the ship
lies there. Small domains are enumerated exactly; otherwise the weights are
estimated by Gibbs sampling, Rao-Blackwellised: each step adds the whole
conditional distribution of one ship rather than one draw from it, which makes
the estimate far less noisy for the same work.
"""

from random import Random

from games.common.rng import SeededRng

# One step of enumeration costs about this many Gibbs placement tests.
EXACT_COST = 4


class NoFleet(ValueError):
    """No fleet agrees with the observations (they contradict each other)."""


def placement_weights(
    domains: list[list[int]], rng: SeededRng, budget: int, required: int = 0
) -> list[dict[int, float]]:
    """For each domain, {placement: probability}. `budget` bounds the work in
    placement tests; it is never a clock."""
    if not domains:
        return []
    exact = exact_weights(domains, budget // EXACT_COST, required)
    if exact is not None:
        return exact
    return Sampler(domains, rng, required).weights(budget)


def exact_weights(
    domains: list[list[int]], limit: int, required: int = 0
) -> list[dict[int, float]] | None:
    """Exact weights by enumerating every fleet, or None when that would
    take more than about `limit` placement tests."""
    order = sorted(range(len(domains)), key=lambda i: len(domains[i]))
    ordered = [domains[i] for i in order]
    cost = 1
    for domain in ordered[:-1]:
        cost *= len(domain)
    if cost * len(ordered[-1]) > limit:
        return None
    counts = [dict.fromkeys(domain, 0) for domain in ordered]
    last = len(ordered) - 1

    def completions(depth: int, used: int) -> int:
        tally = counts[depth]
        if depth == last:
            missing = required & ~used
            fitting = [p for p in ordered[depth] if not p & used and p & missing == missing]
            for p in fitting:
                tally[p] += 1
            return len(fitting)
        total = 0
        for p in ordered[depth]:
            if not p & used:
                below = completions(depth + 1, used | p)
                if below:
                    tally[p] += below
                    total += below
        return total

    total = completions(0, 0)
    if total == 0:
        raise NoFleet()
    weights: list[dict[int, float]] = [{} for _ in domains]
    for position, i in enumerate(order):
        weights[i] = {p: c / total for p, c in counts[position].items() if c}
    return weights


class Sampler:
    """Gibbs sampler over fleets: one ship at a time is redrawn among the
    placements that fit with all the others."""

    def __init__(self, domains: list[list[int]], rng: SeededRng, required: int = 0):
        self.domains = domains
        self.rng = rng
        self.required = required
        self.fleet = initial_fleet(domains, rng, required)

    def step(self, i: int) -> list[int]:
        """Redraw ship i; return the placements it could take."""
        fleet = self.fleet
        used = 0
        for j, placement in enumerate(fleet):
            if j != i:
                used |= placement
        missing = self.required & ~used
        if missing:
            fitting = [p for p in self.domains[i] if not p & used and p & missing == missing]
        else:
            fitting = [p for p in self.domains[i] if not p & used]
        fleet[i] = fitting[int(self.rng.random() * len(fitting))]
        return fitting

    def sweeps_for(self, budget: int, chains: int) -> int:
        step_cost = sum(len(domain) for domain in self.domains) * 2
        return max(3, budget // (step_cost * chains))

    def weights(self, budget: int, chains: int = 4, burn_in: int = 2) -> list[dict[int, float]]:
        """Rao-Blackwellised estimate, over a few chains so that one chain stuck
        in a corner of the fleet space cannot mislead on its own."""
        domains, required = self.domains, self.required
        random = Random(
            self.rng.next_u64()
        ).random  # the C generator: same stream everywhere, faster
        indexed = [list(enumerate(domain)) for domain in domains]
        sums = [
            [0.0] * len(domain) for domain in domains
        ]  # lists indexed by position beat dicts here
        sweeps = self.sweeps_for(budget, chains)
        ships = range(len(domains))
        for chain in range(chains):
            fleet = self.fleet if chain == 0 else initial_fleet(domains, self.rng, required)
            total = 0
            for placement in fleet:
                total |= placement
            for sweep in range(sweeps + burn_in):
                for i in ships:
                    # The ships never overlap, so the others' squares are total minus ship i.
                    used = total ^ fleet[i]
                    missing = required & ~used
                    if missing:
                        fitting = [
                            k for k, p in indexed[i] if not p & used and p & missing == missing
                        ]
                    else:
                        fitting = [k for k, p in indexed[i] if not p & used]
                    chosen = domains[i][fitting[int(random() * len(fitting))]]
                    fleet[i] = chosen
                    total = used | chosen
                    if sweep >= burn_in:
                        share = 1.0 / len(fitting)
                        tally = sums[i]
                        for k in fitting:
                            tally[k] += share
            self.fleet = fleet
        weights = []
        for domain, tally in zip(domains, sums):
            mass = sum(tally)
            weights.append({p: w / mass for p, w in zip(domain, tally) if w})
        return weights

    def samples(self, count: int, thin: int = 1, burn_in: int = 3) -> list[tuple[int, ...]]:
        """`count` fleets (tuples of placements) from the chain."""
        ships = range(len(self.domains))
        for _ in range(burn_in):
            for i in ships:
                self.step(i)
        result = []
        for _ in range(count):
            for _ in range(thin):
                for i in ships:
                    self.step(i)
            result.append(tuple(self.fleet))
        return result


TRIES_PER_SHIP = 6


def initial_fleet(
    domains: list[list[int]], rng: SeededRng, required: int = 0, attempts: int = 300
) -> list[int]:
    """One fleet from the domains with no overlap that covers `required`, by
    randomised backtracking (most constrained ship first)."""
    order = sorted(range(len(domains)), key=lambda i: len(domains[i]))
    # What the ships after each depth could still cover, to prune early.
    reach = [0] * (len(order) + 1)
    for depth in range(len(order) - 1, -1, -1):
        union = 0
        for p in domains[order[depth]]:
            union |= p
        reach[depth] = reach[depth + 1] | union
    for _ in range(attempts):
        chosen = [0] * len(domains)
        budget = [4000]
        if _backtrack(domains, order, reach, required, 0, 0, chosen, rng, budget):
            return chosen
    raise NoFleet()


def _backtrack(
    domains: list[list[int]],
    order: list[int],
    reach: list[int],
    required: int,
    depth: int,
    used: int,
    chosen: list[int],
    rng: SeededRng,
    budget: list[int],
) -> bool:
    if depth == len(order):
        return bool(required & ~used == 0)
    if required & ~used & ~reach[depth]:
        return False
    i = order[depth]
    candidates = [p for p in domains[i] if not p & used]
    if len(candidates) > TRIES_PER_SHIP:
        # Shuffling long lists is slow here; a few random picks do as well.
        candidates = [
            candidates[int(rng.random() * len(candidates))] for _ in range(TRIES_PER_SHIP)
        ]
    else:
        rng.shuffle(candidates)
    for p in candidates:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        chosen[i] = p
        if _backtrack(domains, order, reach, required, depth + 1, used | p, chosen, rng, budget):
            return True
    return False


def square_probabilities(weights: list[dict[int, float]], size: int = 100) -> list[float]:
    """Probability that each square holds some hidden ship (ships never
    overlap, so the per-ship probabilities simply add up)."""
    probabilities = [0.0] * size
    for ship_weights in weights:
        for placement, weight in ship_weights.items():
            mask = placement
            while mask:
                low = mask & -mask
                probabilities[low.bit_length() - 1] += weight
                mask ^= low
    return probabilities
