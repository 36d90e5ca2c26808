"""A Wordle duel between two devices in which neither knows the word until the duel ends.

Rules of record: docs/rules/wordle-tournament.md 3, 4 and 15. The word is answer number
(a + b) mod n of the duel's list (the n answers of its language and length), a and b being
each device's random share; each device commits to its share at the start and shows it once
the duel is decided (app.fair.hidden_word: the devices get each guess's marks by oblivious
transfer meanwhile). So this engine plays without the word, as Battleship's public engine
plays without the fleets: a guess's marks are a move of the other seat, supplied from
outside, and refused only when no answer could give them with the rows before; every mark
is checked against the word once both shares are shown.

Phases (every move is made by `current_player`):
    "commit"  seat 0, then seat 1: {"type": "commit", "seat", "commitment": 64 hex digits}
              (SHA-256 of a salt and "share:key", games.common.commitment)
    "play"    the seat to play guesses, {"type": "guess", "seat", "word", "at"}, or its turn
              runs out, {"type": "timeout", "at"}; after a guess the other seat gives its
              marks, {"type": "marks", "seat", "marks": [0-2 per tile], "at"}, at most
              MARKS_MS after the guess (the clock stops meanwhile: the next turn starts at
              the marks' time). Marks all green: the guesser wins; both seats' 6 turns
              used: a draw (3.5, 3.6)
    "reveal"  the loser (in a draw the first seat), then the other:
              {"type": "reveal", "seat", "salt", "opening": "share:key"}, which must open
              the seat's commitment
    "over"    `result`: {"winner": seat} or {"draw": True}, and "wrong_marks": the numbers of
              the rows whose marks the word does not give, when there are any (a device that
              finds them names the other: app.fair.hidden_word)

Events: committed, row {number, row} (a guess, or a turn that ran out), marks {number, row},
decided {result}, revealed {seat}, over {result, word}."""

import re

from games.common.checks import is_int
from games.common.commitment import is_hex64, opens
from games.common.errors import IllegalMove
from games.common.protocol import Json

from .dictionary import Dictionary
from .duel import TURN_MS, TURNS_EACH
from .feedback import marks

VERSION = 1
MARKS_MS = 10_000
COMMIT, PLAY, REVEAL, OVER = "commit", "play", "reveal", "over"
OPENING = re.compile(r"(0|[1-9][0-9]{0,4}):[0-9a-f]{64}")


