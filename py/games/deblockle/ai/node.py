"""What a search needs to walk the game: whose turn follows, and when it ends."""

from ..rules import legal_turns, play


class Game:
    """The fixed rules of one game (variant and block counts) for the search."""

    def __init__(self, state):
        self.no_side_by_side = state.no_side_by_side
        self.blocks = tuple(state.options["blocks"])

    def turns(self, position, player: int) -> list:
        return legal_turns(position, player, self.no_side_by_side)

    def play(self, position, move):
        return play(position, move)

    def has_won(self, position, player: int) -> bool:
        return position.removed[player] == self.blocks[player]

    def stuck_result(self, position, player: int) -> int:
        """+1, 0 or -1 for `player` when neither side can move."""
        mine, theirs = position.removed[player], position.removed[1 - player]
        return (mine > theirs) - (mine < theirs)
