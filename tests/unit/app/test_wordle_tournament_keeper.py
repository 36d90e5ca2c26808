"""The Wordle Tournament's keeper under CPython, with a store in memory and a clock
that stands still until told: its clock, its saves (revisions, another tab, a full
store), results counted once, the replay kept once, and a group's records."""

from types import SimpleNamespace

import pytest
from app import scores
from app.storage import MemoryBackend, Store
from app.wordle import records as tp
from app.wordle.tournament_keeper import SAVE_EVERY_MS, TournamentKeeper, tournament_time
from app.wordle.tournament_results import FRIENDS, VARIANT
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


def started(keeper, seed=None, speed=1):
    """A solo tournament under way, as the screen starts one."""
    chosen = keeper.new_lobby(speed, group=False, seed=seed)
    game = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], chosen)
    keeper.start(speed)
    game.start(keeper.now())
    return game


def test_the_tournament_clock_runs_from_its_start_at_its_speed():
    assert tournament_time({"t0": 5_000, "speed": 10}, 6_000) == 15_000
    assert tournament_time({"t0": 5_000}, 6_000.7) == 6_000
    assert tournament_time({}, 1234.5) == 1234


def test_a_lobby_from_the_address_is_known_and_never_counted(clock):
    keeper = keeper_on(make_store(), clock)
    assert keeper.new_lobby(1, group=False, seed=42) == 42 and not keeper.counted
    seed = keeper.new_lobby(1, group=True, seed=None)
    assert keeper.counted and keeper.meta["group"] and seed == keeper.meta["seed"]


def test_saves_are_spaced_unless_forced(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper, speed=10)
    assert keeper.now() == START
    clock.ms += 100
    assert keeper.now() == START + 1_000
    assert keeper.save(game, force=True) and keeper.rev == store.load(tp.TOURNAMENT).rev == 1
    clock.ms += SAVE_EVERY_MS - 1
    assert keeper.save(game) and keeper.rev == 1  # too soon: not written
    clock.ms += 1
    assert keeper.save(game) and keeper.rev == 2
    assert store.load(tp.TOURNAMENT).data["state"] == game.to_json()


def test_another_tabs_newer_save_stops_this_one_and_is_kept(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    keeper.save(game, force=True)
    theirs = store.load(tp.TOURNAMENT)
    store.save(tp.TOURNAMENT, {**theirs.data, "meta": {**theirs.data["meta"], "t0": 7}})
    assert not keeper.save(game, force=True) and keeper.elsewhere
    assert store.load(tp.TOURNAMENT).data["meta"]["t0"] == 7
    keeper.forget(game, here=False, group=None)  # leaving it leaves the other tab's save
    assert store.load(tp.TOURNAMENT).data is not None


def test_a_full_store_does_not_stop_the_play(clock):
    store = make_store(quota=10)
    keeper = keeper_on(store, clock)
    game = started(keeper)
    assert keeper.save(game, force=True) and not keeper.elsewhere
    assert store.load(tp.TOURNAMENT).data is None
    keeper.save_ratings(tp.set_my_name(keeper.ratings(), "Ann"))
    keeper.save_group({"lang": "en", "members": ["Ann"]})  # no exception either


def test_a_humans_result_is_counted_once(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    keeper.save(game, force=True)
    game.leave_all(keeper.now())
    assert keeper.record_humans(game) and keeper.meta["recorded"] == [0]
    assert keeper.record_humans(game)
    history = tp.profile(keeper.ratings(), game.players[0]["name"])["history"]
    assert len(history) == 1 and history[0]["placement"] == game.players[0]["placement"]
    stats = keeper.stats(VARIANT)
    assert stats["played"] == 1 and stats["won"] == 0
    assert store.load(tp.TOURNAMENT).data["meta"]["recorded"] == [0]  # saved with it


def test_a_known_tournament_is_recorded_but_never_counted(clock):
    keeper = keeper_on(make_store(), clock)
    game = started(keeper, seed=7)
    game.leave_all(keeper.now())
    assert keeper.record_humans(game) and keeper.meta["recorded"] == [0]
    assert keeper.ratings()["players"] == {} and keeper.stats(VARIANT) is None


def test_a_result_met_after_another_tabs_save_is_left_to_it(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    keeper.save(game, force=True)
    store.save(tp.TOURNAMENT, store.load(tp.TOURNAMENT).data)  # the other tab's
    game.leave_all(keeper.now())
    assert not keeper.record_humans(game) and keeper.elsewhere
    assert keeper.stats(VARIANT) is None


def test_a_finished_tournament_is_kept_for_replaying_once(clock):
    store = make_store()
    keeper = keeper_on(store, clock)
    game = started(keeper)
    assert not keeper.keep_replay(game, None)  # not over yet
    assert keeper.replay_href(game, None) is None
    game.leave_all(keeper.now())
    keeper.forget(game, here=True, group=None)  # played out and kept, then let go
    kept = store.load(f"replays:{tp.REPLAYS}").data
    assert len(kept) == 1 and kept[0]["date"] == "2026-12-06" and game.is_over
    assert not keeper.keep_replay(game, None)
    assert len(store.load(f"replays:{tp.REPLAYS}").data) == 1
    assert keeper.replay_href(game, None).startswith("#/replay")
    assert store.load(tp.TOURNAMENT).data is None


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


def test_the_devices_profile_is_its_players_or_its_groups_leaders(clock):
    keeper = keeper_on(make_store(), clock)
    data = tp.add_result(tp.set_my_name(tp.empty_ratings(), "Ann"), "Ann", 1020, 20, 1, "d")
    keeper.save_ratings(tp.add_result(data, "Bea", 990, -10, 5, "d"))
    group = {"lang": "en", "members": ["Bea", "Ann", "Cy"]}
    assert keeper.device_profile(None)["name"] == "Ann"
    assert keeper.device_profile(group)["rating"] == 990
    assert keeper.member_ratings(group) == [990, 1020, 1000]


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
                    "screen.py": "view.app.store",  # (to its keeper)
                    "group_leader.py": "view.app.store",
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
    assert {"TournamentScreen", "GroupLeaderScreen", "TournamentPlay"} <= ours
    for node in classes:
        bases = {ast.unparse(base).split(".")[-1] for base in node.bases}
        assert not bases & ours, node.name
