"""The middle computer player: the move whose position looks best one ply ahead."""

from .evaluation import evaluate
from .node import Game
from .placing import hindering_placement


def choose_move(state, rng, budget=None):
    if state.phase == "setup":
        return hindering_placement(state, rng)
    game, player = Game(state), state.current_player
    best_score, best = None, []
    for move in state.legal_moves():
        after = game.play(state.position, move)
        if game.has_won(after, player):
            return move
        score = -evaluate(after, 1 - player)
        if best_score is None or score > best_score:
            best_score, best = score, [move]
        elif score == best_score:
            best.append(move)
    return rng.choice(best)
