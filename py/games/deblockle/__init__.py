"""Deblockle: tip a block, hop it as its new top face says, bring all your blocks
home into the opponent's star. Pure engine and computer players.

    state = new_game({"blocks": 4, "no_side_by_side": False, "first": 0}, seed)
    state.legal_moves()      # Placements during set-up, Moves during play
    state.apply("c3N-d4")    # -> events; IllegalMove(key) when a rule forbids it
    choose_move(state, rng, budget, level="strong")
"""

from .board import BLUE, GOLD, PLAYER_NAMES, parse_square, square_name
from .cube import FACE_NAMES
from .rules import Move
from .setup import Placement
from .state import State, new_game

__all__ = [
    "BLUE", "FACE_NAMES", "GOLD", "Move", "PLAYER_NAMES", "Placement", "State",
    "new_game", "parse_square", "square_name",
]
