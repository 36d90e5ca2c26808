"""This device's history of a game as it travels to another device after a lost
connection or a reload (a sync, app.remote.pair): the position's hash after a number of
moves, and the moves after it as they were sent."""

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
