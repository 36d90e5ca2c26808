"""Marbles as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping

from games.common.protocol import Game, Json, option_text, parse_options_text
from games.common.rng import SeededRng

from .ai import choose_move
from .notation import format_move, parse_move
from .state import JSON_VERSION, VERSIONS, State, new_game


def options_to_params(options: Json) -> dict[str, str]:
    return {"version": option_text(options.get("version", 5))}


def options_from_params(params: Mapping[str, str]) -> Json:
    if "version" not in params:
        return {"version": 5}
    return {"version": parse_options_text(params["version"], int, VERSIONS)}


def _hint(view: State, rng: SeededRng, budget: int | None) -> tuple[int, int] | None:
    return choose_move(view, rng) if budget is None else choose_move(view, rng, budget)


GAME = Game(
    name="marbles",
    new_game=new_game,
    from_json=State.from_json,
    version=JSON_VERSION,
    format_move=format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: 1,
    computer={"hard": _hint},
    undo_depth=1,  # docs/rules/marbles.md: one step, and no undo of the undo
)
