"""This device's check of a move another device sent, before anything changes:

    move {number, move, hash}   number: the move's count from 1; move: the engine's
                                notation; hash: wire.state_hash of the position after it

It is played only if it is the next move, the seat to move is the sender's, the notation
is canonical, this device's engine allows it on a copy of its position and the hash
matches; a game's own check (Match.vet) comes after. Otherwise Refused says how:
"cheating" (no honest engine sends it: malformed, out of turn, illegal, or a hash or a
move that contradicts a position both devices agreed on: app.remote.history.agreed),
"desync" (the first positions compared differ, and nothing shows which device is wrong)
or, between two devices whose channel may have lost or repeated messages, "duplicate" (a
move played already); moves missing before it raise Behind. Through a table's relay every
device takes every message in one order, so there a move that is not the next one is the
sender's doing, unless this device knows that its own save lost moves (app.remote.behind):
then it judges as between two devices."""

from collections.abc import Callable
from typing import Any

from games.common.errors import BadState, IllegalMove

from app.fair.errors import ProtocolError
from app.midend import Midend
from app.midend_saves import MAX_MOVES
from app.remote import history, wire
from app.remote.checks import CHEATING, DESYNC, DUPLICATE, Refused

MAX_NOTATION = 400
# What an engine may raise on input its checks did not foresee (as Game.load lists them).
ENGINE_ERRORS: tuple[type[Exception], ...] = (
    IllegalMove,
    BadState,
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    RecursionError,
)


class Behind(ProtocolError):
    """A move whose earlier moves have not arrived here (between two devices)."""


def checked_move(
    midend: Midend,
    owner: Callable[[int], str],
    sender: str,
    message: dict[str, Any],
    ordered: bool,
    lost: tuple[int, str] | None = None,
) -> tuple[Any, str]:
    """The move `sender` sent, as this device's engine reads it, and its notation.
    `owner(seat)`: the device that plays a seat; `ordered`: messages come in one order
    (a table's relay), so a move that is not the next one is refused as cheating; `lost`:
    the moves this device's save lost (app.remote.behind), its own taken back up to them."""
    try:
        wire.fields(message, "move", {"number", "move", "hash"})
        number = wire.whole(message["number"], 1, MAX_MOVES, "a move's number")
        text = wire.text(message["move"], MAX_NOTATION, "a move")
        claimed = wire.hex64(message["hash"], "a position's hash")
    except ProtocolError as error:
        raise Refused(CHEATING, f"a malformed move: {error.reason}") from None
    moves = midend.moves
    if ordered and number != len(moves) + 1 and lost is None:
        raise Refused(CHEATING, f"move {number} is not the next one")
    if number <= len(moves):
        player, here = moves[number - 1]
        if here == text:
            raise Refused(DUPLICATE, f"move {number} was played already")
        # Its own move told otherwise, or a move out of turn from an agreed position.
        its_own = history.made_by(owner, sender, player)
        proven = its_own or history.agreed(midend, owner, sender, number - 1)
        raise Refused(CHEATING if proven else DESYNC, f"move {number} here is {here[:40]!r}")
    if number > len(moves) + 1:
        raise Behind(f"moves {len(moves) + 1} to {number - 1} have not arrived")
    state = midend.state
    taken_back = lost is not None and number <= lost[0]  # (this device's own, maybe)
    if state.is_over or (owner(state.current_player) != sender and not taken_back):
        raise Refused(CHEATING, f"move {number} is not {sender}'s to play")
    game = midend.game
    try:
        trial = state.copy()
        move = game.parse_move(text)
        if game.format_move(move) != text:
            raise Refused(CHEATING, f"move {number} is not in the game's notation")
        trial.apply(move)
    except ENGINE_ERRORS as error:
        raise Refused(CHEATING, f"move {number} {text[:40]!r} is illegal: {error}") from None
    if lost is not None and number == lost[0] and wire.state_hash(trial) != lost[1]:
        raise Refused(CHEATING, f"move {number} is not the one this device made")
    if wire.state_hash(trial) != claimed:
        if history.agreed(midend, owner, sender, number - 1):
            raise Refused(CHEATING, f"move {number} came with a false hash of the position")
        raise Refused(DESYNC, f"after move {number} the positions differ")
    return move, text
