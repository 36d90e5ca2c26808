"""Play with a friend on another device: from the invite to an open channel.

The host's page ("#/connect") shows an invite link (QR code, Copy, Share) and takes the
friend's reply code; the friend's page ("#/connect?invite=...") shows the reply. Both
say where things stand at every moment, and once connected, the other's name.

For a table of 3 or 4 devices (Straight Dominoes) the host, once a friend is connected,
invites another, and another: each friend has a connection of their own to the host
(app.remote.relay passes every message on). With two friends or more the host chooses
among the games a table plays, and hands every connection to the game's page.
"""

from .. import browser, router, saved_games
from ..games_list import REMOTE_GAMES, remote_slot, route_of_remote
from ..html import h
from ..peer import codes, prefs
from ..peer.channel import CLOSED, DROPPED, FAILED, OPEN, clean_name
from ..remote import wire
from .base import View
from .connect_scan import ReplyScan
from .connect_stages import (
    BAD_INVITE,
    CONNECTED,
    CONNECTING,
    CREATING,
    DISCONNECTED,
    REPLYING,
    SEND_REPLY,
    WAITING,
)
from .connect_table import GROUP, MAX_GROUP_GUESTS, TABLE_GAMES, TableInvites, games_for

HELP_PARTS = ("connect", "choose", "table", "fair", "lost", "private")


