"""The shipped Wordle word lists (static/words/<lang>.json) keep their contract.

Regenerate them with `make wordlists` (tools/wordlists.py).
"""

import importlib.util
import json
import os

import pytest
from games.wordle import letters

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
WORDS = os.path.join(ROOT, "static", "words")
LENGTHS = ("4", "5", "6")
ALL = list(letters.LANGUAGES)

# The least each list must hold; the generator aims higher where the sources allow.
# Answers are base forms only (see test_inflected_forms_are_no_answers).
# Kazakh has no frequency list: its answers come from a small corpus, and
# with inflected forms and root fragments left out about 120-270 a length.
MIN_ANSWERS = 300
MIN_ANSWERS_KK = 100
MIN_ANSWERS_5 = 900
MIN_ANSWERS_5_KK = 200
# Welsh answers are the base-form headwords of a learner's dictionary of 12.6k.
MIN_ANSWERS_5_CY = 800
MIN_GUESSES = 1000
MAX_BYTES = 2_000_000


def _load_tool():
    spec = importlib.util.spec_from_file_location(
        "wordlists_tool", os.path.join(ROOT, "tools", "wordlists.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _load_tool()


@pytest.fixture(scope="module", params=ALL)
def lists(request):
    lang = request.param
    with open(os.path.join(WORDS, lang + ".json"), encoding="utf-8") as f:
        return lang, json.load(f)


def test_header_and_keys(lists):
    lang, data = lists
    assert data["language"] == lang
    assert data["version"] == 1
    assert set(data) <= {"language", "version", "answers", "guesses", "display"}
    assert sorted(data["answers"]) == list(LENGTHS)
    assert sorted(data["guesses"]) == list(LENGTHS)


def test_words_are_normalised_and_of_their_length_in_tiles(lists):
    lang, data = lists
    for kind in ("answers", "guesses"):
        for length, words in data[kind].items():
            for word in words:
                assert letters.normalise(lang, word) == word, (kind, word)
                assert len(letters.tiles_of(lang, word)) == int(length), (kind, word)


def test_guesses_sorted_without_duplicates(lists):
    _lang, data = lists
    for length, words in data["guesses"].items():
        assert words == sorted(set(words)), length


def test_answers_are_distinct_guesses(lists):
    _lang, data = lists
    for length, words in data["answers"].items():
        assert len(words) == len(set(words)), length
        assert set(words) <= set(data["guesses"][length]), length


def test_sane_counts(lists):
    lang, data = lists
    for length in LENGTHS:
        answers, guesses = data["answers"][length], data["guesses"][length]
        assert len(answers) >= (MIN_ANSWERS_KK if lang == "kk" else MIN_ANSWERS), (
            length,
            len(answers),
        )
        assert len(answers) <= TOOL.ANSWER_CAP[int(length)]
        assert len(guesses) >= max(MIN_GUESSES, len(answers)), (length, len(guesses))
        assert len(guesses) <= TOOL.GUESS_CAP
    least = {"kk": MIN_ANSWERS_5_KK, "cy": MIN_ANSWERS_5_CY}.get(lang, MIN_ANSWERS_5)
    assert len(data["answers"]["5"]) >= least


def test_no_blocked_answer(lists):
    lang, data = lists
    blocked = TOOL.load_blocklist(lang)
    for length, words in data["answers"].items():
        bad = [w for w in words if blocked(w)]
        assert not bad, (length, bad[:10])


def test_answers_have_a_vowel(lists):
    lang, data = lists
    for length, words in data["answers"].items():
        bad = [w for w in words if not TOOL.has_vowel(lang, w)]
        assert not bad, (length, bad[:10])


def test_display_spellings_fold_to_their_answer(lists):
    lang, data = lists
    display = data.get("display", {})
    answers = {w for words in data["answers"].values() for w in words}
    for key, shown in display.items():
        assert key in answers, key
        assert shown != key
        assert shown == shown.lower()
        assert letters.normalise(lang, shown) == key.replace(letters.SPLIT, ""), (key, shown)


def test_file_is_compact_and_small(lists):
    lang, _ = lists
    path = os.path.join(WORDS, lang + ".json")
    assert os.path.getsize(path) <= MAX_BYTES
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert "\n " not in text and '", "' not in text


@pytest.mark.parametrize("lang", ALL)
def test_sources_note_next_to_each_list(lang):
    path = os.path.join(WORDS, lang + ".SOURCES.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert "Licence" in text and "| 5 |" in text


def test_common_words_are_answers():
    samples = {
        "en": ("5", "house"),
        "de": ("4", "haus"),
        "fr": ("6", "maison"),
        "es": ("4", "casa"),
        "it": ("4", "casa"),
        "nl": ("4", "huis"),
        "pl": ("4", "woda"),
        "pt": ("4", "casa"),
        "ru": ("4", "вода"),
        "uk": ("5", "школа"),
        "id": ("5", "rumah"),
        "uz": ("4", "bola"),
        "kk": ("5", "жұмыс"),
        "cy": ("5", "ysgol"),
    }
    for lang, (length, word) in samples.items():
        with open(os.path.join(WORDS, lang + ".json"), encoding="utf-8") as f:
            data = json.load(f)
        assert word in data["answers"][length], (lang, word)


def test_english_answers_leave_out_plurals_and_names():
    with open(os.path.join(WORDS, "en.json"), encoding="utf-8") as f:
        data = json.load(f)
    answers = set(data["answers"]["5"])
    for word in ("cats", "houses", "james", "paris", "texas", "asked", "tried"):
        assert word not in answers
    for word in ("house", "speed", "greed", "bless"):
        assert word in answers
    assert {"need", "seed", "feed"} <= set(data["answers"]["4"])


# Inflected forms (allowed guesses, never answers) and, where the list has
# it, their base form (an answer). The examples first: ЛИДЕРЫ,
# РОЛЯХ, LISTY, ULICY, FROHES.
INFLECTED = {
    "en": [
        ("houses", "house"),
        ("taken", "take"),
        ("women", "woman"),
        ("wrote", "write"),
        ("going", None),
        ("asked", None),
    ],
    "de": [
        ("frohes", "froh"),
        ("jahre", "jahr"),
        ("häuser", "haus"),
        ("kinder", "kind"),
        ("hatte", "haben"),
        ("sind", "sein"),
        ("kamen", "kommen"),
        ("blieb", None),
    ],
    "es": [
        ("casas", "casa"),
        ("tiene", "tener"),
        ("puede", "poder"),
        ("pudo", "poder"),
        ("libros", "libro"),
        ("dijo", "decir"),
        ("otra", "otro"),
    ],
    "fr": [
        ("sont", "être"),
        ("grande", "grand"),
        ("femmes", "femme"),
        ("pense", "penser"),
        ("jours", "jour"),
        ("avait", "avoir"),
        ("petite", "petit"),
    ],
    "it": [
        ("anni", "anno"),
        ("cose", "cosa"),
        ("sono", "essere"),
        ("tutti", "tutto"),
        ("giorni", "giorno"),
        ("questa", "questo"),
        ("case", "casa"),
    ],
    "nl": [
        ("kwam", "komen"),
        ("ging", "gaan"),
        ("films", "film"),
        ("regels", "regel"),
        ("vogels", "vogel"),
        ("werd", "worden"),
        ("ouders", None),
    ],
    "pl": [
        ("listy", "lista"),
        ("ulicy", "ulica"),
        ("kursie", "kurs"),
        ("osób", "osoba"),
        ("pracy", "praca"),
        ("życia", "życie"),
        ("kraju", "kraj"),
        ("szkoły", "szkoła"),
    ],
    "pt": [
        ("casas", "casa"),
        ("coisas", "coisa"),
        ("muitos", "muito"),
        ("amigos", "amigo"),
        ("podem", "poder"),
        ("tenho", None),
        ("foram", None),
    ],
    "ru": [
        ("лидеры", "лидер"),
        ("ролях", "роль"),
        ("жизни", "жизнь"),
        ("работы", "работа"),
        ("города", "город"),
        ("было", "быть"),
        ("сказал", None),
    ],
    "uk": [
        ("роботи", "робота"),
        ("країни", "країна"),
        ("міста", "місто"),
        ("вулиці", "вулиця"),
        ("було", "бути"),
        ("людей", None),
    ],
    "id": [
        ("dirimu", "diri"),
        ("mulai", "mula"),
        ("kalian", "kali"),
        ("dibuat", "buat"),
        ("kucari", "cari"),
        ("sukai", "suka"),
    ],
    "uz": [
        ("tumani", "tuman"),
        ("tarixi", "tarix"),
        ("shahri", "shahar"),
        ("yilda", None),
        ("olib", None),
        ("boʻlgan", None),
    ],
    "kk": [
        ("құжаты", "құжат"),
        ("келді", "келу"),
        ("уақыты", "уақыт"),
        ("жабуды", "жабу"),
        ("болған", "болу"),
        ("қатесі", None),
    ],
    "cy": [
        ("ffyrdd", "ffordd"),  # plurals
        ("llyfrau", "llyfr"),
        ("merched", "merch"),
        ("canodd", "canu"),  # a past tense
        ("bapur", "papur"),  # mutations
        ("ddefnydd", "defnydd"),
        ("oerach", None),  # a comparative
        ("cathod", None),
    ],
}


def test_every_language_has_inflection_examples():
    assert sorted(INFLECTED) == sorted(ALL)


@pytest.mark.parametrize("lang", ALL)
def test_inflected_forms_are_no_answers_but_guesses_and_their_lemmas_answers(lang):
    with open(os.path.join(WORDS, lang + ".json"), encoding="utf-8") as f:
        data = json.load(f)
    answers = {w for words in data["answers"].values() for w in words}
    guesses = {w for words in data["guesses"].values() for w in words}
    for inflected, lemma in INFLECTED[lang]:
        form = letters.normalise(lang, inflected)
        assert form not in answers, (lang, inflected)
        assert form in guesses, (lang, inflected)  # still a word to play
        if lemma is not None:
            assert letters.normalise(lang, lemma) in answers, (lang, lemma)


def test_uzbek_endings_tell_inflected_forms():
    words = {"yil", "kitob", "tuman", "ota", "ism", "shahar", "ol", "oldi", "kel", "keldi", "hal"}
    for form in ("yilda", "kitoblar", "tumani", "otasi", "ismi", "shahri", "olib", "kelgan"):
        assert TOOL.uz_inflected(form, words), form
    # a verb stem seen only through its infinitive in the frequency counts
    assert TOOL.uz_inflected("sevgan", words, seen={"sevmoq"})
    for form in ("kitob", "film", "qism", "olim", "bola", "qanday"):
        assert not TOOL.uz_inflected(form, words | {"fil", "qis", "bol", "qand"}), form


def test_kazakh_endings_and_fragments():
    entries = {"құжат", "кел", "жабу", "тізім", "жақ"}
    for form in ("құжаты", "келді", "жабуды", "тізімі", "жағы"):
        assert TOOL.kk_inflected(form, entries), form
    for form in ("құжат", "жабу", "бала", "қара"):
        assert not TOOL.kk_inflected(form, entries | {"бал", "қар"}), form
    for fragment in ("мүмк", "мерз", "төменг", "рлеу"):
        assert TOOL.kk_fragment(fragment), fragment
    for word in ("төрт", "жұмыс", "айту", "қазақ", "ауыл"):
        assert not TOOL.kk_fragment(word), word


def test_english_inflection_knows_ing_forms():
    words = {"go", "make", "get", "thing", "ring", "bring"}
    for word in ("going", "making", "getting"):
        assert TOOL.english_inflection(word, words), word
    for word in ("thing", "bring", "during"):
        assert not TOOL.english_inflection(word, words), word


@pytest.mark.parametrize(
    "cyrillic, latin",
    [
        ("ўзбек", "oʻzbek"),
        ("ғалаба", "gʻalaba"),
        ("шаҳар", "shahar"),
        ("чўл", "choʻl"),
        ("ер", "yer"),  # е is ye at the start of a word
        ("шеър", None),  # ъ is the glottal stop: no tile, word left out
        ("поезд", "poyezd"),  # ... and after a vowel
        ("кел", "kel"),
        ("цирк", "sirk"),  # ц is s at the start and after a consonant
        ("милиция", "militsiya"),  # ... ts after a vowel
        ("ёз", "yoz"),
        ("Тошкент", "Toshkent"),
        ("исҳоқ", None),  # с+ҳ would read as the sh tile
    ],
)
def test_uzbek_transliteration(cyrillic, latin):
    assert TOOL.uz_latin(cyrillic) == latin


def test_blocklist_words_wildcards_and_normalisation(tmp_path, monkeypatch):
    folder = tmp_path / "blocklists"
    folder.mkdir()
    (folder / "ru.txt").write_text("# comment\nхуй* ёлка\nсука  # inline comment\n", "utf-8")
    monkeypatch.setattr(TOOL, "CONFIG_DIR", str(tmp_path))
    blocked = TOOL.load_blocklist("ru")
    assert blocked("хуйня") and blocked("елка") and blocked("сука")
    assert not blocked("комментарий") and not blocked("дом")
