"""Welsh as a Wordle language: digraph tiles, how typed letters are read, the
keyboard, a duel, and the word list tool's Welsh rules (tools/wordlists_cy.py).

Rules of record: docs/rules/wordle-tournament.md 12.4 and 12.5.
"""

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from games.common.errors import IllegalMove
from games.wordle import letters
from games.wordle.dictionary import Dictionary
from games.wordle.duel import Duel
from games.wordle.feedback import GREEN, GREY, YELLOW

ROOT = Path(__file__).resolve().parents[3]
REAL = json.loads((ROOT / "static" / "words" / "cy.json").read_text("utf-8"))


def _tool():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location(
        "wordlists_cy", ROOT / "tools" / "wordlists_cy.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def small_welsh():
    """Hand-made lists: ban·gor is b a n g o r (6 tiles), bangor b a ng o r (5);
    l·lall is l l a ll (4 tiles)."""
    answers = {"4": ["llaeth", "ffordd"], "5": ["bangor", "dangos"], "6": ["ban·gor", "dyfais"]}
    guesses = {
        "4": ["ffordd", "l·lall", "llaeth", "llwyd"],
        "5": ["bangor", "dangos", "llwybr"],
        "6": ["ban·gor", "cyfrif", "dyfais"],
    }
    return Dictionary(
        "cy", {"language": "cy", "version": 1, "answers": answers, "guesses": guesses}
    )


def test_rule_12_5_welsh_digraphs_are_one_tile_each():
    words = small_welsh()
    assert words.tiles(words.parse("LLAETH", 4)) == ["ll", "a", "e", "th"]
    assert words.tiles(words.parse("ffordd", 4)) == ["ff", "o", "r", "dd"]
    assert words.tiles(words.parse("llwybr", 5)) == ["ll", "w", "y", "b", "r"]


def test_rule_12_5_typed_letters_are_read_the_way_that_is_a_listed_word():
    words = small_welsh()
    five, six = words.parse("bangor", 5), words.parse("bangor", 6)
    assert words.tiles(five) == ["b", "a", "ng", "o", "r"]
    assert words.tiles(six) == ["b", "a", "n", "g", "o", "r"]
    assert five != six and words.display(six) == "bangor"
    # four tiles from "llall": ll a l l is read first, but l l a ll is the listed word
    assert words.tiles(words.parse("llall", 4)) == ["l", "l", "a", "ll"]
    # the ng key or n then g: the same letters, the same reading
    assert words.parse("ba" + "ng" + "or", 6) == words.parse("ban·gor", 6) == six


def test_wrong_length_and_unknown_words_are_told_apart():
    words = small_welsh()
    with pytest.raises(IllegalMove) as short:
        words.parse("llwyd", 6)  # 4 to 5 tiles, never 6
    assert short.value.key == "wordle.wrong_length"
    with pytest.raises(IllegalMove) as unknown:
        words.parse("cyllell", 6)  # c y ll e ll: 6 tiles only as c y l l e ll (or ll e l l)
    assert unknown.value.key == "wordle.not_in_list"
    assert unknown.value.params["word"] == "cyllell"
    with pytest.raises(IllegalMove) as bad:
        words.parse("zebra", 5)
    assert bad.value.key == "wordle.bad_letters"
    with pytest.raises(IllegalMove) as long:
        words.parse("ll" * 40, 6)
    assert long.value.key == "wordle.wrong_length"


def test_a_welsh_duel_marks_digraph_tiles_whole():
    words = small_welsh()
    duel = Duel(words.parse("llaeth", 4), 0, turn=0, turn_started=0)
    row = duel.guess(0, words.parse("ffordd", 4), 10)
    assert row["marks"] == [GREY] * 4  # no ff, o, r or dd in ll a e th
    row = duel.guess(1, words.parse("llall", 4), 20)  # l l a ll
    # an l is not the letter ll: grey, though llaeth begins with ll
    assert row["marks"] == [GREY, GREY, YELLOW, YELLOW]
    row = duel.guess(0, words.parse("llaeth", 4), 30)
    assert row["marks"] == [GREEN] * 4 and duel.result == {"winner": 0}


def test_every_real_welsh_word_reads_back_from_its_letters():
    words = Dictionary("cy", REAL)
    for length in (4, 5, 6):
        for word in words.guess_lists[length][::37]:
            typed = "".join(words.tiles(word))  # the letters alone, as typed on a keyboard
            assert words.parse(typed, length) == word, typed


def test_real_list_has_welsh_words_counted_in_welsh_letters():
    words = Dictionary("cy", REAL)
    assert words.parse("ffordd", 4) in words.guesses[4]  # ff o r dd
    assert words.parse("llaeth", 4) in words.guesses[4]
    assert words.parse("dangos", 5) in words.answers[5]  # ng: one letter
    assert words.parse("pengam", 6) in words.guesses[6]  # pen + cam: n and g


def test_the_tool_splits_n_and_g_where_its_list_says_and_nowhere_else():
    n_g = TOOL.load_n_g()
    assert TOOL.stored_form("llongyfarch", n_g) == "llon·gyfarch"
    assert TOOL.stored_form("bingo", n_g) == "bin·go"
    assert TOOL.stored_form("angen", n_g) == "angen"
    assert TOOL.stored_form("cangen", n_g) == "cangen"
    for beginning in n_g:
        assert letters.SPLIT in beginning and letters.is_word("cy", beginning), beginning


def test_the_tool_keeps_base_forms_of_the_dictionary():
    entries = [
        ("cath", "n, s, f", "cat"),
        ("cathod", "n, p, f", "cats"),
        ("gath", "n, s, f", "cat"),  # a mutated headword
        ("bara", "n, s, m", "bread"),
        ("para", "v", "last"),  # bara is not a mutation of para: other meaning
        ("oer", "a", "cold"),
        ("oerach", "a", "colder"),
        ("teg", "a", "fair"),
        ("tecaf", "a", "fairest"),
        ("arno", "p", "on him"),
        ("ddoe", "b", "yesterday"),  # dd begins no radical word
        ("Cymru", "pn, s, f", "Wales"),
        ("ar ben", "b", "on top"),
    ]
    assert TOOL.base_forms(entries) == {"cath", "bara", "para", "oer", "teg"}
    assert "gath" in TOOL.mutations("cath") and "nghath" in TOOL.mutations("cath")
    assert "cath" in TOOL.radicals("chath")
