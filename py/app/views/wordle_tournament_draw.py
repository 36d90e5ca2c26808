"""The Wordle Tournament screen, drawn: `render(t, words, ui, view)` gives the
markup of the whole screen from the engine's view (`Tournament.view`, None
before one is loaded), the screen's state (`Ui`) and the translator. Here: the
lobby, the group, the rating panel and the final standings; the rounds are in
wordle_tournament_round. Pure: no browser, tested under CPython.
"""

from games.wordle import rating as ratings
from games.wordle.nicknames import MAX_LENGTH
from games.wordle.tournament_rules import SEATS

from ..html import h
from ..wordle.records import MAX_MEMBERS, group_link
from . import wordle_parts as parts
from .wordle_group_draw import friends_joined
from .wordle_tournament_round import RoundDraw
from .wordle_tournament_ui import Context, Ui, isolated, nickname, signed


def render(t, words, ui: Ui, view: dict | None):
    """The screen: loading, the group, the lobby, a round or the end."""
    return ScreenDraw(t, words, ui, view).screen()


class ScreenDraw(Context):
    def screen(self):
        t, ui = self.t, self.ui
        if ui.loading_error:
            return h("p", {"class": "wd-message wd-error", "role": "alert"}, ui.loading_error)
        if ui.mode == "group":
            return self.group()
        if ui.mode == "loading" or self.words is None or self.view is None:
            return h(
                "p",
                {"class": "wd-loading"},
                t("wordle.loading", language=parts.language_name(t, ui.lang)),
            )
        if ui.mode == "lobby":
            return self.lobby()
        if ui.elsewhere:
            return h(
                "div",
                {"class": "wt-card", "role": "alert"},
                h("p", {}, t("wt.elsewhere")),
                h("a", {"class": "button", "href": "#/wordle"}, t("wt.elsewhere_leave")),
            )
        if self.view["phase"] == "over":
            return self.end()
        return RoundDraw(t, self.words, ui, self.view).game()

    def language_select(self, lang):
        return parts.language_select(self.t, "wt-lang", "wt-lang", lang)

    def lobby(self):
        """The lobby (5.1): the language, your nickname, the 8 players, Start."""
        t, group, view = self.t, self.ui.group, self.view
        you = None if group is not None else 0
        rows = [
            h(
                "tr",
                {"class": "wt-human" if p["human"] else None},
                h("td", {}, str(p["id"] + 1)),
                h("th", {"scope": "row"}, nickname(p["name"])),
                h("td", {"class": "wt-num"}, str(p["rating"])),
                h(
                    "td",
                    {},
                    h(
                        "span",
                        {"class": "wt-tag"},
                        t("wt.tag_you")
                        if p["id"] == you
                        else t("wt.tag_human")
                        if p["human"]
                        else t("wt.tag_bot"),
                    ),
                ),
            )
            for p in view["players"]
        ]
        table = h(
            "table",
            {"class": "wt-lobby-players"},
            h("caption", {}, t("wt.lobby_players", count=SEATS)),
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "#"),
                    h("th", {"scope": "col"}, t("wt.col_player")),
                    h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_rating")),
                    h(
                        "th",
                        {"scope": "col"},
                        h("span", {"class": "visually-hidden"}, t("wt.col_kind")),
                    ),
                ),
            ),
            h("tbody", {}, rows),
        )
        if self.ui.remote == "leader":
            name, others = friends_joined(t, self.ui.joined, self.ui.joining), None
        elif group is None:
            name = h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-name"}, t("wt.your_nickname")),
                h(
                    "span",
                    {"class": "wt-inline"},
                    h(
                        "input",
                        {
                            "id": "wt-name",
                            "type": "text",
                            "value": view["players"][0]["name"],
                            "maxlength": MAX_LENGTH,
                            "autocomplete": "off",
                            "spellcheck": "false",
                            "data-action": "wt-rename",
                        },
                    ),
                    h(
                        "button",
                        {"type": "button", "class": "button subtle", "data-action": "wt-rename"},
                        t("wt.change_name"),
                    ),
                ),
            )
            others = h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-group-open"},
                t("wt.play_with_friends"),
            )
        else:
            name = h("p", {}, t("wt.group_lobby_note", count=len(group["members"])))
            others = h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
        return h(
            "section",
            {"class": "wt-screen wt-lobby"},
            h("h2", {}, t("wt.lobby_title")),
            h("p", {"class": "wt-lead"}, t("wt.lobby_intro")),
            h(
                "div",
                {"class": "wt-columns"},
                h(
                    "div",
                    {"class": "wt-col-main"},
                    h(
                        "div",
                        {"class": "wt-field"},
                        h("label", {"for": "wt-lang"}, t("wordle.language")),
                        self.language_select(view["lang"]),
                    )
                    if self.ui.remote is None
                    else h(
                        "p",
                        {},
                        t("wordle.language"),
                        ": ",
                        parts.language_name(t, view["lang"]),
                    ),
                    name,
                    self.message(),
                    table,
                    h(
                        "div",
                        {"class": "wd-actions"},
                        h(
                            "button",
                            {
                                "type": "button",
                                "class": "button primary",
                                "data-action": "wt-start",
                            },
                            t("wt.start"),
                        ),
                        others,
                    ),
                ),
                h("div", {"class": "wt-col-side"}, self.profile_panel()),
            ),
        )

    def profile_panel(self):
        """The rating of the device's player (the group's leader), its chart and
        the tournament statistics (9.7)."""
        t, me, stats = self.t, self.ui.profile, self.ui.stats
        figures = []
        if stats:
            totals = stats["totals"]
            scored = totals.get("scored", stats["played"])
            average = round(totals["score"] / scored, 1) if scored and "score" in totals else None
            figures = [
                (t("wt.stat_played"), t.number(stats["played"])),
                (t("wt.stat_wins"), t.number(stats["won"])),
                (t("wt.stat_average"), "–" if average is None else t.number(average)),
            ]
        return h(
            "section",
            {"class": "wt-profile", "aria-labelledby": "wt-profile-title"},
            h(
                "h3",
                {"id": "wt-profile-title"},
                t("wt.your_rating", name=isolated(me["name"] or "")),
            ),
            h("p", {"class": "wt-rating-now"}, str(me["rating"])),
            rating_chart(
                t,
                ratings.START
                if not me["history"]
                else me["history"][0]["rating"] - me["history"][0]["change"],
                me["history"],
            ),
            h(
                "dl",
                {"class": "wt-stats"},
                [h("div", {}, h("dt", {}, k), h("dd", {}, v)) for k, v in figures],
            )
            if figures
            else h("p", {"class": "wt-muted"}, t("wt.no_stats")),
        )

    def group(self):
        """The group on this device (11.2): its language, members, invite link."""
        t, group = self.t, self.ui.group
        members = []
        for i, (name, rating) in enumerate(zip(group["members"], self.ui.member_ratings)):
            members.append(
                h(
                    "li",
                    {"class": "wt-member"},
                    nickname(name),
                    h("span", {"class": "wt-num"}, str(rating)),
                    h("span", {"class": "wt-tag"}, t("wt.leader"))
                    if i == 0
                    else h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle wt-small",
                            "data-action": "wt-remove",
                            "data-index": i,
                            "aria-label": t("wt.remove_named", name=isolated(name)),
                        },
                        t("wt.remove"),
                    ),
                )
            )
        full = len(group["members"]) >= MAX_MEMBERS
        link = group_link(group)
        return h(
            "section",
            {"class": "wt-screen wt-group"},
            h("h2", {}, t("wt.group_title")),
            h("p", {"class": "wt-lead"}, t("wt.group_intro", max=MAX_MEMBERS)),
            h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-lang"}, t("wordle.language")),
                self.language_select(group["lang"]),
            ),
            h("h3", {}, t("wt.members", count=len(group["members"]), max=MAX_MEMBERS)),
            h("ol", {"class": "wt-members"}, members),
            h(
                "div",
                {"class": "wt-field"},
                h("label", {"for": "wt-member"}, t("wt.add_member")),
                h(
                    "span",
                    {"class": "wt-inline"},
                    h(
                        "input",
                        {
                            "id": "wt-member",
                            "type": "text",
                            "maxlength": MAX_LENGTH,
                            "autocomplete": "off",
                            "spellcheck": "false",
                            "data-action": "wt-add",
                            "disabled": full,
                        },
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button subtle",
                            "data-action": "wt-add",
                            "disabled": full,
                        },
                        t("wt.add"),
                    ),
                ),
            ),
            self.message(),
            h(
                "p",
                {"class": "wt-invite"},
                t("wt.invite_note"),
                " ",
                h("a", {"href": link, "class": "wt-invite-link"}, t("wt.invite_link")),
            ),
            h(
                "div",
                {"class": "wd-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button primary", "data-action": "wt-group-lobby"},
                    t("wt.group_to_lobby"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "wt-solo"},
                    t("wt.play_alone"),
                ),
            ),
        )

    def end(self):
        """Final standings (8.6), then a new tournament or back to the group."""
        t, view, group = self.t, self.view, self.ui.group
        winners = view["winners"]
        title = (
            t("wt.end_winner", name=self.name(winners[0]))
            if len(winners) == 1
            else t("wt.end_shared", names=", ".join(self.name(pid) for pid in winners))
        )
        back = (
            h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wt-back-to-group"},
                t("wt.back_to_group"),
            )
            if group is not None or self.ui.remote == "leader"
            else h("p", {"class": "hint"}, t("wt.group.remote.again", leader=self.ui.leader_name))
            if self.ui.remote is not None
            else h(
                "button",
                {"type": "button", "class": "button primary", "data-action": "wt-new"},
                t("wt.new_tournament"),
            )
        )
        return h(
            "section",
            {"class": "wt-screen wt-end"},
            h("h2", {}, t("wt.end_title")),
            h("p", {"class": "wt-lead"}, title),
            standings_rows(
                t,
                [view["players"][pid] for pid in view["standings"]],
                self.ui.you if group is None else None,
            ),
            h(
                "div",
                {"class": "wd-actions"},
                back,
                h("a", {"class": "button", "href": self.ui.replay}, t("wt.replay_this"))
                if self.ui.replay
                else None,
            ),
            self.profile_panel(),
        )


