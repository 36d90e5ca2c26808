"""Move choices on a Sim: the rules of thumb shared by players and playouts."""

from .fastsim import DOUBLE, HAS, PIPS, Sim, SimMove


def greedy_pick(s: Sim, options: list[SimMove]) -> SimMove:
    """Highest immediate score, then the heaviest tile."""
    best = None
    best_key = None
    ends = s.ends
    for t, i in options:
        count = ends.count_after(t, i)
        key = (count if count % 5 == 0 else 0) * 100 + PIPS[t]
        if best_key is None or key > best_key:
            best, best_key = (t, i), key
    if best is None:
        raise ValueError("no option to pick from")
    return best


def reply_aware_pick(s: Sim, options: list[SimMove]) -> SimMove:
    """The points a play takes minus the points the next seat (always an
    opponent) would take straight back with its greedy reply, then the
    heaviest tile. Inside a playout every hand is known, so this one ply of
    look-ahead is cheap; a play that ends the game or the hand counts what it
    wins there."""
    team = s.team[s.current]
    best, best_key = None, None
    for t, i in options:
        after = s.copy()
        before = after.scores[team]
        after.play(t, i)
        value = after.scores[team] - before
        if after.done:
            if after.winner == team:
                value += 1000
        else:
            replies = after.ends.plays(after.hands[after.current])
            if replies:
                u, j = replies[0] if len(replies) == 1 else greedy_pick(after, replies)
                count = after.ends.count_after(u, j)
                value -= count if count % 5 == 0 else 0
        key = value * 100 + PIPS[t]
        if best_key is None or key > best_key:
            best, best_key = (t, i), key
    if best is None:
        raise ValueError("no option to pick from")
    return best


def heuristic_pick(
    s: Sim,
    options: list[SimMove],
    unseen: list[int],
    weights: tuple[float, float, float, float, float],
) -> SimMove:
    """Greedy plus: keep a variety of numbers, leave no easy five, unload when
    an opponent is close to going out. `unseen` are tiles the mover cannot see."""
    w_risk, w_variety, w_follow, w_weight, w_double = weights
    seat = s.current
    hand = s.hands[seat]
    fewest_opponent = min(
        (len(h) for k, h in enumerate(s.hands) if s.team[k] != s.team[seat]), default=7
    )
    urgency = 1.0 + (3.0 if fewest_opponent <= 2 else 1.0 if fewest_opponent <= 3 else 0.0)
    best, best_value = None, None
    for t, i in options:
        after = s.ends.copy()
        count = after.place(t, i)
        points = count if count % 5 == 0 else 0
        rest = [u for u in hand if u != t]
        values = after.open_values()
        numbers: set[int] = set()
        follow = 0
        for u in rest:
            h = HAS[u]
            numbers.update(n for n in range(7) if h[n])
            if any(h[v] for v in values):
                follow += 1
        risk = 0
        for u in unseen:
            h = HAS[u]
            for k in range(4):
                v = after.vals[k]
                if v >= 0 and h[v]:
                    c = after.count_after(u, k)
                    if c % 5 == 0 and c > risk:
                        risk = c
        value = (
            points
            - w_risk * risk
            + w_variety * len(numbers)
            + w_follow * follow
            + w_weight * urgency * PIPS[t]
            + (w_double if DOUBLE[t] else 0)
        )
        if best_value is None or value > best_value:
            best, best_value = (t, i), value
    if best is None:
        raise ValueError("no option to pick from")
    return best
