#!/usr/bin/env python3
"""Regenerate the Wordle word lists: static/words/<lang>.json and their notes.

    make wordlists                       # makes the venv below, then runs this
    python3 tools/wordlists.py           # every language
    python3 tools/wordlists.py de fr     # some of them

Prerequisites (the data comes from these packages; nothing else is fetched):
- Debian packages: hunspell-tools (for `unmunch`) and the dictionaries
  hunspell-en-us hunspell-id hunspell-de-de hunspell-es hunspell-fr
  hunspell-it hunspell-nl hunspell-uz hunspell-pl hunspell-pt-br
  hunspell-pt-pt hunspell-kk hunspell-ru hunspell-uk, and for Welsh
  aspell (for `precat`), aspell-cy and dict-freedict-cym-eng
  (`apt-get update && apt-get install -y <those>`).
- PyPI packages: wordfreq, spylls, uzbek-text-tools (only its data file is
  read), simplemma, pymorphy3 with pymorphy3-dicts-ru and -uk. `make
  wordlists` installs them, pinned, in .cache/wordlists-venv.
- For Kazakh and Welsh, `apt-get download` fetches (without installing) the
  Debian packages libreoffice-l10n-kk, firefox-esr-l10n-kk (and -cy) into
  .cache/wordlists/deb: their translations are counted as a corpus.
Caches (.cache/wordlists): unmunch output and spylls verdicts; a cold run
takes about 6-7 minutes on 2 cores, a warm one under a minute.

What it does, per language (see static/words/README.md for the credits):
1. Expands each hunspell dictionary to its full forms with `unmunch`, keeps
   the forms of 4-6 tiles after `games.wordle.letters.normalise`, and keeps
   only the forms that `spylls` (a Python hunspell) accepts: unmunch alone
   emits invalid forms. Forms the dictionary knows only capitalised are
   names and are left out, except in German, where nouns are capitalised.
2. Guesses: every accepted form, normalised. Where a length has more than
   GUESS_CAP words, the most frequent are kept.
3. Answers: the accepted lower-case forms (German: also capitalised nouns)
   that wordfreq knows, most frequent first, above a frequency floor, less
   the blocklist (tools/wordlists/blocklists/<lang>.txt) and
   language-specific filters (English plurals and past tenses; German
   names; Kazakh: see build_kk). Uzbek: the Cyrillic hunspell-uz word list
   transliterated to the official Latin alphabet, ranked by the Uzbek
   Wikipedia frequencies of uzbek-text-tools. Kazakh has no frequency list:
   see build_kk. Welsh: see build_cy. Every answer has a vowel (no
   abbreviations).
4. Answers are base forms (nominative singular nouns, infinitives, ...);
   inflected forms stay guesses. Hunspell languages: the dictionary's own
   affix rules (HunspellLemmas: an entry, not a suffixed form of another),
   checked by simplemma for irregular forms listed as entries (went, blieb,
   kwam); Russian and Ukrainian: pymorphy3 (PymorphyLemmas); Uzbek, whose
   list has no affix rules, and Kazakh: endings (uz_inflected, kk_inflected).
   Verdicts are cached in .cache/wordlists/<stems>.lemmas.json.
Deterministic: the same packages give byte-identical files.
"""

import importlib.util
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from games.wordle import letters  # noqa: E402

HUNSPELL = "/usr/share/hunspell"
OUT = os.path.join(ROOT, "static", "words")
CONFIG_DIR = os.path.join(ROOT, "tools", "wordlists")
CACHE = os.path.join(ROOT, ".cache", "wordlists")
LENGTHS = (4, 5, 6)
GUESS_CAP = 30000
# Answers per length at most, and the lowest wordfreq Zipf value allowed
# (3.0 = once per million words).
ANSWER_CAP = {4: 1500, 5: 2500, 6: 2500}
MIN_ZIPF = 3.0
# A word of another Latin-script language that is more than this many times
# as frequent in English is taken as an English word and is no answer.
ENGLISH_RATIO = 4.0

# An answer has a vowel (else it is an abbreviation or an interjection).
VOWELS = set("aeiouyäöüąęóаеёиоуыэюяєіїәөұүі")
# w is a vowel in Welsh (cwm, cwch).
MORE_VOWELS = {"cy": set("w")}


def has_vowel(lang, word):
    return bool(set(word) & (VOWELS | MORE_VOWELS.get(lang, set())))


# code -> dictionaries (file stems in /usr/share/hunspell), Debian packages,
# licence chosen for the dictionary data.
SOURCES = {
    "en": (
        ["en_US"],
        ["hunspell-en-us"],
        "SCOWL (Kevin Atkinson et al.): permissive SCOWL licence, see licences/en-dictionary.txt",
    ),
    "id": (["id_ID"], ["hunspell-id"], "LGPL-3.0 (Ali Ahmadi), see licences/LGPL-3.txt"),
    "de": (
        ["de_DE"],
        ["hunspell-de-de"],
        "GPL-2.0-or-later (igerman98, Björn Jacke), see licences/GPL-2.txt and licences/GPL-3.txt",
    ),
    "es": (
        ["es_ES"],
        ["hunspell-es"],
        "MPL-1.1 chosen from GPL-3+/LGPL-3+/MPL-1.1+ (Santiago Bosio), see licences/MPL-1.1.txt",
    ),
    "fr": (
        ["fr"],
        ["hunspell-fr"],
        "MPL-2.0 (Dicollecte / Grammalecte, Olivier R.), see licences/MPL-2.0.txt",
    ),
    "it": (
        ["it_IT"],
        ["hunspell-it"],
        "GPL-3.0 (LibreItalia and the OpenOffice.org Italian community), see licences/GPL-3.txt",
    ),
    "nl": (
        ["nl"],
        ["hunspell-nl"],
        "BSD chosen from BSD/CC BY 3.0 (OpenTaal), see licences/nl-dictionary.txt",
    ),
    "uz": (
        ["uz_UZ"],
        ["hunspell-uz"],
        "GPL-2.0-or-later (Mashrab Kuvatov), see licences/GPL-2.txt and licences/GPL-3.txt",
    ),
    "pl": (
        ["pl_PL"],
        ["hunspell-pl"],
        "Apache-2.0 chosen from GPL/LGPL/MPL/Apache-2.0/CC-SA-1.0 (Marek Futrega, SJP.PL), see licences/Apache-2.0.txt",
    ),
    "pt": (
        ["pt_BR", "pt_PT"],
        ["hunspell-pt-br", "hunspell-pt-pt"],
        "MPL chosen: pt_BR LGPL-3/MPL (Raimundo Moura), pt_PT GPL-2/LGPL-2.1/MPL-1.1 (Natura project, José João de Almeida et al.), see licences/MPL-1.1.txt",
    ),
    "kk": (
        ["kk_KZ"],
        ["hunspell-kk"],
        "MPL-1.1 chosen from GPL-2+/LGPL-2.1+/MPL-1.1+, see licences/MPL-1.1.txt",
    ),
    "ru": (
        ["ru_RU"],
        ["hunspell-ru"],
        "BSD-style licence of Alexander I. Lebedev, see licences/ru-dictionary.txt",
    ),
    "uk": (
        ["uk_UA"],
        ["hunspell-uk"],
        "MPL-1.1 chosen from GPL-2+/LGPL-2.1+/MPL-1.1 (Ukrainian spelling team), see licences/MPL-1.1.txt",
    ),
    "cy": (
        ["cy"],
        ["aspell-cy", "dict-freedict-cym-eng"],
        "GPL-2.0 (aspell-cy: Jim Killock, Thierry Vignaud, Mark Nodine) and GPL-2.0-or-later "
        "(FreeDict cym-eng, Eurfa: Kevin Donnelly), see licences/GPL-2.txt and licences/cy-dictionary.txt",
    ),
}
# Output licence of each JSON file: the dictionary's licence for the word
# forms, and CC BY-SA 4.0 for the wordfreq ranking of the answers. Where the
# dictionary is GPL-only, the combination is offered under GPL-3.0 (CC BY-SA
# 4.0 is one-way compatible with GPLv3).
GPL_ONLY = {"de", "it", "uz", "cy"}

