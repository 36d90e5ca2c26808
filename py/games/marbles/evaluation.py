"""How good a board is, for the auto-player.

- Line potential: every window of m squares holding marbles of one colour only
  is worth potential[k] for its k marbles; a window with two colours is worth 0.
- Room: free squares, minus those cut off from the biggest free region.
- Threats: windows one marble short whose gap a marble of that colour can reach.
"""

from .board import EMPTY, NEIGHBOURS, SIZE, SQUARES, line_points
from .windows import tables, window_states

WEIGHTS = {
    5: {"potential": (0, 1, 4, 16, 60, 60), "free": 40, "cut_off": 8, "threat": 4, "points": 20, "spawn": 1},
    4: {"potential": (0, 1, 6, 36, 36), "free": 40, "cut_off": 8, "threat": 4, "points": 20, "spawn": 1},
}
FULL_BOARD = -100000


def free_regions_fast(board: list) -> tuple:
    """(region index per square or -1, list of regions as lists of squares)."""
    region_of = [-1] * SQUARES
    regions = []
    for start in range(SQUARES):
        if board[start] != EMPTY or region_of[start] >= 0:
            continue
        index = len(regions)
        region_of[start] = index
        members = [start]
        for sq in members:  # grows while iterated: a breadth-first flood
            for nb in NEIGHBOURS[sq]:
                if region_of[nb] < 0 and board[nb] == EMPTY:
                    region_of[nb] = index
                    members.append(nb)
        regions.append(members)
    return region_of, regions


class Judge:
    def __init__(self, m: int, weights: dict = None):
        self.m = m
        self.weights = weights or WEIGHTS[m]
        self.potential = self.weights["potential"]
        self.tables = tables(m)

    # ---- quick move scores ------------------------------------------------------
    def move_tables(self, board: list) -> tuple:
        """Per-square pieces of the potential change of a move src -> dst:
        removal[src], addition[dst][colour], and completes[dst] (the colours
        that would finish a window there)."""
        self._colours, self._counts = window_states(board, self.tables.windows)
        addition, completes = self._addition_tables(board)
        removal = [0] * SQUARES
        at = self.tables.at
        for sq in range(SQUARES):
            if board[sq]:
                removal[sq] = sum(self._removal_term(board, w, sq) for w in at[sq])
        return removal, addition, completes

    def _addition_tables(self, board: list) -> tuple:
        """addition[sq][colour]: potential change of a marble landing on free sq;
        completes[sq]: the colours that would finish a window there."""
        pot = self.potential
        colours, counts = self._colours, self._counts
        at = self.tables.at
        last = self.m - 1
        addition = [None] * SQUARES
        completes = [()] * SQUARES
        for sq in range(SQUARES):
            if board[sq]:
                continue
            base = 0
            bonus = [0] * 8
            done = []
            for w in at[sq]:
                col = colours[w]
                if col == 0:
                    base += pot[1]
                elif col > 0:
                    k = counts[w]
                    base -= pot[k]
                    bonus[col] += pot[k + 1]
                    if k == last:
                        done.append(col)
            addition[sq] = [base + b for b in bonus]
            completes[sq] = done
        return addition, completes

    def _removal_term(self, board: list, w: int, sq: int) -> int:
        col = self._colours[w]
        k = self._counts[w]
        if col > 0:
            return self.potential[k - 1] - self.potential[k]
        # A mixed window may turn single-coloured without this marble.
        left = 0
        count = 0
        for other in self.tables.windows[w]:
            c = board[other]
            if c and other != sq:
                count += 1
                if left == 0:
                    left = c
                elif left != c:
                    return 0
        return self.potential[count]

    def _addition_term(self, w: int, colour: int) -> int:
        col = self._colours[w]
        if col == 0:
            return self.potential[1]
        if col < 0:
            return 0
        k = self._counts[w]
        return self.potential[k + 1] - self.potential[k] if col == colour else -self.potential[k]

    def shared_correction(self, board: list, src: int, dst: int, colour: int) -> int:
        """Windows holding both src and dst keep their marbles: take back the
        change removal[src] and addition[dst] counted for them."""
        shared = self.tables.shared.get(src * SQUARES + dst)
        if not shared:
            return 0
        return sum(self._removal_term(board, w, src) + self._addition_term(w, colour) for w in shared)

    # ---- whole boards ---------------------------------------------------------------
    def evaluate(self, board: list, next_colours=None) -> float:
        """The board's value; with next_colours, as expected after they land
        (each on a free square, every free square equally likely)."""
        weights = self.weights
        region_of, regions = free_regions_fast(board)
        free = sum(len(r) for r in regions)
        if free == 0 or (next_colours and free <= len(next_colours)):
            return FULL_BOARD
        pot = self.potential
        colours, counts = window_states(board, self.tables.windows)
        self._colours, self._counts = colours, counts
        value = 0
        for col, k in zip(colours, counts):
            if col > 0:
                value += pot[k]
        biggest = max(len(r) for r in regions)
        value += weights["free"] * free - weights["cut_off"] * (free - biggest)
        value += weights["threat"] * self._threats(board, colours, counts, region_of)
        if next_colours:
            value += self._spawn_outlook(board, next_colours, free)
        return value

    def _spawn_outlook(self, board: list, next_colours, free: int) -> float:
        """Expected change when the Next marbles land, to first order: each lands
        on each free square with chance 1/free, one at a time."""
        addition, completes = self._addition_tables(board)
        line_value = self.weights["points"] * 2 * self.m
        total = 0.0
        for sq in range(SQUARES):
            gains = addition[sq]
            if gains is None:
                continue
            for colour in next_colours:
                total += gains[colour]
                if colour in completes[sq]:
                    total += line_value
        return self.weights["spawn"] * total / free - self.weights["free"] * len(next_colours)

    def _threats(self, board, colours, counts, region_of) -> int:
        """Points of the lines one marble short whose gap a marble of their colour
        can reach (each line once, at its full length: RRR.RR threatens 6)."""
        last = self.m - 1
        windows = self.tables.windows
        steps = self.tables.steps
        seen = set()
        points = 0
        for w, col in enumerate(colours):
            if col <= 0 or counts[w] != last:
                continue
            members = windows[w]
            gap = next(sq for sq in members if board[sq] == EMPTY)
            if (gap, steps[w]) in seen:
                continue
            seen.add((gap, steps[w]))
            line = _line_if_filled(board, gap, col, steps[w])
            if _reaches(board, col, region_of[gap], region_of, line):
                points += line_points(len(line), self.m)
        return points


def _line_if_filled(board, gap, colour, step) -> list:
    """The run of `colour` through `gap` along `step` if gap held that colour."""
    dr, dc = step
    row, col = divmod(gap, SIZE)
    run = [gap]
    for sign in (1, -1):
        r, c = row + sign * dr, col + sign * dc
        while 0 <= r < SIZE and 0 <= c < SIZE and board[r * SIZE + c] == colour:
            run.append(r * SIZE + c)
            r, c = r + sign * dr, c + sign * dc
    return run


def _reaches(board, colour, region, region_of, excluded) -> bool:
    """Is a marble of `colour`, outside `excluded`, next to free region `region`?"""
    for sq in range(SQUARES):
        if board[sq] == colour and sq not in excluded:
            for nb in NEIGHBOURS[sq]:
                if region_of[nb] == region:
                    return True
    return False