def rating_chart(t, start: int, history: list, width: int = 240, height: int = 72):
    """The rating after each tournament as a small line chart (SVG), the start first."""
    values = [start] + [entry["rating"] for entry in history]
    if len(history) == 0:
        return h("p", {"class": "wt-chart-empty"}, t("wt.chart_empty"))
    low, high = min(values), max(values)
    if high - low < 20:
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    pad = 6
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def point(i, v):
        return round(pad + i * step, 1), round(
            height - pad - (v - low) / (high - low) * (height - 2 * pad), 1
        )

    points = [point(i, v) for i, v in enumerate(values)]
    line = " ".join(f"{x},{y}" for x, y in points)
    last_x, last_y = points[-1]
    label = t(
        "wt.chart_label",
        count=len(history),
        first=values[0],
        last=values[-1],
        low=min(values),
        high=max(values),
    )
    return h(
        "svg",
        {
            "class": "wt-chart",
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-label": label,
        },
        h("title", {}, label),
        h(
            "line",
            {
                "x1": pad,
                "x2": width - pad,
                "y1": point(0, start)[1],
                "y2": point(0, start)[1],
                "class": "wt-chart-base",
            },
        ),
        h("polyline", {"points": line, "class": "wt-chart-line", "fill": "none"}),
        h("circle", {"cx": last_x, "cy": last_y, "r": 3.5, "class": "wt-chart-dot"}),
    )


