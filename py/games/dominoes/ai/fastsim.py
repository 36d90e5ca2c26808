"""A compact, fast copy of the rules for computer players to play out hands.

The engine keeps the whole layout tree; a playout only needs each arm's open
number and how much it adds to the count, so here an arm is two small ints:
`vals[i]` (-1 while closed) and `wts[i]` (0, 1 or 2: how many times the number
counts). Arms are W, E, N, S as in the engine. Tiles are ids into SET.
Tests check this against the engine over many random games.
"""

from collections.abc import Iterable

from ..layout import Layout
from ..tiles import SET

SimMove = tuple[int, int]  # (tile id, arm: 0..3 for W, E, N, S, -1 for the lead)
World = tuple[list[list[int]], list[int]]  # (every seat's hand, the boneyard), as tile ids

HIGH = [t[0] for t in SET]
LOW = [t[1] for t in SET]
PIPS = [t[0] + t[1] for t in SET]
DOUBLE = [t[0] == t[1] for t in SET]
TILE_ID = {t: i for i, t in enumerate(SET)}
# HAS[t][n]: tile t shows number n. An eighth entry, always False, is what a
# closed arm's -1 indexes, so lookups need no separate "is it open" test.
HAS = [[n in t for n in range(7)] + [False] for t in SET]


class Ends:
    """The open ends of a layout and their count."""

    __slots__ = ("count", "empty", "played_we", "spinner", "vals", "wts")
    count: int  # the count of the open ends
    empty: bool  # nothing played yet
    played_we: list[bool]  # whether W and E have been played on
    spinner: int  # its number, -1 while there is none
    vals: list[int]
    wts: list[int]

    def copy(self) -> "Ends":
        e = Ends.__new__(Ends)
        e.vals = list(self.vals)
        e.wts = list(self.wts)
        e.spinner = self.spinner
        e.played_we = list(self.played_we)
        e.empty = self.empty
        e.count = self.count
        return e

    def open_values(self) -> list[int]:
        return [v for v in self.vals if v >= 0]

    def plays(self, hand: Iterable[int]) -> list[SimMove]:
        """Legal (tile, arm) pairs; arm -1 is the lead."""
        if self.empty:
            return [(t, -1) for t in hand]
        v0, v1, v2, v3 = self.vals
        found = []
        for t in hand:
            h = HAS[t]
            if h[v0]:
                found.append((t, 0))
            if h[v1]:
                found.append((t, 1))
            if h[v2]:
                found.append((t, 2))
            if h[v3]:
                found.append((t, 3))
        return found

    def can_play(self, hand: Iterable[int]) -> bool:
        if self.empty:
            return bool(hand)
        v0, v1, v2, v3 = self.vals
        for t in hand:
            h = HAS[t]
            if h[v0] or h[v1] or h[v2] or h[v3]:
                return True
        return False

    def count_after(self, t: int, i: int) -> int:
        """The count of the open ends if tile t were played on arm i."""
        if i < 0:
            return PIPS[t]
        v = self.vals[i]
        out = PIPS[t] - v
        count = self.count - v * self.wts[i] + (2 * out if DOUBLE[t] else out)
        if self.spinner >= 0 and i < 2 and not self.played_we[0] and not self.played_we[1]:
            count += self.spinner  # the lone spinner's other side now counts both halves
        return count

    def place(self, t: int, i: int) -> int:
        """Puts tile t on arm i (-1: the lead); returns the new count."""
        vals, wts = self.vals, self.wts
        if i < 0:
            self.empty = False
            hi, lo = HIGH[t], LOW[t]
            vals[0], vals[1] = hi, lo
            wts[0] = wts[1] = 1
            if hi == lo:
                self.spinner = hi
            self.count = hi + lo
            return self.count
        self.count = self.count_after(t, i)
        v = vals[i]
        dbl = DOUBLE[t]
        vals[i] = PIPS[t] - v
        wts[i] = 2 if dbl else 1
        if self.spinner < 0:
            if dbl:
                self.spinner = v  # the first double becomes the spinner
                self.played_we[i] = False
                self.played_we[1 - i] = True
        elif i < 2:
            other = 1 - i
            if not self.played_we[other]:
                wts[other] = 2
            self.played_we[i] = True
            if self.played_we[other] and vals[2] < 0:
                vals[2] = vals[3] = self.spinner
                wts[2] = wts[3] = 0
        return self.count


