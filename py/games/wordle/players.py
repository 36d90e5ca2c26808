"""Computer players that feel like people.

A player's skill is a number from 0 (a beginner) to 1 (the expert solver):
- vocabulary: a beginner knows the commonest quarter of the answer words, an
  expert all of them;
- attention: weaker players overlook some rows, the opponent's more often than
  their own;
- method: below 0.6 a plausible word is picked; from 0.6 the best-splitting of a
  few plausible words; at 1 the book and live search of solver.py, using every row;
- speed: think times are drawn from the player's own seeded stream; weaker
  players are slower and now and then run out of the 30 seconds.

A player sees only the duel's view (the rows, never the word) and the dictionary.
"""

import weakref
from dataclasses import dataclass

from games.common.protocol import Json
from games.common.rng import SeededRng

from .dictionary import Dictionary
from .duel import TURN_MS
from .solver import TURNS, Solver, best_guess, consistent, expected_cost, fingerprint

LEVELS = {"beginner": 0.15, "casual": 0.45, "skilled": 0.75, "expert": 1.0}
# The same levels by the names every game's computer players share
# (games.common.protocol.LEVELS), as duel_game.py offers them.
PROTOCOL_LEVELS = {"beginner": "easy", "casual": "medium", "skilled": "hard", "expert": "expert"}
EXPERT = 0.999


@dataclass(frozen=True)
class Plan:
    word: str | None  # None: the player lets the clock run out
    think_ms: int


@dataclass(frozen=True)
class Player:
    skill: float

    def plan(
        self, view: Json, words: Dictionary, seat: int, rng: SeededRng, budget: int | None = None
    ) -> Plan:
        """The guess and think time for `seat`; `budget` bounds the expert's
        live search (solver.Solver.choose), None: the full search."""
        length, rows = view["length"], view["rows"]
        think_ms = self._think_ms(len(rows), rng)
        if think_ms >= TURN_MS:
            return Plan(None, think_ms)
        if self.skill >= EXPERT:
            return Plan(expert_guess(words, length, rows, seat, budget), think_ms)
        return Plan(self._human_guess(words, length, rows, seat, rng), think_ms)

    def _human_guess(
        self, words: Dictionary, length: int, rows: list[Json], seat: int, rng: SeededRng
    ) -> str:
        answers = words.answers[length]
        vocabulary = answers[: max(20, int(len(answers) * (0.25 + 0.75 * self.skill)))]
        noticed = [
            row for row in rows if row["guess"] and rng.random() < self._attention(row, seat)
        ]
        played = {row["guess"] for row in rows if row["guess"]}
        options = [w for w in consistent(vocabulary, noticed) if w not in played]
        if not options:
            options = [w for w in consistent(answers, noticed) if w not in played] or vocabulary
        if self.skill < 0.6 or len(options) <= 2:
            return options[rng.randrange(min(len(options), 8))]
        shortlist = sorted({options[rng.randrange(len(options))] for _ in range(6)})
        return min(shortlist, key=lambda w: expected_cost(w, options[:150]))

    def _attention(self, row: Json, seat: int) -> float:
        if row["seat"] == seat:
            return 0.75 + 0.25 * self.skill
        return 0.35 + 0.65 * self.skill

    def _think_ms(self, rows_so_far: int, rng: SeededRng) -> int:
        mean = 21_000 - 11_000 * self.skill + 400 * rows_so_far
        think = mean * (0.5 + rng.random())
        if rng.random() < 0.12 * (1 - self.skill):
            think += 15_000  # stuck on this one
        return int(think)


def expert_guess(
    words: Dictionary,
    length: int,
    rows: list[Json],
    seat: int | None = None,
    budget: int | None = None,
) -> str:
    """The expert's guess: the book's where it knows the position, else the
    live search's, within the turns `seat` has left (None: every row is its),
    looking ahead in positions of at most `budget` candidates (None: all)."""
    solver = solver_for(words, length)
    played = {row["guess"] for row in rows if row["guess"]}
    candidates = [i for i in solver.candidates(rows) if solver.universe[i] not in played]
    used = sum(1 for row in rows if seat is None or row["seat"] == seat)
    if not candidates:  # the answer lists are all we know; fall back to any word
        fallback = [w for w in consistent(words.guess_lists[length], rows) if w not in played]
        return best_guess(fallback, words.probes(length), TURNS - used)
    booked = words.book.get(length, {}).get(fingerprint(solver.universe[i] for i in candidates))
    if booked is not None:
        return booked
    return solver.choose(candidates, TURNS - used, budget)


_solvers: "weakref.WeakKeyDictionary[Dictionary, dict[int, Solver]]" = weakref.WeakKeyDictionary()


def solver_for(words: Dictionary, length: int) -> Solver:
    """The live search for a dictionary's words of one length, kept with them
    (it remembers the codes and positions it has worked out)."""
    by_length = _solvers.setdefault(words, {})
    if length not in by_length:
        by_length[length] = Solver(words.answers[length], words.guess_lists[length])
    return by_length[length]


def player_for(level: str) -> Player:
    return Player(LEVELS[level])
