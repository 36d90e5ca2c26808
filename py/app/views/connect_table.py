"""#/connect for a table of 3 or 4 devices (Straight Dominoes): once a friend is
connected, the host invites another, and another, each with a link of their own, then
hands every connection to the game's page; and #/connect?relink=<guest>, the host's new
link to a friend of the table game saved here, after which the game's page takes the
table up again. A mixin of ConnectView (self.link: the connection being made now)."""

from .. import router, saved_games
from ..games_list import remote_slot
from ..html import h
from ..peer import prefs
from ..peer.channel import OPEN
from ..remote.relay import HOST
from ..remote.table_game import guest_ids, is_table_save
from .connect_stages import CONNECTED, CREATING

TABLE_GAMES = ("dominoes",)  # the games 3 or 4 devices play together


class TableInvites:
    friends: list  # the host's friends connected before the invite under way

    def lost_friend(self, guest) -> tuple[str, str] | None:
        """A new link for a friend of the table game saved here: (their guest id, name)."""
        data = saved_games.load(self.app.store, remote_slot(TABLE_GAMES[0])).data
        if not isinstance(guest, str) or not is_table_save(data) or self.invite is not None:
            return None
        names = data["meta"]["frame"]["remote"]["session"].get("names")
        name = names.get(guest) if isinstance(names, dict) and guest != HOST else None
        return (guest, name) if isinstance(name, str) else None

    def table(self) -> list:
        """The host's connections open now: earlier friends', then the one just made."""
        links = [*self.friends, self.link] if self.link is not None else list(self.friends)
        return [link for link in links if link.state == OPEN]

    def table_line(self):
        names = [link.peer_name or "?" for link in self.table()]
        return h(
            "p",
            {"class": "connect-table", "data-friends": len(names)},
            self.t("connect.table.here", names=", ".join(names))
            if names
            else self.t("connect.table.empty"),
        )

    def invite_more_button(self):
        return h(
            "button",
            {"type": "button", "class": "button subtle", "data-action": "invite-more"},
            self.t("connect.table.invite"),
        )

    def open_table(self, route: str) -> None:
        """Give every friend's connection to the game's page, which hosts the table."""
        from ..peer import rtc

        table = self.table()
        for link in [*self.friends, self.link]:
            if link not in table:
                link.close()  # an invite not answered, a friend gone
        self.handed_over = True
        for link in table:
            link.hold()
        for earlier in rtc.table.values():  # an earlier table's friends: that table is over
            if earlier not in table:
                earlier.close()
        rtc.table = dict(zip(guest_ids(len(table)), table, strict=True))
        rtc.current = None
        self.app.navigate(router.href(route, remote="table-host"))

    def back_to_the_table(self) -> None:
        """The new link to a friend of the table game: the game's page takes it up."""
        from ..peer import rtc

        self.handed_over = True
        self.link.hold()
        rtc.table[self.relink[0]] = self.link
        rtc.current = None
        self.app.navigate(router.href(TABLE_GAMES[0], remote="resume"))

    def invite_more(self) -> None:
        """Keep the friends connected and make an invite for one more."""
        from ..peer import rtc

        self.friends = self.table()
        self.code, self.reply_problem, self.problem, self.received = "", None, None, 0
        self.stage = CREATING
        self.link = rtc.open_channel(self.my_name(), prefs.ice_urls(self.settings), True)
        self.listen()
        self.update()

    def back_to_one(self) -> None:
        """One friend connected, the invite for another dropped: a game of two devices."""
        friend = self.table()[0]
        if friend is not self.link:
            self.link.close()
            self.link = friend
        from ..peer import rtc

        rtc.current, self.friends, self.stage = friend, [], CONNECTED
