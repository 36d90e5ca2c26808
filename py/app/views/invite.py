"""Play a friend anywhere with one link (#/invite): the host picks the game and gets a link
("Ann invites you to Battleship"); the friend opens it, sees the invitation and accepts;
both devices meet in the link's room (app.peer.room, over public Nostr relays) and the
game's page opens on both, with the connection handed to it as #/connect hands it.

Nothing leaves the page before the player has said yes to internet play: the host in
this page's question, the friend by accepting the invitation, which says the same. The
room's RoomLinks outlive this page (`room_links.current`): the game's page takes them over,
so that a lost connection comes back by itself. The link's fields come from someone else's
message: each is checked before it is shown or used."""

from .. import browser, router
from ..games_list import REMOTE_GAMES, route_of_remote
from ..peer import prefs, room_links, room_records
from ..peer.channel import clean_name
from ..peer.room import is_secret
from . import connect_sharing as sharing
from . import invite_panels as panels
from .base import View
from .invite_panels import (
    BAD_LINK,
    CHOOSE,
    CONNECTED,
    LOOKING,
    NO_RELAY,
    OFFERED,
    OPT_IN,
    WAITING,
)


class InviteView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.settings = prefs.load(app.store)
        params = route.params
        self.hosting = "room" not in params
        self.secret = params.get("room") if is_secret(params.get("room")) else None
        self.game = params.get("game") if params.get("game") in REMOTE_GAMES else None
        self.inviter = clean_name(params.get("from")) or ""
        self.record: dict | None = None
        self.links: room_links.RoomLinks | None = None
        self.handed_over = False
        self.left = False
        self.stage = self.first_stage()

    def first_stage(self) -> str:
        if not self.hosting:
            return OFFERED if self.secret and self.game else BAD_LINK
        if self.settings["internet"] != "on":
            return OPT_IN
        kept = room_records.kept_invite(self.app.store)
        if kept is not None:
            self.record, self.game = kept, kept["route"]
            return WAITING
        return CHOOSE

    def title(self) -> str:
        return self.t("invite.title")

    def my_name(self) -> str:
        return self.settings["name"] or self.t("connect.default_name")

    # --- drawing ------------------------------------------------------------------
    def screen(self) -> panels.Screen:
        links = self.links
        return panels.Screen(
            stage=self.stage,
            hosting=self.hosting,
            name=self.settings["name"],
            game=self.game,
            inviter=self.inviter,
            link=self.link_text(),
            can_share=sharing.can_share(),
            relays_up=links.relays_up if links else 0,
            relays=len(links.relays) if links else 0,
        )

    def link_text(self) -> str:
        if self.record is None or not self.hosting:
            return ""
        from pyscript import window

        page = str(window.location.href).split("#")[0]
        return page + router.href(
            "invite",
            room=self.record["secret"],
            game=self.record["route"],
            **{"from": self.my_name()},
        )

    def render(self):
        return panels.render(self.screen(), self.t)

    def update(self) -> None:
        if self.left:
            return
        self.app.render()
        self.app.announce(panels.status_text(self.screen(), self.t))

    def mounted(self, root) -> None:
        if self.stage == WAITING and self.links is None:
            self.open_room()

    # --- the player's actions ---------------------------------------------------------
    def on_action(self, action, data, event):
        if action == "name":
            self.settings = self.app.change_connection_prefs(
                name=clean_name(data.get("value")) or ""
            )
        elif action == "opt-in":
            self.settings = self.app.change_connection_prefs(internet="on")
            self.stage = CHOOSE
            self.update()
        elif action == "invite" and data.get("game") in REMOTE_GAMES:
            self.game = data["game"]
            self.record = room_records.invite(self.app.store, self.game, fresh=True)
            self.stage = WAITING
            self.update()
            self.open_room()
        elif action == "new-link":
            self.leave_room()
            room_records.forget_invite(self.app.store)
            self.record, self.stage = None, CHOOSE
            self.update()
        elif action == "accept" and self.stage == OFFERED and self.secret and self.game:
            self.settings = self.app.change_connection_prefs(internet="on")
            self.record = room_records.joining(self.secret, self.game)
            self.stage = LOOKING
            self.update()
            self.open_room()
        elif action == "copy":
            sharing.copy(self.link_text())
            browser.element("connect-copied").textContent = self.t("connect.copied")
        elif action == "share":
            sharing.share(self.link_text(), self.t("invite.title"), as_link=True)

    # --- the room -----------------------------------------------------------------------
    def open_room(self) -> None:
        from ..peer import rtc

        if self.record is None or not rtc.supported():
            return
        relays = prefs.relays(self.settings)
        if not relays:  # (internet play turned off in another tab meanwhile)
            self.stage = OPT_IN if self.hosting else OFFERED
            self.update()
            return
        self.leave_room()
        self.links = room_links.RoomLinks(
            room_records.place_of(self.record),
            self.my_name(),
            relays,
            prefs.ice_urls(self.settings),
            self.linked,
            on_news=self.news,
        )
        room_links.current = self.links
        self.links.start()

    def news(self) -> None:
        if self.links is not None and self.links.problem == "no_relay":
            self.stage = NO_RELAY
        self.update()

    def linked(self, link, device: str) -> None:
        """The friend's device is connected: the host's page opens the game, the friend's
        waits for the host's proposal (the match's hello names the game)."""
        from ..peer import rtc

        rtc.current = link
        self.stage = CONNECTED
        if self.hosting:
            self.open_game(link, "host")
        else:
            link.on_message(self.from_host)
            self.update()

    def from_host(self, message: dict) -> None:
        route = route_of_remote(message.get("game"))
        if message.get("type") == "hello" and route is not None and not self.handed_over:
            self.game = route  # (the host's choice: the link only named it)
            self.open_game(self.links_link(), "guest", message)

    def links_link(self):
        from ..peer import rtc

        return rtc.current

    def open_game(self, link, how: str, *first: dict) -> None:
        """Give the connection to the game's page (with a message it must read first)."""
        if self.record is None or self.game is None:
            return
        self.handed_over = True
        room_records.started(self.app.store, {**self.record, "route": self.game})
        link.hold(*first)
        self.app.navigate(router.href(self.game, remote=how))

    def leave_room(self) -> None:
        if self.links is not None:
            self.links.close()
            if room_links.current is self.links:
                room_links.current = None
            self.links = None

    def on_storage_change(self, name) -> None:
        """Another tab's change must not redraw over the link being copied."""

    def close(self) -> None:
        self.left = True
        if not self.handed_over:
            self.leave_room()


VIEW = InviteView
