"""The weakest computer player: any legal move, uniformly, but one into a
position seen before only when every move is (rule 9.2)."""

from games.common.rng import SeededRng

from ..rules import Move, play
from ..setup import Placement
from ..state import State
from .evaluation import times_seen_after


def choose_move(state: State, rng: SeededRng, budget: int | None = None) -> Move | Placement:
    if state.phase == "setup":
        return rng.choice(state.placements())
    moves = state.turns()
    fresh = [m for m in moves if not times_seen_after(state, play(state.position, m))]
    return rng.choice(fresh or moves)
