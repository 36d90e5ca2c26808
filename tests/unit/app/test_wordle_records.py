"""The Wordle Tournament's records and invite link (no browser), and that the
app checks the records at start-up like every other."""

import json
import sys
from types import SimpleNamespace

import pytest
from app import router
from app.i18n import Translator
from app.storage import MemoryBackend, Store
from app.wordle import records as tp
from games.common.errors import IllegalMove

T = Translator("en")


def store_with(name, raw):
    backend = MemoryBackend({f"gemau:{name}": raw} if raw is not None else {})
    store = Store(backend)
    tp.register(store)
    return store


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        json.dumps({"v": 1, "rev": 1, "data": [1, 2]}),
        json.dumps({"v": 9, "rev": 1, "data": {}}),
        json.dumps({"v": 1, "rev": 1, "data": {"me": 3}}),
    ],
)
def test_bad_rating_data_is_reset_never_a_crash(raw):
    store = store_with(tp.RATING, raw)
    assert store.load(tp.RATING).data == tp.empty_ratings()


def test_a_bad_profile_or_history_entry_is_dropped_alone():
    data = {
        "me": "ana",
        "players": {
            "ana": {
                "name": "Ana",
                "rating": 1012,
                "history": [
                    {"rating": 1012, "change": 12, "placement": 3, "date": "2026-11-29"},
                    {"rating": "x", "change": 1, "placement": 1, "date": ""},
                ],
            },
            "bo": {"name": "Someone else", "rating": 900, "history": []},
            "cy": {"name": "Cy", "rating": -5, "history": []},
        },
    }
    cleaned = tp.clean_ratings(data)
    assert cleaned["me"] == "ana"
    assert list(cleaned["players"]) == ["ana"]
    assert len(cleaned["players"]["ana"]["history"]) == 1


def test_results_add_up_and_the_history_is_bounded():
    data = tp.set_my_name(tp.empty_ratings(), "QuietHeron")
    rating = 1000
    for _i in range(tp.HISTORY_SIZE + 5):
        rating += 4
        data = tp.add_result(data, "QuietHeron", rating, 4, 4, "2026-11-29T10:00")
    me = tp.my_profile(data)
    assert me["rating"] == 1000 + 4 * (tp.HISTORY_SIZE + 5)
    assert len(me["history"]) == tp.HISTORY_SIZE
    assert me["history"][-1]["date"] == "2026-11-29"
    assert tp.clean_ratings(data) == data


def test_renaming_yourself_keeps_your_rating():
    data = tp.set_my_name(tp.empty_ratings(), "QuietHeron")
    data = tp.add_result(data, "QuietHeron", 1025, 25, 1, "2026-11-29")
    data = tp.set_my_name(data, "<b>Bo</b>")
    assert tp.my_profile(data)["name"] == "<b>Bo</b>"
    assert tp.my_profile(data)["rating"] == 1025
    assert list(data["players"]) == ["<b>bo</b>"]


def test_a_stranger_starts_at_1000():
    assert tp.profile(tp.empty_ratings(), "Ana")["rating"] == 1000


def test_a_group_has_up_to_8_members_with_different_names():
    group = {"lang": "en", "members": ["Lead"]}
    group = tp.add_member(group, "  Ana  ")
    assert group["members"] == ["Lead", "Ana"]
    with pytest.raises(IllegalMove) as taken:
        tp.add_member(group, "ANA")
    assert taken.value.key == "wordle.name_taken"
    with pytest.raises(IllegalMove):
        tp.add_member(group, "")
    for i in range(6):
        group = tp.add_member(group, f"M{i}")
    with pytest.raises(IllegalMove) as full:
        tp.add_member(group, "Ninth")
    assert full.value.key == "wt.group_full"


def test_a_member_is_removed_by_place_and_the_leader_stays():
    group = {"lang": "en", "members": ["Lead", "Ana", "Bo"]}
    assert tp.remove_member(group, 1) == {"lang": "en", "members": ["Lead", "Bo"]}
    assert group["members"] == ["Lead", "Ana", "Bo"]  # a new group: the old one unchanged
    assert tp.remove_member(group, 2)["members"] == ["Lead", "Ana"]
    assert tp.remove_member(group, 0) is None  # the leader
    assert tp.remove_member(group, 3) is None and tp.remove_member(group, -1) is None


def test_the_invite_link_carries_the_group_and_survives_the_router():
    group = {"lang": "uz", "members": ["Lead", "<b>Bo</b>", "Zoë & co"]}
    link = tp.group_link(group)
    route = router.parse(link)
    assert route.page == "wordle" and route.params["mode"] == "tournament"
    assert tp.group_from_param(route.params["group"]) == group


