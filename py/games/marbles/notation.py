"""A text notation for Marbles positions, handy as test fixtures.

    marbles version=5 seed=42 drawn=8 score=10 moves=3 lines=1 next=RGB
    .........
    ..R......
    (9 rows of 9: "." free, R G B Y P C O the 7 colours)

`drawn` is the sequence number of the first Next marble: with the seed it
fixes where the Next marbles land and which colours follow them. The Next
colours are written out, so a fixture may choose them freely. Spaces inside a
row, blank lines and lines starting with "#" are ignored. Optional keys
default to 0 (drawn, score, moves, lines) and 5 (version).
"""

from games.common.errors import BadState, IllegalMove

from .board import SIZE
from .codec import board_text, check_seed, parse_board_text, parse_colours, validate_board
from .state import NEXT_COUNT, VERSIONS, State

_HEADER = "marbles"
_COUNTERS = ("drawn", "score", "moves", "lines")


def format_position(state: State) -> str:
    head = (
        f"{_HEADER} version={state.min_line} seed={state.seed} drawn={state.drawn} "
        f"score={state.score} moves={state.moves} lines={state.lines} next={board_text(state.next)}"
    )
    text = board_text(state.board)
    rows = [text[i : i + SIZE] for i in range(0, len(text), SIZE)]
    return "\n".join([head] + rows) + "\n"


def parse_position(text: str) -> State:
    """A State from the notation (no undo step). Raises BadState on bad text."""
    if not isinstance(text, str):
        raise BadState("notation must be text")
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if len(lines) != 1 + SIZE:
        raise BadState(f"expected a header line and {SIZE} rows")
    fields = _header_fields(lines[0])
    version = _int_field(fields, "version", 5)
    if version not in VERSIONS:
        raise BadState("version must be 5 or 4")
    if "seed" not in fields:
        raise BadState("seed is missing")
    seed = _int_field(fields, "seed", 0)
    check_seed(seed)
    board = parse_board_text("".join(row.replace(" ", "") for row in lines[1:]))
    validate_board(board, version)
    next_colours = parse_colours(fields.get("next"), NEXT_COUNT)
    counters = [_int_field(fields, name, 0) for name in _COUNTERS]
    return State(version, seed, board, next_colours, *counters)


def _header_fields(header: str) -> dict[str, str]:
    words = header.split()
    if not words or words[0] != _HEADER:
        raise BadState(f"the header must start with {_HEADER!r}")
    fields = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in fields:
            raise BadState(f"bad header field {word!r}")
        fields[key] = value
    unknown = set(fields) - {"version", "seed", "next", *_COUNTERS}
    if unknown:
        raise BadState(f"unknown header fields {sorted(unknown)}")
    return fields


def _int_field(fields: dict[str, str], name: str, default: int) -> int:
    if name not in fields:
        return default
    value = fields[name]
    if not value.isdigit() or not value.isascii():
        raise BadState(f"{name} must be a non-negative whole number")
    return int(value)


# ---- moves ---------------------------------------------------------------------

_COLUMNS = "ABCDEFGHI"


def square_name(sq: int) -> str:
    """Columns A-I from the left, rows 1-9 from the top: "C5"."""
    row, col = divmod(sq, SIZE)
    return f"{_COLUMNS[col]}{row + 1}"


def parse_square_name(text: str) -> int:
    """The square named like "C5"; ValueError if it is no square."""
    if len(text) != 2 or text[0].upper() not in _COLUMNS or text[1] not in "123456789":
        raise ValueError(f"not a square: {text[:8]!r}")
    return (int(text[1]) - 1) * SIZE + _COLUMNS.index(text[0].upper())


def format_move(move: tuple[int, int]) -> str:
    """A move (src, dst) as "C5-D7"."""
    src, dst = move
    return f"{square_name(src)}-{square_name(dst)}"


def parse_move(text: str) -> tuple[int, int]:
    """ "C5-D7" as the move (src, dst); IllegalMove if it is not one."""
    try:
        if not isinstance(text, str):
            raise ValueError("not text")
        src, dst = text.strip().split("-")
        return (parse_square_name(src), parse_square_name(dst))
    except ValueError:
        raise IllegalMove("marbles.err.bad_move") from None
