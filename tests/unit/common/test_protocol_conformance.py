"""Every game speaks games.common.protocol: one conformance test, run over all of them.

Random seeded games are played through the protocol alone; at every step the test
checks what the frame relies on (see the protocol module's docstring): listed moves
are accepted, other moves and malformed input are refused with IllegalMove leaving
the state as it was, saves and notation round-trip, copies are independent, a seed
replays the game, views hide what they must and mutated saves are refused with
BadState or load into a state that works (a whole number saved as a float is refused:
it compares equal and then fails in play).
"""

import copy
import json

import pytest
from app.i18n import load_catalogue
from games.battleship.game import GAME as BATTLESHIP
from games.common.commitment import digest
from games.common.errors import BadState, IllegalMove
from games.common.protocol import LEVELS, MAX_SEED, Game, has_fraction
from games.common.rng import SeededRng
from games.deblockle.game import GAME as DEBLOCKLE
from games.dominoes.game import GAME as DOMINOES
from games.marbles.game import GAME as MARBLES
from games.wordle.duel_game import duel_game
from games.wordle.feedback import marks
from games.wordle.hidden_duel_game import hidden_duel_game
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament_game import tournament_game

WORDLE_WORDS = sample_dictionary()
WORDLE_DUEL = duel_game(WORDLE_WORDS)
HIDDEN_DUEL = hidden_duel_game(WORDLE_WORDS)
TOURNAMENT = tournament_game(WORDLE_WORDS)
TWO_PEOPLE = [{"name": "Ann", "rating": 1000}, {"name": None, "rating": 1300}]

CASES = {
    "marbles-5": (MARBLES, {"version": 5}, 400),
    "marbles-4": (MARBLES, {"version": 4}, 400),
    "battleship-classic": (BATTLESHIP, {"mode": "classic"}, 260),
    "battleship-salvo": (BATTLESHIP, {"mode": "salvo"}, 400),
    "battleship-advanced": (BATTLESHIP, {"mode": "advanced_salvo", "announce_ship": False}, 400),
    "deblockle": (DEBLOCKLE, {}, 160),
    "deblockle-variant": (DEBLOCKLE, {"no_side_by_side": True, "blocks": 3}, 160),
    "deblockle-quick": (DEBLOCKLE, {"quick_setup": True, "first": 1}, 160),
    "deblockle-one-block": (DEBLOCKLE, {"blocks": 1, "quick_setup": True}, 200),
    "dominoes-2": (DOMINOES, {"seats": 2, "target": 60}, 400),
    "dominoes-4-partners": (DOMINOES, {"seats": 4, "partnerships": True, "target": 60}, 400),
    "wordle-duel": (WORDLE_DUEL, {"lang": "en"}, 30),
    "wordle-duel-hidden": (HIDDEN_DUEL, {"lang": "en"}, 40),
    "wordle-tournament": (TOURNAMENT, {"lang": "en", "humans": TWO_PEOPLE}, 160),
    "wordle-tournament-keyboard": (
        TOURNAMENT,
        {"lang": "en", "humans": TWO_PEOPLE, "shared_keyboard": True},
        80,
    ),
}
SEEDS = (1, 20261201)

# Moves a game accepts without listing them: shorthands for a sequence of listed
# moves (a whole fleet; a whole salvo instead of aiming square by square).
COMPOUND = {
    "battleship": lambda move: (
        isinstance(move, dict)
        and (move.get("type") == "fleet" or (move.get("type") == "fire" and "squares" in move))
    ),
}


def guess_later_in_its_turn(move, moves) -> bool:
    """A Wordle duel lists each guess at its turn's start and the timeout at the
    turn's end; the same guess may be played at any moment in between."""
    if not moves or not isinstance(move, dict) or move.get("type") != "guess":
        return False
    at = move.get("at")
    start = next(m["at"] for m in moves if m["type"] == "guess")
    deadline = next(m["at"] for m in moves if m["type"] == "timeout")
    return type(at) is int and start <= at < deadline and {**move, "at": start} in moves


def tournament_move_later(move, moves) -> bool:
    """A Wordle Tournament lists its people's moves at its clock; the same moves later
    on its clock are legal too (what fell due by then is played first)."""
    if not isinstance(move, dict) or type(move.get("at")) is not int:
        return False
    listed = [m for m in moves if m["type"] == move["type"] and "at" in m]
    return any(move["at"] >= m["at"] and {**move, "at": m["at"]} == m for m in listed)


# Moves a random game plays rarely, so that it goes on long enough to test its middle
# (a Tournament's people leaving, going away, coming back).
RARE = {
    TOURNAMENT.name: lambda move: move["type"] in ("leave", "away", "back", "finish"),
}


