"""The weakest computer player: any legal move, uniformly."""

from games.common.protocol import Json
from games.common.rng import SeededRng


def choose_move(view: Json, rng: SeededRng, budget: int | None = None) -> Json:
    legal: list[Json] = view["legal_moves"]
    return rng.choice(legal)
