"""The strong computer player: alpha-beta search deepening until its node budget
is spent, on the race evaluation."""

from ..cube import TIP
from .evaluation import WIN, evaluate
from .node import Game
from .placing import hindering_placement
from .race import distances

DEFAULT_BUDGET = 6000  # positions visited per move
MAX_DEPTH = 8


class _OutOfBudget(Exception):
    pass


def choose_move(state, rng, budget=None):
    if state.phase == "setup":
        return hindering_placement(state, rng)
    moves = state.legal_moves()
    rng.shuffle(moves)  # equal moves are then chosen by the seed
    search = _Search(Game(state), budget or DEFAULT_BUDGET)
    player = state.current_player
    moves = search.ordered(state.position, player, moves)
    best = moves[0]
    for depth in range(1, MAX_DEPTH + 1):
        try:
            best, score = search.root(state.position, player, moves, depth)
        except _OutOfBudget:
            break
        if abs(score) > WIN // 2:
            break  # decided either way
        moves.remove(best)
        moves.insert(0, best)
    return best


class _Search:
    def __init__(self, game, budget: int):
        self.game = game
        self.budget = budget
        self.nodes = 0

    def root(self, position, player, moves, depth):
        alpha, best = -WIN - 1, moves[0]
        for move in moves:
            score = self.score_after(position, player, move, depth, alpha, WIN + 1, 0)
            if score > alpha:
                alpha, best = score, move
        return best, alpha

    def score_after(self, position, player, move, depth, alpha, beta, ply):
        after = self.game.play(position, move)
        if self.game.has_won(after, player):
            return WIN - ply
        return -self.negamax(after, 1 - player, depth - 1, -beta, -alpha, ply + 1)

    def negamax(self, position, player, depth, alpha, beta, ply):
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if depth <= 0:
            return evaluate(position, player)
        moves = self.game.turns(position, player)
        if not moves:
            if not self.game.turns(position, 1 - player):
                return self.game.stuck_result(position, player) * (WIN - ply)
            return -self.negamax(position, 1 - player, depth, -beta, -alpha, ply)  # Deblockle'd: pass
        best = -WIN - 1
        for move in self.ordered(position, player, moves):
            score = self.score_after(position, player, move, depth, alpha, beta, ply)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    @staticmethod
    def ordered(position, player, moves):
        """Removals first, then the moves that bring their block closest to home."""
        table = distances(player)
        cells = position.cells

        def gain(move):
            if move.removes:
                return -100
            square = move.square
            orientation = cells[square] % 24
            return table[move.end * 24 + TIP[orientation][move.direction]] - table[square * 24 + orientation]

        return sorted(moves, key=gain)