@pytest.mark.parametrize(
    "text", ["", "[]", '["en"]', '["xx", "Ana"]', '{"lang": "en"}', "[1, 2", '["en", ""]']
)
def test_a_broken_invite_link_gives_no_group(text):
    assert tp.group_from_param(text) is None


def test_bad_saved_tournaments_are_reset():
    raw = json.dumps({"v": 1, "rev": 1, "data": {"state": {}, "meta": {"t0": "now"}}})
    store = store_with(tp.TOURNAMENT, raw)
    assert store.load(tp.TOURNAMENT).data is None


# --- the start-up check ------------------------------------------------------------------


@pytest.fixture
def start_app(import_without_browser, monkeypatch):
    """start_app(storage) -> (app, backend, problems): app.main.App started on the
    storage as in the page (as tests/unit/app/test_saved_formats.py does);
    problems are the (record, kind) it reported."""
    root = SimpleNamespace(lang="", dataset=SimpleNamespace(theme="", motion=""))
    fake = sys.modules["pyscript"]
    fake.document = SimpleNamespace(documentElement=root)
    fake.window = SimpleNamespace(
        location=SimpleNamespace(search=""), navigator=SimpleNamespace(language="en-GB")
    )
    browser, main = import_without_browser("app.browser", "app.main")

    def start(storage: dict):
        backend = MemoryBackend(storage)
        problems = []
        monkeypatch.setattr(browser, "LocalStorageBackend", lambda: backend)
        monkeypatch.setattr(browser, "media_matches", lambda query: False)
        monkeypatch.setattr(
            main.App, "_storage_problem", lambda self, name, kind: problems.append((name, kind))
        )
        return main.App(), backend, problems

    return start


def test_the_app_registers_the_tournament_records_at_start_up(start_app):
    app, _backend, problems = start_app({})
    assert {tp.RATING, tp.GROUP, tp.TOURNAMENT} <= set(app.store.schemas)
    assert problems == []


def test_damaged_tournament_records_are_reset_or_repaired_at_start_up(start_app):
    """Before any screen opens: the tournament's records are checked with all the others."""
    good_profile = {"name": "Ana", "rating": 1010, "history": []}
    storage = {
        # not JSON at all: reset
        f"gemau:{tp.TOURNAMENT}": "{damaged",
        # a group of the wrong shape: reset
        f"gemau:{tp.GROUP}": json.dumps({"v": 1, "rev": 3, "data": {"lang": "xx"}}),
        # one bad profile among good ones: repaired (the bad one dropped)
        f"gemau:{tp.RATING}": json.dumps(
            {
                "v": 1,
                "rev": 2,
                "data": {"me": "ana", "players": {"ana": good_profile, "bo": {"rating": "x"}}},
            }
        ),
    }
    app, backend, problems = start_app(storage)
    assert sorted(problems) == [
        (tp.GROUP, "reset"),
        (tp.RATING, "repaired"),
        (tp.TOURNAMENT, "reset"),
    ]
    assert f"gemau:{tp.TOURNAMENT}" not in backend.items
    assert f"gemau:{tp.GROUP}" not in backend.items
    repaired = json.loads(backend.items[f"gemau:{tp.RATING}"])
    assert repaired["rev"] == 3 and repaired["data"] == {
        "me": "ana",
        "players": {"ana": good_profile},
    }
    # What the screen reads later is the checked data, and nothing is reported twice.
    assert app.store.load(tp.RATING).data["players"] == {"ana": good_profile}
    assert app.store.load(tp.TOURNAMENT).data is None
    assert len(problems) == 3


def test_every_record_checked_at_start_up_can_be_named_to_the_player(start_app):
    """A reset or repair is told in words: each record's area has a catalogue entry."""
    from app.i18n import load_catalogue

    app, _backend, _problems = start_app({})
    for language in ("en", "cy"):
        catalogue = load_catalogue(language)
        areas = {name.partition(":")[0] for name in app.store.schemas}
        assert sorted(a for a in areas if f"storage.area.{a}" not in catalogue) == []


def test_a_crafted_invite_link_is_refused_before_it_is_parsed():
    """An invite of 5,000 '[' once overflowed the runtime's stack inside json.loads."""
    from app.wordle.records import group_from_param

    assert group_from_param("[" * 5000) is None
    assert group_from_param("[" * 70 + "]" * 70) is None
    assert group_from_param('["en", ' + '"x", ' * 600 + '"y"]') is None  # too long
    assert group_from_param(None) is None
