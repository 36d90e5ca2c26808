"""Where the blocks stand: an immutable snapshot the rules and the search share."""

from collections.abc import Iterable

from .board import BLUE, GOLD


class Position:
    """cells[square] is -1 when empty, else player * 24 + orientation.

    `occupied` is the bitmask of taken squares; `squares[player]` lists where the
    player's blocks stand; `removed[player]` counts the blocks taken off.
    """

    __slots__ = ("cells", "occupied", "removed", "squares")

    def __init__(self, cells: Iterable[int], removed: Iterable[int] = (0, 0)):
        self.cells = tuple(cells)
        self.removed: tuple[int, ...] = tuple(removed)
        occupied = 0
        squares: tuple[list[int], list[int]] = ([], [])
        for square, code in enumerate(self.cells):
            if code >= 0:
                occupied |= 1 << square
                squares[code // 24].append(square)
        self.occupied = occupied
        self.squares = (tuple(squares[GOLD]), tuple(squares[BLUE]))

    @classmethod
    def from_parts(
        cls,
        cells: tuple[int, ...],
        occupied: int,
        squares: tuple[tuple[int, ...], tuple[int, ...]],
        removed: tuple[int, ...],
    ) -> "Position":
        """Build without rescanning; the caller vouches the parts agree."""
        position = cls.__new__(cls)
        position.cells = cells
        position.occupied = occupied
        position.squares = squares
        position.removed = removed
        return position

    @classmethod
    def empty(cls) -> "Position":
        return cls([-1] * 49)

    def owner(self, square: int) -> int:
        code = self.cells[square]
        return -1 if code < 0 else code // 24

    def orientation(self, square: int) -> int:
        return self.cells[square] % 24

    def with_block(self, square: int, player: int, orientation: int) -> "Position":
        cells = list(self.cells)
        cells[square] = player * 24 + orientation
        return Position(cells, self.removed)

    def key(self) -> tuple[int, ...]:
        return self.cells + self.removed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())
