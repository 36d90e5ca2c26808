"""Computer players for dominoes: choose_move(view, rng, budget) at each strength."""

from games.common.protocol import Json
from games.common.rng import SeededRng

from . import greedy, heuristic, random_player, strong

PLAYERS = {
    "random": random_player.choose_move,
    "greedy": greedy.choose_move,
    "heuristic": heuristic.choose_move,
    "strong": strong.choose_move,
}


def choose_move(
    view: Json, rng: SeededRng, budget: int | None = None, level: str = "strong"
) -> Json:
    return PLAYERS[level](view, rng, budget)
