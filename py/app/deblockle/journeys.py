"""Deblockle's blocks on their way, as journeys the game view draws (app.frame.motion), with
no browser: a tip rolls the block as a cube (CSS 3D) over its bottom edge onto the next
square (and, for a removal at the star, away), a hop carries it square by square.
"""

from collections.abc import Mapping

from games.deblockle.board import SIZE

from ..frame.frontend import Journey
from .parts import block_html, sym, xy

TIP_MS = 340
STEP_MS = 130
REMOVE_MS = 250
BOARD = "#db-board"


def place(square: str) -> str:
    col, row = xy(square)
    return f"translate({col * 100}%, {(SIZE - 1 - row) * 100}%)"


def leaving(square: str) -> str:
    """The block on `square` (not a preview): it is hidden while it travels."""
    return f"#db-c-{square} .db-block:not(.db-ghost)"


# A tip rolls the block as a cube over its bottom edge on the side it tips to: the
# rotation about that edge (CSS: y down, z towards the viewer) that brings the face
# on the far side up, as rule 5.4 says.
ROLL = {  # direction: (the edge rolled over, as a transform-origin; the axis; degrees)
    "N": ("50% 0%", "X", 90),
    "S": ("50% 100%", "X", -90),
    "E": ("100% 50%", "Y", 90),
    "W": ("0% 50%", "Y", -90),
}
# Where each face of the cube sits, from its bottom face's centre (s: the cube's side).
FACE_PLACES = {
    "top": "translateZ(var(--s))",
    "bottom": "rotateY(180deg)",
    "north": "translateY(calc(var(--s) / -2)) translateZ(calc(var(--s) / 2)) rotateX(90deg)",
    "south": "translateY(calc(var(--s) / 2)) translateZ(calc(var(--s) / 2)) rotateX(-90deg)",
    "east": "translateX(calc(var(--s) / 2)) translateZ(calc(var(--s) / 2)) rotateY(90deg)",
    "west": "translateX(calc(var(--s) / -2)) translateZ(calc(var(--s) / 2)) rotateY(-90deg)",
}


def direction_of(source: str, target: str) -> str:
    (col, row), (tcol, trow) = xy(source), xy(target)
    if col == tcol:
        return "N" if trow > row else "S"
    return "E" if tcol > col else "W"


def cube(player: int, faces: Mapping[str, str], direction: str) -> str:
    """The block as a cube of six faces, to roll towards `direction`."""
    origin = ROLL[direction][0]
    return (
        f'<span class="db-roller" style="transform-origin: {origin}">'
        + "".join(
            f'<span class="db-face3d db-p{player}" data-face="{name}" style="transform: {where}">'
            f"{sym(faces[name])}</span>"
            for name, where in FACE_PLACES.items()
        )
        + "</span>"
    )


def tip(
    player: int,
    source: str,
    target: str,
    old_faces: Mapping[str, str],
    new_faces: Mapping[str, str],
    removes: bool,
    then: Journey | None = None,
) -> Journey:
    """Roll the block from `source` over onto `target` (and away, for a removal); `then`,
    the journey after it (the hop)."""
    direction = direction_of(source, target)
    _, axis, degrees = ROLL[direction]
    away = None
    if removes:
        away = Journey(
            board=BOARD,
            piece_class="db-traveller",
            leaves="",
            frames=[
                {"transform": f"{place(target)} scale(1)", "opacity": 1},
                {"transform": f"{place(target)} scale(0.1)", "opacity": 0},
            ],
            step_ms=REMOVE_MS,
            content=block_html(player, new_faces),
            style={"transform": place(target)},
        )
    return Journey(
        board=BOARD,
        piece_class="db-traveller db-rolling",
        leaves=leaving(source),
        frames=[
            {"transform": f"rotate{axis}(0deg)", "easing": "ease-in"},
            {"transform": f"rotate{axis}({degrees}deg)"},
        ],
        step_ms=TIP_MS,
        content=cube(player, old_faces, direction),
        style={"transform": place(source)},
        data={"roll": direction},
        moves=".db-roller",
        clears=".db-preview",
        then=away or then,
    )


def hop(player: int, path: list[str], faces: Mapping[str, str]) -> Journey | None:
    """Carry the block along `path`, one square after another (None: it stays)."""
    if len(path) < 2:
        return None
    return Journey(
        board=BOARD,
        piece_class="db-traveller",
        leaves=leaving(path[0]),
        frames=[{"transform": place(square)} for square in path],
        step_ms=STEP_MS,
        content=block_html(player, faces),
        style={"transform": place(path[0])},
        clears=".db-paths, .db-dot",
    )
