"""The 7 x 7 board: square numbering, names, neighbours, star spaces, start squares.

A square is an int 0..48: index = row * 7 + column, with a1 = 0, g1 = 6, a7 = 42.
Row 0 is rank 1 (gold's side); north means towards rank 7.
"""

SIZE = 7
SQUARES = range(SIZE * SIZE)
GOLD, BLUE = 0, 1
PLAYER_NAMES = ("gold", "blue")

# Directions in the order N, E, S, W; their letters are the notation's.
DIRECTIONS = "NESW"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (column delta, row delta)
DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def square_at(column: int, row: int) -> int:
    """The square at (column, row), or -1 off the board."""
    if 0 <= column < SIZE and 0 <= row < SIZE:
        return row * SIZE + column
    return -1


def square_name(square: int) -> str:
    return "abcdefg"[square % SIZE] + str(square // SIZE + 1)


def parse_square(text: str) -> int:
    """The square named e.g. 'c3', or -1 if the text names none."""
    if len(text) != 2 or text[0] not in "abcdefg" or text[1] not in "1234567":
        return -1
    return square_at("abcdefg".index(text[0]), int(text[1]) - 1)


def _neighbours(square: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    column, row = square % SIZE, square // SIZE
    return tuple(square_at(column + dc, row + dr) for dc, dr in steps)


# NEIGHBOUR[square][direction]: the orthogonal neighbour, or -1 off the board.
NEIGHBOUR = tuple(_neighbours(sq, STEPS) for sq in SQUARES)
DIAGONALS = tuple(tuple(n for n in _neighbours(sq, DIAGONAL_STEPS) if n >= 0) for sq in SQUARES)
ORTHOGONALS = tuple(tuple(n for n in NEIGHBOUR[sq] if n >= 0) for sq in SQUARES)


def _ray(square: int, direction: int) -> tuple[int, ...]:
    squares: list[int] = []
    while True:
        square = NEIGHBOUR[square][direction]
        if square < 0:
            return tuple(squares)
        squares.append(square)


# RAYS[square][direction]: the squares from the next one up to the edge.
RAYS = tuple(tuple(_ray(sq, d) for d in range(4)) for sq in SQUARES)

HOME_STAR = (parse_square("d2"), parse_square("d6"))  # gold's, blue's
STARS = frozenset(HOME_STAR)
# Each player brings blocks into the opponent's home star.
TARGET_STAR = (HOME_STAR[BLUE], HOME_STAR[GOLD])

# The four start squares diagonal to each home star, in the rule file's default
# order for games with fewer blocks.
START_SQUARES = (
    tuple(parse_square(n) for n in ("c3", "e3", "c1", "e1")),
    tuple(parse_square(n) for n in ("e5", "c5", "e7", "c7")),
)


def _hoops_paths(square: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every 3-step orthogonal walk from square, in N/E/S/W lexicographic order,
    as (bitmask of squares stepped on, path)."""
    walks: list[tuple[tuple[int, ...], int, int]] = [((), 0, square)]
    for _ in range(3):
        walks = [
            (path + (n,), mask | 1 << n, n)
            for path, mask, at in walks
            for n in NEIGHBOUR[at]
            if n >= 0
        ]
    return tuple((mask, path) for path, mask, _ in walks)


HOOPS_PATHS = tuple(_hoops_paths(sq) for sq in SQUARES)