class ConnectView(TableInvites, ReplyScan, View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.settings = prefs.load(app.store)
        self.invite = route.params.get("invite")
        self.relink = self.lost_friend(route.params.get("relink"))  # (guest id, name)
        self.stage = REPLYING if self.invite is not None else CREATING
        self.code = ""  # the invite link (host) or the reply code (friend), once made
        self.reply_problem: str | None = None
        self.problem: str | None = None
        self.link = None
        self.friends: list = []  # the host's friends connected before the invite under way
        self.received = 0
        self.started = False
        self.left = False
        self.handed_over = False  # a game took the connection over

    def title(self) -> str:
        return self.t("connect.title")

    @property
    def hosting(self) -> bool:
        return self.invite is None

    def my_name(self) -> str:
        return self.settings["name"] or self.t("connect.default_name")

    # --- drawing ------------------------------------------------------------------
    def render(self):
        t = self.t
        peer_name = self.link.peer_name if self.link is not None else None
        state = {CONNECTED: "open", DISCONNECTED: "closed", FAILED: "failed"}.get(self.stage)
        return h(
            "section",
            {
                "class": "page connect",
                "data-page": "connect",
                "data-peer": state or "connecting",
                "data-stage": self.stage,
                "data-received": self.received,
            },
            h("h1", {"tabindex": "-1"}, t("connect.title")),
            h(
                "p",
                {"class": "connect-status", "id": "connect-status", "role": "status"},
                self.status_text(peer_name),
            ),
            self.name_field(),
            self.table_line() if self.friends else None,
            self.code_panel() if self.code and self.stage in (WAITING, SEND_REPLY) else None,
            self.reply_field() if self.hosting and self.stage == WAITING else None,
            self.connected_panel(peer_name) if self.stage == CONNECTED else None,
            self.choose_panel(peer_name) if self.friends and self.stage != CONNECTED else None,
            self.start_again() if self.stage in (FAILED, DISCONNECTED, BAD_INVITE) else None,
            h("p", {"class": "hint"}, t("connect.privacy")),
            h(
                "details",
                {"class": "connect-help"},
                h("summary", {}, t("connect.help.title")),
                [h("p", {}, t(f"connect.help.{part}")) for part in HELP_PARTS],
            ),
        )

    def start_again(self):
        if self.friends:  # the friends at the table stay: only this invite failed
            return h("p", {}, self.invite_more_button())
        return h(
            "p",
            {},
            h("a", {"class": "button", "href": router.href("connect")}, self.t("connect.again")),
        )

    def status_text(self, peer_name) -> str:
        if self.relink is not None and self.stage == WAITING:
            return self.t("connect.status.relink", name=self.relink[1])
        if self.stage == FAILED:
            return self.t(f"connect.failed.{self.problem or 'no_route'}")
        return self.t(f"connect.status.{self.stage}", name=peer_name or "")

    def name_field(self):
        return h(
            "p",
            {"class": "connect-name"},
            h("label", {"for": "connect-name"}, self.t("connect.your_name")),
            h(
                "input",
                {
                    "id": "connect-name",
                    "type": "text",
                    "maxlength": 24,
                    "autocomplete": "nickname",
                    "value": self.settings["name"],
                    "placeholder": self.t("connect.default_name"),
                    "data-action": "name",
                    "disabled": self.stage in (CONNECTED, DISCONNECTED),
                },
            ),
        )

    def code_panel(self):
        from ..peer.qr import qr_data_uri

        t, kind = self.t, "invite" if self.hosting else "reply"
        return h(
            "div",
            {"class": "connect-code", "data-code": kind},
            h("h2", {}, t(f"connect.{kind}.heading")),
            h("p", {}, t(f"connect.{kind}.lead")),
            h(
                "img",
                {
                    "class": "connect-qr",
                    "src": qr_data_uri(self.code),
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
                self.code,
            ),
            h(
                "div",
                {"class": "connect-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "copy"},
                    t(f"connect.{kind}.copy"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "share"},
                    t("connect.share"),
                )
                if self.can_share()
                else None,
                h("span", {"class": "connect-copied", "id": "connect-copied", "role": "status"}),
            ),
        )

    def reply_field(self):
        t = self.t
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
                    "aria-describedby": "connect-reply-problem" if self.reply_problem else None,
                    "aria-invalid": "true" if self.reply_problem else None,
                },
            ),
            h(
                "p",
                {"class": "connect-problem", "id": "connect-reply-problem", "role": "alert"},
                t(f"connect.bad_reply.{self.reply_problem}"),
            )
            if self.reply_problem
            else None,
            h(
                "div",
                {"class": "connect-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button", "data-action": "connect"},
                    t("connect.reply_field.connect"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "scan"},
                    t("connect.scan.stop" if self.stop_scan else "connect.scan"),
                )
                if self.can_scan()
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
            if self.stop_scan
            else None,
            h("p", {"class": "connect-problem", "role": "alert"}, t("connect.scan.failed"))
            if self.scan_problem
            else None,
        )

    def connected_panel(self, peer_name):
        t = self.t
        waves = (
            h(
                "p",
                {"class": "connect-waves"},
                t("connect.waved", name=peer_name, count=self.received),
            )
            if self.received
            else None
        )
        return h(
            "div",
            {"class": "connect-open"},
            None
            if self.friends
            else h(
                "button",
                {"type": "button", "class": "button", "data-action": "wave"},
                t("connect.wave"),
            ),
            waves,
            None if self.friends else self.resume_panel(peer_name),
            self.choose_panel(peer_name),
        )

    def choose_panel(self, peer_name):
        t = self.t
        if not self.hosting:
            return h(
                "div",
                {},
                h("p", {"class": "connect-waiting"}, t("connect.choose.waiting", name=peer_name)),
                self.pass_on_panel(peer_name),
            )
        table = self.table()
        if not table:
            return None
        names = ", ".join(link.peer_name or "?" for link in table)
        routes = games_for(len(table))
        more = len(table) < MAX_GROUP_GUESTS and self.stage == CONNECTED
        return h(
            "div",
            {"class": "connect-choose"},
            h("h2", {}, t("connect.choose.heading", name=names)),
            h("p", {"class": "hint"}, t("connect.choose.lead")),
            h(
                "div",
                {"class": "connect-actions"},
                [
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button",
                            "data-action": "play",
                            "data-game": route,
                        },
                        t(f"connect.game.{route}"),
                    )
                    for route in routes
                ],
            ),
            h("p", {"class": "hint"}, t("connect.table.lead"), " ", self.invite_more_button())
            if more
            else None,
        )

    def resume_panel(self, peer_name):
        routes = [route for route, frame in self.saved_with(peer_name)]
        if not routes:
            return None
        t = self.t
        return h(
            "div",
            {"class": "connect-resume"},
            h("h2", {}, t("connect.resume.heading", name=peer_name)),
            h(
                "div",
                {"class": "connect-actions"},
                [
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "button",
                            "data-action": "resume",
                            "data-game": route,
                        },
                        t("connect.resume.button", game=t(f"connect.game.{route}")),
                    )
                    for route in routes
                ],
            ),
        )

    def saved_with(self, peer_name) -> list[tuple[str, dict]]:
        """The games with a friend in progress on this device: (route, frame) of each
        whose friend has this name (or any name, for peer_name None)."""
        found = []
        for route in REMOTE_GAMES:
            data = saved_games.load(self.app.store, remote_slot(route)).data
            meta = data["meta"] if data else {}
            frame = meta.get("frame") if isinstance(meta.get("frame"), dict) else None
            remote = frame.get("remote") if frame else None
            if not isinstance(remote, dict) or meta.get("over") is True:
                continue
            if peer_name is None or remote.get("peer") == peer_name:
                found.append((route, frame))
        return found

    def open_game(self, route: str, how: str, *first: dict) -> None:
        """Give the connection to the game's page (with a message it must read first)."""
        self.handed_over = True
        self.link.hold(*first)
        self.app.navigate(router.href(route, remote=how))

    def can_share(self) -> bool:
        from pyscript import window

        return bool(getattr(window.navigator, "share", None))

    # --- the connection -------------------------------------------------------------
    def mounted(self, root) -> None:
        if self.started:
            return
        self.started = True
        from ..peer import rtc

        if not rtc.supported():
            self.fail("unsupported")
            return
        self.link = rtc.open_channel(self.my_name(), prefs.ice_urls(self.settings))
        if self.hosting:
            self.listen()
            return
        self.link.on_state(self.on_link_state)
        self.link.on_message(self.on_link_message)
        try:
            offer = codes.decode(codes.OFFER, self.invite)
        except codes.BadCode as bad:
            self.stage, self.problem = BAD_INVITE, bad.reason
            self.update()
            return
        self.link.join(offer, self.reply_made, self.on_link_error)

    def listen(self) -> None:
        """The host's invite under way: its connection's news, and its code once made."""
        link = self.link

        def on_state(state: str) -> None:
            if link is self.link:
                self.on_link_state(state)
            elif state in (CLOSED, FAILED):  # a friend already at the table went away
                self.update()

        link.on_state(on_state)
        link.on_message(self.on_link_message)
        link.host(self.invite_made, self.on_link_error)

    def invite_made(self, code: str) -> None:
        from pyscript import window

        page = str(window.location.href).split("#")[0]
        self.code = page + router.href("connect", invite=code)
        self.stage = WAITING
        self.update()

    def reply_made(self, code: str) -> None:
        self.code = code
        self.stage = SEND_REPLY
        self.update()

    def on_link_error(self, reason: str) -> None:
        self.fail("no_candidates" if reason == "no_candidates" else "no_route")

    def fail(self, problem: str) -> None:
        self.stage, self.problem = FAILED, problem
        self.update()

    def on_link_state(self, state: str) -> None:
        if state == OPEN and self.relink is not None:
            self.back_to_the_table()
            return
        if state == OPEN:
            self.stage = CONNECTED
        elif state == CLOSED:
            if self.stage != CONNECTED:
                self.problem = "no_route"
            self.stage = DISCONNECTED if self.stage == CONNECTED else FAILED
        elif state == FAILED:
            self.problem = "no_route" if self.stage != CONNECTED else "broken"
            self.stage = FAILED
        elif state == DROPPED:
            return  # a message the other page should not have sent; the channel goes on
        self.update()

    def on_link_message(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "wave":
            self.received += 1
            self.update()
        elif kind == "hello" and not self.hosting:
            route = route_of_remote(message.get("game"))
            if route is not None:
                self.open_game(route, "guest", message)
        elif kind == "table" and not self.hosting:
            route = route_of_remote(message.get("game"))
            if route in TABLE_GAMES:
                self.open_game(route, "table-guest", message)
        elif kind == "pass-reply":
            self.passed_reply(message)
        elif kind == "group" and not self.hosting:
            self.join_group()
        elif kind == "sync":
            route = self.saved_match(message.get("match"))
            if route is not None:
                self.open_game(route, "resume", message)

    def saved_match(self, match) -> str | None:
        """The route of the game in progress here that the other device asks to resume."""
        for route, frame in self.saved_with(None):
            try:
                if wire.match_id(REMOTE_GAMES[route], frame["options"], frame["seed"]) == match:
                    return route
            except (KeyError, TypeError, ValueError):
                continue
        return None

    def update(self) -> None:
        if self.left:
            return
        typing = self.keep_typed_name()
        self.app.render()
        if typing:  # the page was drawn again while the player typed their name
            field = browser.element("connect-name")
            field.focus()
            field.setSelectionRange(len(str(field.value)), len(str(field.value)))
        self.app.announce(self.status_text(self.link.peer_name if self.link else None))

    def keep_typed_name(self) -> bool:
        """A name typed but not yet confirmed (the invite came meanwhile) is kept, not
        wiped by the page drawn again; True when the player is typing it."""
        field = browser.element("connect-name")
        if not browser.found(field):
            return False
        if str(field.value) != self.settings["name"] and not field.disabled:
            self.rename(str(field.value))
        return bool(field.isSameNode(browser.document.activeElement))

    def rename(self, typed) -> None:
        self.settings = prefs.change(self.app.store, name=clean_name(typed) or "")
        if self.link is not None:
            self.link.my_name = self.my_name()

    # --- the player's actions ---------------------------------------------------------
    def on_action(self, action, data, event):
        if action == "name":
            self.rename(data.get("value"))
        elif action == "copy":
            from pyodide.ffi import create_once_callable
            from pyscript import window

            window.navigator.clipboard.writeText(self.code).catch(create_once_callable(ignore))
            browser.element("connect-copied").textContent = self.t("connect.copied")
        elif action == "share":
            from pyodide.ffi import create_once_callable
            from pyscript import window

            key = "url" if self.hosting else "text"
            shared = {key: self.code, "title": self.t("connect.title")}
            window.navigator.share(browser._js(shared)).catch(create_once_callable(ignore))
        elif action == "connect":
            self.connect(str(browser.element("connect-reply").value))
        elif action == "scan":
            self.toggle_scan()
        elif action == "pass-reply" and not self.hosting:
            self.pass_on(str(browser.element("connect-pass").value))
        elif action == "wave" and self.stage == CONNECTED:
            self.link.send({"type": "wave"})
        elif action == "play" and data.get("game") == GROUP and self.table():
            self.open_group()
        elif action == "play" and len(self.table()) > 1:
            if data.get("game") in TABLE_GAMES:
                self.open_table(data.get("game"))
        elif action in ("play", "resume") and self.friends and len(self.table()) == 1:
            self.back_to_one()
            self.on_action(action, data, event)
        elif action in ("play", "resume") and self.stage == CONNECTED:
            route = data.get("game")
            if route in REMOTE_GAMES:
                self.open_game(route, "host" if action == "play" else "resume")
        elif action == "invite-more" and self.hosting and 0 < len(self.table()) < MAX_GROUP_GUESTS:
            self.invite_more()

    def connect(self, text: str) -> None:
        try:
            reply = codes.decode(codes.ANSWER, codes.invite_code(text))  # an invite link by mistake
        except codes.BadCode as bad:
            self.reply_problem = bad.reason
            self.app.render()
            browser.element("connect-reply").focus()
            return
        self.reply_problem = None
        self.stage = CONNECTING
        self.link.accept(reply, self.on_link_error)
        self.update()

    def on_storage_change(self, name) -> None:
        """Another tab's change must not redraw over a code being pasted."""

    def close(self) -> None:
        self.left = True
        self.end_scan()
        if not self.handed_over:
            for link in [*self.friends, self.link]:
                if link is not None:
                    link.close()


def ignore(_error) -> None:
    """A copy or share the browser refused (or the player cancelled): nothing to do."""


VIEW = ConnectView
