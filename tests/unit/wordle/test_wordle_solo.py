"""Today's Wordle's engine, rule by rule (docs/rules/wordle-tournament.md 17): one word of
5 letters drawn by the seed from the language's answers, 6 tries, each guess a listed word
marked as in a duel (section 4), the end when the word is found or the tries are used; its
notation and its strictly checked save; and properties over random games."""

import json
from pathlib import Path

import pytest
from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.wordle import letters
from games.wordle.dictionary import Dictionary
from games.wordle.feedback import GREEN, marks
from games.wordle.sample_words import sample_dictionary
from games.wordle.solo import LENGTH, TRIES, guess, solo_game
from runs import runs

ROOT = Path(__file__).resolve().parents[3]
WORDS = sample_dictionary()
GAME = solo_game(WORDS)


def on_word(word: str, guesses=()):
    """A game on a chosen word, through the protocol's own loader."""
    return GAME.load({"version": 1, "lang": "en", "word": word, "guesses": list(guesses)})


def refused(state, move) -> IllegalMove:
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert json.dumps(state.to_json()) == before, "a refused guess changed the game"
    return caught.value


def wrong_words(word: str, count: int) -> list[str]:
    return [w for w in WORDS.guess_lists[LENGTH] if w != word][:count]


@pytest.fixture(scope="module")
def welsh():
    data = json.loads((ROOT / "static" / "words" / "cy.json").read_text("utf-8"))
    return Dictionary("cy", data)


# --- 17.1: one word of 5 letters, 6 tries, marked as a duel's --------------------------------


def test_the_word_is_one_of_the_answers_of_5_letters_drawn_by_the_seed():
    """Rule 17.1 and 17.2: the same seed gives the same word; the seed's hidden stream
    draws it among the answers of 5 letters."""
    drawn = {GAME.new_game({}, seed).word for seed in range(40)}
    assert drawn <= set(WORDS.answers[LENGTH]) and len(drawn) > 10
    assert GAME.new_game({"lang": "en"}, 99).word == GAME.new_game({}, 99).word
    assert GAME.new_game({}, 99).to_json() == GAME.new_game({}, 99).to_json()


def test_a_guess_is_marked_as_in_a_duel_repeated_letters_included():
    """Rule 17.1 (section 4's marks): greens first, then yellows while copies remain."""
    state = on_word("apple")
    (row_event,) = state.apply(guess("alert"))
    assert row_event["row"]["marks"] == list(marks("alert", "apple"))
    state.apply(guess("eagle"))
    assert state.rows[1]["marks"] == list(marks("eagle", "apple"))  # one e: one mark


def test_only_listed_words_of_5_letters_are_guesses_and_a_word_may_come_again():
    """Rule 17.1."""
    state = on_word("apple")
    assert refused(state, guess("zzzzz")).key == "wordle.not_in_list"
    assert refused(state, guess("bird")).key == "wordle.wrong_length"
    assert refused(state, {"type": "guess", "word": 5}).key == "wordle.bad_solo_move"
    assert refused(state, {"type": "shot", "word": "crane"}).key == "wordle.bad_solo_move"
    state.apply(guess("crane"))
    state.apply(guess("crane"))
    assert [row["guess"] for row in state.rows] == ["crane", "crane"]


def test_finding_the_word_ends_the_game_with_the_tries_it_took():
    """Rule 17.1."""
    state = on_word("apple", wrong_words("apple", 2))
    assert not state.is_over and state.current_player == 0 and state.result is None
    events = state.apply(guess("apple"))
    assert events[-1] == {"type": "over", "result": {"solved": True, "guesses": 3}, "word": "apple"}
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    assert refused(state, guess("crane")).key == "wordle.solo_over"


def test_the_sixth_try_ends_the_game_and_the_word_is_shown_only_then():
    """Rule 17.1."""
    state = on_word("apple", wrong_words("apple", TRIES - 1))
    assert state.view_for(0)["word"] is None and len(state.legal_moves()) > 0
    state.apply(guess(wrong_words("apple", TRIES)[-1]))
    assert state.is_over and state.result == {"solved": False}
    assert state.view_for(0)["word"] == "apple"
    assert refused(state, guess("apple")).key == "wordle.solo_over"