# Moves a game lists at one moment and accepts later too (a move that lets time pass).
LATER = {"wordle-duel": guess_later_in_its_turn, TOURNAMENT.name: tournament_move_later}


def listed_later(game: Game, move, moves) -> bool:
    return LATER.get(game.name, lambda m, listed: False)(move, moves)


def hidden_duel_secret(state) -> list:
    """The move that holds a device's own secret (its share's commitment, then its opening),
    which no engine can list: the test's device's, a fixed share per seat."""
    duel, seat = state.duel, state.current_player
    if seat is None:
        return []
    salt, text = "5a" * 32, f"{seat + 1}:{'ab' * 32}"
    if duel.phase == "commit":
        return [{"type": "commit", "seat": seat, "commitment": digest(bytes.fromhex(salt), text)}]
    if duel.phase == "reveal":
        return [{"type": "reveal", "seat": seat, "salt": salt, "opening": text}]
    return []


# Moves a game cannot list because they hold a player's secret: the test plays its own.
SECRET = {"wordle-duel-hidden": hidden_duel_secret}


def listed_moves(game: Game, state) -> list:
    return state.legal_moves() + SECRET.get(game.name, lambda s: [])(state)


MALFORMED = [
    None,
    0,
    -1,
    1.5,
    True,
    "",
    "x" * 100_000,
    "[" * 5000,
    [],
    [None],
    [0],
    [1.0, 2.0],
    [0, 1, 2],
    [[0, 1], [2, 3]],
    {},
    {"type": None},
    {"type": ["fire"]},
    {"type": "fire", "squares": "A1"},
    {"type": "fire", "squares": [None]},
    {"type": "fire", "squares": [["A", 1]]},
    {"type": "play", "tile": None},
    {"type": "play", "tile": [5.0, 3.0], "end": "E"},
    {"type": "play", "tile": [5, 3], "end": ["E"]},
    {"type": "play", "tile": [9, 9], "end": None},
    {"type": "place", "player": 0.0, "ship": "carrier", "square": "A1", "orientation": "h"},
    {"type": "place", "player": True, "ship": "carrier", "square": "A1", "orientation": "h"},
    {"type": "fleet", "player": 0, "ships": {"carrier": ["A1"]}},
    object(),
]
BAD_LEAVES = [None, -1, 1.5, True, "x", [], {}, 10**30, "A" * 5000]
CATALOGUES = (load_catalogue("en"), load_catalogue("cy"))


def canonical(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refusal(apply, *args) -> IllegalMove | None:
    """The IllegalMove that apply(*args) raises, or None if it was accepted; any
    other exception fails the test (that is the bug this test exists for)."""
    try:
        apply(*args)
    except IllegalMove as refused:
        return refused
    return None


def check_key(refused: IllegalMove) -> None:
    for catalogue in CATALOGUES:
        assert refused.key in catalogue, f"refusal key {refused.key!r} is in no catalogue"


def mutated_moves(move, rng: SeededRng) -> list:
    """Moves of the right kind with one part of the wrong type or shape."""
    found = []
    if isinstance(move, dict):
        for key in move:
            for bad in (None, 1.5, [], "zz", {}, -3):
                found.append({**move, key: bad})
        found.append({**move, "unknown": 1})
        found.append({k: v for k, v in move.items() if k != "type"})
    elif isinstance(move, tuple) and hasattr(move, "_replace"):  # a NamedTuple
        for field in move._fields:
            for bad in (None, 1.5, -1, 10**6, "x", (1.5,)):
                found.append(move._replace(**{field: bad}))
    elif isinstance(move, (tuple, list)):
        found += [[float(v) for v in move], [True, False], [*move, 0], list(move[:1])]
        found += [(v, -1) for v in move] + [(v, 81) for v in move]
    rng.shuffle(found)
    return found[:6]


def mutated_saves(data, rng: SeededRng, count: int) -> list:
    """Copies of a save, each with one leaf changed, one key removed or one list grown."""
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, [*path, key])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, [*path, index])

    walk(data, [])
    found = []
    for _ in range(count):
        path = paths[rng.randrange(len(paths))]
        mutant = copy.deepcopy(data)
        parent, target = None, mutant
        for step in path:
            parent, target = target, target[step]
        choice = rng.randrange(3)
        if parent is None:
            mutant = rng.choice(BAD_LEAVES)
        elif choice == 0 and isinstance(parent, dict):
            del parent[path[-1]]
        elif choice == 1 and isinstance(target, list):
            target.append(rng.choice(BAD_LEAVES))
        else:
            parent[path[-1]] = rng.choice(BAD_LEAVES)
        found.append(mutant)
    return found


