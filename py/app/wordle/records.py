"""The Wordle Tournament's records, which need no browser: ratings, the group,
the tournament in progress, and the group's invite link. Tested under CPython.

The app registers these records at start-up (app.main, `register`), with the
others, so its check of every record repairs or resets a damaged one before
any screen reads it.

Records (localStorage through the app's Store, each checked on read: bad data
is reset or repaired, never trusted):

    wordle-rating      {"me": key | None, "players": {key: {"name", "rating", "history"}}}
                       key = the nickname case-folded; history = the last
                       HISTORY_SIZE results [{"rating", "change", "placement", "date"}]
    wordle-group       {"lang", "members": [nickname, ...]} | None   (the leader first)
    wordle-tournament  {"state": Tournament.to_json(), "meta": {...}} | None
    replays:wordle-tournament   the last finished tournaments, for replaying
                       (app.replays; each one's record: games.wordle.tournament_story)

Only light engine modules are imported here (not the tournament itself), as
the app imports this module when it starts.
"""

import json
from typing import Any

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.wordle import rating as ratings
from games.wordle.letters import LANGUAGES
from games.wordle.nicknames import clean_nickname
from games.wordle.rating import SEATS

from .. import replays, router
from ..storage import Schema, Store
from ..untrusted import Untrusted, parse_json

Json = dict[str, Any]

RATING, GROUP, TOURNAMENT = "wordle-rating", "wordle-group", "wordle-tournament"
HOSTED = "wordle-group-hosted"  # a group across devices, hosted by this device's page
RECORDED = "wordle-group-recorded"  # the latest tournaments with friends recorded here
RECORDED_SIZE = 20
REPLAYS = "wordle-tournament"  # replays:wordle-tournament (app.replays)
FRAME_GAME = "wordle-tournament-play"  # the one game view's (its saved:, prefs:, stats:)
HISTORY_SIZE = 40


# --- ratings --------------------------------------------------------------------------


def key_of(name: str) -> str:
    return name.casefold()


def _clean_entry(entry: Any) -> Json | None:
    if not isinstance(entry, dict):
        return None
    if not (
        is_int(entry.get("rating"))
        and is_int(entry.get("change"))
        and is_int(entry.get("placement"))
        and 1 <= entry["placement"] <= SEATS
        and isinstance(entry.get("date"), str)
    ):
        return None
    return {
        "rating": max(0, entry["rating"]),
        "change": entry["change"],
        "placement": entry["placement"],
        "date": entry["date"][:10],
    }


def clean_ratings(data: Any) -> Json:
    """Good profiles kept, bad ones dropped (a bad history entry alone is dropped)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
        raise ValueError("ratings must be an object with players")
    players = {}
    for key, profile in data["players"].items():
        if not isinstance(profile, dict) or not isinstance(profile.get("name"), str):
            continue
        try:
            name = clean_nickname(profile["name"])
        except IllegalMove:
            continue
        if key != key_of(name) or not is_int(profile.get("rating")) or profile["rating"] < 0:
            continue
        history = profile.get("history")
        history = (
            [e for e in (_clean_entry(x) for x in history) if e]
            if isinstance(history, list)
            else []
        )
        players[key] = {
            "name": name,
            "rating": profile["rating"],
            "history": history[-HISTORY_SIZE:],
        }
    me = data.get("me")
    return {"me": me if isinstance(me, str) and me in players else None, "players": players}


def empty_ratings() -> Json:
    return {"me": None, "players": {}}


def profile(data: Json, name: str | None) -> Json:
    """The profile of `name` (a new one at the starting rating when unknown)."""
    players: dict[str, Json] = data["players"]
    if name is not None and key_of(name) in players:
        return players[key_of(name)]
    return {"name": name, "rating": ratings.START, "history": []}


def my_profile(data: Json) -> Json:
    players: dict[str, Json] = data["players"]
    return players[data["me"]] if data.get("me") in players else profile(data, None)


def set_my_name(data: Json, name: str) -> Json:
    """I am now called `name`: my rating and history go with me (a profile
    already under that name, from a group game, is taken over)."""
    data = {"me": data.get("me"), "players": dict(data["players"])}
    old = data["players"].pop(data["me"], None) if data["me"] else None
    current = data["players"].get(key_of(name))
    mine = old or current or {"name": name, "rating": ratings.START, "history": []}
    data["players"][key_of(name)] = {**mine, "name": name}
    data["me"] = key_of(name)
    return data


def add_result(data: Json, name: str, rating: int, change: int, placement: int, date: str) -> Json:
    """A placement settled: the player's new rating and one more history entry."""
    data = {"me": data.get("me"), "players": dict(data["players"])}
    old = profile(data, name)
    history = (
        old["history"]
        + [{"rating": rating, "change": change, "placement": placement, "date": date[:10]}]
    )[-HISTORY_SIZE:]
    data["players"][key_of(name)] = {"name": name, "rating": max(0, rating), "history": history}
    return data


# --- the group ----------------------------------------------------------------------

MAX_MEMBERS = SEATS


