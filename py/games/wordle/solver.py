"""Choosing guesses: which answers are still possible, and which guess splits
them best.

The expert player looks its position up in a book made at build time
(tools/wordle_book.py searches each language's tree with lookahead). Positions
the book does not know (a duel's opponent rows take it off the book's paths)
are searched live by a Solver, in the same spirit and pure Python:

- every accepted guess is screened by how evenly its letters split the
  candidates, and the best few dozen are scored exactly (the sizes of the
  groups each leaves, priced by `group_cost`);
- the most promising few are followed a move or two further, each group left
  being split again by the best of those probes and the group's own words;
- a group of a few words is solved exactly, within the guesses left.

Its effort is counted in feedback codes looked at, never in time, so a
position always gets the same guess. Each guess's codes against every answer
are computed once and kept, as are the values of the groups searched.
"""

import hashlib
import heapq
import math
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter

from games.common.protocol import Json

from .feedback import all_green, pattern

# Guesses a group of n >= 3 candidates still needs on average, about
# base + slope * log2(n): fitted to the trees tools/wordle_book.py builds
# (English, 5 letters: 1.77 for 3, 2.06 for 8, 2.29 for 16, 2.84 for 110).
GROUP_COST_BASE = 1.45
GROUP_COST_SLOPE = 0.2
TURNS = 6  # a player's guesses in a game (a duel gives each player 6 turns)
TOO_DEEP = 1_000_000  # penalty, in guesses, for each answer a plan cannot reach in time
SHORTLIST = 48  # guesses scored exactly at a decision, after the letter screen
ENDGAME = 20  # a position this small is searched to the end
DEEP_SIZE = 150  # and one this small two moves beyond the guess
OPTIONS = 6  # guesses followed at a decision


def consistent(words: Iterable[str], rows: Iterable[Json]) -> list[str]:
    """The words that agree with every marked row (skipped rows say nothing)."""
    checks = [(row["guess"], _code(row["marks"])) for row in rows if row.get("guess")]
    return [w for w in words if all(pattern(guess, w) == code for guess, code in checks)]


def fingerprint(candidates: Iterable[str]) -> str:
    """A short name for a set of candidate words: the book's key."""
    digest = hashlib.blake2b("\n".join(sorted(candidates)).encode(), digest_size=8)
    return digest.hexdigest()


def partition_sizes(probe: str, candidates: Iterable[str]) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for word in candidates:
        code = pattern(probe, word)
        sizes[code] = sizes.get(code, 0) + 1
    return sizes


def expected_cost(probe: str, candidates: Sequence[str]) -> float:
    """Estimated guesses still needed after playing `probe`, averaged over the
    candidates: 1 for the probe, plus a cost for each remaining group that grows
    with its size (2 left need 1.5 more on average; big groups about log-like)."""
    sizes = partition_sizes(probe, candidates)
    n = len(candidates)
    green = all_green(len(probe))
    total = 0.0
    for code, size in sizes.items():
        if code != green:
            total += size * group_cost(size)
    return 1 + total / n


def group_cost(size: int) -> float:
    """Average guesses a group of `size` candidates needs, this one included."""
    if size == 1:
        return 1.0
    if size == 2:
        return 1.5
    return GROUP_COST_BASE + GROUP_COST_SLOPE * math.log2(size)


def best_guess(candidates: list[str], probes: Iterable[str], turns_left: int = TURNS) -> str:
    """The guess a Solver over just these candidates and probes would play."""
    if len(candidates) <= 2:
        return candidates[0]
    guesses = list(dict.fromkeys([*candidates, *probes]))
    return Solver(list(candidates), guesses).choose(list(range(len(candidates))), turns_left)


