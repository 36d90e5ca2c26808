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
from ..games_list import route_of_remote
from ..peer import prefs, room_links, room_records
from ..peer.channel import CLOSED, FAILED, OPEN, clean_name
from ..peer.room import DEVICE, is_secret
from ..peer.strangers import variant_of
from ..remote.saved_matches import TABLE_GAMES
from ..remote.table_game import guest_ids
from . import connect_sharing as sharing
from . import invite_panels as panels
from .base import View
from .connect_table import GROUP, group_address, hand_over
from .invite_panels import (
    BAD_LINK,
    CHOOSE,
    CONNECTED,
    INVITABLE,
    JOINED,
    LOOKING,
    NO_RELAY,
    OFFERED,
    OPT_IN,
    TABLE,
    WAITING,
)

STRANGER_WAIT_MS = 30_000  # a stranger's device not in the room by then is not coming


class InviteView(View):
    def __init__(self, app, route):
        super().__init__(app, route)
        self.settings = prefs.load(app.store)
        params = route.params
        self.hosting = "room" not in params
        self.secret = params.get("room") if is_secret(params.get("room")) else None
        self.game = params.get("game") if params.get("game") in INVITABLE else None
        self.inviter = clean_name(params.get("from")) or ""
        self.what = params.get("what")  # (the kind of game the host chose: panels.kind_of)
        host = params.get("host")
        self.host_key = host if isinstance(host, str) and DEVICE.fullmatch(host) else None
        self.record: dict | None = None
        self.links: room_links.RoomLinks | None = None
        self.handed_over = False
        self.left = False
        self.friends: list = []  # a table's or a group's friends connected so far, in order
        self.stranger: dict | None = None  # met by Find an opponent (#/find): their room
        self._gave_up: int | None = None
        self.stage = self.first_stage()
        matched = room_records.kept_match(app.store, params.get("matched"))
        if matched is not None:
            self.met(matched)

    def first_stage(self) -> str:
        if not self.hosting:
            return OFFERED if self.secret and self.game and self.host_key else BAD_LINK
        if self.settings["internet"] != "on":
            return OPT_IN
        return self.hosts_stage()

    def hosts_stage(self) -> str:
        """The host's page once internet play is on: the invite kept (a reload shows the
        same link), else the one to the game a New game dialog asked for, else the games."""
        kept = room_records.kept_invite(self.app.store)
        if kept is not None and self.game in (None, kept["route"]):
            self.record, self.game = kept, kept["route"]
            return WAITING
        if self.game is not None:
            self.record = room_records.invite(self.app.store, self.game, fresh=True)
            return WAITING
        return CHOOSE

    def met(self, record: dict) -> None:
        """A stranger agreed in a lobby (#/find): this device enters the room they agreed on,
        as its host (the one that proposed) or as a friend who accepted a link."""
        self.record, self.hosting = record, record["hosting"]
        self.stranger, self.game = record["stranger"], record["route"]
        self.secret, self.host_key = record["secret"], record.get("host")
        self.inviter = record["stranger"]["nick"]
        self.stage = WAITING if self.hosting else LOOKING

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
            friends=tuple(link.peer_name or "?" for link in self.friends),
            stranger=self.stranger is not None,
            kind=panels.kind_of(self.game, self.what if not self.hosting else self.hosts_kind()),
        )

    def hosts_kind(self) -> str | None:
        """The kind of game the host's own choices make (its New game dialog's), which
        the link names and the game then proposes: Battleship's mode, the duel's language."""
        if self.game not in ("battleship", "wordle"):
            return None
        prefs = self.app.store.load(f"prefs:{self.game}").data
        if self.game == "battleship":
            from ..battleship.setup import preferred

            return str(preferred(prefs)["mode"])
        return prefs.get("lang") if isinstance(prefs.get("lang"), str) else "en"

    def link_text(self) -> str:
        """The host's link, once its room is open (the link names the host's key in it)."""
        me = self.links.me if self.links is not None else None
        if self.record is None or not self.hosting or me is None:
            return ""
        from pyscript import window

        page = str(window.location.href).split("#")[0]
        kind = self.hosts_kind()
        return page + router.href(
            "invite",
            room=self.record["secret"],
            host=me,
            game=self.record["route"],
            **({"what": kind} if kind else {}),
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
        meeting = self.stage == LOOKING and self.stranger is not None
        if (self.stage == WAITING or meeting) and self.links is None:
            self.open_room()
        if self.stranger is not None and self._gave_up is None:
            self._gave_up = browser.later(STRANGER_WAIT_MS, self.stranger_never_came)

    def stranger_never_came(self) -> None:
        """The stranger's device never came to the room (it agreed with someone else, or
        left): back to the lobby, looking for the same game."""
        if self.left or self.handed_over or self.stranger is None:
            return
        if self.hosting:
            room_records.forget_invite(self.app.store)
        else:
            room_records.forget_game(self.app.store, self.game or "")
        variant = self.stranger["variant"]
        self.app.navigate(router.href("find", variant=variant, again="1"))

    # --- the player's actions ---------------------------------------------------------
    def on_action(self, action, data, event):
        if action == "name":
            self.settings = self.app.change_connection_prefs(
                name=clean_name(data.get("value")) or ""
            )
        elif action == "opt-in":
            self.settings = self.app.change_connection_prefs(internet="on")
            self.stage = self.hosts_stage()
            self.update()
            if self.stage == WAITING:
                self.open_room()
        elif action == "invite" and data.get("game") in INVITABLE:
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
            assert self.host_key is not None  # (OFFERED only with one)
            self.record = room_records.joining(
                self.app.store, self.secret, self.host_key, self.game
            )
            self.stage = LOOKING
            self.update()
            self.open_room()
        elif action == "start" and self.hosting and len(self.friends) >= panels.fewest(self.game):
            self.start_together()
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
            prefs.ice_config(self.settings),
            self.linked,
            max_guests=panels.most_guests(self.game),
            on_news=self.news,
        )
        room_links.current = self.links
        self.links.start()

    def news(self) -> None:
        if self.links is not None and self.links.problem == "no_relay":
            self.stage = NO_RELAY
        self.update()

    def linked(self, link, device: str) -> None:
        """A friend's device is connected. For a game of two, the host's page opens the game
        and the friend's waits for the host's proposal (the match's hello names the game);
        a table's or a group's host lists each friend until the host starts, and their pages
        wait for the host's start."""
        from ..peer import rtc

        if not self.hosting:
            rtc.current = link
            self.stage = JOINED if self.game in TABLE or self.game == GROUP else CONNECTED
            link.on_message(self.from_host)
            self.update()
        elif self.game in TABLE or self.game == GROUP:
            self.friends = [friend for friend in self.friends if friend.state == OPEN]
            self.friends.append(link)
            link.on_state(lambda state: self.friend_state(link, state))
            self.update()
        else:
            rtc.current = link
            self.stage = CONNECTED
            if self.record is not None:  # the friend of this game, and nobody else, from now
                self.record = {**self.record, "friend": device}
            self.open_game(link, "host")

    def friend_state(self, link, state: str) -> None:
        if state in (CLOSED, FAILED) and link in self.friends and not self.handed_over:
            self.friends.remove(link)
            self.update()

    def from_host(self, message: dict) -> None:
        """The host started: a game of two (its hello), a table (`table`), a group (`group`)."""
        from ..peer import rtc

        kind, route = message.get("type"), route_of_remote(message.get("game"))
        link, record = rtc.current, self.record
        if self.handed_over or link is None or record is None:
            return
        if self.stranger is not None and route != record["route"]:
            return  # (a stranger's device proposing another game than the one agreed)
        if kind == "hello" and route is not None:
            self.game = route  # (the host's choice: the link only named it)
            self.open_game(link, "guest", message)
        elif kind == "table" and route in TABLE_GAMES:
            self.handed_over = True
            link.hold(message)
            room_records.started(self.app.store, {**record, "route": route})
            self.app.navigate(router.href(route, remote="table-guest"))
        elif kind == "group":
            self.handed_over = True
            link.hold(message)
            room_records.started(self.app.store, {**record, "route": GROUP})
            self.app.navigate(group_address("group-member", self.route.params.get("speed", "")))

    def start_together(self) -> None:
        """The host of a table or a group starts: every friend's connection goes to the
        game's page, as #/connect hands them over; the room stays, with each friend's seat
        kept, so that a friend whose page was reloaded comes back to it by itself."""
        table = [friend for friend in self.friends if friend.state == OPEN]
        record = self.record
        if len(table) < panels.fewest(self.game) or record is None:
            return
        self.handed_over = True
        seats = dict(zip(guest_ids(len(table)), table, strict=True))
        if self.game == GROUP:
            for seat, link in seats.items():
                link.send({"type": "group", "you": seat})
        hand_over(table, table)
        route = GROUP if self.game == GROUP else TABLE_GAMES[0]
        by_device = {link.device: seat for seat, link in seats.items()}
        room_records.started(self.app.store, {**record, "route": route, "seats": by_device})
        if self.game == GROUP:
            self.app.navigate(group_address("group-host", self.route.params.get("speed", "")))
        else:
            self.app.navigate(router.href(TABLE_GAMES[0], remote="table-host"))

    def open_game(self, link, how: str, *first: dict) -> None:
        """Give the connection to the game's page (with a message it must read first)."""
        if self.record is None or self.game is None:
            return
        self.handed_over = True
        room_records.started(self.app.store, {**self.record, "route": self.game})
        link.hold(*first)
        variant = variant_of(self.stranger["variant"]) if self.stranger else None
        params = variant.params if variant is not None else {}  # (the duel's language)
        self.app.navigate(router.href(self.game, remote=how, **params))

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
