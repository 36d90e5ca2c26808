"""Building Deblockle positions for tests from a few readable lines."""

from games.deblockle import State, square_name
from games.deblockle.cube import FACE_NAMES, ORIENTATIONS, TIP, TOP, faces

PLAYER = {"gold": 0, "blue": 1}


def showing_after_tip(symbol: str, direction: str) -> str:
    """A 'top/north' orientation that brings `symbol` up when tipped `direction`."""
    d = "NESW".index(direction)
    for o, (top, north, _) in enumerate(ORIENTATIONS):
        if FACE_NAMES[TOP[TIP[o][d]]] == symbol:
            return f"{FACE_NAMES[top]}/{FACE_NAMES[north]}"
    raise ValueError(symbol)


def cube(**wanted) -> str:
    """A 'top/north' orientation with the faces asked for, e.g. cube(top="x", south="star")."""
    for o in range(24):
        if all(faces(o)[side] == symbol for side, symbol in wanted.items()):
            top, north, _ = ORIENTATIONS[o]
            return f"{FACE_NAMES[top]}/{FACE_NAMES[north]}"
    raise ValueError(f"no cube has {wanted}")


def state_with(
    blocks: dict, to_move: str = "gold", removed=(0, 0), no_side_by_side=False, counts=None
) -> State:
    """A game in play. `blocks` maps a square to 'gold top/north' or 'blue top/north'.

    Each side's block count is its blocks on the board plus those removed, unless
    `counts` says otherwise (it must still add up)."""
    parsed = []
    for square, text in blocks.items():
        player, faces = text.split()
        top, north = faces.split("/")
        parsed.append({"player": PLAYER[player], "square": square, "top": top, "north": north})
    on_board = [sum(b["player"] == p for b in parsed) for p in (0, 1)]
    counts = counts or [on_board[p] + removed[p] for p in (0, 1)]
    data = {
        "version": 1,
        "options": {
            "blocks": counts,
            "start_squares": [
                ["c3", "e3", "c1", "e1"][: counts[0]],
                ["e5", "c5", "e7", "c7"][: counts[1]],
            ],
            "no_side_by_side": no_side_by_side,
            "first": 0,
            "quick_setup": False,
        },
        "phase": "play",
        "current_player": PLAYER[to_move],
        "blocks": parsed,
        "removed": list(removed),
        "to_place": [[], []],
        "result": None,
        "history": [],
    }
    return State.from_json(data)


def notations(state, all_paths=False) -> set:
    return {str(m) for m in state.legal_moves(all_paths)}


def ends_of(state, square: str, direction: str) -> set:
    """Where the block on `square` can end its turn after tipping `direction`."""
    return {
        square_name(m.end)
        for m in state.legal_moves()
        if square_name(m.square) == square and "NESW"[m.direction] == direction
    }
