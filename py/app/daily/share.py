"""The share card of a finished daily (text for any messenger, and a link that opens today's
daily carrying this result) and a friend's result read back from such a link.

The link is `#/<game>?daily=today&vs=<token>`; the token is this device's result, packed
(base64url of zlib-compressed JSON: {"n": the day's number, "g": the game, "r": RESULT}).
It is untrusted input: read through app.untrusted, then checked as a stored result is
(app.daily.records.result_from); anything else is refused with a reason the page puts in
plain words, never a traceback."""

import base64
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from .. import router
from ..untrusted import Untrusted, unpack
from .days import is_number
from .games import DailyRules, name_key
from .records import DailyResult, Streaks, result_from

MAX_TOKEN = 400  # characters: a result is a handful of small figures
MAX_JSON = 600  # bytes once inflated
TODAY = "today"  # the daily parameter's value: today's daily, whatever the date


@dataclass(frozen=True)
class Friend:
    number: int
    result: DailyResult


class Refused(ValueError):
    """A friend's link that is not one; `why` is the catalogue key of what the page says."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def token(game: str, number: int, result: DailyResult) -> str:
    packed = {"n": number, "g": game, "r": result.to_json()}
    deflated = zlib.compress(json.dumps(packed, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(deflated).decode().rstrip("=")


def friend_from(text: str, game: str, rules: DailyRules) -> Friend:
    """A friend's result from a link's token; Refused if it is not one of this game's."""
    try:
        packed = unpack(text, max_chars=MAX_TOKEN, max_bytes=MAX_JSON)
    except Untrusted:
        raise Refused("daily.link.damaged") from None
    if not isinstance(packed, dict) or set(packed) != {"n", "g", "r"}:
        raise Refused("daily.link.damaged")
    result = result_from(packed["r"])
    if packed["g"] != game:
        raise Refused("daily.link.other_game")
    if not is_number(packed["n"]) or result is None or result.variant != rules.variant:
        raise Refused("daily.link.damaged")
    return Friend(packed["n"], result)


def href(game: str, shared: str | None = None) -> str:
    """Today's daily of `game` (with a result to compare when `shared` is a token)."""
    return router.href(game, daily=TODAY, **({"vs": shared} if shared else {}))


def share_text(
    t: Callable[..., str],
    game: str,
    number: int,
    rules: DailyRules,
    result: DailyResult,
    streaks: Streaks,
    page_url: str,
) -> str:
    """The share card: the day, the game, how it went (no position), the streak and a link
    that opens today's daily with this result to compare (page_url: the page without its
    fragment)."""
    lines = [
        t("daily.share.title", number=number, game=t(name_key(game))),
        rules.emoji + " " + t(share_key(game, result), **dict(result.figures)),
        *(rules.grid(result) if rules.grid is not None else []),
        t("daily.share.streak", count=streaks.current),
        page_url + href(game, token(game, number, result)),
    ]
    return "\n".join(lines)


def share_key(game: str, result: DailyResult) -> str:
    """The card's line of how it went: a game with a winner says won or lost."""
    ending = "" if result.won is None else ".won" if result.won else ".lost"
    return f"daily.share.{game}{ending}"


def compared(
    rules: DailyRules, mine: DailyResult, theirs: DailyResult
) -> list[tuple[str, int | str, int | str]]:
    """(figure, mine, theirs) for each figure the game compares."""
    return [
        (name, mine.figures.get(name, ""), theirs.figures.get(name, "")) for name in rules.figures
    ]
