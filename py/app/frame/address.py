"""A game's address once its number may be shown (Midend.game_id): the number opens the same
game on any device, for every game whose position comes from its seed alone. A game with
more behind its number (the Wordle duel's word, drawn apart from the seed) says which of
its numbers opens the same game (`numbered`, a hook only such a game has); the others
show none."""

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class NumberedApart(Protocol):
    def numbered(self, options: dict[str, Any], seed: int) -> bool:
        """Does the seed alone open this game again (a duel asked for by its number)?"""
        ...


def shared_params(frontend: object, midend: Any) -> dict[str, str]:
    """The address parameters of the game in progress: its options, and its number when
    that is shown and opens the same game."""
    params: dict[str, str] = midend.game_id
    if isinstance(frontend, NumberedApart) and not frontend.numbered(midend.options, midend.seed):
        params.pop("seed", None)
    return params
