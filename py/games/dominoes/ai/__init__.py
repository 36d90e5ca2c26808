"""Computer players for dominoes: choose_move(view, rng, budget) at each strength."""

from . import greedy, heuristic, random_player, strong

PLAYERS = {
    "random": random_player.choose_move,
    "greedy": greedy.choose_move,
    "heuristic": heuristic.choose_move,
    "strong": strong.choose_move,
}


def choose_move(view: dict, rng, budget=None, level: str = "strong") -> dict:
    return PLAYERS[level](view, rng, budget)
