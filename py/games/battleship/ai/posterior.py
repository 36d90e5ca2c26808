"""How likely each placement of each hidden ship is, given what was seen.

The input is one *domain* per hidden ship: the placements (bit masks) that agree
with every observation about that ship alone. The only thing tying ships
together is that they may not overlap, and every fleet of non-overlapping
placements from the domains is equally likely (the opponent is modelled as
placing uniformly at random).

The output is a weight per (ship, placement): the probability that the ship
lies there. When the domains are small the weights are exact (enumeration);
otherwise they are estimated by Gibbs sampling, Rao-Blackwellised: each step
adds the whole conditional distribution of one ship, not just one draw, which
makes the estimate far less noisy for the same work.
"""


def placement_weights(domains: list[list[int]], rng, budget: int) -> list[dict]:
    """For each domain, {placement: probability}. `budget` bounds the work (in
    placement tests, roughly); it is never a clock."""
    if not domains:
        return []
    exact = exact_weights(domains, limit=budget)
    if exact is not None:
        return exact
    return sampled_weights(domains, rng, budget)


def exact_weights(domains: list[list[int]], limit: int):
    """Exact weights by enumerating every non-overlapping fleet, or None when
    that would take more than about `limit` placement tests."""
    order = sorted(range(len(domains)), key=lambda i: len(domains[i]))
    ordered = [domains[i] for i in order]
    cost = 1
    for domain in ordered:
        cost *= len(domain)
        if cost > limit * 4:  # overlaps prune a lot; this bound is deliberately loose
            return None
    counts = [dict.fromkeys(domain, 0) for domain in ordered]
    last = len(ordered) - 1
    work = [0]

    def completions(depth: int, used: int) -> int:
        domain = ordered[depth]
        work[0] += len(domain)
        if depth == last:
            tally = counts[depth]
            fitting = [p for p in domain if not p & used]
            for p in fitting:
                tally[p] += 1
            return len(fitting)
        total = 0
        tally = counts[depth]
        for p in domain:
            if not p & used:
                below = completions(depth + 1, used | p)
                if below:
                    tally[p] += below
                    total += below
        return total

    total = completions(0, 0)
    if work[0] > limit * 4:
        pass  # already done: the answer is exact, merely slower than hoped
    if total == 0:
        raise ValueError("no fleet agrees with the observations")
    weights = [None] * len(domains)
    for position, i in enumerate(order):
        weights[i] = {p: c / total for p, c in counts[position].items() if c}
    return weights


def initial_fleet(domains: list[list[int]], rng, attempts: int = 200) -> list[int]:
    """One fleet drawn from the domains with no overlap, by randomised
    backtracking (most constrained ship first)."""
    order = sorted(range(len(domains)), key=lambda i: len(domains[i]))
    for _ in range(attempts):
        chosen = [0] * len(domains)
        if _backtrack(domains, order, 0, 0, chosen, rng, [2000]):
            return chosen
    raise ValueError("no fleet agrees with the observations")


def _backtrack(domains, order, depth, used, chosen, rng, steps) -> bool:
    if depth == len(order):
        return True
    i = order[depth]
    candidates = [p for p in domains[i] if not p & used]
    rng.shuffle(candidates)
    for p in candidates:
        steps[0] -= 1
        if steps[0] < 0:
            return False
        chosen[i] = p
        if _backtrack(domains, order, depth + 1, used | p, chosen, rng, steps):
            return True
    return False


def sampled_weights(domains: list[list[int]], rng, budget: int, chains: int = 4) -> list[dict]:
    """Rao-Blackwellised Gibbs estimate, over a few independent chains so that
    a chain stuck in one corner of the fleet space cannot fool us alone."""
    count = len(domains)
    sums = [dict.fromkeys(domain, 0.0) for domain in domains]
    step_cost = sum(len(d) for d in domains) * 2 + 1
    sweeps_per_chain = max(4, budget // (step_cost * chains))
    burn_in = 2
    for _ in range(chains):
        fleet = initial_fleet(domains, rng)
        for sweep in range(sweeps_per_chain + burn_in):
            for i in range(count):
                used = 0
                for j in range(count):
                    if j != i:
                        used |= fleet[j]
                fitting = [p for p in domains[i] if not p & used]
                fleet[i] = fitting[rng.randrange(len(fitting))]
                if sweep >= burn_in:
                    share = 1.0 / len(fitting)
                    tally = sums[i]
                    for p in fitting:
                        tally[p] += share
    weights = []
    for tally in sums:
        total = sum(tally.values())
        weights.append({p: w / total for p, w in tally.items() if w})
    return weights


def square_probabilities(weights: list[dict], size: int = 100) -> list[float]:
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
