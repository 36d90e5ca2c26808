"""The middle computer player: the move whose position looks best one ply ahead,
not going back to a position seen before while another move looks as good (9.2)."""

from games.common.rng import SeededRng

from ..rules import Move, play
from ..setup import Placement
from ..state import State
from .evaluation import against_repeating, evaluate, times_seen_after
from .placing import hindering_placement


def choose_move(state: State, rng: SeededRng, budget: int | None = None) -> Move | Placement:
    if state.phase == "setup":
        return hindering_placement(state, rng)
    player = state.player_to_play
    best_score: int | None = None
    best: list[Move] = []
    for move in state.turns():
        after = play(state.position, move)
        if after.removed[player] == state.options["blocks"][player]:
            return move
        score = against_repeating(-evaluate(after, 1 - player), times_seen_after(state, after))
        if best_score is None or score > best_score:
            best_score, best = score, [move]
        elif score == best_score:
            best.append(move)
    return rng.choice(best)
