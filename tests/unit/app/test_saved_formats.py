"""Saved games of today's format, captured from the real app, still load.

tests/fixtures/saves/<case>.json holds the raw localStorage of a browser that
played into the middle of a game (made by tools/capture_saves.py, which says how
each was played). For every case the app starts on that storage as in the page
(app.main.App, with a stand-in for the browser and the storage in memory), and:

- no record is reset or repaired at start-up (nor when the tournament screen
  registers its own records), and every stored key is one the app knows;
- every saved game loads through its engine's from_json into the expected
  position (phase, player to move, ...), takes one legal move, and saves again;
- the meta fields the game's view reads are there, with values it accepts;
- a Deblockle, Battleship or Dominoes save from before the midend resumes
  through it as the view resumes it (its position the base, its seed and the
  seats the page named, an opponent or the players, the frame's), plays on with
  the computers answering through the midend, saves again with the midend's
  frame, and undo goes back to the captured position (a finished game resumes
  finished and recorded);
- settings, remembered choices (prefs), statistics and the tournament's ratings
  and group hold what was played.

The fixtures live under tests/, which tests/pyodide/run.mjs mounts with the whole
repository, so this runs inside Pyodide too.
"""

import functools
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import NamedTuple

import pytest
from app.storage import MemoryBackend

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "tests" / "fixtures" / "saves"
WORDS = REPO / "static" / "words"

# What each case holds: per record, the figures the checks below work out.
EXPECTED = {
    "marbles-5": {"saved:marbles": {"over": False, "line": 5, "moves": 4, "player": 0}},
    "marbles-4": {
        "saved:marbles": {"over": False, "line": 4, "moves": 3, "player": 0},
        "prefs:marbles": {"version": 4},  # its colour-blind choice became the setting's
        "settings": {
            "language": None,
            "theme": "system",
            "motion": "system",
            "colour_blind": "on",
            "sound": "system",
        },
    },
    "battleship-classic-fire": {
        "saved:battleship": {
            "mode": "classic",
            "phase": "battle",
            "player": 0,
            "turns": 8,
            "opponent": "hard",
            "recorded": False,
            "seed": 11,
            "seats": ["human", "computer:hard"],  # the midend's, from the opponent
        },
    },
    "battleship-salvo-fire": {
        "saved:battleship": {
            "mode": "salvo",
            "phase": "battle",
            "player": 0,
            "turns": 4,
            "opponent": "medium",
            "seats": ["human", "computer:medium"],
        },
    },
    "battleship-placement": {
        "saved:battleship": {
            "mode": "advanced_salvo",
            "edition": "classic",
            "phase": "placement",
            "player": 0,
            "ready": [False, True],
            "placed": [2, 5],
            "opponent": "medium",
            "seats": ["human", "computer:medium"],
        },
        "prefs:battleship": {
            "mode": "advanced_salvo",
            "edition": "classic",
            "announce_ship": False,
            "opponent": "medium",
        },
    },
    "battleship-won": {
        "saved:battleship": {
            "mode": "classic",
            "phase": "over",
            "winner": 0,
            "recorded": True,
            "seats": ["human", "computer:easy"],
        },
        "stats:battleship": {"classic": {"played": 1, "won": 1, "best": 17}},
        "rankings:battleship": {"classic": [17]},
    },
    "deblockle-play": {
        # The history counts the 8 placements of the quick set-up, then 4 turns.
        "saved:deblockle": {
            "phase": "play",
            "player": 0,
            "history": 12,
            "opponent": "strong",
            "seed": 31,
            "seats": ["human", "computer:hard"],  # the midend's, from the opponent
        },
    },
    "deblockle-setup": {
        "saved:deblockle": {
            "phase": "setup",
            "player": 0,
            "history": 2,
            "opponent": "strong",
            "seats": ["human", "computer:hard"],
        },
        "prefs:deblockle": {"setup": "ceremony"},
    },
    "dominoes-2": {
        "saved:dominoes": {
            "seats": 2,
            "partnerships": False,
            "player": 0,
            "hand": 0,
            "frame": (20, ["human", "computer:expert"]),  # the midend's, from the players
        },
    },
    "dominoes-4-partners": {
        "saved:dominoes": {
            "seats": 4,
            "partnerships": True,
            "player": 0,
            "hand": 0,
            "frame": (
                1230673560,
                ["human", "computer:expert", "computer:medium", "computer:easy"],
            ),
        },
        "prefs:dominoes": {"players": "human,strong,greedy,random", "partners": True},
    },
    "wordle-duel": {
        "saved:wordle": {"over": False, "turn": 0, "rows": 3, "lang": "en", "level": "beginner"},
    },
    "wordle-duel-won": {
        "saved:wordle": {"over": True, "winner": 0, "rows": 1, "recorded": True},
        "stats:wordle": {"duel": {"played": 1, "won": 1, "best": None}},
    },
    "wordle-tournament": {
        "wordle-tournament": {"phase": "playing", "round": 1, "humans": [0], "group": False},
        "wordle-rating": {"me": "Siân Ŵyn"},
    },
    "wordle-tournament-group": {
        "wordle-tournament": {"phase": "playing", "round": 1, "humans": [0, 1], "group": True},
        "wordle-group": {"members": 2},
        "wordle-rating": {"me": "HiddenFox"},
    },
    "settings-cy-dark": {
        "settings": {
            "language": "cy",
            "theme": "dark",
            "motion": "reduce",
            "colour_blind": "off",
            "sound": "system",
        },
        "saved:marbles": {"over": False, "line": 5, "moves": 1},
    },
}


