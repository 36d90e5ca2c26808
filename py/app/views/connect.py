"""Play with a friend on another device: from the invite to an open channel.

The host's page ("#/connect") shows an invite link (QR code, Copy, Share) and takes the
friend's reply code; the friend's page ("#/connect?invite=...") shows the reply. Both
say where things stand at every moment, and once connected, the other's name.

For a table of 3 or 4 devices (Straight Dominoes) the host, once a friend is connected,
invites another, and another: each friend has a connection of their own to the host
(app.remote.relay passes every message on). With two friends or more the host chooses
among the games a table plays, and hands every connection to the game's page. The host's
new link to a friend of a table game saved here ("#/connect?relink=<guest>") goes back to
that game's page once open.

The markup is connect_panels' (from a Screen); this module keeps where things stand and
answers the connection and the player.
"""

from typing import TYPE_CHECKING

from .. import browser, router
from ..games_list import REMOTE_GAMES, route_of_remote
from ..peer import codes, prefs
from ..peer.channel import CLOSED, FAILED, OPEN, clean_name
from ..peer.room_records import GROUP as GROUP_ROOM
from ..peer.room_records import forget_game
from ..remote import saved_matches
from ..remote.saved_matches import TABLE_GAMES
from ..remote.table_game import guest_ids
from ..tournament import group_hosting as hosting
from . import connect_panels as panels
from . import connect_sharing as sharing
from .base import View
from .connect_scan import ReplyScan
from .connect_stages import (
    BAD_INVITE,
    CONNECTED,
    CONNECTING,
    CREATING,
    REPLYING,
    SEND_REPLY,
    WAITING,
    after_link_state,
    problem_named,
)
from .connect_table import GROUP, MAX_CODE, MAX_GROUP_GUESTS, group_address, hand_over, open_links

if TYPE_CHECKING:
    from ..peer.rtc import Link


