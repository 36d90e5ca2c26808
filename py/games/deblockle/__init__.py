"""Deblockle: tip a block, hop it as its new top face says, and bring all your
blocks into the opponent's star. The pure engine and its computer players.

Players are 0 (gold, home star d2, plays towards d6) and 1 (blue, home d6).

    state = new_game({"blocks": 4, "no_side_by_side": False, "first": 0,
                      "quick_setup": False}, seed)
    state.phase               # "setup" | "play" | "over"
    state.current_player      # who places (set-up) or plays
    state.legal_moves()       # Placements during set-up, Moves during play
    state.apply("c3N-d4")     # a Move, a Placement or their notation -> events;
                              # IllegalMove(key, **params) names the broken rule
    state.tip_options("c3")   # for the view: tips, the symbol each brings up, hop paths
    state.blocks()            # every block with its six faces, for drawing
    state.to_json(); State.from_json(data)   # resume; BadState if the data is wrong
    choose_move(state, rng, budget, level)   # level "random" | "greedy" | "strong"

Notation: a turn is the block's square, the tip direction N/E/S/W, then "-" and
each square the hop steps to (Cross, X, Slider: the end square; Hoops: its three
steps; Stop: nothing); a removal ends in "*": c3N, c3N-d4, c1E-d7, c3E-d2-d1-c1,
d5N*. A placement is square:top:north, e.g. c5:slider:star.
"""

from .ai import choose_move
from .board import BLUE, GOLD, PLAYER_NAMES, parse_square, square_name
from .cube import FACE_NAMES
from .rules import Move
from .setup import Placement
from .state import State, new_game

__all__ = [
    "BLUE",
    "FACE_NAMES",
    "GOLD",
    "PLAYER_NAMES",
    "Move",
    "Placement",
    "State",
    "choose_move",
    "new_game",
    "parse_square",
    "square_name",
]
