"""Helpers for Marbles tests: positions from readable rows, event digests."""

from games.marbles import parse_position
from games.marbles.sequence import intended_square

EMPTY_ROW = "........."


def position(rows, next_colours="RGB", seed=1, version=5, drawn=0, score=0):
    """A State from up to 9 rows (missing rows are free), in the notation."""
    rows = list(rows) + [EMPTY_ROW] * (9 - len(rows))
    head = f"marbles version={version} seed={seed} drawn={drawn} score={score} next={next_colours}"
    return parse_position("\n".join([head] + rows))


def filled_rows(free=(), marbles=None) -> list:
    """A full board with no two neighbours alike in any direction (so no line),
    except the `free` squares and the `marbles` {square: letter} overrides."""
    board = ["RGBYPCO"[(sq % 9 + 2 * (sq // 9)) % 7] for sq in range(81)]
    for sq in free:
        board[sq] = "."
    for sq, letter in (marbles or {}).items():
        board[sq] = letter
    return ["".join(board[r * 9 : r * 9 + 9]) for r in range(9)]


def marble_count(state) -> int:
    return sum(1 for c in state.board if c)


def events_of(events, kind: str) -> list:
    return [e for e in events if e["type"] == kind]


def seed_landing_away_from(avoid, drawn=0, count=3):
    """A seed whose next `count` intended squares all avoid the set `avoid`,
    so a fixture's Next marbles cannot disturb the squares under test."""
    for seed in range(1, 10_000):
        squares = {intended_square(seed, drawn + i) for i in range(count)}
        if len(squares) == count and not squares & set(avoid):
            return seed
    raise AssertionError("no such seed")
