"""One test (at least) per rule of docs/rules/marbles.md.

Each test's docstring gives the number of the rule it checks and quotes it.
"""

import itertools

import pytest
from games.common.errors import IllegalMove
from games.marbles import COLOUR_NAMES, SIZE, SQUARES, line_points, new_game, square
from games.marbles.board import DIRECTIONS
from games.marbles.sequence import intended_square, landing_square, marble_colour
from marbles_fixtures import EMPTY_ROW, events_of, filled_rows, marble_count, position


# ---- The board -----------------------------------------------------------------
def test_board_has_81_squares_in_9_rows_of_9_and_7_colours():
    """Rules 2.1 and 2.2: 81 squares, 9 rows of 9. Marbles come in 7 colours."""
    assert (SIZE, SQUARES) == (9, 81)
    assert len(COLOUR_NAMES) == 7
    seen = set()
    for seed in range(40):
        state = new_game({"version": 5}, seed)
        assert len(state.board) == 81
        seen |= {c for c in state.board if c} | set(state.next)
    assert seen == set(range(1, 8))


def test_next_bar_shows_the_3_marbles_that_arrive_after_the_move():
    """Rule 2.5: the Next bar shows the 3 marbles that will arrive after your move."""
    state = new_game({"version": 5}, 11)
    coming = list(state.next)
    assert len(coming) == 3
    src = next(sq for sq in range(81) if state.board[sq])
    events = state.apply((src, state.reachable(src)[0]))
    spawn = events_of(events, "spawn")[0]
    assert [m["colour"] for m in spawn["marbles"]] == coming


def test_a_game_starts_with_5_marbles():
    """Rule 2.4: A game starts with 5 marbles on the board."""
    for seed in range(200):
        for version in (5, 4):
            state = new_game({"version": version}, seed)
            assert marble_count(state) == 5
            assert (state.score, state.moves, state.lines) == (0, 0, 0)


# ---- Moving a marble ---------------------------------------------------------------
def test_a_marble_travels_to_a_free_square():
    """Rule 3.5: tap a marble, then tap a free square and the marble travels there."""
    state = position(["R........"], next_colours="GBY")
    events = state.apply((square(0, 0), square(4, 4)))
    move = events[0]
    assert move["type"] == "move" and move["from"] == 0 and move["to"] == 40 and move["colour"] == 1
    assert state.board[40] == 1 and state.board[0] == 0


