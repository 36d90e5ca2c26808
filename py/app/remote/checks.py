"""A match's saved record and hello, read back strictly (untrusted: they come from
storage or from the other device): who plays each seat, the game's options, the refusals
kept (how it ended: app.remote.verdict.checked). Each raises ProtocolError with the reason."""

from collections.abc import Collection
from typing import Any

from games.common.protocol import Game

from app.fair.errors import ProtocolError
from app.midend import COMPUTER
from app.remote.names import clean_reason

HOST, GUEST = "host", "guest"
DESYNC, CHEATING, INCOMPATIBLE = "desync", "cheating", "incompatible"
JUNK, DUPLICATE = "junk", "duplicate"
KINDS = (JUNK, DUPLICATE, DESYNC, CHEATING, INCOMPATIBLE)
MAX_PARAMS = 32
MAX_PROBLEMS = 20  # the latest refusals kept for the view; a flood of junk keeps no more


def checked_seats(game: Game, params: dict[str, Any], seats: Any) -> list[str]:
    """Who plays each seat ("host", "guest", "computer:<level>"), checked against the game's
    options; ProtocolError unless each device has a seat."""
    try:
        count = game.seats(game.options_from_params(params))
    except (ValueError, TypeError, KeyError) as error:
        raise ProtocolError(f"options the game refuses: {str(error)[:80]}") from None
    if not isinstance(seats, list) or len(seats) != count:
        raise ProtocolError(f"the game has {count} seats")
    for seat in seats:
        computer = isinstance(seat, str) and seat.removeprefix(COMPUTER) in game.computer
        if seat not in (HOST, GUEST) and not (computer and seat.startswith(COMPUTER)):
            raise ProtocolError(f"unknown player {str(seat)[:40]!r}")
    if HOST not in seats or GUEST not in seats:
        raise ProtocolError("each device has a seat")
    return list(seats)


def checked_params(params: Any) -> dict[str, str]:
    if not isinstance(params, dict) or len(params) > MAX_PARAMS:
        raise ProtocolError("the game's options are a few address parameters")
    for key, value in params.items():
        if not isinstance(key, str) or not isinstance(value, str) or len(key + value) > 80:
            raise ProtocolError("an option is a short text")
    return dict(params)


def checked_problems(problems: Any, by: Collection[str] = ("us", "peer")) -> list[dict[str, Any]]:
    """The problems kept with a game: each {by: one of `by`, kind, reason}."""
    if not isinstance(problems, list) or len(problems) > MAX_PROBLEMS:
        raise ProtocolError("bad problems")
    for problem in problems:
        if not (
            isinstance(problem, dict)
            and set(problem) == {"by", "kind", "reason"}
            and isinstance(problem["by"], str)
            and problem["by"] in by
            and problem["kind"] in KINDS
            and isinstance(problem["reason"], str)
        ):
            raise ProtocolError("bad problem")
    return [{**problem, "reason": clean_reason(problem["reason"])} for problem in problems]
