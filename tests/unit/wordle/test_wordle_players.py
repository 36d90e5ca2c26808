"""The dictionary, the solver and the computer players."""

import pytest
from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS, Duel
from games.wordle.players import LEVELS, Player, expert_guess
from games.wordle.sample_words import sample_dictionary
from games.wordle.solver import best_guess, consistent, fingerprint


def test_a_guess_of_the_wrong_length_or_not_in_the_dictionary_is_refused_with_a_reason():
    words = sample_dictionary()
    with pytest.raises(IllegalMove) as refused:
        words.parse("cran", 5)
    assert refused.value.key == "wordle.wrong_length" and refused.value.params == {"length": 5}
    with pytest.raises(IllegalMove) as refused:
        words.parse("zzzzz", 5)
    assert refused.value.key == "wordle.not_in_list"
    with pytest.raises(IllegalMove) as refused:
        words.parse("cr4ne", 5)
    assert refused.value.key == "wordle.bad_letters"
    assert words.parse(" Crane ", 5) == "crane"


def uzbek():
    data = {
        "language": "uz",
        "version": 1,
        "answers": {"4": ["oʻrik"], "5": ["choʻpon"], "6": ["gʻalaba"]},
        "guesses": {"4": ["oʻrik", "shox"], "5": ["choʻpon"], "6": ["gʻalaba"]},
    }
    return Dictionary("uz", data)


def test_a_tile_of_several_characters_is_one_letter():
    words = uzbek()
    assert [len(words.answers[n][0]) for n in (4, 5, 6)] == [4, 5, 6]
    with pytest.raises(IllegalMove):
        words.parse("shox", 4)  # sh-o-x: three letters
    assert words.tiles(words.parse("oʻrik", 4)) == ["oʻ", "r", "i", "k"]
    assert words.parse("o'rik", 4) == words.parse("oʻrik", 4)  # any apostrophe
    assert words.display(words.parse("gʻalaba", 6)) == "gʻalaba"


def rows_for(answer, guesses):
    d = Duel(answer, 0, 0, 0)
    for i, guess in enumerate(guesses):
        d.guess(d.turn, guess, i)
    return d.view(len(guesses))["rows"]


def test_consistent_keeps_exactly_the_words_that_fit_every_row():
    words = sample_dictionary()
    rows = rows_for("crane", ["slate", "brick"])
    fitting = consistent(words.answers[5], rows)
    assert "crane" in fitting
    assert all(w[2] == "a" and w[4] == "e" and "r" in w for w in fitting)


def test_the_expert_solves_every_sample_answer_within_six():
    words = sample_dictionary()
    for answer in words.answers[5]:
        rows = []
        for _ in range(6):
            guess = expert_guess(words, 5, rows)
            rows = rows_for(answer, [r["guess"] for r in rows] + [guess])
            if guess == answer:
                break
        assert rows[-1]["guess"] == answer


def test_the_expert_uses_the_opponents_rows_too():
    words = sample_dictionary()
    rows = rows_for("flame", ["crane", "blame"])  # the opponent's rows
    assert expert_guess(words, 5, rows) == "flame"


def test_best_guess_of_two_is_the_more_common_one():
    assert best_guess(["about", "zebra"], []) == "about"


def test_fingerprint_ignores_order():
    assert fingerprint(["b", "a"]) == fingerprint(["a", "b"]) != fingerprint(["a", "c"])


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plans_a_dictionary_word_and_the_seed_replays_it(level):
    words = sample_dictionary()
    player = Player(LEVELS[level])
    view = Duel("crane", 0, 0, 0).view(0)
    plans = [player.plan(view, words, 0, SeededRng(seed)) for seed in range(30)]
    assert plans == [player.plan(view, words, 0, SeededRng(seed)) for seed in range(30)]
    for plan in plans:
        assert plan.think_ms > 0
        assert plan.word is None or plan.word in words.guesses[5]


def test_weak_players_are_slower_and_sometimes_run_out_of_time():
    words = sample_dictionary()
    view = Duel("crane", 0, 0, 0).view(0)

    def plans(skill):
        return [Player(skill).plan(view, words, 0, SeededRng(seed)) for seed in range(300)]

    weak, strong = plans(LEVELS["beginner"]), plans(LEVELS["expert"])
    assert sum(p.think_ms for p in weak) > 1.5 * sum(p.think_ms for p in strong)
    assert any(p.word is None and p.think_ms >= TURN_MS for p in weak)
    assert all(p.word is not None for p in strong)
