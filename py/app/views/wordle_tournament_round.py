"""The Wordle Tournament's rounds, drawn: the header (round, players left,
Leave), your duel or the one watched, the introduction, a bye, being out, and
the side panel of everyone's lives and the round's duels. Pure: the engine's
view and the screen's Ui in, markup out; no browser.
"""

from games.wordle.tournament_rules import SEATS

from ..html import h
from . import wordle_parts as parts
from .wordle_tournament_ui import (
    Context,
    isolated,
    lives_or_status,
    mini_or_empty,
    nickname,
    signed,
)


class RoundDraw(Context):
    def game(self):
        """The screen of a round: its header, the main part and the side panel."""
        t, ui, view = self.t, self.ui, self.view
        humans_in = self.humans_in()
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
                h("div", {"class": "wt-main"}, self.main()),
                h("aside", {"class": "wt-side", "aria-label": t("wt.side")}, self.side()),
            ),
        )

    def main(self):
        """Your duel, the one watched, the introduction, a bye or being out."""
        ui, view = self.ui, self.view
        all_out = view["humans_done"]
        if ui.finishing:
            return self.finishing()
        if all_out and not ui.out_seen:
            return self.out()
        if ui.watching is not None and ui.watching < len(view["duels"]):
            return self.watch(view["duels"][ui.watching])
        if view["phase"] == "intro":
            return self.intro()
        if all_out:
            return self.watch_hint()
        if ui.focus is not None:
            return self.duel(view["duels"][ui.focus])
        return self.bye()

    def status(self, duel, to_play):
        t = self.t
        if duel["result"] is not None:
            return h("p", {"class": "wd-status"}, self.result_line(duel))
        if self.view["phase"] == "intro":
            left = (self.view["intro_left"] + 999) // 1000
            return h(
                "p",
                {"class": "wd-status"},
                h("span", {"class": "wt-intro-left"}, t("wt.starts_in", seconds=left)),
            )
        seat = duel["turn"]
        name = self.name(duel["players"][seat])
        human = self.view["players"][duel["players"][seat]]["human"]
        if to_play is not None:
            whose = t("wordle.your_turn") if self.ui.group is None else t("wt.turn_of", name=name)
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

    def result_line(self, duel):
        t = self.t
        word = self.words.display(duel["word"]).upper() if duel["word"] else ""
        result = duel["result"]
        if result.get("draw"):
            return t("wordle.result_draw", word=word)
        winner = duel["players"][result["winner"]]
        if self.is_you(winner):
            return t("wordle.result_won", word=word)
        if "resigned" in result:
            return t(
                "wt.result_left", name=self.name(duel["players"][result["resigned"]]), word=word
            )
        return t("wt.result_won_by", name=self.name(winner), word=word)

    def duel(self, duel):
        """The humans' duel in focus: its board, and the keyboard of the human
        who holds it (Ui.typist: the engine's keyboard_holder)."""
        t, view, humans = self.t, self.view, self.humans
        pid = self.ui.typist if self.ui.typist in duel["players"] else None
        if pid is not None:
            you = duel["players"].index(pid)
        else:
            you = next((seat for seat, p in enumerate(duel["players"]) if p in humans), None)
        typed = list(self.ui.typed) if pid is not None else []
        names = self.pair_names(duel)
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
                        " – ".join(self.pair_names(d)),
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
            self.status(duel, pid),
            self.message(),
            parts.board(t, self.words, duel, names, you, typed, self.ui.shake and pid is not None),
            after,
            parts.keyboard(
                t, view["lang"], parts.key_states(self.words, duel["rows"]), pid is not None
            ),
        )

    def watch(self, duel):
        t = self.t
        names = self.pair_names(duel)
        return h(
            "div",
            {"class": "wt-duel wt-watching", "data-duel": duel["index"]},
            self.waiting_for_you(duel),
            h(
                "p",
                {"class": "wt-watch-title"},
                t("wt.watching", a=names[0], b=names[1], length=duel["length"]),
            ),
            self.status(duel, None),
            parts.board(t, self.words, duel, names, None, [], False),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-unwatch"},
                    t("wt.stop_watching") if self.humans_in() else t("wt.close_board"),
                ),
            ),
        )

    def waiting_for_you(self, watched):
        """Watching another duel while yours waits for your guess: say so, with
        your clock, and one button back (a letter typed also goes back)."""
        focus = self.ui.focus
        if focus is None or focus == watched["index"] or focus >= len(self.view["duels"]):
            return None
        mine = self.view["duels"][focus]
        if mine["to_play"] is None or mine["result"] is not None:
            return None
        t = self.t
        if self.ui.group is None:
            whose = t("wordle.your_turn")
        else:
            whose = t("wt.turn_of", name=self.name(mine["to_play"]))
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

    def intro(self):
        t, view, humans = self.t, self.view, self.humans
        pairs = [self.pair(d, mine=bool(set(d["players"]) & humans)) for d in view["duels"]]
        bye, rest = None, view["bye_player"]
        if rest is not None:
            bye = h(
                "p",
                {"class": "wt-bye-line" + (" wt-pair-mine" if rest in humans else "")},
                t(
                    "wt.bye_line_you" if self.is_you(rest) else "wt.bye_line",
                    name=self.name(rest),
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

    def pair(self, d, mine=False):
        """A duel of the round's introduction: who plays whom, on how many letters."""
        t = self.t
        a, b = d["players"]
        return h(
            "li",
            {"class": "wt-pair" + (" wt-pair-mine" if mine else "")},
            nickname(self.name(a)),
            h("span", {"class": "wt-vs"}, t("wt.versus")),
            nickname(self.name(b)),
            h("span", {"class": "wt-length"}, t("wt.letters", length=d["length"])),
        )

    def bye(self):
        t = self.t
        return h(
            "div",
            {"class": "wt-card wt-bye"},
            h("h2", {}, t("wt.bye_title")),
            h("p", {}, t("wt.bye_text")),
            h("p", {"class": "wt-hint"}, t("wt.watch_hint")),
        )

    def watch_hint(self):
        t = self.t
        return h("div", {"class": "wt-card"}, h("p", {}, t("wt.watch_hint")), self.finish_buttons())

    def finishing(self):
        """The bots' last duels being played out (wt-finish): a moment."""
        return h(
            "div",
            {"class": "wt-card", "id": "wt-finishing", "tabindex": "-1", "aria-busy": "true"},
            h("p", {}, self.t("wt.finishing")),
        )

    def finish_buttons(self, first=None):
        t = self.t
        if self.ui.remote is not None:  # the leader's page hosts the others: it plays on
            return h("div", {"class": "wd-actions"}, first)
        back = (
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
            if self.ui.group is not None
            else h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-new"},
                t("wt.new_tournament"),
            )
        )
        return h(
            "div",
            {"class": "wd-actions"},
            first,
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-finish"},
                t("wt.finish"),
            ),
            back,
        )

    def out(self):
        """Everyone of the device is out: placements and rating changes (8.2)."""
        t, group = self.t, self.ui.group
        lines = []
        for p in self.view["players"]:
            if not p["human"] or (group is None and p["id"] != self.ui.you):
                continue
            after = p["rating"] + p["rating_change"]
            key = (
                "wt.member_out"
                if group is not None
                else "wt.you_won"
                if p["id"] in self.view["winners"]
                else "wt.you_out"
            )
            lines.append(
                h(
                    "p",
                    {"class": "wt-out-line"},
                    t(key, name=isolated(p["name"]), placement=p["placement"], count=SEATS),
                    " ",
                    h(
                        "span",
                        {"class": "wt-rating-change"},
                        t(
                            "wt.rating_line",
                            before=p["rating"],
                            after=after,
                            change=signed(p["rating_change"]),
                        )
                        if self.ui.counted
                        else t("wt.not_counted", rating=p["rating"]),
                    ),
                )
            )
            if p["left"] is not None:
                lines.append(
                    h(
                        "p",
                        {"class": "wt-out-why"},
                        t(f"wt.out_{p['left']}", name=isolated(p["name"])),
                    )
                )
        return h(
            "div",
            {"class": "wt-card wt-out"},
            h("h2", {}, t("wt.out_title") if group is None else t("wt.group_out_title")),
            lines,
            self.finish_buttons(
                h(
                    "button",
                    {"type": "button", "class": "button primary", "data-action": "wt-watch-on"},
                    t("wt.watch_on"),
                )
            ),
        )

    def side(self):
        """Everyone's lives (standings order) and the round's duels, to watch (6.6)."""
        t, ui, view, humans = self.t, self.ui, self.view, self.humans
        you = t("wt.tag_you") if ui.group is None else None
        rows = [
            self.side_player(view["players"][pid], you if pid == ui.you else None)
            for pid in view["standings"]
        ]
        duels = []
        for d in view["duels"]:
            names = self.pair_names(d)
            if d["result"] is not None:
                state = self.short_result(d)
            elif view["phase"] == "intro":
                state = t("wt.letters", length=d["length"])
            else:
                to_play = d["players"][d["turn"]]
                if d.get("held"):
                    state = t("wt.held_turn", name=self.name(to_play))
                elif self.is_you(to_play):
                    state = t("wordle.your_turn")
                else:
                    state = t("wt.to_play", name=self.name(to_play))
            mine = bool(set(d["players"]) & humans)
            duels.append(
                h(
                    "li",
                    {},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "wt-duel-card" + (" wt-mine" if mine else ""),
                            "data-action": "wt-watch",
                            "data-duel": d["index"],
                            "aria-pressed": "true" if ui.watching == d["index"] else "false",
                        },
                        # Named by what it shows, after a word said only to screen readers.
                        h("span", {"class": "visually-hidden"}, t("wt.watch") + " "),
                        self.duel_card(d, names, state),
                    ),
                )
            )
        return self.side_panel(rows, duels)

    def side_player(self, p, tag=None):
        """A player in the side panel: nickname, `tag` (if any), rating, and
        lives or how they stand (placed, away, the bye)."""
        t, view = self.t, self.view
        status = None
        if p["placement"] is not None:
            status = t("wt.placed", placement=p["placement"])
        elif p["away"]:
            status = t("wt.away")
        elif view["bye_player"] == p["id"]:
            status = t("wt.bye_tag")
        return h(
            "li",
            {
                "class": "wt-player"
                + (" wt-human" if p["id"] in self.humans else "")
                + (" wt-placed" if p["placement"] is not None else ""),
                "data-player": p["id"],
            },
            nickname(p["name"]),
            h("span", {"class": "wt-tag"}, tag) if tag else None,
            h("span", {"class": "wt-rating"}, str(p["rating"])),
            lives_or_status(t, p, status),
        )

    def duel_card(self, d, names, state):
        """A duel at a glance: its players, its rows as colours, how it stands."""
        return [
            h(
                "span",
                {"class": "wt-duel-names"},
                nickname(names[0]),
                h("span", {"class": "wt-vs"}, self.t("wt.versus")),
                nickname(names[1]),
            ),
            mini_or_empty(d),
            h("span", {"class": "wt-duel-state"}, state),
        ]

    def side_panel(self, players, duels):
        t = self.t
        return [
            h("h2", {"class": "wt-side-title"}, t("wt.players_title")),
            h("ol", {"class": "wt-players"}, players),
            h("h2", {"class": "wt-side-title"}, t("wt.duels_title", round=self.view["round"]))
            if duels
            else None,
            h("ul", {"class": "wt-duels"}, duels) if duels else None,
        ]

    def short_result(self, d) -> str:
        t = self.t
        if d["result"].get("draw"):
            return t("wt.short_draw")
        return t("wt.short_won", name=self.name(d["players"][d["result"]["winner"]]))
