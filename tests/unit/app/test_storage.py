"""The storage module: versions, validation, migrations, resets, quota, tabs."""

import json

import pytest
from app.storage import NAMESPACE, MemoryBackend, Schema, StaleWrite, StorageFull, Store


def counter_schema(**extra):
    def clean(data):
        if not isinstance(data, dict) or type(data.get("count")) is not int:
            raise ValueError("bad counter")
        return data

    return Schema("counter", 2, lambda: {"count": 0}, clean, **extra)


def make_store(items=None, quota=None):
    problems = []
    store = Store(
        MemoryBackend(items, quota), on_problem=lambda name, kind: problems.append((name, kind))
    )
    store.register(counter_schema(migrations={1: lambda old: {"count": old["n"]}}))
    store.register(
        Schema("other", 1, lambda: "default", lambda d: d if isinstance(d, str) else int("x"))
    )
    return store, problems


def raw(value):
    return {
        NAMESPACE + "counter": value,
        NAMESPACE + "other": json.dumps({"v": 1, "rev": 3, "data": "kept"}),
    }


def test_missing_record_gives_default_without_complaint():
    store, problems = make_store()
    assert store.load("counter").data == {"count": 0}
    assert problems == []


def test_round_trip_counts_revisions():
    store, _ = make_store()
    store.save("counter", {"count": 5})
    record = store.load("counter")
    assert record.data == {"count": 5} and record.rev == 1


CORRUPT_VALUES = {
    "not json": "{oops",
    "json null": "null",
    "a bare number": "42",
    "a list": "[1, 2]",
    "missing data": json.dumps({"v": 2, "rev": 1}),
    "extra fields": json.dumps({"v": 2, "rev": 1, "data": {"count": 1}, "x": 1}),
    "future version": json.dumps({"v": 99, "rev": 1, "data": {"count": 1}}),
    "version zero": json.dumps({"v": 0, "rev": 1, "data": {"count": 1}}),
    "string version": json.dumps({"v": "2", "rev": 1, "data": {"count": 1}}),
    "negative revision": json.dumps({"v": 2, "rev": -4, "data": {"count": 1}}),
    "wrong shape": json.dumps({"v": 2, "rev": 1, "data": {"count": "many"}}),
    "migration of bad old data": json.dumps({"v": 1, "rev": 1, "data": {"m": 3}}),
    "deep nesting": "[" * 100000 + "]" * 100000,
    "empty string": "",
}


@pytest.mark.parametrize("kind", CORRUPT_VALUES)
def test_corrupt_record_is_reset_alone_and_reported_once(kind):
    store, problems = make_store(raw(CORRUPT_VALUES[kind]))
    assert store.load("counter").data == {"count": 0}
    assert store.load("counter").data == {"count": 0}
    assert problems == [("counter", "reset")]
    assert NAMESPACE + "counter" not in store.backend.items
    assert store.load("other").data == "kept"


def test_old_version_is_migrated_and_written_back():
    store, problems = make_store(raw(json.dumps({"v": 1, "rev": 4, "data": {"n": 7}})))
    record = store.load("counter")
    assert record.data == {"count": 7}
    stored = json.loads(store.backend.items[NAMESPACE + "counter"])
    assert stored["v"] == 2 and stored["data"] == {"count": 7} and stored["rev"] == 5
    assert problems == []


def test_repaired_data_is_reported_and_kept():
    store = Store(
        MemoryBackend(
            {NAMESPACE + "s": json.dumps({"v": 1, "rev": 1, "data": {"a": 1, "b": "bad"}})}
        )
    )
    problems = []
    store.on_problem = lambda name, kind: problems.append((name, kind))
    store.register(
        Schema("s", 1, dict, lambda d: {k: v for k, v in d.items() if isinstance(v, int)})
    )
    assert store.load("s").data == {"a": 1}
    assert problems == [("s", "repaired")]


def test_a_repair_on_a_full_device_is_kept_in_memory_and_start_up_goes_on():
    """A full device once stopped the app at start: writing a repaired record raised."""
    saved = json.dumps({"v": 1, "rev": 1, "data": {"a": 1, "b": "bad"}})
    store = Store(MemoryBackend({NAMESPACE + "s": saved}, quota=10))  # nothing more fits
    problems = []
    store.on_problem = lambda name, kind: problems.append((name, kind))
    store.register(
        Schema("s", 1, dict, lambda d: {k: v for k, v in d.items() if isinstance(v, int)})
    )
    store.check_all()
    assert store.load("s").data == {"a": 1}
    assert ("s", "repaired") in problems and ("s", "full") in problems


def test_stale_write_from_another_tab_is_refused():
    store, _ = make_store()
    mine = store.save("counter", {"count": 1})
    other_tab = Store(store.backend)
    other_tab.register(counter_schema())
    other_tab.save("counter", {"count": 9}, base_rev=mine.rev)
    with pytest.raises(StaleWrite):
        store.save("counter", {"count": 2}, base_rev=mine.rev)
    assert store.load("counter").data == {"count": 9}


def test_update_reads_fresh_data_so_two_tabs_add_up():
    store, _ = make_store()
    other_tab = Store(store.backend)
    other_tab.register(counter_schema())

    def bump(d):
        return {"count": d["count"] + 1}

    store.update("counter", bump)
    other_tab.update("counter", bump)
    store.update("counter", bump)
    assert store.load("counter").data == {"count": 3}


def test_full_quota_raises_a_clear_error_and_reports():
    store, problems = make_store(quota=40)
    with pytest.raises(StorageFull):
        store.save("counter", {"count": 10**50})
    assert problems == [("counter", "full")]
    assert store.load("counter").data == {"count": 0}


def test_storage_that_throws_on_read_is_treated_as_empty():
    class Broken(MemoryBackend):
        def get(self, key):
            raise RuntimeError("SecurityError")

    store = Store(Broken())
    problems = []
    store.on_problem = lambda name, kind: problems.append(kind)
    store.register(counter_schema())
    assert store.load("counter").data == {"count": 0}
    assert problems == ["unavailable"]


def test_name_of_recognises_only_our_keys():
    assert Store.name_of("gemau:settings") == "settings"
    assert Store.name_of("other-app") is None
    assert Store.name_of(None) is None


def test_check_all_resets_every_bad_record_and_keeps_the_good():
    store, problems = make_store(raw("[broken"))
    store.check_all()
    assert problems == [("counter", "reset")]
    assert store.load("other").data == "kept"


def test_a_record_nested_too_deeply_is_reset_not_parsed():
    store, problems = make_store(raw("[" * 100_000))
    assert store.load("counter").data == {"count": 0}
    assert problems == [("counter", "reset")]
