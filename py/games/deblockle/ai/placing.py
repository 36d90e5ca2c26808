"""Set-up for the computer: arrange the opponent's rolled blocks as badly for
them as the rolls allow (each as far from finishing as its square and turn make it)."""

from .race import distances


def hindering_placement(state, rng):
    owner = 1 - state.current_player
    table = distances(owner)
    placements = state.legal_moves()
    rng.shuffle(placements)
    return max(placements, key=lambda p: table[p.square * 24 + p.orientation])
