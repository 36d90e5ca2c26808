"""The answer to a volley, as the state both devices share (public.py) takes it: in the
mode's shape (rules 5.2, 5.3, 6.1, 6.2, 7.5, 8.1), and possible on its face. Whether it is
true is known only once the fleet is shown (public_check.py); what no fleet could answer
is refused at once:

- a result for other squares than the volley's, in another order;
- a hit not naming its ship when hits are named, or naming one when they are not; a
  miss naming a ship; a hit on a ship already answered sunk;
- a ship sunk twice, or sunk with fewer hits than its length (hits naming it, when hits
  are named; all the hits on the fleet otherwise), or more ships sunk than the volley hit;
- when hits are named, a ship whose every square was hit but not answered sunk;
- more hits on a fleet than its 17 squares, the 17th hit without the last ship sunk, or
  more than 83 misses (100 squares less the fleet's 17: the squares left would all be
  ships, so the game could never end).
"""

from typing import TYPE_CHECKING

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.common.protocol import Json

from .fleet import FLEET_SQUARES, LENGTH, SHIP_IDS
from .grid import SQUARES

if TYPE_CHECKING:
    from .public import PublicState

MOST_MISSES = SQUARES - FLEET_SQUARES


def impossible() -> IllegalMove:
    return IllegalMove("battleship.impossible_answer")


def checked_answer(state: "PublicState", volley: Json, move: Json) -> Json:
    """The answer `move` to `volley` (the state's pending one) as its public record
    (state.public_record's shape); IllegalMove if it is malformed or impossible."""
    shooter, target = volley["player"], 1 - volley["player"]
    squares = volley["squares"]
    if state.mode == "advanced_salvo":
        hits = move.get("hits")
        if "shots" in move or not is_int(hits):
            raise IllegalMove("battleship.unknown_move")
        if not 0 <= hits <= len(squares):
            raise impossible()
        record = {"player": shooter, "shots": [{"square": s} for s in squares], "hits": hits}
    else:
        if "hits" in move:
            raise IllegalMove("battleship.unknown_move")
        record = _checked_shots(state, volley, move["shots"], move["sunk"])
    total = state.hits[target] + record["hits"]
    misses = state.called[shooter].bit_count() - total
    if total > FLEET_SQUARES or misses > MOST_MISSES:
        raise impossible()
    return record


def _checked_shots(state: "PublicState", volley: Json, shots: object, sunk: object) -> Json:
    target = 1 - volley["player"]
    named_ships = state.options["announce_ship"]
    if not (isinstance(shots, list) and isinstance(sunk, list)):
        raise IllegalMove("battleship.unknown_move")
    if len(shots) != len(volley["squares"]):
        raise impossible()
    named = dict(state.named[target])
    for shot, square in zip(shots, volley["squares"]):
        if not (isinstance(shot, dict) and set(shot) <= {"square", "result", "ship"}):
            raise IllegalMove("battleship.unknown_move")
        if shot.get("square") != square or shot.get("result") not in ("hit", "miss"):
            raise impossible()
        ship = shot.get("ship")
        if shot["result"] == "miss" or not named_ships:
            if "ship" in shot:
                raise impossible()
            continue
        if ship not in SHIP_IDS or ship in state.sunk[target]:
            raise impossible()
        named[ship] = named.get(ship, 0) + 1
    hits = sum(shot["result"] == "hit" for shot in shots)
    _check_sunk(state, target, sunk, hits, named)
    return {
        "player": volley["player"],
        "shots": [dict(shot) for shot in shots],
        "hits": hits,
        "sunk": list(sunk),
    }


def _check_sunk(state: "PublicState", target: int, sunk: list[str], hits: int, named: Json) -> None:
    before = state.sunk[target]
    if not all(isinstance(ship, str) and ship in SHIP_IDS for ship in sunk):
        raise IllegalMove("battleship.unknown_move")
    if sunk != [ship for ship in SHIP_IDS if ship in sunk] or set(sunk) & set(before):
        raise impossible()  # each ship once, in fleet order, and none sunk again
    if len(sunk) > hits:
        raise impossible()  # each ship sunk took its last hit in this volley
    after = before + sunk
    total = state.hits[target] + hits
    if total < sum(LENGTH[ship] for ship in after):
        raise impossible()
    if total == FLEET_SQUARES and len(after) != len(SHIP_IDS):
        raise impossible()
    if state.options["announce_ship"]:
        for ship in SHIP_IDS:
            complete = named.get(ship, 0) == LENGTH[ship]
            if named.get(ship, 0) > LENGTH[ship] or complete != (ship in after):
                raise impossible()