def standings_rows(t, order: list, you=None, human_tag="wt.tag_human"):
    """Final (or current) standings: the players in the order given (the view's
    "standings", best first), each with placement, name, rating before -> after;
    `you` the id tagged "you", the other people tagged `human_tag`."""
    body = []
    for p in order:
        change = p["rating_change"]
        after = p["rating"] + change if change is not None else None
        mine = p["human"]
        body.append(
            h(
                "tr",
                {"class": "wt-human" if mine else None, "data-player": p["id"]},
                h("td", {}, str(p["placement"]) if p["placement"] is not None else "–"),
                h(
                    "th",
                    {"scope": "row"},
                    nickname(p["name"]),
                    " ",
                    h(
                        "span",
                        {"class": "wt-tag"},
                        t("wt.tag_you")
                        if p["id"] == you
                        else t(human_tag)
                        if mine
                        else t("wt.tag_bot"),
                    ),
                    h("span", {"class": "wt-note"}, t("wt.note_left"))
                    if p["left"] == "left"
                    else h("span", {"class": "wt-note"}, t("wt.note_disconnect"))
                    if p["left"] == "disconnect"
                    else None,
                ),
                h("td", {"class": "wt-num"}, str(p["rating"])),
                h(
                    "td",
                    {
                        "class": "wt-num wt-change"
                        + (
                            " wt-up"
                            if change and change > 0
                            else " wt-down"
                            if change and change < 0
                            else ""
                        )
                    },
                    signed(change) if change is not None else "–",
                ),
                h("td", {"class": "wt-num"}, str(after) if after is not None else "–"),
            )
        )
    return h(
        "table",
        {"class": "wt-standings"},
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, t("wt.col_place")),
                h("th", {"scope": "col"}, t("wt.col_player")),
                h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_before")),
                h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_change")),
                h("th", {"scope": "col", "class": "wt-num"}, t("wt.col_after")),
            ),
        ),
        h("tbody", {}, body),
    )
