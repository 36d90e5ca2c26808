"""What the Wordle Tournament screen says when the engine's log grows: the
announcements for screen readers, the cue heard (app.sound), and what of the
screen the new events change. Pure: the tournament (read only), its new events
and the screen's Ui in; no browser, tested under CPython.
"""

from dataclasses import dataclass, field
from typing import Any

from games.wordle.dictionary import Dictionary
from games.wordle.tournament import Tournament
from games.wordle.tournament_rules import Event, PlayerRecord

from ..i18n import Translator
from ..views import wordle_parts as parts
from .ui import Ui, display_name, is_you, signed

ROW_EVENTS = ("guess", "skip")


@dataclass
class Happened:
    """What a batch of events means for the screen."""

    said: list[str] = field(default_factory=list)  # the announcements, in order
    full: bool = False  # the main part of the screen changed (else the side panel only)
    new_round: bool = False  # a round began: back to its introduction
    back_to_duel: bool = False  # a human is to play: stop watching another duel
    cue: str | None = None  # a human of this device won ("win") or lost a life ("lose")


def happened(
    t: Translator,
    words: Dictionary | None,
    game: Tournament,
    events: list[Event],
    ui: Ui,
    announce_all: bool = True,
) -> Happened:
    """Read `events` (new in `game.log`). Rows are announced in the humans'
    duels, results of their duels, placements (all of them, or only the
    humans' when not `announce_all`), the rounds and the end."""
    out = Happened()
    players = game.players
    humans = {p["id"] for p in players if p["human"]}
    shown = {ui.focus, ui.watching} - {None}

    def name(pid: int) -> str:
        return display_name(t, ui, players, pid)

    for e in events:
        kind = e["type"]
        if kind in ROW_EVENTS:
            if e["duel"] in shown:
                out.full = True
            match = game.rounds[e["round"] - 1]["matches"][e["duel"]]
            if set(match["players"]) & humans:
                out.full = True
                if e["round"] == game.round_number and game.to_play(e["duel"]) is not None:
                    out.back_to_duel = True
                row = {"seat": e["seat"], "guess": e.get("word"), "marks": e.get("marks")}
                number = row_number(match, events, e)
                out.said.append(parts.row_summary(t, words, row, name(e["player"]), number))
            continue
        out.full = True
        if kind == "round":
            out.new_round = True
            out.said.append(round_text(t, ui, players, e))
        elif kind == "play":
            if game.humans_in():
                out.back_to_duel = True
            out.said.append(t("wt.said_play", round=e["round"]))
        elif kind == "duel_over" and set(e["players"]) & humans:
            out.said.append(duel_result_text(t, words, ui, players, e))
            out.cue = "win" if e["winner"] in humans else "lose"  # a draw costs both a life
        elif kind in ("eliminated", "winner"):
            if e["player"] in humans or announce_all:
                out.said.append(placed_text(t, ui, players, e))
            if e["player"] in humans:
                out.cue = "win" if kind == "winner" else "lose"
        elif kind == "over":
            out.said.append(t("wt.said_over"))
    return out


TICKING_MS = 5000  # a clock of this device ticks in its last five seconds


def clock_tick(view: dict[str, Any]) -> tuple[int, int, int, int] | None:
    """The second a running clock of a human of this device is in, in its last
    TICKING_MS ((round, duel, row, second): one tick each), else None."""
    for duel in view["duels"]:
        left = duel["time_left"]
        if duel["to_play"] is not None and duel["running"] and 0 < left <= TICKING_MS:
            return (view["round"], duel["index"], len(duel["rows"]), (left + 999) // 1000)
    return None


def row_number(match: dict[str, Any], events: list[Event], e: Event) -> int:
    """The number of the row that `e` (a guess or skip of this batch) added
    to its duel: the rows before this batch, then the batch's in order."""

    def same_duel(x: Event) -> bool:
        return x["type"] in ROW_EVENTS and x["round"] == e["round"] and x["duel"] == e["duel"]

    in_batch = sum(1 for x in events if same_duel(x))
    earlier = sum(1 for x in events[: events.index(e)] if same_duel(x))
    return 1 + earlier + len(match["duel"].rows) - in_batch


def round_text(t: Translator, ui: Ui, players: list[PlayerRecord], e: Event) -> str:
    humans = {p["id"] for p in players if p["human"]}
    lines = [t("wt.said_round", round=e["round"])]
    for pair, length in zip(e["pairs"], e["lengths"]):
        if set(pair) & humans:
            a, b = (display_name(t, ui, players, pid) for pid in pair)
            lines.append(t("wt.said_pair", a=a, b=b, length=length))
    if e["bye"] is not None and e["bye"] in humans:
        lines.append(
            t(
                "wt.said_you_bye" if is_you(ui, players, e["bye"]) else "wt.said_bye",
                name=display_name(t, ui, players, e["bye"]),
            )
        )
    return " ".join(lines)


def duel_result_text(
    t: Translator, words: Dictionary | None, ui: Ui, players: list[PlayerRecord], e: Event
) -> str:
    word = (words.display(e["word"]) if words is not None else e["word"]).upper()
    if e["draw"]:
        a, b = (display_name(t, ui, players, pid) for pid in e["players"])
        return t("wt.said_draw", a=a, b=b, word=word)
    return t("wt.said_won", name=display_name(t, ui, players, e["winner"]), word=word)


def placed_text(t: Translator, ui: Ui, players: list[PlayerRecord], e: Event) -> str:
    params = {
        "name": display_name(t, ui, players, e["player"]),
        "placement": e["placement"],
        "change": signed(e["rating_change"]),
        "rating": e["rating"],
    }
    mine = "_you" if is_you(ui, players, e["player"]) else ""
    kept = ""
    if not ui.counted and players[e["player"]]["human"]:  # (9.8: the rating stays)
        kept, params["rating"] = "_kept", e["rating"] - e["rating_change"]
    if e["type"] == "winner":
        return t(f"wt.said{mine}_winner{kept}", **params)
    return t(f"wt.said{mine}_out{kept}", **params)
