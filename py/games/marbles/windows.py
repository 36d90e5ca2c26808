"""Windows: every run of m squares in a straight line (across, down, diagonal).

The auto-player judges a board by its windows: a window holding marbles of a
single colour is a line in the making. Tables are built once per line length.
"""

from functools import lru_cache

from .board import DIRECTIONS, SIZE, SQUARES


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
                        windows.append(tuple((row + dr * i) * SIZE + col + dc * i for i in range(m)))
                        steps.append((dr, dc))
        self.windows = tuple(windows)
        self.steps = tuple(steps)  # the direction each window runs in
        at = [[] for _ in range(SQUARES)]
        for index, members in enumerate(windows):
            for sq in members:
                at[sq].append(index)
        self.at = tuple(tuple(indices) for indices in at)
        # Windows holding both squares of a pair, keyed a * SQUARES + b.
        shared = {}
        for index, members in enumerate(windows):
            for a in members:
                for b in members:
                    if a != b:
                        shared.setdefault(a * SQUARES + b, []).append(index)
        self.shared = {key: tuple(value) for key, value in shared.items()}


@lru_cache(maxsize=None)
def tables(m: int) -> WindowTables:
    return WindowTables(m)


def window_states(board: list, windows) -> tuple:
    """Per window: its colour (0 none, -1 mixed) and how many marbles it holds."""
    colours = []
    counts = []
    for members in windows:
        colour = 0
        count = 0
        for sq in members:
            c = board[sq]
            if c:
                count += 1
                if colour == 0:
                    colour = c
                elif colour != c:
                    colour = -1
        colours.append(colour)
        counts.append(count)
    return colours, counts
