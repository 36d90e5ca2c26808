"""How good a board is, for the auto-player.

- Line potential: every window of m squares is worth potential[need], where
  `need` is how many moves would make it a line (see windows.window_shapes).
- Room: free squares, minus those cut off from the biggest free region.
- Threats: lines one marble short whose gap a marble of their colour can reach.
- Outlook: the expected change when the Next marbles land.
Weights were tuned on 100-game runs of "5 in a row" (bench/marbles.py).
"""

from collections.abc import Sequence
from typing import TypedDict

from .board import EMPTY, NEIGHBOURS, SQUARES, Board, free_regions, line_points, run_through
from .windows import ANY_COLOUR, tables, window_shapes


class Weights(TypedDict):
    potential: tuple[int, ...]  # by need
    free: int
    cut_off: int
    threat: int
    points: int
    spawn: int


WEIGHTS: dict[int, Weights] = {
    # potential[need] for need = 0 .. 2m + 1 (windows needing m or more moves are worth nothing)
    5: {
        "potential": (100, 100, 40, 10, 2, 0, 0, 0, 0, 0, 0, 0),
        "free": 80,
        "cut_off": 8,
        "threat": 4,
        "points": 20,
        "spawn": 1,
    },
    4: {
        "potential": (100, 100, 40, 10, 0, 0, 0, 0, 0, 0),
        "free": 80,
        "cut_off": 8,
        "threat": 4,
        "points": 20,
        "spawn": 1,
    },
}
FULL_BOARD = -100000


class Judge:
    def __init__(self, m: int, weights: Weights | None = None):
        self.m = m
        self.weights = weights or WEIGHTS[m]
        self.potential = self.weights["potential"]
        self.tables = tables(m)

    def _shape(self, board: Board) -> None:
        self._shapes = window_shapes(board, self.m)

    # ---- quick move scores ------------------------------------------------------
    def move_tables(self, board: Board) -> tuple[list[int], list[list[int]], list[Sequence[int]]]:
        """Per-square pieces of the potential change of a move src -> dst:
        removal[src], addition[dst][colour], and completes[dst] (the colours
        that would finish a line there)."""
        self._shape(board)
        addition, completes = self._addition_tables(board)
        removal = [0] * SQUARES
        at = self.tables.at
        for sq in range(SQUARES):
            colour = board[sq]
            if colour:
                removal[sq] = sum(self._removal_term(w, colour) for w in at[sq])
        return removal, addition, completes

    def _addition_tables(self, board: Board) -> tuple[list[list[int]], list[Sequence[int]]]:
        """addition[sq][colour]: potential change of that colour landing on free
        sq; completes[sq]: the colours that would finish a line there."""
        pot = self.potential
        shapes = self._shapes
        at = self.tables.at
        addition: list[list[int]] = [[]] * SQUARES  # [] on a marble
        completes: list[Sequence[int]] = [()] * SQUARES
        for sq in range(SQUARES):
            if board[sq]:
                continue
            base = 0
            bonus = [0] * 8
            done = []
            for w in at[sq]:
                need, mask, _ = shapes[w]
                if mask == ANY_COLOUR:
                    base += pot[need - 1] - pot[need]
                    continue
                base += pot[need + 1] - pot[need]
                gain = pot[need - 1] - pot[need + 1]
                for colour in _COLOURS_OF[mask]:
                    bonus[colour] += gain
                    if need == 1:
                        done.append(colour)
            addition[sq] = [base + b for b in bonus]
            completes[sq] = done
        return addition, completes

    def _removal_term(self, w: int, colour: int) -> int:
        need, mask, _ = self._shapes[w]
        if mask == 1 << colour:  # the only leader: the window falls back a step
            return self.potential[need + 1] - self.potential[need]
        return self.potential[need - 1] - self.potential[need]

    def _addition_term(self, w: int, colour: int) -> int:
        need, mask, _ = self._shapes[w]
        if mask & (1 << colour):
            return self.potential[need - 1] - self.potential[need]
        return self.potential[need + 1] - self.potential[need]

    def shared_correction(self, src: int, dst: int, colour: int) -> int:
        """Windows holding both src and dst keep their marbles: take back the
        change removal[src] and addition[dst] counted for them."""
        shared = self.tables.shared.get(src * SQUARES + dst)
        if not shared:
            return 0
        return sum(self._removal_term(w, colour) + self._addition_term(w, colour) for w in shared)

    # ---- whole boards ---------------------------------------------------------------
    def evaluate(self, board: Board, next_colours: Sequence[int] | None = None) -> float:
        """The board's value; with next_colours, as expected after they land
        (each on a free square, every free square equally likely)."""
        weights = self.weights
        region_of, regions = free_regions(board)
        free = sum(len(r) for r in regions)
        if free == 0 or (next_colours and free <= 3):
            return FULL_BOARD
        self._shape(board)
        pot = self.potential
        value: float = sum(pot[need] for need, _, _ in self._shapes)
        biggest = max(len(r) for r in regions)
        value += weights["free"] * free - weights["cut_off"] * (free - biggest)
        value += weights["threat"] * self._threats(
            board, region_of, _movers_by_region(board, region_of, len(regions))
        )
        if next_colours:
            value += self._spawn_outlook(next_colours, free)
        return value

    def _spawn_outlook(self, next_colours: Sequence[int], free: int) -> float:
        """Expected change when the next_colours land, to first order: each
        marble on each free square with chance 1/free, one at a time.
        A landing changes each window through its square as addition does."""
        pot = self.potential
        line_value = self.weights["points"] * line_points(self.m, self.m)
        total = 0.0
        m = self.m
        for need, mask, held in self._shapes:
            gaps = m - held
            if not gaps:
                continue
            closer = pot[need - 1] - pot[need]
            farther = pot[need + 1] - pot[need]
            for colour in next_colours:
                if mask & (1 << colour):
                    total += gaps * (closer + line_value if need == 1 else closer)
                else:
                    total += gaps * farther
        return self.weights["spawn"] * total / free - self.weights["free"] * len(next_colours)

    def _threats(
        self, board: Board, region_of: list[int], movers: list[dict[int, set[int]]]
    ) -> int:
        """Points of the lines one marble short whose gap a marble of their colour
        can reach (each line once, at its full length: RRR.RR threatens 6)."""
        windows = self.tables.windows
        steps = self.tables.steps
        seen = set()
        points = 0
        for w, (need, mask, _) in enumerate(self._shapes):
            if need != 1:
                continue
            members = windows[w]
            gap = next(sq for sq in members if board[sq] == EMPTY)
            if (gap, steps[w]) in seen:
                continue
            seen.add((gap, steps[w]))
            colour = _COLOURS_OF[mask][0]
            line = run_through(board, gap, steps[w], colour)
            if movers[region_of[gap]].get(colour, _NONE).difference(line):
                points += line_points(len(line), self.m)
        return points


_NONE: frozenset[int] = frozenset()
_COLOURS_OF = tuple(tuple(c for c in range(1, 8) if mask & (1 << c)) for mask in range(256))


def _movers_by_region(
    board: Board, region_of: list[int], region_count: int
) -> list[dict[int, set[int]]]:
    """Per free region, {colour: the marbles next to it} (they can move into it)."""
    movers: list[dict[int, set[int]]] = [{} for _ in range(region_count)]
    for sq in range(SQUARES):
        colour = board[sq]
        if colour:
            for nb in NEIGHBOURS[sq]:
                region = region_of[nb]
                if region >= 0:
                    movers[region].setdefault(colour, set()).add(sq)
    return movers
