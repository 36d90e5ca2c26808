"""Choosing guesses: which answers are still possible, and which guess splits
them best.

The expert player looks its position up in a book made at build time
(tools/wordle_book.py searches each language's tree with lookahead); positions
the book does not know (a duel's opponent rows take it off the book's paths) are
judged live on a bounded number of feedback computations, so a move stays fast
inside Pyodide.
"""

import hashlib
import math

from .feedback import all_green, pattern

LIVE_BUDGET = 24_000  # feedback computations per live decision
# Guesses a group of n >= 3 candidates still needs on average, about
# base + slope * log2(n): fitted to the trees tools/wordle_book.py builds
# (English, 5 letters: 1.77 for 3, 2.06 for 8, 2.29 for 16, 2.84 for 110).
GROUP_COST_BASE = 1.45
GROUP_COST_SLOPE = 0.2


def consistent(words, rows) -> list:
    """The words that agree with every marked row (skipped rows say nothing)."""
    checks = [(row["guess"], _code(row["marks"])) for row in rows if row.get("guess")]
    return [w for w in words if all(pattern(guess, w) == code for guess, code in checks)]


def fingerprint(candidates) -> str:
    """A short name for a set of candidate words: the book's key."""
    digest = hashlib.blake2b("\n".join(sorted(candidates)).encode(), digest_size=8)
    return digest.hexdigest()


def partition_sizes(probe: str, candidates) -> dict:
    sizes: dict[int, int] = {}
    for word in candidates:
        code = pattern(probe, word)
        sizes[code] = sizes.get(code, 0) + 1
    return sizes


def expected_cost(probe: str, candidates) -> float:
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


def best_guess(candidates: list, probes, budget: int = LIVE_BUDGET) -> str:
    """The probe (or candidate) with the lowest expected cost.

    Candidates are tried first and win ties: a candidate can be the answer. The
    probe pool is cut so that len(pool) * len(candidates) stays within budget."""
    if len(candidates) <= 2:
        return candidates[0]
    candidate_set = set(candidates)
    room = max(1, budget // len(candidates))
    pool = list(candidates[:room])
    pool += [p for p in probes if p not in candidate_set][: max(0, room - len(pool))]
    best, best_cost = candidates[0], float("inf")
    for probe in pool:
        cost = expected_cost(probe, candidates)
        if cost < best_cost - 1e-9:
            best, best_cost = probe, cost
    return best


def _code(row_marks) -> int:
    code = 0
    for mark in row_marks:
        code = code * 3 + mark
    return code
