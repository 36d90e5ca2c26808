"""Saves whose secret word is no longer an answer still load and play.

The answer lists were cut to base forms (tools/wordlists.py): a duel or a
tournament saved before that may hold a secret such as ЛИДЕРЫ, which is now
only an allowed guess. Loading checks a saved word against the language's
letters, never against the answer list, so such a save goes on as it was.
"""

import json
from pathlib import Path

import pytest
from games.wordle.dictionary import Dictionary
from games.wordle.duel import Duel
from games.wordle.duel_game import duel_game, guess
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_rules import INTRO_MS

WORDS = Path(__file__).resolve().parents[3] / "static" / "words"
# Answers of the lists before the cut that are now guesses only.
RETIRED = [("ru", "лидеры"), ("ru", "ролях"), ("pl", "listy"), ("pl", "ulicy"), ("de", "frohes")]


def dictionary(lang):
    return Dictionary(lang, json.loads((WORDS / f"{lang}.json").read_text("utf-8")))


@pytest.mark.parametrize("lang, word", RETIRED)
def test_the_word_is_a_guess_and_no_answer(lang, word):
    words = dictionary(lang)
    secret = words.encode(word)
    assert secret in words.guesses[len(secret)]
    assert secret not in words.answers[len(secret)]


@pytest.mark.parametrize("lang, word", RETIRED)
def test_a_saved_practice_duel_on_a_retired_answer_loads_and_is_won_by_it(lang, word):
    words = dictionary(lang)
    game = duel_game(words)
    secret = words.encode(word)
    wrong = next(w for w in words.guess_lists[len(secret)] if w != secret)
    duel = Duel(secret, 0, turn=0, turn_started=0)
    duel.guess(0, wrong, 1000)
    saved = json.loads(json.dumps(duel.to_json()))
    state = game.load(saved)
    assert state.to_json() == saved
    state.apply(guess(1, secret, 2000))
    assert state.is_over and state.result["winner"] == 1


def test_a_saved_tournament_whose_duels_hold_retired_answers_loads_and_plays_on():
    words = dictionary("ru")
    t = new_lobby(words, [{"name": f"Human{i}", "rating": 1000} for i in range(8)], 7)
    t.start(0)
    saved = json.loads(json.dumps(t.to_json()))
    by_length = {6: words.encode("лидеры"), 5: words.encode("ролях")}
    for match in saved["rounds"][0]["matches"]:
        duel = match["duel"]
        assert duel["rows"] == []
        if len(duel["word"]) in by_length:
            duel["word"] = by_length[len(duel["word"])]
    retired = [m for m in saved["rounds"][0]["matches"] if m["duel"]["word"] in by_length.values()]
    assert retired, "seed 7 should draw a 5- or 6-letter word in the first round"
    back = Tournament.from_json(saved, words)
    match = next(m for m in back.current["matches"] if m["duel"].word in by_length.values())
    player = match["players"][match["duel"].turn]
    back.guess(player, "".join(words.tiles(match["duel"].word)), INTRO_MS + 1000)
    assert match["duel"].is_over
