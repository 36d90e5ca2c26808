"""Turning saved data back into a State, refusing anything inconsistent."""

from typing import TYPE_CHECKING

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json
from games.common.rng import SeededRng

from .layout import Layout
from .table import Table
from .tiles import SET
from .tiles import from_json as tile_from_json

if TYPE_CHECKING:
    from .state import State

KEYS = {
    "version",
    "options",
    "rng",
    "scores",
    "hand_number",
    "leader",
    "current",
    "hands",
    "boneyard",
    "layout",
    "history",
    "hand_summaries",
    "result",
}


def state_from_json(cls: type["State"], data: object) -> "State":
    try:
        return _build(cls, data)
    except BadState:
        raise
    except (ValueError, TypeError, KeyError, IllegalMove) as error:
        raise BadState(f"bad dominoes state: {error}") from error


def _build(cls: type["State"], data: object) -> "State":
    if not isinstance(data, dict) or set(data) != KEYS:
        raise BadState("dominoes state must be a dict with the saved keys")
    if data["version"] != 1:
        raise BadState(f"unknown dominoes state version {data['version']!r}")
    table = Table.from_options(data["options"])
    state = cls(table, SeededRng.from_json(data["rng"]))

    scores = data["scores"]
    if not (isinstance(scores, list) and len(scores) == table.team_count):
        raise BadState("one score per team")
    for score in scores:
        if not is_int(score) or score < 0 or score % 5:
            raise BadState("scores are non-negative multiples of 5")
    state.scores = list(scores)

    for key in ("hand_number", "leader", "current"):
        if not is_int(data[key]) or data[key] < 0:
            raise BadState(f"{key} must be a non-negative int")
    if data["leader"] >= table.seats or data["current"] >= table.seats:
        raise BadState("leader and current must be seats")
    state.hand_number, state.leader, state.current = (
        data["hand_number"],
        data["leader"],
        data["current"],
    )

    hands = data["hands"]
    if not (isinstance(hands, list) and len(hands) == table.seats):
        raise BadState("one hand per seat")
    state.hands = [[tile_from_json(t) for t in hand] for hand in hands]
    state.boneyard = [tile_from_json(t) for t in data["boneyard"]]
    state.layout = Layout.from_json(data["layout"])

    everything = [t for hand in state.hands for t in hand] + state.boneyard + state.layout.tiles()
    if sorted(everything) != sorted(SET):
        raise BadState("the 28 tiles must each be somewhere exactly once")

    state.history = _checked_history(data["history"], table, state.layout)
    summaries = data["hand_summaries"]
    # A game is won at the end of a hand (summed up) or by a score during one (not).
    finished = (state.hand_number,) + ((state.hand_number + 1,) if data["result"] else ())
    if not isinstance(summaries, list) or len(summaries) not in finished:
        raise BadState("one summary per finished hand")
    state.hand_summaries = [_checked_summary(s, i, table) for i, s in enumerate(summaries)]

    result = data["result"]
    if result is not None:
        if not isinstance(result, dict) or not is_int(result.get("winner_team")):
            raise BadState("result must name the winner_team")
        team = result["winner_team"]
        if not 0 <= team < table.team_count or state.scores[team] < table.target:
            raise BadState("the winner must have reached the target")
        state.result = dict(result)
    elif max(state.scores) >= table.target:
        raise BadState("a score reached the target but the game is not over")
    return state


def _checked_history(history: object, table: Table, layout: Layout) -> list[Json]:
    """The public history must replay to the saved layout."""
    if not isinstance(history, list):
        raise BadState("history must be a list")
    replay = Layout()
    for event in history:
        if not isinstance(event, dict) or event.get("type") not in ("play", "draw", "pass"):
            raise BadState("history holds play, draw and pass events")
        seat = event.get("seat")
        if not is_int(seat) or not 0 <= seat < table.seats:
            raise BadState("history events name a seat")
        if event["type"] == "play":
            replay.place(tile_from_json(event["tile"]), event.get("end"))
    if replay.to_json() != layout.to_json():
        raise BadState("history does not replay to the layout")
    return [dict(e) for e in history]


SUMMARY_KEYS = {"type", "hand", "reason", "seat", "winner_team", "pips", "team_pips", "raw"}
SUMMARY_KEYS |= {"points", "hands", "layout", "scores"}


def _checked_summary(summary: object, number: int, table: Table) -> Json:
    """A finished hand's summary as the page draws it: every field there and sound."""

    def ints(values: object, count: int) -> bool:
        return isinstance(values, list) and len(values) == count and all(map(is_int, values))

    def seat_or_none(value: object, count: int) -> bool:
        return value is None or (is_int(value) and 0 <= value < count)

    if not isinstance(summary, dict) or set(summary) != SUMMARY_KEYS:
        raise BadState("a hand's summary has its fields")
    hands = summary["hands"]
    sound = (
        summary["type"] == "hand_end"
        and summary["hand"] == number
        and summary["reason"] in ("domino", "blocked")
        and seat_or_none(summary["seat"], table.seats)
        and (summary["seat"] is None) == (summary["reason"] == "blocked")
        and seat_or_none(summary["winner_team"], table.team_count)
        and ints(summary["pips"], table.seats)
        and ints(summary["team_pips"], table.team_count)
        and ints(summary["scores"], table.team_count)
        and is_int(summary["raw"])
        and is_int(summary["points"])
        and summary["points"] % 5 == 0
        and isinstance(hands, list)
        and len(hands) == table.seats
        and all(isinstance(hand, list) for hand in hands)
    )
    if not sound:
        raise BadState(f"the summary of hand {number + 1}")
    checked = dict(summary)
    checked["hands"] = [[list(tile_from_json(t)) for t in hand] for hand in hands]
    Layout.from_json(summary["layout"])  # BadState if it is not a table
    return checked
