"""The 10 x 10 grid: square names, indices and ship placements as bit masks.

A square is an index 0..99 (row * 10 + column); its name is the row letter A-J
followed by the column number 1-10, e.g. "D4". A set of squares is an int whose
bit i stands for square i, so overlap tests are a single `&`.
"""

from collections.abc import Iterable

SIZE = 10
SQUARES = SIZE * SIZE
ROWS = "ABCDEFGHIJ"
ORIENTATIONS = ("h", "v")  # h: along a row (columns grow); v: down a column (rows grow)

SQUARE_NAMES = [f"{ROWS[i // SIZE]}{i % SIZE + 1}" for i in range(SQUARES)]
_INDEX_OF_NAME = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square_index(name: object) -> int | None:
    """The index of a square name such as "D4" (case-insensitive), or None."""
    if not isinstance(name, str):
        return None
    return _INDEX_OF_NAME.get(name.strip().upper())


def square_name(index: int) -> str:
    return SQUARE_NAMES[index]


def ship_squares(bow: int, orientation: str, length: int) -> list[int] | None:
    """The squares of a ship whose bow (top or left end) is at `bow`, or None
    when part of it would hang off the grid."""
    row, col = divmod(bow, SIZE)
    if orientation == "h":
        if col + length > SIZE:
            return None
        return [bow + k for k in range(length)]
    if row + length > SIZE:
        return None
    return [bow + k * SIZE for k in range(length)]


def placed_squares(bow: int, orientation: str, length: int) -> list[int]:
    """The squares of a ship already placed, so known to fit the grid."""
    squares = ship_squares(bow, orientation, length)
    if squares is None:
        raise ValueError(f"a ship of length {length} at {bow} ({orientation}) leaves the grid")
    return squares


def mask_of(squares: Iterable[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def squares_of(mask: int) -> list[int]:
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def _all_placements(length: int) -> list[int]:
    masks = []
    for orientation in ORIENTATIONS:
        for bow in range(SQUARES):
            squares = ship_squares(bow, orientation, length)
            if squares is not None:
                masks.append(mask_of(squares))
    return masks


# Every placement of a ship of each length, as masks (180, 160, 140, 120 of them).
PLACEMENTS = {length: _all_placements(length) for length in range(2, 6)}


def neighbours(square: int) -> list[int]:
    """The squares sharing an edge with `square`."""
    row, col = divmod(square, SIZE)
    result = []
    if row > 0:
        result.append(square - SIZE)
    if row < SIZE - 1:
        result.append(square + SIZE)
    if col > 0:
        result.append(square - 1)
    if col < SIZE - 1:
        result.append(square + 1)
    return result
