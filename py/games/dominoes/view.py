"""What one seat may see: its own hand, the table, and public history."""


def view_for(state, seat: int) -> dict:
    table = state.table
    if not isinstance(seat, int) or not 0 <= seat < table.seats:
        raise ValueError("no such seat")
    layout = state.layout
    ends = layout.open_ends()
    return {
        "seat": seat,
        "team": table.team_of(seat),
        "options": table.to_json(),
        "teams": [table.members(team) for team in range(table.team_count)],
        "scores": list(state.scores),
        "hand_number": state.hand_number,
        "leader": state.leader,
        "current_player": state.current_player,
        "is_over": state.is_over,
        "result": dict(state.result) if state.result else None,
        "hand": [list(t) for t in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "boneyard": len(state.boneyard),
        "layout": layout.to_json(),
        "spinner": layout.spinner,
        "open_ends": [e.to_json() for e in ends],
        "count": sum(e.counts for e in ends),
        "history": [dict(e) for e in state.history],
        "hand_summaries": [dict(s) for s in state.hand_summaries],
        "legal_moves": state.legal_moves() if state.current_player == seat else [],
    }
