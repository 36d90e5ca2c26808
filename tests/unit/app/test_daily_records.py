"""What a device keeps of its dailies (app.daily.records): one result a day, streaks, and
damaged storage reset no further than the damage."""

import json

from app import scores
from app.daily import records
from app.daily.records import DailyResult
from app.i18n import Translator
from app.storage import NAMESPACE, MemoryBackend, Store
from app.storage_problems import storage_area


def make_store(items=None):
    problems = []
    store = Store(MemoryBackend(items), on_problem=lambda name, kind: problems.append((name, kind)))
    records.register(store, ["marbles", "wordle"])
    scores.register(store, ["marbles"])
    return store, problems


def stored(data, version=1):
    return json.dumps({"v": version, "rev": 1, "data": data})


SCORED = DailyResult("5", None, {"score": 120, "lines": 9})


def test_a_day_keeps_its_first_result_only():
    store, _ = make_store()
    assert records.record(store, "marbles", 3, SCORED)
    assert not records.record(store, "marbles", 3, DailyResult("5", None, {"score": 999}))
    assert records.result_of(store, "marbles", 3) == SCORED
    assert records.result_of(store, "marbles", 4) is None


def test_a_daily_never_counts_in_the_ordinary_statistics():
    store, _ = make_store()
    records.record(store, "marbles", 3, SCORED)
    assert scores.stats_for(store, "marbles") == {}
    assert scores.rankings_for(store, "marbles") == {}


def test_each_game_has_its_own_dailies():
    store, _ = make_store()
    records.record(store, "marbles", 3, SCORED)
    assert records.result_of(store, "wordle", 3) is None
    assert records.streaks(store, "wordle", 3) == records.Streaks(0, 0)


def test_streaks_run_across_days_and_a_missed_day_ends_the_current_one():
    store, _ = make_store()
    for day in (1, 2, 3, 5, 6):
        records.record(store, "marbles", day, SCORED)
    assert records.streaks(store, "marbles", 6) == records.Streaks(2, 3)
    assert records.streaks(store, "marbles", 7) == records.Streaks(2, 3)  # today still to play
    assert records.streaks(store, "marbles", 8) == records.Streaks(0, 3)


def test_the_best_streak_outlives_the_days_no_longer_kept():
    store, _ = make_store()
    for day in range(1, records.KEPT + 21):
        records.record(store, "marbles", day, SCORED)
    data = store.load("daily:marbles").data
    assert len(data["results"]) == records.KEPT
    assert "1" not in data["results"]
    assert records.streaks(store, "marbles", records.KEPT + 20).current == records.KEPT + 20
    records.record(store, "marbles", records.KEPT + 30, SCORED)  # after a gap
    assert records.streaks(store, "marbles", records.KEPT + 30).best == records.KEPT + 20


def test_a_damaged_day_is_dropped_alone_and_the_player_told():
    good = SCORED.to_json()
    data = {
        "results": {
            "1": good,
            "2": {"variant": "5", "won": "yes", "figures": {}},
            "03": good,
            "0": good,
            "4": {**good, "figures": {"score": -1}},
            "5": {**good, "figures": {"Score": 1}},
            "6": {**good, "figures": {"marks": "<b>"}},
            "7": {**good, "extra": 1},
            "8": good,
        },
        "best": "many",
    }
    store, problems = make_store({NAMESPACE + "daily:marbles": stored(data)})
    kept = store.load("daily:marbles").data
    assert sorted(kept["results"]) == ["1", "8"]
    assert kept["best"] == 1
    assert kept["run"] == [8, 1]
    assert problems == [("daily:marbles", "repaired")]


def test_a_corrupt_record_resets_that_game_s_dailies_only():
    items = {
        NAMESPACE + "daily:marbles": "{not json",
        NAMESPACE + "daily:wordle": stored(
            {"results": {"2": SCORED.to_json()}, "run": [2, 1], "best": 1}
        ),
    }
    store, problems = make_store(items)
    assert store.load("daily:marbles").data == records.empty()
    assert records.result_of(store, "wordle", 2) == SCORED
    assert problems == [("daily:marbles", "reset")]


def test_an_unknown_newer_version_is_reset_not_misread():
    items = {NAMESPACE + "daily:marbles": stored({"days": []}, version=records.VERSION + 1)}
    store, problems = make_store(items)
    assert store.load("daily:marbles").data == records.empty()
    assert problems == [("daily:marbles", "reset")]


def test_a_stored_run_that_the_days_kept_contradict_is_read_from_the_days():
    good = SCORED.to_json()
    days = {"1": good, "2": good, "3": good}
    for run in ([3, 1], [2, 5], [3, 4], "x"):
        store, _ = make_store(
            {NAMESPACE + "daily:marbles": stored({"results": days, "run": run, "best": 0})}
        )
        assert store.load("daily:marbles").data["run"] == [3, 3]
    store, _ = make_store(
        {NAMESPACE + "daily:marbles": stored({"results": days, "run": [3, 3], "best": 0})}
    )
    assert store.load("daily:marbles").data["run"] == [3, 3]


def test_the_player_is_told_in_plain_words_which_dailies_were_reset():
    for language, words in (("en", "your daily games of Marbles"), ("cy", "dyddiol")):
        t = Translator(language)
        assert words in t("storage.problem.reset", what=storage_area(t, "daily:marbles"))


def test_the_dailies_played_and_won_are_counted():
    store, _ = make_store()
    records.record(store, "wordle", 1, DailyResult("en-5", True, {"tries": 4}))
    records.record(store, "wordle", 2, DailyResult("en-5", False, {"tries": 6}))
    records.record(store, "marbles", 2, SCORED)
    assert records.tally(store, "wordle") == records.Tally(2, 1)
    assert records.tally(store, "marbles") == records.Tally(1, 0)