def test_the_view_is_shaped_as_a_duels_for_its_board():
    state = on_word("apple", ["crane"])
    view = state.view_for(0)
    assert view["tries"] == TRIES and view["length"] == LENGTH and view["turn"] == 0
    assert view["rows"] == [{"seat": 0, "guess": "crane", "marks": list(marks("crane", "apple"))}]
    view["rows"][0]["marks"][0] = GREEN  # (a copy: the game is not changed through it)
    assert state.rows[0]["marks"] == list(marks("crane", "apple"))


# --- 17.2: each language's own word, Welsh counted in Welsh letters -------------------------


def test_each_language_draws_from_its_own_answers_welsh_in_welsh_letters(welsh):
    """Rule 17.2 (and 12.5): a Welsh word of 5 letters may have more characters."""
    cy = solo_game(welsh)
    words = [cy.new_game({}, seed).word for seed in range(60)]
    assert all(w in welsh.answers[LENGTH] and len(w) == LENGTH for w in words)
    assert any(len("".join(welsh.tiles(w))) > LENGTH for w in words)  # a digraph among them
    assert cy.new_game({}, 7).to_json()["lang"] == "cy"
    with pytest.raises(ValueError):
        cy.new_game({"lang": "en"}, 7)


def test_a_welsh_guess_typed_letter_by_letter_is_read_in_welsh_letters(welsh):
    """Rule 17.2 with 12.5: ll typed as l then l is one letter of the five."""
    cy = solo_game(welsh)
    word = next(w for w in welsh.answers[LENGTH] if welsh.encode("ll") in w)
    state = cy.load({"version": 1, "lang": "cy", "word": word, "guesses": []})
    typed = "".join(welsh.tiles(word))
    state.apply(guess(welsh.parse(typed, LENGTH)))
    assert state.result == {"solved": True, "guesses": 1}


# --- notation and saves ------------------------------------------------------------------------


def test_a_guess_is_written_as_its_word_and_read_back():
    assert GAME.format_move(guess("crane")) == "CRANE"
    assert GAME.parse_move("Crane") == guess("crane")
    state = GAME.replay({}, 5, ["CRANE", "slate"])
    assert [row["guess"] for row in state.rows] == ["crane", "slate"]
    for text in ("", "cr4ne", "x" * 41, "crane slate"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(text)


def test_a_save_is_read_back_as_it_was():
    state = GAME.new_game({}, 11)
    for word in wrong_words(state.word, 3):
        state.apply(guess(word))
    again = GAME.load(json.loads(json.dumps(GAME.save(state))))
    assert again.to_json() == state.to_json() and again.view_for(0) == state.view_for(0)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(version=2),
        lambda d: d.update(lang="cy"),
        lambda d: d.update(word="appl"),
        lambda d: d.update(word="app1e"),
        lambda d: d.update(guesses="crane"),
        lambda d: d.update(guesses=["crane", 5]),
        lambda d: d.update(guesses=["apple", "crane"]),  # a guess after the word was found
        lambda d: d.update(guesses=["crane"] * (TRIES + 1)),
        lambda d: d.update(guesses=["cran"]),
        lambda d: d.update(extra=1),
        lambda d: d.pop("guesses"),
    ],
)
def test_a_damaged_save_is_refused(change):
    data = {"version": 1, "lang": "en", "word": "apple", "guesses": ["crane"]}
    change(data)
    with pytest.raises(BadState):
        GAME.load(data)


# --- properties -------------------------------------------------------------------------------


def test_random_games_keep_the_rules():
    """Any game of listed guesses: at most 6 rows, over exactly when the word is found or
    the rows are used, every row marked against the word, the save read back the same."""
    rng = SeededRng(2026)
    listed = WORDS.guess_lists[LENGTH]
    for _ in range(runs(200)):
        state = GAME.new_game({}, rng.randrange(MAX_SEED))
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()) if rng.randrange(4) else guess(state.word))
        rows = state.rows
        assert 1 <= len(rows) <= TRIES
        assert state.solved == (rows[-1]["guess"] == state.word)
        assert all(row["guess"] != state.word for row in rows[:-1])
        assert all(row["marks"] == list(marks(row["guess"], state.word)) for row in rows)
        assert all(row["guess"] in listed for row in rows)
        assert GAME.load(GAME.save(state)).to_json() == state.to_json()
        assert all(letters.is_word("en", "".join(WORDS.tiles(row["guess"]))) for row in rows)
