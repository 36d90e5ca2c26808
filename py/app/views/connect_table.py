"""#/connect for a table of 3 or 4 devices (Straight Dominoes) or a Wordle Tournament
group of up to 8: once a friend is connected, the host invites another, and another,
each with a link of their own, then hands every connection to the game's page; and #/connect?relink=<guest>, the host's new
link to a friend of the table game saved here, after which the game's page takes the
table up again. A mixin of ConnectView (self.link: the connection being made now)."""

from .. import router, saved_games
from ..games_list import REMOTE_GAMES, remote_slot
from ..html import h
from ..peer import prefs
from ..peer.channel import OPEN
from ..remote.relay import HOST, MAX_GUESTS
from ..remote.table_game import guest_ids, is_table_save
from . import wordle_group_hosting as hosting
from .connect_stages import CONNECTED, CREATING, WAITING

TABLE_GAMES = ("dominoes",)  # the games 3 or 4 devices play together
GROUP = "wordle-group"  # a Wordle Tournament group, each friend on their own device
MAX_GROUP_GUESTS = 7  # the leader and 7 friends: a tournament's 8 seats
GROUP_ADDRESS = "#/wordle?mode=tournament&remote="  # + group-host | group-member
MAX_CODE = 20_000  # a reply code passed on by a friend: far more than any real one


def games_for(friends: int) -> tuple[str, ...]:
    """What the host may choose with this many friends connected."""
    if friends == 1:
        return (*REMOTE_GAMES, GROUP)
    return (*TABLE_GAMES, GROUP) if friends <= MAX_GUESTS else (GROUP,)


class TableInvites:
    friends: list  # the host's friends connected before the invite under way
    passed: str | None = None  # a friend's page: the newcomer's reply was passed on

    def lost_friend(self, guest) -> tuple[str, str] | None:
        """A new link for a friend of the tournament group hosted here, or of the table
        game saved here: (their guest id, name)."""
        if hosting.current is not None:
            return next(((d, name) for d, name in hosting.current.lost() if d == guest), None)
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

    # --- a friend passing on a newcomer's reply, so the host need not scan everyone ---
    def pass_on_panel(self, host_name):
        t = self.t
        return h(
            "div",
            {"class": "connect-pass"},
            h("label", {"for": "connect-pass"}, t("connect.pass.label", name=host_name)),
            h("textarea", {"id": "connect-pass", "rows": 2, "spellcheck": "false"}),
            h(
                "div",
                {"class": "connect-actions"},
                h(
                    "button",
                    {"type": "button", "class": "button subtle", "data-action": "pass-reply"},
                    t("connect.pass.send", name=host_name),
                ),
                h("span", {"class": "connect-passed", "role": "status"}, self.passed or ""),
            ),
        )

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

    def open_group(self) -> None:
        """Give every friend's connection to the leader's tournament page, and send each
        friend's page to theirs."""
        from ..peer import rtc

        table = self.table()
        for link in [*self.friends, self.link]:
            if link not in table:
                link.close()
        self.handed_over = True
        for link in table:
            link.send({"type": "group"})
            link.hold()
        for earlier in rtc.table.values():
            if earlier not in table:
                earlier.close()
        rtc.table = dict(zip(guest_ids(len(table)), table, strict=True))
        rtc.current = None
        speed = str(self.route.params.get("speed", ""))  # tests' fast clock (wordle_tournament)
        self.app.navigate(
            GROUP_ADDRESS + "group-host" + (f"&speed={speed}" if speed.isdigit() else "")
        )

    def join_group(self) -> None:
        """The leader chose a tournament group: this friend's page goes to it."""
        from ..peer import rtc

        self.handed_over = True
        self.link.hold()
        rtc.current = self.link
        self.app.navigate(GROUP_ADDRESS + "group-member")

    def back_to_the_table(self) -> None:
        """The new link to a friend of the table game: the game's page takes it up."""
        from ..peer import rtc

        self.handed_over = True
        rtc.current = None
        if hosting.current is not None:  # a member of the tournament group hosted here
            hosting.current.relinked(self.relink[0], self.link)
            self.app.navigate(GROUP_ADDRESS + "group-host")
            return
        self.link.hold()
        rtc.table[self.relink[0]] = self.link
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
