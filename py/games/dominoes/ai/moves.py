"""Between engine moves/views and the fast simulator's (tile id, arm) pairs."""

from games.common.protocol import Json

from ..layout import Layout
from ..tiles import SET
from ..tiles import from_json as tile_from_json
from .fastsim import TILE_ID, Sim, SimMove, ends_from_layout

ARM_NAMES = ("W", "E", "N", "S")


def to_engine_move(t: int, arm: int) -> Json:
    return {"type": "play", "tile": list(SET[t]), "end": None if arm < 0 else ARM_NAMES[arm]}


def from_engine_move(move: Json) -> SimMove:
    end = move.get("end")
    return TILE_ID[tile_from_json(move["tile"])], -1 if end is None else ARM_NAMES.index(end)


def team_list(view: Json) -> list[int]:
    teams = view["teams"]
    team_of = [0] * view["options"]["seats"]
    for team, members in enumerate(teams):
        for seat in members:
            team_of[seat] = team
    return team_of


def sim_for_view(
    view: Json,
    hands: list[list[int]] | None = None,
    boneyard: list[int] | None = None,
    layout: Layout | None = None,
) -> Sim:
    """A Sim of the view's position; unknown hands are empty unless given."""
    seats = view["options"]["seats"]
    if hands is None:
        hands = [[] for _ in range(seats)]
        hands[view["seat"]] = [TILE_ID[tile_from_json(t)] for t in view["hand"]]
    return Sim(
        ends_from_layout(layout if layout is not None else Layout.from_json(view["layout"])),
        seats,
        team_list(view),
        hands,
        boneyard if boneyard is not None else [],
        view["scores"],
        view["options"]["target"],
        view["seat"],
    )
