"""Welsh sources for tools/wordlists.py: aspell-cy's words, FreeDict's headwords.

- Guesses: every word of the Debian package aspell-cy (a plain list of 350k
  forms, mutated and inflected ones included, in ISO-8859-14), read with
  aspell's `precat`.
- Answers: base forms among the headwords of the Debian package
  dict-freedict-cym-eng (Eurfa, a learner's Welsh-English dictionary of
  12.6k headwords, each with its part of speech): singular nouns,
  adjectives (not their -ach, -af, -ed degrees), verb-nouns and adverbs;
  no plurals, conjugated prepositions, pronouns or names, and no headword
  that is a mutated form of another with the same meaning (gyda of cyda).
- Tiles: a word is stored as `games.wordle.letters` reads it (ch dd ff ng ll
  ph th one tile each; rh one tile at a word's start or after d l m n t),
  except where tools/wordlists/cy-n-g.txt says its n and g are two letters
  (bingo, llongyfarch, hwiangerdd): there the stored word has a SPLIT.
"""

import gzip
import os
import re
import subprocess

from games.wordle import letters

ASPELL_LIST = "/usr/share/aspell/cy.cwl.gz"
ASPELL_CHARSET = "iso-8859-14"  # the Celtic Latin-8: ŵ ŷ
FREEDICT = "/usr/share/dictd/freedict-cym-eng"
N_G_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wordlists", "cy-n-g.txt")

# FreeDict parts of speech kept as answers: nouns in the singular (m, f, mf),
# adjectives, verbs (their headword is the verb-noun) and adverbs.
BASE_PARTS = re.compile(r"n, s, (m|f|mf)|a|v|b")
# Initial letters that only a mutation makes (no radical word begins so).
MUTATED_ONLY = ("dd", "ph", "ngh", "mh", "nh")
# (mutated start, radical start): soft, nasal and aspirate mutations.
MUTATIONS = [
    ("ngh", "c"), ("mh", "p"), ("nh", "t"), ("ch", "c"), ("ph", "p"), ("th", "t"),
    ("ng", "g"), ("dd", "d"), ("g", "c"), ("b", "p"), ("d", "t"), ("f", "b"),
    ("f", "m"), ("l", "ll"), ("r", "rh"), ("m", "b"), ("n", "d"),
]  # fmt: skip
DEGREE_ENDINGS = ("ach", "af", "ed")
_WELSH_LETTERS = "a-zâêîôûŵŷäëïöüáéíóúàèìòùẁẃỳý"
WORD = re.compile(f"[{_WELSH_LETTERS}]+", re.I)


def aspell_words() -> list[str]:
    """The words of aspell-cy, decompressed by aspell's `precat`."""
    with gzip.open(ASPELL_LIST) as f:
        packed = f.read()
    plain = subprocess.run(["precat"], input=packed, capture_output=True, check=True).stdout
    return plain.decode(ASPELL_CHARSET).split()


def freedict_entries() -> list[tuple[str, str, str]]:
    """(headword, part of speech, first gloss) for each FreeDict entry."""
    with gzip.open(FREEDICT + ".dict.dz") as f:
        data = f.read()
    with open(FREEDICT + ".index", encoding="utf-8") as f:
        index = f.read().splitlines()
    out = []
    for line in index:
        head, offset, size = line.split("\t")
        if head.startswith("00database"):
            continue
        start = _base64(offset)
        text = data[start : start + _base64(size)].decode("utf-8")
        m = re.match(r"\S.*? /.*?/ <(.*?)>\n(.*)", text, re.S)
        if m:
            out.append((head, m.group(1), m.group(2).strip().split("\n")[0]))
    return out


def _base64(text: str) -> int:
    """dictd's offsets: base 64 numbers, most significant digit first."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    value = 0
    for char in text:
        value = value * 64 + digits.index(char)
    return value


def radicals(word: str) -> list[str]:
    """The words this one could be a mutation of (cath for gath, chath, nghath)."""
    out = [radical + word[len(start) :] for start, radical in MUTATIONS if word.startswith(start)]
    if word[:1] in "aeiouwyâêîôûŵŷ":
        out.append("g" + word)  # soft mutation drops a g
    if word[:1] == "h" and word[1:2] in "aeiouwy":
        out.append(word[1:])  # an h before a vowel (ei hafal)
    return out


def mutations(word: str) -> list[str]:
    """The mutated forms of a radical word (gath, nghath, chath for cath)."""
    out = [start + word[len(radical) :] for start, radical in MUTATIONS if word.startswith(radical)]
    if word.startswith("g"):
        out.append(word[1:])
    if word[:1] in "aeiouwy":
        out.append("h" + word)
    return [form for form in out if form]


def base_forms(entries: list[tuple[str, str, str]]) -> set[str]:
    """The headwords that are answers: base forms, radical, plain words."""
    parts: dict[str, set[str]] = {}
    glosses: dict[str, set[str]] = {}
    for head, part, gloss in entries:
        parts.setdefault(head, set()).add(part)
        glosses.setdefault(head, set()).add(gloss)
    adjectives = {head for head, kinds in parts.items() if "a" in kinds}
    out = set()
    for head, kinds in parts.items():
        if not WORD.fullmatch(head) or head != head.lower() or head.startswith(MUTATED_ONLY):
            continue
        if not any(BASE_PARTS.fullmatch(kind) for kind in kinds):
            continue
        if any(glosses.get(radical, set()) & glosses[head] for radical in radicals(head)):
            continue  # gyda: cyda with a soft mutation
        if kinds == {"a"} and _degree_of(head, adjectives):
            continue  # oerach, oeraf: degrees of oer
        out.add(head)
    return out


def _degree_of(word: str, adjectives: set[str]) -> bool:
    """Whether an adjective is the comparative, superlative or equative of another
    (teced of teg: the last consonant hardens before the ending)."""
    hard = {"c": "g", "p": "b", "t": "d"}
    for ending in DEGREE_ENDINGS:
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 2:
            softer = stem[:-1] + hard.get(stem[-1], stem[-1])
            if {stem, softer, stem[:-1]} & adjectives:
                return True
    return False


def load_n_g() -> list[str]:
    """The word beginnings in which n and g are two letters (cy-n-g.txt),
    each with a SPLIT between them: "llon·gyfarch"."""
    out = []
    with open(N_G_LIST, encoding="utf-8") as f:
        for line in f:
            item = line.split("#")[0].strip()
            if item:
                out.append(letters.normalise("cy", item))
    return out


def stored_form(normalised: str, n_g: list[str]) -> str:
    """A normalised word as the list stores it: n and g split where cy-n-g.txt
    says so (the longest beginning that fits), else as `letters` reads it."""
    for beginning in sorted(n_g, key=len, reverse=True):
        plain = beginning.replace(letters.SPLIT, "")
        if normalised.startswith(plain):
            return beginning + normalised[len(plain) :]
    return normalised