def floated_saves(data, rng: SeededRng, count: int) -> list:
    """Copies of a save, each with one whole number written as a float (5.0 for 5)."""
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, [*path, key])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, [*path, index])
        elif isinstance(node, int) and not isinstance(node, bool):
            paths.append(path)

    walk(data, [])
    found = []
    for _ in range(count if paths else 0):
        path = paths[rng.randrange(len(paths))]
        mutant = copy.deepcopy(data)
        target = mutant
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = float(target[path[-1]])
        found.append(mutant)
    return found


def test_the_saves_the_fuzzing_found_are_refused():
    """Found by fuzzing 73,434 mutated saves (issue 31): each loaded, then failed in play."""
    marbles = MARBLES.new_game({"version": 5}, 3).to_json()
    with pytest.raises(BadState):
        MARBLES.load({**marbles, "line": 5.0})
    deblockle = DEBLOCKLE.new_game({}, 3).to_json()
    with pytest.raises(BadState):
        DEBLOCKLE.load({**deblockle, "options": {**deblockle["options"], "first": 0.0}})
    assert has_fraction([{"a": [1, 2.5]}]) and not has_fraction([{"a": [1, True, "2.5"]}])


def exercise(game: Game, state, seats: int) -> None:
    """What a loaded state must survive: every verb the frame calls."""
    moves = state.legal_moves()
    assert isinstance(moves, list)
    for move in moves[:3]:
        game.parse_move(game.format_move(move))
        twin = state.copy()
        twin.apply(move)
    json.dumps(state.to_json())
    game.load(json.loads(json.dumps(state.to_json())))
    for player in range(seats):
        state.view_for(player)
    _ = state.result, state.current_player, state.is_over


def other_words(word: str, rows: list) -> list[str]:
    """The other answers a Wordle duel's rows so far could be about."""
    played = [row for row in rows if row["guess"]]
    return [
        other
        for other in WORDLE_WORDS.answers[len(word)]
        if other != word and all(list(marks(row["guess"], other)) == row["marks"] for row in played)
    ]


def hidden_swapped(game: Game, state, player: int, rng: SeededRng):
    """A twin of `state` that differs from it only in what `player` may not
    know, or None where the game hides nothing from `player` now."""
    data = state.to_json()
    if game is DOMINOES:
        others = [seat for seat in range(len(data["hands"])) if seat != player]
        pool = [t for seat in others for t in data["hands"][seat]] + data["boneyard"]
        rng.shuffle(pool)
        for seat in others:
            size = len(data["hands"][seat])
            data["hands"][seat], pool = pool[:size], pool[size:]
        data["boneyard"] = pool
    elif game is WORDLE_DUEL and data["result"] is None:
        others = other_words(data["word"], data["rows"])
        if not others:
            return None
        data["word"] = rng.choice(others)
    elif game is TOURNAMENT and data["rounds"]:
        swapped = False
        for match in data["rounds"][-1]["matches"]:
            duel = match["duel"]
            if duel["result"] is None:
                others = other_words(duel["word"], duel["rows"])
                if others:
                    duel["word"], swapped = rng.choice(others), True
        if not swapped:
            return None
    elif game is BATTLESHIP and not data["ready"][1 - player]:
        other = game.new_game(data["options"], rng.randrange(MAX_SEED))
        other.apply({"type": "random_fleet", "player": 1 - player})
        fleet = other.to_json()["fleets"][1 - player]
        placed = data["fleets"][1 - player]
        data["fleets"][1 - player] = {ship: fleet[ship] for ship in placed}
    else:
        return None
    return game.load(data)


def play(game: Game, options: dict, seed: int, max_plies: int, checks: bool) -> list[str]:
    """A seeded random game through the protocol; its transcript (one line per ply)."""
    rng = SeededRng(seed)
    state = game.new_game(options, seed)
    seats = game.seats(options)
    seen_moves: list = []
    transcript = []
    for ply in range(max_plies):
        moves = listed_moves(game, state)
        assert isinstance(moves, list)
        assert (state.current_player is None) == state.is_over == (not moves)
        assert state.is_over == (state.result is not None)
        if checks:
            check_step(game, state, moves, seen_moves, seats, rng, ply)
        if state.is_over:
            break
        if rng.random() < 0.2 and game.computer:
            level = game.levels[rng.randrange(len(game.levels))]
            player = state.current_player
            move = game.computer[level](state.view_for(player), rng.fork(f"ply{ply}"), None)
            is_listed = move in moves or COMPOUND.get(game.name, lambda m: False)(move)
            is_listed = is_listed or listed_later(game, move, moves)
            assert is_listed, f"{level} chose a move the rules do not list: {move!r}"
        else:
            move = moves[rng.randrange(len(moves))]
            common = [m for m in moves if not RARE.get(game.name, lambda m: False)(m)]
            if common and move not in common and rng.random() < 0.95:
                move = common[rng.randrange(len(common))]
        seen_moves.append(move)
        events = state.apply(move)
        assert isinstance(events, list)
        json.dumps(events)
        transcript.append(game.format_move(move) + " " + canonical(state))
    return transcript


