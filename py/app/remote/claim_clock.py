"""When this page reached the game's latest positions, for claims of a quiet player's turn
(app.remote.claims): on the clock a claim is timed by, the link's (this page's between two
devices; at a table the host's, stamped on each relayed envelope), for the positions the
other devices reached at the same time (live); and on this page's own clock, for the claim
it offers, live or not. A position whose player the game's own set-up held up (the
Dominoes deal) is also marked when the set-up let its player go: a claim of that player's
turn is timed from then."""

REMEMBERED = 4  # positions whose time is kept (a claim crosses a move or two)


class ClaimClock:
    """`opened`: this page's time when it opened the match."""

    def __init__(self, opened: float):
        self.opened = opened
        self.reached: dict[int, float] = {}  # moves played -> the link's clock, if live
        self.let_go: dict[int, float] = {}  # moves played -> when the set-up let go, if live
        self.here: tuple[int, float] = (-1, opened)  # the latest position, this page's clock
        self.catching_up_to = -1  # the other device's moves being sent here (after a sync)

    def mark(self, count: int, at: float | None, now: float, set_up_done: bool = False) -> None:
        """The position after `count` moves, reached now (or, `set_up_done`, its player let
        go by the set-up now): `at` on the link's clock (None: not live there, as a table
        guest's own move until the relay sends it on), `now` on this page's. One caught up
        after a sync is not live either; a position reached live stays so when marked again."""
        self.reached, self.let_go = (
            self._latest(self.reached, count),
            self._latest(self.let_go, count),
        )
        if at is not None and count > self.catching_up_to:
            times = self.let_go if set_up_done else self.reached
            times[count] = at
        self.here = (count, now)

    def reached_at(self, count: int) -> float | None:
        """When the position after `count` moves was reached live, on the link's clock."""
        return self.reached.get(count)

    def turn_at(self, count: int) -> float | None:
        """When the player to move after `count` moves could first move, live: when the
        position was reached, or later, when the set-up let the player go."""
        times = [t for t in (self.reached.get(count), self.let_go.get(count)) if t is not None]
        return max(times) if times else None

    def turn_since(self, count: int) -> float:
        """Since when the player to move after `count` moves has had the turn, on this
        page's clock: when this page reached the position or the set-up let its player go
        (so a claim is offered no sooner than every device could time it), or when it
        opened the match, if before."""
        at_count, at = self.here
        return at if at_count == count else self.opened

    @staticmethod
    def _latest(times: dict[int, float], count: int) -> dict[int, float]:
        return {n: t for n, t in times.items() if count - REMEMBERED < n <= count}
