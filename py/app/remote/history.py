"""This device's history of a game as it travels to another device after a lost
connection or a reload (a sync, app.remote.pair): the position's hash after a number of
moves, and the moves after it as they were sent; and which positions another device has
agreed to already, so that a claim contradicting one of them is proven false."""

from collections.abc import Callable
from typing import Any

from app.midend import Midend
from app.remote import wire


def hash_at(midend: Midend, count: int) -> str:
    """The hash of the position after the first `count` moves."""
    if count == len(midend.moves):
        return wire.state_hash(midend.state)
    texts = [text for _, text in midend.moves[:count]]
    return wire.state_hash(midend.game.replay(midend.options, midend.seed, texts))


def moves_after(midend: Midend, count: int) -> list[dict[str, Any]]:
    """The moves from count + 1 on, as they were sent, for a device behind."""
    texts = [text for _, text in midend.moves]
    state = midend.game.replay(midend.options, midend.seed, texts[:count])
    messages = []
    for number, text in enumerate(texts[count:], count + 1):
        state.apply(midend.game.parse_move(text))
        messages.append(
            {"type": "move", "number": number, "move": text, "hash": wire.state_hash(state)}
        )
    return messages


def agreed(midend: Midend, owner: Callable[[int], str], sender: str, count: int) -> bool:
    """Whether `sender` has agreed to this device's position after `count` moves: every
    position after a move was compared when the move's hash reached the other device, which
    plays on (or holds the move) only if the hashes matched, as this device does; the start
    once the sender has played a move from it. From an agreed position the same engine
    reaches the same positions by the same moves, and a device plays only its own seats, so
    a hash or a history that contradicts an agreed position is the sender's false claim.
    Before anything was compared, the two starts may differ without either device lying
    (built by another version of the game), and nothing proves who is wrong."""
    return count > 0 or any(made_by(owner, sender, player) for player, _ in midend.moves)


def made_by(owner: Callable[[int], str], sender: str, player: int | None) -> bool:
    """Whether a move of this device's history, by `player`'s seat, came from `sender`."""
    return player is not None and owner(player) == sender
