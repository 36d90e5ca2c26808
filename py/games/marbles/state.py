"""A game of Marbles: the state, its moves, undo and JSON save/resume.

A move is a pair (src, dst) of squares (0..80, row * 9 + col); lists work too.
`apply` returns JSON-friendly events, in the order they happen:
  {"type": "move", "from", "to", "path", "colour"}
  {"type": "line", "squares", "colour", "length", "points", "by": "move"|"spawn"}
  {"type": "spawn", "marbles": [{"square", "colour"}, ...], "next": [c, c, c]}
  {"type": "game_over", "score"}
"""

from itertools import repeat

from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json

from . import board as geo
from .board import EMPTY, SQUARES, Board
from .codec import board_text, check_seed, parse_board_text, parse_colours, validate_board
from .sequence import landing_square, marble_colour

VERSIONS = (5, 4)  # the shortest line that counts: "5 in a row" and "4 in a row"
OPENING_MARBLES = 5
NEXT_COUNT = 3
JSON_VERSION = 1

# What undo must restore, besides the board.
_COUNTERS = ("drawn", "score", "moves", "lines")
# (board, next colours, *counters): the position undo goes back to.
Snapshot = tuple[tuple[int, ...], tuple[int, ...], *tuple[int, ...]]


def new_game(options: Json, seed: int) -> "State":
    version = (options or {}).get("version", 5)
    if version not in VERSIONS:
        raise ValueError(f"version must be 5 or 4, not {version!r}")
    check_seed(seed, ValueError)
    opening = [marble_colour(seed, k) for k in range(OPENING_MARBLES)]
    state = State(version, seed, [EMPTY] * SQUARES, opening, drawn=0)
    # The opening marbles arrive like any others (in the unlikely case that
    # they form a line, it leaves and scores).
    state._spawn([])
    return state