class ConnectView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.settings = prefs.load(app.store)
        self.invite = route.params.get("invite")
        self.relink = self.lost_friend(route.params.get("relink"))  # (guest id, name)
        self.stage = REPLYING if self.invite is not None else CREATING
        self.code = ""  # the invite link (host) or the reply code (friend), once made
        self.reply_problem: str | None = None
        self.problem: str | None = None
        self.link: Link | None = None  # the connection being made, from the page's mounting
        self.friends: list = []  # the host's friends connected before the invite under way
        self.received = 0
        self.passed = ""  # a friend's page: the newcomer's reply was passed on
        self.scan = ReplyScan(self.connect, self.app.render)
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

    def lost_friend(self, guest) -> tuple[str, str] | None:
        """A new link for a friend of the tournament group hosted here, or of the table
        game saved here: (their guest id, name)."""
        if hosting.current is not None:
            return next(((d, name) for d, name in hosting.current.lost() if d == guest), None)
        if self.invite is not None:
            return None
        return saved_matches.lost_table_friend(self.app.store, guest)

    @property
    def channel(self) -> "Link":
        if self.link is None:
            raise RuntimeError("#/connect has no connection before it is shown")
        return self.link

    def table(self) -> list:
        return open_links(self.friends, self.link)

    # --- drawing ------------------------------------------------------------------
    def screen(self) -> panels.Screen:
        peer_name = self.link.peer_name if self.link is not None else None
        connected = self.stage == CONNECTED and not self.friends
        return panels.Screen(
            stage=self.stage,
            hosting=self.hosting,
            name=self.settings["name"],
            peer_name=peer_name,
            problem=self.problem,
            relinking=self.relink[1] if self.relink is not None else None,
            code=self.code,
            can_share=bool(self.code) and sharing.can_share(),
            reply_problem=self.reply_problem,
            can_scan=self.hosting and self.stage == WAITING and ReplyScan.possible(),
            scanning=self.scan.scanning,
            scan_problem=self.scan.problem,
            waves=self.received,
            inviting_more=bool(self.friends),
            table=tuple(link.peer_name or "?" for link in self.table()) if self.hosting else (),
            resumable=tuple(route for route, _ in self.in_progress_with(peer_name))
            if connected
            else (),
            passed=self.passed,
        )

    def render(self):
        return panels.render(self.screen(), self.t)

    def in_progress_with(self, peer_name) -> list[tuple[str, dict]]:
        return saved_matches.in_progress(self.app.store, peer_name)

    def open_game(self, route: str, how: str, *first: dict) -> None:
        """Give the connection to the game's page (with a message it must read first). A
        game now over a link made by codes forgets the room of one begun by one link (its
        page would follow it: app.peer.room_return), here and in the methods below."""
        forget_game(self.app.store, route)
        self.handed_over = True
        self.channel.hold(*first)
        self.app.navigate(router.href(route, remote=how))

    # --- the connection -------------------------------------------------------------
    def mounted(self, root) -> None:
        if self.started:
            return
        self.started = True
        from ..peer import rtc

        if not rtc.supported():
            self.fail("unsupported")
            return
        self.link = rtc.open_channel(self.my_name(), prefs.ice_config(self.settings))
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
        link = self.channel

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
        self.stage, self.problem = FAILED, self.why(problem)
        self.update()

    def why(self, problem: str | None) -> str | None:
        return problem_named(problem, prefs.relay_only(self.settings))

    def on_link_state(self, state: str) -> None:
        if state == OPEN and self.relink is not None:
            self.back_to_the_table(self.relink[0])
            return
        after = after_link_state(self.stage, self.problem, state)
        if after is not None:
            self.stage, self.problem = after[0], self.why(after[1])
            self.update()

    def on_link_message(self, message: dict) -> None:
        kind = message.get("type")
        route = route_of_remote(message.get("game"))
        if kind == "wave":
            self.received += 1
            self.update()
        elif kind == "hello" and not self.hosting and route is not None:
            self.open_game(route, "guest", message)
        elif kind == "table" and not self.hosting and route in TABLE_GAMES:
            self.open_game(route, "table-guest", message)
        elif kind == "pass-reply":
            self.passed_reply(message)
        elif kind == "group" and not self.hosting:
            self.join_group(message)
        elif kind == "sync":
            route = saved_matches.asked_to_resume(self.app.store, message.get("match"))
            if route is not None:
                self.open_game(route, "resume", message)

    def update(self) -> None:
        if self.left:
            return
        typing = self.keep_typed_name()
        self.app.render()
        if typing:  # the page was drawn again while the player typed their name
            field = browser.element("connect-name")
            field.focus()
            field.setSelectionRange(len(str(field.value)), len(str(field.value)))
        self.app.announce(panels.status_text(self.screen(), self.t))

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
        self.settings = self.app.change_connection_prefs(name=clean_name(typed) or "")
        if self.link is not None:
            self.link.my_name = self.my_name()

    # --- the player's actions ---------------------------------------------------------
    def on_action(self, action, data, event):
        table = self.table()
        if action == "name":
            self.rename(data.get("value"))
        elif action == "copy":
            sharing.copy(self.code)
            browser.element("connect-copied").textContent = self.t("connect.copied")
        elif action == "share":
            sharing.share(self.code, self.t("connect.title"), as_link=self.hosting)
        elif action == "connect":
            self.connect(str(browser.element("connect-reply").value))
        elif action == "scan":
            self.scan.toggle()
        elif action == "pass-reply" and not self.hosting:
            self.pass_on(str(browser.element("connect-pass").value))
        elif action == "wave" and self.stage == CONNECTED:
            self.channel.send({"type": "wave"})
        elif action == "play" and data.get("game") == GROUP and table:
            self.open_group()
        elif action == "play" and len(table) > 1:
            if data.get("game") in TABLE_GAMES:
                self.open_table(data.get("game"))
        elif action in ("play", "resume") and self.friends and len(table) == 1:
            self.back_to_one()
            self.on_action(action, data, event)
        elif action in ("play", "resume") and self.stage == CONNECTED:
            route = data.get("game")
            if route in REMOTE_GAMES:
                self.open_game(route, "host" if action == "play" else "resume")
        elif action == "invite-more" and self.hosting and 0 < len(table) < MAX_GROUP_GUESTS:
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
        self.channel.accept(reply, self.on_link_error)
        self.update()

    # --- a table of devices -----------------------------------------------------------
    def invite_more(self) -> None:
        """Keep the friends connected and make an invite for one more."""
        from ..peer import rtc

        self.friends = self.table()
        self.code, self.reply_problem, self.problem, self.received = "", None, None, 0
        self.stage = CREATING
        self.link = rtc.open_channel(self.my_name(), prefs.ice_config(self.settings), True)
        self.listen()
        self.update()

    def back_to_one(self) -> None:
        """One friend connected, the invite for another dropped: a game of two devices."""
        from ..peer import rtc

        friend = self.table()[0]
        if friend is not self.link:
            self.channel.close()
            self.link = friend
        rtc.current, self.friends, self.stage = friend, [], CONNECTED

    def open_table(self, route: str) -> None:
        """Give every friend's connection to the game's page, which hosts the table."""
        forget_game(self.app.store, route)
        self.handed_over = True
        hand_over(self.table(), [*self.friends, self.link])
        self.app.navigate(router.href(route, remote="table-host"))

    def open_group(self) -> None:
        """Give every friend's connection to the leader's tournament page, and send each
        friend's page to theirs at once, with its device's name in the group (as hand_over
        names it; the group names it again as it starts its relay on the link)."""
        table = self.table()
        for device, link in zip(guest_ids(len(table)), table, strict=True):
            link.send({"type": "group", "you": device})
        forget_game(self.app.store, GROUP_ROOM)
        self.handed_over = True
        hand_over(table, [*self.friends, self.link])
        self.app.navigate(group_address("group-host", self.route.params.get("speed", "")))

    def join_group(self, message: dict) -> None:
        """The leader chose a tournament group: this friend's page goes to it, and reads
        the leader's message first (this device's name in the group)."""
        from ..peer import rtc

        forget_game(self.app.store, GROUP_ROOM)
        self.handed_over = True
        self.channel.hold(message)
        rtc.current = self.link
        self.app.navigate(group_address("group-member"))

    def back_to_the_table(self, guest: str) -> None:
        """The new link to a friend of the table game: the game's page takes it up."""
        from ..peer import rtc

        self.handed_over = True
        rtc.current = None
        forget_game(self.app.store, GROUP_ROOM if hosting.current is not None else TABLE_GAMES[0])
        if (
            hosting.current is not None and self.link is not None
        ):  # a member of the group hosted here
            hosting.current.relinked(guest, self.link)
            self.app.navigate(group_address("group-host"))
            return
        self.channel.hold()
        rtc.table[guest] = self.channel
        self.app.navigate(router.href(TABLE_GAMES[0], remote="resume"))

    def pass_on(self, text: str) -> None:
        """This friend's page sends a newcomer's reply code on to the host."""
        code = text.strip()
        if not code or len(code) > MAX_CODE or self.link is None or self.link.state != OPEN:
            return
        self.link.send({"type": "pass-reply", "code": code})
        self.passed = self.t("connect.pass.sent", name=self.link.peer_name or "?")
        self.update()

    def passed_reply(self, message: dict) -> None:
        """A friend passed on the reply to the invite under way: taken as if pasted here
        (checked as any reply is; a bad one is named under the reply field)."""
        code = message.get("code")
        if (
            self.hosting
            and self.stage == WAITING
            and isinstance(code, str)
            and len(code) <= MAX_CODE
        ):
            self.connect(code)

    def on_storage_change(self, name) -> None:
        """Another tab's change must not redraw over a code being pasted."""

    def close(self) -> None:
        self.left = True
        self.scan.end()
        if not self.handed_over:
            for link in [*self.friends, self.link]:
                if link is not None:
                    link.close()


VIEW = ConnectView
