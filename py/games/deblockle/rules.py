"""A turn: tip a block into a neighbouring space, then hop it as its new top says.

This module is the single authority on which turns are legal; the State checks
moves against it and the computer players search with it.
"""

from typing import NamedTuple

from .board import (
    DIAGONALS, DIRECTIONS, HOOPS_PATHS, NEIGHBOUR, ORTHOGONALS, RAYS, STARS,
    TARGET_STAR, parse_square, square_name,
)
from .cube import CROSS, HOOPS, SLIDER, STAR, STOP, TIP, TOP, X
from .position import Position


class Move(NamedTuple):
    """Tip the block on `square` towards `direction` (0..3 = N, E, S, W), then hop
    along `path`: the squares stepped to after the tip (none for Stop or a removal,
    the end square for Cross, X and Slider, three squares for Hoops)."""

    square: int
    direction: int
    path: tuple = ()

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

    def outcome(self) -> tuple:
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


def slider_runs(tip_square: int, occupied: int) -> list:
    """Slider end squares from tip_square, one list of crossed squares per end.

    The block slides until the next square is off the board or taken; it may stop
    instead just before a star space, and a slide ending on a star ends before it.
    """
    slides = []
    for ray in RAYS[tip_square]:
        run = []
        for square in ray:
            if occupied >> square & 1:
                break
            run.append(square)
        ends = {i - 1 for i in range(1, len(run)) if run[i] in STARS}  # just before a star
        last = len(run) - 1
        if run and run[last] in STARS:
            last -= 1
        if last >= 0:
            ends.add(last)
        slides.extend(tuple(run[: i + 1]) for i in sorted(ends))
    return slides


def hop_paths(top: int, tip_square: int, occupied: int, all_paths: bool) -> list:
    """The hops open to a block just tipped onto tip_square with `top` up, as full
    lists of squares stepped through (ends on star spaces included; the caller
    filters ends). `occupied` must not include the moving block."""
    if top == STOP:
        return [()]
    if top == CROSS or top == X:
        steps = ORTHOGONALS[tip_square] if top == CROSS else DIAGONALS[tip_square]
        return [(sq,) for sq in steps if not occupied >> sq & 1]
    if top == SLIDER:
        return slider_runs(tip_square, occupied)
    if top == HOOPS:
        paths, seen_ends = [], set()
        for mask, path in HOOPS_PATHS[tip_square]:
            if mask & occupied:
                continue
            if all_paths or path[2] not in seen_ends:
                seen_ends.add(path[2])
                paths.append(path)
        return paths
    return []  # Star up away from the opponent's star: no turn


def _touches(square: int, opponent_squares: tuple) -> bool:
    return any(n in opponent_squares for n in ORTHOGONALS[square])


def block_turns(position: Position, square: int, no_side_by_side: bool, all_paths: bool = False) -> list:
    """Every legal turn of the block on `square` (the player is its owner).

    With all_paths, every distinct Hoops path is a turn of its own; otherwise
    one path stands for each Hoops end square. The path of a Slider is listed in
    full by hop_paths but a Move keeps only its end square.
    """
    code = position.cells[square]
    player, orientation = code // 24, code % 24
    opponents = position.squares[1 - player]
    occupied = position.occupied & ~(1 << square)
    turns = []
    for direction in range(4):
        tip_square = NEIGHBOUR[square][direction]
        if tip_square < 0 or occupied >> tip_square & 1:
            continue
        top = TOP[TIP[orientation][direction]]
        if tip_square in STARS:
            if top == STAR and tip_square == TARGET_STAR[player]:
                turns.append(Move(square, direction))
            continue
        for path in hop_paths(top, tip_square, occupied, all_paths):
            end = path[-1] if path else tip_square
            if end in STARS or (no_side_by_side and _touches(end, opponents)):
                continue
            if top == SLIDER:
                path = (end,)
            turns.append(Move(square, direction, path))
    return turns


def legal_turns(position: Position, player: int, no_side_by_side: bool, all_paths: bool = False) -> list:
    turns = []
    for square in position.squares[player]:
        turns.extend(block_turns(position, square, no_side_by_side, all_paths))
    return turns


def has_turn(position: Position, player: int, no_side_by_side: bool) -> bool:
    return any(block_turns(position, sq, no_side_by_side) for sq in position.squares[player])


def play(position: Position, move: Move) -> Position:
    """The position after a legal move (not checked here)."""
    square = move.square
    code = position.cells[square]
    player = code // 24
    cells = list(position.cells)
    cells[square] = -1
    occupied = position.occupied & ~(1 << square)
    mine = [sq for sq in position.squares[player] if sq != square]
    removed = position.removed
    if move.removes:
        removed = (removed[0] + 1, removed[1]) if player == 0 else (removed[0], removed[1] + 1)
    else:
        end = move.end
        cells[end] = player * 24 + TIP[code % 24][move.direction]
        occupied |= 1 << end
        mine.append(end)
    squares = (tuple(mine), position.squares[1]) if player == 0 else (position.squares[0], tuple(mine))
    return Position.from_parts(tuple(cells), occupied, squares, removed)


def slide_path(move: Move) -> tuple:
    """The squares a Slider crosses on its way to the move's end (for animation)."""
    tip_square = move.tip_square
    end = move.end
    for ray in RAYS[tip_square]:
        if end in ray:
            return ray[: ray.index(end) + 1]
    return (end,)
