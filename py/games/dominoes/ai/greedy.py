"""Greedy: the play that scores most now, then the heaviest tile."""

from games.common.protocol import Json
from games.common.rng import SeededRng

from .moves import from_engine_move, sim_for_view
from .policies import greedy_pick


def choose_move(view: Json, rng: SeededRng, budget: int | None = None) -> Json:
    legal: list[Json] = view["legal_moves"]
    if len(legal) == 1 or legal[0]["type"] != "play":
        return legal[0]
    options = [from_engine_move(m) for m in legal]
    pick = greedy_pick(sim_for_view(view), options)
    return legal[options.index(pick)]
