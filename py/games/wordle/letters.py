"""Per-language letter rules for Wordle: tiles, normalisation, keyboards.

Pure Python (standard library only): imported by the game engine under
Pyodide and by tools/wordlists.py, which stores every word exactly as
`normalise` returns it. So a word's length is `len(tiles_of(lang, word))`.

Decisions, language by language (the guide's proposal, with the details):

- en, id: the 26 letters a-z; any accent is folded (café -> cafe). QWERTY.
- de: a-z plus ä ö ü as letters of their own (Bär is not Bar); ß -> ss
  (the Swiss spelling, and a Wordle tile of its own would confuse); other
  accents folded (Café -> cafe). QWERTZ with Ü Ö Ä at the row ends.
- es: a-z plus ñ (a letter of its own); á é í ó ú ü folded. QWERTY + Ñ.
- fr: a-z; every accent folded, ç -> c, œ -> oe, æ -> ae. AZERTY.
- it: a-z; accents folded (città -> citta). QWERTY.
- nl: a-z; accents folded; the ligature ĳ -> "ij", which is two tiles
  (i, j), as the Dutch Wordle games do. QWERTY.
- pl: a-z plus ą ć ę ł ń ó ś ź ż as letters of their own. QWERTY with a
  fourth row of the nine Polish letters.
- pt: a-z; accents and ç folded for matching (ação -> acao); the word lists
  carry the accented spelling to show at the end. QWERTY.
- ru: the 32 letters а-я; ё -> е (as in most print). ЙЦУКЕН.
- uk: the 33 letters of the Ukrainian alphabet (ґ є і ї kept; no ё ъ ы э).
  The apostrophe is no tile: words that need one are left out of the lists
  (tiles_of raises on it). Ukrainian ЙЦУКЕН with Ґ on the bottom row.
- kk: all 42 letters of the Kazakh Cyrillic alphabet (the 33 Russian ones
  plus ә ғ қ ң ө ұ ү һ і). A number row of the nine Kazakh letters above
  ЙЦУКЕН, as on the Kazakh keyboard.
- uz: the official Latin alphabet in 28 tiles: a-z less c and w (24
  letters) plus oʻ gʻ sh ch as one tile each; "ng" is two tiles (n, g),
  and the glottal stop ʼ (tutuq belgisi) is no tile. The turned comma ʻ
  (U+02BB) is the stored form; ' ’ ‘ ` ʼ are accepted for it. Any ʻ not
  after o or g (the glottal stop "tutuq belgisi") is not a tile: such words
  are left out. Keyboard: QWERTY less C and W, with OʻGʻ, Sh, Ch added.

`normalise` lower-cases, applies the language's character map, folds
accents (NFD, combining marks dropped) for every character that is not a
letter of the language, and composes the rest (NFC).
"""

import unicodedata
from collections.abc import Iterator, Sequence

LANGUAGES = {
    "en": ("English", "English"),
    "id": ("Bahasa Indonesia", "Indonesian"),
    "de": ("Deutsch", "German"),
    "es": ("Español", "Spanish"),
    "fr": ("Français", "French"),
    "it": ("Italiano", "Italian"),
    "nl": ("Nederlands", "Dutch"),
    "uz": ("Oʻzbekcha", "Uzbek"),
    "pl": ("Polski", "Polish"),
    "pt": ("Português", "Portuguese"),
    "kk": ("Қазақша", "Kazakh"),
    "ru": ("Русский", "Russian"),
    "uk": ("Українська", "Ukrainian"),
    "cy": ("Cymraeg", "Welsh"),
}
"""Language code -> (native name, English name), in the game's order."""

UZ_TURNED_COMMA = "\u02bb"  # ʻ, as in oʻ and gʻ
SPLIT = "\u00b7"  # a middle dot: two letters that could be one tile are two here
WELSH_DIGRAPHS = ["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"]

_LATIN = "abcdefghijklmnopqrstuvwxyz"
_RU = "абвгдежзийклмнопрстуфхцчшщъыьэюя"

_QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
_JCUKEN = ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"]

# The tiles of each language, in alphabetical order.
_ALPHABETS = {
    "en": list(_LATIN),
    "id": list(_LATIN),
    "de": list(_LATIN) + ["ä", "ö", "ü"],
    "es": list("abcdefghijklmnñopqrstuvwxyz"),
    "fr": list(_LATIN),
    "it": list(_LATIN),
    "nl": list(_LATIN),
    "pl": list("aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"),
    "pt": list(_LATIN),
    "ru": list(_RU),
    "uk": list("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"),
    "kk": list("аәбвгғдеёжзийкқлмнңоөпрстуұүфхһцчшщъыіьэюя"),
    "uz": list("abdefghijklmnopqrstuvxyz") + ["oʻ", "gʻ", "sh", "ch"],
    "cy": [*"abc", "ch", "d", "dd", "e", "f", "ff", "g", "ng", *"hij", "l", "ll", *"mnop", "ph"]
    + ["r", "rh", "s", "t", "th", "u", "w", "y"],
}
# Languages whose words may carry SPLIT between two letters.
_SPLITTABLE = {"cy"}
# Tiles read as one only at a word's start or after one of these letters: Welsh
# "rh" in the middle of a word is r and h (arhosodd, cyrhaedd), but after d, l,
# m, n or t it begins a part of a compound (anrhydedd, ymrhoi).
_ONLY_AFTER = {"cy": {"rh": "dlmnt"}}

