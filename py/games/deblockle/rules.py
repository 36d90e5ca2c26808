"""A turn: tip a block into a neighbouring space, then hop it as its new top says.

This module is the single authority on which turns are legal; the State checks
moves against it and the computer players search with it.
"""

from typing import NamedTuple

from .board import DIRECTIONS, NEIGHBOUR, ORTHOGONALS, STARS, TARGET_STAR, parse_square, square_name
from .cube import HOOPS, STAR, STOP, TIP, TOP
from .hops import hoops_walks, hop_ends
from .position import Position

# NEIGHBOUR_MASK[square]: the bitmask of the squares sharing a side with it.
NEIGHBOUR_MASK = tuple(sum(1 << n for n in ORTHOGONALS[sq]) for sq in range(49))


class Move(NamedTuple):
    """Tip the block on `square` towards `direction` (0..3 = N, E, S, W), then hop
    along `path`: the squares stepped to after the tip (none for Stop or a removal,
    the end square for Cross, X and Slider, three squares for Hoops)."""

    square: int
    direction: int
    path: tuple[int, ...] = ()

    @property
    def tip_square(self) -> int:
        return NEIGHBOUR[self.square][self.direction]

    @property
    def end(self) -> int:
        """Where the block finishes the turn (a star space for a removal)."""
        return self.path[-1] if self.path else self.tip_square

    @property
    def removes(self) -> bool:
        return self.tip_square in STARS

    def outcome(self) -> tuple[int, int, int]:
        """What the turn changes; Hoops paths to the same end are the same outcome."""
        return (self.square, self.direction, self.end)

    def __str__(self) -> str:
        """Notation: block square, tip direction, then '-' and each hop square;
        '*' marks a removal. E.g. c3N, c3N-d4, c3N-c5-d5-d4, d5N*."""
        text = square_name(self.square) + DIRECTIONS[self.direction]
        text += "".join("-" + square_name(sq) for sq in self.path)
        return text + "*" if self.removes else text

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written in notation, or ValueError (case and spaces do not matter)."""
        text = text.strip().replace(" ", "")
        if text.endswith("*"):
            text = text[:-1]
        parts = text.split("-")
        head = parts[0]
        square = parse_square(head[:2].lower())
        direction = DIRECTIONS.find(head[2:].upper()) if len(head) == 3 else -1
        path = tuple(parse_square(p.lower()) for p in parts[1:])
        if square < 0 or direction < 0 or -1 in path or NEIGHBOUR[square][direction] < 0:
            raise ValueError(f"not a Deblockle move: {text!r}")
        return cls(square, direction, path)


def block_outcomes(
    position: Position, square: int, no_side_by_side: bool
) -> list[tuple[int, int, int]]:
    """The distinct legal turns of the block on `square` (its owner to play), as
    (direction, orientation after the tip, end square); the end is -1 for a removal.

    This decides legality; Moves and their paths are built from it."""
    code = position.cells[square]
    player, orientation = code // 24, code % 24
    occupied = position.occupied & ~(1 << square)
    opponents = 0
    if no_side_by_side:
        for sq in position.squares[1 - player]:
            opponents |= 1 << sq
    outcomes = []
    for direction in range(4):
        tip_square = NEIGHBOUR[square][direction]
        if tip_square < 0 or occupied >> tip_square & 1:
            continue
        tipped = TIP[orientation][direction]
        if tip_square in STARS:
            if TOP[tipped] == STAR and tip_square == TARGET_STAR[player]:
                outcomes.append((direction, tipped, -1))
            continue
        for end in hop_ends(TOP[tipped], tip_square, occupied):
            if not (opponents and NEIGHBOUR_MASK[end] & opponents):
                outcomes.append((direction, tipped, end))
    return outcomes


def block_turns(
    position: Position, square: int, no_side_by_side: bool, all_paths: bool = False
) -> list[Move]:
    """Every legal turn of the block on `square` as Moves.

    A Hoops turn is one Move per end square (its first open walk) unless
    all_paths, which gives one Move per open walk."""
    turns: list[Move] = []
    occupied = position.occupied & ~(1 << square)
    for direction, tipped, end in block_outcomes(position, square, no_side_by_side):
        top = TOP[tipped]
        if end < 0 or top == STOP:
            turns.append(Move(square, direction))
        elif top == HOOPS:
            walks = hoops_walks(NEIGHBOUR[square][direction], end, occupied)
            turns.extend(
                Move(square, direction, walk) for walk in (walks if all_paths else walks[:1])
            )
        else:
            turns.append(Move(square, direction, (end,)))
    return turns


def legal_turns(
    position: Position, player: int, no_side_by_side: bool, all_paths: bool = False
) -> list[Move]:
    turns: list[Move] = []
    for square in position.squares[player]:
        turns.extend(block_turns(position, square, no_side_by_side, all_paths))
    return turns


def has_turn(position: Position, player: int, no_side_by_side: bool) -> bool:
    return any(block_turns(position, sq, no_side_by_side) for sq in position.squares[player])


def player_to_move(position: Position, due: int, no_side_by_side: bool) -> int | None:
    """Who moves when it is `due`'s turn: `due`, or the other player when `due`
    is Deblockle'd (8.2), or None when neither can (8.4)."""
    if has_turn(position, due, no_side_by_side):
        return due
    if has_turn(position, 1 - due, no_side_by_side):
        return 1 - due
    return None


def play(position: Position, move: Move) -> Position:
    """The position after a legal move (not checked here)."""
    square = move.square
    tipped = TIP[position.cells[square] % 24][move.direction]
    return play_outcome(position, square, tipped, -1 if move.removes else move.end)


def unplay(position: Position, move: Move) -> Position:
    """The position before `move`, a turn that did not take its block off, was
    played to reach `position`; ValueError if no block could have made it. The
    tip is rolled back the other way (the hop never turned the block). Whether
    the move was legal there is for the caller to check."""
    end = move.end
    if move.removes or position.cells[end] < 0:
        raise ValueError(f"no block finished {move} on its square")
    player, tipped = divmod(position.cells[end], 24)
    cells = list(position.cells)
    cells[end] = -1
    if cells[move.square] >= 0:
        raise ValueError(f"the square {move} started from is taken")
    cells[move.square] = player * 24 + TIP[tipped][(move.direction + 2) % 4]
    return Position(cells, position.removed)


def play_outcome(position: Position, square: int, tipped: int, end: int) -> Position:
    """The position after the block on `square` tips to orientation `tipped` and
    ends on `end` (-1: removed at the star), as block_outcomes lists them."""
    player = position.cells[square] // 24
    cells = list(position.cells)
    cells[square] = -1
    occupied = position.occupied & ~(1 << square)
    mine = [sq for sq in position.squares[player] if sq != square]
    removed = position.removed
    if end < 0:
        removed = (removed[0] + 1, removed[1]) if player == 0 else (removed[0], removed[1] + 1)
    else:
        cells[end] = player * 24 + tipped
        occupied |= 1 << end
        mine.append(end)
    squares = (
        (tuple(mine), position.squares[1]) if player == 0 else (position.squares[0], tuple(mine))
    )
    return Position.from_parts(tuple(cells), occupied, squares, removed)
