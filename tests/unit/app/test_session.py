from app import saved_games
from app.session import GameSession
from app.storage import MemoryBackend, Store


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def make(backend=None, clock=None):
    store = Store(backend or MemoryBackend())
    saved_games.register(store, ["marbles"])
    return GameSession(store, "marbles", clock or Clock())


def test_the_clock_runs_only_while_started_and_survives_a_reload():
    clock = Clock()
    session = make(clock=clock)
    session.start_clock()
    clock.now += 5000
    session.stop_clock()
    clock.now += 99999  # paused: not counted
    session.save({"s": 1})
    again = GameSession(session.store, "marbles", clock)
    state, meta = again.load()
    assert state == {"s": 1} and meta["clock_ms"] == 5000
    again.start_clock()
    clock.now += 1000
    assert again.elapsed_ms() == 6000


def test_a_save_never_overwrites_a_newer_save_from_another_tab():
    first = make()
    first.load()
    second = GameSession(first.store, "marbles", Clock())
    second.load()
    assert second.save({"move": 1})
    assert first.newer_elsewhere()
    assert not first.save({"move": "stale"})
    assert saved_games.load(first.store, "marbles").data["state"] == {"move": 1}
    first.load()
    assert first.save({"move": 2})


def test_nothing_saved_loads_as_none():
    assert make().load() is None


def test_load_state_rebuilds_or_resets_only_the_bad_save():
    session = make()
    session.save({"n": 1}, {"seed": 5})
    state, meta = session.load_state(lambda data: data["n"])
    assert state == 1 and meta["seed"] == 5

    def refuse(_data):
        from games.common.errors import BadState

        raise BadState("no")

    assert session.load_state(refuse) is None
    assert session.load() is None  # the bad save was reset
