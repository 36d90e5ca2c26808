"""Straight Dominoes as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping
from functools import partial

from games.common.errors import IllegalMove
from games.common.protocol import Game, option_text, parse_options_text

from . import notation
from .ai import choose_move
from .state import VERSION, State, new_game
from .table import Table


def parse_move(text: str) -> dict:
    if not isinstance(text, str) or len(text) > 16:
        raise IllegalMove("dominoes.bad_move", move=str(text)[:16])
    return notation.parse_move(text)


def options_to_params(options: dict) -> dict[str, str]:
    table = Table.from_options(options).to_json()
    return {key: option_text(value) for key, value in table.items()}


def options_from_params(params: Mapping[str, str]) -> dict:
    options: dict = {}
    if "seats" in params:
        options["seats"] = parse_options_text(params["seats"], int, (2, 3, 4))
    if "partnerships" in params:
        options["partnerships"] = parse_options_text(params["partnerships"], bool)
    if "target" in params:
        options["target"] = parse_options_text(params["target"], int)
    return Table.from_options(options).to_json()


GAME = Game(
    name="dominoes",
    new_game=new_game,
    from_json=State.from_json,
    version=VERSION,
    format_move=notation.format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: Table.from_options(options).seats,
    computer={
        "easy": partial(choose_move, level="random"),
        "medium": partial(choose_move, level="greedy"),
        "hard": partial(choose_move, level="heuristic"),
        "expert": partial(choose_move, level="strong"),
    },
)