# Records today's app rewrites on purpose, migrating them: the settings of version 1 (no
# colour-blind help, no sound) and Marbles' own colour-blind choice, which the one setting
# took over.
MOVED_TOURNAMENT = {"wordle-tournament", "saved:wordle-tournament-play"}  # (at start-up)
MIGRATED = {
    # statistics v1 -> v2 (app.scores: the charts' tallies, empty until games are played)
    "battleship-won": {"stats:battleship"},
    "wordle-duel-won": {"stats:wordle"},
    "marbles-4": {"prefs:marbles", "settings"},
    "settings-cy-dark": {"settings"},
    "wordle-tournament": MOVED_TOURNAMENT,
    "wordle-tournament-group": MOVED_TOURNAMENT,
}


def fixture(case: str) -> dict:
    return json.loads((FIXTURES / f"{case}.json").read_text("utf-8"))


@functools.cache
def dictionary(lang: str):
    from games.wordle.dictionary import Dictionary

    return Dictionary(lang, json.loads((WORDS / f"{lang}.json").read_text("utf-8")))


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def subset(found: dict, expected: dict) -> dict:
    return {k: found.get(k) for k in expected}


# --- the app's start-up on the captured storage ---------------------------------------------


@pytest.fixture
def start_app(import_without_browser, monkeypatch):
    """start_app(storage) -> (app, backend, problems): app.main.App started on a copy of
    the storage, as in the page; problems are the (record, kind) it reported."""
    root = SimpleNamespace(lang="", dataset=SimpleNamespace(theme="", motion=""))
    fake = sys.modules["pyscript"]  # the stand-in import_without_browser put there
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


# --- one checker per record kind: the figures EXPECTED names -----------------------------------


def check_marbles(saved):
    from games.marbles import State

    meta = saved["meta"]
    assert isinstance(meta.get("recorded"), bool)
    state = State.from_json(saved["state"])
    found = {
        "over": state.is_over,
        "line": state.min_line,
        "moves": state.moves,
        "player": state.current_player,
    }
    if not state.is_over:
        moves = state.moves
        state.apply(state.legal_moves()[0])
        assert state.moves == moves + 1
    return state, found


BATTLESHIP_OPPONENTS = ("easy", "medium", "hard", "human")


def check_battleship(saved):
    from app.battleship.setup import frame_before_the_midend
    from games.battleship import State

    meta = saved["meta"]
    assert meta.get("opponent") in BATTLESHIP_OPPONENTS and is_int(meta.get("seed"))
    assert isinstance(meta.get("recorded"), bool)
    state = State.from_json(saved["state"])
    # The midend's frame, or for a save from before it the frame the view makes of its meta.
    frame = meta.get("frame") or frame_before_the_midend(state, meta)
    assert frame["seed"] == meta["seed"] and frame["options"] == state.options
    found = {
        "mode": state.mode,
        "edition": state.options["edition"],
        "phase": state.phase,
        "player": state.current_player,
        "turns": len(state.turns),
        "ready": list(state.ready),
        "placed": [len(fleet) for fleet in state.fleets],
        "winner": state.winner,
        "opponent": meta["opponent"],
        "recorded": meta["recorded"],
        "seed": frame["seed"],
        "seats": frame["seats"],
    }
    for player in (0, 1):
        state.view_for(player)  # what the page draws from
    if state.phase == "battle":
        player = state.current_player
        squares = state.open_squares(player)[: state.shots_allowed(player)]
        state.apply({"type": "fire", "squares": squares})
        assert len(state.turns) == found["turns"] + 1
    elif state.phase == "placement":
        state.apply(state.legal_moves()[0])
    return state, found


