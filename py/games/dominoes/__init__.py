"""Straight Dominoes, All-Fives scoring to 250: the pure engine."""

from .layout import Layout, OpenEnd
from .notation import format_layout, format_move, parse_layout, parse_move
from .state import State, new_game, public_event

__all__ = [
    "Layout", "OpenEnd", "State", "new_game", "public_event",
    "format_layout", "format_move", "parse_layout", "parse_move",
]