# Languages whose nouns are capitalised: capitalised forms are words there.
CAPITALISED_NOUNS = {"de"}

# Dictionaries whose capitalised-only forms are taken as names, to keep
# names out of German answers.
NAME_SOURCES = ["en_US", "fr", "nl", "it_IT", "es_ES", "pt_BR", "pl_PL"]


# ---------------------------------------------------------------- helpers


def log(lang, msg):
    print(f"[{time.strftime('%H:%M:%S')}] {lang}: {msg}", flush=True)


def aff_encoding(stem):
    with open(os.path.join(HUNSPELL, stem + ".aff"), "rb") as f:
        for raw in f:
            line = raw.lstrip(b"\xef\xbb\xbf").strip()
            if line.startswith(b"SET "):
                enc = line[4:].decode("ascii").strip().lower()
                return {"iso8859-2": "iso-8859-2"}.get(enc, enc)
    return "iso-8859-1"


def clean_copy(stem):
    """The dictionary copied to the cache without byte-order marks and CRs.

    unmunch and spylls both stumble on the BOM and CRLF of kk_KZ.aff.
    """
    os.makedirs(CACHE, exist_ok=True)
    out = os.path.join(CACHE, "dict", stem)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    for ext in (".aff", ".dic"):
        with open(os.path.join(HUNSPELL, stem + ext), "rb") as f:
            data = f.read()
        data = data.replace(b"\xef\xbb\xbf", b"").replace(b"\r\n", b"\n")
        with open(out + ext, "wb") as f:
            f.write(data)
    return out


