"""Set-up: each side's blocks are rolled like dice and placed by the opponent.

The roll fixes the top face; the placing player picks the start square and the
turn of the cube around its vertical axis (which side face looks north).
"""

from collections.abc import Iterable
from typing import NamedTuple

from games.common.rng import SeededRng

from .board import START_SQUARES, TARGET_STAR, parse_square, square_name
from .cube import FACE_NAMES, ORIENTATION_OF, faces, opposite


class Placement(NamedTuple):
    """Put one of the rolled blocks showing `top` on `square`, `north` facing north."""

    square: int
    top: int
    north: int

    @property
    def orientation(self) -> int:
        return ORIENTATION_OF[(self.top, self.north)]

    def __str__(self) -> str:
        """Notation: square:top:north, e.g. c3:star:cross."""
        return f"{square_name(self.square)}:{FACE_NAMES[self.top]}:{FACE_NAMES[self.north]}"

    @classmethod
    def parse(cls, text: str) -> "Placement":
        parts = text.strip().lower().split(":")
        if len(parts) == 3 and parts[1] in FACE_NAMES and parts[2] in FACE_NAMES:
            square = parse_square(parts[0])
            if square >= 0:
                return cls(square, FACE_NAMES.index(parts[1]), FACE_NAMES.index(parts[2]))
        raise ValueError(f"not a Deblockle placement: {text!r}")


def side_faces_of(top: int) -> tuple[int, ...]:
    """The four faces that can look north when `top` is up."""
    return tuple(f for f in range(6) if f not in (top, opposite(top)))


def north_choices(top: str) -> tuple[str, ...]:
    """By name, for the view: the faces that may look north when `top` is up."""
    return tuple(FACE_NAMES[f] for f in side_faces_of(FACE_NAMES.index(top)))


def placed_faces(top: str, north: str) -> dict[str, str]:
    """By name, for drawing: every face of a block placed with `top` up, `north` north."""
    return faces(ORIENTATION_OF[(FACE_NAMES.index(top), FACE_NAMES.index(north))])


def roll(rng: SeededRng, count: int) -> list[int]:
    """Top faces of `count` blocks rolled like dice (sorted: blocks are alike)."""
    return sorted(rng.randrange(6) for _ in range(count))


def default_start_squares(count: int) -> tuple[tuple[int, ...], ...]:
    """The rule file's default start squares for each side with `count` blocks."""
    return tuple(START_SQUARES[player][:count] for player in (0, 1))


def own_start_squares(player: int) -> tuple[str, ...]:
    """By name, in the rule file's order (10.2): the four squares `player` may start on."""
    return tuple(square_name(sq) for sq in START_SQUARES[player])


def chosen_start_squares(player: int, count: int, wanted: object) -> list[str]:
    """The start squares for `player`'s `count` blocks, by name (rule 10.2): the
    wanted ones that are that player's (distinct, first come first), filled up in
    the rule order. Anything else in `wanted` is left out."""
    own = own_start_squares(player)
    chosen: list[str] = []
    for name in wanted if isinstance(wanted, (list, tuple)) else ():
        if name in own and name not in chosen and len(chosen) < count:
            chosen.append(name)
    chosen += [name for name in own if name not in chosen][: count - len(chosen)]
    return chosen


def with_start_square(player: int, count: int, chosen: object, name: str) -> list[str]:
    """A player picks start square `name` (rule 10.2): it is used, and when that
    makes one too many, the square chosen longest ago is given up. Picking one
    already used changes nothing: there must always be `count` of them."""
    chosen = chosen_start_squares(player, count, chosen)
    if name not in own_start_squares(player) or name in chosen:
        return chosen
    return chosen_start_squares(player, count, (chosen + [name])[-count:])


def computer_start_squares(player: int, count: int) -> list[str]:
    """The computer's choice (rule 10.2): the start squares nearest the star its
    blocks must reach, in steps along rows and columns; the rule order breaks ties."""
    star = TARGET_STAR[player]

    def steps(square: int) -> int:
        return abs(square % 7 - star % 7) + abs(square // 7 - star // 7)

    nearest = sorted(START_SQUARES[player], key=steps)  # sorted() keeps the rule order of ties
    return [square_name(sq) for sq in nearest[:count]]


def open_placements(tops_to_place: Iterable[int], free_squares: Iterable[int]) -> list[Placement]:
    """Every placement of a still-unplaced roll on a free start square."""
    return [
        Placement(square, top, north)
        for top in sorted(set(tops_to_place))
        for square in free_squares
        for north in side_faces_of(top)
    ]


def random_placements(
    rng: SeededRng, tops: Iterable[int], squares: Iterable[int]
) -> list[Placement]:
    """Quick set-up: the rolled blocks on the given squares in random turns."""
    squares = list(squares)
    rng.shuffle(squares)
    return [Placement(sq, top, rng.choice(side_faces_of(top))) for sq, top in zip(squares, tops)]
