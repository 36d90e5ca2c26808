"""The seat of a person on another device, behind the one game view.

The game view is opened by #/connect as "#/<game>?remote=host" (this device proposes the
game), "remote=guest" (the friend's page, the host's hello held for it) or "remote=resume" (a
game saved here; after a reload there is no connection until a new link is made). The game
is saved apart from the game's own (games_list.remote_slot).

The transport is app.remote (LinkGame over the page's connection, Match's protocol). A move
that comes from the other device is a claim: this device's engine checks it before anything
changes (Match refuses an illegal one as the other device's error, and the game stops there);
a legal one is played once through the midend and handed to the game view (`on_moved`), which
saves, records and draws it as any other move. A move made here is sent once the rules have
accepted it (`sent`). Everything else the link says (started, ended, a problem, the
connection) goes to `on_event`."""

from collections.abc import Callable
from typing import Any

from .. import browser, router
from ..html import Markup, h
from ..midend import Midend
from ..remote.link_game import LinkGame
from ..remote.match import CONNECTING, ENDED, PLAYING
from ..views.remote_bar import asked_first, bar_text, remote_bar

Proposal = Callable[[], tuple[dict, list[str]]]  # the options and seats this device proposes


def current_link() -> Any:
    """The page's open connection to a friend's device (from #/connect), if there is one."""
    from ..peer import rtc

    return rtc.current if rtc.current is not None and rtc.current.state == "open" else None


class RemoteSeat:
    def __init__(
        self,
        midend: Midend,
        name: str,
        save: Callable[[], None],
        on_event: Callable[[dict], None],
        on_moved: Callable[[list, Any], None],
    ):
        """`name`: the person's here, as the other device shows it."""
        self.midend = midend
        self.link_game = LinkGame(current_link(), midend, name, save, on_event)
        self.link_game.on_moved = on_moved
        self.link_game.later = browser.later

    def start(self, how: str, proposal: Proposal) -> None:
        """Propose a game (host), wait for the host's (guest), or resume the one saved here."""
        game, link = self.link_game, self.link_game.link
        if how == "host" and link is not None:
            game.host(*proposal())
        elif how == "guest" and link is not None:
            game.guest()
        elif not (self.midend.resume() is not None and game.resume()):
            game.guest()  # nothing saved: the page says so, and offers a link
        else:
            game.remind()  # (no connection yet: the friend is away)

    # --- what the game view asks ------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """No game yet: being set up, or none saved here."""
        return self.midend.state is None or self.link_game.status == CONNECTING

    @property
    def in_play(self) -> bool:
        return self.link_game.status == PLAYING

    @property
    def ended(self) -> bool:
        """Stopped before the rules ended it (resigned or left)."""
        return self.link_game.status == ENDED

    @property
    def peer(self) -> str:
        return self.link_game.peer

    @property
    def winner_is_me(self) -> bool | None:
        return self.link_game.winner_is_me

    def sent(self) -> None:
        """The move the midend has just played for the person here: to the other device."""
        self.link_game.sent()

    def said(self, t) -> str:
        return bar_text(self.link_game, t)

    def bar(self, t) -> Markup:
        return remote_bar(self.link_game, t)

    # --- the bar's buttons ------------------------------------------------------------------
    def action(self, action: str, app, proposal: Proposal) -> bool:
        """Resign, claim the game, leave or play again; True when the action was one."""
        game, t = self.link_game, app.t
        if asked_first(action, game, app, t):
            pass
        elif action == "remote-leave":
            game.leave()
            app.navigate(router.href("hub"))
        elif action == "remote-again":
            game.play_again(*proposal())
        else:
            return False
        return True

    def waiting_page(self, game: str, t) -> Markup:
        """Before the game starts (or with no game with a friend saved here)."""
        link_game = self.link_game
        return h(
            "section",
            {"class": "game-view remote-waiting", "data-game": game, "data-remote": "connecting"},
            h("h1", {"tabindex": "-1"}, t(f"game.{game}.name")),
            remote_bar(link_game, t)
            if link_game.connected
            else h(
                "p",
                {"class": "remote-status", "role": "status"},
                t("remote.none"),
                " ",
                h("a", {"href": router.href("connect")}, t("connect.title")),
            ),
        )
