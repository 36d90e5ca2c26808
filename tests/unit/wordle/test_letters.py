"""Wordle letter rules: normalisation, tiles and keyboards per language."""

import pytest
from games.wordle import letters
from games.wordle.letters import keyboard, normalise, tiles_of

ALL = list(letters.LANGUAGES)


def test_fourteen_languages_with_native_and_english_names():
    assert ALL == [
        "en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk", "cy",
    ]  # fmt: skip
    for native, english in letters.LANGUAGES.values():
        assert native and english


@pytest.mark.parametrize("lang", ALL)
def test_keyboard_has_every_tile_on_exactly_one_key(lang):
    keys = [key for row in keyboard(lang) for key in row]
    assert len(keys) == len(set(keys))
    assert sorted(keys) == sorted(letters.alphabet(lang))
    assert 3 <= len(keyboard(lang)) <= 4


@pytest.mark.parametrize("lang", ALL)
def test_every_tile_is_normalised_and_splits_to_itself(lang):
    for tile in letters.alphabet(lang):
        assert normalise(lang, tile) == tile
        assert tiles_of(lang, tile) == [tile]
        assert normalise(lang, tile.upper()) == tile


def test_alphabet_sizes():
    sizes = {lang: len(letters.alphabet(lang)) for lang in ALL}
    assert sizes == {
        "en": 26,
        "id": 26,
        "de": 29,
        "es": 27,
        "fr": 26,
        "it": 26,
        "nl": 26,
        "uz": 28,
        "pl": 35,
        "pt": 26,
        "kk": 42,
        "ru": 32,
        "uk": 33,
        "cy": 29,
    }


@pytest.mark.parametrize(
    "lang, text, expected",
    [
        ("en", "Café", "cafe"),
        ("en", "  HELLO ", "hello"),
        ("id", "Rumah", "rumah"),
        ("de", "Straße", "strasse"),
        ("de", "STRASSE", "strasse"),
        ("de", "Bär", "bär"),
        ("de", "ÜBEL", "übel"),
        ("de", "Café", "cafe"),
        ("es", "Niño", "niño"),
        ("es", "canción", "cancion"),
        ("es", "pingüino", "pinguino"),
        ("fr", "Cœur", "coeur"),
        ("fr", "garçon", "garcon"),
        ("fr", "être", "etre"),
        ("fr", "Ægide", "aegide"),
        ("it", "città", "citta"),
        ("nl", "ĳs", "ijs"),
        ("nl", "Ĳzer", "ijzer"),
        ("nl", "café", "cafe"),
        ("pl", "Łódź", "łódź"),
        ("pl", "ŻÓŁW", "żółw"),
        ("pt", "Ação", "acao"),
        ("pt", "avó", "avo"),
        ("ru", "Ёлка", "елка"),
        ("ru", "ЙОД", "йод"),
        ("uk", "Їжак", "їжак"),
        ("uk", "ґанок", "ґанок"),
        ("kk", "Қазақ", "қазақ"),
        ("kk", "ЁЛКА", "ёлка"),
        ("uz", "O'zbek", "oʻzbek"),
        ("uz", "o’zbek", "oʻzbek"),
        ("uz", "oʻzbek", "oʻzbek"),
        ("uz", "o`zbek", "oʻzbek"),
        ("uz", "G‘ALABA", "gʻalaba"),
        ("uz", "Shahar", "shahar"),
        ("cy", "Tŷ", "ty"),
        ("cy", "GLÂN", "glan"),
        ("cy", "ŵyr", "wyr"),
        ("cy", "copïo", "copio"),
        ("cy", "Llong", "llong"),
        ("cy", "dan·gos", "dan·gos"),  # the split mark is kept for tiles_of
    ],
)
def test_normalise(lang, text, expected):
    assert normalise(lang, text) == expected


def test_normalise_composes_decomposed_input():
    assert normalise("de", "Ba\u0308r") == "bär"
    assert normalise("es", "nin\u0303o") == "niño"
    assert normalise("fr", "e\u0301te\u0301") == "ete"
    assert normalise("ru", "е\u0308лка") == "елка"
    assert normalise("uk", "и\u0306") == "й"


def test_normalise_is_idempotent():
    samples = {"de": "Straße", "fr": "Cœur", "uz": "O'g'il", "nl": "ĳs", "pt": "Ação", "ru": "ёж"}
    for lang, word in samples.items():
        once = normalise(lang, word)
        assert normalise(lang, once) == once


