"""The 9 x 9 board: squares, neighbours, paths and lines.

A board is a list of 81 ints, square = row * 9 + col, 0 = free, 1..7 = a colour.
Everything here is a pure function of a board.
"""

from collections import deque
from collections.abc import Iterable

SIZE = 9
SQUARES = SIZE * SIZE
EMPTY = 0
COLOURS = 7

# Across, down, and the two diagonals.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

Board = list[int]  # 81 squares: 0 free, 1..7 a colour
Step = tuple[int, int]  # (rows, columns)


def square(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(sq: int) -> tuple[int, int]:
    return divmod(sq, SIZE)


def _neighbours(sq: int) -> tuple[int, ...]:
    row, col = row_col(sq)
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left: fixes path ties
    return tuple(
        square(row + dr, col + dc)
        for dr, dc in steps
        if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


NEIGHBOURS = tuple(_neighbours(sq) for sq in range(SQUARES))


def free_squares(board: Board) -> list[int]:
    return [sq for sq in range(SQUARES) if board[sq] == EMPTY]


def reachable(board: Board, src: int) -> set[int]:
    """Free squares a marble on `src` can travel to (orthogonally, over free squares)."""
    seen = {src}
    todo = [src]
    while todo:
        sq = todo.pop()
        for nb in NEIGHBOURS[sq]:
            if nb not in seen and board[nb] == EMPTY:
                seen.add(nb)
                todo.append(nb)
    seen.discard(src)
    return seen


def shortest_path(board: Board, src: int, dst: int) -> list[int] | None:
    """Squares from src to dst inclusive along a shortest free route, or None."""
    if src == dst or board[dst] != EMPTY:
        return None
    parent: dict[int, int | None] = {src: None}
    queue = deque([src])
    while queue:
        sq = queue.popleft()
        if sq == dst:
            path = []
            step: int | None = sq
            while step is not None:
                path.append(step)
                step = parent[step]
            return path[::-1]
        for nb in NEIGHBOURS[sq]:
            if nb not in parent and board[nb] == EMPTY:
                parent[nb] = sq
                queue.append(nb)
    return None


def free_regions(board: Board) -> tuple[list[int], list[list[int]]]:
    """The connected groups of free squares: (region index per square, or -1
    for a marble; the regions as sorted lists of squares)."""
    region_of = [-1] * SQUARES
    regions: list[list[int]] = []
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
        members.sort()
        regions.append(members)
    return region_of, regions


def run_through(board: Board, sq: int, step: Step, colour: int) -> list[int]:
    """The maximal run of `colour` through sq along step (sq counted as that
    colour whatever it holds), in board order."""
    dr, dc = step
    row, col = row_col(sq)
    back = []
    r, c = row - dr, col - dc
    while 0 <= r < SIZE and 0 <= c < SIZE and board[r * SIZE + c] == colour:
        back.append(r * SIZE + c)
        r, c = r - dr, c - dc
    forward = [sq]
    r, c = row + dr, col + dc
    while 0 <= r < SIZE and 0 <= c < SIZE and board[r * SIZE + c] == colour:
        forward.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return back[::-1] + forward


def lines_through(board: Board, squares: Iterable[int], min_line: int) -> list[list[int]]:
    """Every line (run of >= min_line of one colour) through any of `squares`.

    Each line is listed once, as its squares in board order, even when several
    of `squares` lie on it.
    """
    found = []
    seen = set()
    for sq in squares:
        if board[sq] == EMPTY:
            continue
        for step in DIRECTIONS:
            run = run_through(board, sq, step, board[sq])
            if len(run) >= min_line and (run[0], step) not in seen:
                seen.add((run[0], step))
                found.append(run)
    return found


def all_lines(board: Board, min_line: int) -> list[list[int]]:
    return lines_through(board, range(SQUARES), min_line)


def line_points(length: int, min_line: int) -> int:
    """Score of one line: n x (n - m + 1) x 2."""
    return length * (length - min_line + 1) * 2