# Each row is a string of one-character keys or a list of tiles.
_KEYBOARDS: dict[str, Sequence[Sequence[str]]] = {
    "en": _QWERTY,
    "id": _QWERTY,
    "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"],
    "es": ["qwertyuiop", "asdfghjklñ", "zxcvbnm"],
    "fr": ["azertyuiop", "qsdfghjklm", "wxcvbn"],
    "it": _QWERTY,
    "nl": _QWERTY,
    "pl": _QWERTY + ["ąćęłńóśźż"],
    "pt": _QWERTY,
    "ru": _JCUKEN,
    "uk": ["йцукенгшщзхї", "фівапролджє", "ґячсмитьбю"],
    "kk": ["әіңғүұқөһ", "йцукенгшщзхъ", "фывапролджэ", "ячсмитьбюё"],
    "uz": [
        ["q", "e", "r", "t", "y", "u", "i", "o", "p", "oʻ", "gʻ"],
        ["a", "s", "d", "f", "g", "h", "j", "k", "l", "sh"],
        ["z", "x", "v", "b", "n", "m", "ch"],
    ],
    "cy": [WELSH_DIGRAPHS, "wertyuiop", "asdfghjl", "cbnm"],
}

# Characters mapped before accent folding (after lower-casing).
_CHAR_MAPS = {
    "de": {"ß": "ss"},
    "fr": {"œ": "oe", "æ": "ae"},
    "nl": {"ĳ": "ij"},
    "ru": {"ё": "е"},
    "uz": {
        "'": UZ_TURNED_COMMA,
        "’": UZ_TURNED_COMMA,
        "‘": UZ_TURNED_COMMA,
        "`": UZ_TURNED_COMMA,
        "ʼ": UZ_TURNED_COMMA,
        "ʹ": UZ_TURNED_COMMA,
        "´": UZ_TURNED_COMMA,
    },
    "uk": {"’": "'", "ʼ": "'"},
}
for _lang in ("en", "id", "es", "it", "pt", "pl"):
    _CHAR_MAPS.setdefault(_lang, {}).update({"œ": "oe", "æ": "ae"})
_CHAR_MAPS["de"].update({"œ": "oe", "æ": "ae"})
_CHAR_MAPS["nl"].update({"œ": "oe", "æ": "ae"})

# Single characters that are letters of the language (never folded).
_KEEP = {
    lang: frozenset(t for t in tiles if len(t) == 1) | frozenset(c for t in tiles for c in t)
    for lang, tiles in _ALPHABETS.items()
}
_TILES = {lang: frozenset(tiles) for lang, tiles in _ALPHABETS.items()}
_MAX_TILE = {lang: max(len(t) for t in tiles) for lang, tiles in _ALPHABETS.items()}


def _check_lang(lang: str) -> None:
    if lang not in _ALPHABETS:
        raise ValueError(f"unknown language: {lang!r}")


def alphabet(lang: str) -> list[str]:
    """The tiles of a language, in alphabetical order."""
    _check_lang(lang)
    return list(_ALPHABETS[lang])


def normalise(lang: str, text: str) -> str:
    """The stored, comparable form of a word: lower case, mapped, folded.

    Characters outside the alphabet that are not accented letters (digits,
    hyphens, a Ukrainian apostrophe, an Uzbek glottal stop) are kept, so that
    `tiles_of` can reject the word.
    """
    _check_lang(lang)
    keep = _KEEP[lang]
    char_map = _CHAR_MAPS.get(lang, {})
    text = unicodedata.normalize("NFC", text.strip()).lower()
    out = []
    for ch in text:
        ch = char_map.get(ch, ch)
        if len(ch) != 1 or ch in keep:
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        out.append(base if base else ch)
    return unicodedata.normalize("NFC", "".join(out))


def tiles_of(lang: str, word: str) -> list[str]:
    """Split a normalised word into tiles, longest tile first (a SPLIT between
    two letters, in a language that has it, keeps them two tiles).

    Raises ValueError for a character that no tile covers.
    """
    _check_lang(lang)
    tiles = _TILES[lang]
    longest = _MAX_TILE[lang]
    only_after = _ONLY_AFTER.get(lang, {})
    out = []
    i = 0
    while i < len(word):
        if word[i] == SPLIT and lang in _SPLITTABLE and 0 < i < len(word) - 1:
            if word[i + 1] == SPLIT:
                raise ValueError(f"{word!r}: two splits in a row")
            i += 1
        for size in range(min(longest, len(word) - i), 0, -1):
            piece = word[i : i + size]
            if piece in tiles and (
                piece not in only_after or i == 0 or word[i - 1] in only_after[piece]
            ):
                out.append(piece)
                i += size
                break
        else:
            raise ValueError(f"{word!r}: {word[i]!r} is not a letter of {lang}")
    return out


def splittings(lang: str, word: str) -> Iterator[list[str]]:
    """Every way to read a normalised word as tiles: as written first (longest
    tile first, SPLITs kept), then, in a language with SPLIT, the others (its
    SPLITs ignored), each once. Raises ValueError as tiles_of does."""
    first = tiles_of(lang, word)
    yield first
    if lang not in _SPLITTABLE:
        return
    letters_only = word.replace(SPLIT, "")
    tiles, longest = _TILES[lang], _MAX_TILE[lang]

    def walk(start: int) -> Iterator[list[str]]:
        if start == len(letters_only):
            yield []
            return
        for size in range(min(longest, len(letters_only) - start), 0, -1):
            piece = letters_only[start : start + size]
            if piece in tiles:
                for rest in walk(start + size):
                    yield [piece, *rest]

    for tiles_read in walk(0):
        if tiles_read != first:
            yield tiles_read


def is_word(lang: str, word: str) -> bool:
    """Whether a normalised word is made only of the language's tiles."""
    try:
        tiles_of(lang, word)
    except ValueError:
        return False
    return bool(word)


def keyboard(lang: str) -> list[list[str]]:
    """The on-screen keyboard: rows of tiles; every tile on exactly one key."""
    _check_lang(lang)
    return [list(row) for row in _KEYBOARDS[lang]]