class State:
    def __init__(
        self,
        min_line: int,
        seed: int,
        board: Board,
        next_colours: list[int],
        drawn: int,
        score: int = 0,
        moves: int = 0,
        lines: int = 0,
    ):
        self.min_line = min_line
        self.seed = seed
        self.board = board
        self.next = next_colours  # the colours in the Next bar
        self.drawn = drawn  # sequence number of the first marble in the Next bar
        self.score = score
        self.moves = moves
        self.lines = lines  # lines cleared so far
        self._undo: Snapshot | None = (
            None  # the position before the last move, while it may be undone
        )

    # ---- reading the position -------------------------------------------------
    @property
    def options(self) -> Json:
        return {"version": self.min_line}

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def is_over(self) -> bool:
        return EMPTY not in self.board

    @property
    def result(self) -> Json | None:
        if not self.is_over:
            return None
        return {
            "score": self.score,
            "moves": self.moves,
            "lines": self.lines,
            "version": self.min_line,
            "seed": self.seed,
        }

    @property
    def can_undo(self) -> bool:
        return self._undo is not None and not self.is_over

    def reachable(self, src: int) -> list[int]:
        """Squares the marble on src can move to, sorted ([] if src holds no marble)."""
        if not _is_square(src) or self.board[src] == EMPTY:
            return []
        return sorted(geo.reachable(self.board, src))

    def path(self, src: int, dst: int) -> list[int] | None:
        """The shortest route src..dst (both included) the marble would take, or None."""
        if not (_is_square(src) and _is_square(dst)) or self.board[src] == EMPTY:
            return None
        return geo.shortest_path(self.board, src, dst)

    def legal_moves(self) -> list[tuple[int, int]]:
        """Every (src, dst) move, sorted."""
        moves: list[tuple[int, int]] = []
        for src, targets in self.targets_by_marble():
            moves.extend(zip(repeat(src, len(targets)), targets))
        return moves

    def targets_by_marble(self) -> list[tuple[int, list[int]]]:
        """[(src, sorted squares it can reach)] for every marble that can move.
        A marble reaches every square of the free regions it touches, so this
        costs one flood fill, not one per marble."""
        if self.is_over:
            return []
        region_of, regions = geo.free_regions(self.board)
        found = []
        for src in range(SQUARES):
            if self.board[src] == EMPTY:
                continue
            touching = {region_of[nb] for nb in geo.NEIGHBOURS[src]} - {-1}
            if len(touching) == 1:
                found.append((src, regions[touching.pop()]))
            elif touching:
                found.append((src, sorted(sq for index in touching for sq in regions[index])))
        return found

    def copy(self) -> "State":
        twin = State(
            self.min_line,
            self.seed,
            list(self.board),
            list(self.next),
            self.drawn,
            self.score,
            self.moves,
            self.lines,
        )
        twin._undo = self._undo  # snapshots are never mutated, so sharing is safe
        return twin

    def view_for(self, player: int) -> "State":
        """One player sees everything on the screen: the board, the Next bar and
        the counters (the whole state, as a copy)."""
        return self.copy()

    # ---- playing ----------------------------------------------------------------
    def apply(self, move: object) -> list[Json]:
        src, dst, route = self._check(move)
        before = self._snapshot()
        colour = self.board[src]
        self.board[src] = EMPTY
        self.board[dst] = colour
        events: list[Json] = [
            {"type": "move", "from": src, "to": dst, "path": route, "colour": colour}
        ]
        cleared = self._clear_lines([dst], "move", events)
        if not cleared or self._board_is_empty():
            # A clearing move adds nothing, unless it emptied the board:
            # with no marble left to move, the Next marbles come in.
            self._spawn(events)
        self.moves += 1
        self._undo = before
        if self.is_over:
            events.append({"type": "game_over", "score": self.score})
        return events

    def undo(self) -> None:
        """Take back the last move. Only one step: no undo of the undo."""
        if self.is_over:
            raise IllegalMove("marbles.err.game_over")
        if self._undo is None:
            raise IllegalMove("marbles.err.no_undo")
        self._restore(self._undo)
        self._undo = None

    def _check(self, move: object) -> tuple[int, int, list[int]]:
        if self.is_over:
            raise IllegalMove("marbles.err.game_over")
        if not isinstance(move, (tuple, list)) or len(move) != 2:
            raise IllegalMove("marbles.err.bad_move")
        src, dst = move
        if not (_is_square(src) and _is_square(dst)):
            raise IllegalMove("marbles.err.off_board")
        if self.board[src] == EMPTY:
            raise IllegalMove("marbles.err.no_marble", square=src)
        if self.board[dst] != EMPTY:
            raise IllegalMove("marbles.err.occupied", square=dst)
        route = geo.shortest_path(self.board, src, dst)
        if route is None:
            raise IllegalMove("marbles.err.unreachable", square=dst)
        return src, dst, route

    def _board_is_empty(self) -> bool:
        return not any(self.board)

    def _clear_lines(self, squares: list[int], cause: str, events: list[Json]) -> bool:
        found = geo.lines_through(self.board, squares, self.min_line)
        for line in found:
            points = geo.line_points(len(line), self.min_line)
            self.score += points
            self.lines += 1
            events.append(
                {
                    "type": "line",
                    "squares": line,
                    "colour": self.board[line[0]],
                    "length": len(line),
                    "points": points,
                    "by": cause,
                }
            )
        for line in found:
            for sq in line:
                self.board[sq] = EMPTY
        return bool(found)

    def _land(self, colours: list[int]) -> list[Json]:
        """Put marbles drawn[0..] on their landing squares; as many as fit."""
        placed = []
        for offset, colour in enumerate(colours):
            sq = landing_square(self.seed, self.drawn + offset, self.board)
            if sq is None:
                break
            self.board[sq] = colour
            placed.append({"square": sq, "colour": colour})
        self.drawn += len(colours)
        return placed

    def _deal_next(self) -> list[int]:
        return [marble_colour(self.seed, self.drawn + i) for i in range(NEXT_COUNT)]

    def _spawn(self, events: list[Json]) -> None:
        while True:
            placed = self._land(self.next)
            self.next = self._deal_next()
            events.append({"type": "spawn", "marbles": placed, "next": list(self.next)})
            self._clear_lines([m["square"] for m in placed], "spawn", events)
            if not self._board_is_empty():
                return

    def _snapshot(self) -> Snapshot:
        return (tuple(self.board), tuple(self.next)) + tuple(getattr(self, k) for k in _COUNTERS)

    def _restore(self, snapshot: Snapshot) -> None:
        board, next_colours, *counters = snapshot
        self.board = list(board)
        self.next = list(next_colours)
        for name, value in zip(_COUNTERS, counters):
            setattr(self, name, value)

    # ---- saving -------------------------------------------------------------------
    def to_json(self) -> Json:
        data = {
            "version": JSON_VERSION,
            "game": "marbles",
            "line": self.min_line,
            "seed": self.seed,
        }
        data.update(_position_json(self._snapshot()))
        data["undo"] = None if self._undo is None else _position_json(self._undo)
        return data

    @classmethod
    def from_json(cls, data: object) -> "State":
        if not isinstance(data, dict):
            raise BadState("marbles state must be an object")
        if data.get("version") != JSON_VERSION or data.get("game") != "marbles":
            raise BadState("not a marbles state of a known version")
        min_line = data.get("line")
        if min_line not in VERSIONS or isinstance(min_line, bool):
            raise BadState("line must be 5 or 4")
        seed = check_seed(data.get("seed"), BadState)
        state = cls(min_line, seed, [], [], 0)
        state._restore(_position_from_json(data, min_line))
        undo = data.get("undo", "missing")
        if undo == "missing":
            raise BadState("undo is missing")
        if undo is not None:
            state._undo = _position_from_json(undo, min_line)
        return state


def _is_square(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SQUARES


def _position_json(snapshot: Snapshot) -> Json:
    board, next_colours, *counters = snapshot
    data: Json = {"board": board_text(board), "next": board_text(next_colours)}
    data.update(zip(_COUNTERS, counters))
    return data


def _position_from_json(data: object, min_line: int) -> Snapshot:
    if not isinstance(data, dict):
        raise BadState("position must be an object")
    board = parse_board_text(data.get("board"))
    validate_board(board, min_line)
    next_colours = parse_colours(data.get("next"), NEXT_COUNT)
    counters = []
    for name in _COUNTERS:
        value = data.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise BadState(f"{name} must be a non-negative int")
        counters.append(value)
    return (tuple(board), tuple(next_colours), *counters)
