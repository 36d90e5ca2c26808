"""The Wordle Tournament's records and invite link (no browser)."""

import json

import pytest
from app import router
from app.i18n import Translator
from app.storage import MemoryBackend, Store
from app.views import wordle_tournament_parts as tp
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
