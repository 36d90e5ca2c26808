"""When this page reached the game's latest positions, for claims of a quiet player's turn
(app.remote.claims): on the clock a claim is timed by, the link's (this page's between two
devices; at a table the host's, stamped on each relayed envelope), for the positions the
other devices reached at the same time (live); and on this page's own clock, for the claim
it offers, live or not."""

REMEMBERED = 4  # positions whose time is kept (a claim crosses a move or two)


class ClaimClock:
    """`opened`: this page's time when it opened the match."""

    def __init__(self, opened: float):
        self.opened = opened
        self.reached: dict[int, float] = {}  # moves played -> the link's clock, if live
        self.here: tuple[int, float] = (-1, opened)  # the latest position, this page's clock
        self.catching_up_to = -1  # the other device's moves being sent here (after a sync)

    def mark(self, count: int, at: float | None, now: float) -> None:
        """The position after `count` moves, reached now: `at` on the link's clock (None:
        not live there, as a table guest's own move until the relay sends it on), `now` on
        this page's. One caught up after a sync is not live either; a position reached live
        stays so when marked again."""
        kept = {n: t for n, t in self.reached.items() if count - REMEMBERED < n <= count}
        live = at is not None and count > self.catching_up_to
        self.reached = {**kept, count: at} if live and at is not None else kept
        self.here = (count, now)

    def reached_at(self, count: int) -> float | None:
        """When the position after `count` moves was reached live, on the link's clock."""
        return self.reached.get(count)

    def turn_since(self, count: int) -> float:
        """Since when the player to move after `count` moves has had the turn, on this
        page's clock: when this page reached the position (so a claim is offered no sooner
        than every device could time it), or when it opened the match, if before."""
        at_count, at = self.here
        return at if at_count == count else self.opened
