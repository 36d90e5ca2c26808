"""Set-up for the computer: arrange the opponent's rolled blocks as badly for
them as the rolls allow (each as far from finishing as its square and turn make it)."""

from games.common.rng import SeededRng

from ..setup import Placement
from ..state import State
from .race import distances


def hindering_placement(state: State, rng: SeededRng) -> Placement:
    owner = 1 - state.player_to_play
    table = distances(owner)
    placements = state.placements()
    rng.shuffle(placements)
    return max(placements, key=lambda p: table[p.square * 24 + p.orientation])
