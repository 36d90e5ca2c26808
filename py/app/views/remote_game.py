"""What every game view shares when its game is with a friend on another device.

The view is opened by #/connect as "#/<game>?remote=host" (the host proposes the game),
"remote=guest" (the friend's page, the host's hello held for it) or "remote=resume" (a
game saved on this device; after a reload there is no connection until a new link is
made). The game is saved apart from the game's own (games_list.remote_slot), so a game
with a friend never replaces one against the computer.

The view provides: `midend`, `link_game` (None), `remote_how`, `_save()`, `redraw()`,
`finish()` (records the result once), `remote_proposal()` (the options and seats, each
"host", "guest" or "computer:<level>", of the game it proposes as host), `remote_ui()`
(its page state for the game that started or resumed), and `show_remote_move(before, events)` (the friend's move, already
played, shown as the computer's would be).
"""

from .. import browser, router, saved_games
from ..games_list import remote_slot
from ..html import h
from ..peer import prefs
from ..remote.link_game import LinkGame
from ..remote.roster import HOST
from ..remote.table_game import TableGame, is_table_save, table_message, table_session
from .remote_bar import asked_first, bar_text, remote_bar


class RemoteGameParts:
    # --- starting -----------------------------------------------------------------
    def start_remote(self) -> None:
        from ..peer import rtc

        link = rtc.current if rtc.current is not None and rtc.current.state == "open" else None
        name = prefs.load(self.app.store)["name"] or self.t("connect.default_name")
        if self.remote_how in ("table-host", "table-guest") or (
            self.remote_how == "resume" and is_table_save(self.saved_remote())
        ):
            self.start_table(link, name)
            return
        self.link_game = LinkGame(link, self.midend, name, self._save, self.on_remote)
        self.link_game.on_match = self.remote_match_made
        self.link_game.later = browser.later
        if self.remote_how == "host" and link is not None:
            self.link_game.host(*self.remote_proposal())
        elif self.remote_how == "guest" and link is not None:
            self.link_game.guest()
        elif self.midend.resume() is not None and self.link_game.resume():
            self.remote_ui()
            self.link_game.remind()  # (no connection yet: the friend is away)
        else:
            self.link_game.guest()  # nothing saved: the page says so, and offers a link

    def start_table(self, link, name: str) -> None:
        """A table of 3 or 4 devices (app.remote.table_game): the host's page takes every
        friend's connection from #/connect, a friend's page its one to the host; a game
        saved here resumes over the links there are (none after a reload: the host makes
        a new link for each friend it waits for, on #/connect?relink=<guest>)."""
        from ..peer import rtc

        session = table_session(self.saved_remote()) or {}
        friend = self.remote_how == "table-guest" or (
            self.remote_how == "resume" and session.get("me") != HOST
        )
        if friend:  # (back on the page with the connection still open: it goes on)
            links = {HOST: link} if link is not None else {}
        else:
            links = {guest: each for guest, each in rtc.table.items() if each.state == "open"}
        game = TableGame(links, self.midend, name, self._save, self.on_remote)
        self.link_game = game
        game.on_match = self.remote_match_made
        table = table_message(link.held) if HOST in links else None
        if self.remote_how == "table-host" and len(links) > 1:
            game.host(*self.remote_proposal())
        elif self.remote_how == "table-host":  # a friend went before the table was laid
            for each in links.values():
                each.close()  # (the friend's page says the host left; this one: no game)
            game.links = {}
        elif table is not None and "match" not in table:
            game.guest()  # a new game: the host's proposal follows the table message
        elif (
            self.midend.resume() is not None
            and self.same_table(game, table)
            and game.resume(self.saved_remote().get("meta", {}).get("relay"))
        ):
            self.remote_ui()
            game.attach()  # (what the links held may move the game on: now it is drawn)
        elif table is not None:  # the host's link names a game this device does not hold
            link.close()  # (the host sees this friend gone; this page says no game is here)
            game.links = {}

    def same_table(self, game: TableGame, table: dict | None) -> bool:
        """The game resumed here is the one the host's new link names (if it names one)."""
        session = (self.midend.remote or {}).get("session") or {}
        if table is None:
            return True
        return table.get("match") == game.match_id and table.get("you") == session.get("me")

    def saved_remote(self) -> dict:
        data = saved_games.load(self.app.store, remote_slot(self.game)).data
        return data if isinstance(data, dict) else {}

    def release_remote(self) -> None:
        """The page is left (see TableGame.release)."""
        if isinstance(self.link_game, TableGame):
            self.link_game.release()

    def remote_match_made(self, match) -> None:
        """Each new match with the friend's device (a game with its own sub-protocol
        wraps it here)."""

    def play_move(self, move) -> list:
        """A move of the player here: sent to the friend's device in a remote game."""
        if self.link_game is not None:
            return self.link_game.play(move)
        return self.midend.play(move)

    # --- the friend's device ------------------------------------------------------------
    def on_remote(self, event: dict) -> None:
        kind = event["type"]
        if kind == "started":
            self.remote_ui()
            self._save()
            browser.replace_hash(self.share_href())
            self.app.announce(bar_text(self.link_game, self.t))
        elif kind == "moved":
            self.show_remote_move(event["before"], event["events"])
            return
        elif kind == "ended":
            if self.midend.state is not None and self.finish():
                self._save()
            self.app.announce(bar_text(self.link_game, self.t))
        elif kind in ("problem", "link", "away"):
            self.app.announce(bar_text(self.link_game, self.t))
        if self.on_screen():
            self.redraw()

    def on_screen(self) -> bool:
        return self.app.view is self

    def remote_action(self, action: str) -> bool:
        """The remote bar's buttons, and what New game means in a game with a friend
        (a game of one's own, the friend's game kept). True when handled."""
        game = self.link_game
        if game is None:
            return False
        if asked_first(action, game, self.app, self.t):
            pass
        elif action == "remote-leave":
            game.leave()
            self.app.navigate(router.href("hub"))
        elif action == "remote-again":
            game.play_again(*self.remote_proposal())
            self.redraw()
        elif action in ("new-dialog", "again"):
            self.app.navigate(router.href(self.game))
        else:
            return False
        return True

    def remote_waiting_page(self, heading: bool = True):
        """Before the game starts (or with no game with a friend saved here); without
        its heading inside a page that has one."""
        game = self.link_game
        return h(
            "section",
            {
                "class": "game-view remote-waiting",
                "data-game": self.game,
                "data-remote": "connecting",
            },
            h("h1", {"tabindex": "-1"}, self.t(f"game.{self.game}.name")) if heading else None,
            remote_bar(game, self.t)
            if game.connected
            else h(
                "p",
                {"class": "remote-status", "role": "status"},
                self.t("remote.none"),
                " ",
                h("a", {"href": router.href("connect")}, self.t("connect.title")),
            ),
        )
