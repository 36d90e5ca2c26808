"""Windows: every run of m squares in a straight line (across, down, diagonal).

The auto-player judges a board by its windows: a window holding marbles of a
single colour is a line in the making. Tables are built once per line length.
"""

from functools import cache
from operator import itemgetter

from .board import DIRECTIONS, SIZE, SQUARES, Board

Shape = tuple[int, int, int]  # (need, leaders, held): see window_shapes


class WindowTables:
    def __init__(self, m: int):
        self.m = m
        windows = []
        steps = []
        for dr, dc in DIRECTIONS:
            for row in range(SIZE):
                for col in range(SIZE):
                    end_row, end_col = row + dr * (m - 1), col + dc * (m - 1)
                    if 0 <= end_row < SIZE and 0 <= end_col < SIZE:
                        windows.append(
                            tuple((row + dr * i) * SIZE + col + dc * i for i in range(m))
                        )
                        steps.append((dr, dc))
        self.windows = tuple(windows)
        self.steps = tuple(steps)  # the direction each window runs in
        self.readers = tuple(itemgetter(*members) for members in windows)
        at: list[list[int]] = [[] for _ in range(SQUARES)]
        for index, members in enumerate(windows):
            for sq in members:
                at[sq].append(index)
        self.at = tuple(tuple(indices) for indices in at)
        # Windows holding both squares of a pair, keyed a * SQUARES + b.
        shared: dict[int, list[int]] = {}
        for index, members in enumerate(windows):
            for a in members:
                for b in members:
                    if a != b:
                        shared.setdefault(a * SQUARES + b, []).append(index)
        self.shared = {key: tuple(value) for key, value in shared.items()}


@cache
def tables(m: int) -> WindowTables:
    return WindowTables(m)


ANY_COLOUR = 0b11111110  # bits 1..7: an empty window can become any colour's line


def window_shapes(board: Board, m: int) -> list[Shape]:
    """Per window, its shape (need, leaders, held):
    `need`, the moves that would make it a line (a move brings in a marble of
    its leading colour, or takes out a marble of another colour);
    `leaders`, a bit mask of its leading colours; `held`, its marble count.
    Window contents repeat a lot, so shapes are cached by content."""
    cache = _shape_cache[m]
    shapes = []
    for read in tables(m).readers:
        content: tuple[int, ...] = read(board)
        shape = cache.get(content)
        if shape is None:
            shape = cache[content] = _shape_of(content, m)
        shapes.append(shape)
    return shapes


_shape_cache: dict[int, dict[tuple[int, ...], Shape]] = {4: {}, 5: {}}  # m -> content -> shape


def _shape_of(content: tuple[int, ...], m: int) -> Shape:
    counts = [0] * 8
    for colour in content:
        counts[colour] += 1
    held = m - counts[0]
    if held == 0:
        return (m, ANY_COLOUR, 0)
    counts[0] = 0
    top = max(counts)
    leaders = sum(1 << c for c in range(1, 8) if counts[c] == top)
    return (m + held - 2 * top, leaders, held)
