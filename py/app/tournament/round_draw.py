"""The Wordle Tournament's rounds, drawn: the header (round, players left,
Leave), your duel or the one watched, and the introduction; the cards shown
instead of a duel (a bye, being out) are cards', the side panel
side's. Pure: the engine's view and the screen's Ui in, markup
out; no browser.
"""

from typing import Any

from ..html import Markup, h
from ..views import wordle_parts as parts
from . import cards
from . import side as side_draw
from .ui import (
    Context,
    nickname,
)


def game(c: Context) -> Markup:
    """The screen of a round: its header, the main part and the side panel."""
    t, ui, view = c.t, c.ui, c.view
    humans_in = c.humans_in()
    header = h(
        "div",
        {"class": "wt-head"},
        h(
            "p",
            {"class": "wt-round"},
            t(
                "wt.round_info",
                round=view["round"],
                left=sum(1 for p in view["players"] if p["placement"] is None),
                language=parts.language_name(t, view["lang"]),
            ),
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "button subtle wt-small",
                "data-action": "wt-leave",
                "aria-label": t("wt.leave"),
            },
            t("wt.leave_short"),
        )
        if humans_in and not ui.confirm_leave
        else None,
    )
    confirm = None
    if ui.confirm_leave:
        confirm = h(
            "div",
            {
                "class": "wt-confirm",
                "role": "alertdialog",
                "aria-labelledby": "wt-confirm-text",
            },
            h("p", {"id": "wt-confirm-text"}, t("wt.leave_confirm")),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "wt-leave-yes"},
                    t("wt.leave_yes"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-leave-no"},
                    t("wt.leave_no"),
                ),
            ),
        )
    return h(
        "section",
        {
            "class": "wt-screen wt-game",
            "data-lang": view["lang"],
            "data-phase": view["phase"],
            "data-round": view["round"],
        },
        header,
        confirm,
        h(
            "div",
            {"class": "wt-layout"},
            h("div", {"class": "wt-main"}, main(c)),
            h("aside", {"class": "wt-side", "aria-label": t("wt.side")}, side_draw.side(c)),
        ),
    )


def main(c: Context) -> Markup:
    """Your duel, the one watched, the introduction, a bye or being out."""
    ui, view = c.ui, c.view
    all_out = view["humans_done"]
    if ui.finishing:
        return cards.finishing(c)
    if all_out and not ui.out_seen:
        return cards.out(c)
    if ui.watching is not None and ui.watching < len(view["duels"]):
        return watch(c, view["duels"][ui.watching])
    if view["phase"] == "intro":
        return intro(c)
    if all_out:
        return cards.watch_hint(c)
    if ui.focus is not None:
        return duel(c, view["duels"][ui.focus])
    return cards.bye(c)


def status(c: Context, duel: dict[str, Any], to_play: int | None) -> Markup:
    t = c.t
    if duel["result"] is not None:
        return h("p", {"class": "wd-status"}, result_line(c, duel))
    if c.view["phase"] == "intro":
        left = (c.view["intro_left"] + 999) // 1000
        return h(
            "p",
            {"class": "wd-status"},
            h("span", {"class": "wt-intro-left"}, t("wt.starts_in", seconds=left)),
        )
    seat = duel["turn"]
    name = c.name(duel["players"][seat])
    human = c.view["players"][duel["players"][seat]]["human"]
    if to_play is not None:
        whose = t("wordle.your_turn") if c.ui.group is None else t("wt.turn_of", name=name)
        cls = "wd-whose wd-you"
    else:
        whose = (
            t("wordle.their_turn", name=name)
            if not human
            else t("wt.held_turn", name=name)
            if duel.get("held")
            else t("wt.away_turn", name=name)
        )
        cls = "wd-whose wd-them"
    return h(
        "p",
        {"class": "wd-status"},
        h("span", {"class": cls}, whose),
        " ",
        h(
            "span",
            {"class": "wd-clock-slot", "data-duel": duel["index"]},
            parts.clock(t, duel["time_left"], duel["running"]),
        ),
    )


def result_line(c: Context, duel: dict[str, Any]) -> str:
    t = c.t
    word = c.words.display(duel["word"]).upper() if duel["word"] else ""
    result = duel["result"]
    if result.get("draw"):
        return t("wordle.result_draw", word=word)
    winner = duel["players"][result["winner"]]
    if c.is_you(winner):
        return t("wordle.result_won", word=word)
    if "resigned" in result:
        return t("wt.result_left", name=c.name(duel["players"][result["resigned"]]), word=word)
    return t("wt.result_won_by", name=c.name(winner), word=word)


