"""The duel between two devices whose word neither knows (hidden_duel.py) on the engine
protocol (games.common.protocol), built for one dictionary: `hidden_duel_game(dictionary)`.
Options: {"lang": the dictionary's language}; two seats, no computer players. The seed (the
devices' coin flip) draws the word's length and who starts; the word is the devices' shares'.

    {"type": "commit", "seat": 0, "commitment": "<64 hex>"}          "0 commit <64 hex>"
    {"type": "guess", "seat": 0, "word": "crane", "at": 12000}       "0 CRANE @12000"
    {"type": "marks", "seat": 1, "marks": [0,1,2,2,0], "at": 12400}  "1 marks 01220 @12400"
    {"type": "timeout", "at": 30000}                                  "timeout @30000"
    {"type": "reveal", "seat": 1, "salt": "<64 hex>", "opening": "<share>:<64 hex>"}
                                                                      "1 reveal <salt> <opening>"

`legal_moves()` lists the guesses (at the turn's start) and the timeout, or every marks a
pending guess may get; a commitment and a reveal hold a device's own secret and are not
listed. Saves are the moves played (version 1), replayed by the rules when loaded."""

import hashlib
import json
import re
import weakref
from collections.abc import Mapping
from functools import partial

from games.common.checks import is_int
from games.common.commitment import is_hex64
from games.common.errors import BadState, IllegalMove
from games.common.protocol import Game, Json, refuse_malformed
from games.common.rng import SeededRng

from . import duel_game, letters
from .dictionary import LENGTHS, Dictionary
from .duel import TURN_MS
from .feedback import marks
from .hidden_duel import PLAY, VERSION, HiddenDuel, copied_marks, is_opening, is_time

NAME = "wordle-duel-hidden"
MAX_MOVES = 2 + 4 * 6 + 2  # commitments, 12 guesses and their marks, reveals
MAX_NOTATION = 200
KEYS = {
    "commit": {"type", "seat", "commitment"},
    "guess": {"type", "seat", "word", "at"},
    "marks": {"type", "seat", "marks", "at"},
    "timeout": {"type", "at"},
    "reveal": {"type", "seat", "salt", "opening"},
}
_TIME = re.compile(r"@([0-9]{1,16})")
LISTS = "words"  # the address parameter naming the word lists' version (lists_digest)
OTHER_LISTS = "another version of the word lists"
_digests: "weakref.WeakKeyDictionary[Dictionary, str]" = weakref.WeakKeyDictionary()


def _checked_shape(move: object) -> Json:
    """The move if it has the shape of one of KEYS; IllegalMove (malformed) if not."""
    if isinstance(move, dict) and isinstance(move.get("type"), str):
        keys = KEYS.get(move["type"])
        if keys is not None and set(move) == keys and _fields_ok(move):
            return move
    raise refuse_malformed("wordle.bad_move", move)


def _fields_ok(move: Json) -> bool:
    if "seat" in move and not (is_int(move["seat"]) and move["seat"] in (0, 1)):
        return False
    if "at" in move and not is_time(move["at"]):
        return False
    kind = move["type"]
    if kind == "commit":
        return is_hex64(move["commitment"])
    if kind == "guess":
        return isinstance(move["word"], str) and 0 < len(move["word"]) <= 64
    if kind == "marks":
        given = move["marks"]
        return (
            isinstance(given, list)
            and 0 < len(given) <= 12
            and all(is_int(mark) and mark in (0, 1, 2) for mark in given)
        )
    if kind == "reveal":
        return is_hex64(move["salt"]) and is_opening(move["opening"])
    return True


class HiddenDuelState:
    """The duel and the moves that made it (its save)."""

    def __init__(self, duel: HiddenDuel, moves: list[Json] | None = None):
        self.duel = duel
        self.moves = moves or []

    @property
    def current_player(self) -> int | None:
        return self.duel.current_player

    @property
    def is_over(self) -> bool:
        return self.duel.result is not None

    @property
    def result(self) -> Json | None:
        return dict(self.duel.result) if self.duel.result else None

    def legal_moves(self) -> list[Json]:
        duel, seat = self.duel, self.duel.current_player
        if seat is None or duel.phase != "play":
            return []
        pending = duel.pending
        if pending is None:
            start = duel.turn_started
            words = duel.words.guess_lists[duel.length]
            guesses = [{"type": "guess", "seat": seat, "word": w, "at": start} for w in words]
            return [*guesses, {"type": "timeout", "at": start + 30_000}]
        row = duel.rows[pending]
        found = {marks(row["guess"], duel.answers[i]) for i in duel.candidates}
        return [
            {"type": "marks", "seat": seat, "marks": list(given), "at": row["at"]}
            for given in sorted(found)
        ]

    def apply(self, move: object) -> list[Json]:
        checked = _checked_shape(move)
        twin = self.duel.copy()
        events = twin.apply(checked)  # a refusal leaves self.duel as it was
        self.duel = twin
        self.moves.append(json.loads(json.dumps(checked)))
        return events

    def copy(self) -> "HiddenDuelState":
        return HiddenDuelState(self.duel.copy(), [dict(move) for move in self.moves])

    def view_for(self, seat: int | None) -> Json:
        return self.duel.view_for(seat)

    # --- for the duel's screen (as games.wordle.duel_game's DuelState offers) ----------------
    @property
    def length(self) -> int:
        return self.duel.length

    @property
    def rows(self) -> list[Json]:
        return [{**row, "marks": copied_marks(row["marks"])} for row in self.duel.rows]

    @property
    def deadline(self) -> int | None:
        return self.duel.deadline

    def time_left(self, now: int) -> int:
        """Milliseconds left in the turn at `now` on the duel's clock; while a guess waits
        for its marks, what was left when it was made (the clock is stopped); 0 outside play."""
        duel = self.duel
        pending = duel.pending
        if duel.phase != PLAY:
            return 0
        end = duel.turn_started + TURN_MS
        return max(0, end - (duel.rows[pending]["at"] if pending is not None else now))

    def timeout_move(self) -> Json:
        """The move that ends the turn in play when its time runs out."""
        deadline = self.duel.deadline
        if deadline is None:
            raise IllegalMove("wordle.not_due")
        return {"type": "timeout", "at": deadline}

    def to_json(self) -> Json:
        duel = self.duel
        return {
            "version": VERSION,
            "length": duel.length,
            "first": duel.first,
            "moves": [dict(move) for move in self.moves],
        }


