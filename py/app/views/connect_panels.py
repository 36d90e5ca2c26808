"""#/connect's markup: what the page shows at each stage, from a `Screen` (where things
stand, as the view knows it) and the translations. Pure: no browser, no connection."""

from collections.abc import Callable
from dataclasses import dataclass

from .. import router
from ..html import Markup, h
from ..peer.channel import FAILED
from ..peer.qr import qr_data_uri
from .connect_stages import (
    BAD_INVITE,
    CONNECTED,
    DISCONNECTED,
    SEND_REPLY,
    WAITING,
)
from .connect_table import MAX_GROUP_GUESTS, games_for

HELP_PARTS = ("connect", "choose", "table", "fair", "lost", "private")
Translate = Callable[..., str]


@dataclass(frozen=True)
class Screen:
    stage: str
    hosting: bool
    name: str  # the name this player gave ("" until they give one)
    peer_name: str | None = None  # the friend of the connection being made, once known
    problem: str | None = None  # why it failed: connect.failed.<problem>
    relinking: str | None = None  # the name of the friend of a table game a new link is for
    code: str = ""  # the invite link (host) or the reply code (friend), once made
    can_share: bool = False
    reply_problem: str | None = None  # a reply code refused: connect.bad_reply.<problem>
    can_scan: bool = False
    scanning: bool = False
    scan_problem: bool = False
    waves: int = 0  # waves received from the friend
    inviting_more: bool = False  # the host has friends connected before this invite
    table: tuple[str, ...] = ()  # the host's friends connected now, by name
    resumable: tuple[str, ...] = ()  # routes of games in progress with this friend
    passed: str = ""  # a friend's page: the newcomer's reply was passed on


def status_text(screen: Screen, t: Translate) -> str:
    if screen.relinking is not None and screen.stage == WAITING:
        return t("connect.status.relink", name=screen.relinking)
    if screen.stage == FAILED:
        return t(f"connect.failed.{screen.problem or 'no_route'}")
    return t(f"connect.status.{screen.stage}", name=screen.peer_name or "")


def render(screen: Screen, t: Translate) -> Markup:
    state = {CONNECTED: "open", DISCONNECTED: "closed", FAILED: "failed"}.get(screen.stage)
    stage = screen.stage
    return h(
        "section",
        {
            "class": "page connect",
            "data-page": "connect",
            "data-peer": state or "connecting",
            "data-stage": stage,
            "data-received": screen.waves,
        },
        h("h1", {"tabindex": "-1"}, t("connect.title")),
        h(
            "p",
            {"class": "connect-status", "id": "connect-status", "role": "status"},
            status_text(screen, t),
        ),
        name_field(screen, t),
        table_line(screen, t) if screen.inviting_more else None,
        code_panel(screen, t) if screen.code and stage in (WAITING, SEND_REPLY) else None,
        reply_field(screen, t) if screen.hosting and stage == WAITING else None,
        connected_panel(screen, t) if stage == CONNECTED else None,
        choose_panel(screen, t) if screen.inviting_more and stage != CONNECTED else None,
        start_again(screen, t) if stage in (FAILED, DISCONNECTED, BAD_INVITE) else None,
        h("p", {"class": "hint"}, t("connect.privacy")),
        h("p", {}, h("a", {"href": router.href("invite")}, t("connect.one_link")))
        if screen.hosting and not screen.inviting_more and screen.relinking is None
        else None,
        h(
            "details",
            {"class": "connect-help"},
            h("summary", {}, t("connect.help.title")),
            [h("p", {}, t(f"connect.help.{part}")) for part in HELP_PARTS],
        ),
    )


def start_again(screen: Screen, t: Translate) -> Markup:
    if screen.inviting_more:  # the friends at the table stay: only this invite failed
        return h("p", {}, invite_more_button(t))
    return h(
        "p", {}, h("a", {"class": "button", "href": router.href("connect")}, t("connect.again"))
    )


def name_field(screen: Screen, t: Translate) -> Markup:
    return name_input(screen.name, screen.stage in (CONNECTED, DISCONNECTED), t)


def name_input(name: str, disabled: bool, t: Translate, label: str = "connect.your_name") -> Markup:
    """The player's name, as the other device will show it (#/connect, #/invite, #/find)."""
    return h(
        "p",
        {"class": "connect-name"},
        h("label", {"for": "connect-name"}, t(label)),
        h(
            "input",
            {
                "id": "connect-name",
                "type": "text",
                "maxlength": 24,
                "autocomplete": "nickname",
                "value": name,
                "placeholder": t("connect.default_name"),
                "data-action": "name",
                "disabled": disabled,
            },
        ),
    )


def code_panel(screen: Screen, t: Translate) -> Markup:
    kind = "invite" if screen.hosting else "reply"
    return h(
        "div",
        {"class": "connect-code", "data-code": kind},
        h("h2", {}, t(f"connect.{kind}.heading")),
        h("p", {}, t(f"connect.{kind}.lead")),
        h(
            "img",
            {
                "class": "connect-qr",
                "src": qr_data_uri(screen.code),
                "alt": t(f"connect.{kind}.qr"),
                "width": 240,
                "height": 240,
            },
        ),
        h("label", {"for": "connect-code"}, t(f"connect.{kind}.label")),
        h(
            "textarea",
            {
                "id": "connect-code",
                "readonly": True,
                "rows": 3,
                "spellcheck": "false",
                "data-authored": True,
            },
            screen.code,
        ),
        h(
            "div",
            {"class": "connect-actions"},
            button("copy", t(f"connect.{kind}.copy")),
            button("share", t("connect.share"), subtle=True) if screen.can_share else None,
            h("span", {"class": "connect-copied", "id": "connect-copied", "role": "status"}),
        ),
    )


