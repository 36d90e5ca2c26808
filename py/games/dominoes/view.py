"""What one seat may see: its own hand, the table, and public history.

`public_view` is what everyone at the table may see (a page showing no hand
face up draws from it); `view_for` adds the seat's own hand and moves. The
hands of a finished hand are public: each `hand_summaries` entry lists them,
and `finished_table` is the layout that hand ended with.
"""

from typing import TYPE_CHECKING

from games.common.protocol import Json

from .layout import Layout

if TYPE_CHECKING:
    from .state import State


def table_view(layout: Layout) -> Json:
    """The layout as a page draws it: its tiles, spinner, open ends and count."""
    ends = layout.open_ends()
    return {
        "layout": layout.to_json(),
        "spinner": layout.spinner,
        "open_ends": [e.to_json() for e in ends],
        "count": sum(e.counts for e in ends),
    }


def finished_table(summaries: list[Json]) -> Json | None:
    """The table of the last finished hand as it ended, when its summary kept it
    (summaries saved before it was kept have no layout)."""
    if not summaries or "layout" not in summaries[-1]:
        return None
    try:
        return table_view(Layout.from_json(summaries[-1]["layout"]))
    except (ValueError, TypeError):  # an edited save: show no finished table
        return None


def public_view(state: "State") -> Json:
    """What every seat may know: no hand but the sizes of them all."""
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
        "hand": [],
        "hand_sizes": [len(h) for h in state.hands],
        "boneyard": len(state.boneyard),
        **table_view(state.layout),
        "history": [dict(e) for e in state.history],
        "hand_summaries": [dict(s) for s in state.hand_summaries],
        "finished_table": finished_table(state.hand_summaries),
        "legal_moves": [],
    }


def view_for(state: "State", seat: int) -> Json:
    table = state.table
    if not isinstance(seat, int) or not 0 <= seat < table.seats:
        raise ValueError("no such seat")
    return {
        **public_view(state),
        "seat": seat,
        "team": table.team_of(seat),
        "hand": [list(t) for t in state.hands[seat]],
        "legal_moves": state.legal_moves() if state.current_player == seat else [],
    }