def unmunch(stem):
    """The distinct forms of 3-6 characters that unmunch makes of a dictionary.

    unmunch writes millions of forms (1.4 GB for pt_BR), so its output is
    filtered while it streams and the result cached. 3-6 characters cover
    every word of 4-6 tiles: no rule shortens a word (German ß -> ss, Dutch
    ĳ -> ij and French œ -> oe lengthen it; only Uzbek has two-letter tiles,
    and its word list is read without unmunch).
    """
    cache = os.path.join(CACHE, stem + ".forms.txt")
    if not os.path.exists(cache):
        path = clean_copy(stem)
        enc = aff_encoding(stem)
        seen = set()
        proc = subprocess.Popen(
            ["unmunch", path + ".dic", path + ".aff"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        cut = re.compile(rb"[/\t \r\n]")
        for raw in proc.stdout:
            # some lines carry flags left unapplied ("word/flags") or
            # morphological fields ("word po:nom"): keep the word
            raw = cut.split(raw, 1)[0]
            if len(raw) < 3 or len(raw) > 12 or raw in seen:
                continue
            seen.add(raw)
        if proc.wait() != 0:
            raise SystemExit(f"unmunch failed on {stem}")
        words = set()
        for raw in seen:
            word = raw.decode(enc, errors="replace").strip()
            if 3 <= len(word) <= 6:
                words.add(word)
        with open(cache + ".tmp", "w", encoding="utf-8") as out:
            out.write("\n".join(sorted(words)) + "\n")
        os.replace(cache + ".tmp", cache)
    with open(cache, encoding="utf-8") as f:
        return [w for w in f.read().split("\n") if w]


def dic_entries(stem):
    """(base form, flags) for each line of a .dic file."""
    enc = aff_encoding(stem)
    with open(os.path.join(HUNSPELL, stem + ".dic"), "rb") as f:
        lines = f.read().decode(enc, errors="replace").lstrip("\ufeff").splitlines()
    out = []
    for line in lines[1:]:
        entry = line.split("\t")[0].split(" ")[0].strip()
        word, _, flags = entry.partition("/")
        if word:
            out.append((word, flags))
    return out


def dic_stems(stem):
    """The base forms listed in a .dic file (flags cut off)."""
    return [word for word, _ in dic_entries(stem)]


def german_names():
    """Lower-cased names of de_DE.dic, told apart from nouns by their flags.

    In igerman98 a noun has plural or compounding flags (Haus/Tpmij,
    Zeit/JPmij); a name at most the genitive and a few others (Peter/SM,
    Köln/Sm). A capitalised headword with only S, M, m, J flags and no
    lower-case twin is taken as a name (this loses a few nouns such as
    Team, Doku: they stay guesses). Plus tools/wordlists/de-names.txt.
    """
    caps, lower = {}, set()
    for word, flags in dic_entries("de_DE"):
        c = case_of(word)
        if c == "cap":
            caps.setdefault(word.lower(), set()).update(flags)
        elif c == "lower":
            lower.add(word)
    names = {w for w, f in caps.items() if f <= set("SMmJ") and w not in lower}
    names |= {w + "s" for w in names}
    names |= {letters.normalise("de", w) for w in load_list("de-names.txt")}
    return names


def case_of(form):
    """'lower', 'cap' (Capitalised) or None (ALL CAPS, mixed, not letters)."""
    if not form or not all(c.isalpha() or c in "'’ʼʻ" for c in form):
        return None
    if form == form.lower():
        return "lower"
    if form[0].isupper() and form[1:] == form[1:].lower():
        return "cap"
    return None


def length_of(lang, word):
    try:
        return len(letters.tiles_of(lang, word))
    except ValueError:
        return None


def load_blocklist(lang):
    """A predicate: is this normalised word blocked as an answer?

    tools/wordlists/blocklists/<lang>.txt: words separated by spaces or
    lines, '#' comments, '*' wildcards (fnmatch).
    """
    import fnmatch

    path = os.path.join(CONFIG_DIR, "blocklists", lang + ".txt")
    exact, patterns = set(), []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                for item in line.split("#")[0].split():
                    word = letters.normalise(lang, item)
                    if "*" in word:
                        patterns.append(re.compile(fnmatch.translate(word)))
                    else:
                        exact.add(word)

    def blocked(word):
        return word in exact or any(p.match(word) for p in patterns)

    return blocked


def load_list(name):
    path = os.path.join(CONFIG_DIR, name)
    out = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    out.add(line)
    return out


def zipf(freq):
    import math

    return math.log10(freq) + 9 if freq > 0 else 0.0


def spylls_check_all(stems, forms):
    """The forms that spylls accepts in any of the dictionaries.

    Verdicts are cached in .cache/wordlists/<stems>.spylls.json (spylls is
    the slow step: minutes for the big dictionaries).
    """
    cache = os.path.join(CACHE, "+".join(stems) + ".spylls.json")
    verdicts = {}
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            verdicts = json.load(f)
    todo = [f for f in forms if f not in verdicts]
    if todo:
        from spylls.hunspell import Dictionary

        dictionaries = [Dictionary.from_files(clean_copy(s)) for s in stems]
        for form in todo:
            ok = False
            for d in dictionaries:
                try:
                    if d.lookup(form):
                        ok = True
                        break
                except Exception:  # a spylls bug on an odd form: unknown
                    pass
            verdicts[form] = ok
        with open(cache + ".tmp", "w", encoding="utf-8") as f:
            json.dump(verdicts, f, ensure_ascii=False)
        os.replace(cache + ".tmp", cache)
    return {f for f in forms if verdicts[f]}


# ------------------------------------------------------- the common path


def candidates(lang, stems, forms=None):
    """{form: (normalised, length, case)} for forms of 4-6 tiles."""
    out = {}
    seen = set()
    iterable = forms if forms is not None else (w for s in stems for w in unmunch(s))
    for form in iterable:
        if len(form) < 3 or len(form) > 14 or form in seen:
            continue
        seen.add(form)
        case = case_of(form)
        if case is None:
            continue
        norm = letters.normalise(lang, form)
        n = length_of(lang, norm)
        if n in LENGTHS:
            out[form] = (norm, n, case)
    return out


def name_forms():
    """Lower-cased forms that some dictionaries know only capitalised."""
    cap, low = set(), set()
    for stem in NAME_SOURCES:
        for w in unmunch(stem):
            c = case_of(w)
            if c == "cap":
                cap.add(w.lower())
            elif c == "lower":
                low.add(w)
    return cap - low


def english_inflection(word, lower_words):
    """Plurals, third persons, -ing forms and past tenses of another English word."""
    if word.endswith("ing") and len(word) > 4:
        stem = word[:-3]  # going, making, getting
        if (
            stem in lower_words
            or stem + "e" in lower_words
            or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in lower_words)
        ):
            return True
    if word.endswith("s") and not word.endswith("ss") and word[:-1] in lower_words:
        return True
    if word.endswith("es") and word[:-2] in lower_words:
        return True
    if word.endswith("ies") and word[:-3] + "y" in lower_words:
        return True
    if word.endswith("eed") or word in ("shed", "sled", "bled"):
        return False  # need, feed, seed, breed: not see+d
    if word.endswith("ed") and (
        word[:-2] in lower_words
        or word[:-1] in lower_words
        or (len(word) > 4 and word[-3] == word[-4] and word[:-3] in lower_words)
    ):
        return True
    return bool(word.endswith("ied") and word[:-3] + "y" in lower_words)


# ------------------------------------------------------ inflected forms
# Answers are base forms (lemmas), as a player expects them: nominative
# singular nouns, infinitives, and so on. Inflected forms stay guesses.

# Dictionaries that also list inflected forms as entries of their own (kk_KZ:
# құжаты, келді) with no other check: there an entry that a suffix rule also
# makes of another entry is taken as inflected too (a few homographs go too).
LISTED_FORMS = {"kk"}
# Dictionaries list irregular forms as entries of their own (de blieb, waren,
# es pudo, nl kwamen, pl tchem, it andato): where simplemma (lemmas from
# Wiktionary and other sources) covers the language, an entry it takes for
# the form of another lemma is inflected too.
SIMPLEMMA_LANGS = {"en", "de", "es", "fr", "it", "nl", "pl", "pt"}
# simplemma reads Dutch infinitives as forms of a noun (lopen: loop, spelen:
# spel): an entry with OpenTaal's infinitive flag is a base form whatever it says.
INFINITIVE_FLAGS = {"nl": {"Vi"}}
# Where prefixes make verb forms too (id ku-cari "I look for", di-buat).
PREFIXES_INFLECT = {"id"}
# English endings that simplemma strips and english_inflection judges itself
# (simplemma reads greed as gree + d).
EN_REGULAR_ENDINGS = {"s", "es", "d", "ed", "ing"}
# en_US's suffix flags that inflect: plural and third person, possessive,
# -ing, -ed, -est, and the plurals -ers, -ions, -ings. Its other suffixes
# derive words of their own (-ly, -ness, -er, -ion): those stay answers.
EN_INFLECTING_FLAGS = set("SMGDTZXJ")


class HunspellLemmas:
    """Tells base forms from inflected ones by the dictionaries' affix rules.

    A form is a base form when the dictionary lists it as an entry (spylls
    finds it with no suffix, or one that adds nothing; a prefix alone derives
    a word, nie- or un-, except in PREFIXES_INFLECT).
    A form that only a suffix rule makes of another entry is inflected
    (LISTY = list + y, FROHES = froh + es). In LISTED_FORMS languages an entry
    that is also a suffixed form of another entry is inflected too. Verdicts
    are cached in .cache/wordlists/<stems>.lemmas.json.
    """

    def __init__(self, lang, stems):
        self.lang, self.stems = lang, stems
        self.cache_path = os.path.join(CACHE, "+".join(stems) + ".lemmas.json")
        self.verdicts = {}
        if os.path.exists(self.cache_path):
            with open(self.cache_path, encoding="utf-8") as f:
                self.verdicts = json.load(f)
        self.dictionaries = None
        self.simplemma_lemmas = None
        self.new = 0

    def analyse(self, form):
        """[is an entry, is a suffixed form of another entry, is an entry with
        an infinitive flag]."""
        if form not in self.verdicts:
            if self.dictionaries is None:
                from spylls.hunspell import Dictionary

                self.dictionaries = [Dictionary.from_files(clean_copy(s)) for s in self.stems]
            from spylls.hunspell.algo.lookup import AffixForm

            base = inflected = verb = False
            for d in self.dictionaries:
                try:
                    found = list(d.lookuper.good_forms(form, compound_forms=False))
                except Exception:  # a spylls bug on an odd form: no verdict
                    found = []
                for parse in found:
                    if not isinstance(parse, AffixForm):
                        continue
                    suffixes = [s for s in (parse.suffix, parse.suffix2) if s]
                    if self.lang in PREFIXES_INFLECT:
                        suffixes += [p for p in (parse.prefix, parse.prefix2) if p]
                    if self.lang == "en":
                        suffixes = [s for s in suffixes if s.flag in EN_INFLECTING_FLAGS]
                    # a suffix that adds nothing (fr maison/S.: "" and "s")
                    # leaves the entry itself
                    if not suffixes or parse.stem.lower() == form.lower():
                        base = True
                        flags = parse.in_dictionary.flags if parse.in_dictionary else set()
                        verb = verb or bool(flags & INFINITIVE_FLAGS.get(self.lang, set()))
                    else:
                        inflected = True
            self.verdicts[form] = [base, inflected, verb]
            self.new += 1
        return self.verdicts[form]

    def is_lemma(self, forms):
        for form in forms:
            base, inflected, verb = self.analyse(form)
            base = base and not (inflected and self.lang in LISTED_FORMS)
            if self.lang not in SIMPLEMMA_LANGS:
                if base:
                    return True
                continue
            own, listed = self.simplemma_verdict(form)
            if (base and (own or verb)) or (own and listed):
                return True
        return False

    def simplemma_verdict(self, form):
        """(simplemma's lemma of the form is the form, the form is a lemma in
        simplemma's table). Both together bring back lemmas that the
        dictionary derives from another entry (it casa from caso, de wenn
        from wen)."""
        import simplemma

        norm = letters.normalise(self.lang, form)
        if self.simplemma_lemmas is None:
            from simplemma.strategies.dictionaries import DefaultDictionaryFactory

            table = DefaultDictionaryFactory().get_dictionary(self.lang)
            self.simplemma_lemmas = {
                letters.normalise(self.lang, lemma) for lemma in table.values() if len(lemma) <= 8
            }
        lemma = letters.normalise(self.lang, simplemma.lemmatize(form, lang=self.lang))
        own = lemma == norm
        if (
            self.lang == "en"
            and norm[len(lemma) :] in EN_REGULAR_ENDINGS
            and norm.startswith(lemma)
        ):
            own = True  # greed: gree + d, going: go + ing; english_inflection judges these
        return own, norm in self.simplemma_lemmas

    def save(self):
        if self.new:
            with open(self.cache_path + ".tmp", "w", encoding="utf-8") as f:
                json.dump(self.verdicts, f, ensure_ascii=False, sort_keys=True)
            os.replace(self.cache_path + ".tmp", self.cache_path)
            self.new = 0


# pymorphy3's tags for names: a name's "lemma" is no everyday word
# A base-form reading this rare is not what a player reads (было as a
# particle, может as a conjunction, себе: of себя).
PYMORPHY_MIN_SCORE = 0.1
PYMORPHY_NAMES = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"}


class PymorphyLemmas:
    """Russian and Ukrainian base forms by pymorphy3 (OpenCorpora and
    VESUM dictionaries): a form is a base form when its readings that are
    their own normal form (лиса, дома as an adverb), not a name's, have a
    score of PYMORPHY_MIN_SCORE together; ЛИДЕРЫ (лидер) and РОЛЯХ (роль) are
    not. Participles count as verb forms (their normal form is the infinitive)."""

    def __init__(self, lang):
        import pymorphy3

        self.lang = lang
        self.morph = pymorphy3.MorphAnalyzer(lang=lang)

    def is_lemma(self, forms):
        for form in forms:
            word = form.lower()
            norm = letters.normalise(self.lang, word)
            score = sum(
                parse.score
                for parse in self.morph.parse(word)
                if letters.normalise(self.lang, parse.normal_form) == norm
                and not (PYMORPHY_NAMES & set(parse.tag.grammemes))
            )
            if score >= PYMORPHY_MIN_SCORE:
                return True
        return False

    def save(self):
        pass


def forms_by_norm(accepted, cases):
    """{normalised: [its accepted forms of those cases]}."""
    out = {}
    for form, (norm, _n, case) in accepted.items():
        if case in cases:
            out.setdefault(norm, []).append(form)
    return out


def rank_and_write(
    lang,
    accepted,
    freq_of,
    extra_answer_filter=None,
    answer_cases=("lower",),
    order="frequency",
    stats=None,
):
    """accepted: {form: (norm, length, case)} already checked.

    freq_of(form) -> frequency (0 if unknown). Writes the JSON; returns counts.
    """
    blocked = load_blocklist(lang)
    # normalised -> [total frequency, best form, best form's frequency, cases]
    by_norm = {}
    for form, (norm, n, case) in accepted.items():
        f = freq_of(form)
        entry = by_norm.setdefault(norm, [0.0, form, -1.0, set(), n])
        entry[0] += f
        entry[3].add(case)
        # ties (wordfreq folds ß: Masse and Maße share "masse"): the plain
        # spelling wins, so only a word spelt one way only gets a display
        if f > entry[2] or (
            f == entry[2] and (form.lower() != norm, form) < (entry[1].lower() != norm, entry[1])
        ):
            entry[1], entry[2] = form, f
    guesses = {n: [] for n in LENGTHS}
    answers = {n: [] for n in LENGTHS}
    display = {}
    for norm, (total, _best, _, _cases, n) in by_norm.items():
        guesses[n].append((total, norm))
    for n in LENGTHS:
        pool = guesses[n]
        if len(pool) > GUESS_CAP:
            # most frequent first; words wordfreq never saw are cut evenly
            # across the alphabet (by a fixed hash), not from its end
            import zlib

            pool.sort(key=lambda p: (-p[0], zlib.crc32(p[1].encode("utf-8")), p[1]))
            pool = pool[:GUESS_CAP]
        guesses[n] = sorted(norm for _, norm in pool)
    kept = {n: set(guesses[n]) for n in LENGTHS}
    for norm, (total, best, _, cases, n) in by_norm.items():
        if norm not in kept[n] or blocked(norm):
            continue
        if not (cases & set(answer_cases)):
            continue
        if not has_vowel(lang, norm):  # abbreviations: http, млрд, tbsp
            continue
        if order == "frequency" and zipf(total) < MIN_ZIPF:
            continue
        if order == "corpus" and total <= 0:
            continue
        if extra_answer_filter and not extra_answer_filter(norm, best, cases):
            continue
        answers[n].append((total, norm, best))
    for n in LENGTHS:
        if order in ("frequency", "corpus"):
            answers[n].sort(key=lambda p: (-p[0], p[1]))
        else:  # order is a function norm -> sort key
            answers[n].sort(key=lambda p: order(p[1]))
        answers[n] = answers[n][: ANSWER_CAP[n]]
        for _, norm, best in answers[n]:
            shown = best.lower()
            if shown != norm.replace(letters.SPLIT, ""):
                display[norm] = shown
        answers[n] = [norm for _, norm, _ in answers[n]]
    data = {
        "language": lang,
        "version": 1,
        "answers": {str(n): answers[n] for n in LENGTHS},
        "guesses": {str(n): guesses[n] for n in LENGTHS},
    }
    if display:
        data["display"] = dict(sorted(display.items()))
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, lang + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    counts = {n: (len(answers[n]), len(guesses[n])) for n in LENGTHS}
    if stats is not None:
        stats.update(counts=counts, size=os.path.getsize(path))
    return counts


def wordfreq_lookup(lang):
    import wordfreq

    table = wordfreq.get_frequency_dict(lang)

    def freq_of(form):
        # wordfreq case-folds its keys (German ß -> ss: "gross" for groß)
        return table.get(form.lower()) or table.get(form.casefold(), 0.0)

    return freq_of


def build_hunspell(lang, stats):
    stems = SOURCES[lang][0]
    t0 = time.time()
    cands = candidates(lang, stems)
    log(lang, f"{len(cands)} forms of 4-6 tiles after unmunch ({time.time() - t0:.0f} s)")
    allowed = {"lower", "cap"} if lang in CAPITALISED_NOUNS else {"lower"}
    cands = {f: v for f, v in cands.items() if v[2] in allowed}
    t0 = time.time()
    ok = spylls_check_all(stems, sorted(cands))
    accepted = {f: v for f, v in cands.items() if f in ok}
    log(lang, f"{len(accepted)} of {len(cands)} accepted by spylls ({time.time() - t0:.0f} s)")
    stats["checked"] = (len(cands), len(accepted))
    freq_of = wordfreq_lookup(lang)
    answer_cases = ("lower",)
    # Names: a word whose dictionary lists it capitalised and never in lower
    # case as a headword is a name that some affix rule also makes in lower
    # case (pt "paulo"), not an everyday word.
    heads = [w for s in stems for w in dic_stems(s)]
    lower_heads = {w for w in heads if case_of(w) == "lower"}
    names = {w.lower() for w in heads if case_of(w) == "cap"} - lower_heads

    # English words that the dictionary also accepts (pl "every", "shirt")
    # are no everyday words of the language: far more frequent in English.
    english = wordfreq_lookup("en") if lang not in ("en", "ru", "uk") else (lambda form: 0.0)

    def extra(norm, best, cases):
        return best.lower() not in names and english(best) <= ENGLISH_RATIO * freq_of(best)

    if lang == "en":
        lower_words = {v[0] for v in accepted.values()}
        # also shorter words, for the plural test
        lower_words |= {w for w in unmunch("en_US") if case_of(w) == "lower"}
        lower_words |= {w for w in dic_stems("en_US") if case_of(w) == "lower"}  # go, be

        def extra(norm, best, cases):
            return best not in names and not english_inflection(norm, lower_words)
    elif lang == "de":
        answer_cases = ("lower", "cap")
        names = name_forms() | german_names()
        lower_de = {v[0] for v in accepted.values() if v[2] == "lower"}

        def extra(norm, best, cases):
            if norm in lower_de:
                return english(best) <= ENGLISH_RATIO * freq_of(best)
            return (
                best.lower() not in names
                and norm not in names
                and english(best) <= ENGLISH_RATIO * freq_of(best)
            )

    lemmas = PymorphyLemmas(lang) if lang in ("ru", "uk") else HunspellLemmas(lang, stems)
    forms = forms_by_norm(accepted, answer_cases)
    counts = rank_and_write(
        lang,
        accepted,
        freq_of,
        lemma_filter(extra, lemmas, forms, stats),
        answer_cases,
        stats=stats,
    )
    lemmas.save()
    return counts


def lemma_filter(extra, lemmas, forms, stats):
    """The answer filter `extra`, then: only base forms (counted in stats).

    The form judged is the one shown (the most frequent of those that fold to
    the answer, in any case): pt "quito" is no answer for a rare "quitó".
    """
    stats["inflected"] = 0

    def answer(norm, best, cases):
        if not extra(norm, best, cases):
            return False
        shown = [f for f in forms.get(norm, ()) if f.lower() == best.lower()] or [best]
        if lemmas.is_lemma(shown):
            return True
        stats["inflected"] += 1
        return False

    return answer


# ------------------------------------------------------------- Uzbek

# Words seen this often in the Uzbek Wikipedia counts are guesses too.
UZ_GUESS_MIN_COUNT = 50
# ... and this often, a verb's infinitive (sevmoq: sev-gan is inflected).
UZ_STEM_MIN_COUNT = 5

_UZ_VOWELS = set("аеёиоуўэюя")
_UZ_MAP = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "ғ": "gʻ",
    "д": "d",
    "ё": "yo",
    "ж": "j",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "қ": "q",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "ў": "oʻ",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "x",
    "ҳ": "h",
    "ч": "ch",
    "ш": "sh",
    "ы": "i",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
}


