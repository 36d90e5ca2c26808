"""A Wordle Tournament's save on the protocol (tournament_game), version 2: the
Tournament's own JSON (tournament_saved, version 1) with each bot's skill in
thousandths, since a save holds whole numbers only (tournament_lobby.skill_for rounds
a skill to three places). Version 1, which a page of today's keeper saved under its
"state", migrates (`from_engine_save`)."""

from games.common.checks import is_int
from games.common.errors import BadState
from games.common.protocol import Json

from .dictionary import Dictionary
from .tournament import Tournament
from .tournament_saved import VERSION as ENGINE_VERSION

VERSION = 2
SKILL_UNITS = 1000


def to_save(t: Tournament) -> Json:
    """The save of `t` (version 2)."""
    data = t.to_json()
    for player in data["players"]:
        if player["skill"] is not None:
            player["skill"] = round(player["skill"] * SKILL_UNITS)
    return {**data, "version": VERSION}


def load_tournament(words: Dictionary, data: object) -> Tournament:
    """A tournament from its save (version 2), checked by tournament_saved."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise BadState("not a tournament of a known version")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise BadState("the players")
    skills = [p.get("skill") for p in players]
    if not all(s is None or (is_int(s) and 0 <= s <= SKILL_UNITS) for s in skills):
        raise BadState("a bot's skill")
    engine = {
        **data,
        "version": ENGINE_VERSION,
        "players": [
            {**p, "skill": None if p.get("skill") is None else p["skill"] / SKILL_UNITS}
            for p in players
        ],
    }
    return Tournament.from_json(engine, words)


def from_engine_save(data: Json) -> Json:
    """Version 1 (the Tournament's own JSON, as today's keeper saved it under "state")
    to version 2: each bot's skill in thousandths."""
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise BadState("the players")
    for p in players:
        skill = p.get("skill")
        if skill is not None and not (isinstance(skill, (int, float)) and 0 <= skill <= 1):
            raise BadState("a bot's skill")
    return {
        **data,
        "version": VERSION,
        "players": [
            {**p, "skill": None if p.get("skill") is None else round(p["skill"] * SKILL_UNITS)}
            for p in players
        ],
    }
