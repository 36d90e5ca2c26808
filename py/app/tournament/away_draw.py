"""The bar above the app's other pages while a Wordle Tournament goes on behind
them (rule 10.6, away): the round, whose turn it
is with its clock, and a link back. Pure: the engine's view in, markup out.
"""

from typing import Any

from ..html import Markup, h
from ..i18n import Translator
from ..router import href
from ..views import wordle_parts as parts
from .ui import isolated

BAR_ID = "wt-away-bar"
BACK = href("wordle", mode="tournament")
BACK_TO_HOSTED = href("wordle", mode="tournament", remote="group-host")
BACK_TO_MEMBER = href("wordle", mode="tournament", remote="group-member")


def bar(t: Translator, said: str, clock: str, back: str = BACK) -> Markup:
    """The whole bar: what it says, its clock (markup or "") and its link back."""
    return h(
        "aside",
        {
            "id": BAR_ID,
            "class": "wt-away-bar",
            "aria-label": t("wt.bar_label"),
            "data-lang": t.language,
            "data-behind-bar": "",  # (app.frame.behind updates its parts)
        },
        h("span", {"class": "wt-away-what", "aria-live": "polite", "data-part": "what"}, said),
        h("span", {"class": "wt-away-clock", "data-part": "clock"}, clock),
        h("a", {"class": "button", "href": back}, t("wt.bar_back")),
    )


def bar_state(
    t: Translator,
    view: dict[str, Any],
    holder: tuple[int, int] | None,
    group: bool,
    people: set[int] | None = None,
) -> tuple[str, str]:
    """(what the bar says, the clock it shows or ""): said anew only when the
    tournament moves on (a screen reader hears it), the clock every tick.
    `holder`: the engine's keyboard_holder, (pid, duel) or None; `people`: the ids
    of this device's players (by default every human's, as on one device)."""
    number = view["round"]
    if view["humans_done"]:
        return t("wt.bar_out"), ""
    if view["phase"] == "intro":
        return t("wt.bar_intro", round=number), parts.clock(t, view["intro_left"], True)
    names = {p["id"]: isolated(p["name"]) for p in view["players"]}
    if holder is not None:
        pid, index = holder
        said = (
            t("wt.bar_turn_of", round=number, name=names[pid])
            if group
            else t("wt.bar_your_turn", round=number)
        )
        return said, parts.clock(t, view["duels"][index]["time_left"], True)
    if people is None:
        people = {p["id"] for p in view["players"] if p["human"]}
    waiting = [d for d in view["duels"] if d["result"] is None and set(d["players"]) & people]
    if waiting:
        duel = waiting[0]
        to_play = names[duel["players"][duel["turn"]]]
        return t("wt.bar_waiting", round=number, name=to_play), parts.clock(
            t, duel["time_left"], duel["running"]
        )
    return t("wt.bar_round", round=number), ""
