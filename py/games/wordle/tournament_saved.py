"""A saved Wordle Tournament: `save` is its JSON (`Tournament.to_json()`), `load`
checks it part by part and loads it: players, rounds and their duels, the log,
then the story they tell together (lives, placements and phase must be what the
rounds say). Anything else is BadState.
"""

from typing import TYPE_CHECKING, Any

from games.common.checks import is_int
from games.common.errors import BadState
from games.common.rng import MASK64, SeededRng

from .dictionary import LENGTHS, Dictionary
from .duel import TURN_MS, Duel
from .tournament_rules import (
    INTRO_MS,
    LEAVE_REASONS,
    LIVES,
    PHASES,
    PLAYING,
    SEATS,
    PlayerRecord,
    Round,
)

VERSION = 1

if TYPE_CHECKING:
    from .tournament import Tournament

PLAYER_KEYS = {
    "id",
    "name",
    "rating",
    "human",
    "skill",
    "lives",
    "placement",
    "rating_change",
    "placed_round",
    "left",
    "lost_at",
}


def in_play(data: object) -> bool:
    """Whether a saved tournament has started and is not over, read without its
    words (the hub says a game is in progress)."""
    return isinstance(data, dict) and data.get("phase") in PLAYING


def save(t: "Tournament") -> dict[str, Any]:
    """The whole tournament as JSON (about 35 kB at the end of one)."""
    return {
        "version": VERSION,
        "lang": t.lang,
        "seed": t.seed,
        "rng": t.rng.to_json(),
        "names": t.names_state,
        "base_rating": t.base_rating,
        "clock": t.clock,
        "shared_keyboard": t.shared_keyboard,
        "phase": t.phase,
        "players": [dict(p) for p in t.players],
        "rounds": [
            {
                **{k: v for k, v in r.items() if k != "matches"},
                "matches": [
                    {
                        "players": list(m["players"]),
                        "seed": m["seed"],
                        "ended_at": m["ended_at"],
                        "plan": dict(m["plan"]) if m["plan"] else None,
                        "duel": m["duel"].to_json(),
                        **({"held": m["held"]} if m.get("held") is not None else {}),
                    }
                    for m in r["matches"]
                ],
            }
            for r in t.rounds
        ],
        "log": [dict(e) for e in t.log],
    }


