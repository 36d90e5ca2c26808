"""The people of a new Tournament lobby on this device: their nicknames as the player last
chose them (the frame's remembered choices, "people": JSON text, since a remembered choice is
a string, a number or a boolean), their ratings from the ratings record
(app.wordle.records' `wordle-rating`, given to the frontend beside the choices:
app.frame.recording.shown). One person with no nickname chosen is the device's player ("me"
in the record: their nickname and rating, else one drawn by lot at the starting rating); a
nickname chosen for them takes their rating with it, as app.wordle.records.set_my_name does
once the tournament starts. Pure."""

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.wordle.nicknames import MAX_LENGTH

from ..untrusted import Untrusted, parse_json
from ..wordle import records as tp

MAX_HUMANS = 8
PEOPLE = "people"  # the remembered choice
MAX_PEOPLE_CHARS = MAX_HUMANS * (MAX_LENGTH * 6 + 4) + 2  # (each name escaped at worst)


def people_choice(names: Sequence[str | None]) -> dict[str, str]:
    """The people chosen, as remembered (app.frame.commands' "new")."""
    return {PEOPLE: json.dumps(list(names), separators=(",", ":"))}


def chosen_names(prefs: Mapping[str, Any]) -> list[str | None]:
    """The nicknames last chosen (a damaged choice: one person, named by lot)."""
    try:
        names = parse_json(str(prefs.get(PEOPLE, "")), max_chars=MAX_PEOPLE_CHARS)
    except Untrusted:
        return [None]
    fine = (
        isinstance(names, list)
        and 1 <= len(names) <= MAX_HUMANS
        and all(n is None or (isinstance(n, str) and len(n) <= MAX_LENGTH) for n in names)
    )
    return list(names) if fine and isinstance(names, list) else [None]


def ratings_of(records: Mapping[str, Any]) -> dict[str, Any]:
    found = records.get(tp.RATING)
    return found if isinstance(found, dict) else tp.empty_ratings()


def person(ratings: Mapping[str, Any], name: str | None, alone: bool) -> dict[str, Any]:
    """The profile ({"name", "rating", "history"}) of a person of this device: the device's
    player's when `alone` (under the nickname chosen, if any), else the nickname's."""
    if alone and ratings.get("me") in ratings["players"]:
        me = dict(tp.my_profile(dict(ratings)))
        return {**me, "name": name if name is not None else me["name"]}
    return dict(tp.profile(dict(ratings), name))


def chosen_humans(prefs: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The people of a new lobby: {"name", "rating"} each (name None: drawn by lot)."""
    ratings, names = ratings_of(prefs), chosen_names(prefs)
    people = [person(ratings, name, len(names) == 1) for name in names]
    return [{"name": p["name"], "rating": p["rating"]} for p in people]
