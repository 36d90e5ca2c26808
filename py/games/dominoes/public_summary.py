"""A finished hand's summary at a table of devices (public.py), made from the hands its
seats showed exactly as the ordinary engine makes it from the hands it dealt (state.py's
_end_hand; rules 7.3 and 7.4). Each hand is listed highest tile first, as it was shown."""

from typing import TYPE_CHECKING

from games.common.protocol import Json

from .scoring import blocked_winner, round_to_five
from .tiles import pips

if TYPE_CHECKING:
    from .public import PublicState


def hand_summary(state: "PublicState") -> Json:
    """The hand_end event of the state's hand, its seats' tiles all shown, without the
    scores after it (the state adds them once it has credited the points)."""
    table, ended = state.table, state.ended
    if ended is None or None in state.revealed:
        raise ValueError("a hand is summed up once it has ended and every seat has shown it")
    hands = [list(tiles) for tiles in state.revealed if tiles is not None]
    seat_pips = [sum(pips(t) for t in hand) for hand in hands]
    team_pips = [sum(seat_pips[s] for s in table.members(t)) for t in range(table.team_count)]
    domino_seat = ended["seat"]
    winner: int | None
    if ended["reason"] == "domino":
        winner = table.team_of(domino_seat)
    else:
        winner = blocked_winner(team_pips)
    raw = (
        0
        if winner is None
        else sum(p for s, p in enumerate(seat_pips) if table.team_of(s) != winner)
    )
    return {
        "type": "hand_end",
        "hand": state.hand_number,
        "reason": ended["reason"],
        "seat": domino_seat,
        "winner_team": winner,
        "pips": seat_pips,
        "team_pips": team_pips,
        "raw": raw,
        "points": round_to_five(raw) if winner is not None else 0,
        "hands": [[list(t) for t in hand] for hand in hands],
        "layout": state.layout.to_json(),
    }