class HiddenDuel:
    def __init__(self, words: Dictionary, length: int, first: int):
        self.words, self.length, self.first = words, length, first
        self.answers = words.answers[length]
        self.commitments: list[str | None] = [None, None]
        self.shares: list[int | None] = [None, None]
        self.rows: list[Json] = []  # {"seat", "guess", "marks", "at"}; marks None until given
        self.turn = first  # the seat to guess next
        self.turn_started = 0
        self.candidates = list(range(len(self.answers)))  # answers every row allows
        self.decided: Json | None = None  # {"winner": seat} or {"draw": True}
        self.result: Json | None = None
        self.word: str | None = None

    def copy(self) -> "HiddenDuel":
        twin = HiddenDuel(self.words, self.length, self.first)
        twin.commitments, twin.shares = list(self.commitments), list(self.shares)
        twin.rows = [{**row, "marks": copied_marks(row["marks"])} for row in self.rows]
        twin.turn, twin.turn_started = self.turn, self.turn_started
        twin.candidates = list(self.candidates)
        twin.decided = dict(self.decided) if self.decided else None
        twin.result = dict(self.result) if self.result else None
        twin.word = self.word
        return twin

    # --- where the duel stands -------------------------------------------------------------
    @property
    def phase(self) -> str:
        if None in self.commitments:
            return COMMIT
        if self.decided is None:
            return PLAY
        return REVEAL if self.result is None else OVER

    @property
    def pending(self) -> int | None:
        """The number of the row waiting for its marks."""
        if self.rows and self.rows[-1]["guess"] is not None and self.rows[-1]["marks"] is None:
            return len(self.rows) - 1
        return None

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == COMMIT:
            return self.commitments.index(None)
        if phase == PLAY:
            pending = self.pending
            return self.turn if pending is None else 1 - self.rows[pending]["seat"]
        if phase == REVEAL:
            return next(seat for seat in self.reveal_order() if self.shares[seat] is None)
        return None

    def reveal_order(self) -> list[int]:
        """The loser shows its share first (in a draw the first seat), then the other."""
        decided = self.decided or {}
        first = 1 - decided["winner"] if "winner" in decided else self.first
        return [first, 1 - first]

    @property
    def deadline(self) -> int | None:
        """When the turn in play runs out; None while marks are awaited (the clock is
        stopped) and outside play."""
        if self.phase != PLAY or self.pending is not None:
            return None
        return self.turn_started + TURN_MS

    def turns_used(self, seat: int) -> int:
        return sum(1 for row in self.rows if row["seat"] == seat)

    # --- moves -------------------------------------------------------------------------------
    def apply(self, move: Json) -> list[Json]:
        """Play a move of the right shape (hidden_duel_game checks shapes); IllegalMove if the
        rules refuse it, with nothing changed."""
        kind, phase = move["type"], self.phase
        if phase == OVER:
            raise IllegalMove("wordle.duel_over")
        if kind != "timeout" and move["seat"] != self.current_player:
            raise IllegalMove("wordle.not_your_turn")
        if kind == "commit" and phase == COMMIT:
            self.commitments[move["seat"]] = move["commitment"]
            return [{"type": "committed", "seat": move["seat"]}]
        if kind in ("guess", "timeout") and phase == PLAY and self.pending is None:
            return self._guess(move) if kind == "guess" else self._timeout(move["at"])
        if kind == "marks" and phase == PLAY and self.pending is not None:
            return self._marks(move)
        if kind == "reveal" and phase == REVEAL:
            return self._reveal(move)
        raise IllegalMove("wordle.not_now")

    def _guess(self, move: Json) -> list[Json]:
        word, at = move["word"], move["at"]
        deadline = self.turn_started + TURN_MS
        if at < self.turn_started:
            raise IllegalMove("wordle.too_early")
        if at >= deadline:
            raise IllegalMove("wordle.too_late")
        if len(word) != self.length:
            raise IllegalMove("wordle.wrong_length", length=self.length)
        if word not in self.words.guesses[self.length]:
            raise IllegalMove("wordle.not_in_list", word=self.words.display(word))
        row = {"seat": move["seat"], "guess": word, "marks": None, "at": at}
        self.rows.append(row)
        return [{"type": "row", "number": len(self.rows) - 1, "row": dict(row)}]

    def _timeout(self, at: int) -> list[Json]:
        if at != self.turn_started + TURN_MS:
            raise IllegalMove("wordle.not_due")
        row = {"seat": self.turn, "guess": None, "marks": None, "at": at}
        self.rows.append(row)
        events: list[Json] = [{"type": "row", "number": len(self.rows) - 1, "row": dict(row)}]
        return events + self._next_turn(at)

    def _marks(self, move: Json) -> list[Json]:
        number = len(self.rows) - 1
        row = self.rows[number]
        given, at = move["marks"], move["at"]
        if len(given) != self.length:
            raise IllegalMove("wordle.wrong_length", length=self.length)
        if not row["at"] <= at <= row["at"] + MARKS_MS:
            raise IllegalMove("wordle.marks_late")
        wanted = tuple(given)
        left = [i for i in self.candidates if marks(row["guess"], self.answers[i]) == wanted]
        if not left:
            raise IllegalMove("wordle.marks_impossible")
        self.candidates = left
        row["marks"] = list(given)
        events: list[Json] = [{"type": "marks", "number": number, "row": dict(row)}]
        if all(mark == 2 for mark in given):
            self.decided = {"winner": row["seat"]}
            return [*events, {"type": "decided", "result": dict(self.decided)}]
        return events + self._next_turn(at)

    def _next_turn(self, at: int) -> list[Json]:
        if all(self.turns_used(seat) >= TURNS_EACH for seat in (0, 1)):
            self.decided = {"draw": True}
            return [{"type": "decided", "result": dict(self.decided)}]
        self.turn = 1 - self.turn
        self.turn_started = at
        return []

    def _reveal(self, move: Json) -> list[Json]:
        seat, salt, text = move["seat"], move["salt"], move["opening"]
        commitment = self.commitments[seat]
        assert commitment is not None  # every seat committed before play
        if not opens(commitment, salt, text):
            raise IllegalMove("wordle.bad_opening")
        share = int(text.split(":")[0])
        if share >= len(self.answers):
            raise IllegalMove("wordle.bad_opening")
        self.shares[seat] = share
        events: list[Json] = [{"type": "revealed", "seat": seat}]
        other = self.shares[1 - seat]
        if other is None:
            return events
        self.word = self.answers[(share + other) % len(self.answers)]
        assert self.decided is not None  # a reveal comes once the duel is decided
        self.result = dict(self.decided)
        wrong = [
            number
            for number, row in enumerate(self.rows)
            if row["guess"] is not None and tuple(row["marks"]) != marks(row["guess"], self.word)
        ]
        if wrong:
            self.result["wrong_marks"] = wrong
        return [*events, {"type": "over", "result": dict(self.result), "word": self.word}]

    # --- what players see --------------------------------------------------------------------
    def view_for(self, seat: int | None) -> Json:
        """What a seat (or a spectator) may know, which is all this engine knows: the rows,
        whose turn and since when, the result; the word once both shares are shown."""
        return {
            "seat": seat,
            "lang": self.words.lang,
            "length": self.length,
            "phase": self.phase,
            "rows": [{**row, "marks": copied_marks(row["marks"])} for row in self.rows],
            "turn": self.current_player,
            "first": self.first,
            "turns_used": [self.turns_used(0), self.turns_used(1)],
            "turn_started": self.turn_started,
            "deadline": self.deadline,
            "pending": self.pending,
            "result": dict(self.result) if self.result else None,
            "word": self.word,
        }


def copied_marks(row_marks: list[int] | None) -> list[int] | None:
    return list(row_marks) if row_marks is not None else None


def is_opening(text: object) -> bool:
    """The committed text's shape: "share:key" (the key: 64 lowercase hex digits)."""
    return isinstance(text, str) and OPENING.fullmatch(text) is not None


def is_salt(text: object) -> bool:
    return is_hex64(text)


def is_time(value: object) -> bool:
    return is_int(value) and 0 <= value < 2**53
