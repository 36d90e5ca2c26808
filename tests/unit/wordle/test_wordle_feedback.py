"""Feedback colours, rule "Feedback is the usual one ... repeated letters marked
the standard way (no more yellows/greens for a letter than the word contains)"."""

import pytest
from games.wordle.feedback import GREEN as G
from games.wordle.feedback import GREY as _
from games.wordle.feedback import YELLOW as Y
from games.wordle.feedback import all_green, marks, pattern


@pytest.mark.parametrize(
    "guess, answer, expected",
    [
        ("crane", "crane", (G, G, G, G, G)),
        ("stop", "pots", (Y, Y, Y, Y)),
        # Two e's guessed, one in the word and already green: the other is grey.
        ("geese", "those", (_, _, _, G, G)),
        # A green takes its copy before any yellow is given.
        ("kebab", "abbey", (_, Y, G, Y, Y)),
        ("eerie", "crane", (_, _, Y, _, G)),
        # Yellows go left to right while unmatched copies remain.
        ("lolly", "hello", (_, Y, G, G, _)),
        ("sassy", "asset", (Y, Y, G, _, _)),
        ("aaaaaa", "banana", (_, G, _, G, _, G)),
        ("xyzw", "abcd", (_, _, _, _)),
    ],
)
def test_repeated_letters_are_marked_the_standard_way(guess, answer, expected):
    assert marks(guess, answer) == expected


def test_never_more_marks_for_a_letter_than_the_answer_has():
    import itertools

    alphabet = "abc"
    for guess in map("".join, itertools.product(alphabet, repeat=4)):
        for answer in map("".join, itertools.product(alphabet, repeat=4)):
            row = marks(guess, answer)
            for letter in alphabet:
                marked = sum(1 for g, m in zip(guess, row) if g == letter and m != _)
                assert marked == min(guess.count(letter), answer.count(letter))
            assert all((m == G) == (g == a) for g, a, m in zip(guess, answer, row))


def test_pattern_is_a_base_three_code():
    assert pattern("crane", "crane") == all_green(5) == 242
    assert pattern("xyzw", "abcd") == 0
    assert pattern("ab", "ba") == 1 * 3 + 1


def test_lengths_must_match():
    with pytest.raises(ValueError):
        marks("abc", "abcd")
