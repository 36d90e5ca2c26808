"""A Wordle duel: two players, one hidden word, one shared board.

Rules of record: docs/rules/wordle-tournament.md 3 (the duel). Seats are 0
and 1; a random seat starts and turns alternate, each player has up to 6 turns
(12 rows). A turn lasts 30 seconds; when it runs out the turn
is skipped, counts as used and passes on. The first player to solve the word
wins; when both have used their 6 turns it is a draw.

Time is never read here: every call takes `now`, milliseconds from a clock the
caller owns, so tests and simulations run without waiting. Time that passed
while nobody called (a hidden tab, a closed page) is settled by `advance`: each
missed turn is skipped in order, and the next turn's clock starts when the
previous one ran out.

The practice duel speaks the engine protocol through duel_game.py, where the
clock's passing is a move; the tournament drives its duels through this class.
"""

from collections.abc import Iterable

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json
from games.common.rng import SeededRng

from .feedback import marks

VERSION = 1
TURN_MS = 30_000
TURNS_EACH = 6


def new_duel(word: str, seed: int, now: int) -> "Duel":
    """A duel on `word` (a tile string) whose first player is drawn from `seed`."""
    first = SeededRng(seed).randrange(2)
    return Duel(word, first, turn=first, turn_started=now)


class Duel:
    def __init__(
        self,
        word: str,
        first: int,
        turn: int | None,
        turn_started: int,
        rows: Iterable[Json] = (),
        result: Json | None = None,
    ):
        self.word = word
        self.first = first
        self.turn = turn  # the seat to play; None once over
        self.turn_started = turn_started
        self.rows = [dict(row) for row in rows]
        self.result = result  # None, {"winner": seat} or {"draw": True}

    @property
    def length(self) -> int:
        return len(self.word)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def deadline(self) -> int | None:
        return None if self.is_over else self.turn_started + TURN_MS

    def turns_used(self, seat: int) -> int:
        return sum(1 for row in self.rows if row["seat"] == seat)

    def time_left(self, now: int) -> int:
        deadline = self.deadline  # None once over
        return 0 if deadline is None else max(0, deadline - now)

    # --- moves ------------------------------------------------------------------

    def advance(self, now: int) -> list[Json]:
        """Skip every turn whose 30 seconds ran out by `now`; the skipped rows."""
        skipped: list[Json] = []
        while (deadline := self.deadline) is not None and now >= deadline:
            row = {"seat": self.turn, "guess": None, "marks": None, "at": deadline}
            skipped.append(row)
            self._end_turn(row, deadline)
        return skipped

    def guess(self, seat: int, word: str, now: int) -> Json:
        """Play `word` (already checked against the dictionary) for `seat`."""
        self.advance(now)
        if self.is_over:
            raise IllegalMove("wordle.duel_over")
        if seat != self.turn:
            raise IllegalMove("wordle.not_your_turn")
        if len(word) != self.length:
            raise IllegalMove("wordle.wrong_length", length=self.length)
        row = {"seat": seat, "guess": word, "marks": list(marks(word, self.word)), "at": now}
        self._end_turn(row, now)
        return row

    def resign(self, seat: int) -> None:
        """`seat` leaves: the other player wins the duel."""
        if not self.is_over:
            self.result = {"winner": 1 - seat, "resigned": seat}
            self.turn = None

    def _end_turn(self, row: Json, now: int) -> None:
        self.rows.append(row)
        if row["guess"] == self.word:
            self.result = {"winner": row["seat"]}
        elif all(self.turns_used(seat) >= TURNS_EACH for seat in (0, 1)):
            self.result = {"draw": True}
        if self.is_over:
            self.turn = None
        else:
            assert self.turn is not None  # a duel not over has a player to move
            self.turn = 1 - self.turn
            self.turn_started = now

    # --- what players see ---------------------------------------------------------

    def view(self, now: int) -> Json:
        """What both players (and spectators) may know: every row, whose turn, the
        clock; the word only once the duel is over."""
        return {
            "length": self.length,
            "rows": [dict(row) for row in self.rows],
            "turn": self.turn,
            "first": self.first,
            "turns_used": [self.turns_used(0), self.turns_used(1)],
            "time_left": self.time_left(now),
            "result": dict(self.result) if self.result else None,
            "word": self.word if self.is_over else None,
        }

    # --- saving -----------------------------------------------------------------------

    def to_json(self) -> Json:
        return {
            "version": VERSION,
            "word": self.word,
            "first": self.first,
            "turn": self.turn,
            "turn_started": self.turn_started,
            "rows": [dict(r) for r in self.rows],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, data: object) -> "Duel":
        try:
            return _checked(cls, data)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise BadState(f"bad duel: {error}") from error


def _checked(cls: type[Duel], data: object) -> Duel:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise BadState("unknown duel format")
    word, first = data["word"], data["first"]
    if not isinstance(word, str) or not 1 <= len(word) <= 12 or first not in (0, 1):
        raise BadState("duel word or first seat")
    if not is_int(data["turn_started"]):
        raise BadState("turn_started must be an int")
    # Replay the rows: the saved turn and result must be what the rules give.
    duel = cls(word, first, turn=first, turn_started=data["turn_started"])
    for row in data["rows"]:
        if (
            duel.is_over
            or not isinstance(row, dict)
            or row.get("seat") != duel.turn
            or not is_int(row.get("at"))
        ):
            raise BadState("rows out of turn")
        guess = row.get("guess")
        if guess is None:
            if row.get("marks") is not None:
                raise BadState("a skipped row has no marks")
            duel._end_turn(
                {"seat": row["seat"], "guess": None, "marks": None, "at": row["at"]}, row["at"]
            )
        else:
            if (
                not isinstance(guess, str)
                or len(guess) != len(word)
                or row.get("marks") != list(marks(guess, word))
            ):
                raise BadState("row marks do not match the word")
            duel._end_turn(
                {"seat": row["seat"], "guess": guess, "marks": row["marks"], "at": row["at"]},
                row["at"],
            )
    result = data["result"]
    if result is not None and "resigned" in result:
        if (
            duel.is_over
            or result.get("resigned") not in (0, 1)
            or result.get("winner") != 1 - result["resigned"]
        ):
            raise BadState("bad resignation")
        duel.resign(result["resigned"])
    if duel.result != result or duel.turn != data["turn"]:
        raise BadState("saved result or turn disagrees with the rows")
    duel.turn_started = data["turn_started"]
    return duel
