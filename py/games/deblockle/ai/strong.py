"""The strong computer player: alpha-beta search on the race evaluation,
deepening until its budget of expanded positions is spent.

Draws by the rules count as draws in the search: a turn into a position seen
before, in the game or earlier on the line searched (9.1), and a line that
reaches the limit of turns without progress (9.4). At the top, a turn back into
a position of the game is played only when no other looks reasonable (9.2)."""

from games.common.rng import SeededRng

from ..position import Position
from ..repetition import TURNS_WITHOUT_PROGRESS, PositionKey
from ..rules import Move, block_outcomes, play_outcome
from ..setup import Placement
from ..state import State
from .evaluation import WIN, against_repeating, race_totals, race_value, times_seen_after
from .placing import hindering_placement
from .race import distances

DEFAULT_BUDGET = 6000  # positions whose turns are generated, per move
MAX_DEPTH = 9
# After this many plies without a removal, a standoff where both sides shuffle
# counts as the draw it is, so a side that is ahead gets on with it.
STALL_PLIES = 16


# (gain in race distance, square, direction, tipped orientation, end): a turn as the
# search sees it; a removal ends at -1.
Child = tuple[int, int, int, int, int]


class _OutOfBudget(Exception):
    pass


def choose_move(state: State, rng: SeededRng, budget: int | None = None) -> Move | Placement:
    if state.phase == "setup":
        return hindering_placement(state, rng)
    search = _Search(state, budget or DEFAULT_BUDGET)
    player = state.player_to_play
    children = search.children(state.position, player)
    rng.shuffle(children)  # moves that look alike are then chosen by the seed
    children.sort(key=lambda child: child[0])
    best = children[0]
    for depth in range(1, MAX_DEPTH + 1):
        try:
            best, score = search.root(state.position, player, children, depth)
        except _OutOfBudget:
            break
        if abs(score) > WIN // 2 or len(children) == 1:
            break  # decided, or nothing to choose
        children.remove(best)
        children.insert(0, best)
    _, square, direction, _, end = best
    return _as_move(state, square, direction, end)


def _as_move(state: State, square: int, direction: int, end: int) -> Move:
    """The listed Move (with its path) for a turn found by the search."""
    for move in state.turns():
        if (move.square, move.direction, -1 if move.removes else move.end) == (
            square,
            direction,
            end,
        ):
            return move
    raise AssertionError("the search chose a turn the rules do not list")


