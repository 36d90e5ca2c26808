"""The weakest computer player: any legal move, uniformly."""


def choose_move(view: dict, rng, budget=None) -> dict:
    return rng.choice(view["legal_moves"])
