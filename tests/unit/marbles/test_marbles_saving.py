"""JSON save/resume and the text notation."""

import json

import pytest
from games.common.errors import BadState
from games.marbles import State, format_position, new_game, parse_position, square
from marbles_fixtures import filled_rows, position

FIXTURE = """\
# A position in the notation: header, then 9 rows.
marbles version=4 seed=20261129 drawn=41 score=36 moves=17 lines=4 next=RGO
R . . . . . . . .
. . G G . . . . .
.........
...Y.....
....P....
.....C...
......B..
.......O.
........R
"""


def test_notation_reads_every_field():
    state = parse_position(FIXTURE)
    assert (state.min_line, state.seed, state.drawn, state.score, state.moves, state.lines) == (
        4,
        20261129,
        41,
        36,
        17,
        4,
    )
    assert state.next == [1, 2, 7]
    assert state.board[0] == 1 and state.board[square(1, 2)] == 2 and state.board[80] == 1
    assert sum(1 for c in state.board if c) == 9
    assert not state.can_undo


def test_notation_round_trip():
    state = parse_position(FIXTURE)
    text = format_position(state)
    assert (
        text.splitlines()[0]
        == "marbles version=4 seed=20261129 drawn=41 score=36 moves=17 lines=4 next=RGO"
    )
    assert text.splitlines()[2] == "..GG....."
    assert format_position(parse_position(text)) == text


def test_notation_of_a_game_in_progress_continues_the_same_way():
    game = new_game({"version": 5}, 64)
    for _ in range(6):
        src = next(sq for sq in range(81) if game.board[sq] and game.reachable(sq))
        game.apply((src, game.reachable(src)[-1]))
    copy = parse_position(format_position(game))
    src = next(sq for sq in range(81) if game.board[sq] and game.reachable(sq))
    move = (src, game.reachable(src)[0])
    assert copy.apply(move) == game.apply(move)


def test_notation_defaults():
    state = parse_position("marbles seed=3 next=RRR\n" + "R........\n" * 1 + ".........\n" * 8)
    assert (state.min_line, state.drawn, state.score, state.moves, state.lines) == (5, 0, 0, 0, 0)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "lines seed=1 next=RGB\n" + ".........\n" * 9,
        "marbles seed=1 next=RGB\n" + ".........\n" * 8,  # a row missing
        "marbles seed=1 next=RGB\n" + "R........\n" + ".........\n" * 7 + "........X\n",
        "marbles seed=1 next=RGB\n" + "R.........\n" + ".........\n" * 8,  # 10 columns
        "marbles seed=1 next=RG\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 next=RGX\n" + "R........\n" + ".........\n" * 8,
        "marbles next=RGB\n" + "R........\n" + ".........\n" * 8,  # no seed
        "marbles seed=-1 next=RGB\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 version=6 next=RGB\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 score=ten next=RGB\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 colour=red next=RGB\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 seed=2 next=RGB\n" + "R........\n" + ".........\n" * 8,
        "marbles seed=1 next=RGB\n" + "RRRRR....\n" + ".........\n" * 8,  # a line left standing
        "marbles seed=1 next=RGB version=4\n" + "RRRR.....\n" + ".........\n" * 8,
        "marbles seed=1 next=RGB\n" + ".........\n" * 9,  # nothing to move
        None,
    ],
)
def test_bad_notation_is_refused(text):
    with pytest.raises(BadState):
        parse_position(text)


def test_json_holds_everything_to_resume():
    state = new_game({"version": 4}, 12345)
    src = next(sq for sq in range(81) if state.board[sq])
    state.apply((src, state.reachable(src)[0]))
    data = state.to_json()
    assert data["version"] == 1 and data["game"] == "marbles" and data["line"] == 4
    assert set(data) == {
        "version",
        "game",
        "line",
        "seed",
        "board",
        "next",
        "drawn",
        "score",
        "moves",
        "lines",
        "undo",
    }
    assert data["moves"] == 1 and data["undo"]["moves"] == 0
    json.dumps(data)  # plain JSON
    resumed = State.from_json(json.loads(json.dumps(data)))
    assert resumed.to_json() == data
    resumed.undo()
    state.undo()
    assert resumed.to_json() == state.to_json()


def _saved():
    state = new_game({"version": 5}, 9)
    src = next(sq for sq in range(81) if state.board[sq])
    state.apply((src, state.reachable(src)[0]))
    return state.to_json()


def _corrupt(change):
    data = _saved()
    change(data)
    return data


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "marbles",
        _corrupt(lambda d: d.update(version=2)),
        _corrupt(lambda d: d.update(game="wordle")),
        _corrupt(lambda d: d.update(line=3)),
        _corrupt(lambda d: d.update(line=True)),
        _corrupt(lambda d: d.update(seed=-5)),
        _corrupt(lambda d: d.update(seed="9")),
        _corrupt(lambda d: d.update(seed=1 << 64)),
        _corrupt(lambda d: d.update(board=d["board"][:-1])),
        _corrupt(lambda d: d.update(board="Z" + d["board"][1:])),
        _corrupt(lambda d: d.update(board="RRRRR" + d["board"][5:])),
        _corrupt(lambda d: d.update(board="." * 81)),
        _corrupt(lambda d: d.update(next="RG")),
        _corrupt(lambda d: d.update(next=[1, 2, 3])),
        _corrupt(lambda d: d.update(next="R.G")),
        _corrupt(lambda d: d.update(score=-1)),
        _corrupt(lambda d: d.update(score=1.5)),
        _corrupt(lambda d: d.update(moves=None)),
        _corrupt(lambda d: d.update(lines=False)),
        _corrupt(lambda d: d.update(drawn="8")),
        _corrupt(lambda d: d.pop("undo")),
        _corrupt(lambda d: d.pop("board")),
        _corrupt(lambda d: d.update(undo="yes")),
        _corrupt(lambda d: d["undo"].update(board="x")),
        _corrupt(lambda d: d["undo"].pop("score")),
    ],
)
def test_bad_json_is_refused(data):
    with pytest.raises(BadState):
        State.from_json(data)


def test_a_finished_game_saves_and_resumes_as_finished():
    state = position(filled_rows(free=[square(8, 1)]), next_colours="YYY")
    state.apply((square(8, 0), square(8, 1)))
    resumed = State.from_json(json.loads(json.dumps(state.to_json())))
    assert resumed.is_over and resumed.result == state.result
