"""#/invite's markup: one link to play a friend anywhere, from a `Screen` (where things stand,
as the view knows it) and the translations. Pure: no browser, no connection."""

from collections.abc import Callable
from dataclasses import dataclass

from .. import router
from ..games_list import REMOTE_GAMES
from ..html import Markup, h
from ..peer.qr import qr_data_uri
from ..remote.relay import MAX_GUESTS
from ..remote.saved_matches import MAX_TABLE_DEVICES
from .connect_panels import button, name_input
from .connect_table import GROUP

Translate = Callable[..., str]

TABLE = ("dominoes-table",)  # Straight Dominoes at a table of 3 or 4 devices
INVITABLE = (*REMOTE_GAMES, *TABLE, GROUP)  # what one link can invite to


def most_guests(game: str | None) -> int:
    """How many friends' devices the room of this game takes."""
    if game in TABLE:
        return MAX_TABLE_DEVICES - 1
    return MAX_GUESTS if game == GROUP else 1


def fewest(game: str | None) -> int:
    """How many friends a table or a group needs before the host may start it."""
    return 2 if game in TABLE else 1


# Where things stand: the status line's text is invite.status.<stage>.
OPT_IN, CHOOSE, WAITING, OFFERED, LOOKING, CONNECTED, JOINED, BAD_LINK, NO_RELAY = (
    "opt_in",  # internet play not chosen yet: what it uses and what each server learns
    "choose",  # the host picks the game
    "waiting",  # the host's link is shown: waiting for the friend
    "offered",  # the friend sees the invitation before accepting it
    "looking",  # the friend accepted: finding the host's device
    "connected",  # the devices are connected: the game's page opens
    "joined",  # a friend of a table or a group, connected: waiting for the host's start
    "bad_link",  # the link is damaged
    "no_relay",  # no relay could be reached
)


@dataclass(frozen=True)
class Screen:
    stage: str
    hosting: bool
    name: str  # the name this player gave ("" until they give one)
    game: str | None = None  # the game's route, once chosen (or as the link says)
    inviter: str = ""  # the friend's page: who sent the link
    link: str = ""  # the host's link, once made
    can_share: bool = False
    relays_up: int = 0
    relays: int = 0
    peer_name: str | None = None
    friends: tuple[str, ...] = ()  # a table's or a group's friends connected, by name
    kind: str | None = None  # the kind of game the host chose (kind_of), if the link says
    stranger: bool = False  # met by Find an opponent: no link to send, the room is agreed


def game_name(route: str | None, t: Translate, kind: str | None = None) -> str:
    """The game's name, with the kind the host chose (`kind`: its translation key) if said."""
    if route in TABLE:
        return t("invite.game.dominoes-table")
    name = t(f"connect.game.{route}") if route else ""
    return t("invite.game_kind", game=name, kind=t(kind)) if kind and name else name


def kind_of(route: str | None, what: object) -> str | None:
    """The translation key of the kind of game a link names (`what`: Battleship's mode, the
    Wordle duel's language), if it is one of that game's; else None."""
    from games.battleship.options import MODES
    from games.wordle.letters import LANGUAGES

    if route == "battleship" and what in MODES:
        return f"battleship.mode.{what}"
    if route == "wordle" and what in LANGUAGES:
        return f"wordle.lang.{what}"
    return None


def status_text(screen: Screen, t: Translate) -> str:
    stage = screen.stage
    if screen.stranger and stage in (WAITING, LOOKING):
        stage = "meeting"
    return t(
        f"invite.status.{stage}",
        game=game_name(screen.game, t, screen.kind),
        name=screen.inviter or screen.peer_name or "",
    )


