"""Charts drawn as SVG (app.html's builder): rows of horizontal bars, and a line. Each is
`role="img"` with a label; its page gives the figures as text beside it (app.views.
stats_charts). Colours come from the sheet by class (static/css/app.css: the theme's, and
system colours in forced colours); text is drawn in currentColor."""

from dataclasses import dataclass

from ..html import Markup, h

WIDTH = 320  # the drawing's units; the sheet scales it to the page's width
ROW = 26
BAR = 18
FONT = 13
CHAR = 7.5  # a character's width at FONT, about (labels' column)
GAP = 6


@dataclass(frozen=True)
class Row:
    """One row of bars: its label, its parts end to end ((games, class) each) and the text
    after them."""

    label: str
    parts: tuple[tuple[int, str], ...]
    text: str


def scaled(value: float, low: float, high: float, out_low: float, out_high: float) -> float:
    """`value` of [low, high] placed on [out_low, out_high] (the middle when low == high)."""
    if high == low:
        return (out_low + out_high) / 2
    return out_low + (value - low) * (out_high - out_low) / (high - low)


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def bar_rows(rows: list[Row], label: str) -> Markup:
    """Horizontal bars, one row each, as long as their games against the longest row's."""
    label_width = GAP + CHAR * max((len(row.label) for row in rows), default=1)
    text_width = GAP + CHAR * max((len(row.text) for row in rows), default=1)
    room = WIDTH - label_width - GAP - text_width
    most = max((sum(n for n, _ in row.parts) for row in rows), default=0)
    drawn = []
    for i, row in enumerate(rows):
        top = i * ROW + (ROW - BAR) / 2
        middle = i * ROW + ROW / 2
        drawn.append(
            h(
                "text",
                {"x": _number(label_width - GAP), "y": _number(middle), "class": "chart-label end"},
                row.label,
            )
        )
        x = label_width
        for games, kind in row.parts:
            width = scaled(games, 0, most, 0, room) if most else 0
            if width:
                drawn.append(
                    h(
                        "rect",
                        {
                            "x": _number(x),
                            "y": _number(top),
                            "width": _number(width),
                            "height": BAR,
                            "rx": 3,
                            "class": f"chart-bar {kind}".strip(),
                        },
                    )
                )
            x += width
        drawn.append(
            h(
                "text",
                {"x": _number(x + GAP), "y": _number(middle), "class": "chart-label"},
                row.text,
            )
        )
    return _svg(len(rows) * ROW, label, drawn)


def line(values: list[int], first: str, last: str, label: str) -> Markup:
    """A line through `values` in order, the last point marked, the lowest and highest values
    on the left, `first` and `last` (its ends' names: dates) below."""
    height, left, right, top, bottom = 150, 44, 12, 10, 24
    low, high = min(values), max(values)
    ys = [scaled(v, low, high, height - bottom, top) for v in values]
    xs = [scaled(i, 0, len(values) - 1, left, WIDTH - right) for i in range(len(values))]
    drawn = [
        h(
            "line",
            {
                "x1": left,
                "x2": WIDTH - right,
                "y1": _number(y),
                "y2": _number(y),
                "class": "chart-grid",
            },
        )
        for y in sorted({ys[values.index(low)], ys[values.index(high)]})
    ]
    drawn += [
        h("text", {"x": left - GAP, "y": _number(y), "class": "chart-label end"}, str(v))
        for v, y in sorted({low: ys[values.index(low)], high: ys[values.index(high)]}.items())
    ]
    if len(values) > 1:
        points = " ".join(f"{_number(x)},{_number(y)}" for x, y in zip(xs, ys))
        drawn.append(h("polyline", {"points": points, "class": "chart-line"}))
    for i, (x, y) in enumerate(zip(xs, ys)):
        kind = "chart-point last" if i == len(values) - 1 else "chart-point"
        drawn.append(
            h(
                "circle",
                {
                    "cx": _number(x),
                    "cy": _number(y),
                    "r": 5 if "last" in kind else 3,
                    "class": kind,
                },
            )
        )
    base = height - bottom / 2
    drawn.append(h("text", {"x": left, "y": base, "class": "chart-label"}, first))
    drawn.append(h("text", {"x": WIDTH - right, "y": base, "class": "chart-label end"}, last))
    return _svg(height, label, drawn)


def _svg(height: float, label: str, drawn: list[Markup]) -> Markup:
    return h(
        "svg",
        {
            "class": "chart-drawing",
            "viewBox": f"0 0 {WIDTH} {_number(height)}",
            "role": "img",
            "aria-label": label,
            "font-size": FONT,
        },
        drawn,
    )