class _Search:
    def __init__(self, state: State, budget: int):
        self.no_side_by_side = state.no_side_by_side
        self.blocks = tuple(state.options["blocks"])
        self.tables = (distances(0), distances(1))
        self.budget = budget
        self.expanded = 0
        self.totals = race_totals(state.position)
        self.stalled = state.turns_without_progress >= STALL_PLIES
        # A turn at ply p (0: the turn to choose) leaves p + 1 - progress_ply
        # turns without progress; a removal on the line moves it on.
        self.progress_ply = -state.turns_without_progress
        self.seen = set(state.positions)  # this game's positions since the last removal
        self.line: set[PositionKey] = set()  # the positions on the line being searched
        self.state = state
        self.seen_after: dict[Child, int] = {}  # top-level turn -> times its position came up

    def children(self, position: Position, player: int) -> list[Child]:
        """(gain in race distance, square, direction, tipped orientation, end) per
        turn, most promising first; a removal ends at -1."""
        self.expanded += 1
        if self.expanded > self.budget:
            raise _OutOfBudget
        table = self.tables[player]
        cells = position.cells
        found = []
        for square in position.squares[player]:
            before = table[square * 24 + cells[square] % 24]
            for direction, tipped, end in block_outcomes(position, square, self.no_side_by_side):
                gain = -before if end < 0 else table[end * 24 + tipped] - before
                found.append((gain, square, direction, tipped, end))
        found.sort()
        return found

    def root(
        self, position: Position, player: int, children: list[Child], depth: int
    ) -> tuple[Child, int]:
        mine, theirs = self.totals[player], self.totals[1 - player]
        alpha, best = -WIN - 1, children[0]
        for child in children:
            score = self.score(position, player, child, depth, alpha, WIN + 1, 0, mine, theirs)
            if self.stalled and child[0] >= 0:
                score = min(score, 0)  # no progress: worth a draw at best
            score = against_repeating(score, self.times_seen(position, child))
            if score > alpha:
                alpha, best = score, child
        return best, alpha

    def times_seen(self, position: Position, child: Child) -> int:
        """How often the position after the top-level turn `child` came up in the game."""
        if child not in self.seen_after:
            _, square, _, tipped, end = child
            after = play_outcome(position, square, tipped, end)
            self.seen_after[child] = times_seen_after(self.state, after)
        return self.seen_after[child]

    def score(
        self,
        position: Position,
        player: int,
        child: Child,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        mine: int,
        theirs: int,
    ) -> int:
        """The value for `player` of playing `child`, searched `depth` plies deep."""
        gain, square, _, tipped, end = child
        if end < 0 and position.removed[player] + 1 == self.blocks[player]:
            return WIN - ply
        if depth <= 1:
            return -race_value(theirs, mine + gain)
        after = play_outcome(position, square, tipped, end)
        # (Running out of budget abandons the whole search: nothing below is undone then.)
        if end < 0:
            progress_ply, self.progress_ply = self.progress_ply, ply + 1
            value = self.negamax(
                after, 1 - player, depth - 1, -beta, -alpha, ply + 1, theirs, mine + gain
            )
            self.progress_ply = progress_ply
            return -value
        key = (after.cells, 1 - player)  # repetition.position_key
        line = self.line
        if key in self.seen or key in line or ply + 1 - self.progress_ply >= TURNS_WITHOUT_PROGRESS:
            return 0  # a draw, or as good as one: the other side can repeat too
        line.add(key)
        value = self.negamax(
            after, 1 - player, depth - 1, -beta, -alpha, ply + 1, theirs, mine + gain
        )
        line.discard(key)
        return -value

    def best_gain(self, position: Position, player: int) -> int | None:
        """The most a turn can shorten the player's race (None if it has no turn).
        No turn shortens it by more than one, so the scan stops at the first such."""
        self.expanded += 1
        if self.expanded > self.budget:
            raise _OutOfBudget
        table = self.tables[player]
        cells = position.cells
        best = None
        for square in position.squares[player]:
            before = table[square * 24 + cells[square] % 24]
            for _, tipped, end in block_outcomes(position, square, self.no_side_by_side):
                gain = -before if end < 0 else table[end * 24 + tipped] - before
                if best is None or gain < best:
                    if gain <= -1:
                        return gain
                    best = gain
        return best

    def negamax(
        self,
        position: Position,
        player: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        mine: int,
        theirs: int,
    ) -> int:
        if depth <= 1 and position.removed[player] + 1 < self.blocks[player]:
            gain = self.best_gain(position, player)
            if gain is not None:
                return -race_value(theirs, mine + gain)
        children = self.children(position, player)
        if not children:
            if not self.children(position, 1 - player):
                removed, other = position.removed[player], position.removed[1 - player]
                return ((removed > other) - (removed < other)) * (WIN - ply)
            # Deblockle'd: the opponent moves again.
            return -self.negamax(position, 1 - player, depth, -beta, -alpha, ply, theirs, mine)
        if position.removed[player] + 1 == self.blocks[player] and any(c[4] < 0 for c in children):
            return WIN - ply
        if depth <= 1:  # the first child gains the most: nothing else can score higher
            return self.score(position, player, children[0], depth, alpha, beta, ply, mine, theirs)
        best = -WIN - 1
        for child in children:
            score = self.score(position, player, child, depth, alpha, beta, ply, mine, theirs)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best