def clean_group(data: Any) -> Json | None:
    if data is None:
        return None
    if (
        not isinstance(data, dict)
        or data.get("lang") not in LANGUAGES
        or not isinstance(data.get("members"), list)
    ):
        raise ValueError("a group has a language and members")
    members: list[str] = []
    for name in data["members"][:MAX_MEMBERS]:
        try:
            name = clean_nickname(name)
        except IllegalMove:
            continue
        if key_of(name) not in {key_of(m) for m in members}:
            members.append(name)
    if not members:
        raise ValueError("a group has a leader")
    return {"lang": data["lang"], "members": members}


def add_member(group: Json, name: Any) -> Json:
    """The group with one more member; IllegalMove: wordle.bad_nickname,
    wordle.name_taken, wt.group_full."""
    name = clean_nickname(name)
    if len(group["members"]) >= MAX_MEMBERS:
        raise IllegalMove("wt.group_full", max=MAX_MEMBERS)
    if key_of(name) in {key_of(m) for m in group["members"]}:
        raise IllegalMove("wordle.name_taken")
    return {**group, "members": group["members"] + [name]}


def remove_member(group: Json, index: int) -> Json | None:
    """The group without its member at `index`; None when there is none there to remove
    (the leader, first, stays)."""
    members = group["members"]
    if not 1 <= index < len(members):
        return None
    return {**group, "members": members[:index] + members[index + 1 :]}


def group_param(group: Json) -> str:
    """The group's make-up for the invite link: JSON [lang, leader, members...]."""
    return json.dumps(
        [group["lang"]] + list(group["members"]), ensure_ascii=False, separators=(",", ":")
    )


def group_link(group: Json) -> str:
    return router.href("wordle", mode="tournament", group=group_param(group))


MAX_GROUP_PARAM = 2000  # characters of a group invite's address parameter


def group_from_param(text: Any) -> Json | None:
    """The group an invite link carries, or None when it does not hold one."""
    try:
        data = parse_json(text, max_chars=MAX_GROUP_PARAM)
    except Untrusted:
        return None
    try:
        if not isinstance(data, list) or len(data) < 2:
            return None
        return clean_group({"lang": data[0], "members": data[1:]})
    except (ValueError, TypeError):
        return None


# --- replays ---------------------------------------------------------------------------


def replay_href(entry: Json) -> str:
    """The link that replays a kept tournament (app.views.replay)."""
    return router.href("replay", "wordle", mode="tournament", r=replays.token(entry))


# --- the saved tournament --------------------------------------------------------------


def clean_saved(data: Any) -> Json | None:
    if data is None:
        return None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("state"), dict)
        or not isinstance(data.get("meta"), dict)
    ):
        raise ValueError("a saved tournament has a state and meta")
    meta = data["meta"]
    if not (_clock_meta(meta) and isinstance(meta.get("group"), bool)):
        raise ValueError("tournament meta")
    return {"state": data["state"], "meta": meta}


def _clock_meta(meta: Json) -> bool:
    return (
        is_int(meta.get("t0"))
        and is_int(meta.get("speed"))
        and 1 <= meta["speed"] <= 1000
        and isinstance(meta.get("known", False), bool)
        and isinstance(meta.get("recorded"), list)
        and all(is_int(x) for x in meta["recorded"])
    )


def clean_hosted(data: Any) -> Json | None:
    """The group hosted here: {"group": app.remote.wordle_group_saved's, "meta": the
    clock's}; the group's own checks are group_resumed's."""
    if data is None:
        return None
    if not (
        isinstance(data, dict)
        and isinstance(data.get("group"), dict)
        and isinstance(data.get("meta"), dict)
        and _clock_meta(data["meta"])
    ):
        raise ValueError("a hosted group has a group and meta")
    return {"group": data["group"], "meta": data["meta"]}


def clean_recorded(data: Any) -> list[str]:
    """The keys (GroupMember's tournament_key) of the latest tournaments with friends on
    their own devices whose result this device recorded."""
    if not (
        isinstance(data, list)
        and len(data) <= RECORDED_SIZE
        and all(isinstance(k, str) and len(k) == 16 and k.isalnum() for k in data)
    ):
        raise ValueError("recorded tournaments are up to 20 keys")
    return list(data)


def remember_recorded(recorded: list[str], key: str) -> list[str] | None:
    """The list with `key` added (the oldest dropped past RECORDED_SIZE), or None when
    that tournament's result was recorded here already."""
    if key in recorded:
        return None
    return [*recorded, key][-RECORDED_SIZE:]


def register(store: Store) -> None:
    """The tournament's records (once per store: again is harmless)."""
    for schema in (
        Schema(RATING, 1, empty_ratings, clean_ratings),
        Schema(GROUP, 1, lambda: None, clean_group),
        Schema(TOURNAMENT, 1, lambda: None, clean_saved),
        Schema(HOSTED, 1, lambda: None, clean_hosted),
        Schema(RECORDED, 1, list, clean_recorded),
        Schema(f"replays:{REPLAYS}", 1, list, replays.clean_kept),
    ):
        if schema.name not in store.schemas:
            store.register(schema)
