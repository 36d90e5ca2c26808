"""What the person at this device's keyboard has typed for the turn under way, in a
tournament on one device and on a group member's or leader's page alike: a fresh row for
each turn (another duel, round or player), cleared when a row was added to the duel
meanwhile (the turn was skipped, or the guess went in). Pure: tested under CPython.
"""

from ..views.wordle_parts import Typing


class TurnTyping:
    def __init__(self) -> None:
        self.typing: Typing | None = None
        self.turn: tuple[int, ...] | None = None  # whose turn, in which duel and round
        self.rows = 0  # the duel's rows when it was typed

    def for_turn(self, lang: str, length: int, turn: tuple[int, ...], rows: int) -> Typing:
        """The typing of `turn` (for a word of `length` letters), its duel having `rows`."""
        if self.typing is None or self.turn != turn:
            self.typing = Typing(lang, length)
        elif self.rows != rows:
            self.typing.clear()
        self.turn, self.rows = turn, rows
        return self.typing


def watched_after_click(index: int, watching: int | None, yours: bool) -> int | None:
    """The duel watched after a click on duel `index`: that duel, or none (back to your
    own) when it was the one watched already or is your own (`yours`)."""
    return None if watching == index or yours else index
