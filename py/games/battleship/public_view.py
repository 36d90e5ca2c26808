"""What a seat may see of a game between two devices (public.py), in the shape of the
ordinary engine's view (state.py's view_for) so that the Battleship view draws it alike.

Without the seat's own fleet (which only its device holds: private.PrivateFleet.view_for
adds it) its ships have no squares, "incoming" gives the answers as the seat gave them
and "shots_allowed" is the most its salvo may have. The other fleet ("opponent_fleet")
is shown once its seat has revealed it, if it is a fleet. Beyond the ordinary keys:
"pending" (the volley waiting for its answer: {"player", "squares"}, or None),
"salvo_sizes" ([fewest, most] this seat may fire), "decided" (the winner as the answers
tell it, before the check), "revealed" (per seat) and "result" (once both are checked)."""

from typing import TYPE_CHECKING

from games.common.protocol import Json

from .fleet import SHIP_IDS
from .grid import SQUARES, square_name
from .resolve import fleet_view
from .sealed import shown_fleet

if TYPE_CHECKING:
    from .public import PublicState


def view_for(state: "PublicState", seat: int) -> Json:
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    opponent = 1 - seat
    answered = [v for v in state.volleys if v["answer"] is not None]
    pending = state.pending
    fewest, most = state.salvo_sizes(seat)
    called = state.called[seat]
    return {
        "player": seat,
        "mode": state.mode,
        "edition": state.options["edition"],
        "announce_ship": state.options["announce_ship"],
        "phase": state.phase,
        "current_player": state.current_player,
        "winner": state.result["winner"] if state.result else None,
        "ready": [c is not None for c in state.commitments],
        "fleet": _unplaced_fleet(state, seat),
        "shots": [_record(v["answer"]) for v in answered if v["player"] == seat],
        "incoming": [_record(v["answer"]) for v in answered if v["player"] == opponent],
        "shots_allowed": most,
        "aimed": [],
        "opponent_afloat": _known_afloat(state, seat),
        "called": [square_name(i) for i in range(SQUARES) if called >> i & 1],
        "opponent_fleet": shown_fleet_view(state, opponent),
        "pending": {"player": pending["player"], "squares": list(pending["squares"])}
        if pending
        else None,
        "salvo_sizes": [fewest, most],
        "decided": state.decided,
        "revealed": [shown is not None for shown in state.reveals],
        "result": _result(state.result),
    }


def shown_fleet_view(state: "PublicState", seat: int) -> list[Json] | None:
    """`seat`'s fleet as shown at the end, hit by the other's calls; None before it is
    shown, or when what it showed is not a fleet."""
    shown = state.reveals[seat]
    if shown is None:
        return None
    fleet, _ = shown_fleet([word for ship in shown["ships"] for word in ship])
    return None if fleet is None else fleet_view(fleet, state.called[1 - seat])


def _unplaced_fleet(state: "PublicState", seat: int) -> list[Json]:
    entries = fleet_view({}, 0)
    for entry in entries:
        entry["sunk"] = entry["ship"] in state.sunk[seat]
    return entries


def _known_afloat(state: "PublicState", seat: int) -> int:
    """As the ordinary engine's: announced sinks; in Advanced Salvo, which announces none
    (8.2), the size of the other's latest salvo."""
    opponent = 1 - seat
    if state.mode != "advanced_salvo":
        return len(SHIP_IDS) - len(state.sunk[opponent])
    theirs = [v for v in state.volleys if v["player"] == opponent]
    return len(theirs[-1]["squares"]) if theirs else len(SHIP_IDS)


def _record(record: Json) -> Json:
    copied = {**record, "shots": [dict(shot) for shot in record["shots"]]}
    if "sunk" in record:
        copied["sunk"] = list(record["sunk"])
    return copied


def _result(result: Json | None) -> Json | None:
    if result is None:
        return None
    return {
        **result,
        "shots": list(result["shots"]),
        "cheaters": list(result["cheaters"]),
        "problems": [dict(p) for p in result["problems"]],
    }