def lists_digest(words: Dictionary) -> str:
    """The word lists' version, as both devices must hold it: a hash of the language's
    answers and guesses of every length (16 hex digits)."""
    digest = _digests.get(words)
    if digest is None:
        lists = [words.lang, [[words.answers[n], words.guess_lists[n]] for n in sorted(LENGTHS)]]
        text = json.dumps(lists, ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        _digests[words] = digest
    return digest


def options_to_params(words: Dictionary, options: Json) -> dict[str, str]:
    """The practice duel's (the language), and the word lists' version: two devices play a
    duel only on the same lists, or their honest marks would differ."""
    return {**duel_game.options_to_params(words, options), LISTS: lists_digest(words)}


def options_from_params(words: Dictionary, params: Mapping[str, str]) -> Json:
    """ValueError (OTHER_LISTS) when the other device's word lists are not these."""
    if params.get(LISTS) != lists_digest(words):
        raise ValueError(OTHER_LISTS)
    return duel_game.options_from_params(words, {k: v for k, v in params.items() if k != LISTS})


def new_game(words: Dictionary, options: Json | None, seed: int) -> HiddenDuelState:
    options = dict(options or {})
    if options.pop("lang", words.lang) != words.lang or options:
        raise ValueError(f"a hidden duel's only option is its language, {words.lang!r}")
    rng = SeededRng(seed).fork("word")
    length = rng.choice(LENGTHS)
    first = SeededRng(rng.next_u64()).randrange(2)
    return HiddenDuelState(HiddenDuel(words, length, first))


def load_state(words: Dictionary, data: object) -> HiddenDuelState:
    """A duel from its save; BadState unless its moves are what the rules allow."""
    if not isinstance(data, dict) or set(data) != {"version", "length", "first", "moves"}:
        raise BadState("not a hidden duel")
    if data["version"] != VERSION or data["length"] not in LENGTHS or data["first"] not in (0, 1):
        raise BadState("not a hidden duel of this version")
    if not is_int(data["length"]) or not is_int(data["first"]):
        raise BadState("a hidden duel's length or first seat")
    moves = data["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise BadState("a hidden duel's moves")
    state = HiddenDuelState(HiddenDuel(words, data["length"], data["first"]))
    for move in moves:
        try:
            state.apply(move)
        except IllegalMove as refused:
            raise BadState(f"a saved move the rules refuse: {refused.key}") from None
    return state


def format_move(words: Dictionary, move: Json) -> str:
    move = _checked_shape(move)
    kind = move["type"]
    if kind == "timeout":
        return f"timeout @{move['at']}"
    seat = move["seat"]
    if kind == "commit":
        return f"{seat} commit {move['commitment']}"
    if kind == "guess":
        return f"{seat} {''.join(words.tiles(move['word'])).upper()} @{move['at']}"
    if kind == "marks":
        return f"{seat} marks {''.join(map(str, move['marks']))} @{move['at']}"
    return f"{seat} reveal {move['salt']} {move['opening']}"


def parse_move(words: Dictionary, text: str) -> Json:
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise refuse_malformed("wordle.bad_notation", text)
    parts = text.split(" ")
    move: object = None
    if len(parts) == 2 and parts[0] == "timeout" and _TIME.fullmatch(parts[1]):
        move = {"type": "timeout", "at": int(parts[1][1:])}
    elif len(parts) >= 3 and parts[0] in ("0", "1"):
        seat = int(parts[0])
        if parts[1:2] == ["commit"] and len(parts) == 3:
            move = {"type": "commit", "seat": seat, "commitment": parts[2]}
        elif parts[1:2] == ["reveal"] and len(parts) == 4:
            move = {"type": "reveal", "seat": seat, "salt": parts[2], "opening": parts[3]}
        elif parts[1:2] == ["marks"] and len(parts) == 4 and _TIME.fullmatch(parts[3]):
            if re.fullmatch(r"[012]{1,12}", parts[2]):
                given = [int(mark) for mark in parts[2]]
                move = {"type": "marks", "seat": seat, "marks": given, "at": int(parts[3][1:])}
        elif len(parts) == 3 and _TIME.fullmatch(parts[2]):
            normalised = letters.normalise(words.lang, parts[1])
            if letters.is_word(words.lang, normalised):
                word = words.encode(normalised)
                move = {"type": "guess", "seat": seat, "word": word, "at": int(parts[2][1:])}
    if move is None:
        raise refuse_malformed("wordle.bad_notation", text)
    try:
        return _checked_shape(move)
    except IllegalMove:
        raise refuse_malformed("wordle.bad_notation", text) from None


def hidden_duel_game(words: Dictionary) -> Game:
    """The duel between two devices as the frame sees it, for the words of one language."""
    return Game(
        name=NAME,
        new_game=partial(new_game, words),
        from_json=partial(load_state, words),
        version=VERSION,
        format_move=partial(format_move, words),
        parse_move=partial(parse_move, words),
        options_to_params=partial(options_to_params, words),
        options_from_params=partial(options_from_params, words),
        seats=lambda options: 2,
        computer={},
        undo_depth=0,
    )
