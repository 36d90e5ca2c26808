"""The weakest computer player: any legal move, uniformly, but one into a
position seen before only when every move is (rule 9.2)."""

from ..rules import play
from .evaluation import times_seen_after


def choose_move(state, rng, budget=None):
    moves = state.legal_moves()
    if state.phase == "setup":
        return rng.choice(moves)
    fresh = [m for m in moves if not times_seen_after(state, play(state.position, m))]
    return rng.choice(fresh or moves)