@pytest.mark.parametrize(
    "lang, word, tiles",
    [
        ("en", "crane", ["c", "r", "a", "n", "e"]),
        ("de", "bär", ["b", "ä", "r"]),
        ("es", "niño", ["n", "i", "ñ", "o"]),
        ("nl", "ijs", ["i", "j", "s"]),
        ("pl", "łódź", ["ł", "ó", "d", "ź"]),
        ("uz", "oʻzbek", ["oʻ", "z", "b", "e", "k"]),
        ("uz", "shahar", ["sh", "a", "h", "a", "r"]),
        ("uz", "choʻl", ["ch", "oʻ", "l"]),
        ("uz", "gʻisht", ["gʻ", "i", "sh", "t"]),
        ("uz", "tong", ["t", "o", "n", "g"]),
        ("uz", "ogʻa", ["o", "gʻ", "a"]),
        ("kk", "қазақ", ["қ", "а", "з", "а", "қ"]),
        ("uk", "ґанок", ["ґ", "а", "н", "о", "к"]),
        ("cy", "llong", ["ll", "o", "ng"]),
        ("cy", "ffordd", ["ff", "o", "r", "dd"]),
        ("cy", "chwech", ["ch", "w", "e", "ch"]),
        ("cy", "rhaglen", ["rh", "a", "g", "l", "e", "n"]),
        ("cy", "cyrhaedd", ["c", "y", "r", "h", "a", "e", "dd"]),  # rh mid-word is r, h
        ("cy", "anrhydedd", ["a", "n", "rh", "y", "d", "e", "dd"]),  # ... but not after n
        ("cy", "ffoadur", ["ff", "o", "a", "d", "u", "r"]),
        ("cy", "pethau", ["p", "e", "th", "a", "u"]),
        ("cy", "phen", ["ph", "e", "n"]),
    ],
)
def test_tiles_of(lang, word, tiles):
    assert tiles_of(lang, word) == tiles
    assert "".join(tiles) == word


def test_a_welsh_split_mark_keeps_two_letters_apart():
    assert tiles_of("cy", "llon·gyfarch") == ["ll", "o", "n", "g", "y", "f", "a", "r", "ch"]
    assert tiles_of("cy", "d·dd") == ["d", "dd"]
    for bad in ["·llong", "llong·", "ll··ong"]:
        assert not letters.is_word("cy", bad), bad
    assert not letters.is_word("en", "ban·gor")  # no split mark outside Welsh


def test_splittings_give_every_reading_the_typed_one_first():
    assert list(letters.splittings("cy", "bangor")) == [
        ["b", "a", "ng", "o", "r"],
        ["b", "a", "n", "g", "o", "r"],
    ]
    assert list(letters.splittings("cy", "ban·gor")) == [
        ["b", "a", "n", "g", "o", "r"],
        ["b", "a", "ng", "o", "r"],
    ]
    readings = list(letters.splittings("cy", "llall"))
    assert readings[0] == ["ll", "a", "ll"] and len(readings) == 4
    assert ["l", "l", "a", "l", "l"] in readings
    assert list(letters.splittings("uz", "tong")) == [["t", "o", "n", "g"]]
    assert list(letters.splittings("en", "llama")) == [["l", "l", "a", "m", "a"]]


def test_welsh_keyboard_has_a_row_of_digraphs_above_the_letters_welsh_uses():
    rows = keyboard("cy")
    assert rows[0] == ["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"]
    assert not {"k", "q", "v", "x", "z"} & {key for row in rows for key in row}


@pytest.mark.parametrize(
    "lang, word",
    [
        ("en", "naïve"),  # not normalised
        ("en", "well-known"),
        ("en", "abc1"),
        ("de", "straße"),  # ß is folded by normalise, never a tile
        ("es", "canción"),
        ("ru", "ёж"),  # ё is not a Russian tile
        ("uk", "м'ясо"),  # the apostrophe is no tile
        ("uk", "ёж"),
        ("uk", "ы"),
        ("uz", "maʻno"),  # a glottal stop is no tile
        ("uz", "cola"),  # no c in Uzbek Latin
        ("uz", "wifi"),
        ("kk", "cat"),
        ("pl", "straße"),
        ("cy", "zebra"),  # no k q v x z in Welsh
        ("cy", "kilo"),
        ("cy", "ni'n"),
    ],
)
def test_tiles_of_rejects_letters_outside_the_alphabet(lang, word):
    with pytest.raises(ValueError):
        tiles_of(lang, word)
    assert not letters.is_word(lang, word)


def test_uzbek_apostrophes_reach_the_tiles_whatever_the_variant():
    for variant in ["'", "’", "‘", "`", "ʼ", "ʻ"]:
        word = normalise("uz", f"O{variant}g{variant}il")
        assert tiles_of("uz", word) == ["oʻ", "gʻ", "i", "l"]


def test_ukrainian_apostrophe_variants_are_kept_so_words_are_rejected():
    for variant in ["'", "’", "ʼ"]:
        assert not letters.is_word("uk", normalise("uk", f"м{variant}ясо"))


def test_unknown_language():
    with pytest.raises(ValueError):
        normalise("xx", "word")
    with pytest.raises(ValueError):
        keyboard("xx")
