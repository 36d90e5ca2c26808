"""Battleship as the frame sees it (games.common.protocol)."""

from collections.abc import Mapping

from games.common.protocol import ComputerPlayer, Game, Json, option_text, parse_options_text
from games.common.rng import SeededRng

from .ai import computer_player
from .fleet import EDITIONS
from .notation import format_move, parse_move
from .options import DEFAULT_OPTIONS, HUNT, MODES, normalise_options
from .state import VERSION, State, new_game


def options_to_params(options: Json) -> dict[str, str]:
    return {key: option_text(value) for key, value in normalise_options(options).items()}


def options_from_params(params: Mapping[str, str]) -> Json:
    options: Json = {}
    for key, choices in (("mode", MODES), ("edition", EDITIONS)):
        if key in params:
            options[key] = parse_options_text(params[key], str, choices)
    for key in ("announce_ship", HUNT):
        if key in params:
            options[key] = parse_options_text(params[key], bool)
    return normalise_options({**DEFAULT_OPTIONS, **options})


def _player(strength: str) -> ComputerPlayer:
    player = computer_player(strength)

    def choose(view: Json, rng: SeededRng, budget: int | None) -> Json:
        me = view["player"]
        if view["phase"] == "placement":
            if any(ship["square"] is None for ship in view["fleet"]):
                placements = player.choose_placement(me, rng)[:-1]
                ships = {m["ship"]: [m["square"], m["orientation"]] for m in placements}
                return {"type": "fleet", "player": me, "ships": ships}
            return {"type": "ready", "player": me}
        return player.choose_move(view, rng, budget)

    return choose


GAME = Game(
    name="battleship",
    new_game=new_game,
    from_json=State.from_json,
    version=VERSION,
    format_move=format_move,
    parse_move=parse_move,
    options_to_params=options_to_params,
    options_from_params=options_from_params,
    seats=lambda options: 2,
    computer={level: _player(level) for level in ("easy", "medium", "hard")},
)