def check_step(game, state, moves, seen_moves, seats, rng, ply) -> None:
    before = canonical(state)
    data = state.to_json()
    assert data["version"] == game.version
    assert not has_fraction(data), "an engine keeps whole numbers only"
    assert canonical(game.load(json.loads(json.dumps(data)))) == before, "JSON round trip"

    for move in [moves[rng.randrange(len(moves))] for _ in range(2)] if moves else []:
        twin = state.copy()
        twin.apply(move)
        assert canonical(state) == before, "copy() shares state with its twin"
        text = game.format_move(move)
        assert isinstance(text, str)
        by_text = state.copy()
        by_text.apply(game.parse_move(text))
        assert canonical(by_text) == canonical(twin), f"notation {text!r} is another move"

    compound = COMPOUND.get(game.name, lambda m: False)
    candidates = (
        [seen_moves[rng.randrange(len(seen_moves))] for _ in range(3)] if seen_moves else []
    )
    candidates += [rng.choice(MALFORMED) for _ in range(3)]
    if moves:
        candidates += mutated_moves(moves[rng.randrange(len(moves))], rng)
    for candidate in candidates:
        twin = state.copy()
        refused = refusal(twin.apply, candidate)
        if refused is None:
            listed = candidate in moves or compound(candidate)
            listed = listed or listed_later(game, candidate, moves)
            assert listed, f"accepted unlisted {candidate!r}"
        else:
            assert canonical(twin) == before, f"refusing {candidate!r} changed the state"
            check_key(refused)
    for text in ("", "zz", "fire", "0 place", "A1-", "x" * 500, "\x00", "c3N-", "5-"):
        refused = refusal(game.parse_move, text)
        if refused is not None:
            check_key(refused)

    for player in range(seats):
        view = state.view_for(player)
        twin = hidden_swapped(game, state, player, rng)
        if twin is not None:
            assert state_view(twin.view_for(player)) == state_view(view), "the view leaks"

    if ply % 7 == 0:
        for mutant in floated_saves(data, rng, 3):
            with pytest.raises(BadState):
                game.load(mutant)
        for mutant in mutated_saves(data, rng, 6):
            try:
                loaded = game.load(mutant)
            except BadState:
                continue
            exercise(game, loaded, seats)


def state_view(view):
    return json.dumps(view, sort_keys=True, default=lambda o: o.to_json())


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_games_keep_the_protocol(case):
    game, options, max_plies = CASES[case]
    for seed in SEEDS:
        play(game, options, seed, max_plies, checks=True)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_seed_replays_the_game(case):
    game, options, max_plies = CASES[case]
    first = play(game, options, 7, max_plies, checks=False)
    assert first == play(game, options, 7, max_plies, checks=False)
    moves = [line.split(" {", 1)[0] for line in first]
    replayed = game.replay(options, 7, moves)
    assert json.loads("{" + first[-1].split(" {", 1)[1]) == replayed.to_json()


BAD_PARAMS = {
    "marbles": {"version": "3"},
    "battleship": {"mode": "x" * 100},
    "deblockle": {"blocks": "0"},
    "dominoes": {"seats": "9"},
    "wordle-duel": {"lang": "xx"},
}


@pytest.mark.parametrize(
    "game", [MARBLES, BATTLESHIP, DEBLOCKLE, DOMINOES, WORDLE_DUEL], ids=lambda g: g.name
)
def test_the_description_is_complete(game):
    assert set(game.levels) <= set(LEVELS) and game.levels
    options = game.options_from_params({})
    assert game.options_from_params(game.options_to_params(options)) == options
    for case in CASES.values():
        if case[0] is game:
            options = game.new_game(case[1], 1).to_json().get("options", case[1])
            assert game.options_from_params(game.options_to_params(options)) == options
    with pytest.raises(ValueError):
        game.options_from_params(BAD_PARAMS[game.name])
    with pytest.raises(BadState):
        game.load({"version": game.version + 1})
    with pytest.raises(BadState):
        game.load([])
