"""Battleship between two devices with no referee (public.py) as the frame sees it
(games.common.protocol): the same options as the ordinary game (game.py), two seats, the
public engine's moves. No computer plays it: each seat is a person with a device that
holds its fleet (private.PrivateFleet; app.remote.battleship_match)."""

from games.common.protocol import Game

from .game import options_from_params, options_to_params
from .public import VERSION, PublicState, new_game
from .public_notation import format_move, parse_move

NAME = "battleship-public"

GAME = Game(
    name=NAME,
    new_game=new_game,
    from_json=PublicState.from_json,
    version=VERSION,
    format_move=format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: 2,
)
