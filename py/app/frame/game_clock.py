"""A game's own clock, for a game whose rules run on time (the Wordle duel's turns): game
time in milliseconds, read from the page's clock that the frame passes in, never from the
wall, so a test drives it by the times it gives. Kept in a save's meta as
{"t0": the page's time when the game's clock read "origin", "origin", "speed"}; `speed`
runs it faster (a test-only address option). The game's clock stops at `limit`."""

from dataclasses import dataclass
from typing import Any

from games.common.checks import is_int
from games.common.protocol import MAX_SEED


@dataclass(frozen=True)
class GameClock:
    t0: int  # the page's time (ms) when the game's clock read `origin`
    origin: int = 0
    speed: int = 1

    def read(self, page_ms: float, limit: int) -> int:
        """The game's time at the page's time `page_ms`, from `origin` to `limit`."""
        now = self.origin + int((page_ms - self.t0) * self.speed)
        return max(self.origin, min(limit, now))

    def meta(self) -> dict[str, int]:
        return {"t0": self.t0, "origin": self.origin, "speed": self.speed}


def started(page_ms: float, speed: int = 1) -> GameClock:
    """A clock that reads 0 at the page's time `page_ms`."""
    return GameClock(int(page_ms), 0, speed)


def from_meta(meta: dict[str, Any], limit: int, max_speed: int) -> GameClock:
    """The clock a save's meta keeps, checked (ValueError names what is wrong); a save made
    before "origin" was kept counted from the page's own epoch: its origin is its t0."""
    t0, speed = meta.get("t0"), meta.get("speed")
    origin = meta.get("origin", t0)
    if not is_int(t0) or not 0 <= t0 <= MAX_SEED:
        raise ValueError("t0 is not a time")
    if not is_int(origin) or not 0 <= origin <= limit:
        raise ValueError("origin is not a time")
    if not is_int(speed) or not 1 <= speed <= max_speed:
        raise ValueError(f"speed is not 1 to {max_speed}")
    return GameClock(t0, origin, speed)
