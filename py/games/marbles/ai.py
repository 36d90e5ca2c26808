"""The Hint auto-player.

It sees what the player sees (board, Next colours, version), never the seed,
so it does not know where the Next marbles will land: it plays for their
expected landing.

1. Every legal move gets a quick score: the exact change in line potential
   (see evaluation.py), from per-square tables, O(1) a move.
2. The moves that clear a line and the best of the rest by quick score are
   played out on a copy, and the board left is judged in full (room, threats,
   and after a move that clears nothing, the expected effect of the Next
   marbles landing).
`budget` is how many boards stage 2 judges, so the time a move takes is
bounded without reading a clock. The player is deterministic; `rng` is taken
for the common protocol of computer players.
"""

from collections.abc import Iterable

from games.common.rng import SeededRng

from .board import EMPTY, NEIGHBOURS, SQUARES, Board, free_regions, line_points, lines_through
from .evaluation import Judge
from .state import State

Move = tuple[int, int]  # (from, to)

DEFAULT_BUDGET = 24
MAX_CLEARING = 12


def random_move(state: State, rng: SeededRng) -> Move | None:
    """A uniformly random legal move (the baseline player of the benchmark):
    the same as rng.choice(state.legal_moves()), without building the list."""
    options = state.targets_by_marble()
    index = rng.randrange(sum(len(targets) for _, targets in options))
    for src, targets in options:
        if index < len(targets):
            return (src, targets[index])
        index -= len(targets)
    return None


def choose_move(state: State, rng: SeededRng, budget: int = DEFAULT_BUDGET) -> Move | None:
    """The auto-player's move (src, dst) for `state` (a State or anything with
    .board, .next and .min_line), or None when there is no move."""
    board = list(state.board)
    judge = Judge(state.min_line)
    moves = _scored_moves(board, judge)
    if not moves:
        return None
    clearing = [(quick, move) for quick, move, clears in moves if clears]
    quiet = [(quick, move) for quick, move, clears in moves if not clears]
    clearing.sort(key=_rank)
    quiet.sort(key=_rank)
    budget = max(1, budget)
    clearing = clearing[: min(MAX_CLEARING, budget)]
    quiet = quiet[: budget - len(clearing)]
    next_colours = list(state.next)
    judged = [(_play_out(board, move, next_colours, judge), move) for _, move in clearing + quiet]
    return min(judged, key=lambda item: (-item[0], item[1]))[1]


def _rank(item: tuple[int, Move]) -> tuple[int, Move]:
    quick, move = item
    return (-quick, move)


def _scored_moves(board: Board, judge: Judge) -> list[tuple[int, Move, bool]]:
    """(quick score, move, may clear) for every legal move."""
    region_of, regions = free_regions(board)
    removal, addition, completes = judge.move_tables(board)
    moves = []
    for src in range(SQUARES):
        colour = board[src]
        if colour == EMPTY:
            continue
        touching = {region_of[nb] for nb in NEIGHBOURS[src] if region_of[nb] >= 0}
        if not touching:
            continue
        base = removal[src]
        for index in touching:
            for dst in regions[index]:
                quick = base + addition[dst][colour] - judge.shared_correction(src, dst, colour)
                moves.append((quick, (src, dst), colour in completes[dst]))
    return moves


def _play_out(board: Board, move: Move, next_colours: list[int], judge: Judge) -> float:
    src, dst = move
    after = list(board)
    colour = after[src]
    after[src] = EMPTY
    after[dst] = colour
    points = _clear(after, [dst], judge.m)
    if points:
        return judge.weights["points"] * points + judge.evaluate(after)
    return judge.evaluate(after, next_colours)


def _clear(board: Board, squares: Iterable[int], m: int) -> int:
    """Take the lines through `squares` off the board; the points they score."""
    found = lines_through(board, squares, m)
    for line in found:
        for sq in line:
            board[sq] = EMPTY
    return sum(line_points(len(line), m) for line in found)
