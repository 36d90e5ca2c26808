"""A public state (public.py) as JSON, and back, refusing anything inconsistent: a save
comes from storage a person can edit, or from another device."""

from typing import TYPE_CHECKING

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json

from .layout import Layout
from .persist import _checked_summary
from .public import CHECK, HAND_SIZE, OVER, PHASES, PLAY, REVEAL, VERSION
from .table import Table
from .tiles import SET
from .tiles import from_json as tile_from_json

if TYPE_CHECKING:
    from .public import PublicState

KEYS = {"version", "options", "scores", "hand_number", "leader", "current", "phase"}
KEYS |= {"hand_sizes", "boneyard", "layout", "history", "ended", "revealed", "checked"}
KEYS |= {"hand_summaries", "reached", "result"}
REASONS = ("domino", "blocked", "target")


def state_to_json(state: "PublicState") -> Json:
    return {
        "version": VERSION,
        "options": state.table.to_json(),
        "scores": list(state.scores),
        "hand_number": state.hand_number,
        "leader": state.leader,
        "current": state.current,
        "phase": state.phase,
        "hand_sizes": list(state.hand_sizes),
        "boneyard": state.boneyard,
        "layout": state.layout.to_json(),
        "history": [dict(e) for e in state.history],
        "ended": dict(state.ended) if state.ended else None,
        "revealed": [None if t is None else [list(x) for x in t] for t in state.revealed],
        "checked": state.checked,
        "hand_summaries": [dict(s) for s in state.hand_summaries],
        "reached": dict(state.reached) if state.reached else None,
        "result": dict(state.result) if state.result else None,
    }


def state_from_json(cls: type["PublicState"], data: object) -> "PublicState":
    try:
        return _build(cls, data)
    except BadState:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IllegalMove) as error:
        raise BadState(f"bad public dominoes state: {error}") from error


def _build(cls: type["PublicState"], data: object) -> "PublicState":
    if not isinstance(data, dict) or set(data) != KEYS:
        raise BadState("a public dominoes state is a dict with the saved keys")
    if data["version"] != VERSION:
        raise BadState(f"unknown public dominoes state version {data['version']!r}")
    table = Table.from_options(data["options"])
    state = cls(table)
    scores = data["scores"]
    if not (isinstance(scores, list) and len(scores) == table.team_count):
        raise BadState("one score per team")
    if not all(is_int(s) and s >= 0 and s % 5 == 0 for s in scores):
        raise BadState("scores are non-negative multiples of 5")
    state.scores = list(scores)
    for key in ("hand_number", "leader", "current", "checked"):
        if not is_int(data[key]) or data[key] < 0:
            raise BadState(f"{key} must be a non-negative int")
    if data["leader"] >= table.seats or data["current"] >= table.seats:
        raise BadState("leader and current must be seats")
    if data["phase"] not in PHASES:
        raise BadState("no such phase")
    state.hand_number, state.leader = data["hand_number"], data["leader"]
    state.current, state.phase = data["current"], data["phase"]
    state.layout = Layout.from_json(data["layout"])
    state.history = _replayed(data, table, state.layout)
    state.hand_sizes, state.boneyard = list(data["hand_sizes"]), data["boneyard"]
    _end_of_hand(state, data)
    _summaries_and_result(state, data)
    return state


def _replayed(data: Json, table: Table, layout: Layout) -> list[Json]:
    """The hand's history from its deal must lead to the saved layout, hand sizes and
    boneyard."""
    history = data["history"]
    if not isinstance(history, list):
        raise BadState("history must be a list")
    replay = Layout()
    sizes = [HAND_SIZE] * table.seats
    boneyard = len(SET) - HAND_SIZE * table.seats
    for event in history:
        if not isinstance(event, dict) or event.get("type") not in ("play", "draw", "pass"):
            raise BadState("history holds play, draw and pass events")
        seat = event.get("seat")
        if not is_int(seat) or not 0 <= seat < table.seats:
            raise BadState("history events name a seat")
        kind = event["type"]
        if set(event) != ({"type", "seat", "tile", "end"} if kind == "play" else {"type", "seat"}):
            raise BadState("a history event has its fields")
        if kind == "play":
            if sizes[seat] == 0:
                raise BadState("a seat played from an empty hand")
            replay.place(tile_from_json(event["tile"]), event["end"])
            sizes[seat] -= 1
        elif kind == "draw":
            if not boneyard:
                raise BadState("a draw from an empty boneyard")
            boneyard, sizes[seat] = boneyard - 1, sizes[seat] + 1
        elif boneyard:
            raise BadState("a pass with tiles in the boneyard")
    if replay.to_json() != layout.to_json():
        raise BadState("history does not replay to the layout")
    if data["hand_sizes"] != sizes or data["boneyard"] != boneyard:
        raise BadState("history does not replay to the hand sizes and boneyard")
    return [dict(e) for e in history]