def duel(c: Context, duel: dict[str, Any]) -> Markup:
    """The humans' duel in focus: its board, and the keyboard of the human
    who holds it (Ui.typist: the engine's keyboard_holder)."""
    t, view, humans = c.t, c.view, c.humans
    pid = c.ui.typist if c.ui.typist in duel["players"] else None
    if pid is not None:
        you = duel["players"].index(pid)
    else:
        you = next((seat for seat, p in enumerate(duel["players"]) if p in humans), None)
    typed = list(c.ui.typed) if pid is not None else []
    names = c.pair_names(duel)
    info = h(
        "p",
        {"class": "wd-duel-info"},
        t("wt.duel_info", a=names[0], b=names[1], length=duel["length"]),
    )
    tabs = None
    mine = [d for d in view["duels"] if set(d["players"]) & humans]
    if len(mine) > 1:
        tabs = h(
            "div",
            {"class": "wt-tabs", "role": "group", "aria-label": t("wt.group_duels")},
            [
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "wt-tab",
                        "data-action": "wt-focus",
                        "data-duel": d["index"],
                        "aria-pressed": "true" if d["index"] == duel["index"] else "false",
                    },
                    " – ".join(c.pair_names(d)),
                    h("span", {"class": "wt-tab-flag"}, t("wt.needs_you"))
                    if d["to_play"] is not None
                    else None,
                )
                for d in mine
            ],
        )
    after = None
    if duel["result"] is not None:
        after = h("p", {"class": "wt-hint"}, t("wt.wait_round"))
    return h(
        "div",
        {"class": "wt-duel", "data-duel": duel["index"], "data-rows": len(duel["rows"])},
        tabs,
        info,
        status(c, duel, pid),
        c.message(),
        parts.board(t, c.words, duel, names, you, typed, c.ui.shake and pid is not None),
        after,
        parts.keyboard(t, view["lang"], parts.key_states(c.words, duel["rows"]), pid is not None),
    )


def watch(c: Context, duel: dict[str, Any]) -> Markup:
    t = c.t
    names = c.pair_names(duel)
    return h(
        "div",
        {"class": "wt-duel wt-watching", "data-duel": duel["index"]},
        waiting_for_you(c, duel),
        h(
            "p",
            {"class": "wt-watch-title"},
            t("wt.watching", a=names[0], b=names[1], length=duel["length"]),
        ),
        status(c, duel, None),
        parts.board(t, c.words, duel, names, None, [], False),
        h(
            "div",
            {"class": "wd-actions"},
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-unwatch"},
                t("wt.stop_watching") if c.humans_in() else t("wt.close_board"),
            ),
        ),
    )


def waiting_for_you(c: Context, watched: dict[str, Any]) -> Markup | None:
    """Watching another duel while yours waits for your guess: say so, with
    your clock, and one button back (a letter typed also goes back)."""
    focus = c.ui.focus
    if focus is None or focus == watched["index"] or focus >= len(c.view["duels"]):
        return None
    mine = c.view["duels"][focus]
    if mine["to_play"] is None or mine["result"] is not None:
        return None
    t = c.t
    if c.ui.group is None:
        whose = t("wordle.your_turn")
    else:
        whose = t("wt.turn_of", name=c.name(mine["to_play"]))
    return h(
        "div",
        {"class": "wt-waiting", "data-waiting": focus},
        h(
            "p",
            {},
            h("strong", {}, whose),
            " ",
            h(
                "span",
                {"class": "wd-clock-slot", "data-duel": focus},
                parts.clock(t, mine["time_left"], mine["running"]),
            ),
        ),
        h(
            "button",
            {"type": "button", "class": "button primary", "data-action": "wt-unwatch"},
            t("wt.back_to_duel"),
        ),
    )


def intro(c: Context) -> Markup:
    t, view, humans = c.t, c.view, c.humans
    pairs = [pair(c, d, mine=bool(set(d["players"]) & humans)) for d in view["duels"]]
    bye, rest = None, view["bye_player"]
    if rest is not None:
        bye = h(
            "p",
            {"class": "wt-bye-line" + (" wt-pair-mine" if rest in humans else "")},
            t(
                "wt.bye_line_you" if c.is_you(rest) else "wt.bye_line",
                name=c.name(rest),
            ),
        )
    seconds = (view["intro_left"] + 999) // 1000
    return h(
        "div",
        {"class": "wt-intro"},
        h("h2", {}, t("wt.round_title", round=view["round"])),
        h(
            "p",
            {"class": "wt-countdown"},
            h("span", {"class": "wt-intro-left"}, t("wt.starts_in", seconds=seconds)),
        ),
        h("ul", {"class": "wt-pairs"}, pairs),
        bye,
    )


def pair(c: Context, d: dict[str, Any], mine: bool = False) -> Markup:
    """A duel of the round's introduction: who plays whom, on how many letters."""
    t = c.t
    a, b = d["players"]
    return h(
        "li",
        {"class": "wt-pair" + (" wt-pair-mine" if mine else "")},
        nickname(c.name(a)),
        h("span", {"class": "wt-vs"}, t("wt.versus")),
        nickname(c.name(b)),
        h("span", {"class": "wt-length"}, t("wt.letters", length=d["length"])),
    )