DEBLOCKLE_OPPONENTS = ("strong", "greedy", "random", "human")


def deblockle_legacy(state, meta):
    """The frame the game view makes of a Deblockle save from before the midend."""
    from app.deblockle.frontend import FRONTEND
    from app.frame.seats import midend_seats

    found = FRONTEND.legacy(state, meta)
    return {**found, "seats": midend_seats(found["seats"])}


def deblockle_opponent(seats):
    """The opponent as the page names it, of the midend's seats."""
    from types import SimpleNamespace

    from app.deblockle.ui import opponent_of
    from app.frame.seats import table_of

    return opponent_of(table_of(SimpleNamespace(seats=seats, seed=0)))


def check_deblockle(saved):
    from games.deblockle import State

    frame_before_the_midend = deblockle_legacy

    meta = saved["meta"]
    assert is_int(meta.get("seed")) and meta.get("opponent") in DEBLOCKLE_OPPONENTS
    assert isinstance(meta.get("recorded"), bool)
    assert isinstance(meta.get("last"), list) and all(isinstance(s, str) for s in meta["last"])
    state = State.from_json(saved["state"])
    # The midend's frame (options, seed, seats, moves...), or for a save from before
    # it the frame the view makes of its meta.
    frame = meta.get("frame") or frame_before_the_midend(state, meta)
    assert frame["seed"] == meta["seed"]
    found = {
        "phase": state.phase,
        "player": state.current_player,
        "history": len(state.history),
        "opponent": meta["opponent"],
        "seed": frame["seed"],
        "seats": frame["seats"],
    }
    state.blocks()  # what the page draws from
    if not state.is_over:
        state.apply(state.legal_moves()[0])
        assert len(state.history) == found["history"] + 1
    return state, found


DOMINOES_KINDS = ("human", "random", "greedy", "heuristic", "strong")


def check_dominoes(saved):
    from app.dominoes.seats import frame_before_the_midend
    from games.dominoes import State

    meta = saved["meta"]
    state = State.from_json(saved["state"])
    players = meta.get("players")
    assert isinstance(players, list) and all(kind in DOMINOES_KINDS for kind in players)
    assert len(players) == state.table.seats and "human" in players
    assert is_int(meta.get("seed")) and is_int(meta.get("ack"))
    assert isinstance(meta.get("recorded"), bool)
    assert meta.get("revealed") is None or is_int(meta["revealed"])
    # The midend's frame, or for a save from before it the frame the view makes of its meta.
    frame = meta.get("frame") or frame_before_the_midend(state, meta)
    assert frame["seed"] == meta["seed"] and frame["options"] == state.to_json()["options"]
    found = {
        "seats": state.table.seats,
        "partnerships": state.table.partnerships,
        "player": state.current_player,
        "hand": state.hand_number,
        "frame": (frame["seed"], frame["seats"]),
    }
    for seat in range(state.table.seats):
        state.view_for(seat)
    if not state.is_over:
        turns = len(state.history)
        state.apply(state.legal_moves()[0])
        assert len(state.history) > turns or state.hand_number > found["hand"]
    return state, found


def check_wordle_duel(saved):
    from games.wordle.duel import Duel
    from games.wordle.letters import LANGUAGES
    from games.wordle.players import LEVELS

    meta = saved["meta"]
    assert meta.get("lang") in LANGUAGES and meta.get("level") in LEVELS
    assert is_int(meta.get("seed")) and is_int(meta.get("t0")) and is_int(meta.get("speed"))
    assert isinstance(meta.get("recorded"), bool)
    duel = Duel.from_json(saved["state"])
    found = {
        "over": duel.is_over,
        "turn": duel.turn,
        "rows": len(duel.rows),
        "winner": (duel.result or {}).get("winner"),
        "lang": meta["lang"],
        "level": meta["level"],
        "recorded": meta["recorded"],
    }
    words = dictionary(meta["lang"])
    assert duel.word in words.answers[duel.length]
    if not duel.is_over:
        guess = next(w for w in words.guess_lists[duel.length] if w != duel.word)
        duel.guess(duel.turn, guess, duel.turn_started + 1000)
        assert len(duel.rows) == found["rows"] + 1
    return duel, found


