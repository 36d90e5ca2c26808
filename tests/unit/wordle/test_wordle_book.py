"""The expert's books are in step with the word lists they were built from."""

import json
from pathlib import Path

import pytest
from games.wordle.dictionary import LENGTHS, Dictionary
from games.wordle.letters import LANGUAGES
from games.wordle.solver import fingerprint

WORDS = Path(__file__).resolve().parents[3] / "static" / "words"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_book_opens_on_its_word_list_and_plays_only_accepted_words(lang):
    words = Dictionary(lang, json.loads((WORDS / f"{lang}.json").read_text("utf-8")))
    words.load_book(json.loads((WORDS / f"{lang}.book.json").read_text("utf-8")))
    for length in LENGTHS:
        moves = words.book[length]
        # The first position (every answer possible) is in the book: a book
        # built from an older list would miss it, and tools/wordle_book.py
        # must be run again.
        assert fingerprint(words.answers[length]) in moves, (lang, length)
        assert set(moves.values()) <= words.guesses[length]