def test_path_goes_only_up_down_left_right_over_free_squares():
    """Rule 3.2: A marble travels only over free squares, up, down, left or right:
    never diagonally and never through other marbles."""
    state = position(
        [
            "R.G......",
            ".BG......",
            "..G......",
            "GGG......",
        ]
    )
    route = state.path(square(0, 0), square(2, 1))
    assert route == [square(0, 0), square(1, 0), square(2, 0), square(2, 1)]
    for a, b in itertools.pairwise(route):
        (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
        assert abs(ra - rb) + abs(ca - cb) == 1, "one orthogonal step at a time"
    assert all(state.board[sq] == 0 for sq in route[1:])
    # The wall of G marbles shuts the corner in: beyond it, nothing is reachable.
    assert state.path(square(0, 0), square(5, 5)) is None
    assert set(state.reachable(square(0, 0))) == {
        square(0, 1),
        square(1, 0),
        square(2, 0),
        square(2, 1),
    }


def test_a_diagonal_gap_does_not_let_a_marble_through():
    """Rule 3.2: never diagonally."""
    state = position(["RG.......", "G........"])
    assert state.reachable(0) == []
    with pytest.raises(IllegalMove) as refused:
        state.apply((0, square(1, 1)))
    assert refused.value.key == "marbles.err.unreachable"


def test_an_unreachable_square_is_refused_and_nothing_changes():
    """Rule 3.6: A square it cannot reach flashes red (the move is refused; nothing changes)."""
    state = position(["R.G......", "..G......", "GGG......"])
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.apply((0, square(8, 8)))
    assert refused.value.key == "marbles.err.unreachable"
    assert state.to_json() == before


@pytest.mark.parametrize(
    "move, key",
    [
        ((1, 40), "marbles.err.no_marble"),
        ((0, 2), "marbles.err.occupied"),
        ((0, 0), "marbles.err.occupied"),
        ((0, 81), "marbles.err.off_board"),
        ((-1, 5), "marbles.err.off_board"),
        ("0-40", "marbles.err.bad_move"),
        ((0, 40, 1), "marbles.err.bad_move"),
        ((True, 40), "marbles.err.off_board"),
    ],
)
def test_bad_moves_are_refused_with_a_reason_and_nothing_changes(move, key):
    """Rule 3.7: the move is refused; nothing changes (a reason for every kind of bad move)."""
    state = position(["R.G......"])
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.apply(move)
    assert refused.value.key == key
    assert state.to_json() == before


def test_the_path_animated_is_a_shortest_route():
    """Rule 3.4: [decided] The marble's path is animated along the route taken (a shortest one)."""
    state = position(
        [
            "R........",
            "GGGGYGGG.",
            ".........",
        ],
        next_colours="BBB",
    )
    events = state.apply((0, square(2, 0)))
    route = events[0]["path"]
    assert route[0] == 0 and route[-1] == square(2, 0)
    assert len(route) == 1 + 8 + 2 + 8, "round the wall through its only gap, at the end"


# ---- Lines ----------------------------------------------------------------------------
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_five_in_a_line_across_down_or_diagonally_leave_and_score(direction):
    """Rules 4.1 and 4.2: When 5 or more marbles of one colour stand in a line, across, down,
    or diagonally, they leave the board and you score."""
    dr, dc = direction
    start_col = 4 if dc < 0 else 0
    line = [square(1 + dr * i, start_col + dc * i) for i in range(5)]
    board = ["."] * 81
    for sq in line[:4]:
        board[sq] = "R"
    board[square(8, 8)] = "R"
    board[square(8, 0)] = "G"  # stays, so the board is not emptied
    rows = ["".join(board[r * 9 : r * 9 + 9]) for r in range(9)]
    state = position(rows, next_colours="GBY")
    events = state.apply((square(8, 8), line[4]))
    lines = events_of(events, "line")
    assert [sorted(e["squares"]) for e in lines] == [sorted(line)]
    assert lines[0]["points"] == 10 and lines[0]["by"] == "move"
    assert state.score == 10 and state.lines == 1
    assert all(state.board[sq] == 0 for sq in line)


def test_a_longer_line_leaves_whole():
    """Rule 4.2: 5 or more marbles of one colour in a line leave: a line of 7 scores 42."""
    state = position(["RRR.RRR..", EMPTY_ROW, "R........"], next_colours="GBY")
    events = state.apply((square(2, 0), 3))
    (line,) = events_of(events, "line")
    assert line["squares"] == list(range(7)) and line["length"] == 7 and line["points"] == 42
    assert marble_count(state) == 0 + 3, "the board emptied, so the Next marbles came in"


def test_four_in_a_line_are_enough_in_the_easier_version():
    """Rule 4.1: In the easier version, 4 in a line are enough."""
    rows = ["RRR......", EMPTY_ROW, "R........"]
    easy = position(rows, next_colours="GBY", version=4)
    events = easy.apply((square(2, 0), 3))
    assert [e["points"] for e in events_of(events, "line")] == [8]
    normal = position(rows, next_colours="GBY", version=5)
    assert events_of(normal.apply((square(2, 0), 3)), "line") == []


def test_two_lines_from_one_move_score_separately_and_share_a_marble():
    """Rule 4.3: Two lines made by one move both count. They are scored separately,
    and a marble that is in both lines counts in both."""
    state = position(
        [
            "....R....",
            "....R....",
            "....R....",
            "....R....",
            "RRRR.....",
            EMPTY_ROW,
            EMPTY_ROW,
            EMPTY_ROW,
            "........R",
        ],
        next_colours="GBY",
    )
    events = state.apply((square(8, 8), square(4, 4)))
    lines = events_of(events, "line")
    assert len(lines) == 2
    assert [e["points"] for e in lines] == [10, 10]
    assert all(square(4, 4) in e["squares"] for e in lines)
    assert state.score == 20 and state.lines == 2
    assert marble_count(state) == 0 + 3, "9 marbles left the board (then it refilled)"


def test_two_lines_in_4_in_a_row_score_8_each():
    """Rule 4.3: Two lines made by one move both count (the easier version too)."""
    state = position(
        [
            "...R.....",
            "...R.....",
            "...R.....",
            "RRR.....G",
            EMPTY_ROW,
            EMPTY_ROW,
            "........R",
        ],
        next_colours="GBY",
        version=4,
    )
    events = state.apply((square(6, 8), square(3, 3)))
    assert [e["points"] for e in events_of(events, "line")] == [8, 8]
    assert state.score == 16


# ---- New marbles ------------------------------------------------------------------------
def test_a_move_without_a_line_adds_the_3_next_marbles_and_the_bar_moves_on():
    """Rule 6.1: A move after which nothing leaves the board adds the 3 marbles of the
    Next bar to the board, and the bar shows the next 3."""
    state = position(["R........", "..G......"], next_colours="YPC", seed=77, drawn=20)
    events = state.apply((0, square(8, 8)))
    (spawn,) = events_of(events, "spawn")
    assert [m["colour"] for m in spawn["marbles"]] == [4, 5, 6]
    assert marble_count(state) == 2 + 3
    assert state.drawn == 23
    assert state.next == [marble_colour(77, 23 + i) for i in range(3)] == spawn["next"]


def test_a_move_that_made_a_line_adds_nothing():
    """Rule 6.2: A move that made a line adds nothing: you play on."""
    state = position(["RRRR.....", "..G......", "R........"], next_colours="YPC")
    events = state.apply((square(2, 0), 4))
    assert events_of(events, "spawn") == []
    assert state.next == [4, 5, 6] and state.drawn == 0
    assert marble_count(state) == 1


def test_a_clearing_move_that_empties_the_board_brings_the_next_marbles():
    """Rule 6.3: [decided] A move that made a line adds nothing, except when the
    board is left empty: with nothing to move, the Next marbles come in."""
    state = position(["RRRR.....", EMPTY_ROW, "R........"], next_colours="YPC")
    events = state.apply((square(2, 0), 4))
    assert [e["type"] for e in events] == ["move", "line", "spawn"]
    assert marble_count(state) == 3 and not state.is_over


def test_new_marbles_that_make_a_line_leave_and_score():
    """Rule 6.4: When the new marbles make a line themselves, it leaves too and scores."""
    seed = 5
    landing = intended_square(seed, 0)
    row, col = divmod(landing, 9)
    cols = [c for c in range(9) if abs(c - col) <= 4][:5]
    if col not in cols:
        cols = cols[-5:]
    board = ["."] * 81
    for c in cols:
        if c != col:
            board[square(row, c)] = "R"
    mover = square((row + 4) % 9, 0) if board[square((row + 4) % 9, 0)] == "." else None
    board[mover] = "G"
    rows = ["".join(board[r * 9 : r * 9 + 9]) for r in range(9)]
    state = position(rows, next_colours="RYY", seed=seed)
    dst = next(sq for sq in state.reachable(mover) if sq != landing and sq // 9 != row)
    events = state.apply((mover, dst))
    spawn_lines = [e for e in events_of(events, "line") if e["by"] == "spawn"]
    assert spawn_lines and landing in spawn_lines[0]["squares"]
    assert state.score == sum(e["points"] for e in spawn_lines) >= 10
    assert state.board[landing] == 0


def test_new_marbles_land_on_the_same_squares_for_everyone_in_the_same_game():
    """Rule 7.1: Where new marbles land is decided by the game, not by chance: anyone
    who plays the same game gets them on the same squares, as long as those
    squares are free."""
    first = position(["R........"], seed=31337)
    second = position(["R........"], seed=31337)
    a = first.apply((0, 80))
    b = second.apply((0, 80))
    assert events_of(a, "spawn") == events_of(b, "spawn")
    landed = [m["square"] for m in events_of(a, "spawn")[0]["marbles"]]
    intended = [intended_square(31337, k) for k in range(3)]
    if len(set(intended)) == 3 and not set(intended) & {0, 80}:
        assert landed == intended


def test_the_seed_fixes_the_colours_and_intended_squares():
    """Rule 7.2: [decided] Each game has a game number (a seed). The seed fixes the
    whole sequence of colours and of intended landing squares."""
    colours = [marble_colour(2026, k) for k in range(300)]
    squares = [intended_square(2026, k) for k in range(300)]
    assert colours == [marble_colour(2026, k) for k in range(300)]
    assert set(colours) == set(range(1, 8)) and len(set(squares)) > 60
    assert colours != [marble_colour(2027, k) for k in range(300)]
    assert new_game({"version": 5}, 2026).to_json() == new_game({"version": 5}, 2026).to_json()


def test_a_taken_intended_square_falls_back_by_seed_and_board_only():
    """Rule 7.3: [decided] When an intended square is taken, the marble lands on the
    next free square in a fixed order that depends only on the seed and the board."""
    seed, k = 99, 7
    target = intended_square(seed, k)
    board = [0] * 81
    assert landing_square(seed, k, board) == target
    board[target] = 3
    fallback = landing_square(seed, k, board)
    assert fallback != target and board[fallback] == 0
    # Same seed and board: same square, whatever the history. Taking the
    # fallback too moves the marble on to yet another square.
    assert landing_square(seed, k, list(board)) == fallback
    board[fallback] = 2
    third = landing_square(seed, k, board)
    assert third not in (target, fallback) and board[third] == 0
    full = [1] * 81
    assert landing_square(seed, k, full) is None


def test_when_fewer_squares_are_free_than_marbles_as_many_as_fit_land():
    """Rule 6.5: When fewer free squares remain than marbles to add, as many as fit land."""
    state = position(filled_rows(free=[square(8, 1), square(8, 8)]), next_colours="YYY")
    events = state.apply((square(8, 0), square(8, 1)))
    (spawn,) = events_of(events, "spawn")
    assert len(spawn["marbles"]) == 2
    assert state.is_over and events[-1] == {"type": "game_over", "score": 0}


# ---- Undo -------------------------------------------------------------------------------
def test_undo_takes_back_exactly_one_move():
    """Rules 8.1 and 8.2: Undo takes back your last move. Only one move can be undone at a time
    (no undo of the undo, no second step back)."""
    state = new_game({"version": 5}, 8)
    start = state.to_json()
    src = next(sq for sq in range(81) if state.board[sq])
    state.apply((src, state.reachable(src)[0]))
    after_first = state.to_json()
    src = next(sq for sq in range(81) if state.board[sq])
    state.apply((src, state.reachable(src)[0]))
    state.undo()
    assert {k: v for k, v in state.to_json().items() if k != "undo"} == {
        k: v for k, v in after_first.items() if k != "undo"
    }
    assert not state.can_undo
    with pytest.raises(IllegalMove) as refused:
        state.undo()
    assert refused.value.key == "marbles.err.no_undo"
    assert start != state.to_json()


def test_nothing_to_undo_at_the_start():
    """Rule 8.2: Undo takes back your last move (there is none at the start)."""
    with pytest.raises(IllegalMove) as refused:
        new_game({"version": 4}, 1).undo()
    assert refused.value.key == "marbles.err.no_undo"


def test_after_undo_the_same_marbles_come_again():
    """Rule 8.3: The upcoming marbles are fixed in advance, so after an undo the same
    ones come again (undo cannot be used to fish for better marbles)."""
    state = new_game({"version": 5}, 4242)
    src = next(sq for sq in range(81) if state.board[sq])
    dst = state.reachable(src)[0]
    first = state.apply((src, dst))
    state.undo()
    second = state.apply((src, dst))
    assert first == second
    # A different move after the undo still brings the same colours.
    state.undo()
    other = state.reachable(src)[-1]
    third = state.apply((src, other))
    assert [m["colour"] for m in events_of(third, "spawn")[0]["marbles"]] == [
        m["colour"] for m in events_of(first, "spawn")[0]["marbles"]
    ]


# ---- Versions ----------------------------------------------------------------------------
def test_the_two_versions_and_no_other():
    """Rule 9.1: choose "Clear: 5 in a row" or the easier "4 in a row"."""
    assert new_game({"version": 5}, 1).min_line == 5
    assert new_game({"version": 4}, 1).min_line == 4
    assert new_game({}, 1).options == {"version": 5}
    for bad in (3, 6, "5", None):
        with pytest.raises(ValueError):
            new_game({"version": bad}, 1)


def test_the_result_names_the_version_for_its_own_best_and_rankings():
    """Rule 9.3: Each version has its own best score and its own Rankings (the result
    says which version it belongs to)."""
    state = position(filled_rows(free=[square(8, 1)]), next_colours="YYY", version=4)
    state.apply((square(8, 0), square(8, 1)))
    assert state.result["version"] == 4


# ---- End of the game ----------------------------------------------------------------------
def test_the_game_ends_when_no_free_square_is_left():
    """Rule 10.1: The game ends when no free square is left on the board."""
    free = [square(8, c) for c in (1, 6, 7, 8)]
    state = position(filled_rows(free=free), next_colours="YGR")
    assert not state.is_over and state.result is None
    state.apply((square(8, 0), square(8, 1)))
    assert marble_count(state) == 80 and not state.is_over, "one square still free"
    assert state.legal_moves()
    last = next(sq for sq in range(81) if state.board[sq] and state.reachable(sq))
    events = state.apply((last, state.reachable(last)[0]))
    if not events_of(events, "line"):
        assert state.is_over and state.legal_moves() == []
        with pytest.raises(IllegalMove) as refused:
            state.apply((0, 1))
        assert refused.value.key == "marbles.err.game_over"


def test_game_over_result_has_points_moves_and_lines_cleared():
    """Rule 10.2: The Game over window shows your points, moves, time, lines cleared
    (time is the browser's clock; the engine gives the rest)."""
    reds = dict.fromkeys((0, 1, 2, 3, square(1, 4)), "R")
    state = position(filled_rows(free=range(4, 9), marbles=reds), next_colours="GYB", score=30)
    state.apply((square(1, 4), 4))
    assert state.score == 40 and state.lines == 1
    while not state.is_over:
        src, dst = state.legal_moves()[0]
        state.apply((src, dst))
    result = state.result
    assert result["score"] == state.score and result["moves"] == state.moves
    assert result["lines"] == state.lines and result["seed"] == 1


def test_restart_plays_the_same_game_again():
    """Rule 10.2: New Game starts a new game; Restart game starts the same game (same seed) again."""
    a = new_game({"version": 5}, 555)
    b = new_game({"version": 5}, 555)
    c = new_game({"version": 5}, 556)
    assert a.to_json() == b.to_json() != c.to_json()


# ---- Scoring --------------------------------------------------------------------------------
def test_scoring_table():
    """Rule 5.2: the scoring table: 10, 24, 42 / 8, 20; and 8 scores 64, 9 scores 90."""
    assert [line_points(n, 5) for n in (5, 6, 7, 8, 9)] == [10, 24, 42, 64, 90]
    assert [line_points(n, 4) for n in (4, 5)] == [8, 20]


def test_a_line_of_n_scores_n_times_n_minus_m_plus_1_times_2():
    """Rule 5.1: A line of length n scores n x (n - m + 1) x 2."""
    for m in (5, 4):
        for n in range(m, 10):
            assert line_points(n, m) == n * (n - m + 1) * 2


def _row_with_gap(length: int) -> str:
    """`length` - 1 red marbles with a gap in the middle: no line until it is filled."""
    row = "R" * length + "." * (9 - length)
    return row[: length // 2] + "." + row[length // 2 + 1 :]


@pytest.mark.parametrize("length, points", [(5, 10), (6, 24), (7, 42), (8, 64), (9, 90)])
def test_the_table_holds_in_play(length, points):
    """Rule 5.2: scoring table in play ("5 in a row")."""
    state = position([_row_with_gap(length), EMPTY_ROW, EMPTY_ROW, "R........"], next_colours="GBY")
    events = state.apply((square(3, 0), length // 2))
    assert [e["points"] for e in events_of(events, "line")] == [points]
    assert state.score == points


@pytest.mark.parametrize("length, points", [(4, 8), (5, 20)])
def test_the_table_holds_in_play_in_4_in_a_row(length, points):
    """Rule 5.2: scoring table in play ("4 in a row")."""
    state = position(
        [_row_with_gap(length), EMPTY_ROW, EMPTY_ROW, "R........"], next_colours="GBY", version=4
    )
    events = state.apply((square(3, 0), length // 2))
    assert [e["points"] for e in events_of(events, "line")] == [points]


def test_each_finished_game_reports_its_own_result():
    """Rule 10.4: Every finished game goes into your statistics and the Rankings with
    its points; a replayed game counts separately (the engine reports each
    finished game's result; the browser layer records it)."""
    results = []
    for _ in range(2):
        state = position(filled_rows(free=[square(8, 1)]), next_colours="YYY")
        state.apply((square(8, 0), square(8, 1)))
        results.append(state.result)
    assert results[0] == results[1] and results[0] is not results[1]
