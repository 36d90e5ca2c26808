"""The Elo ratings of games with strangers (app.peer.ratings): FIDE's formula and K, the
clamping of a rating, and what storage holds read entry by entry."""

import json

import pytest
from app.peer import lobby, ratings
from app.storage import NAMESPACE, MemoryBackend, Store

VARIANT = "battleship/salvo"


def test_the_expected_score_is_elos():
    assert ratings.expected(1200, 1200) == 0.5
    assert ratings.expected(1600, 1200) == pytest.approx(10 / 11)  # 400 points: ten to one
    assert ratings.expected(1200, 1600) == pytest.approx(1 / 11)
    assert ratings.expected(1500, 1200) == pytest.approx(0.849, abs=0.001)
    assert ratings.expected(1500, 1200) + ratings.expected(1200, 1500) == pytest.approx(1)


def test_a_new_players_rating_moves_by_k_40():
    assert ratings.updated(1200, 1200, 1, games=0) == 1220
    assert ratings.updated(1200, 1200, 0.5, games=0) == 1200
    assert ratings.updated(1200, 1200, 0, games=0) == 1180
    assert ratings.updated(1500, 1200, 0, games=5) == 1466  # 1500 - 40 * 0.849
    assert ratings.updated(1500, 1200, 1, games=5) == 1506  # 1500 + 40 * 0.151
    assert ratings.updated(1200, 1500, 1, games=5) == 1234  # the upset
    assert ratings.updated(1200, 1500, 0.5, games=29) == 1214


def test_k_drops_to_20_after_thirty_games():
    assert ratings.k_factor(29) == 40 and ratings.k_factor(30) == 20
    assert ratings.updated(1200, 1200, 1, games=30) == 1210
    assert ratings.updated(1500, 1200, 0, games=30) == 1483  # 1500 - 20 * 0.849
    assert ratings.updated(1200, 1500, 1, games=100) == 1217


def test_a_rating_stays_between_100_and_3000():
    assert ratings.updated(110, 100, 0, games=0) == lobby.MIN_RATING == 100
    assert ratings.updated(2990, 3000, 1, games=0) == lobby.MAX_RATING == 3000
    assert ratings.updated(2999, 3000, 1, games=0) == 3000


def test_a_score_is_a_win_a_draw_or_a_loss():
    for score in (2, -1, 0.25, 0.75):
        with pytest.raises(ValueError):
            ratings.updated(1200, 1200, score, games=0)


def test_a_new_player_starts_at_1200_in_each_variant():
    store = Store(MemoryBackend())
    assert ratings.rating_of(store, VARIANT) == ratings.START == 1200
    assert ratings.rating_of(store, "dominoes/2") == 1200


def test_games_are_recorded_and_kept_by_variant():
    backend = MemoryBackend()
    store = Store(backend)
    entry = ratings.record(store, VARIANT, 1200, 1200, 1)
    assert entry == {"rating": 1220, "games": 1, "won": 1, "lost": 0, "drawn": 0}
    ratings.record(store, VARIANT, 1220, 1300, 0.5)
    ratings.record(store, VARIANT, ratings.rating_of(store, VARIANT), 1100, 0)
    ratings.record(store, "wordle-duel/cy/5", 1200, 1400, 1)
    again = Store(backend)  # as the next visit reads it
    kept = ratings.entry_of(again, VARIANT)
    assert kept["games"] == 3 and (kept["won"], kept["drawn"], kept["lost"]) == (1, 1, 1)
    assert kept["rating"] == ratings.rating_of(store, VARIANT)
    assert ratings.rating_of(again, "wordle-duel/cy/5") == 1230
    assert ratings.rating_of(again, "deblockle/standard") == 1200
    stored = json.loads(backend.get(NAMESPACE + "stranger-ratings"))
    assert stored["v"] == 1 and set(stored["data"]) == {VARIANT, "wordle-duel/cy/5"}


def test_the_rating_before_the_game_is_the_one_used_and_clamped():
    store = Store(MemoryBackend())
    entry = ratings.record(store, VARIANT, 50_000, -3, 0)  # (the other's self-reported)
    assert entry["rating"] == ratings.updated(3000, 100, 0, games=0)
    with pytest.raises(ValueError):
        ratings.record(store, "Not a variant", 1200, 1200, 1)


def test_k_changes_after_the_thirtieth_game_recorded():
    store = Store(MemoryBackend())
    for _ in range(30):
        before = ratings.rating_of(store, VARIANT)
        ratings.record(store, VARIANT, before, before, 0.5)  # a draw with an equal: no change
    assert ratings.entry_of(store, VARIANT)["games"] == 30
    assert ratings.record(store, VARIANT, 1200, 1200, 1)["rating"] == 1210


def test_a_damaged_entry_is_dropped_and_the_rest_kept():
    backend = MemoryBackend()
    good = {"rating": 1234, "games": 3, "won": 2, "lost": 1, "drawn": 0}
    damaged = {
        "deblockle/standard": {**good, "rating": "1234"},
        "dominoes/2": {**good, "games": 4},  # counts that do not add up
        "dominoes/3": {**good, "extra": 1},
        "dominoes/4": {**good, "won": -1, "lost": 4},
        "marbles/x": {**good, "rating": 5000},
        "marbles/y": {**good, "rating": True},
        "wordle/x": [1234],
        "Not A Variant": good,
    }
    data = {VARIANT: good, **damaged}
    backend.set(NAMESPACE + "stranger-ratings", json.dumps({"v": 1, "rev": 1, "data": data}))
    problems: list[tuple[str, str]] = []
    store = Store(backend, lambda name, kind: problems.append((name, kind)))
    assert ratings.rating_of(store, VARIANT) == 1234
    assert all(ratings.rating_of(store, variant) == 1200 for variant in damaged)
    assert problems == [("stranger-ratings", "repaired")]
    assert set(json.loads(backend.get(NAMESPACE + "stranger-ratings"))["data"]) == {VARIANT}


def test_ratings_that_are_not_an_object_are_reset():
    backend = MemoryBackend()
    backend.set(NAMESPACE + "stranger-ratings", json.dumps({"v": 1, "rev": 1, "data": [1, 2]}))
    store = Store(backend)
    assert ratings.rating_of(store, VARIANT) == 1200
    assert ratings.record(store, VARIANT, 1200, 1200, 0)["rating"] == 1180


def test_a_full_storage_still_gives_the_new_rating():
    store = Store(MemoryBackend(quota=10))
    entry = ratings.record(store, VARIANT, 1200, 1200, 1)
    assert entry["rating"] == 1220
