"""Finished games kept for replay, and replay links as untrusted input."""

import base64
import json
import zlib

import pytest
from app import replays, saved_games
from app.midend import HUMAN, Midend
from app.storage import MemoryBackend, Store
from games.common.rng import SeededRng
from games.deblockle.game import GAME as DEBLOCKLE
from games.marbles.game import GAME as MARBLES


def finished_marbles(store: Store, seed: int) -> Midend:
    midend = Midend(store, MARBLES, lambda: 0.0, lambda: "2026-12-01")
    midend.start({"version": 4}, seed, [HUMAN])
    rng = SeededRng(seed)
    while not midend.state.is_over:
        moves = midend.state.legal_moves()
        midend.play(moves[rng.randrange(len(moves))])
    return midend


def new_store() -> Store:
    store = Store(MemoryBackend())
    saved_games.register(store, ["marbles", "deblockle"])
    return store


def test_a_finished_game_is_kept_and_its_link_replays_it_exactly():
    store = new_store()
    midend = finished_marbles(store, 3)
    (entry,) = replays.kept(store, "marbles")
    assert entry["date"] == "2026-12-01" and len(entry["moves"]) == len(midend.moves)
    again = replays.from_token(replays.token(entry))
    states = replays.positions(MARBLES, again)
    assert len(states) == len(entry["moves"]) + 1
    assert states[-1].to_json() == midend.state.to_json() and states[-1].is_over
    assert states[0].to_json() == MARBLES.new_game({"version": 4}, 3).to_json()


def test_only_the_last_twenty_games_are_kept():
    store = new_store()
    for seed in range(replays.KEPT + 3):
        replays.keep(store, "marbles", {"options": {}, "seed": seed, "seats": [], "moves": []})
    kept = replays.kept(store, "marbles")
    assert [e["seed"] for e in kept] == list(range(3, replays.KEPT + 3))


def test_a_damaged_kept_game_is_dropped_alone():
    good = {"options": {}, "seed": 1, "seats": ["human"], "moves": ["A1-B2"]}
    assert replays.clean_kept([good, {"seed": "x"}, 5, {**good, "moves": [1]}]) == [good]
    with pytest.raises(ValueError):
        replays.clean_kept({"not": "a list"})


def packed(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "token",
    [
        "",
        "x" * (replays.MAX_TOKEN + 1),
        "not base64 at all!",
        packed(b"\xff\xfe"),
        packed(b"[" * 5000 + b"]" * 5000),
        packed(b" " * (replays.MAX_JSON + 10)),  # small link, huge once inflated
        packed(b"[1, 2]"),
        packed(json.dumps({"options": {}, "seed": -1, "seats": [], "moves": []}).encode()),
        packed(json.dumps({"options": {}, "seed": 1, "seats": [], "moves": [None]}).encode()),
    ],
)
def test_a_bad_link_is_refused_with_value_error(token):
    with pytest.raises(ValueError):
        replays.from_token(token)


def test_moves_that_are_not_a_game_are_refused():
    entry = {"options": {}, "seed": 1, "seats": [], "moves": ["c3N", "zz"]}
    with pytest.raises(ValueError):
        replays.positions(DEBLOCKLE, entry)
    with pytest.raises(ValueError):
        replays.positions(MARBLES, {**entry, "options": {"version": 7}})


def test_a_game_resumed_from_before_the_midend_keeps_no_replay():
    store = new_store()
    midend = finished_marbles(store, 5)
    midend.base = midend.state.to_json()
    midend._keep_replay()
    assert len(replays.kept(store, "marbles")) == 1
