"""The Wordle page's pure pieces: typing in tiles, key colours, the board."""

from app.i18n import Translator
from app.views import wordle_parts as parts
from games.wordle.duel import Duel
from games.wordle.feedback import GREEN, GREY, YELLOW
from games.wordle.sample_words import sample_dictionary


def test_typing_builds_tiles_and_stops_at_the_length():
    typing = parts.Typing("en", 5)
    for key in "CRANES":
        typing.add(key)
    assert typing.tiles() == list("crane")
    typing.back()
    assert typing.text == "cran"
    assert not typing.add("7") and typing.text == "cran"


def test_uzbek_typing_joins_multi_letter_tiles():
    typing = parts.Typing("uz", 4)
    for key in "o'rik":
        typing.add(key)
    assert typing.tiles() == ["oʻ", "r", "i", "k"]
    typing.back()
    assert typing.tiles() == ["oʻ", "r", "i"]
    typing.clear()
    for key in "shox":
        typing.add(key)
    assert typing.tiles() == ["sh", "o", "x"]


def test_german_typing_keeps_umlauts_and_folds_eszett():
    typing = parts.Typing("de", 6)
    for key in "Füße":
        typing.add(key)
    assert typing.tiles() == ["f", "ü", "s", "s", "e"]


def test_key_colours_keep_the_best_news():
    words = sample_dictionary()
    rows = [
        {"seat": 0, "guess": "crane", "marks": [GREY, YELLOW, GREEN, GREY, GREY]},
        {"seat": 1, "guess": "brave", "marks": [GREY, GREEN, GREEN, GREY, GREY]},
        {"seat": 0, "guess": None, "marks": None},
    ]
    states = parts.key_states(words, rows)
    assert states["r"] == GREEN and states["a"] == GREEN and states["c"] == GREY


def test_board_shows_both_players_rows_and_hides_nothing_it_should_not():
    t = Translator("en")
    words = sample_dictionary()
    duel = Duel("crane", 0, 0, 0)
    duel.guess(0, "slate", 1)
    duel.advance(duel.deadline)
    html = parts.board(t, words, duel.view(duel.turn_started), ["You", "<b>Bo</b>"], 0, list("cr"))
    assert html.count('class="wd-row') == 12
    assert "wd-skipped" in html and "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>" not in html
    assert "crane" not in html  # the word stays hidden
    assert "Row 1, You: SLATE." in html


def test_keyboard_has_every_tile_of_the_language_once():
    t = Translator("en")
    from games.wordle import letters

    for lang in ("en", "uz", "kk", "de", "cy"):
        html = parts.keyboard(t, lang, {}, True)
        for tile in letters.alphabet(lang):
            assert html.count(f'data-key="{tile}"') == 1, (lang, tile)


def test_a_last_guess_waiting_for_its_marks_is_not_settled():
    rows = [
        {"seat": 0, "guess": "crane", "marks": [0, 1, 2, 0, 0], "at": 1},
        {"seat": 1, "guess": None, "marks": None, "at": 2},
    ]
    assert parts.settled([]) == 0 and parts.settled(rows) == 2
    pending = [*rows, {"seat": 0, "guess": "slate", "marks": None, "at": 3}]
    assert parts.settled(pending) == 2
    assert parts.key_states(sample_dictionary(), pending) == parts.key_states(
        sample_dictionary(), rows
    )
