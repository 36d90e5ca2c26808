"""New-game options, checked and filled with defaults into one plain dict.

blocks           1..4, or [gold, blue] for a handicap        (default 4)
start_squares    [[gold squares], [blue squares]] by name, one per block,
                 each from that side's four start squares   (default: rule order)
no_side_by_side  the variant                                 (default False)
first            0 (gold) or 1 (blue): who takes the first turn (default 0)
quick_setup      deal at random instead of the set-up ceremony (default False)
"""

from games.common.protocol import Json

from .board import PLAYER_NAMES, START_SQUARES, parse_square, square_name


def normalise_options(options: object) -> Json:
    """The options with defaults filled in; ValueError names the first bad one."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    options = dict(options)
    unknown = set(options) - {"blocks", "start_squares", "no_side_by_side", "first", "quick_setup"}
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    blocks = options.get("blocks", 4)
    if isinstance(blocks, int) and not isinstance(blocks, bool):
        blocks = [blocks, blocks]
    if not (
        isinstance(blocks, (list, tuple))
        and len(blocks) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4 for n in blocks)
    ):
        raise ValueError("blocks must be 1..4, or a pair of them")
    squares = options.get("start_squares")
    if squares is None:
        squares = [[square_name(sq) for sq in START_SQUARES[p][: blocks[p]]] for p in (0, 1)]
    if not (isinstance(squares, (list, tuple)) and len(squares) == 2):
        raise ValueError("start_squares must be a pair of lists")
    for player, names in enumerate(squares):
        allowed = {square_name(sq) for sq in START_SQUARES[player]}
        if (
            not isinstance(names, (list, tuple))
            or not all(isinstance(n, str) for n in names)
            or len(names) != blocks[player]
            or len(set(names)) != len(names)
            or not set(names) <= allowed
        ):
            raise ValueError(
                f"{PLAYER_NAMES[player]} needs {blocks[player]} distinct start squares from {sorted(allowed)}"
            )
    first = options.get("first", 0)
    if first in PLAYER_NAMES:
        first = PLAYER_NAMES.index(first)
    if first not in (0, 1) or isinstance(first, bool):
        raise ValueError("first must be 0 (gold) or 1 (blue)")
    flags = {name: options.get(name, False) for name in ("no_side_by_side", "quick_setup")}
    if not all(isinstance(v, bool) for v in flags.values()):
        raise ValueError("no_side_by_side and quick_setup must be true or false")
    return {
        "blocks": list(blocks),
        "start_squares": [list(names) for names in squares],
        "first": first,
        **flags,
    }


def start_squares(options: Json) -> tuple[tuple[int, ...], ...]:
    """The normalised options' start squares as ints, per player."""
    return tuple(tuple(parse_square(n) for n in names) for names in options["start_squares"])
