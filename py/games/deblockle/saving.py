"""Resuming a saved game: State.from_json checks everything before trusting it.

The record of positions for the draws by repetition and by no progress (rules
9.1 and 9.4) is not saved: it is read back from the history, which every save
has kept since version 1, by taking the turns since the last removal back from
the position saved. So saves from before those rules load as they are (their
format did not change, nor its version). Such a game that had already gone past
a limit goes on loading, and the rule ends it at its next turn that calls for it.
"""

from typing import TYPE_CHECKING, Any

from games.common.checks import is_int
from games.common.errors import BadState
from games.common.protocol import Json

from .board import ORTHOGONALS, STARS, parse_square
from .cube import FACE_NAMES, ORIENTATION_OF
from .options import normalise_options, start_squares
from .position import Position
from .repetition import (
    PositionKey,
    draw_reason,
    position_key,
    positions_before,
    turns_since_progress,
)
from .rules import Move, has_turn, player_to_move
from .setup import Placement

if TYPE_CHECKING:
    from .state import State


def state_from_json(data: object) -> "State":
    from .state import PHASES, VERSION, State

    if not isinstance(data, dict):
        raise BadState("a saved game must be an object")
    _require(data.get("version") == VERSION, f"unknown version {data.get('version')!r}")
    try:
        options = normalise_options(data.get("options"))
    except ValueError as error:
        raise BadState(f"options: {error}") from None
    phase = data.get("phase")
    if not (isinstance(phase, str) and phase in PHASES):
        raise BadState(f"unknown phase {phase!r}")
    current = data.get("current_player")
    if phase == "over":
        _require(current in (0, 1, None), "current_player must be 0, 1 or None")
        current = None  # saves before the protocol kept the last player here
    else:
        _require(
            current in (0, 1) and not isinstance(current, bool), "current_player must be 0 or 1"
        )

    removed = data.get("removed")
    if not (isinstance(removed, list) and len(removed) == 2 and all(_is_count(n) for n in removed)):
        raise BadState("removed must be two counts")
    position = Position([-1] * 49, removed)
    for block in _list(data, "blocks"):
        position = _placed(position, block)

    to_place = _list(data, "to_place")
    _require(
        len(to_place) == 2
        and all(isinstance(t, list) and all(f in FACE_NAMES for f in t) for t in to_place),
        "to_place must be two lists of symbols",
    )
    to_place = [sorted(FACE_NAMES.index(f) for f in tops) for tops in to_place]
    for player in (0, 1):
        count = len(position.squares[player]) + removed[player] + len(to_place[player])
        _require(
            count == options["blocks"][player],
            f"player {player} has {count} blocks, not {options['blocks'][player]}",
        )

    history = _list(data, "history")
    _require(all(isinstance(h, str) for h in history), "history must be strings")
    for entry in history:
        _require(_is_notation(entry), f"bad history entry {entry!r}")

    result = data.get("result")
    state = State(options, position, phase, current, to_place, None, history)
    if phase != "over":
        _require(result is None, "only a finished game has a result")
    if phase == "setup":
        _check_setup(state)
    else:
        _require(not any(to_place), "blocks still to place after set-up")
        if options["no_side_by_side"]:
            _require(not _side_by_side(position), "opposing blocks side by side")
        state.positions = _recorded_positions(state)
        expected = _result_of(state)
        if phase == "play":
            _require(expected is None, "a game in play that is already decided")
            _require(
                has_turn(position, state.player_to_play, options["no_side_by_side"]),
                "the player to move has no turn",
            )
        else:
            _require(
                expected is not None and result == expected,
                "result does not follow from the position",
            )
            state.result = expected
    return state


def _placed(position: Position, block: object) -> Position:
    if not isinstance(block, dict):
        raise BadState("a block must be an object")
    player, square = block.get("player"), parse_square(str(block.get("square")))
    top, north = block.get("top"), block.get("north")
    if not (is_int(player) and player in (0, 1)):
        raise BadState("block player must be 0 or 1")
    _require(square >= 0, f"bad square {block.get('square')!r}")
    _require(square not in STARS, "a block stands on a star space")
    _require(position.cells[square] < 0, "two blocks on one square")
    _require(top in FACE_NAMES and north in FACE_NAMES, "unknown symbol")
    orientation = ORIENTATION_OF.get((FACE_NAMES.index(top), FACE_NAMES.index(north)))
    if orientation is None:
        raise BadState("north face must be a side of the cube")
    return position.with_block(square, player, orientation)


def _check_setup(state: "State") -> None:
    _require(state.position.removed == (0, 0), "no block is removed during set-up")
    placer, owner = state.player_to_play, 1 - state.player_to_play
    _require(bool(state.to_place[owner]), "the placing side has nothing to place")
    squares = start_squares(state.options)
    for player in (0, 1):
        _require(
            set(state.position.squares[player]) <= set(squares[player]),
            "a block is off its start squares",
        )
    if state.options["first"] != placer:
        _require(not state.to_place[placer], "set-up order broken: the first side places first")


def _recorded_positions(state: "State") -> list[PositionKey]:
    """The positions since the last removal (State.positions), from the history."""
    position, no_side_by_side = state.position, state.no_side_by_side
    try:
        turns = turns_since_progress(state.history)
        keys, last_mover = positions_before(position, turns, no_side_by_side)
    except ValueError as error:
        raise BadState(f"history: {error}") from None
    due = None if last_mover is None else player_to_move(position, 1 - last_mover, no_side_by_side)
    if state.phase == "play":
        _require(
            last_mover is None or state.current_player == due,
            "the player to move is not the one whose turn it is",
        )
        due = state.current_player
    return keys if due is None else [*keys, position_key(position, due)]


def _result_of(state: "State") -> Json | None:
    """The result the position and the record of positions imply, or None if the
    game goes on (a game in play is never held to the draws: see the docstring)."""
    position, blocks = state.position, state.options["blocks"]
    for player in (0, 1):
        if position.removed[player] == blocks[player]:
            return {"winner": player, "reason": "all_removed", "removed": list(position.removed)}
    if any(has_turn(position, p, state.no_side_by_side) for p in (0, 1)):
        reason = draw_reason(state.positions) if state.phase == "over" else None
        if reason is None:
            return None
        return {"winner": None, "reason": reason, "removed": list(position.removed)}
    gold, blue = position.removed
    winner = 0 if gold > blue else 1 if blue > gold else None
    return {"winner": winner, "reason": "both_stuck", "removed": list(position.removed)}


def _side_by_side(position: Position) -> bool:
    return any(position.owner(n) == 1 for sq in position.squares[0] for n in ORTHOGONALS[sq])


def _is_notation(text: str) -> bool:
    for kind in (Move, Placement):
        try:
            kind.parse(text)
            return True
        except ValueError:
            pass
    return False


def _is_count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 4


def _list(data: Json, key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise BadState(f"{key} must be a list")
    return value


def _require(condition: object, message: str) -> None:
    if not condition:
        raise BadState(message)