def _end_of_hand(state: "PublicState", data: Json) -> None:
    """`ended`, `revealed`, `checked` and whose turn it is, as the phase has them."""
    table, phase = state.table, state.phase
    ended, revealed, checked = data["ended"], data["revealed"], data["checked"]
    if phase == PLAY:
        if ended is not None or revealed != [] or checked:
            raise BadState("a hand in play has not ended")
        if not all(state.hand_sizes) or state.blocked():
            raise BadState("this hand is over")
        return
    if not (
        isinstance(ended, dict)
        and set(ended) == {"reason", "seat"}
        and ended["reason"] in REASONS
        and (ended["seat"] is None) == (ended["reason"] == "blocked")
        and (ended["seat"] is None or (is_int(ended["seat"]) and 0 <= ended["seat"] < table.seats))
    ):
        raise BadState("how the hand ended")
    state.ended = dict(ended)
    if not isinstance(revealed, list) or len(revealed) != table.seats:
        raise BadState("one reveal per seat")
    state.revealed = [
        None if tiles is None else [tile_from_json(t) for t in tiles] for tiles in revealed
    ]
    for seat, tiles in enumerate(state.revealed):
        if tiles is not None and (
            len(tiles) != state.hand_sizes[seat] or tiles != sorted(set(tiles), reverse=True)
        ):
            raise BadState("a reveal is the seat's whole hand, each tile once, highest first")
        if tiles is None and not state.hand_sizes[seat]:
            raise BadState("an empty hand has nothing to show")
    waiting = [seat for seat, tiles in enumerate(state.revealed) if tiles is None]
    if phase == REVEAL:
        if not waiting or state.current != waiting[0] or checked:
            raise BadState("the reveal goes in seat order")
    elif waiting:
        raise BadState("every hand is shown before the check")
    elif phase == CHECK and not (checked < table.seats and state.current == checked):
        raise BadState("the check goes in seat order")
    elif phase == OVER and checked != table.seats:
        raise BadState("a game over was checked by every seat")
    state.checked = checked


def _summaries_and_result(state: "PublicState", data: Json) -> None:
    table, phase = state.table, state.phase
    ended = state.ended
    if phase in (CHECK, OVER) and ended is None:
        raise BadState("a hand in its check has ended")
    scored = phase in (CHECK, OVER) and ended is not None and ended["reason"] != "target"
    summaries = data["hand_summaries"]
    if not isinstance(summaries, list) or len(summaries) != state.hand_number + scored:
        raise BadState("one summary per finished hand")
    state.hand_summaries = [_checked_summary(s, i, table) for i, s in enumerate(summaries)]
    reached, result = data["reached"], data["result"]
    top = max(state.scores)
    reason = state.ended["reason"] if state.ended else None
    if (reached is not None) != (top >= table.target):
        raise BadState("a result is reached when a score reaches the target")
    if top >= table.target and (phase == PLAY or (phase == REVEAL and reason != "target")):
        raise BadState("a score reached the target but the hand goes on")
    if top < table.target and (phase == OVER or reason == "target"):
        raise BadState("the game is over only with the target reached")
    if reached is not None:
        team = reached.get("winner_team") if isinstance(reached, dict) else None
        if not is_int(team) or not 0 <= team < table.team_count or state.scores[team] != top:
            raise BadState("the result names the team with the highest score")
        if reached != {"winner_team": team, "winners": table.members(team), "scores": state.scores}:
            raise BadState("the result is the winners and the scores")
        state.reached = dict(reached)
    if (result is not None) != (phase == OVER) or (result is not None and result != reached):
        raise BadState("the result is the one reached, once the game is over")
    state.result = dict(result) if result is not None else None
