"""The practice duel on the engine protocol (games.common.protocol).

Rules of record: docs/rules/wordle-tournament.md 3 and 4 (the duel), 13
(practice duels). The rules themselves are duel.Duel's; this module makes a duel
a protocol state, and its `Game` is built for one dictionary,
`duel_game(dictionary)`, since the word lists are loaded at run time. Options:
{"lang": the dictionary's language}; two seats.

The clock is a move. Times are milliseconds on the duel's own clock, which the
frame runs (the page: its clock since the duel began, sped up or not); the
engine never reads a clock. A new duel's first turn starts at 0 (a duel saved
before this module keeps the page's clock of its time: only differences matter).

    {"type": "guess", "seat": 0, "word": "crane", "at": 12000}   "0 CRANE @12000"
    {"type": "timeout", "at": 30000}                              "timeout @30000"

A guess (the word as a tile string, see dictionary.py) is legal for the seat to
play from the moment its turn starts until just before its 30 seconds run out,
with a word of the dictionary's guess list (rule 4.1; a word on the board may
come again, rule 4.7). The timeout is legal exactly when the turn runs out, and
skips it (rule 3.4): the frame plays it when its clock gets there, one turn at a
time (rule 3.8). `legal_moves()` lists the seat's every accepted word at the
moment the turn starts, and the timeout; the same guess played later in the
turn, as a person types, is legal too (time passing alone is not a move).

The word. `seed` is the public game ID. The word, its length and who starts
come from the secret `options["secret"]` when it is given (an int the page draws
apart from the seed: it is never in the address, nor in `to_json()["options"]`,
and the save keeps the word, not the secret); without it, from the seed's
hidden stream `SeededRng(seed).fork("word")`, for tests and replays that need
only the ID. A duel the page opens by its number (?seed=N) is that number's
duel, as it always was: its secret is N (see app.wordle_duel.frontend).

Computer players: players.Player at the protocol's levels (easy, medium, hard,
expert for beginner, casual, skilled, expert), called `(view, rng, budget)`; the
move they return carries their think time: a guess at the turn's start plus the
time they think, or the timeout when they would run out of time. `budget` is
not used: a level's strength and speed are its own.

Saves are duel.Duel's JSON (version 1), checked strictly: the rows must be the
moves the rules allow, in time, ending in the saved turn and result.
"""

import json
from collections.abc import Mapping
from functools import partial
from typing import TypeGuard

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import (
    MAX_SEED,
    Game,
    Json,
    option_text,
    parse_options_text,
    refuse_malformed,
)
from games.common.rng import SeededRng

from . import letters
from .dictionary import LENGTHS, Dictionary
from .duel import TURN_MS, TURNS_EACH, VERSION, Duel, new_duel
from .players import LEVELS, PROTOCOL_LEVELS, Plan, Player

NAME = "wordle-duel"
SEATS = 2
MAX_TIME = MAX_SEED - TURN_MS  # a deadline still survives a trip through JavaScript
MAX_NOTATION = 80
SAVE_KEYS = {"version", "word", "first", "turn", "turn_started", "rows", "result"}
ROW_KEYS = {"seat", "guess", "marks", "at"}
GUESS_KEYS = {"type", "seat", "word", "at"}
TIMEOUT_KEYS = {"type", "at"}


def guess(seat: int, word: str, at: int) -> Json:
    """The move: `seat` plays `word` (a tile string) at `at` ms on the duel's clock."""
    return {"type": "guess", "seat": seat, "word": word, "at": at}


def timeout(at: int) -> Json:
    """The move: the turn's 30 seconds ran out at `at` (its deadline)."""
    return {"type": "timeout", "at": at}


def _is_time(value: object) -> TypeGuard[int]:
    return is_int(value) and 0 <= value <= MAX_TIME


def _move_kind(move: object) -> str:
    """The kind of a move of the right shape ("guess" or "timeout"); IllegalMove if not."""
    if isinstance(move, dict):
        kind = move.get("type")
        if (
            kind == "guess"
            and set(move) == GUESS_KEYS
            and is_int(move["seat"])
            and move["seat"] in (0, 1)
            and isinstance(move["word"], str)
            and 0 < len(move["word"]) <= 64
            and _is_time(move["at"])
        ):
            return "guess"
        if kind == "timeout" and set(move) == TIMEOUT_KEYS and _is_time(move["at"]):
            return "timeout"
    raise refuse_malformed("wordle.bad_move", move)


