"""A computer player's move, chosen from a position written down.

The same code chooses on the page's main thread (the midend, when no worker is
running) and in the thinker's Web Worker (static/js/thinker.js runs `think`), with
the same random numbers (the seed and the move number), so a seed replays the
computer's play wherever it thought. Nothing here touches the browser.

A request is plain JSON: {"game", "state" (the engine's save), "player", "level",
"seed", "move_number"}; the answer is the move in the game's notation.
"""

import importlib
import json
from typing import Any

from games.common.errors import BadState
from games.common.protocol import Game
from games.common.rng import SeededRng

# The games whose computer players may think in the worker (their GAME needs no
# data from the page; the Wordle duel's needs a dictionary).
WORKER_GAMES = ("battleship", "deblockle", "dominoes")


def choose(
    game: Game, state: Any, player: int, level: str, seed: int, move_number: int, budget=None
) -> Any:
    """The move of `player`'s computer at `level`, seeing only what it may see
    (budget None: the level's default, the one bench/<game>.py measures)."""
    rng = SeededRng(seed).fork(f"computer:{move_number}")
    return game.computer[level](state.view_for(player), rng, budget)


def request(game: Game, state: Any, player: int, level: str, seed: int, move_number: int) -> dict:
    return {
        "game": game.name,
        "state": game.save(state),
        "player": player,
        "level": level,
        "seed": seed,
        "move_number": move_number,
    }


def think(request_text: str) -> str:
    """In the worker: the move a request (JSON text) asks for, in notation.
    Raises BadState for a request that is not one."""
    asked = json.loads(request_text)
    if not isinstance(asked, dict) or asked.get("game") not in WORKER_GAMES:
        raise BadState("not a request for a computer's move")
    game: Game = importlib.import_module(f"games.{asked['game']}.game").GAME
    if asked.get("level") not in game.computer:
        raise BadState("no such computer level")
    state = game.load(asked["state"])
    move = choose(game, state, asked["player"], asked["level"], asked["seed"], asked["move_number"])
    return game.format_move(move)
