"""Straight Dominoes as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping
from functools import partial

from games.common.errors import IllegalMove
from games.common.protocol import Game, Json, option_text, parse_options_text

from . import notation
from .ai import choose_move
from .dealt import dealt_game
from .state import VERSION, State, new_game
from .table import Table

MAX_DEALS = 200  # hands in one game: far more than a game to 250 ever deals


def new_dealt_or_shuffled(options: Json | None = None, seed: int = 0) -> State:
    """A new game; with options["deals"] (a game played between devices, replayed face
    up once every hand was checked: each hand's {"hands", "draws"}, games.dominoes.dealt)
    those deals instead of the seed's shuffles. ValueError if they are not deals."""
    options = dict(options or {})
    deals = options.pop("deals", None)
    if deals is None:
        return new_game(options, seed)
    if not isinstance(deals, list) or not 0 < len(deals) <= MAX_DEALS:
        raise ValueError("the deals are a list of hands' deals")
    if not all(isinstance(deal, dict) and set(deal) == {"hands", "draws"} for deal in deals):
        raise ValueError("a deal is its hands and its draws")
    try:
        return dealt_game(options, seed, [(deal["hands"], deal["draws"]) for deal in deals])
    except (TypeError, KeyError, IndexError) as error:
        raise ValueError(f"a deal that is not one: {error}") from None


def _table(options: Json | None) -> Table:
    return Table.from_options({k: v for k, v in (options or {}).items() if k != "deals"})


def parse_move(text: str) -> Json:
    if not isinstance(text, str) or len(text) > 16:
        raise IllegalMove("dominoes.bad_move", move=str(text)[:16])
    return notation.parse_move(text)


def options_to_params(options: Json) -> dict[str, str]:
    table = _table(options).to_json()
    return {key: option_text(value) for key, value in table.items()}


def options_from_params(params: Mapping[str, str]) -> Json:
    options: Json = {}
    if "seats" in params:
        options["seats"] = parse_options_text(params["seats"], int, (2, 3, 4))
    if "partnerships" in params:
        options["partnerships"] = parse_options_text(params["partnerships"], bool)
    if "target" in params:
        options["target"] = parse_options_text(params["target"], int)
    return Table.from_options(options).to_json()


GAME = Game(
    name="dominoes",
    new_game=new_dealt_or_shuffled,
    from_json=State.from_json,
    version=VERSION,
    format_move=notation.format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: _table(options).seats,
    computer={
        "easy": partial(choose_move, level="random"),
        "medium": partial(choose_move, level="greedy"),
        "hard": partial(choose_move, level="heuristic"),
        "expert": partial(choose_move, level="strong"),
    },
)