def reply_field(screen: Screen, t: Translate) -> Markup:
    problem = screen.reply_problem
    return h(
        "div",
        {"class": "connect-reply"},
        h("h2", {}, t("connect.reply_field.heading")),
        h("label", {"for": "connect-reply"}, t("connect.reply_field.label")),
        h(
            "textarea",
            {
                "id": "connect-reply",
                "rows": 3,
                "spellcheck": "false",
                "aria-describedby": "connect-reply-problem" if problem else None,
                "aria-invalid": "true" if problem else None,
            },
        ),
        h(
            "p",
            {"class": "connect-problem", "id": "connect-reply-problem", "role": "alert"},
            t(f"connect.bad_reply.{problem}"),
        )
        if problem
        else None,
        h(
            "div",
            {"class": "connect-actions"},
            button("connect", t("connect.reply_field.connect")),
            button("scan", t("connect.scan.stop" if screen.scanning else "connect.scan"), True)
            if screen.can_scan
            else None,
        ),
        h(
            "video",
            {
                "id": "connect-scan",
                "class": "connect-scan",
                "muted": True,
                "playsinline": True,
                "aria-label": t("connect.scan.camera"),
            },
        )
        if screen.scanning
        else None,
        h("p", {"class": "connect-problem", "role": "alert"}, t("connect.scan.failed"))
        if screen.scan_problem
        else None,
    )


def connected_panel(screen: Screen, t: Translate) -> Markup:
    name = screen.peer_name
    waves = (
        h("p", {"class": "connect-waves"}, t("connect.waved", name=name, count=screen.waves))
        if screen.waves
        else None
    )
    return h(
        "div",
        {"class": "connect-open"},
        None if screen.inviting_more else button("wave", t("connect.wave")),
        waves,
        None if screen.inviting_more else resume_panel(screen, t),
        choose_panel(screen, t),
    )


def choose_panel(screen: Screen, t: Translate) -> Markup | None:
    if not screen.hosting:
        return h(
            "div",
            {},
            h(
                "p",
                {"class": "connect-waiting"},
                t("connect.choose.waiting", name=screen.peer_name),
            ),
            pass_on_panel(screen, t),
        )
    if not screen.table:
        return None
    more = len(screen.table) < MAX_GROUP_GUESTS and screen.stage == CONNECTED
    return h(
        "div",
        {"class": "connect-choose"},
        h("h2", {}, t("connect.choose.heading", name=", ".join(screen.table))),
        h("p", {"class": "hint"}, t("connect.choose.lead")),
        h(
            "div",
            {"class": "connect-actions"},
            [
                button("play", t(f"connect.game.{route}"), game=route)
                for route in games_for(len(screen.table))
            ],
        ),
        h("p", {"class": "hint"}, t("connect.table.lead"), " ", invite_more_button(t))
        if more
        else None,
    )


def resume_panel(screen: Screen, t: Translate) -> Markup | None:
    if not screen.resumable:
        return None
    return h(
        "div",
        {"class": "connect-resume"},
        h("h2", {}, t("connect.resume.heading", name=screen.peer_name)),
        h(
            "div",
            {"class": "connect-actions"},
            [
                button(
                    "resume",
                    t("connect.resume.button", game=t(f"connect.game.{route}")),
                    game=route,
                )
                for route in screen.resumable
            ],
        ),
    )


def table_line(screen: Screen, t: Translate) -> Markup:
    names = screen.table
    return h(
        "p",
        {"class": "connect-table", "data-friends": len(names)},
        t("connect.table.here", names=", ".join(names)) if names else t("connect.table.empty"),
    )


def invite_more_button(t: Translate) -> Markup:
    return button("invite-more", t("connect.table.invite"), subtle=True)


def pass_on_panel(screen: Screen, t: Translate) -> Markup:
    """A friend's page passes a newcomer's reply code on to the host, so that the host
    need not scan everyone's."""
    host_name = screen.peer_name
    return h(
        "div",
        {"class": "connect-pass"},
        h("label", {"for": "connect-pass"}, t("connect.pass.label", name=host_name)),
        h("textarea", {"id": "connect-pass", "rows": 2, "spellcheck": "false"}),
        h(
            "div",
            {"class": "connect-actions"},
            button("pass-reply", t("connect.pass.send", name=host_name), subtle=True),
            h("span", {"class": "connect-passed", "role": "status"}, screen.passed),
        ),
    )


def button(action: str, text: str, subtle: bool = False, game: str | None = None) -> Markup:
    attributes = {
        "type": "button",
        "class": "button subtle" if subtle else "button",
        "data-action": action,
        "data-game": game,
    }
    return h("button", attributes, text)
