"""A Wordle Tournament group across devices, drawn (the pages are group_leader
and group_member): the leader's friends panel and the friends whose link is
down, a member's lobby, paused line and status cards. Pure: no browser, tested under CPython.
"""

from collections.abc import Sequence
from typing import Any

from .. import router
from ..html import Markup, h
from ..i18n import Translator
from .ui import isolated, nickname


def friends_joined(
    t: Translator, joined: list[str], joining: int, other_version: Sequence[str] = ()
) -> Markup:
    """The leader's lobby: the friends whose devices joined, live (16.1), and those
    whose app is another version, in the words of every game between devices."""
    return h(
        "div",
        {"class": "wt-friends", "aria-live": "polite"},
        h("h3", {}, t("wt.group.remote.friends")),
        h(
            "p",
            {"class": "wt-joined", "data-joined": len(joined)},
            t("wt.group.remote.joined", names=", ".join(isolated(n) for n in joined))
            if joined
            else t("wt.group.remote.none_yet"),
        ),
        h("p", {"class": "hint"}, t("wt.group.remote.linking", count=joining)) if joining else None,
        [
            h(
                "p",
                {"class": "wt-other-version"},
                t("remote.status.other_version", name=isolated(n)),
            )
            for n in other_version
        ],
        h("p", {"class": "hint"}, t("wt.group.remote.host_note")),
    )


def lost_friends(t: Translator, lost: list[tuple[str, str]]) -> Markup | None:
    """The friends (device, name) whose page was closed or reloaded: a new link for each (16.8)."""
    if not lost:
        return None
    return h(
        "div",
        {"class": "wt-lost", "role": "status"},
        h(
            "ul",
            {},
            [
                h(
                    "li",
                    {},
                    t("wt.group.remote.member_lost", name=isolated(name)),
                    " ",
                    h(
                        "a",
                        {"class": "button", "href": router.href("connect", relink=device)},
                        t("remote.new_link_for", name=isolated(name)),
                    ),
                )
                for device, name in lost
            ],
        ),
    )


def member_lobby(t: Translator, view: dict[str, Any] | None, leader: str) -> Markup:
    """A member's page before the start: who is in the group, and who starts."""
    people = [p for p in view["players"] if p["human"]] if view is not None else []
    return h(
        "div",
        {"class": "wt-card"},
        h("h2", {}, t("wt.group.remote.heading", leader=leader)),
        h(
            "ul",
            {"class": "wt-joined"},
            [
                h(
                    "li",
                    {},
                    nickname(p["name"]),
                    " ",
                    h("span", {"class": "wt-num"}, str(p["rating"])),
                    " ",
                    h("span", {"class": "wt-tag"}, t("wt.tag_you"))
                    if view is not None and p["id"] == view["you"]
                    else None,
                )
                for p in people
            ],
        ),
        h("p", {"class": "hint"}, t("wt.group.remote.lobby", leader=leader)),
    )


def paused(t: Translator, leader: str) -> Markup:
    return h(
        "p", {"class": "wt-paused", "role": "alert"}, t("wt.group.remote.paused", leader=leader)
    )


def card(t: Translator, text: str, home: bool = False) -> Markup:
    """A member's page with nothing to play: joining, no link, abandoned."""
    return h(
        "div",
        {"class": "wt-card", "role": "status"},
        h("p", {}, text),
        h("a", {"class": "button", "href": "#/wordle"}, t("wordle.home")) if home else None,
    )
