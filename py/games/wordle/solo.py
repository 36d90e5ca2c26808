"""Classic Wordle for one player on the engine protocol (games.common.protocol): one hidden
word of 5 letters, 6 tries. Rules of record: docs/rules/wordle-tournament.md 17 (Today's
Wordle); a guess is marked as in a duel (rule 4, feedback.marks), counted in the language's
letters (rule 12.5: a Welsh word of 5 letters may be written with more characters).

Its `Game` is built for one dictionary, `solo_game(words)`, as the duel's is. Options:
{"lang": the dictionary's language} (or nothing); one seat. The word is drawn from the
seed's hidden stream, `SeededRng(seed).fork("word")`, among the language's answers of 5
letters: the same seed gives everyone with that language the same word.

    {"type": "guess", "word": "crane"}   "CRANE"

A guess is legal while the game is on, with a word of the guess list of 5 letters (a word
guessed before may come again). Solving the word, or the sixth try, ends the game.

The save is the language, the word and the guesses (their marks are worked out again, so
a save cannot carry marks that disagree with the word): version 1, checked strictly.
"""

from functools import partial

from games.common.errors import BadState, IllegalMove
from games.common.protocol import Game, Json, refuse_malformed
from games.common.rng import SeededRng

from . import letters
from .dictionary import Dictionary
from .duel_game import options_from_params, options_to_params  # (the language alone, as a duel's)
from .feedback import marks

NAME = "wordle-solo"
VERSION = 1
LENGTH = 5
TRIES = 6
SAVE_KEYS = {"version", "lang", "word", "guesses"}
MAX_NOTATION = 40


def guess(word: str) -> Json:
    """The move: guess `word` (a tile string)."""
    return {"type": "guess", "word": word}


def _checked_move(move: object) -> str:
    """The word a move of the right shape guesses; IllegalMove if it has another shape."""
    if (
        isinstance(move, dict)
        and set(move) == {"type", "word"}
        and move["type"] == "guess"
        and isinstance(move["word"], str)
        and 0 < len(move["word"]) <= 64
    ):
        return move["word"]
    raise refuse_malformed("wordle.bad_solo_move", move)


class SoloState:
    """The word and the guesses played so far, each with its marks."""

    def __init__(self, words: Dictionary, word: str):
        self.words = words
        self.word = word
        self.rows: list[Json] = []  # {"seat": 0, "guess": word, "marks": [...]}, as a duel's

    # --- the protocol --------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        return bool(self.rows) and self.rows[-1]["guess"] == self.word

    @property
    def is_over(self) -> bool:
        return self.solved or len(self.rows) >= TRIES

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def result(self) -> Json | None:
        """None while it is on; {"solved": True, "guesses": n} or {"solved": False}."""
        if not self.is_over:
            return None
        return {"solved": True, "guesses": len(self.rows)} if self.solved else {"solved": False}

    @property
    def length(self) -> int:
        return len(self.word)

    def legal_moves(self) -> list[Json]:
        if self.is_over:
            return []
        return [guess(word) for word in self.words.guess_lists[self.length]]

    def apply(self, move: object) -> list[Json]:
        """Play `move`; the events: "row" (the row it added, its number) and, when it ended
        the game, "over" (the result and the word)."""
        return self._apply(_checked_move(move), check_words=True)

    def copy(self) -> "SoloState":
        twin = SoloState(self.words, self.word)
        twin.rows = [{**row, "marks": list(row["marks"])} for row in self.rows]
        return twin

    def view_for(self, seat: int | None) -> Json:
        """What the player may know: the rows; the word only once the game is over. Shaped
        as a duel's view (rows with a seat, whose turn), so its board is drawn the same."""
        return {
            "lang": self.words.lang,
            "length": self.length,
            "tries": TRIES,
            "rows": [{**row, "marks": list(row["marks"])} for row in self.rows],
            "turn": self.current_player,
            "result": self.result,
            "word": self.word if self.is_over else None,
        }

    def to_json(self) -> Json:
        return {
            "version": VERSION,
            "lang": self.words.lang,
            "word": self.word,
            "guesses": [row["guess"] for row in self.rows],
        }

    # --- playing ----------------------------------------------------------------------------
    def _apply(self, word: str, check_words: bool) -> list[Json]:
        if self.is_over:
            raise IllegalMove("wordle.solo_over")
        if len(word) != self.length:
            raise IllegalMove("wordle.wrong_length", length=self.length)
        if check_words and word not in self.words.guesses[self.length]:
            raise IllegalMove("wordle.not_in_list", word=self.words.display(word))
        if not check_words and not set(word) <= self.words.tile_chars():
            raise IllegalMove("wordle.bad_letters")
        row = {"seat": 0, "guess": word, "marks": list(marks(word, self.word))}
        self.rows.append(row)
        events: list[Json] = [{"type": "row", "number": len(self.rows), "row": dict(row)}]
        if self.is_over:
            events.append({"type": "over", "result": self.result, "word": self.word})
        return events


# --- starting ------------------------------------------------------------------------------


def new_game(words: Dictionary, options: Json | None, seed: int) -> SoloState:
    options = dict(options or {})
    if options.pop("lang", words.lang) != words.lang:
        raise ValueError(f"this game's words are {words.lang!r}")
    if options:
        raise ValueError(f"unknown options {sorted(options)}")
    word = SeededRng(seed).fork("word").choice(words.answers[LENGTH])
    return SoloState(words, word)


# --- notation -------------------------------------------------------------------------------


def format_move(words: Dictionary, move: Json) -> str:
    return "".join(words.tiles(_checked_move(move))).upper()


def parse_move(words: Dictionary, text: str) -> Json:
    if isinstance(text, str) and len(text) <= MAX_NOTATION:
        normalised = letters.normalise(words.lang, text)
        if letters.is_word(words.lang, normalised):
            return guess(words.encode(normalised))
    raise refuse_malformed("wordle.bad_solo_notation", text)


# --- saves ------------------------------------------------------------------------------------


def load_state(words: Dictionary, data: object) -> SoloState:
    """A game from its save; BadState unless it is this language's, its word one of 5
    letters, and its guesses words of 5 letters the rules let follow each other."""
    if not isinstance(data, dict) or set(data) != SAVE_KEYS or data["version"] != VERSION:
        raise BadState("not a solo Wordle of a known version")
    word, guesses = data["word"], data["guesses"]
    if data["lang"] != words.lang:
        raise BadState("the save's words are another language's")
    if not isinstance(word, str) or len(word) != LENGTH or not set(word) <= words.tile_chars():
        raise BadState("the word")
    if not isinstance(guesses, list) or not all(isinstance(g, str) for g in guesses):
        raise BadState("the guesses")
    state = SoloState(words, word)
    for played in guesses:
        try:
            state._apply(played, check_words=False)  # (a list may change between versions)
        except IllegalMove as refusal:
            raise BadState(f"a guess the rules refuse: {refusal.key}") from None
    return state


def solo_game(words: Dictionary) -> Game:
    """Today's Wordle as the frame sees it, for the words of one language."""
    return Game(
        name=NAME,
        new_game=partial(new_game, words),
        from_json=partial(load_state, words),
        version=VERSION,
        format_move=partial(format_move, words),
        parse_move=partial(parse_move, words),
        options_to_params=partial(options_to_params, words),
        options_from_params=partial(options_from_params, words),
        seats=lambda options: 1,
        undo_depth=0,  # one try (docs/rules/README.md, Today's game)
    )
