"""Marbles positions as text: colour letters, boards, seeds, and their checks.

Shared by the JSON save format and the fixture notation.
"""

from collections.abc import Iterable

from games.common.errors import BadState
from games.common.protocol import MAX_SEED

from . import board as geo
from .board import SQUARES, Board

COLOUR_LETTERS = ".RGBYPCO"  # index = colour; "." = free
COLOUR_NAMES = ("red", "green", "blue", "yellow", "purple", "cyan", "orange")


def check_seed(seed: object, error: type[Exception] = BadState) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise error("seed must be an int in 0 .. 2**53 - 1")
    return seed


def board_text(board: Iterable[int]) -> str:
    return "".join(COLOUR_LETTERS[c] for c in board)


def parse_board_text(text: object) -> Board:
    if (
        not isinstance(text, str)
        or len(text) != SQUARES
        or any(ch not in COLOUR_LETTERS for ch in text)
    ):
        raise BadState(f"board must be {SQUARES} characters of {COLOUR_LETTERS!r}")
    return [COLOUR_LETTERS.index(ch) for ch in text]


def parse_colours(text: object, count: int) -> list[int]:
    letters = COLOUR_LETTERS[1:]
    if not isinstance(text, str) or len(text) != count or any(ch not in letters for ch in text):
        raise BadState(f"expected {count} colour letters of {letters!r}")
    return [COLOUR_LETTERS.index(ch) for ch in text]


def validate_board(board: Board, min_line: int) -> None:
    """A position a game can be in: no finished line left standing, a marble to move."""
    if geo.all_lines(board, min_line):
        raise BadState("a finished line is still standing on the board")
    if not any(board):
        raise BadState("the board is empty: there would be nothing to move")