def load(cls: type["Tournament"], data: Any, words: Dictionary) -> "Tournament":
    """`cls` made from `data` once every part of it is checked (BadState if not)."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise BadState("unknown tournament format")
    if data["lang"] != words.lang:
        raise BadState("the save is for another language")
    if data["phase"] not in PHASES or not _is_u64(data["seed"]):
        raise BadState("phase or seed")
    if data["names"] is not None and not _is_u64(data["names"]):
        raise BadState("names stream")
    players = [_load_player(i, p) for i, p in enumerate(data["players"])]
    humans = [p["human"] for p in players]
    if len(players) != SEATS or humans != sorted(humans, reverse=True):
        raise BadState("a tournament has 8 players, the humans first")
    rounds = [_load_round(r, i + 1, players) for i, r in enumerate(data["rounds"])]
    log = data["log"]
    if not isinstance(log, list) or any(
        not isinstance(e, dict) or e.get("n") != i or not isinstance(e.get("type"), str)
        for i, e in enumerate(log)
    ):
        raise BadState("log")
    if not is_int(data["base_rating"]) or data["base_rating"] < 0:
        raise BadState("base rating")
    t = cls(
        words,
        data["seed"],
        SeededRng.from_json(data["rng"]),
        players,
        data["phase"],
        rounds,
        log,
        data["names"],
    )
    t.base_rating = data["base_rating"]
    t.shared_keyboard = data.get("shared_keyboard", False) is True  # (saves before it: False)
    if data["clock"] is not None and not is_int(data["clock"]):
        raise BadState("clock")
    t.clock = data["clock"]
    _check_story(t)
    return t


def _load_player(i: int, p: Any) -> PlayerRecord:
    if not isinstance(p, dict) or set(p) != PLAYER_KEYS or p["id"] != i:
        raise BadState("player fields")
    ok = (
        isinstance(p["name"], str)
        and 0 < len(p["name"]) <= 64
        and is_int(p["rating"])
        and p["rating"] >= 0
        and isinstance(p["human"], bool)
        and is_int(p["lives"])
        and 0 <= p["lives"] <= LIVES
        and (p["placement"] is None or (is_int(p["placement"]) and 1 <= p["placement"] <= SEATS))
        and (p["rating_change"] is None or is_int(p["rating_change"]))
        and (p["rating_change"] is None) == (p["placement"] is None)
        and (p["placed_round"] is None or is_int(p["placed_round"]))
        and p["left"] in (None,) + LEAVE_REASONS
        and (p["lost_at"] is None or (is_int(p["lost_at"]) and p["human"]))
    )
    if p["human"]:
        ok = ok and p["skill"] is None
    else:
        ok = ok and isinstance(p["skill"], (int, float)) and 0 <= p["skill"] <= 1
    if not ok:
        raise BadState(f"player {i}")
    return dict(p)


def _load_round(r: Any, number: int, players: list[PlayerRecord]) -> Round:
    if not isinstance(r, dict) or r["number"] != number:
        raise BadState("round numbers")
    for key in ("started_at", "play_at"):
        if not is_int(r[key]):
            raise BadState("round times")
    if r["play_at"] != r["started_at"] + INTRO_MS or not (
        r["ended_at"] is None or is_int(r["ended_at"])
    ):
        raise BadState("round times")
    seen = []
    matches = []
    for m in r["matches"]:
        pair = m["players"]
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(is_int(x) and 0 <= x < SEATS for x in pair)
        ):
            raise BadState("match players")
        if not _is_u64(m["seed"]) or not (m["ended_at"] is None or is_int(m["ended_at"])):
            raise BadState("match seed or end")
        duel = Duel.from_json(m["duel"])
        if duel.length not in LENGTHS or duel.first != SeededRng(m["seed"]).randrange(2):
            raise BadState("duel length or first seat")
        if duel.is_over != (m["ended_at"] is not None):
            raise BadState("duel end")
        plan = m["plan"]
        if plan is not None and not (
            isinstance(plan, dict)
            and set(plan) == {"rows", "word", "think_ms"}
            and is_int(plan["rows"])
            and is_int(plan["think_ms"])
            and 0 <= plan["think_ms"] <= TURN_MS
            and (
                plan["word"] is None
                or (isinstance(plan["word"], str) and len(plan["word"]) == duel.length)
            )
        ):
            raise BadState("bot plan")
        held = m.get("held")
        if duel.is_over:
            held = None  # a finished duel waits for nobody (older saves may keep the mark)
        if held is not None and not is_int(held):
            raise BadState("a duel held for the keyboard")
        seen += pair
        matches.append(
            {
                "players": list(pair),
                "seed": m["seed"],
                "ended_at": m["ended_at"],
                "plan": plan,
                "duel": duel,
                **({"held": held} if held is not None else {}),
            }
        )
    bye = r["bye"]
    if bye is not None:
        seen.append(bye)
    if (
        len(set(seen)) != len(seen)
        or not matches
        or not all(is_int(x) and 0 <= x < SEATS for x in seen)
    ):
        raise BadState("a player twice in a round")
    ended = [m["ended_at"] for m in matches]
    if r["ended_at"] is not None and (None in ended or r["ended_at"] != max(ended)):
        raise BadState("a round ends with its last duel")
    keyboard = r.get("keyboard")
    if keyboard is not None and not (
        isinstance(keyboard, list)
        and len(keyboard) == 2
        and all(is_int(x) for x in keyboard)
        and 0 <= keyboard[0] < len(matches)
    ):
        raise BadState("the round's keyboard")
    return {
        "number": number,
        "started_at": r["started_at"],
        "play_at": r["play_at"],
        "ended_at": r["ended_at"],
        "bye": bye,
        "matches": matches,
        **({"keyboard": list(keyboard)} if keyboard is not None else {}),
    }


def _check_story(t: "Tournament") -> None:
    """Lives, placements and phase must be what the rounds say."""
    losses = [0] * SEATS
    for r in t.rounds:
        for m in r["matches"]:
            result = m["duel"].result
            if result is None:
                continue
            for seat, pid in enumerate(m["players"]):
                if result.get("winner") != seat:
                    losses[pid] += 1
        if r is not t.current and r["ended_at"] is None:
            raise BadState("an earlier round never ended")
    for p in t.players:
        if p["left"] is not None:
            if p["lives"] != 0 or p["placement"] is None:
                raise BadState("a player who left is placed with no lives")
        elif p["lives"] != max(0, LIVES - losses[p["id"]]):
            raise BadState("lives disagree with the duels")
    if t.phase in ("lobby", "abandoned"):
        if t.rounds or any(p["placement"] is not None for p in t.players):
            raise BadState("a lobby has no rounds")
        return
    if not t.rounds or t.clock is None:
        raise BadState("a started tournament has a round and a clock")
    if any(e["at"] is not None and (not is_int(e["at"]) or e["at"] > t.clock) for e in t.log):
        raise BadState("events after the clock")
    current = t.rounds[-1]
    ongoing = current["ended_at"] is None
    if (t.phase == "over") == ongoing:
        raise BadState("phase and last round disagree")
    if t.phase == "over" and any(p["placement"] is None for p in t.players):
        raise BadState("everyone is placed at the end")
    if t.phase == "intro" and any(m["duel"].rows for m in current["matches"]):
        raise BadState("no rows during the introduction")
    for p in t.players:
        if p["placement"] is None and p["lives"] == 0 and not ongoing:
            raise BadState("a player with no lives is placed when the round ends")


def _is_u64(value: object) -> bool:
    return is_int(value) and 0 <= value <= MASK64