def check_tournament(saved, store):
    from app.wordle import records as tp
    from games.wordle.tournament import Tournament

    meta, state = saved["meta"], saved["state"]
    assert is_int(meta.get("seed"))
    words = dictionary(state["lang"])
    game = Tournament.from_json(state, words)
    humans = [p["id"] for p in game.players if p["human"]]
    found = {
        "phase": game.phase,
        "round": game.round_number,
        "humans": humans,
        "group": meta["group"],
    }
    if meta["group"]:
        group = store.load(tp.GROUP).data
        assert [game.players[i]["name"] for i in humans] == group["members"]
    # As the page does on opening it (back within the 60 s grace), then one guess.
    now = game.clock + 1000
    game.resume(now)
    match = next(m for m in game.current["matches"] if humans[0] in m["players"])
    duel = match["duel"]
    pid = match["players"][duel.turn]
    assert pid in humans, "the capture stops on a human's turn"
    guess = next(w for w in words.guess_lists[duel.length] if w != duel.word)
    rows = len(duel.rows)
    game.guess(pid, "".join(words.tiles(guess)), now)
    assert len(duel.rows) == rows + 1
    return game, found


CHECKERS = {
    "marbles": check_marbles,
    "battleship": check_battleship,
    "deblockle": check_deblockle,
    "dominoes": check_dominoes,
    "wordle": check_wordle_duel,
}


def first_legal_move(midend) -> int:
    """The person's turn: the first legal move; how many moves it took."""
    midend.play(midend.state.legal_moves()[0])
    return 1


def battleship_turn(midend) -> int:
    """The person's turn: the fleet placed at random and ready (the computer's was,
    so the battle begins), or a shot (a whole salvo); how many moves it took."""
    state = midend.state
    player = state.current_player
    if state.phase == "placement":
        midend.play({"type": "random_fleet", "player": player})
        midend.play({"type": "ready", "player": player})
        assert midend.state.phase == "battle"
        return 2
    squares = state.open_squares(player)[: state.shots_allowed(player)]
    midend.play({"type": "fire", "squares": squares})
    return 1


class Resumed(NamedTuple):
    """How a game's view resumes a save from before the midend."""

    legacy: Callable  # the frame of a save from before the midend, as the view makes it
    names: str  # the meta field naming the seats as the page does ...
    names_of: Callable  # ... and what gives it from the midend's seats
    turn: Callable  # the person's turn, played through the midend
    budget: int | None = None  # the computers' thinking (None: their default)
    new_fields: tuple = ()  # state fields today's engine writes that the capture lacks


def of_view(module: str, name: str) -> Callable:
    """A function of a view module, imported when called."""
    return lambda *args: getattr(importlib.import_module(module), name)(*args)


RESUMED = {
    "deblockle": Resumed(deblockle_legacy, "opponent", deblockle_opponent, first_legal_move),
    "battleship": Resumed(
        of_view("app.battleship.setup", "frame_before_the_midend"),
        "opponent",
        of_view("app.battleship.setup", "opponent_of"),
        battleship_turn,
        None,
        ("aimed",),
    ),
    "dominoes": Resumed(
        of_view("app.dominoes.seats", "frame_before_the_midend"),
        "players",
        of_view("app.dominoes.seats", "players_of"),
        first_legal_move,
        40,
    ),
}
RESUMED_CASES = [
    (game, case)
    for game in RESUMED
    for case in sorted(EXPECTED)
    if f"saved:{game}" in EXPECTED[case]
]


