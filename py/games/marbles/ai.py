"""Placeholder: replaced below."""


def random_move(state, rng):
    return rng.choice(state.legal_moves())


def choose_move(state, rng, budget=None):
    return random_move(state, rng)
