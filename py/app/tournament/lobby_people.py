"""The people of a new Tournament lobby on this device: their nicknames as the player last
chose them (the frame's remembered choices, "humans"), their ratings from the ratings record
(app.wordle.records' `wordle-rating`, given to the frontend beside the choices:
app.frame.recording.shown). One person with no nickname chosen is the device's player ("me"
in the record: their nickname and rating, else one drawn by lot at the starting rating); a
nickname chosen for them takes their rating with it, as app.wordle.records.set_my_name does
once the tournament starts. Pure."""

from collections.abc import Mapping
from typing import Any

from ..wordle import records as tp

MAX_HUMANS = 8


def chosen_names(prefs: Mapping[str, Any]) -> list[str | None]:
    """The nicknames last chosen (a damaged choice: one person, named by lot)."""
    humans = prefs.get("humans")
    fine = (
        isinstance(humans, list)
        and 1 <= len(humans) <= MAX_HUMANS
        and all(
            isinstance(h, dict) and (h.get("name") is None or isinstance(h.get("name"), str))
            for h in humans
        )
    )
    if not fine or not isinstance(humans, list):
        return [None]
    return [h.get("name") for h in humans]


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
