"""Pieces of the Wordle page shared by the practice duel and the tournament:
the shared board, the on-screen keyboard and the clock. Pure functions from
engine views to HTML, so they are tested under CPython.
"""

from dataclasses import dataclass

from games.wordle import letters
from games.wordle.duel import TURNS_EACH
from games.wordle.feedback import MARK_NAMES

from ..html import Markup, h

KEY_ENTER, KEY_BACK = "⏎", "⌫"


@dataclass
class Motion:
    """What moves in one drawing of the board (the sheet stops it all under reduced
    motion): the rows from `reveal_from` on flip their tiles in turn, the winning
    row among them then bounces, and the tile just typed pops."""

    reveal_from: int | None = None  # the index of the first row shown for the first time
    won: bool = False  # the last row revealed is the person's winning guess
    pop: bool = False  # the last tile typed was just added


def board(
    t,
    words,
    view: dict,
    names: list,
    you,
    typed: list,
    shake: bool = False,
    motion: Motion | None = None,
    rows: int = 2 * TURNS_EACH,
):
    """Every row of a duel, the row being typed, then the rows still to come (`rows` in
    all: a duel's 12, or today's Wordle's 6).

    names[seat] labels each row; `you` is the seat of the person at the screen
    (None for a spectator); `typed` the tiles of the guess being typed."""
    length = view["length"]
    motion = motion or Motion()
    drawn = []
    played = view["rows"]
    for number, row in enumerate(played, 1):
        reveal = motion.reveal_from is not None and number > motion.reveal_from
        won = reveal and motion.won and number == len(played)
        drawn.append(_played_row(t, words, row, names, you, number, reveal, won))
    if view["result"] is None and view["turn"] is not None:
        seat = view["turn"]
        tiles = typed if seat == you else []
        pop = motion.pop and seat == you
        number = len(drawn) + 1
        drawn.append(_input_row(t, names[seat], seat, you, tiles, length, number, shake, pop))
    for _ in range(len(drawn) + 1, rows + 1):
        drawn.append(
            h(
                "li",
                {"class": "wd-row wd-future", "aria-hidden": "true"},
                h("span", {"class": "wd-who"}, ""),
                h(
                    "span",
                    {"class": "wd-tiles"},
                    [h("span", {"class": "wd-tile"}, "") for _ in range(length)],
                ),
            )
        )
    widest = max((len(name) for name in names), default=0)  # (its column fits it: the sheet)
    return h(
        "ol",
        {
            "class": "wd-board",
            "style": f"--wd-length: {length}; --wd-who-chars: {widest}",
            "aria-label": t("wordle.board"),
        },
        drawn,
    )


def who_label(who: str, hidden: bool = True) -> Markup:
    """A row's player: the row's own label names them to a screen reader; `title` gives the
    whole name where a narrow screen cuts it short."""
    return h(
        "span", {"class": "wd-who", "title": who, "aria-hidden": "true" if hidden else None}, who
    )


def _who_class(seat, you) -> str:
    return "wd-you" if seat == you else "wd-them" if you is not None else f"wd-seat{seat}"


def _played_row(t, words, row, names, you, number, reveal=False, won=False):
    who = names[row["seat"]]
    cls = f"wd-row {_who_class(row['seat'], you)}"
    if row["guess"] is None:
        return h(
            "li",
            {
                "class": cls + " wd-skipped",
                "aria-label": t("wordle.row_skipped", number=number, name=who),
            },
            who_label(who, hidden=False),
            h("span", {"class": "wd-skip-note"}, t("wordle.skipped")),
        )
    tiles = words.tiles(row["guess"])
    if row["marks"] is None:  # its marks still being worked out (a duel between devices)
        return h(
            "li",
            {"class": cls + " wd-pending", "aria-label": row_summary(t, words, row, who, number)},
            who_label(who),
            h(
                "span",
                {"class": "wd-tiles", "aria-hidden": "true"},
                [h("span", {"class": "wd-tile wd-typed"}, tile) for tile in tiles],
            ),
            h("span", {"class": "wd-checking", "aria-hidden": "true"}, t("wordle.checking")),
        )
    cells = [
        h(
            "span",
            {"class": f"wd-tile wd-{MARK_NAMES[mark]}", "style": f"--i: {i}" if reveal else None},
            tile,
        )
        for i, (tile, mark) in enumerate(zip(tiles, row["marks"]))
    ]
    cls += (" wd-reveal" if reveal else "") + (" wd-won" if won else "")
    return h(
        "li",
        {"class": cls, "aria-label": row_summary(t, words, row, who, number)},
        who_label(who),
        h("span", {"class": "wd-tiles", "aria-hidden": "true"}, cells),
    )


def _input_row(t, who, seat, you, tiles, length, number, shake, pop=False):
    cells = [
        h(
            "span",
            {
                "class": "wd-tile"
                + (" wd-typed" if i < len(tiles) else "")
                + (" wd-pop" if pop and i == len(tiles) - 1 else "")
            },
            tiles[i] if i < len(tiles) else "",
        )
        for i in range(length)
    ]
    label = (
        t("wordle.row_typing", number=number, name=who)
        if seat == you
        else t("wordle.row_waiting", number=number, name=who)
    )
    return h(
        "li",
        {
            "class": f"wd-row wd-current {_who_class(seat, you)}" + (" wd-shake" if shake else ""),
            "aria-label": label,
        },
        who_label(who),
        h("span", {"class": "wd-tiles", "aria-hidden": "true"}, cells),
    )


