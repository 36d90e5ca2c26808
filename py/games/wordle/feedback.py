"""The colours of a guessed row.

A word here is a "tile string": one character per tile (see dictionary.py), so
Uzbek "sh" or "oʻ" count as one letter like everywhere else.

Repeated letters are marked the standard way: greens first, then yellows from
left to right while the answer still has unmatched copies of that letter; the
rest are grey. So a letter never gets more greens + yellows than the answer
contains.
"""

from collections.abc import Iterable

GREY, YELLOW, GREEN = 0, 1, 2
MARK_NAMES = {GREY: "absent", YELLOW: "present", GREEN: "correct"}


def marks(guess: str, answer: str) -> tuple[int, ...]:
    if len(guess) != len(answer):
        raise ValueError("guess and answer must have the same length")
    result = [GREY] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            result[i] = GREEN
        else:
            unmatched[a] = unmatched.get(a, 0) + 1
    for i, g in enumerate(guess):
        if result[i] == GREY and unmatched.get(g, 0):
            result[i] = YELLOW
            unmatched[g] -= 1
    return tuple(result)


def pattern(guess: str, answer: str) -> int:
    """The marks as one base-3 number (first tile most significant)."""
    code = 0
    for mark in marks(guess, answer):
        code = code * 3 + mark
    return code


def all_green(length: int) -> int:
    every_mark_green: int = 3**length - 1
    return every_mark_green


def is_consistent(word: str, guess: str, row_marks: Iterable[int]) -> bool:
    """Could `word` be the answer, given that `guess` was marked `row_marks`?"""
    return marks(guess, word) == tuple(row_marks)