class Solver:
    """Live search over one answer list (`universe`, commonest first) with the
    accepted `guesses`; candidates are indices into the universe."""

    def __init__(self, universe: list[str], guesses: list[str]):
        self.universe = universe
        self.index = {word: i for i, word in enumerate(universe)}
        self.guesses = guesses
        self.length = len(universe[0])
        self.green = all_green(self.length)
        # the answers holding each letter, and holding it at each place
        self._holding: dict[str, list[int]] = {}
        self._placed: list[dict[str, list[int]]] = [{} for _ in range(self.length)]
        for i, word in enumerate(universe):
            for letter in set(word):
                self._holding.setdefault(letter, []).append(i)
            for place, letter in enumerate(word):
                self._placed[place].setdefault(letter, []).append(i)
        self._rows: dict[str, array[int]] = {}
        self._distinct_code = _distinct_code_function(self.length)
        self._values: dict[tuple[object, ...], float] = {}
        self._decisions: dict[tuple[tuple[int, ...], int, bool], str] = {}
        # the guesses holding each letter, and holding it at each place
        self._guesses_holding: dict[str, list[int]] = {}
        self._guesses_placing: list[dict[str, list[int]]] = [{} for _ in range(self.length)]
        for g, word in enumerate(guesses):
            for letter in set(word):
                self._guesses_holding.setdefault(letter, []).append(g)
            for place, letter in enumerate(word):
                self._guesses_placing[place].setdefault(letter, []).append(g)
        self._sizecost = [0.0]

    # --- codes -----------------------------------------------------------------------

    def row(self, guess: str) -> "array[int]":
        """The codes of `guess` against every answer, kept."""
        row = self._rows.get(guess)
        if row is None:
            if len(self._rows) > 2000:  # 2 bytes a code: at most a few megabytes
                self._rows.clear()
            row = self._rows[guess] = array("H", self.codes(guess))
        return row

    def codes(self, guess: str) -> list[int]:
        """pattern(guess, answer) for every answer, letter by letter: a letter
        the guess holds once adds a yellow's worth to each answer holding it,
        and as much again where it is in place."""
        row = [0] * len(self.universe)
        places: dict[str, list[int]] = {}
        for place, letter in enumerate(guess):
            places.setdefault(letter, []).append(place)
        for letter, where in places.items():
            holding = self._holding.get(letter, ())
            if len(where) == 1:
                weight = 3 ** (self.length - 1 - where[0])
                for i in holding:
                    row[i] += weight
                for i in self._placed[where[0]].get(letter, ()):
                    row[i] += weight
                continue
            for i in holding:  # repeated: greens first, then yellows left to right
                answer = self.universe[i]
                free = answer.count(letter) - sum(1 for p in where if answer[p] == letter)
                for p in where:
                    weight = 3 ** (self.length - 1 - p)
                    if answer[p] == letter:
                        row[i] += 2 * weight
                    elif free > 0:
                        row[i] += weight
                        free -= 1
        return row

    def candidates(self, rows: Iterable[Json]) -> list[int]:
        """The indices of the answers that agree with every marked row."""
        alive = list(range(len(self.universe)))
        for row in rows:
            if row.get("guess"):
                line, code = self.row(row["guess"]), _code(row["marks"])
                alive = [i for i in alive if line[i] == code]
        return list(alive)

    def codes_for(self, guess: str, cands: list[int]) -> list[int]:
        """The codes of `guess` against the candidates `cands`."""
        line = self._rows.get(guess)
        if line is None:
            if len(cands) * 8 < len(self.universe):  # cheaper than a whole row
                words = [self.universe[i] for i in cands]
                if len(set(guess)) < self.length:
                    return [pattern(guess, word) for word in words]
                return [self._distinct_code(guess, word) for word in words]
            line = self.row(guess)
        if len(cands) == 1:
            return [line[cands[0]]]
        return list(itemgetter(*cands)(line))

    def split(self, guess: str, cands: list[int]) -> dict[int, list[int]]:
        """The groups of candidates `guess` leaves, by code (solved ones aside)."""
        groups: dict[int, list[int]] = {}
        for i, code in zip(cands, self.codes_for(guess, cands)):
            if code in groups:
                groups[code].append(i)
            else:
                groups[code] = [i]
        groups.pop(self.green, None)
        return groups

    def score(self, guess: str, cands: list[int]) -> float:
        """Estimated guesses still needed in total by the candidates after
        `guess`, its own included (lower is better)."""
        counts = Counter(self.codes_for(guess, cands))
        counts.pop(self.green, None)
        cost = self._cost_of(len(cands))
        return len(cands) + sum(map(cost.__getitem__, counts.values()))

    def _cost_of(self, n: int) -> list[float]:
        if len(self._sizecost) <= n:
            self._sizecost = [size * group_cost(size) if size else 0.0 for size in range(n + 1)]
        return self._sizecost

    # --- choosing ----------------------------------------------------------------------

    def choose(self, cands: list[int], turns_left: int = TURNS, budget: int | None = None) -> str:
        """The guess to play when the answer is one of `cands` (indices, in the
        universe's order) and `turns_left` guesses remain. With a `budget`, a
        position of more candidates than that gets the best-scoring guess
        without looking further (a fraction of the time)."""
        if len(cands) <= 2:
            return self.universe[cands[0]]
        ahead = budget is None or len(cands) <= budget
        key = (tuple(cands), turns_left, ahead)
        if key not in self._decisions:
            if len(self._decisions) > 5_000:
                self._decisions.clear()
            self._decisions[key] = self._choose(cands, max(1, turns_left), ahead)
        return self._decisions[key]

    def _choose(self, cands: list[int], turns_left: int, ahead: bool = True) -> str:
        n = len(cands)
        pool = self.shortlist(cands)
        ranked = sorted(pool, key=lambda g: self.score(g, cands))
        if not ahead:
            return ranked[0]
        inner = tuple(ranked[:16])  # the probes tried again in the groups left
        if n <= ENDGAME:
            options = list(dict.fromkeys(self._words(cands) + ranked[:6]))
            values = [self._solve_after(g, cands, turns_left, inner) for g in options]
            if min(values) >= TOO_DEEP:  # some answers out of reach: try every guess
                inner = tuple(self.splitters(cands))
                options += inner
                values += [self._solve_after(g, cands, turns_left, inner) for g in inner]
            return options[values.index(min(values))]
        depth = 2 if n <= DEEP_SIZE else 1
        best, best_value = ranked[0], math.inf
        for guess in ranked[:OPTIONS]:
            value = self._follow(guess, cands, turns_left, depth, inner)
            if value < best_value - 1e-9:
                best, best_value = guess, value
        if best_value >= TOO_DEEP:  # some answers look out of reach: look wider
            for guess in ranked[OPTIONS : 4 * OPTIONS]:
                value = self._follow(guess, cands, turns_left, depth, tuple(ranked[:32]))
                if value < best_value - 1e-9:
                    best, best_value = guess, value
        return best

    def _words(self, cands: list[int]) -> list[str]:
        return [self.universe[i] for i in cands]

    def _follow(
        self, guess: str, cands: list[int], turns_left: int, depth: int, pool: tuple[str, ...]
    ) -> float:
        """Estimated total guesses the candidates need when `guess` is played now."""
        total = float(len(cands))
        for group in self.split(guess, cands).values():
            total += self.value(group, turns_left - 1, depth, pool)
        return total

    def _solve_after(
        self, guess: str, cands: list[int], turns_left: int, pool: tuple[str, ...]
    ) -> float:
        total = float(len(cands))
        for group in self.split(guess, cands).values():
            total += self.exact(group, turns_left - 1, pool)
        return total

    def value(self, cands: list[int], turns_left: int, depth: int, pool: tuple[str, ...]) -> float:
        """Estimated total guesses the candidates need from here: `depth` moves
        searched, each among the three best of the pool and the likeliest
        candidates, then priced by group_cost."""
        n = len(cands)
        if n <= 2 or turns_left <= 1:
            return self.exact(cands, turns_left, pool)
        if depth <= 0:
            late = TOO_DEEP * (n - 1) / 2 if turns_left <= 2 else 0.0
            return n * group_cost(n) + late
        key = (tuple(cands), turns_left, depth, pool)
        found = self._values.get(key)
        if found is None:
            options = list(dict.fromkeys(tuple(self._words(cands[:8])) + pool))
            options.sort(key=lambda g: self.score(g, cands))
            found = min(self._follow(g, cands, turns_left, depth - 1, pool) for g in options[:3])
            self._remember(key, found)
        return found

    def exact(self, cands: list[int], turns_left: int, pool: tuple[str, ...]) -> float:
        """The fewest total guesses for a small group within `turns_left`, its
        own words and the pool's three best tried (an answer that cannot be
        reached in time costs TOO_DEEP)."""
        n = len(cands)
        if turns_left <= 0:
            return TOO_DEEP * n
        if n == 1:
            return 1.0
        if turns_left == 1:
            return 1.0 + TOO_DEEP * (n - 1)
        if n == 2:
            return 3.0
        key = (tuple(cands), turns_left, pool)
        found = self._values.get(key)
        if found is not None:
            return found
        extra = sorted(pool, key=lambda g: self.score(g, cands))[:3]
        best = self._exact_over(self._words(cands) + extra, cands, turns_left, pool, math.inf)
        if best >= TOO_DEEP:  # some answers out of reach: the guesses that split most
            splitting = self.splitters(cands, 6, self.shortlist(cands))
            best = self._exact_over(splitting, cands, turns_left, pool, best)
        self._remember(key, best)
        return best

    def _exact_over(
        self,
        guesses: Iterable[str],
        cands: list[int],
        turns_left: int,
        pool: tuple[str, ...],
        best: float,
    ) -> float:
        """exact(), trying these guesses first: the fewest total guesses, or `best`."""
        n = len(cands)
        for guess in dict.fromkeys(guesses):
            groups = list(self.split(guess, cands).values())
            if len(groups) == 1 and len(groups[0]) == n:
                continue  # tells nothing
            # every answer takes this guess, and all but one of a group another
            if n + sum(2 * len(g) - 1 for g in groups) >= best:
                continue
            total = float(n)
            for group in sorted(groups, key=len, reverse=True):
                total += self.exact(group, turns_left - 1, pool)
                if total >= best:
                    break
            else:
                best = total
        return best

    def _remember(self, key: tuple[object, ...], value: float) -> None:
        if len(self._values) > 50_000:
            self._values.clear()
        self._values[key] = value

    def splitters(
        self, cands: list[int], count: int = 12, among: Iterable[str] | None = None
    ) -> list[str]:
        """The accepted guesses (or those `among` them) that cut the candidates
        into the most groups."""
        return heapq.nsmallest(
            count,
            self.guesses if among is None else among,
            key=lambda g: -len(set(self.codes_for(g, cands))),
        )

    def shortlist(self, cands: list[int]) -> list[str]:
        """The guesses worth scoring exactly: the best SHORTLIST by a letter
        screen (how evenly each letter, and each letter in its place, splits
        the candidates), and the likeliest candidates."""
        n = len(cands)
        words = self._words(cands)
        present: Counter[str] = Counter()
        placed: list[Counter[str]] = [Counter() for _ in range(self.length)]
        for word in words:
            present.update(set(word))
            for i, letter in enumerate(word):
                placed[i][letter] += 1
        screen = [0.0] * len(self.guesses)
        for letter, count in present.items():
            if count < n:
                bits = _bits(count / n)
                for g in self._guesses_holding.get(letter, ()):
                    screen[g] += bits
        for place, counts in enumerate(placed):
            for letter, count in counts.items():
                if count < n:
                    bits = _bits(count / n)
                    for g in self._guesses_placing[place].get(letter, ()):
                        screen[g] += bits
        best = heapq.nlargest(SHORTLIST, range(len(self.guesses)), key=screen.__getitem__)
        return list(dict.fromkeys([self.guesses[g] for g in best] + words[:SHORTLIST]))


def _distinct_code_function(length: int) -> Callable[[str, str], int]:
    """pattern(guess, answer) for a guess of distinct letters, written out for
    `length` (five times faster than a loop): each letter the answer holds
    scores its place's weight, twice if in place. For length 2 it reads
    lambda g, a: ((6 if a[0] == g[0] else 3) if g[0] in a else 0) + (...)."""
    terms = []
    for i in range(length):
        weight = 3 ** (length - 1 - i)
        terms.append(f"(({2 * weight} if a[{i}] == g[{i}] else {weight}) if g[{i}] in a else 0)")
    code_of: Callable[[str, str], int] = eval("lambda g, a: " + " + ".join(terms))
    return code_of


def _bits(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _code(row_marks: Iterable[int]) -> int:
    code = 0
    for mark in row_marks:
        code = code * 3 + mark
    return code
