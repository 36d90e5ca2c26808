"""What the statistics' charts count (app.charts.tallies in app.scores' version 2): each
game's measure and the computer's level, recorded from now on; version 1's records
migrated; bad tallies cleaned alone."""

import json

from app import scores
from app.battleship.frontend import FRONTEND as BATTLESHIP
from app.charts import tallies
from app.dominoes.frontend import FRONTEND as DOMINOES
from app.frame.ending import level_played
from app.frame.frontend import COMPUTER, LOCAL, REMOTE, Seat, Table
from app.storage import NAMESPACE, MemoryBackend, Store
from app.wordle_duel.changes import record as duel_record
from battleship.battleship_fixtures import battle
from games.common.rng import SeededRng
from games.dominoes import new_game as new_dominoes
from games.wordle.duel import Duel
from games.wordle.duel_game import DuelState
from games.wordle.sample_words import sample_dictionary
from test_game_view import finished, make_view  # noqa: F401 (make_view: the fixture)


def a_store(items=None):
    problems = []
    store = Store(MemoryBackend(items), lambda name, kind: problems.append((name, kind)))
    scores.register(store, ["wordle", "battleship", "marbles", "dominoes"])
    return store, problems


def test_a_measure_and_a_level_are_counted_and_the_last_one_named():
    store, _ = a_store()
    for guesses in (4, 3, 4):
        scores.record_result(store, "wordle", "duel", won=True, measure=guesses, level="hard")
    scores.record_result(store, "wordle", "duel", won=False, measure="x", level="easy")
    entry = scores.stats_for(store, "wordle")["duel"]
    assert entry["counts"] == {"4": 2, "3": 1, "x": 1}
    assert entry["levels"] == {"hard": {"won": 3, "lost": 0}, "easy": {"won": 0, "lost": 1}}
    assert entry["last"]["measure"] == "x"
    # A game with no winner counts its measure but no level; nothing measured, no count.
    scores.record_result(store, "marbles", "5", won=None, score=120, measure=120, level="hard")
    scores.record_result(store, "marbles", "5", won=None, score=None)
    marbles = scores.stats_for(store, "marbles")["5"]
    assert marbles["counts"] == {"120": 1} and marbles["levels"] == {}


def test_version_1_statistics_migrate_with_empty_tallies_and_nothing_said():
    old = {"5": {"played": 3, "won": 0, "best": 90, "last": {"score": 90}, "totals": {}}}
    store, problems = a_store(
        {NAMESPACE + "stats:marbles": json.dumps({"v": 1, "rev": 4, "data": old})}
    )
    entry = scores.stats_for(store, "marbles")["5"]
    assert entry == {**old["5"], "counts": {}, "levels": {}, "before": 3}
    written = json.loads(store.backend.get(NAMESPACE + "stats:marbles"))
    assert written["v"] == scores.STATS_VERSION == 2 and written["data"]["5"]["counts"] == {}
    assert problems == []  # a migration is no repair
    scores.record_result(store, "marbles", "5", won=None, score=70, measure=70)
    assert scores.stats_for(store, "marbles")["5"]["counts"] == {"70": 1}


def test_bad_tallies_are_cleaned_alone_and_the_player_told():
    entry = {"played": 2, "won": 1, "best": None, "last": None, "totals": {}}
    bad = {
        "duel": {
            **entry,
            "counts": {"3": 1, "04": 1, "x": 2, "y": 1, "5": 0, "6": True, "2": 1.5},
            "levels": {
                "hard": {"won": 1, "lost": 0},
                "godlike": {"won": 1, "lost": 0},
                "easy": {"won": -1, "lost": 0},
                "medium": {"won": 1},
            },
        },
        "other": {**entry, "counts": [1, 2], "levels": "hard"},
    }
    raw = json.dumps({"v": 2, "rev": 1, "data": bad})
    store, problems = a_store({NAMESPACE + "stats:wordle": raw})
    stats = scores.stats_for(store, "wordle")
    assert stats["duel"]["counts"] == {"3": 1, "x": 2}
    assert stats["duel"]["levels"] == {"hard": {"won": 1, "lost": 0}}
    assert stats["other"]["counts"] == {} and stats["other"]["levels"] == {}
    assert stats["duel"]["played"] == 2  # the rest of the variant stays
    assert (
        stats["duel"]["before"] == 0 == tallies.clean_before(3, 2) == tallies.clean_before(True, 2)
    )
    assert tallies.clean_before(2, 2) == 2
    assert problems == [("stats:wordle", "repaired")]
    too_many = {str(n): 1 for n in range(tallies.MAX_VALUES + 1)}
    assert tallies.clean_counts(too_many) == {}


def test_the_level_is_the_computers_when_they_share_one_and_nobody_is_away():
    assert level_played(Table((Seat(LOCAL), Seat(COMPUTER, "hard")))) == "hard"
    assert (
        level_played(Table((Seat(LOCAL), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")))) == "easy"
    )
    assert (
        level_played(Table((Seat(LOCAL), Seat(COMPUTER, "easy"), Seat(COMPUTER, "hard")))) is None
    )
    assert level_played(Table((Seat(LOCAL), Seat(LOCAL)))) is None
    assert (
        level_played(Table((Seat(LOCAL), Seat(REMOTE, name="Bryn"), Seat(COMPUTER, "hard"))))
        is None
    )


def a_duel(guesses):
    words = sample_dictionary()
    duel = Duel("crane", first=0, turn=0, turn_started=0)
    for i, word in enumerate(guesses):
        duel.guess(i % 2, word, i * 1000)
    return DuelState(words, duel)


def test_a_duel_counts_the_persons_turns_to_solve_the_word_or_x():
    solved = a_duel(["bread", "light", "chair", "ocean", "crane"])  # seat 0's third guess
    assert duel_record(solved, 0).measure == 3 and duel_record(solved, 0).won
    assert duel_record(solved, 1).measure == tallies.FAILED  # the other solved it first


def test_battleship_counts_shots_to_win_and_a_loss_as_lost():
    state = battle("classic")
    blue = [square for ship in state.view_for(1)["fleet"] for square in ship["squares"]]
    water = [f"{row}{c}" for row in "JF" for c in range(1, 11)]  # no ship of either fleet
    for square, miss in zip(blue, water):
        state.apply({"type": "fire", "squares": [square]})
        if not state.is_over:
            state.apply({"type": "fire", "squares": [miss]})
    won = BATTLESHIP.record(state, Table((Seat(LOCAL), Seat(COMPUTER, "hard"))), 0.0)
    assert won.won and won.measure == won.score == len(blue)
    lost = BATTLESHIP.record(state, Table((Seat(COMPUTER, "hard"), Seat(LOCAL))), 0.0)
    assert not lost.won and lost.measure == tallies.FAILED


def test_dominoes_counts_the_margin_over_the_best_other_side():
    rng = SeededRng(7)
    game = new_dominoes({"seats": 3, "target": 50}, 7)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    people = Table((Seat(LOCAL), Seat(COMPUTER, "hard"), Seat(COMPUTER, "hard")), seed=7)
    result = DOMINOES.record(game, people, 0.0)
    assert result.measure == game.scores[0] - max(game.scores[1:])
    assert (result.measure > 0) == result.won


def test_a_game_finished_on_the_frame_counts_its_measure_for_the_chart(request):
    view = finished(request.getfixturevalue("make_view"))
    entry = scores.stats_for(view.app.store, "marbles")["5"]
    score = str(view.state.score)
    assert entry["counts"] == {score: 1} and entry["last"]["measure"] == score
    assert entry["levels"] == {}  # nobody to play against
