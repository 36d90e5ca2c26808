"""What the Wordle Tournament's drawing shares: the screen's own state as drawn
(`Ui`), names as shown, the message line and the small builders (lives, rating
changes, a duel at a glance). Pure: no browser, tested under CPython.

The drawing modules take the engine's view (`Tournament.view`), a `Ui` and the
translator `t`, and give markup built with app.html.h; they decide no rule:
whom a duel waits for, whether its clock runs, the order of the standings and
the winners all come in the view.
"""

from dataclasses import dataclass, field
from typing import Any

from games.wordle.dictionary import Dictionary
from games.wordle.tournament_rules import LIVES, PlayerRecord

from ..html import Markup, h
from ..i18n import Translator


@dataclass
class Ui:
    """The screen's state besides the tournament, as the drawing needs it."""

    mode: str = "loading"  # loading | lobby | group | game
    lang: str = "en"  # the language loaded or being loaded
    group: dict[str, Any] | None = None  # {"lang", "members"} when a group plays on this device
    message: str = ""
    message_is_error: bool = False
    shake: bool = False  # the guess typed was refused: its row shakes
    loading_error: str = ""
    confirm_leave: bool = False
    watching: int | None = None  # the index of the duel watched, or None
    focus: int | None = None  # the index of the humans' duel on screen
    out_seen: bool = False  # the "you are out" card was answered ("watch on")
    finishing: bool = False  # the bots' last duels are being played out
    typist: int | None = None  # the human the keyboard types for, in the focused duel
    typed: list[str] = field(default_factory=list)  # the tiles they typed so far
    profile: dict[str, Any] | None = None  # the rating profile shown: {"name", "rating", "history"}
    stats: dict[str, Any] | None = None  # the tournament statistics (scores.stats_for), if any
    member_ratings: list[int] = field(default_factory=list)  # the group's, member by member
    names_only: bool = False  # nobody is "you" (a replay): everyone by their nickname
    you: int = 0  # the player of this device (a member of a group across devices: its seat)
    remote: str | None = None  # a group across devices: "leader" or "member"
    leader_name: str = ""  # a member's: whose page hosts the tournament
    joined: list[str] = field(default_factory=list)  # the leader's lobby: the friends in it
    joining: int = 0  # the leader's lobby: friends' devices linked, not in it yet
    other_version: list[str] = field(default_factory=list)  # ...whose app is another version
    replay: str | None = None  # the link replaying the finished tournament, once kept
    counted: bool = True  # False: started from a known seed, no rating changes (9.8)


class Context:
    """One drawing of a tournament: the translator, the word list, the screen's state and
    the engine's view."""

    def __init__(self, t: Translator, words: Dictionary, ui: Ui, view: dict[str, Any]) -> None:
        self.t, self.words, self.ui, self.view = t, words, ui, view
        players = view["players"]
        # The people at this device: across devices, its own player alone.
        self.humans = {p["id"] for p in players if p["human"]} if ui.remote is None else {ui.you}

    def is_you(self, pid: int) -> bool:
        return is_you(self.ui, self.view["players"], pid)

    def name(self, pid: int) -> str:
        return display_name(self.t, self.ui, self.view["players"], pid)

    def pair_names(self, duel: dict[str, Any]) -> list[str]:
        return [self.name(pid) for pid in duel["players"]]

    def humans_in(self) -> list[dict[str, Any]]:
        return [p for p in self.view["players"] if p["human"] and p["placement"] is None]

    def message(self) -> Markup:
        return message_line(self.ui)


def message_line(ui: Ui) -> Markup:
    """The screen's message: what was refused, renamed, added..."""
    return h(
        "p",
        {"class": "wd-message" + (" wd-error" if ui.message_is_error else ""), "role": "alert"},
        ui.message,
    )


def is_you(ui: Ui, players: list[PlayerRecord], pid: int) -> bool:
    """Alone at the device, its player (0, or a group member's seat) is "you" (a group on
    one device is named by nicknames)."""
    return (
        ui.group is None
        and not ui.names_only
        and pid == ui.you
        and len(players) > ui.you
        and players[ui.you]["human"]
    )


def isolated(name: str) -> str:
    """A nickname inside a sentence, between Unicode isolates (FSI ... PDI): a right-to-left
    override in it then turns nothing after it around."""
    return f"\u2068{name}\u2069"


def nickname(name: str) -> Markup:
    """A nickname as an element of its own: <bdi>, isolated from the text around it."""
    return h("bdi", {"class": "wt-name"}, name)


def display_name(t: Translator, ui: Ui, players: list[PlayerRecord], pid: int) -> str:
    return t("wordle.you") if is_you(ui, players, pid) else isolated(players[pid]["name"])


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else "−" + str(-number) if number < 0 else "±0"


def lives(t: Translator, count: int) -> Markup:
    """Three dots, filled for each life left."""
    return h(
        "span",
        {"class": "wt-lives", "role": "img", "aria-label": t("wt.lives", count=count)},
        [
            h("span", {"class": "wt-life" + ("" if i < count else " wt-life-lost")}, "")
            for i in range(LIVES)
        ],
    )


def mini_rows(view: dict[str, Any]) -> Markup:
    """A duel at a glance: each row as coloured squares (no letters)."""
    rows = []
    for row in view["rows"]:
        if row["guess"] is None:
            cells = [
                h("span", {"class": "wt-mini wt-mini-skip"}, "") for _ in range(view["length"])
            ]
        else:
            cells = [h("span", {"class": f"wt-mini wt-mini-{mark}"}, "") for mark in row["marks"]]
        rows.append(h("span", {"class": f"wt-mini-row wt-mini-seat{row['seat']}"}, cells))
    return h("span", {"class": "wt-minis", "aria-hidden": "true"}, rows)


def mini_or_empty(duel: dict[str, Any]) -> Markup:
    return mini_rows(duel) if duel["rows"] else h("span", {"class": "wt-minis wt-minis-empty"}, "")


def lives_or_status(t: Translator, p: PlayerRecord, status: str | None) -> Markup:
    if status is not None and p["placement"] is not None:
        return h("span", {"class": "wt-status"}, status)
    return h(
        "span",
        {"class": "wt-player-state"},
        lives(t, p["lives"]),
        h("span", {"class": "wt-status"}, status) if status else None,
    )
