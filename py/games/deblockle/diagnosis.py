"""Why a turn is illegal: the rule it breaks, as a translation key.

Only called once rules.block_turns has refused the move, so it explains and
never decides; its last resort is a generic key.
"""

from games.common.errors import IllegalMove

from .board import DIAGONALS, NEIGHBOUR, ORTHOGONALS, RAYS, STARS, TARGET_STAR, square_name
from .cube import CROSS, FACE_NAMES, HOOPS, SLIDER, STAR, STOP, TIP, TOP, X
from .hops import hop_ends
from .position import Position
from .rules import Move, block_turns

HOP_LENGTH = {STOP: 0, CROSS: 1, X: 1, SLIDER: 1, HOOPS: 3}


def why_illegal(position: Position, player: int, move: Move, no_side_by_side: bool) -> IllegalMove:
    square, direction, path = move
    if not (isinstance(square, int) and 0 <= square < 49) or position.owner(square) < 0:
        return IllegalMove("deblockle.no_block", square=_name(square))
    if position.owner(square) != player:
        return IllegalMove("deblockle.not_your_block", square=square_name(square))
    if direction not in (0, 1, 2, 3) or NEIGHBOUR[square][direction] < 0:
        return IllegalMove("deblockle.tip_off_board", square=square_name(square))
    tip_square = NEIGHBOUR[square][direction]
    if position.cells[tip_square] >= 0:
        return IllegalMove("deblockle.tip_into_block", square=square_name(tip_square))
    top = TOP[TIP[position.orientation(square)][direction]]
    symbol = FACE_NAMES[top]
    if tip_square in STARS:
        if top != STAR or tip_square != TARGET_STAR[player]:
            return IllegalMove("deblockle.tip_into_star", square=square_name(tip_square))
        return IllegalMove("deblockle.removal_has_no_hop")
    if top == STAR:
        return IllegalMove("deblockle.star_up_off_star")
    can_hop = any(m.direction == direction for m in block_turns(position, square, no_side_by_side))
    if len(path) != HOP_LENGTH[top]:
        if not can_hop:
            return IllegalMove("deblockle.tip_cannot_hop", symbol=symbol)
        return IllegalMove("deblockle.hop_length", symbol=symbol, steps=HOP_LENGTH[top])
    if not all(isinstance(sq, int) and 0 <= sq < 49 for sq in path):
        return IllegalMove("deblockle.hop_shape", symbol=symbol)
    crossed = _crossed_squares(top, tip_square, path)
    if crossed is None:
        return IllegalMove("deblockle.hop_shape", symbol=symbol)
    occupied = position.occupied & ~(1 << square)
    blocked = [sq for sq in crossed if occupied >> sq & 1]
    if blocked:
        return IllegalMove("deblockle.hop_blocked", square=square_name(blocked[0]))
    end = path[-1] if path else tip_square
    if end in STARS:
        return IllegalMove("deblockle.ends_on_star", square=square_name(end))
    if top == SLIDER and end not in hop_ends(SLIDER, tip_square, occupied):
        return IllegalMove("deblockle.slider_stop", square=square_name(end))
    if no_side_by_side and any(position.owner(n) == 1 - player for n in ORTHOGONALS[end]):
        return IllegalMove("deblockle.side_by_side", square=square_name(end))
    return IllegalMove("deblockle.illegal_turn")


def _crossed_squares(top: int, tip_square: int, path: tuple[int, ...]) -> tuple[int, ...] | None:
    """The squares the hop steps on or slides across, or None if its shape is wrong."""
    if top == STOP:
        return ()
    if top == CROSS:
        return path if path[0] in ORTHOGONALS[tip_square] else None
    if top == X:
        return path if path[0] in DIAGONALS[tip_square] else None
    if top == SLIDER:
        for ray in RAYS[tip_square]:
            if path[0] in ray:
                return ray[: ray.index(path[0]) + 1]
        return None
    at = tip_square
    for step in path:
        if step not in ORTHOGONALS[at]:
            return None
        at = step
    return path


def _name(square: object) -> str:
    return square_name(square) if isinstance(square, int) and 0 <= square < 49 else str(square)