class DuelState:
    """A duel (duel.Duel) and the dictionary its guesses must come from."""

    def __init__(self, words: Dictionary, duel: Duel):
        self.words = words
        self.duel = duel

    # --- the protocol --------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.duel.turn

    @property
    def is_over(self) -> bool:
        return self.duel.is_over

    @property
    def result(self) -> Json | None:
        """None, {"winner": seat} (and "resigned": seat) or {"draw": True}."""
        return dict(self.duel.result) if self.duel.result else None

    def legal_moves(self) -> list[Json]:
        seat, start = self.duel.turn, self.duel.turn_started
        if seat is None:  # over
            return []
        moves = [guess(seat, word, start) for word in self.words.guess_lists[self.length]]
        return moves + [self.timeout_move()]

    def apply(self, move: object) -> list[Json]:
        """Play `move`; the events: one "row" (the row it added, its number) and,
        when it ended the duel, "over" (the result and the word)."""
        return self._apply(move, check_words=True)

    def copy(self) -> "DuelState":
        duel = self.duel
        rows = [{**row, "marks": list(row["marks"]) if row["marks"] else None} for row in duel.rows]
        result = dict(duel.result) if duel.result else None
        return DuelState(
            self.words, Duel(duel.word, duel.first, duel.turn, duel.turn_started, rows, result)
        )

    def view_for(self, seat: int | None) -> Json:
        """What `seat` (or a spectator, None) may know: every row (rule 4.5), whose
        turn and since when, the result; the word only once the duel is over (3.7)."""
        duel = self.duel
        return {
            "seat": seat,
            "lang": self.words.lang,
            "length": duel.length,
            "rows": [
                {**row, "marks": list(row["marks"]) if row["marks"] else None} for row in duel.rows
            ],
            "turn": duel.turn,
            "first": duel.first,
            "turns_used": [duel.turns_used(0), duel.turns_used(1)],
            "turn_started": duel.turn_started,
            "deadline": duel.deadline,
            "result": self.result,
            "word": duel.word if duel.is_over else None,
        }

    def to_json(self) -> Json:
        return self.duel.to_json()

    @classmethod
    def from_json(cls, words: Dictionary, data: object) -> "DuelState":
        return load_state(words, data)

    # --- for the frame -------------------------------------------------------------
    @property
    def length(self) -> int:
        return self.duel.length

    @property
    def rows(self) -> list[Json]:
        return [dict(row) for row in self.duel.rows]

    @property
    def deadline(self) -> int | None:
        return self.duel.deadline

    def time_left(self, now: int) -> int:
        """Milliseconds left in the turn at `now` on the duel's clock (0 once over)."""
        return self.duel.time_left(now)

    def timeout_move(self) -> Json:
        """The move that ends the turn in play when its time runs out."""
        deadline = self.duel.deadline
        if deadline is None:  # over
            raise IllegalMove("wordle.duel_over")
        return timeout(deadline)

    # --- playing -----------------------------------------------------------------------
    def _apply(self, move: object, check_words: bool) -> list[Json]:
        kind = _move_kind(move)
        assert isinstance(move, dict)  # _move_kind refuses anything else
        duel = self.duel
        if duel.is_over:
            raise IllegalMove("wordle.duel_over")
        if kind == "timeout":
            if move["at"] != duel.deadline:
                raise IllegalMove("wordle.not_due")
            row = duel.advance(move["at"])[0]
        else:
            seat, word, at = move["seat"], move["word"], move["at"]
            if seat != duel.turn:
                raise IllegalMove("wordle.not_your_turn")
            if at < duel.turn_started:
                raise IllegalMove("wordle.too_early")
            if at >= duel.deadline:
                raise IllegalMove("wordle.too_late")
            if len(word) != duel.length:
                raise IllegalMove("wordle.wrong_length", length=duel.length)
            if check_words and word not in self.words.guesses[duel.length]:
                raise IllegalMove("wordle.not_in_list", word=self.words.display(word))
            if not check_words and not set(word) <= self.words.tile_chars():
                raise IllegalMove("wordle.bad_letters")
            row = duel.guess(seat, word, at)
        row = {**row, "marks": list(row["marks"]) if row["marks"] else None}
        events: list[Json] = [{"type": "row", "number": len(duel.rows), "row": row}]
        if duel.is_over:
            events.append({"type": "over", "result": self.result, "word": duel.word})
        return events


# --- starting ----------------------------------------------------------------------------


def new_game(words: Dictionary, options: Json | None, seed: int) -> DuelState:
    """A duel whose first turn starts at 0; see the module's docstring for where
    the word comes from."""
    options = dict(options or {})
    if options.pop("lang", words.lang) != words.lang:
        raise ValueError(f"this duel's words are {words.lang!r}")
    secret = options.pop("secret", None)
    if options:
        raise ValueError(f"unknown duel options {sorted(options)}")
    if secret is None:
        rng = SeededRng(seed).fork("word")
    elif is_int(secret) and 0 <= secret <= MAX_SEED:
        rng = SeededRng(secret)
    else:
        raise ValueError("the secret is a whole number")
    length = rng.choice(LENGTHS)
    word = rng.choice(words.answers[length])
    return DuelState(words, new_duel(word, rng.next_u64(), 0))


def options_to_params(words: Dictionary, options: Json) -> dict[str, str]:
    """The address parameters: the language; never the secret."""
    return {"lang": option_text(options.get("lang", words.lang))}


def options_from_params(words: Dictionary, params: Mapping[str, str]) -> Json:
    if "lang" in params:
        parse_options_text(params["lang"], str, (words.lang,))
    return {"lang": words.lang}


# --- notation -----------------------------------------------------------------------------


