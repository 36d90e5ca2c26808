"""The save of a Wordle Tournament group hosted on this device (app.remote.wordle_group's
GroupLeader), written through the leader page's keeper so a reload of that page resumes
the group (docs/rules/wordle-tournament.md 16.5), and read back strictly: storage is
outside text like a peer's message.

    {"version": SAVE_VERSION, "game", "abandoned", "kept", "tournament": the engine's,
     "members": [{"device", "name", "rating", "pid", "last_at"}, ...]}

Version 1 numbered each member's messages itself ("n"), as the relay now does: read, it
is dropped. The relay is not saved: every member's link is down after a reload, and each
new one starts its relay afresh.
"""

from typing import Any

from games.wordle.dictionary import Dictionary
from games.wordle.tournament import Tournament
from games.wordle.tournament_rules import GRACE_MS

from app.fair.errors import ProtocolError
from app.remote import wire
from app.remote.names import clean_name
from app.remote.wordle_group import MAX_MS, MAX_RATING, GroupLeader, Member, group_hub

SAVE_VERSION = 2  # of the leader's save (the messages' is wire.VERSION, every protocol's)
MEMBER_FIELDS = ("name", "rating", "pid", "last_at")


def group_saved(leader: GroupLeader) -> dict[str, Any]:
    return {
        "version": SAVE_VERSION,
        "game": leader.game,
        "abandoned": leader.abandoned,
        "kept": list(leader.kept),
        "tournament": leader.tournament.to_json(),
        "members": [
            {"device": d, **{k: getattr(m, k) for k in MEMBER_FIELDS}}
            for d, m in leader.members.items()
        ],
    }


def group_resumed(data: object, words: Dictionary, now: int) -> GroupLeader:
    """The leader's page back from its save: the time away is a lost connection for
    every person still in (Tournament.resume); over 60 s, the tournament is abandoned
    (`abandoned`: only the results settled before it count: `kept`). Every member's
    link is down until member_back.
    ValueError (BadState) for a save that does not hold together."""
    if not isinstance(data, dict) or data.get("version") not in (1, SAVE_VERSION):
        raise ValueError("unknown group save")
    try:
        return _loaded(data, words, now)
    except (KeyError, TypeError, IndexError, ProtocolError) as error:
        raise ValueError(f"bad group save: {error}") from None


def _loaded(data: dict[str, Any], words: Dictionary, now: int) -> GroupLeader:
    leader = GroupLeader.__new__(GroupLeader)  # every field from the save, none made anew
    leader.words = words
    leader.tournament = t = Tournament.from_json(data["tournament"], words)
    leader.waiting, leader.other_version = {}, {}
    leader.hub, leader.now = group_hub(leader), now
    leader.game = wire.whole(data["game"], 1, MAX_MS, "game")
    leader.abandoned = data["abandoned"] is True
    leader.kept = [wire.whole(pid, 0, 7, "a kept result") for pid in data["kept"]]
    leader.members = {}
    for item in data["members"]:
        if data["version"] == 1:
            wire.whole(item["n"], 0, MAX_MS, "a count")  # (numbered by the relay now)
        member = Member(*(item[k] for k in MEMBER_FIELDS))
        pid = member.pid
        if (
            not isinstance(item["device"], str)
            or clean_name(member.name) != member.name
            or not (pid is None or (type(pid) is int and pid > 0 and t.players[pid]["human"]))
        ):
            raise ValueError("a member of the save")
        wire.whole(member.rating, 0, MAX_RATING, "a rating")
        wire.whole(member.last_at, 0, MAX_MS, "a time")
        leader.members[item["device"]] = member
    if t.phase in ("intro", "playing") and t.clock is not None:
        if now - t.clock >= GRACE_MS and t.humans_in():
            leader.abandoned = True
            leader.kept = t.humans_placed()
        t.resume(now)
        for member in leader.members.values():
            if member.pid is not None:
                t.disconnect(now, member.pid)
    return leader