def row_summary(t, words, row, who, number) -> str:
    """The row for a screen reader: "Row 3, Ana: CRANE — C correct, R present, ..."."""
    if row["guess"] is None:
        return t("wordle.row_skipped", number=number, name=who)
    tiles = words.tiles(row["guess"])
    if row["marks"] is None:
        word = "".join(tiles).upper()
        return t("wordle.row_checking", number=number, name=who, word=word)
    parts = [
        t(f"wordle.mark.{MARK_NAMES[mark]}", letter=tile.upper())
        for tile, mark in zip(tiles, row["marks"])
    ]
    return t(
        "wordle.row_said",
        number=number,
        name=who,
        word="".join(tiles).upper(),
        marks=", ".join(parts),
    )


def settled(rows) -> int:
    """How many rows are drawn for good: all but a last guess still waiting for its marks."""
    pending = bool(rows) and rows[-1]["guess"] is not None and rows[-1]["marks"] is None
    return len(rows) - 1 if pending else len(rows)


def key_states(words, rows) -> dict:
    """The best news each tile has had so far: correct > present > absent."""
    states: dict[str, int] = {}
    for row in rows:
        if row["guess"] is None or row["marks"] is None:
            continue
        for tile, mark in zip(words.tiles(row["guess"]), row["marks"]):
            if mark > states.get(tile, -1):
                states[tile] = mark
    return states


def keyboard(t, lang: str, states: dict, enabled: bool):
    """The language's keys, coloured by what the rows have shown."""
    rows = letters.keyboard(lang)
    out = []
    for index, keys in enumerate(rows):
        buttons = []
        if index == len(rows) - 1:
            buttons.append(
                _key(t("wordle.enter"), "enter", "wd-key wd-wide", enabled, t("wordle.enter"))
            )
        for tile in keys:
            mark = states.get(tile)
            cls = "wd-key" + (f" wd-{MARK_NAMES[mark]}" if mark is not None else "")
            label = (
                tile.upper()
                if mark is None
                else t(f"wordle.mark.{MARK_NAMES[mark]}", letter=tile.upper())
            )
            buttons.append(_key(tile, tile, cls, enabled, label))
        if index == len(rows) - 1:
            buttons.append(_key(KEY_BACK, "back", "wd-key wd-wide", enabled, t("wordle.backspace")))
        out.append(h("div", {"class": "wd-keys-row"}, buttons))
    return h(
        "div", {"class": "wd-keyboard", "role": "group", "aria-label": t("wordle.keyboard")}, out
    )


def _key(text, key, cls, enabled, label):
    return h(
        "button",
        {
            "type": "button",
            "class": cls,
            "data-action": "wd-key",
            "data-key": key,
            "disabled": not enabled,
            "aria-label": label,
        },
        text,
    )


def language_name(t, code: str) -> str:
    """A word language by its own name (Deutsch, Қазақша, ...), as selectors show them."""
    return t(f"wordle.lang.{code}")


def default_language(interface: str) -> str:
    """The word language of a player who chose none: the interface language's, when it is a
    word language (Welsh is), else English."""
    return interface if interface in letters.LANGUAGES else "en"


def language_select(t, element_id: str, action: str, selected: str):
    codes = sorted(letters.LANGUAGES, key=lambda code: letters.LANGUAGES[code][0])
    return h(
        "select",
        {"id": element_id, "data-action": action},
        [
            h("option", {"value": code, "selected": code == selected}, language_name(t, code))
            for code in codes
        ],
    )


def clock(t, milliseconds: int, running: bool) -> Markup:
    seconds = (max(0, milliseconds) + 999) // 1000
    cls = (
        "wd-clock"
        + (" wd-clock-low" if running and seconds <= 10 else "")
        + ("" if running else " wd-clock-stopped")
    )
    return h(
        "span",
        {"class": cls, "role": "timer", "aria-label": t("wordle.seconds_left", seconds=seconds)},
        f"0:{seconds:02d}",
    )


class Typing:
    """The guess being typed, kept as text and shown as the language's tiles
    (so Uzbek "s" then "h" is the one tile "sh", and "o" then an apostrophe "oʻ")."""

    def __init__(self, lang: str, length: int):
        self.lang, self.length = lang, length
        self.text = ""

    def tiles(self) -> list:
        return letters.tiles_of(self.lang, self.text) if self.text else []

    def add(self, key: str) -> bool:
        candidate = letters.normalise(self.lang, self.text + key)
        if not letters.is_word(self.lang, candidate):
            return False
        if len(letters.tiles_of(self.lang, candidate)) > self.length:
            return False
        self.text = candidate
        return True

    def restore(self, text: str) -> bool:
        """Take saved text back if typing could have made it; False if not."""
        if text and (
            letters.normalise(self.lang, text) != text
            or not letters.is_word(self.lang, text)
            or len(letters.tiles_of(self.lang, text)) > self.length
        ):
            return False
        self.text = text
        return True

    def back(self) -> None:
        tiles = self.tiles()
        self.text = "".join(tiles[:-1])

    def clear(self) -> None:
        self.text = ""
