"""Computer players: choose_move(state, rng, budget) for each strength.

Deblockle hides nothing, so the players read the State itself. `rng` is a
SeededRng (a player is deterministic for a given seed); `budget` counts the
positions a search may visit (None for the default)."""

from . import greedy, random_player, strong

PLAYERS = {
    "random": random_player.choose_move,
    "greedy": greedy.choose_move,
    "strong": strong.choose_move,
}


def choose_move(state, rng, budget=None, level: str = "strong"):
    return PLAYERS[level](state, rng, budget)