def format_move(words: Dictionary, move: Json) -> str:
    if _move_kind(move) == "timeout":
        return f"timeout @{move['at']}"
    return f"{move['seat']} {''.join(words.tiles(move['word'])).upper()} @{move['at']}"


def parse_move(words: Dictionary, text: str) -> Json:
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise refuse_malformed("wordle.bad_notation", text)
    parts = text.split()
    if len(parts) == 2 and parts[0] == "timeout":
        return timeout(_parse_time(parts[1], text))
    if len(parts) == 3 and parts[0] in ("0", "1"):
        normalised = letters.normalise(words.lang, parts[1])
        if letters.is_word(words.lang, normalised):
            return guess(int(parts[0]), words.encode(normalised), _parse_time(parts[2], text))
    raise refuse_malformed("wordle.bad_notation", text)


def _parse_time(token: str, text: str) -> int:
    digits = token[1:]
    if token[:1] != "@" or not digits.isascii() or not digits.isdigit() or len(digits) > 16:
        raise refuse_malformed("wordle.bad_notation", text)
    return int(digits)


# --- computer players --------------------------------------------------------------------


def planned_move(view: Json, plan: Plan) -> Json:
    """A computer's plan as a move: its guess when its think time is up, or the
    timeout when it would think past the turn's 30 seconds."""
    at = view["turn_started"] + plan.think_ms
    if plan.word is None or at >= view["deadline"]:
        return timeout(view["deadline"])
    return guess(view["turn"], plan.word, at)


def computer_move(
    words: Dictionary, skill: float, view: Json, rng: SeededRng, budget: int | None
) -> Json:
    """The move of a computer player of `skill` for the seat to play in `view`."""
    if view["turn"] is None:
        raise IllegalMove("wordle.duel_over")
    plan = Player(skill).plan(view, words, view["turn"], rng)
    if plan.word is not None and plan.word not in words.guesses[view["length"]]:
        plan = Plan(None, plan.think_ms)  # a word the list does not accept: it thinks on
    return planned_move(view, plan)


# --- saves -----------------------------------------------------------------------------------


def load_state(words: Dictionary, data: object) -> DuelState:
    """A duel from its save (duel.Duel's JSON); BadState unless its rows are the
    moves the rules allow, in time, and end in the saved turn and result. The
    first turn's start is not saved once a row is played: any start that fits
    will do (the saved one when the save still shows it)."""
    if not isinstance(data, dict) or set(data) != SAVE_KEYS or data["version"] != VERSION:
        raise BadState("not a duel of a known version")
    word, first, rows = data["word"], data["first"], data["rows"]
    if (
        not isinstance(word, str)
        or len(word) not in words.guesses
        or not set(word) <= words.tile_chars()
    ):
        raise BadState("the duel's word")
    if not is_int(first) or first not in (0, 1):
        raise BadState("the first seat")
    if not isinstance(rows, list) or len(rows) > 2 * TURNS_EACH:
        raise BadState("the rows")
    if not all(isinstance(row, dict) and set(row) == ROW_KEYS for row in rows):
        raise BadState("a row")
    try:
        saved = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as error:
        raise BadState(f"not JSON: {error}") from None
    starts = [data["turn_started"]]
    if rows and _is_time(rows[0]["at"]):
        skipped = rows[0]["guess"] is None
        starts.append(rows[0]["at"] - TURN_MS if skipped else rows[0]["at"])
    for start in starts:
        state = _replayed(words, word, first, start, rows, data["result"])
        if state is not None and json.dumps(state.to_json(), sort_keys=True) == saved:
            return state
    raise BadState("the rows, turn or result are not what the rules give")


def _replayed(
    words: Dictionary, word: str, first: int, start: object, rows: list[Json], result: object
) -> DuelState | None:
    """The duel these rows make from a first turn starting at `start`, or None."""
    if not _is_time(start):
        return None
    state = DuelState(words, Duel(word, first, turn=first, turn_started=start))
    for row in rows:
        if row["guess"] is None:
            move: Json = timeout(row["at"])
        else:
            move = guess(row["seat"], row["guess"], row["at"])
        try:
            state._apply(move, check_words=False)
        except IllegalMove:
            return None
    if isinstance(result, dict) and "resigned" in result:
        seat = result["resigned"]
        if state.is_over or not is_int(seat) or seat not in (0, 1):
            return None
        state.duel.resign(seat)
    return state


def duel_game(words: Dictionary) -> Game:
    """The practice duel as the frame sees it, for the words of one language."""
    computer = {
        PROTOCOL_LEVELS[name]: partial(computer_move, words, skill)
        for name, skill in LEVELS.items()
    }
    return Game(
        name=NAME,
        new_game=partial(new_game, words),
        from_json=partial(load_state, words),
        version=VERSION,
        format_move=partial(format_move, words),
        parse_move=partial(parse_move, words),
        options_to_params=partial(options_to_params, words),
        options_from_params=partial(options_from_params, words),
        seats=lambda options: SEATS,
        computer=computer,
        undo_depth=0,  # timed turns: a row stands once played, and both players saw it (4.5)
    )
