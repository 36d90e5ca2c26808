"""Deblockle as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping
from functools import partial

from games.common.errors import IllegalMove
from games.common.protocol import Game, Json, option_text, parse_options_text

from .ai import choose_move
from .options import normalise_options
from .rules import Move
from .setup import Placement
from .state import VERSION, State, new_game

_FLAGS = ("no_side_by_side", "quick_setup")


def format_move(move: Move | Placement) -> str:
    return str(move)


def parse_move(text: str) -> Move | Placement:
    """A turn ("c3N-d4") or a set-up placement ("c5:slider:star")."""
    if not isinstance(text, str) or len(text) > 40:
        raise IllegalMove("deblockle.bad_notation", text=str(text)[:40])
    try:
        return Placement.parse(text) if ":" in text else Move.parse(text)
    except ValueError:
        raise IllegalMove("deblockle.bad_notation", text=text) from None


def options_to_params(options: Json) -> dict[str, str]:
    options = normalise_options(options)
    gold, blue = options["blocks"]
    params = {
        "blocks": str(gold) if gold == blue else f"{gold},{blue}",
        "first": option_text(options["first"]),
    }
    params.update({flag: option_text(options[flag]) for flag in _FLAGS})
    if (
        options["start_squares"]
        != normalise_options({"blocks": options["blocks"]})["start_squares"]
    ):
        params["start"] = ";".join(",".join(names) for names in options["start_squares"])
    return params


def options_from_params(params: Mapping[str, str]) -> Json:
    options: Json = {}
    if "blocks" in params:
        counts = [parse_options_text(n, int, (1, 2, 3, 4)) for n in params["blocks"].split(",")]
        options["blocks"] = counts[0] if len(counts) == 1 else counts
    if "first" in params:
        options["first"] = parse_options_text(params["first"], int, (0, 1))
    for flag in _FLAGS:
        if flag in params:
            options[flag] = parse_options_text(params[flag], bool)
    if "start" in params:
        options["start_squares"] = [side.split(",") for side in params["start"][:64].split(";")]
    return normalise_options(options)


GAME = Game(
    name="deblockle",
    new_game=new_game,
    from_json=State.from_json,
    version=VERSION,
    format_move=format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: 2,
    computer={
        "easy": partial(choose_move, level="random"),
        "medium": partial(choose_move, level="greedy"),
        "hard": partial(choose_move, level="strong"),
    },
)
