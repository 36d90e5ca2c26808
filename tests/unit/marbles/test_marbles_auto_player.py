"""The Hint auto-player: legal, deterministic, budgeted, fair, and good."""

from types import SimpleNamespace

from games.common.rng import SeededRng
from games.marbles import choose_move, evaluation, new_game, random_move, square
from marbles_fixtures import filled_rows, position


def _positions(count: int, version: int):
    """Positions from random play, a few moves into seeded games."""
    rng = SeededRng(version)
    for seed in range(count):
        state = new_game({"version": version}, 500 + seed)
        for _ in range(seed % 15):
            if state.is_over:
                break
            state.apply(random_move(state, rng))
        if not state.is_over:
            yield state


def test_the_move_is_legal():
    for version in (5, 4):
        for state in _positions(60, version):
            move = choose_move(state, SeededRng(1))
            assert move in state.legal_moves()


def test_same_seed_same_move():
    for state in _positions(30, 5):
        assert choose_move(state, SeededRng(8)) == choose_move(state.copy(), SeededRng(8))


def test_it_sees_only_what_the_player_sees():
    """It needs the board, the Next colours and the version: never the seed."""
    for state in _positions(20, 5):
        view = SimpleNamespace(
            board=list(state.board), next=list(state.next), min_line=state.min_line
        )
        assert choose_move(view, SeededRng(2)) == choose_move(state, SeededRng(2))


def test_no_move_when_the_game_is_over():
    state = position(filled_rows(free=[square(8, 1)]), next_colours="YYY")
    state.apply((square(8, 0), square(8, 1)))
    assert state.is_over and choose_move(state, SeededRng(1)) is None


def test_it_completes_a_line():
    state = position(
        [
            "RRRR.....",
            ".........",
            "..G.B....",
            ".....Y...",
            "........R",
        ],
        next_colours="GBY",
    )
    assert choose_move(state, SeededRng(1)) == (square(4, 8), 4)


def test_it_prefers_the_longer_line():
    state = position(
        [
            "RRRR.....",
            ".........",
            "GG.GGG...",
            ".........",
            "R.......G",
        ],
        next_colours="YYY",
    )
    assert choose_move(state, SeededRng(1)) == (square(4, 8), square(2, 2))


def test_the_budget_bounds_the_boards_judged(monkeypatch):
    judged = []
    original = evaluation.Judge.evaluate

    def counting(self, board, next_colours=None):
        judged.append(1)
        return original(self, board, next_colours)

    monkeypatch.setattr(evaluation.Judge, "evaluate", counting)
    for budget in (1, 5, 20):
        for state in _positions(15, 5):
            judged.clear()
            choose_move(state, SeededRng(1), budget)
            assert 1 <= len(judged) <= budget


def test_it_plays_far_better_than_random_moves():
    hint, chance = 0, 0
    for seed in range(3):
        for player, budget in ((choose_move, 8), (random_move, None)):
            state = new_game({"version": 5}, seed)
            rng = SeededRng(seed)
            while not state.is_over:
                state.apply(player(state, rng, budget) if budget else player(state, rng))
            if budget:
                hint += state.score
            else:
                chance += state.score
    assert hint > 10 * max(chance, 10)


def test_quick_scores_equal_the_exact_change_in_potential():
    """The O(1) per-move scores (per-square tables plus shared-window
    corrections) agree with judging the whole board before and after."""
    from games.marbles.ai import _scored_moves
    from games.marbles.evaluation import Judge
    from games.marbles.windows import window_shapes

    for version in (5, 4):
        judge = Judge(version)

        def potential(board, judge=judge, version=version):
            return sum(judge.potential[need] for need, _, _ in window_shapes(board, version))

        for state in _positions(12, version):
            base = potential(state.board)
            for quick, (src, dst), _ in _scored_moves(list(state.board), judge):
                after = list(state.board)
                after[dst], after[src] = after[src], 0
                assert quick == potential(after) - base


def test_a_window_needs_a_move_per_missing_marble_and_two_per_intruder():
    from games.marbles.windows import ANY_COLOUR, window_shapes

    def shape(row: str):
        board = ["RGBYPCO.".index(ch) + 1 if ch != "." else 0 for ch in row.ljust(81, ".")]
        return window_shapes(board, 5)[0]  # the first window: the top row's first five squares

    assert shape("RRRR.") == (1, 1 << 1, 4)
    assert shape("RR.R.") == (2, 1 << 1, 3)
    assert shape("RRRRB") == (2, 1 << 1, 5)  # take B out, bring R in
    assert shape("RB...") == (5, 1 << 1 | 1 << 3, 2)
    assert shape(".....") == (5, ANY_COLOUR, 0)
