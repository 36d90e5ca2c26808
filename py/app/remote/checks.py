"""A match's saved record and hello, read back strictly (untrusted: they come from
storage or from the other device): the game's options, the refusals kept (who plays each
seat: app.remote.roster; how it ended: app.remote.verdict.checked). Each raises
ProtocolError with the reason; a message this device refuses raises Refused."""

from collections.abc import Collection
from typing import Any

from app.fair.errors import ProtocolError
from app.remote.names import clean_reason

DESYNC, CHEATING, INCOMPATIBLE = "desync", "cheating", "incompatible"
OTHER_VERSION = "other_version"  # the other device's app: another protocol, or other rules
CONNECTING, PLAYING, OVER, ENDED = "connecting", "playing", "over", "ended"
STOPPED = (DESYNC, CHEATING, INCOMPATIBLE, OTHER_VERSION)  # a game stopped as it was set up
STATUSES = (CONNECTING, PLAYING, OVER, ENDED, *STOPPED)  # a match's
JUNK, DUPLICATE = "junk", "duplicate"
KINDS = (JUNK, DUPLICATE, DESYNC, CHEATING, INCOMPATIBLE, OTHER_VERSION)
SET_UP_STOPS = (INCOMPATIBLE, OTHER_VERSION)  # another device's refusal that stops a set-up
MAX_PARAMS = 32
MAX_PROBLEMS = 20  # the latest refusals kept for the view; a flood of junk keeps no more


class Refused(ProtocolError):
    """Another device's message refused by this device's check: the kind of refusal (see
    app.remote.match) and the device at fault (None: the message's sender)."""

    def __init__(self, kind: str, reason: str, device: str | None = None):
        super().__init__(reason)
        self.kind, self.device = kind, device


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
