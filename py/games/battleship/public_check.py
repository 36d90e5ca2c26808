"""The check of a game between two devices once both fleets are shown (public.py): each
fleet against its commitment and the placement rules, then every answer its owner gave,
and in Advanced Salvo the size of each of its owner's salvos, against that fleet
(docs/rules/battleship.md 12.5). A problem names the seat whose claim the fleet disproves:

    {"seat", "kind", "turn": the volley's index (or None), "detail": a square, a ship,
     or the key of the placement rule broken (or None)}

kinds: "commitment" (the fleet shown is not the one sealed), "illegal_fleet" (detail: the
rule's key), "false_miss" and "false_hit" (detail: the square), "wrong_ship" (a hit named
another ship), "false_sunk" and "missing_sunk" (detail: the ship), "wrong_hits" (Advanced
Salvo: how many hit), "wrong_salvo" (Advanced Salvo: not one shot per ship afloat). A
fleet that is not the one sealed, or not a fleet at all, has no answers checked."""

from typing import TYPE_CHECKING

from games.common.commitment import opens
from games.common.protocol import Json

from .fleet import SHIP_IDS
from .grid import SQUARES, mask_of
from .resolve import indices, resolve, ship_masks
from .sealed import sealed_text, shown_fleet

if TYPE_CHECKING:
    from .public import PublicState

COMMITMENT, ILLEGAL_FLEET = "commitment", "illegal_fleet"
FALSE_MISS, FALSE_HIT, WRONG_SHIP = "false_miss", "false_hit", "wrong_ship"
FALSE_SUNK, MISSING_SUNK = "false_sunk", "missing_sunk"
WRONG_HITS, WRONG_SALVO = "wrong_hits", "wrong_salvo"


def problem(seat: int, kind: str, turn: int | None = None, detail: str | None = None) -> Json:
    return {"seat": seat, "kind": kind, "turn": turn, "detail": detail}


def verify(state: "PublicState") -> list[Json]:
    """Every problem of both seats, seat 0's first."""
    return [found for seat in (0, 1) for found in verify_seat(state, seat)]


def verify_seat(state: "PublicState", seat: int) -> list[Json]:
    shown, sealed = state.reveals[seat], state.commitments[seat]
    if shown is None or sealed is None:
        raise ValueError("a fleet is checked once it is sealed and shown")
    words = [word for ship in shown["ships"] for word in ship]
    if not opens(sealed, shown["salt"], sealed_text(words)):
        return [problem(seat, COMMITMENT)]
    fleet, refusal = shown_fleet(words)
    if fleet is None:
        return [problem(seat, ILLEGAL_FLEET, detail=refusal)]
    masks = ship_masks(fleet)
    advanced = state.mode == "advanced_salvo"
    problems: list[Json] = []
    called_at = called_by = 0  # the squares called at this seat's fleet, and by this seat
    sunk: list[str] = []  # this seat's ships truly sunk so far
    answered: list[str] = []  # and those it answered sunk
    for turn, volley in enumerate(state.volleys):
        squares = indices(volley["squares"])
        if volley["player"] == seat:
            afloat = len(SHIP_IDS) - len(sunk)
            if advanced and len(squares) != min(afloat, SQUARES - called_by.bit_count()):
                problems.append(problem(seat, WRONG_SALVO, turn))
            called_by |= mask_of(squares)
            continue
        truth = resolve(masks, called_at, squares, sunk)
        called_at |= mask_of(squares)
        sunk = sunk + truth["sunk"]
        answer = volley["answer"]
        if answer is None:
            continue
        if advanced:
            if answer["hits"] != truth["hits"]:
                problems.append(problem(seat, WRONG_HITS, turn))
            continue
        problems += _shot_problems(state, seat, turn, truth, answer)
        answered += answer["sunk"]
        problems += [problem(seat, FALSE_SUNK, turn, s) for s in answer["sunk"] if s not in sunk]
        problems += [
            problem(seat, MISSING_SUNK, turn, s) for s in truth["sunk"] if s not in answered
        ]
    return problems


def _shot_problems(
    state: "PublicState", seat: int, turn: int, truth: Json, answer: Json
) -> list[Json]:
    problems = []
    for true, given in zip(truth["shots"], answer["shots"]):
        square = true["square"]
        if true["result"] == "hit" and given["result"] == "miss":
            problems.append(problem(seat, FALSE_MISS, turn, square))
        elif true["result"] == "miss" and given["result"] == "hit":
            problems.append(problem(seat, FALSE_HIT, turn, square))
        elif "ship" in given and given["ship"] != true.get("ship"):
            problems.append(problem(seat, WRONG_SHIP, turn, square))
    return problems


def describe(found: Json) -> str:
    """A problem in words (English: it goes into a report's reason, as app.fair's do)."""
    seat, kind, detail = found["seat"], found["kind"], found["detail"]
    turn = f" (turn {found['turn'] + 1})" if found["turn"] is not None else ""
    return {
        COMMITMENT: f"seat {seat} showed another fleet than the one it sealed",
        ILLEGAL_FLEET: f"seat {seat}'s fleet breaks the placement rules ({detail})",
        FALSE_MISS: f"seat {seat} answered a miss at {detail}, where it has a ship{turn}",
        FALSE_HIT: f"seat {seat} answered a hit at {detail}, where it has no ship{turn}",
        WRONG_SHIP: f"seat {seat} named another ship than the one hit at {detail}{turn}",
        FALSE_SUNK: f"seat {seat} answered its {detail} sunk before it was{turn}",
        MISSING_SUNK: f"seat {seat} did not answer that its {detail} was sunk{turn}",
        WRONG_HITS: f"seat {seat} answered how many hit wrongly{turn}",
        WRONG_SALVO: f"seat {seat} fired another number of shots than its ships afloat{turn}",
    }[kind]
