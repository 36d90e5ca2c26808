#!/usr/bin/env python3
"""Regenerate the Wordle word lists: static/words/<lang>.json and their notes.

    make wordlists                       # makes the venv below, then runs this
    python3 tools/wordlists.py           # every language
    python3 tools/wordlists.py de fr     # some of them

Prerequisites (the data comes from these packages; nothing else is fetched):
- Debian packages: hunspell-tools (for `unmunch`) and the dictionaries
  hunspell-en-us hunspell-id hunspell-de-de hunspell-es hunspell-fr
  hunspell-it hunspell-nl hunspell-uz hunspell-pl hunspell-pt-br
  hunspell-pt-pt hunspell-kk hunspell-ru hunspell-uk
  (`apt-get update && apt-get install -y <those>`).
- PyPI packages: wordfreq, spylls, uzbek-text-tools (only its data file is
  read). `make wordlists` installs them in .cache/wordlists-venv.
- For Kazakh, `apt-get download` fetches (without installing) the Debian
  packages libreoffice-l10n-kk and firefox-esr-l10n-kk into
  .cache/wordlists/deb: their translations are counted as a Kazakh corpus.
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
   see build_kk. Every answer has a vowel (no abbreviations).
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
}
# Output licence of each JSON file: the dictionary's licence for the word
# forms, and CC BY-SA 4.0 for the wordfreq ranking of the answers. Where the
# dictionary is GPL-only, the combination is offered under GPL-3.0 (CC BY-SA
# 4.0 is one-way compatible with GPLv3).
GPL_ONLY = {"de", "it", "uz"}

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
    """Plurals, third persons and past tenses of another English word."""
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
        if not set(norm) & VOWELS:  # abbreviations: http, млрд, tbsp
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
            if shown != norm:
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

    return rank_and_write(lang, accepted, freq_of, extra, answer_cases, stats=stats)


# ------------------------------------------------------------- Uzbek

# Words seen this often in the Uzbek Wikipedia counts are guesses too.
UZ_GUESS_MIN_COUNT = 50

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

    return rank_and_write("uz", accepted, freq_of, extra, stats=stats)


# ------------------------------------------------------------- Kazakh

KK_FOREIGN = set("вёфцчщъьэ")
KK_CORPUS_PACKAGES = ["libreoffice-l10n-kk", "firefox-esr-l10n-kk"]
KK_MIN_COUNT = 2
# A word this frequent in Russian (wordfreq Zipf) is a Russian loan (блок,
# тест, метр): no Kazakh answer.
KK_RUSSIAN_ZIPF = 3.3


def kk_corpus():
    """Word counts of the Kazakh translations of LibreOffice and Firefox.

    No Kazakh frequency list was found; these translations (MPL-2.0, as
    Debian ships them) are the largest body of Kazakh text in the package
    archives: 160k words. Their .debs are fetched with `apt-get download`
    (no install) into .cache/wordlists/deb. Returns (counts, versions).
    """
    import gettext
    import glob
    import zipfile

    deb_dir = os.path.join(CACHE, "deb")
    os.makedirs(deb_dir, exist_ok=True)
    for pkg in KK_CORPUS_PACKAGES:
        if not glob.glob(os.path.join(deb_dir, pkg + "_*.deb")):
            subprocess.run(
                ["apt-get", "download", pkg],
                cwd=deb_dir,
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
    word = re.compile(r"[а-яёәғқңөұүһі]+", re.I)
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

    return rank_and_write("kk", accepted, freq_of, extra, order="corpus", stats=stats)


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

    for p in ("wordfreq", "spylls", "uzbek-text-tools"):
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
    lines.append(
        f"- Word forms (guesses, and which words are words): {dict_pkgs} "
        f"(dictionaries {', '.join(stems)}), expanded with `unmunch` from "
        f"`hunspell-tools` {vers.get('hunspell-tools', '?')}"
        + ("." if lang == "uz" else f" and checked with `spylls` {vers.get('spylls', '?')}.")
    )
    lines.append(f"  Licence of the dictionary: {licence}.")
    if lang == "uz":
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
    lines.append(
        f"- Blocklist: `tools/wordlists/blocklists/{lang}.txt` (words never used as answers)."
    )
    lines += ["", "## Licence of this file", ""]
    if lang in GPL_ONLY:
        lines.append(
            "The word forms come from a GPL-licensed dictionary, so this data "
            "file is distributed under the GNU GPL version 3 (licences/GPL-3.txt), "
            + (
                "which covers the CC BY-SA 4.0 wordfreq ranking too (CC BY-SA 4.0 "
                "allows adaptations under GPLv3)."
                if lang != "uz"
                else "with the MIT-licensed frequencies. Attribution is as above."
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
    lines += ["", f"File size: {stats['size']} bytes.", ""]
    with open(os.path.join(OUT, lang + ".SOURCES.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


LICENCE_FILES = {
    "GPL-2.txt": "/usr/share/common-licenses/GPL-2",
    "GPL-3.txt": "/usr/share/common-licenses/GPL-3",
    "LGPL-3.txt": "/usr/share/common-licenses/LGPL-3",
    "MPL-1.1.txt": "/usr/share/common-licenses/MPL-1.1",
    "MPL-2.0.txt": "/usr/share/common-licenses/MPL-2.0",
    "Apache-2.0.txt": "/usr/share/common-licenses/Apache-2.0",
}


def copyright_stanza(pkg, directory):
    """The DEP-5 stanza for one dictionary of a libreoffice-dictionaries copyright."""
    with open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8") as f:
        text = f.read()
    m = re.search(rf"^Files: dictionaries/{directory}/.*?(?=^Files: |\Z)", text, re.S | re.M)
    return m.group(0).rstrip() + "\n" if m else ""


def write_licences():
    """Licence texts and upstream notices next to the data (static/words/licences)."""
    d = os.path.join(OUT, "licences")
    os.makedirs(d, exist_ok=True)
    for name, src in LICENCE_FILES.items():
        with open(src, encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open("/usr/share/doc/hunspell-en-us/copyright", encoding="utf-8") as f:
        en = f.read()
    notices = {
        "en-dictionary.txt": en,
        "ru-dictionary.txt": copyright_stanza("hunspell-ru", "ru_RU"),
    }
    with open("/usr/share/doc/hunspell-nl/copyright", encoding="utf-8") as f:
        notices["nl-dictionary.txt"] = f.read()
    for pkg, directory, lang in [
        ("hunspell-id", "id", "id"),
        ("hunspell-es", "es", "es"),
        ("hunspell-it", "it_IT", "it"),
        ("hunspell-pl", "pl_PL", "pl"),
        ("hunspell-pt-br", "pt_BR", "pt-br"),
        ("hunspell-pt-pt", "pt_PT", "pt-pt"),
        ("hunspell-uk", "uk_UA", "uk"),
    ]:
        notices[f"{lang}-dictionary.txt"] = copyright_stanza(pkg, directory)
    for pkg, lang in [
        ("hunspell-de-de", "de"),
        ("hunspell-fr", "fr"),
        ("hunspell-kk", "kk"),
        ("hunspell-uz", "uz"),
    ]:
        with open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8") as f:
            notices[f"{lang}-dictionary.txt"] = f.read()
    for name, text in notices.items():
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
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
    parser.add_argument("languages", nargs="*", help="language codes (default: all 13)")
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
    write_licences()
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for lang, stats in pool.map(build, langs):
            write_sources(lang, stats, vers)
    print(f"all done in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
