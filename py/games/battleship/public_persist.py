"""A game between two devices (public.py) as JSON, and back. A save comes from storage a
person can edit, or from the other device: it is rebuilt by playing its moves again, so
each is checked as it was when played, and it must then be exactly what was saved.

    {"version": 1, "options", "commitments": [hex or None, hex or None],
     "volleys": [{"squares": [...], "answer": {"shots", "sunk"} or {"hits"} or None}],
     "reveals": [{"ships", "salt"} or None, ...]}
"""

from typing import TYPE_CHECKING

from games.common.errors import BadState, IllegalMove
from games.common.protocol import Json

from .options import normalise_options

if TYPE_CHECKING:
    from .public import PublicState

KEYS = {"version", "options", "commitments", "volleys", "reveals"}


def answer_fields(record: Json) -> Json:
    """The answer move's own fields of a volley's public record."""
    if "sunk" not in record:
        return {"hits": record["hits"]}
    return {"shots": [dict(shot) for shot in record["shots"]], "sunk": list(record["sunk"])}


def state_to_json(state: "PublicState") -> Json:
    from .public import VERSION

    return {
        "version": VERSION,
        "options": dict(state.options),
        "commitments": list(state.commitments),
        "volleys": [
            {
                "squares": list(volley["squares"]),
                "answer": None if volley["answer"] is None else answer_fields(volley["answer"]),
            }
            for volley in state.volleys
        ],
        "reveals": [
            None
            if shown is None
            else {"ships": [list(s) for s in shown["ships"]], "salt": shown["salt"]}
            for shown in state.reveals
        ],
    }


def state_from_json(cls: type["PublicState"], data: object) -> "PublicState":
    try:
        return _rebuilt(cls, data)
    except BadState:
        raise
    except IllegalMove as refusal:
        raise BadState(f"battleship-public: a saved move breaks a rule ({refusal.key})") from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
        raise BadState(f"battleship-public: {type(error).__name__} {str(error)[:80]}") from None


def _rebuilt(cls: type["PublicState"], data: object) -> "PublicState":
    from .public import REVEAL, VERSION

    if not isinstance(data, dict) or set(data) != KEYS or data["version"] != VERSION:
        raise BadState("battleship-public: unknown save format")
    state = cls(normalise_options(data["options"]))
    commitments, volleys, reveals = data["commitments"], data["volleys"], data["reveals"]
    if not all(isinstance(x, list) and len(x) == 2 for x in (commitments, reveals)):
        raise BadState("battleship-public: two commitments and two reveals")
    if not isinstance(volleys, list):
        raise BadState("battleship-public: volleys must be a list")
    for seat, sealed in enumerate(commitments):
        if sealed is not None:
            state.apply({"type": "ready", "player": seat, "commitment": sealed})
    for volley in volleys:
        if not isinstance(volley, dict) or set(volley) != {"squares", "answer"}:
            raise BadState("battleship-public: a volley is {squares, answer}")
        state.apply({"type": "fire", "squares": volley["squares"]})
        if volley["answer"] is not None:
            if not isinstance(volley["answer"], dict):
                raise BadState("battleship-public: an answer is an object")
            target = state.current_player
            state.apply({"type": "answer", "player": target, **volley["answer"]})
    while state.phase == REVEAL and reveals[state.current_player] is not None:
        shown = reveals[state.current_player]
        if not isinstance(shown, dict) or set(shown) != {"ships", "salt"}:
            raise BadState("battleship-public: a reveal is {ships, salt}")
        state.apply({"type": "reveal", "player": state.current_player, **shown})
    if state_to_json(state) != data:
        raise BadState("battleship-public: the saved moves do not lead to the saved game")
    return state
