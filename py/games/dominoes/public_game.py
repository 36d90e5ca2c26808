"""Straight Dominoes between devices with no referee (public.py) as the frame sees it
(games.common.protocol): the same options as the ordinary game (game.py), the public
engine's moves, and computer players that need their seat's private view.

A computer seat is played by the device that holds its hand (the host's, in a game of two
devices): its move is asked with PrivateHand.view_for(public), never the public view,
which has no hand (`hand` None) and is refused with ValueError. The thinker's worker gets
only the engine's save, so these computers think on the page.
"""

from functools import partial

from games.common.protocol import Game, Json
from games.common.rng import SeededRng

from .ai import choose_move
from .game import options_from_params, options_to_params
from .public import VERSION, PublicState, new_game
from .public_notation import format_move, parse_move
from .table import Table

NAME = "dominoes-public"


def choose_private_move(
    view: Json, rng: SeededRng, budget: int | None = None, level: str = "strong"
) -> Json:
    if view.get("hand") is None:
        raise ValueError("a computer plays from its own seat's view (PrivateHand.view_for)")
    return choose_move(view, rng, budget, level)


GAME = Game(
    name=NAME,
    new_game=new_game,
    from_json=PublicState.from_json,
    version=VERSION,
    format_move=format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: Table.from_options(options).seats,
    computer={
        "easy": partial(choose_private_move, level="random"),
        "medium": partial(choose_private_move, level="greedy"),
        "hard": partial(choose_private_move, level="heuristic"),
        "expert": partial(choose_private_move, level="strong"),
    },
)
