"""Straight Dominoes, All-Fives scoring to 250: the pure engine.

    state = new_game({"seats": 2, "partnerships": False, "target": 250}, seed)
    state.current_player            # seat to move, None once over
    state.legal_moves()             # list of move dicts
    events = state.apply(move)      # move dict or notation; raises IllegalMove(key)
    state.is_over, state.result     # {"winner_team", "winners", "scores"}
    state.view_for(seat)            # what that seat may see (a JSON-friendly dict)
    State.from_json(state.to_json())

Moves: {"type": "play", "tile": [5, 3], "end": "E"} (end None for the lead),
{"type": "draw"}, {"type": "pass"}; notation "5-3@E", "6-4", "draw", "pass".
Ends are "W", "E" (the line) and "N", "S" (the spinner's long sides).

Events: deal {hand, leader, hand_sizes, boneyard}; play {seat, tile, end,
placed [inner, outer], spinner, onto, onto_spinner, count, tiles_left};
score {seat, team, count, points, scores}; draw {seat, boneyard, tile (the
drawer's secret: see public_event)}; pass {seat}; hand_end {hand, reason "domino"|"blocked", seat,
winner_team (None: blocked tie), pips per seat, team_pips, raw, points,
hands, scores}; game_over {winner_team, winners, scores}.

Layout (view["layout"]): {"root": [w, e] or None, "arms": {"W": [[inner,
outer], ...], "E": ..., "N": ..., "S": ...}}; a double root is the spinner.
Notation: "5-5 W:5-2,2-2 E:5-3 N:5-1" (see notation.py).
"""

from .layout import Layout, OpenEnd
from .notation import format_layout, format_move, parse_layout, parse_move
from .state import State, new_game, public_event

__all__ = [
    "Layout",
    "OpenEnd",
    "State",
    "format_layout",
    "format_move",
    "new_game",
    "parse_layout",
    "parse_move",
    "public_event",
]