def uz_latin(word):
    """Uzbek Cyrillic -> official Latin (1995 alphabet, 2019 letter forms).

    е is "ye" at the start of a word and after a vowel, else "e"; ц is "ts"
    after a vowel, else "s"; ь is dropped. Words with ъ (tutuq belgisi) or
    с+ҳ (written sʼh) are returned as None: their apostrophe is no tile.
    """
    low = word.lower()
    if "ъ" in low or "сҳ" in low:
        return None
    out = []
    prev = None
    for ch in low:
        if ch == "е":
            out.append("ye" if prev is None or prev in _UZ_VOWELS else "e")
        elif ch == "ц":
            out.append("ts" if prev in _UZ_VOWELS else "s")
        elif ch in _UZ_MAP:
            out.append(_UZ_MAP[ch])
        else:
            return None
        prev = ch
    latin = "".join(out)
    if word[:1].isupper():
        latin = latin[:1].upper() + latin[1:]
    return latin


def uz_frequencies():
    spec = importlib.util.find_spec("uzbek_text_tools")
    if spec is None:
        raise SystemExit("pip install uzbek-text-tools (for its word_freq.json)")
    path = os.path.join(os.path.dirname(spec.origin), "data", "word_freq.json")
    with open(path, encoding="utf-8") as f:
        counts = json.load(f)
    total = sum(counts.values())
    freq, summed = {}, {}
    for word, count in counts.items():
        norm = letters.normalise("uz", word)
        freq[norm] = freq.get(norm, 0.0) + count / total
        summed[norm] = summed.get(norm, 0) + count
    return freq, summed


