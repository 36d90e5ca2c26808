"""Advanced Salvo: sampling fleets that agree with every salvo's hit count.

Each of our salvos was answered only with how many of its shots hit, and the
size of each of the other's salvos told how many of their ships were sunk by
then. A fleet is consistent when it reproduces all of those numbers.

Single ships cannot be moved one at a time between consistent fleets (moving a
ship changes the counts it explains), so this is a Metropolis walk over all
fleets with an *energy* — how far the counts are off — at a low temperature,
keeping the fleets it visits at energy zero. Proposals either move one ship
anywhere, nudge it by a square, or move two ships at once.
"""

import math

from ..fleet import LENGTH, SHIP_IDS
from ..grid import PLACEMENTS, SIZE

TEMPERATURE = 0.35
STEP_COST = 40  # placement tests one proposal costs, roughly


class CountSampler:
    def __init__(self, knowledge, rng):
        self.rng = rng
        self.salvos = knowledge.salvos
        self.called_by = []
        running = 0
        for salvo, _ in self.salvos:
            running |= salvo
            self.called_by.append(running)
        self.sunk_counts = sorted(knowledge.sunk_counts.items())
        empty = knowledge.misses
        self.lengths = [LENGTH[ship_id] for ship_id in SHIP_IDS]
        self.options = {length: [p for p in PLACEMENTS[length] if not p & empty] for length in set(self.lengths)}
        self.allowed = {length: set(options) for length, options in self.options.items()}
        self.fleet = self._random_fleet()
        self.energy = self._energy(self.fleet)

    def _random_fleet(self) -> list[int]:
        while True:
            fleet, used = [], 0
            for length in self.lengths:
                options = self.options[length]
                p = options[int(self.rng.random() * len(options))]
                if p & used:
                    break
                fleet.append(p)
                used |= p
            else:
                return fleet

    def _sunk_turn(self, placement: int) -> int:
        """How many own turns it took to have called every square of it
        (a number past the last turn if some square is still uncalled)."""
        for turn, called in enumerate(self.called_by):
            if placement & ~called == 0:
                return turn + 1
        return len(self.called_by) + 1

    def _energy(self, fleet: list[int]) -> int:
        union = 0
        for p in fleet:
            union |= p
        energy = 0
        for salvo, hits in self.salvos:
            energy += abs((union & salvo).bit_count() - hits)
        if self.sunk_counts:
            turns = [self._sunk_turn(p) for p in fleet]
            for own_turns, count in self.sunk_counts:
                energy += abs(sum(1 for t in turns if t <= own_turns) - count)
        if self.called_by and all(p & ~self.called_by[-1] == 0 for p in fleet):
            energy += 1  # every ship fully called: the game would be over
        return energy

    def _propose(self):
        """A fleet near the current one, or None when the move does not fit."""
        fleet = list(self.fleet)
        rng = self.rng
        kind = rng.random()
        moves = 2 if kind < 0.2 else 1
        for _ in range(moves):
            i = int(rng.random() * len(fleet))
            others = 0
            for j, p in enumerate(fleet):
                if j != i:
                    others |= p
            length = self.lengths[i]
            if kind < 0.6:
                options = self.options[length]
                candidate = options[int(rng.random() * len(options))]
            else:
                candidate = _nudge(fleet[i], length, rng)
            if candidate is None or candidate & others or candidate not in self.allowed[length]:
                return None
            fleet[i] = candidate
        return fleet

    def sample(self, budget: int, count: int) -> list[int]:
        """Up to `count` consistent fleets (as masks of their squares), spread
        over the walk; the least inconsistent ones if none is found."""
        steps = max(200, budget // STEP_COST)
        found = []
        fallback = []
        thin = max(1, steps // (count * 2))
        for step in range(steps):
            proposal = self._propose()
            if proposal is not None:
                energy = self._energy(proposal)
                delta = energy - self.energy
                if delta <= 0 or self.rng.random() < math.exp(-delta / TEMPERATURE):
                    self.fleet, self.energy = proposal, energy
            if step % thin == 0:
                union = 0
                for p in self.fleet:
                    union |= p
                if self.energy == 0:
                    found.append(union)
                elif not found:
                    fallback.append((self.energy, union))
        if found:
            return found[-count:]
        fallback.sort(key=lambda item: item[0])
        return [union for _, union in fallback[:count]]


def _nudge(placement: int, length: int, rng):
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
    if horizontal and col + length > SIZE or not horizontal and row + length > SIZE:
        return None
    step = 1 if horizontal else SIZE
    mask = 0
    for k in range(length):
        mask |= 1 << (row * SIZE + col + k * step)
    return mask
