"""The bars of a distribution chart, from its counts (app.charts.tallies): one bar per
value when they are few, else ranges of a round width, and FAILED's bar last."""

from dataclasses import dataclass

from .tallies import FAILED

MAX_BARS = 10
ROUND_WIDTHS = (1, 2, 5)  # times a power of ten


@dataclass(frozen=True)
class Bar:
    low: int | None  # None: the games not done (FAILED)
    high: int | None
    count: int
    last: bool  # holds the last game's measure

    @property
    def failed(self) -> bool:
        return self.low is None


def round_width(span: int, bars: int = MAX_BARS) -> int:
    """The smallest width of 1, 2, 5, 10, 20, 50... that covers `span` values in `bars` bars."""
    scale = 1
    while True:
        for step in ROUND_WIDTHS:
            if step * scale * bars >= span:
                return step * scale
        scale *= 10


def bars(counts: dict[str, int], last: str | None = None, fixed: range | None = None) -> list[Bar]:
    """The chart's bars: one per value of `fixed` (every one, counted or not: Wordle's 1 to 6),
    else ranges covering the values counted; then FAILED's, if fixed has one or any was
    counted. `last`: the last game's key (app.charts.tallies.measure_key)."""
    values = sorted(int(key) for key in counts if key != FAILED)
    shown: list[Bar] = []
    if fixed is not None:
        shown = [Bar(v, v, counts.get(str(v), 0), last == str(v)) for v in fixed]
    elif values:
        width = round_width(values[-1] - values[0] + 1)
        start = values[0] // width * width
        last_value = int(last) if last not in (None, FAILED) else None
        for low in range(start, values[-1] + 1, width):
            high = low + width - 1
            count = sum(counts[str(v)] for v in set(values) if low <= v <= high)
            holds_last = last_value is not None and low <= last_value <= high
            shown.append(Bar(low, high, count, holds_last))
    if fixed is not None or FAILED in counts:
        shown.append(Bar(None, None, counts.get(FAILED, 0), last == FAILED))
    return shown
