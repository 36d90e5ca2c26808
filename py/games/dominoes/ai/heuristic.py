"""A hand-written player: greedy plus a few rules of thumb (see heuristic_pick)."""

from games.common.protocol import Json
from games.common.rng import SeededRng

from .knowledge import Knowledge
from .moves import from_engine_move, sim_for_view
from .policies import heuristic_pick

# risk of leaving a five, variety of numbers kept, tiles that still follow,
# weight unloaded (scaled when an opponent is nearly out), doubles unloaded.
WEIGHTS = (0.5, 2.0, 1.0, 0.5, 3.0)


def choose_move(view: Json, rng: SeededRng, budget: int | None = None) -> Json:
    legal: list[Json] = view["legal_moves"]
    if len(legal) == 1 or legal[0]["type"] != "play":
        return legal[0]
    knowledge = Knowledge(view)
    options = [from_engine_move(m) for m in legal]
    sim = sim_for_view(view, layout=knowledge.layout)
    for seat, size in enumerate(knowledge.hand_sizes):
        if seat != knowledge.seat:
            sim.hands[seat] = [-1] * size  # only the sizes matter here (-1: a tile unknown)
    pick = heuristic_pick(sim, options, knowledge.unseen, WEIGHTS)
    return legal[options.index(pick)]
