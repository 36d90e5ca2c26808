"""The block: a cube with Star-Stop, Cross-X and Slider-Hoops on opposite faces.

An orientation is an int 0..23 naming which face is up and which faces north;
the rest follows. Of the cube's two mirror forms we use the one where, seen from
outside the corner they share, Star, Cross and Slider run clockwise: with Star up
and Cross facing north, Slider faces east (and Hoops west, X south, Stop down).
"""

STAR, STOP, CROSS, X, SLIDER, HOOPS = range(6)
FACE_NAMES = ("star", "stop", "cross", "x", "slider", "hoops")

# Each face's outward direction in the reference orientation (Star up, Cross
# north, Slider east), as (east, north, up). Opposite faces differ in the last
# bit of their number, so opposite(face) == face ^ 1.
_BODY = ((0, 0, 1), (0, 0, -1), (0, 1, 0), (0, -1, 0), (1, 0, 0), (-1, 0, 0))


def opposite(face: int) -> int:
    return face ^ 1


def _cross(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _east_face(top: int, north: int) -> int:
    # A rotation keeps cross products: east = north x up, read on the cube's body.
    return _BODY.index(_cross(_BODY[north], _BODY[top]))


# ORIENTATIONS[o] = (top, north, east); the other three faces are their opposites.
ORIENTATIONS = tuple(
    (top, north, _east_face(top, north))
    for top in range(6)
    for north in range(6)
    if north not in (top, opposite(top))
)
ORIENTATION_OF = {(top, north): o for o, (top, north, _) in enumerate(ORIENTATIONS)}
TOP = tuple(t for t, _, _ in ORIENTATIONS)


def side_faces(o: int) -> tuple[int, int, int, int]:
    """The faces looking (north, east, south, west): index by direction."""
    _, north, east = ORIENTATIONS[o]
    return (north, east, opposite(north), opposite(east))


SIDES = tuple(side_faces(o) for o in range(24))


def _tipped(o: int, direction: int) -> int:
    """Roll the cube over its bottom edge on the side `direction` (N, E, S, W)."""
    top, north, east = ORIENTATIONS[o]
    if direction == 0:  # north: the south face comes up, the top turns to face north
        return ORIENTATION_OF[(opposite(north), top)]
    if direction == 2:  # south: the north face comes up, the bottom turns to face north
        return ORIENTATION_OF[(north, opposite(top))]
    if direction == 1:  # east: the west face comes up; north is unchanged
        return ORIENTATION_OF[(opposite(east), north)]
    return ORIENTATION_OF[(east, north)]  # west: the east face comes up


# TIP[o][direction]: the orientation after tipping that way.
TIP = tuple(tuple(_tipped(o, d) for d in range(4)) for o in range(24))


def faces(o: int) -> dict[str, str]:
    """Every face's symbol by where it looks, for drawing the whole cube."""
    top, north, east = ORIENTATIONS[o]
    return {
        "top": FACE_NAMES[top],
        "bottom": FACE_NAMES[opposite(top)],
        "north": FACE_NAMES[north],
        "south": FACE_NAMES[opposite(north)],
        "east": FACE_NAMES[east],
        "west": FACE_NAMES[opposite(east)],
    }