def render(screen: Screen, t: Translate) -> Markup:
    stage = screen.stage
    return h(
        "section",
        {"class": "page connect invite", "data-page": "invite", "data-stage": stage},
        h("h1", {"tabindex": "-1"}, t("invite.title")),
        h(
            "p",
            {"class": "connect-status", "id": "invite-status", "role": "status"},
            status_text(screen, t),
        ),
        name_input(screen.name, False, t) if stage in (OPT_IN, CHOOSE, OFFERED) else None,
        opt_in_panel(screen, t) if stage in (OPT_IN, OFFERED) else None,
        choose_panel(t) if stage == CHOOSE else None,
        link_panel(screen, t) if stage == WAITING and screen.link and not screen.stranger else None,
        h("p", {"class": "hint"}, t("invite.making"))
        if stage == WAITING and not screen.link and not screen.stranger
        else None,
        arrivals(screen, t) if stage == WAITING and most_guests(screen.game) > 1 else None,
        relay_line(screen, t) if stage in (WAITING, LOOKING) else None,
        h("p", {}, h("a", {"href": router.href("invite")}, t("invite.again")))
        if stage in (BAD_LINK, NO_RELAY)
        else None,
        h(
            "p",
            {"class": "hint"},
            t("invite.offline"),
            " ",
            h("a", {"href": router.href("connect"), "data-offline": True}, t("invite.codes")),
        )
        if screen.hosting
        else None,
    )


def opt_in_panel(screen: Screen, t: Translate) -> Markup:
    """What internet play uses and what each outside server learns, before anything is sent.
    The friend's page asks it with the invitation: accepting it is the opt-in."""
    offered = screen.stage == OFFERED
    return h(
        "div",
        {"class": "invite-opt-in"},
        h(
            "h2",
            {},
            t(
                "invite.offered.heading",
                name=screen.inviter,
                game=game_name(screen.game, t, screen.kind),
            ),
        )
        if offered
        else h("h2", {}, t("invite.opt_in.heading")),
        h("p", {}, t("invite.opt_in.relays")),
        h("p", {}, t("invite.opt_in.stun")),
        h("p", {"class": "hint"}, t("invite.opt_in.remembered")),
        h(
            "div",
            {"class": "connect-actions"},
            button(
                "accept" if offered else "opt-in",
                t(f"invite.{'accept' if offered else 'opt_in.yes'}"),
            ),
            h(
                "a",
                {"class": "button subtle", "href": router.href("hub" if offered else "connect")},
                t(f"invite.{'decline' if offered else 'opt_in.no'}"),
            ),
        ),
    )


def choose_panel(t: Translate) -> Markup:
    return h(
        "div",
        {"class": "connect-choose"},
        h("h2", {}, t("invite.choose.heading")),
        h(
            "div",
            {"class": "connect-actions"},
            [button("invite", game_name(route, t), game=route) for route in INVITABLE],
        ),
    )


def link_panel(screen: Screen, t: Translate) -> Markup:
    return h(
        "div",
        {"class": "connect-code", "data-code": "link"},
        h("h2", {}, t("invite.link.heading", game=game_name(screen.game, t, screen.kind))),
        h(
            "img",
            {
                "class": "connect-qr",
                "src": qr_data_uri(screen.link),
                "alt": t("invite.link.qr"),
                "width": 240,
                "height": 240,
            },
        ),
        h("label", {"for": "invite-link"}, t("invite.link.label")),
        h(
            "textarea",
            {
                "id": "invite-link",
                "readonly": True,
                "rows": 3,
                "spellcheck": "false",
                "data-authored": True,
            },
            screen.link,
        ),
        h(
            "div",
            {"class": "connect-actions"},
            button("copy", t("invite.link.copy")),
            button("share", t("connect.share"), subtle=True) if screen.can_share else None,
            button("new-link", t("invite.link.new"), subtle=True),
            h("span", {"class": "connect-copied", "id": "connect-copied", "role": "status"}),
        ),
    )


def relay_line(screen: Screen, t: Translate) -> Markup:
    return h(
        "p",
        {"class": "hint invite-relays", "data-relays-up": screen.relays_up},
        t("invite.relays", up=screen.relays_up, count=screen.relays),
    )


def arrivals(screen: Screen, t: Translate) -> Markup:
    """A table's or a group's host sees each friend arrive, and starts once enough have."""
    names = screen.friends
    ready = len(names) >= fewest(screen.game)
    return h(
        "div",
        {"class": "invite-arrivals", "data-friends": len(names)},
        h("p", {"role": "status"}, t("invite.arrived", names=", ".join(names)))
        if names
        else h("p", {}, t("invite.nobody_yet", count=most_guests(screen.game))),
        h(
            "div",
            {"class": "connect-actions"},
            button("start", t("invite.start", game=game_name(screen.game, t))) if ready else None,
        ),
    )