# Uzbek's dictionary is a flat list of forms (no affix rules): inflected forms
# are told by their endings instead. A form is inflected when it is another
# listed word plus a case, plural or possessive ending (yil-da, kitob-lar,
# ism-i, ota-si), or a verb stem plus a verb ending (ol-ib, kel-di, et-gan,
# ishla-b); a verb stem is seldom listed alone (tut), so it is one when
# another form of it is listed (tut-di) or its infinitive is seen (sev-moq).
# Derivations stay (-lik -chi -li -siz -ish -ma). Possessive endings follow
# the stem's last sound (ota-m, ism-im).
UZ_VOWEL_ENDINGS = ("m", "ng", "miz", "ngiz", "si", "sida", "sidan", "siga", "sini", "sining")
UZ_CONSONANT_ENDINGS = ("i", "im", "ing", "imiz", "ingiz", "ida", "idan", "iga", "ini", "ining")
UZ_NOUN_ENDINGS = (
    ["ning", "ni", "ga", "da", "dan", "lar", "larga", "larda", "lardan", "larni", "larning", "lari"]
    + list(UZ_VOWEL_ENDINGS)
    + list(UZ_CONSONANT_ENDINGS)
)
UZ_VERB_ENDINGS = [
    "di",
    "dim",
    "ding",
    "dik",
    "dingiz",
    "dilar",
    "ib",
    "b",
    "gan",
    "kan",
    "qan",
    "gani",
    "ganda",
    "sa",
    "sam",
    "sang",
    "sak",
    "salar",
    "adi",
    "ydi",
    "aman",
    "ydilar",
    "adilar",
    "ar",
    "r",
    "mas",
    "may",
    "moqda",
    "yapti",
    "gach",
    "guncha",
]
# The verb forms that show a stem is a verb's.
UZ_VERB_FORMS = ("di", "ib", "b", "adi", "ydi", "gan", "sa")
# Pronouns the list leaves out, whose cases it has (uning, ularni).
UZ_MORE_STEMS = {"u", "men", "sen", "biz", "siz", "ular"}
_UZ_LATIN_VOWELS = ("a", "e", "i", "o", "u", "oʻ")


def uz_stem_candidates(rest):
    """What `rest` (a form less its ending) may be the stem of: itself; with
    q, k back for gʻ, g (qishlogʻ-im); with the vowel that falls out of some
    nouns put back (ogʻz-i of ogʻiz, burn-i of burun, shahr-i of shahar)."""
    out = [rest]
    if rest.endswith("gʻ"):
        out.append(rest[:-2] + "q")
    elif rest.endswith("g"):
        out.append(rest[:-1] + "k")
    tiles = letters.tiles_of("uz", rest) if length_of("uz", rest) else []
    if len(tiles) >= 3 and tiles[-1] in ("z", "n", "l", "r", "m"):
        for vowel in ("i", "u", "a"):
            out.append("".join(tiles[:-1]) + vowel + tiles[-1])
    return out


def uz_inflected(norm, words, seen=frozenset()):
    """Is this normalised Latin form another word plus an inflection?

    words: the listed words; seen: the words of the frequency counts (only
    to find a verb's infinitive).
    """
    for ending in sorted(set(UZ_NOUN_ENDINGS) | set(UZ_VERB_ENDINGS), key=len, reverse=True):
        rest = norm[: -len(ending)]
        if not norm.endswith(ending) or not rest:
            continue
        if rest in UZ_MORE_STEMS and ending in UZ_NOUN_ENDINGS:
            return True
        vowel_final = rest.endswith(_UZ_LATIN_VOWELS)
        if len(rest) < 2 or (ending in UZ_VOWEL_ENDINGS and not vowel_final):
            continue
        if ending in UZ_CONSONANT_ENDINGS and (vowel_final or len(rest) < 3):
            continue
        if ending in ("b", "r") and not vowel_final:
            continue
        for stem in uz_stem_candidates(rest):
            if ending in UZ_NOUN_ENDINGS and stem in words:
                return True
            if ending in UZ_VERB_ENDINGS and (
                stem + "moq" in words
                or stem + "moq" in seen
                or any(stem + e != norm and stem + e in words for e in UZ_VERB_FORMS)
            ):
                return True
    return False


def build_uz(stats):
    latin = []
    for w in dic_stems("uz_UZ"):
        lw = uz_latin(w)
        if lw:
            latin.append(lw)
    cands = candidates("uz", None, forms=latin)
    accepted = {f: v for f, v in cands.items() if v[2] == "lower"}
    stats["checked"] = (len(cands), len(accepted))
    log("uz", f"{len(accepted)} lower-case Latin forms of 4-6 tiles")
    freq, counts = uz_frequencies()
    # The dictionary is small (under 900 words of 4 tiles): frequent words
    # of the Wikipedia counts are accepted as guesses too, never as answers
    # (they include names: their case is "corpus").
    extra_guesses = 0
    for norm, count in counts.items():
        n = length_of("uz", norm)
        if n in LENGTHS and count >= UZ_GUESS_MIN_COUNT and norm not in accepted:
            accepted[norm] = (norm, n, "corpus")
            extra_guesses += 1
    log("uz", f"{extra_guesses} more guesses from the Wikipedia counts")
    english = wordfreq_lookup("en")

    def freq_of(form):
        return freq.get(letters.normalise("uz", form), 0.0)

    def extra(norm, best, cases):
        return english(best) <= ENGLISH_RATIO * freq_of(best)

    # every listed word, of any length (stems of 2-3 letters: oz, tuz)
    listed = {letters.normalise("uz", w) for w in latin if case_of(w) == "lower"}
    seen = {w for w, count in counts.items() if count >= UZ_STEM_MIN_COUNT}
    stats["inflected"] = 0

    def answer(norm, best, cases):
        if not extra(norm, best, cases):
            return False
        if uz_inflected(norm, listed, seen):
            stats["inflected"] += 1
            return False
        return True

    return rank_and_write("uz", accepted, freq_of, answer, stats=stats)


