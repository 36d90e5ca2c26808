"""Marbles (Colour Lines): the pure engine and its Hint auto-player."""

from .ai import choose_move, random_move
from .board import SIZE, SQUARES, line_points, row_col, square
from .codec import COLOUR_LETTERS, COLOUR_NAMES
from .notation import format_position, parse_position
from .state import VERSIONS, State, new_game

__all__ = [
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "SIZE",
    "SQUARES",
    "VERSIONS",
    "State",
    "choose_move",
    "format_position",
    "line_points",
    "new_game",
    "parse_position",
    "random_move",
    "row_col",
    "square",
]