@pytest.mark.parametrize(("game", "case"), RESUMED_CASES)
def test_a_captured_save_resumes_through_the_midend(game, case, start_app):
    """As the view resumes it: its position becomes the base of the midend's frame,
    its seed the frame's, and its seats come from what the page named them (which
    they name again); the person plays a turn and the computers answer through the
    midend; the save now holds its frame and resumes as it was; and undo takes the
    turn back to the captured position. A finished game stays finished, recorded."""
    from app.midend import HUMAN, Midend

    how = RESUMED[game]
    engine = importlib.import_module(f"games.{game}.game").GAME
    app, _, problems = start_app(fixture(case)["storage"])

    def resumed():
        midend = Midend(app.store, engine, lambda: 0.0)
        return midend, midend.resume(legacy=how.legacy)

    captured = app.store.load(f"saved:{game}").data
    midend, meta = resumed()
    assert meta == {k: v for k, v in captured["meta"].items() if k not in ("recorded", "clock_ms")}
    assert how.names_of(midend.seats) == captured["meta"][how.names]
    assert midend.seed == captured["meta"]["seed"]
    assert midend.base == captured["state"] and midend.moves == []
    position = midend.state.to_json()  # as today's engine writes it
    assert {k: v for k, v in position.items() if k not in how.new_fields} == captured["state"]
    assert midend.recorded is captured["meta"]["recorded"]
    if midend.state.is_over:
        assert not midend.can_undo and midend.record_once(lambda: 1) is None
        return
    assert not midend.recorded
    assert midend.seat_kind(midend.state.current_player) == HUMAN
    turn = how.turn(midend)
    while midend.computer_to_move:
        midend.play(midend.computer_move(budget=how.budget))
    assert midend.state.current_player == 0
    assert midend.save(meta)
    saved = app.store.load(f"saved:{game}").data
    assert saved["meta"]["frame"]["seats"] == midend.seats and saved["meta"]["recorded"] is False
    assert saved["meta"][how.names] == captured["meta"][how.names]
    again, again_meta = resumed()
    assert again_meta == meta
    assert again.state.to_json() == midend.state.to_json() and again.moves == midend.moves
    for _ in range(turn):  # a move with the computers' replies, or each placement step
        again.undo()
    assert again.state.to_json() == position and not again.can_undo and not again.ranked
    assert problems == []


def test_every_fixture_has_its_expectations():
    on_disk = {path.stem for path in FIXTURES.glob("*.json")}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_a_captured_save_loads_and_plays_on(case, start_app):
    from app import saved_games
    from app.wordle import records as tp

    captured = fixture(case)
    storage = captured["storage"]
    assert storage and all(k.startswith("gemau:") for k in storage)
    app, backend, problems = start_app(storage)
    tp.register(app.store)  # as the tournament screen does when it opens
    app.store.check_all()
    assert problems == []
    rewritten = {
        app.store.name_of(key)
        for key in set(backend.items) | set(storage)
        if backend.items.get(key) != storage.get(key)
    }
    assert rewritten == MIGRATED.get(case, set()), "a record was rewritten (repaired or migrated)"
    names = {app.store.name_of(key) for key in storage} | MIGRATED.get(case, set())
    assert names <= set(app.store.schemas), "a stored record the app does not know"
    expected = EXPECTED[case]
    assert set(expected) <= names, "a record of the expectations was not captured"

    for name in sorted(names):
        record = app.store.load(name)
        if name == tp.TOURNAMENT:  # the old page's, moved to the frame's save at start-up
            assert record.data is None and f"saved:{tp.FRAME_GAME}" in names
            continue
        assert record.rev >= 1 and record.data is not None, name
        data, wanted = record.data, expected.get(name)
        area, _, game = name.partition(":")
        if game == tp.FRAME_GAME:  # (app.wordle.tournament_move: as the old page saved it)
            state, found = check_tournament(data, app.store)
            assert subset(found, expected[tp.TOURNAMENT]) == expected[tp.TOURNAMENT]
            assert type(state).from_json(state.to_json(), dictionary(state.lang))
        elif area == "saved":
            state, found = CHECKERS[game](data)
            assert wanted is not None, f"{name}: no expectation"
            assert subset(found, wanted) == wanted, name
            clock = data["meta"].get("clock_ms")
            assert is_int(clock) and clock >= 0
            # The position after the move saves as the page would, and reads back.
            saved_games.save(app.store, game, state.to_json(), data["meta"], record.rev)
            again = saved_games.load(app.store, game)
            assert again.rev == record.rev + 1
            assert type(state).from_json(again.data["state"]).to_json() == state.to_json()
        elif name == tp.RATING:
            me = data["players"][data["me"]]
            assert me["name"] == wanted["me"] and is_int(me["rating"])
        elif name == tp.GROUP:
            assert len(data["members"]) == wanted["members"]
        elif area == "prefs":
            assert data == wanted
        elif area == "stats":
            assert {v: subset(data[v], w) for v, w in wanted.items()} == wanted
        elif area == "rankings":
            assert {v: [row["score"] for row in data[v]] for v in wanted} == wanted
        elif name == "settings":
            assert data == wanted
            root = sys.modules["pyscript"].document.documentElement
            assert (root.lang, root.dataset.theme, root.dataset.motion) == (
                wanted["language"] or "en",  # None: the browser's (English here)
                wanted["theme"],
                "reduce" if wanted["motion"] == "reduce" else "full",
            )
            assert root.dataset.colourBlind == wanted["colour_blind"]
            assert root.dataset.sound == "on"  # as the device, whose motion is not reduced
        else:
            raise AssertionError(f"{name}: no check for this record")
    assert problems == []
