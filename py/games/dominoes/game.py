"""Straight Dominoes as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping

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


def _player(level: str):
    def choose(view: dict, rng, budget):
        return choose_move(view, rng, budget, level)

    return choose


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
        "easy": _player("random"),
        "medium": _player("greedy"),
        "hard": _player("heuristic"),
        "expert": _player("strong"),
    },
)
