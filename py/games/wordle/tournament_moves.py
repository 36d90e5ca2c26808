"""A Wordle Tournament's moves (tournament_game): their shapes and their notation.

    {"type": "start", "at": 0}                          "start @0"       (5.1)
    {"type": "step", "at": t}                           "step @t"
    {"type": "guess", "player": 2, "word": "crane", "at": t}   "2 CRANE @t"  (4)
    {"type": "leave", "player": 2, "at": t}             "leave 2 @t"     (10.2)
    {"type": "away", "player": 2, "at": t}              "away 2 @t"      (10.3, 10.4)
    {"type": "back", "player": 2, "at": t}              "back 2 @t"      (10.4)
    {"type": "plan", "round": 1, "duel": 3, "rows": 2, "word": "crane" or None,
     "think": 7400}                                     "plan 1 3 2 CRANE 7400" ("-": no word)
    {"type": "finish"}                                  "finish"         (11.6)

Words are tile strings (games.wordle.dictionary), written in capitals in the notation.
"""

from collections.abc import Mapping
from typing import Any, TypeGuard

from games.common.checks import is_int
from games.common.protocol import MAX_SEED, Json, refuse_malformed

from . import letters
from .dictionary import Dictionary
from .duel import TURN_MS
from .tournament_rules import SEATS

MAX_TIME = MAX_SEED - TURN_MS
MAX_NOTATION = 120
TIMED = ("start", "step", "guess", "leave", "away", "back")
PEOPLE = ("leave", "away", "back")
KEYS = {
    "start": {"type", "at"},
    "step": {"type", "at"},
    "guess": {"type", "player", "word", "at"},
    "leave": {"type", "player", "at"},
    "away": {"type", "player", "at"},
    "back": {"type", "player", "at"},
    "plan": {"type", "round", "duel", "rows", "word", "think"},
    "finish": {"type"},
}


def _is_time(value: object) -> TypeGuard[int]:
    return is_int(value) and 0 <= value <= MAX_TIME


def _is_player(value: object) -> TypeGuard[int]:
    return is_int(value) and 0 <= value < SEATS


def move_kind(move: object) -> str:
    """The kind of a move of the right shape; IllegalMove if it is not one."""
    if isinstance(move, dict):
        kind = move.get("type")
        if isinstance(kind, str) and kind in KEYS and set(move) == KEYS[kind]:
            fine = ("at" not in move or _is_time(move["at"])) and (
                "player" not in move or _is_player(move["player"])
            )
            if kind == "guess":
                word = move["word"]
                fine = fine and isinstance(word, str) and 0 < len(word) <= 64
            if kind == "plan":
                word = move["word"]
                fine = all(is_int(move[key]) for key in ("round", "duel", "rows", "think")) and (
                    word is None or (isinstance(word, str) and 0 < len(word) <= 64)
                )
            if fine:
                return kind
    raise refuse_malformed("wordle.bad_move", move)


def guess(player: int, word: str, at: int) -> Json:
    """The move: human `player` guesses `word` (a tile string) at `at`."""
    return {"type": "guess", "player": player, "word": word, "at": at}


def plan_move(key: tuple[int, int, int], plan: Mapping[str, Any]) -> Json:
    """A bot's plan for the turn `key` (tournament_plans.PlanKey) from the thinker's
    answer ({"word", "think_ms"}: tournament_plans.bot_plan) as a move."""
    return {
        "type": "plan",
        "round": key[0],
        "duel": key[1],
        "rows": key[2],
        "word": plan["word"],
        "think": plan["think_ms"],
    }


def format_move(words: Dictionary, move: Json) -> str:
    kind = move_kind(move)
    if kind == "finish":
        return "finish"
    if kind == "plan":
        word = "-" if move["word"] is None else _word_text(words, move["word"])
        return f"plan {move['round']} {move['duel']} {move['rows']} {word} {move['think']}"
    if kind == "guess":
        return f"{move['player']} {_word_text(words, move['word'])} @{move['at']}"
    if kind in PEOPLE:
        return f"{kind} {move['player']} @{move['at']}"
    return f"{kind} @{move['at']}"


def parse_move(words: Dictionary, text: str) -> Json:
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise refuse_malformed("wordle.bad_notation", text)
    parts = text.split(" ")
    kind = parts[0]
    if parts == ["finish"]:
        return {"type": "finish"}
    if kind in ("start", "step") and len(parts) == 2:
        return {"type": kind, "at": _parse_time(parts[1], text)}
    if kind in PEOPLE and len(parts) == 3:
        return {"type": kind, "player": _number(parts[1], text), "at": _parse_time(parts[2], text)}
    if kind == "plan" and len(parts) == 6:
        r, d, rows, word, think = parts[1:]
        plan_word = None if word == "-" else _parse_word(words, word, text)
        numbers = [_number(part, text) for part in (r, d, rows, think)]
        return {
            "type": "plan",
            "round": numbers[0],
            "duel": numbers[1],
            "rows": numbers[2],
            "word": plan_word,
            "think": numbers[3],
        }
    if len(parts) == 3 and kind in {str(pid) for pid in range(SEATS)}:
        word = _parse_word(words, parts[1], text)
        return guess(int(kind), word, _parse_time(parts[2], text))
    raise refuse_malformed("wordle.bad_notation", text)


def _word_text(words: Dictionary, word: str) -> str:
    return "".join(words.tiles(word)).upper()


def _parse_word(words: Dictionary, token: str, text: str) -> str:
    normalised = letters.normalise(words.lang, token)
    if not letters.is_word(words.lang, normalised):
        raise refuse_malformed("wordle.bad_notation", text)
    return words.encode(normalised)


def _number(token: str, text: str) -> int:
    if not token.isascii() or not token.isdigit() or len(token) > 16:
        raise refuse_malformed("wordle.bad_notation", text)
    return int(token)


def _parse_time(token: str, text: str) -> int:
    if token[:1] != "@":
        raise refuse_malformed("wordle.bad_notation", text)
    return _number(token[1:], text)
