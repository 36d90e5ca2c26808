"""The Wordle Tournament group's keeper under CPython, with a store in memory and a clock
that stands still until told: its clock, a full store, results counted once, the replay
kept once, and a group's records."""

from types import SimpleNamespace

import pytest
from app import scores
from app.storage import MemoryBackend, Store
from app.wordle import records as tp
from app.wordle.tournament_keeper import TournamentKeeper, tournament_time
from app.wordle.tournament_results import FRIENDS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby

WORDS = sample_dictionary()
START = 1_000_000


def make_store(quota=None) -> Store:
    store = Store(MemoryBackend(quota=quota))
    scores.register(store, ["wordle"])
    tp.register(store)
    return store


@pytest.fixture
def clock():
    return SimpleNamespace(ms=float(START), now_ms=None, today_iso=lambda: "2026-12-06")


def keeper_on(store, clock) -> TournamentKeeper:
    clock.now_ms = lambda: clock.ms
    return TournamentKeeper(store, clock)


def started(keeper, speed=1):
    """A tournament hosted here under way, its leader alone (player 0)."""
    seed = keeper.new_hosted(speed)
    game = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], seed)
    game.start(keeper.now())
    return game


def test_the_tournament_clock_runs_from_its_start_at_its_speed():
    assert tournament_time({"t0": 5_000, "speed": 10}, 6_000) == 15_000
    assert tournament_time({"t0": 5_000}, 6_000.7) == 6_000
    assert tournament_time({}, 1234.5) == 1234


def test_a_full_store_does_not_stop_the_play(clock):
    store = make_store(quota=10)
    keeper = keeper_on(store, clock)
    keeper.save_ratings(tp.set_my_name(keeper.ratings(), "Ann"))  # no exception
    keeper.save_hosted(SimpleNamespace(to_json=lambda: {"seed": 1}), force=True)
    assert store.load(tp.HOSTED).data is None


def test_a_finished_tournament_is_kept_for_replaying_once(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    assert not keeper.keep_replay(game, None)  # not over yet
    assert keeper.replay_href(game, None) is None
    game.leave_all(keeper.now())
    game.play_out()
    assert keeper.keep_replay(game, None)
    kept = store.load(f"replays:{tp.REPLAYS}").data
    assert len(kept) == 1 and kept[0]["date"] == "2026-12-06" and game.is_over
    assert not keeper.keep_replay(game, None)
    assert len(store.load(f"replays:{tp.REPLAYS}").data) == 1
    assert keeper.replay_href(game, None).startswith("#/replay")


def test_a_members_result_is_recorded_once_even_after_a_reload(clock):
    store = make_store()
    result = {"key": "a" * 16, "rating": 1016, "rating_change": 16, "placement": 1}
    keeper_on(store, clock).record_member(result, "Bea")
    keeper_on(store, clock).record_member(result, "Bea")  # the page reloaded
    data = keeper_on(store, clock).ratings()
    assert tp.my_profile(data)["rating"] == 1016 and len(tp.my_profile(data)["history"]) == 1
    assert scores.stats_for(store, "wordle")[FRIENDS]["won"] == 1


def test_the_hosting_leaders_own_result_is_recorded_once(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    keeper.record_leader(game, 0)
    assert keeper.stats(FRIENDS) is None  # not placed yet
    game.leave_all(keeper.now())
    keeper.record_leader(game, 0)
    keeper.record_leader(game, 0)
    assert keeper.stats(FRIENDS)["played"] == 1 and keeper.meta["recorded"] == [0]


def test_a_hosted_group_is_saved_with_its_clock_spaced_unless_forced(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    seed = keeper.new_hosted(speed=1)
    hosted = SimpleNamespace(to_json=lambda: {"seed": seed})
    keeper.save_hosted(hosted, force=True)
    assert store.load(tp.HOSTED).data == {"group": {"seed": seed}, "meta": keeper.meta}
    clock.ms += 500
    keeper.next_hosted_lobby(9)
    keeper.save_hosted(hosted)
    assert store.load(tp.HOSTED).data["meta"]["seed"] == seed  # too soon: not written
    keeper.save_hosted(hosted, force=True)
    assert store.load(tp.HOSTED).data["meta"] == {**keeper.meta, "t0": START + 500, "seed": 9}
    keeper.discard_hosted()
    assert keeper.saved_hosted() is None


def test_the_devices_profile_is_its_players(clock):
    keeper = keeper_on(make_store(), clock)
    data = tp.add_result(tp.set_my_name(tp.empty_ratings(), "Ann"), "Ann", 1020, 20, 1, "d")
    keeper.save_ratings(tp.add_result(data, "Bea", 990, -10, 5, "d"))
    assert keeper.device_profile()["name"] == "Ann"
    assert keeper.device_profile()["rating"] == 1020


def test_the_tournaments_and_the_groups_views_leave_storage_to_the_keeper():
    """Issue 30: views import neither the midend nor storage, and never write the store."""
    import ast
    from pathlib import Path

    files = sorted((Path(__file__).resolve().parents[3] / "py" / "app" / "tournament").glob("*.py"))
    assert len(files) > 10
    for path in files:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {node.module or ""} | {alias.name for alias in node.names}
                assert not names & {"storage", "midend"}, path.name
            if isinstance(node, ast.Attribute) and node.attr == "store":
                handed = {
                    "group_leader.py": "view.app.store",  # (to its keeper)
                    "group_member.py": "view.app.store",
                    "loading.py": "app.store",  # (to app.wordle.tournament_page)
                }
                assert ast.unparse(node) == handed.get(path.name), path.name


def test_no_tournament_class_inherits_a_class_of_its_own_folder():
    """Issue 30: composition, not mixins: a screen has the parts it shares (a TournamentPlay)."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "py" / "app" / "tournament"
    trees = [ast.parse(path.read_text("utf-8")) for path in sorted(folder.glob("*.py"))]
    classes = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    ours = {node.name for node in classes}
    assert {"GroupLeaderScreen", "TournamentPlay", "TournamentFrontend"} <= ours
    for node in classes:
        bases = {ast.unparse(base).split(".")[-1] for base in node.bases}
        assert not bases & ours, node.name
