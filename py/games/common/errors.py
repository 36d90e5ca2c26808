"""Errors every engine raises.

Messages are translation keys, not prose: the browser layer shows them in the
player's language. `params` fill the placeholders of the translated text.
"""


class IllegalMove(Exception):
    """A move the rules forbid. `key` names the broken rule (a catalogue key)."""

    def __init__(self, key: str, **params: object):
        super().__init__(key if not params else f"{key} {params}")
        self.key = key
        self.params = params


class BadState(ValueError):
    """Serialised data that cannot be turned back into a game state."""
