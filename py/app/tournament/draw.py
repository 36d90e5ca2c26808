"""The Wordle Tournament screen, drawn: `render(t, words, ui, view)` gives the
markup of the whole screen from the engine's view (`Tournament.view`, None
before one is loaded), the screen's state (`Ui`) and the translator. Here: the
group and the final standings; the lobby and the rating panel are in
lobby_draw, the rounds in round_draw. Pure: no
browser, tested under CPython.
"""

from typing import Any

from games.wordle.dictionary import Dictionary
from games.wordle.nicknames import MAX_LENGTH

from ..html import Markup, h
from ..i18n import Translator
from ..views import wordle_parts as parts
from ..wordle.records import MAX_MEMBERS, group_link
from . import lobby_draw, round_draw
from .ui import Context, Ui, isolated, message_line, nickname, signed


def render(t: Translator, words: Dictionary | None, ui: Ui, view: dict[str, Any] | None) -> Markup:
    """The screen: loading, the group, the lobby, a round or the end."""
    if ui.loading_error:
        return h("p", {"class": "wd-message wd-error", "role": "alert"}, ui.loading_error)
    if ui.mode == "group" and ui.group is not None:
        return group(t, ui, ui.group)
    if ui.mode == "loading" or words is None or view is None:
        return h(
            "p",
            {"class": "wd-loading"},
            t("wordle.loading", language=parts.language_name(t, ui.lang)),
        )
    return screen(Context(t, words, ui, view))


def screen(c: Context) -> Markup:
    ui = c.ui
    if ui.mode == "lobby":
        return lobby_draw.lobby(c)
    if c.view["phase"] == "over":
        return end(c)
    return round_draw.game(c)


def group(t: Translator, ui: Ui, group: dict[str, Any]) -> Markup:
    """The group on this device (11.2): its language, members, invite link."""
    members = []
    for i, (name, rating) in enumerate(zip(group["members"], ui.member_ratings)):
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
            parts.language_select(t, "wt-lang", "wt-lang", group["lang"]),
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
        message_line(ui),
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


def end(c: Context) -> Markup:
    """Final standings (8.6), then a new tournament or back to the group."""
    t, view, group = c.t, c.view, c.ui.group
    winners = view["winners"]
    title = (
        t("wt.end_winner", name=c.name(winners[0]))
        if len(winners) == 1
        else t("wt.end_shared", names=", ".join(c.name(pid) for pid in winners))
    )
    back = (
        h(
            "button",
            {"type": "button", "class": "button primary", "data-action": "wt-back-to-group"},
            t("wt.back_to_group"),
        )
        if group is not None or c.ui.remote == "leader"
        else h("p", {"class": "hint"}, t("wt.group.remote.again", leader=c.ui.leader_name))
        if c.ui.remote is not None
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
            c.ui.you if group is None else None,
            counted=c.ui.counted,
        ),
        h(
            "div",
            {"class": "wd-actions"},
            back,
            h("a", {"class": "button", "href": c.ui.replay}, t("wt.replay_this"))
            if c.ui.replay
            else None,
        ),
        lobby_draw.profile_panel(c),
    )


def standings_rows(
    t: Translator,
    order: list[dict[str, Any]],
    you: int | None = None,
    human_tag: str = "wt.tag_human",
    counted: bool = True,
) -> Markup:
    """Final (or current) standings: the players in the order given (the view's
    "standings", best first), each with placement, name, rating before -> after;
    `you` the id tagged "you", the other people tagged `human_tag`. A tournament not
    `counted` leaves the people's ratings as they were: their rows say so."""
    body = []
    for p in order:
        mine = p["human"]
        kept = mine and not counted
        change = None if kept else p["rating_change"]
        after = p["rating"] if kept else p["rating"] + change if change is not None else None
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
                    h("span", {"class": "wt-note"}, t("wt.note_not_counted")) if kept else None,
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