# ------------------------------------------------------------- Kazakh

KK_FOREIGN = set("вёфцчщъьэ")
KK_CORPUS_PACKAGES = ["libreoffice-l10n-kk", "firefox-esr-l10n-kk"]
KK_MIN_COUNT = 1
# A word this frequent in Russian (wordfreq Zipf) is a Russian loan (блок,
# тест, метр): no Kazakh answer.
KK_RUSSIAN_ZIPF = 3.3


def kk_corpus():
    """Word counts of the Kazakh translations of LibreOffice and Firefox.

    No Kazakh frequency list was found; these translations (MPL-2.0, as
    Debian ships them) are the largest body of Kazakh text in the package
    archives: 160k words. Returns (counts, versions).
    """
    return translation_corpus(KK_CORPUS_PACKAGES, re.compile(r"[а-яёәғқңөұүһі]+", re.I))


def translation_corpus(packages, word):
    """Word counts (lower case) of the translations in these Debian packages.

    Their .debs are fetched with `apt-get download` (no install) into
    .cache/wordlists/deb. Returns (counts, versions).
    """
    import gettext
    import glob
    import zipfile

    deb_dir = os.path.join(CACHE, "deb")
    os.makedirs(deb_dir, exist_ok=True)
    for pkg in packages:
        if not glob.glob(os.path.join(deb_dir, pkg + "_*.deb")):
            subprocess.run(
                ["apt-get", "download", pkg],
                cwd=deb_dir,
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
    counts = {}
    vers = {}

    def add(text):
        # accelerator marks split words: "Ба~птау", "&Файл", "_Ашу"
        text = re.sub(r"[~&_]", "", text)
        for w in word.findall(text):
            w = w.lower()
            counts[w] = counts.get(w, 0) + 1

    for deb in sorted(glob.glob(os.path.join(deb_dir, "*.deb"))):
        name = os.path.basename(deb)
        pkg, ver = name.split("_")[0], name.split("_")[1].replace("%3a", ":")
        if pkg not in packages:
            continue
        vers[pkg] = ver
        target = os.path.join(deb_dir, pkg)
        if not os.path.isdir(target):
            subprocess.run(["dpkg-deb", "-x", deb, target], check=True)
        for path in sorted(glob.glob(os.path.join(target, "**", "*"), recursive=True)):
            if path.endswith(".mo"):
                with open(path, "rb") as f:
                    catalog = gettext.GNUTranslations(f)._catalog
                for text in catalog.values():
                    if isinstance(text, str):
                        add(text)
            elif path.endswith(".xpi"):
                with zipfile.ZipFile(path) as z:
                    for n in sorted(z.namelist()):
                        if n.endswith((".ftl", ".properties", ".dtd")):
                            add(z.read(n).decode("utf-8", "replace"))
    return counts, vers


# kk_KZ also lists inflected forms with flags of their own (жабуды, сөзін,
# болған), which its suffix rules do not make of the stem: so, as for Uzbek,
# a form that is another entry plus one of these endings is inflected too:
# cases, plural, possessive (-ы -і -сы -ың), past (-ды -ді), participles
# (-ған -атын), converb -ып, -са, and -уы (of the verbal noun). Endings of
# one letter that also end stems (бала, қара: -а) are not tried.
KK_ENDINGS = sorted(
    [
        "ның",
        "нің",
        "дың",
        "дің",
        "тың",
        "тің",
        "ға",
        "ге",
        "қа",
        "ке",
        "на",
        "не",
        "ны",
        "ні",
        "ды",
        "ді",
        "ты",
        "ті",
        "ын",
        "ін",
        "н",
        "да",
        "де",
        "та",
        "те",
        "нда",
        "нде",
        "дан",
        "ден",
        "тан",
        "тен",
        "нан",
        "нен",
        "мен",
        "бен",
        "пен",
        "лар",
        "лер",
        "дар",
        "дер",
        "тар",
        "тер",
        "ым",
        "ім",
        "м",
        "ың",
        "ің",
        "ң",
        "ы",
        "і",
        "сы",
        "сі",
        "мыз",
        "міз",
        "ыңыз",
        "іңіз",
        "ған",
        "ген",
        "қан",
        "кен",
        "ып",
        "іп",
        "п",
        "ады",
        "еді",
        "йды",
        "йді",
        "атын",
        "етін",
        "йтын",
        "йтін",
        "са",
        "се",
        "уы",
        "уі",
        "уға",
        "уге",
        "уды",
        "уді",
    ],
    key=len,
    reverse=True,
)
_KK_SOFTENED = {"ғ": "қ", "г": "к", "б": "п"}


def kk_inflected(norm, entries):
    """Is this form another entry of kk_KZ (of 2 letters or more) plus a KK_ENDINGS ending?"""
    for ending in KK_ENDINGS:
        rest = norm[: -len(ending)]
        if not norm.endswith(ending) or len(rest) < (3 if len(ending) == 1 else 2):
            continue
        stems = [rest]
        if rest[-1] in _KK_SOFTENED:
            stems.append(rest[:-1] + _KK_SOFTENED[rest[-1]])
        if any(stem in entries for stem in stems):
            return True
    return False


# The dictionary also accepts root fragments (мүмк, мерз, төменг, рлеу) that
# the corpus has in split words: Kazakh words do not start with two
# consonants, nor end with г, ғ or a pair of consonants other than these.
_KK_VOWELS = set("аәеёиоөуұүыіэюя")
KK_FINAL_PAIRS = {a + b for a in "рлнйсң" for b in "ткқс"} | {"рш", "лш", "нш", "йш", "рд", "нд"}


def kk_fragment(word):
    consonant = [c not in _KK_VOWELS for c in word]
    return (
        (consonant[0] and consonant[1])
        or word[-1] in "гғ"
        or (consonant[-1] and consonant[-2] and word[-2:] not in KK_FINAL_PAIRS)
    )


def build_kk(stats):
    """Kazakh: hunspell-kk forms; answers ranked by a translation corpus.

    Guesses: every unmunched lower-case form that spylls accepts. The
    dictionary also accepts root fragments (бюдж, инте), so its headwords
    cannot be answers by themselves. Answers: accepted forms seen at least
    KK_MIN_COUNT times in the Kazakh LibreOffice and Firefox translations
    (kk_corpus), with no Russian-only letter (в ё ф ц ч щ ъ ь э), not a
    common Russian word (адрес, слайд, блок), most frequent first. The
    corpus is software text: the answers lean to computing words (файл is
    out for its ф, but тізім, баған, құжат are in) and need a human review.
    """
    stems = SOURCES["kk"][0]
    cands = candidates("kk", stems)
    cands = {f: v for f, v in cands.items() if v[2] == "lower"}
    ok = spylls_check_all(stems, sorted(cands))
    accepted = {f: v for f, v in cands.items() if f in ok}
    stats["checked"] = (len(cands), len(accepted))
    log("kk", f"{len(accepted)} of {len(cands)} accepted by spylls")
    counts, vers = kk_corpus()
    stats["corpus"] = vers
    total = sum(counts.values())
    russian = wordfreq_lookup("ru")

    def freq_of(form):
        return counts.get(form, 0) / total

    def extra(norm, best, cases):
        return (
            counts.get(best, 0) >= KK_MIN_COUNT
            and not (KK_FOREIGN & set(best))
            and zipf(russian(best)) < KK_RUSSIAN_ZIPF
        )

    lemmas = HunspellLemmas("kk", stems)
    forms = forms_by_norm(accepted, ("lower",))
    entries = {letters.normalise("kk", w) for w in dic_stems("kk_KZ") if case_of(w) == "lower"}

    def answer(norm, best, cases):
        return (
            extra(norm, best, cases) and not kk_fragment(norm) and not kk_inflected(norm, entries)
        )

    counts = rank_and_write(
        "kk",
        accepted,
        freq_of,
        lemma_filter(answer, lemmas, forms, stats),
        order="corpus",
        stats=stats,
    )
    lemmas.save()
    return counts


# ------------------------------------------------------------- Welsh

CY_CORPUS_PACKAGES = ["libreoffice-l10n-cy", "firefox-esr-l10n-cy"]


def build_cy(stats):
    """Welsh: aspell-cy's words as guesses; FreeDict's base-form headwords as
    answers, the commonest first (see tools/wordlists_cy.py).

    No Welsh frequency list exists in our sources, so how common an answer
    is comes from the Welsh translations of LibreOffice and Firefox: the
    word's count there with its mutated forms (cath, gath, nghath, chath).
    Headwords never seen there are answers too, after the others, in an
    order fixed by a hash: the dictionary is a learner's one, and software
    text alone would leave out cath and afon.
    """
    import zlib

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import wordlists_cy

    n_g = wordlists_cy.load_n_g()
    cands = {}
    for form in wordlists_cy.aspell_words():
        if case_of(form) != "lower":
            continue
        norm = wordlists_cy.stored_form(letters.normalise("cy", form), n_g)
        n = length_of("cy", norm)
        if n in LENGTHS:
            cands[form] = (norm, n, "lower")
    heads = wordlists_cy.base_forms(wordlists_cy.freedict_entries())
    stats["headwords"] = len(heads)
    counts, vers = translation_corpus(CY_CORPUS_PACKAGES, wordlists_cy.WORD)
    stats["corpus"] = vers
    seen = {}
    for head in heads:
        norm = wordlists_cy.stored_form(letters.normalise("cy", head), n_g)
        forms = [head, *wordlists_cy.mutations(head)]
        seen[norm] = seen.get(norm, 0) + sum(counts.get(form, 0) for form in forms)

    def answer(norm, best, cases):
        return norm in seen

    def order(norm):
        return (-seen.get(norm, 0), zlib.crc32(norm.encode("utf-8")), norm)

    def weight(form):  # which guesses a length's cap keeps: answers, then the corpus's words
        return (form in heads) * 1e9 + counts.get(form, 0)

    return rank_and_write("cy", cands, weight, answer, order=order, stats=stats)


# ----------------------------------------------------------- SOURCES.md


def versions():
    out = {}
    pkgs = sorted({p for v in SOURCES.values() for p in v[1]} | {"hunspell-tools"})
    res = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Package} ${Version}\n", *pkgs], capture_output=True, text=True
    )
    for line in res.stdout.splitlines():
        name, _, ver = line.partition(" ")
        out[name] = ver
    from importlib.metadata import PackageNotFoundError, version

    for p in ("wordfreq", "spylls", "uzbek-text-tools", "simplemma", "pymorphy3"):
        try:
            out[p] = version(p)
        except PackageNotFoundError:
            out[p] = "not installed"
    return out


