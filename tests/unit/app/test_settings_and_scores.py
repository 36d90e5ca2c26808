import pytest
from app import saved_games, scores
from app.settings import SETTINGS_SCHEMA, clean_settings, effective_language, reduce_motion
from app.storage import MemoryBackend, Store


def test_settings_keep_good_fields_and_fix_bad_ones():
    cleaned = clean_settings({"language": "cy", "theme": "purple", "motion": "reduce", "junk": 1})
    assert cleaned == {
        "language": "cy",
        "theme": "system",
        "motion": "reduce",
        "colour_blind": "off",
        "sound": "system",
    }


def test_settings_that_are_not_an_object_are_refused():
    with pytest.raises(ValueError):
        clean_settings(["cy"])


@pytest.mark.parametrize(
    "navigator, expected",
    [("cy-GB", "cy"), ("cy", "cy"), ("en-GB", "en"), ("fr", "en"), ("", "en")],
)
def test_first_visit_language_follows_the_browser(navigator, expected):
    assert effective_language(SETTINGS_SCHEMA.default(), navigator) == expected


def test_chosen_language_wins_over_the_browser():
    assert effective_language({**SETTINGS_SCHEMA.default(), "language": "en"}, "cy") == "en"


@pytest.mark.parametrize(
    "setting, system, expected",
    [
        ("system", True, True),
        ("system", False, False),
        ("reduce", False, True),
        ("full", True, False),
    ],
)
def test_reduced_motion_honours_the_setting_then_the_os(setting, system, expected):
    assert reduce_motion({"motion": setting}, system) is expected


def scored_store():
    store = Store(MemoryBackend())
    scores.register(store, ["marbles"])
    saved_games.register(store, ["marbles"])
    return store


def test_results_add_up_in_statistics():
    store = scored_store()
    scores.record_result(store, "marbles", "5", won=False, score=40, figures={"moves": 10})
    scores.record_result(store, "marbles", "5", won=True, score=90, figures={"moves": 5})
    entry = scores.stats_for(store, "marbles")["5"]
    assert entry["played"] == 2 and entry["won"] == 1 and entry["best"] == 90
    assert entry["totals"] == {"moves": 15, "score": 130, "scored": 2}
    assert entry["last"]["score"] == 90


def test_rankings_keep_the_best_twenty_in_order():
    store = scored_store()
    places = [
        scores.record_result(store, "marbles", "4", won=False, score=s, date="2026-11-29")
        for s in range(30)
    ]
    rows = scores.rankings_for(store, "marbles")["4"]
    assert [r["score"] for r in rows] == list(range(29, 9, -1))
    assert places[0] == 1 and places[-1] == 1
    assert scores.record_result(store, "marbles", "4", won=False, score=-1) is None
    assert (
        scores.record_result(store, "marbles", "4", won=False, score=15) == 16
    )  # a tie ranks after the earlier equal score


def test_lower_is_better_rankings():
    store = scored_store()
    scores.record_result(store, "marbles", "x", won=True, score=50, higher_is_better=False)
    place = scores.record_result(store, "marbles", "x", won=True, score=40, higher_is_better=False)
    assert place == 1 and scores.stats_for(store, "marbles")["x"]["best"] == 40


def test_a_bad_variant_in_stats_is_dropped_alone():
    cleaned = scores.clean_stats(
        {
            "5": {"played": 1, "won": 0, "best": 10, "last": None, "totals": {}},
            "4": {"played": -1, "won": 0, "best": None, "last": None, "totals": {}},
        }
    )
    assert list(cleaned) == ["5"]


def test_won_cannot_exceed_played():
    assert (
        scores.clean_stats({"5": {"played": 1, "won": 2, "best": None, "last": None, "totals": {}}})
        == {}
    )


def test_saved_game_round_trip_and_discard():
    store = scored_store()
    record = saved_games.save(store, "marbles", {"version": 1}, {"clock_ms": 10}, base_rev=None)
    assert saved_games.load(store, "marbles").data == {
        "state": {"version": 1},
        "meta": {"clock_ms": 10},
    }
    saved_games.save(
        store, "marbles", {"version": 1, "x": 2}, {"clock_ms": 20}, base_rev=record.rev
    )
    saved_games.discard_bad(store, "marbles")
    assert saved_games.load(store, "marbles").data is None


def test_games_without_a_winner_count_as_played_only():
    store = scored_store()
    scores.record_result(store, "marbles", "5", won=None, score=12)
    entry = scores.stats_for(store, "marbles")["5"]
    assert entry["played"] == 1 and entry["won"] == 0 and "won" not in entry["last"]


def test_the_hub_names_a_wordle_best_as_a_placement():
    from app.i18n import Translator
    from app.views.hub import result_line

    t = Translator("en")
    entry = {"played": 2, "won": 0, "best": 3, "last": None}
    assert result_line(t, entry, "wordle") == "Best placement: 3"
    assert result_line(t, entry, "marbles") == "Best: 3"


def test_the_hub_tells_games_without_a_winner_as_played_not_lost():
    """Two people's games (Battleship, Deblockle) count no winner: no "Last game: lost"."""
    from app.i18n import Translator
    from app.views.hub import result_line

    store = Store(MemoryBackend())
    scores.register(store, ["battleship"])
    scores.record_result(store, "battleship", "human-classic", won=None, figures={"turns": 40})
    entry = scores.stats_for(store, "battleship")["human-classic"]
    assert result_line(Translator("en"), entry, "battleship") == "Games played: 1"
    assert result_line(Translator("cy"), entry, "battleship") == "Gemau wedi'u chwarae: 1"
    scores.record_result(store, "battleship", "classic", won=False, score=None)
    lost = scores.stats_for(store, "battleship")["classic"]
    assert result_line(Translator("en"), lost, "battleship") == "Last game: lost"