def ends_from_layout(layout: Layout) -> Ends:
    e = Ends()
    e.vals = [-1, -1, -1, -1]
    e.wts = [0, 0, 0, 0]
    e.spinner = -1 if layout.spinner is None else layout.spinner
    e.played_we = [bool(layout.arms["W"]), bool(layout.arms["E"])]
    e.empty = layout.is_empty
    open_ends = layout.open_ends()
    for end in open_ends:
        i = "WENS".index(end.end)
        e.vals[i] = end.value
        e.wts[i] = end.counts // end.value if end.value else _weight_of_zero(layout, end.end)
    e.count = sum(end.counts for end in open_ends)
    return e


def _weight_of_zero(layout: Layout, arm: str) -> int:
    """An end showing 0 counts nothing either way; keep the weight the rules give it."""
    tiles = layout.arms[arm]
    if tiles:
        return 2 if tiles[-1][0] == tiles[-1][1] else 1
    if layout.spinner is None:
        return 1
    if arm in ("N", "S"):
        return 0
    return 2 if (layout.arms["W"] or layout.arms["E"]) else 1


class Sim:
    """One hand in progress, all hands known (a determinised world)."""

    __slots__ = (
        "boneyard",
        "current",
        "done",
        "ends",
        "hands",
        "passes",
        "scores",
        "seats",
        "target",
        "team",
        "winner",
    )

    def __init__(
        self,
        ends: Ends,
        seats: int,
        team: list[int],
        hands: list[list[int]],
        boneyard: list[int],
        scores: Iterable[int],
        target: int,
        current: int,
    ):
        self.ends = ends
        self.seats = seats
        self.team = team
        self.hands = hands
        self.boneyard = boneyard
        self.scores = list(scores)
        self.target = target
        self.current = current
        self.passes = 0
        self.done = False
        self.winner: int | None = None

    def copy(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.ends = self.ends.copy()
        s.seats = self.seats
        s.team = self.team
        s.hands = [list(h) for h in self.hands]
        s.boneyard = list(self.boneyard)
        s.scores = list(self.scores)
        s.target = self.target
        s.current = self.current
        s.passes = self.passes
        s.done = self.done
        s.winner = self.winner
        return s

    def play(self, t: int, i: int) -> int:
        """The current seat plays tile t on arm i; returns the points scored."""
        seat = self.current
        self.hands[seat].remove(t)
        count = self.ends.place(t, i)
        self.passes = 0
        points = count if count % 5 == 0 else 0
        if points:
            team = self.team[seat]
            self.scores[team] += points
            if self.scores[team] >= self.target:
                self.done = True
                self.winner = team
                return points
        if not self.hands[seat]:
            self._end_hand(self.team[seat])
            return points
        self.current = (seat + 1) % self.seats
        return points

    def draw(self) -> None:
        self.hands[self.current].append(self.boneyard.pop())

    def pass_turn(self) -> None:
        self.passes += 1
        if self.passes >= self.seats:
            self._block()
        else:
            self.current = (self.current + 1) % self.seats

    def _block(self) -> None:
        team_pips = [0] * (max(self.team) + 1)
        for seat, hand in enumerate(self.hands):
            team_pips[self.team[seat]] += sum(PIPS[t] for t in hand)
        fewest = min(team_pips)
        holders = [team for team, p in enumerate(team_pips) if p == fewest]
        if len(holders) == 1:
            self._end_hand(holders[0])
        else:
            self.done = True

    def _end_hand(self, winner_team: int) -> None:
        raw = 0
        for seat, hand in enumerate(self.hands):
            if self.team[seat] != winner_team:
                for t in hand:
                    raw += PIPS[t]
        self.scores[winner_team] += 5 * ((raw + 2) // 5)
        self.done = True
        if self.scores[winner_team] >= self.target:
            self.winner = winner_team
