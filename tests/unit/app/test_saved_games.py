from app import saved_games
from app.storage import MemoryBackend, Store


def make(quota=None):
    store = Store(MemoryBackend(quota=quota))
    saved_games.register(store, ["wordle"])
    return store


def test_update_prefs_merges_and_persists():
    store = make()
    prefs = saved_games.update_prefs(store, "wordle", {}, {"lang": "cy"})
    prefs = saved_games.update_prefs(store, "wordle", prefs, {"level": "expert"})
    assert prefs == {"lang": "cy", "level": "expert"}
    assert store.load("prefs:wordle").data == prefs


def test_update_prefs_keeps_the_choice_for_the_visit_when_storage_is_full():
    store = make(quota=10)
    prefs = saved_games.update_prefs(store, "wordle", {"lang": "en"}, {"level": "expert"})
    assert prefs == {"lang": "en", "level": "expert"}