def write_sources(lang, stats, vers):
    stems, pkgs, licence = SOURCES[lang]
    native, english = letters.LANGUAGES[lang]
    counts = stats["counts"]
    lines = [
        f"# {english} ({native}) word lists: sources",
        "",
        f"`{lang}.json` is generated by `tools/wordlists.py`; do not edit it by hand.",
        "",
        "## Sources",
        "",
    ]
    dict_pkgs = ", ".join(f"Debian `{p}` {vers.get(p, '?')}" for p in pkgs)
    if lang == "cy":
        lines += welsh_sources(stats, vers, licence)
    else:
        lines.append(
            f"- Word forms (guesses, and which words are words): {dict_pkgs} "
            f"(dictionaries {', '.join(stems)}), expanded with `unmunch` from "
            f"`hunspell-tools` {vers.get('hunspell-tools', '?')}"
            + ("." if lang == "uz" else f" and checked with `spylls` {vers.get('spylls', '?')}.")
        )
        lines.append(f"  Licence of the dictionary: {licence}.")
    if lang == "cy":
        pass
    elif lang == "uz":
        lines.append(
            f"- Frequencies (answers): `word_freq.json` of the PyPI package "
            f"`uzbek-text-tools` {vers.get('uzbek-text-tools', '?')} (MIT; counts from "
            "Uzbek Wikipedia). The dictionary is Cyrillic: transliterated to the "
            "official Latin alphabet by `uz_latin` in the tool. Words seen at least "
            f"{UZ_GUESS_MIN_COUNT} times in those counts are accepted as guesses too "
            "(never as answers): the dictionary alone is small."
        )
    elif lang == "kk":
        corpus = ", ".join(f"Debian `{p}` {v}" for p, v in sorted(stats.get("corpus", {}).items()))
        lines.append(
            "- Frequencies (answers, and their order): no Kazakh frequency list "
            "exists in our sources; word counts of the Kazakh translations of "
            f"LibreOffice and Firefox ({corpus}; MPL-2.0, only counted, no text "
            "shipped). The dictionary also accepts root fragments, so only words "
            "seen in that corpus are answers; see `build_kk` in the tool. Software "
            "text: the answers lean to computing words and need a human review."
        )
        lines.append(
            "- Common Russian words (PyPI `wordfreq` Russian data, CC BY-SA 4.0) "
            "are kept out of the answers."
        )
    else:
        lines.append(
            f"- Frequencies (answers, and their order): PyPI `wordfreq` "
            f"{vers.get('wordfreq', '?')}, data CC BY-SA 4.0 "
            "(Robyn Speer et al.; see licences/CC-BY-SA-4.0.txt)."
        )
    if lang != "cy":
        lines.append(f"- Base forms (answers only): {lemma_note(lang, vers)}")
    lines.append(
        f"- Blocklist: `tools/wordlists/blocklists/{lang}.txt` (words never used as answers)."
    )
    lines += ["", "## Licence of this file", ""]
    if lang in GPL_ONLY:
        lines.append(
            "The word forms come from a GPL-licensed dictionary, so this data "
            "file is distributed under the GNU GPL version 3 (licences/GPL-3.txt), "
            + {
                "uz": "with the MIT-licensed frequencies. Attribution is as above.",
                "cy": "as both sources allow (aspell-cy's notice names no version of the "
                "GPL, so any may be chosen). Attribution is as above.",
            }.get(
                lang,
                "which covers the CC BY-SA 4.0 wordfreq ranking too (CC BY-SA 4.0 "
                "allows adaptations under GPLv3).",
            )
            + " It is a separate data file that the game reads; the game's code "
            "is not a derivative of it."
        )
    elif lang in ("uz", "kk"):
        lines.append(f"Distributed under the dictionary's licence: {licence}.")
    else:
        lines.append(
            f"Word forms under the dictionary's licence ({licence}); the answer "
            "selection and order come from wordfreq data, CC BY-SA 4.0, "
            "attribution as above."
        )
    lines += ["", "## Counts", "", "| length | answers | guesses |", "|---|---|---|"]
    for n in LENGTHS:
        a, g = counts[n]
        lines.append(f"| {n} | {a} | {g} |")
    checked = stats.get("checked")
    if checked:
        lines += ["", f"Forms of 4-6 tiles considered: {checked[0]}; accepted: {checked[1]}."]
    if "inflected" in stats:
        lines += [
            "",
            f"Frequent enough forms left out of the answers as inflected: {stats['inflected']}.",
        ]
    lines += ["", f"File size: {stats['size']} bytes.", ""]
    with open(os.path.join(OUT, lang + ".SOURCES.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def welsh_sources(stats, vers, licence):
    """The Sources lines of cy.SOURCES.md."""
    corpus = ", ".join(f"Debian `{p}` {v}" for p, v in sorted(stats.get("corpus", {}).items()))
    return [
        f"- Word forms (guesses, and which words are words): Debian `aspell-cy` "
        f"{vers.get('aspell-cy', '?')} (the word list, read with aspell's `precat`), every "
        "lower-case form of 4-6 Welsh letters: inflected and mutated forms (gath, nghath) "
        "included.",
        f"- Answers: base forms among the {stats.get('headwords', '?')} headwords kept "
        f"of Debian `dict-freedict-cym-eng` {vers.get('dict-freedict-cym-eng', '?')} "
        "(FreeDict's Welsh-English Eurfa dictionary, Kevin Donnelly): singular nouns, "
        "adjectives but not their degrees, verb-nouns and adverbs; no plurals, "
        "conjugated prepositions, pronouns, names or mutated headwords (see "
        "`tools/wordlists_cy.py`).",
        f"  Licence of the dictionaries: {licence}.",
        "- How common an answer is: no Welsh frequency list exists in our sources; "
        "answers are ordered by their count, with their mutated forms, in the Welsh "
        f"translations of LibreOffice and Firefox ({corpus}; MPL-2.0, only counted, no "
        "text shipped), and the headwords never seen there follow in a fixed order (a "
        "hash): every base-form headword of the learner's dictionary is an answer, the "
        "software words first. The order needs a human review.",
        "- Letters: ch dd ff ng ll ph th are one tile each, rh at a word's start or "
        "after d l m n t; n and g are two letters in the words that "
        "`tools/wordlists/cy-n-g.txt` lists (stored with a middle dot: `llon·gyfarch`).",
    ]


def lemma_note(lang, vers):
    """How SOURCES.md says the answers were kept to base forms."""
    rules = "the dictionary's own affix rules (see `HunspellLemmas` in the tool)"
    if lang in ("ru", "uk"):
        return (
            f"only forms that PyPI `pymorphy3` {vers.get('pymorphy3', '?')} (with its "
            f"`pymorphy3-dicts-{lang}` dictionary) reads as their own normal form: "
            "nominative singular nouns, infinitives, ... (see `PymorphyLemmas`)."
        )
    if lang == "uz":
        return (
            "the word list has no affix rules: forms that are another listed word "
            "plus a case, plural, possessive or verb ending are left out (see "
            "`uz_inflected` in the tool)."
        )
    if lang == "kk":
        return (
            f"only entries of the dictionary that {rules} do not make of another "
            "entry, that are no other entry plus a case, possessive or verb ending "
            "(`kk_inflected`) and no root fragment (`kk_fragment`)."
        )
    note = f"only forms that the dictionary lists as entries, by {rules}"
    if lang in SIMPLEMMA_LANGS:
        note += (
            f", and that PyPI `simplemma` {vers.get('simplemma', '?')} does not read as "
            "the form of another lemma (irregular forms listed as entries)"
        )
    if lang == "en":
        note += "; plurals, -ing and -ed forms as before (`english_inflection`)"
    return note + "."


LICENCE_FILES = {
    "GPL-2.txt": "/usr/share/common-licenses/GPL-2",
    "GPL-3.txt": "/usr/share/common-licenses/GPL-3",
    "LGPL-3.txt": "/usr/share/common-licenses/LGPL-3",
    "MPL-1.1.txt": "/usr/share/common-licenses/MPL-1.1",
    "MPL-2.0.txt": "/usr/share/common-licenses/MPL-2.0",
    "Apache-2.0.txt": "/usr/share/common-licenses/Apache-2.0",
}


def copyright_stanza(pkg, directory, prefix="Files: dictionaries/"):
    """The DEP-5 stanza for one dictionary of a copyright file of several."""
    with open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8") as f:
        text = f.read()
    m = re.search(rf"^{prefix}{directory}/.*?(?=^Files: |\Z)", text, re.S | re.M)
    return m.group(0).rstrip() + "\n" if m else ""


def _whole_copyright(pkg):
    with open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8") as f:
        return f.read()


# notice file -> (language, how to make it from the installed packages)
NOTICES = {
    "en-dictionary.txt": ("en", lambda: _whole_copyright("hunspell-en-us")),
    "ru-dictionary.txt": ("ru", lambda: copyright_stanza("hunspell-ru", "ru_RU")),
    "nl-dictionary.txt": ("nl", lambda: _whole_copyright("hunspell-nl")),
    "id-dictionary.txt": ("id", lambda: copyright_stanza("hunspell-id", "id")),
    "es-dictionary.txt": ("es", lambda: copyright_stanza("hunspell-es", "es")),
    "it-dictionary.txt": ("it", lambda: copyright_stanza("hunspell-it", "it_IT")),
    "pl-dictionary.txt": ("pl", lambda: copyright_stanza("hunspell-pl", "pl_PL")),
    "pt-br-dictionary.txt": ("pt", lambda: copyright_stanza("hunspell-pt-br", "pt_BR")),
    "pt-pt-dictionary.txt": ("pt", lambda: copyright_stanza("hunspell-pt-pt", "pt_PT")),
    "uk-dictionary.txt": ("uk", lambda: copyright_stanza("hunspell-uk", "uk_UA")),
    "de-dictionary.txt": ("de", lambda: _whole_copyright("hunspell-de-de")),
    "fr-dictionary.txt": ("fr", lambda: _whole_copyright("hunspell-fr")),
    "kk-dictionary.txt": ("kk", lambda: _whole_copyright("hunspell-kk")),
    "uz-dictionary.txt": ("uz", lambda: _whole_copyright("hunspell-uz")),
    "cy-dictionary.txt": (
        "cy",
        lambda: (
            _whole_copyright("aspell-cy")
            + "\n"
            + copyright_stanza("dict-freedict-cym-eng", "cym-eng", "Files: ")
        ),
    ),
}


def write_licences(langs):
    """Licence texts, and the upstream notices of the languages built, next to
    the data (static/words/licences)."""
    d = os.path.join(OUT, "licences")
    os.makedirs(d, exist_ok=True)
    for name, src in LICENCE_FILES.items():
        with open(src, encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    for name, (lang, make) in NOTICES.items():
        if lang in langs:
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(make())
    with open(os.path.join(d, "CC-BY-SA-4.0.txt"), "w", encoding="utf-8") as f:
        f.write(CC_BY_SA_NOTICE)


CC_BY_SA_NOTICE = """\
wordfreq data (https://github.com/rspeer/wordfreq), by Robyn Speer and
contributors, is licensed under the Creative Commons Attribution-ShareAlike
4.0 International licence: https://creativecommons.org/licenses/by-sa/4.0/
(full legal code: https://creativecommons.org/licenses/by-sa/4.0/legalcode).

wordfreq's data was built from these sources, which its authors credit:
SUBTLEX (Marc Brysbaert et al.), OpenSubtitles (opus.nlpl.eu), Wikipedia,
Google Books Ngrams, Reddit, Twitter, the Leeds Internet Corpus, the
ParaCrawl corpus, CC-100 and others, as listed in wordfreq's README.

Changes made here: the frequencies were used only to choose and order the
answer words of each list; no frequency values are shipped.
"""


# ----------------------------------------------------------------- main


def build(lang):
    stats = {}
    t0 = time.time()
    if lang == "uz":
        build_uz(stats)
    elif lang == "kk":
        build_kk(stats)
    elif lang == "cy":
        build_cy(stats)
    else:
        build_hunspell(lang, stats)
    stats["seconds"] = round(time.time() - t0)
    log(
        lang,
        f"done in {stats['seconds']} s: "
        + ", ".join(f"{n}: {a}/{g}" for n, (a, g) in stats["counts"].items()),
    )
    return lang, stats


def main(argv=None):
    # imported here: the unit tests import this module (for its blocklists
    # and constants), also under Pyodide, which has no process pool
    import argparse
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("languages", nargs="*", help="language codes (default: all 14)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    langs = args.languages or list(letters.LANGUAGES)
    for lang in langs:
        if lang not in SOURCES:
            parser.error(f"unknown language {lang}")
    # the slow ones first, so two processes finish together
    slow = ["pl", "pt", "uk", "ru", "kk", "de", "fr"]
    langs.sort(key=lambda lang: slow.index(lang) if lang in slow else len(slow))
    vers = versions()
    write_licences(langs)
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for lang, stats in pool.map(build, langs):
            write_sources(lang, stats, vers)
    print(f"all done in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
