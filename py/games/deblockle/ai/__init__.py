"""Computer players: choose_move(state, rng, budget) for each strength.

Deblockle hides nothing, so the players read the State itself. `rng` is a
SeededRng (a player is deterministic for a given seed); `budget` counts the
positions a search may visit (None for the default)."""

from games.common.rng import SeededRng

from ..rules import Move
from ..setup import Placement
from ..state import State
from . import greedy, random_player, strong

PLAYERS = {
    "random": random_player.choose_move,
    "greedy": greedy.choose_move,
    "strong": strong.choose_move,
}


def choose_move(
    state: State, rng: SeededRng, budget: int | None = None, level: str = "strong"
) -> Move | Placement:
    return PLAYERS[level](state, rng, budget)


def computer_rng(seed: int, ply: int) -> SeededRng:
    """The computer's dice for its move at `ply` (the moves played so far, set-up
    placements included) of game `seed`: the same seed replays the same play."""
    return SeededRng(seed ^ (ply * 0x9E3779B1))


def helper_rng(seed: int, ply: int) -> SeededRng:
    """The dice of "place them at random" for a person at `ply` of game `seed`."""
    return SeededRng(seed).fork(f"place:{ply}")
