"""A computer player's move, chosen from a position written down.

The same code chooses on the page's main thread (the midend, when no worker is
running) and in the thinker's Web Worker (static/js/thinker.js runs `think`), with
the same random numbers (the seed and the move number), so a seed replays the
computer's play wherever it thought. Nothing here touches the browser.

A request is plain JSON: {"game", "options", "state" (the engine's save), "player",
"level", "seed", "move_number"}; the answer is the move in the game's notation. The
Wordle duel's engine is made for one language's words: the worker asks which it
lacks (`words_needed`), fetches them and hands them over (`add_words`) first.

A Wordle Tournament bot's plan for a turn is asked for with the tournament's own
request ({"game": "wordle-tournament", "lang", "skill", "seat", "view" (the duel
as the bot saw it at its turn's start), "seed" (the plan's stream)}, see
games.wordle.tournament.plans_wanted); the answer is the plan as JSON text,
{"rows", "word", "think_ms"}, worked out by the same `bot_plan` as on the page.
"""

import importlib
import json
from typing import Any

from games.common.errors import BadState
from games.common.protocol import Game, GameState, Json, Move
from games.common.rng import SeededRng
from games.wordle.tournament_plans import PLAN_GAME as TOURNAMENT_PLAN

# The duel's Game is named "wordle-duel" (games.wordle.duel_game), and "wordle" on the
# page, which saves it as the Wordle game's saved:wordle.
WORDLE_DUEL = ("wordle", "wordle-duel")
WORKER_GAMES = ("battleship", "deblockle", "dominoes", *WORDLE_DUEL)

_wordle_games: dict[str, Game] = {}  # the duel's engine for each language's words
_wordle_words: dict[str, Any] = {}  # each language's Dictionary, for the tournament's bots


def choose(
    game: Game,
    state: GameState,
    player: int,
    level: str,
    seed: int,
    move_number: int,
    budget: int | None = None,
) -> Move:
    """The move of `player`'s computer at `level`, seeing only what it may see
    (budget None: the level's default, the one bench/<game>.py measures)."""
    rng = SeededRng(seed).fork(f"computer:{move_number}")
    return game.computer[level](state.view_for(player), rng, budget)


def request(
    game: Game,
    options: Json,
    state: GameState,
    player: int,
    level: str,
    seed: int,
    move_number: int,
) -> Json:
    return {
        "game": game.name,
        "options": options,
        "state": game.save(state),
        "player": player,
        "level": level,
        "seed": seed,
        "move_number": move_number,
    }


def words_needed(request_text: str) -> str | None:
    """The language whose words the worker must add before this request, if any."""
    asked = json.loads(request_text)
    if not isinstance(asked, dict) or asked.get("game") not in (*WORDLE_DUEL, TOURNAMENT_PLAN):
        return None
    lang = _lang_of(asked)
    known = _wordle_words if asked["game"] == TOURNAMENT_PLAN else _wordle_games
    return None if lang in known else lang


def add_words(lang: str, words_text: str, book_text: str | None) -> None:
    """The words of a language (static/words/<lang>.json) and its book, if it came."""
    from games.wordle.dictionary import Dictionary
    from games.wordle.duel_game import duel_game

    words = Dictionary(lang, json.loads(words_text))
    if book_text:
        try:
            words.load_book(json.loads(book_text))
        except (ValueError, BadState, KeyError, AttributeError):
            pass  # the expert still plays, judging every position live (as on the page)
    _wordle_games[lang] = duel_game(words)
    _wordle_words[lang] = words


def think(request_text: str) -> str:
    """In the worker: the move a request (JSON text) asks for, in notation.
    Raises BadState for a request that is not one."""
    asked = json.loads(request_text)
    if isinstance(asked, dict) and asked.get("game") == TOURNAMENT_PLAN:
        return json.dumps(tournament_plan(asked))
    if not isinstance(asked, dict) or asked.get("game") not in WORKER_GAMES:
        raise BadState("not a request for a computer's move")
    game = _game_of(asked)
    if asked.get("level") not in game.computer:
        raise BadState("no such computer level")
    state = game.load(asked["state"])
    move = choose(game, state, asked["player"], asked["level"], asked["seed"], asked["move_number"])
    return game.format_move(move)


def tournament_plan(asked: Json) -> Json:
    """A tournament bot's plan, as the tournament would work it out itself."""
    from games.wordle.tournament_plans import bot_plan

    words = _wordle_words.get(_lang_of(asked))
    if words is None:
        raise BadState("the words of this language were not added")
    try:
        return bot_plan(asked, words)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise BadState(f"not a bot's position: {error}") from error


def _game_of(asked: Json) -> Game:
    if asked["game"] in WORDLE_DUEL:
        game = _wordle_games.get(_lang_of(asked))
        if game is None:
            raise BadState("the words of this language were not added")
        return game
    game = importlib.import_module(f"games.{asked['game']}.game").GAME
    if not isinstance(game, Game):
        raise BadState(f"games.{asked['game']}.game has no GAME")
    return game


def _lang_of(asked: Json) -> str:
    options = asked if asked.get("game") == TOURNAMENT_PLAN else asked.get("options")
    lang = options.get("lang") if isinstance(options, dict) else None
    from games.wordle.letters import LANGUAGES

    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadState("a duel without its language")
    return lang
