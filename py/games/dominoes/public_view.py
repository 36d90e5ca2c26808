"""What every seat at a table of devices may see (public.py), in the shape of the
ordinary engine's views (view.py) so a page and the computer players read it alike.

`hand` is None here: only the seat's own device knows it, and adds it with the moves
it may make (private.PrivateHand.view_for). Beyond the ordinary view's keys: `phase`
("play", "reveal", "check", "over"), `ended` ({"reason", "seat"} once the play of the
hand is over), `revealed` (per seat, the tiles shown or None), `checked` (how many
seats have checked the hand) and `reached` (the result waiting for that check).
"""

from typing import TYPE_CHECKING

from games.common.protocol import Json

from .view import finished_table, table_view

if TYPE_CHECKING:
    from .public import PublicState


def public_view(state: "PublicState") -> Json:
    table = state.table
    return {
        "seat": None,
        "team": None,
        "options": table.to_json(),
        "teams": [table.members(team) for team in range(table.team_count)],
        "scores": list(state.scores),
        "hand_number": state.hand_number,
        "leader": state.leader,
        "current_player": state.current_player,
        "is_over": state.is_over,
        "result": dict(state.result) if state.result else None,
        "hand": None,
        "hand_sizes": list(state.hand_sizes),
        "boneyard": state.boneyard,
        **table_view(state.layout),
        "history": [dict(e) for e in state.history],
        "hand_summaries": [dict(s) for s in state.hand_summaries],
        "finished_table": finished_table(state.hand_summaries),
        "legal_moves": [],
        "phase": state.phase,
        "ended": dict(state.ended) if state.ended else None,
        "revealed": [None if t is None else [list(x) for x in t] for t in state.revealed],
        "checked": state.checked,
        "reached": dict(state.reached) if state.reached else None,
    }


def view_for(state: "PublicState", seat: int) -> Json:
    table = state.table
    if not isinstance(seat, int) or not 0 <= seat < table.seats:
        raise ValueError("no such seat")
    return {**public_view(state), "seat": seat, "team": table.team_of(seat)}
