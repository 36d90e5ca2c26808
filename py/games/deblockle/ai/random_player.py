"""The weakest computer player: any legal move, uniformly."""


def choose_move(state, rng, budget=None):
    return rng.choice(state.legal_moves())
