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
accepted it (`play`). Everything else the link says (started, ended, a problem, the
connection) goes to `on_event`.

A game with a sub-protocol of its own (app.frame.sub_protocol: Battleship's sealed fleets)
gets this device's side of each match as it is made: the frontend is then given what this
device knows (`position`), the person's moves go through the side, and what the side keeps
is saved with the game (`meta`) and read back when the game resumes."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import browser, router
from ..html import Markup, h
from ..midend import Midend
from ..peer import room_records, strangers
from ..remote.link_game import LinkGame
from ..remote.match import CONNECTING, ENDED, PLAYING, Match
from ..remote.table_game import TableGame
from ..views.remote_bar import asked_first, bar_text, remote_bar
from . import lasting_ui, table_seat
from .frontend import Table, Translate
from .seats import table_of
from .sub_protocol import Relinks, Side, SubProtocol

if TYPE_CHECKING:
    from ..main import App

Proposal = Callable[
    [], tuple[dict[str, Any], list[str]]
]  # the options and seats this device proposes


def current_link() -> Any:
    """The page's open connection to a friend's device (from #/connect), if there is one."""
    from ..peer import rtc

    return rtc.current if rtc.current is not None and rtc.current.state == "open" else None


def proposed(
    frontend: Any, prefs: dict[str, Any], remote: "RemoteSeat | None"
) -> tuple[dict[str, Any], list[str]]:
    """The game this device proposes: the frontend's (Frontend.proposal), else the player's
    choices with a friend on the other seat."""
    guests = remote.guests if remote is not None else []
    return frontend.proposal(prefs, guests) or (frontend.new_options(prefs), ["host", "guest"])


class RemoteSeat:
    def __init__(
        self,
        midend: Midend,
        name: str,
        save: Callable[[], None],
        on_event: Callable[[dict[str, Any]], None],
        on_moved: Callable[[list[dict[str, Any]], Any], None],
    ) -> None:
        """`name`: the person's here, as the other device shows it."""
        self.midend, self.save, self.name = midend, save, name
        self.on_event, self.on_moved = on_event, on_moved
        self.link_game: LinkGame | TableGame = LinkGame(
            current_link(), midend, name, save, self._on_event
        )
        self.link_game.on_moved = on_moved
        self.link_game.later = browser.later
        self.link_game.tab = browser.tab_storage()  # (app.remote.behind)
        self.side: Side | None = None  # this device's part of the match (a sub-protocol's)
        self.saved: dict[str, Any] | None = None  # the meta of the game resumed here
        self.joining = False  # a side being made: what it saves meanwhile is saved once made
        self.save_due = False
        self.room: dict[str, Any] | None = None  # the record of the room it follows, if any
        self.route = ""
        self.reopen: Callable[[str], None] = lambda href: None

    def met_stranger(self, store: Any, route: str, frontend: Any) -> strangers.Variant | None:
        """The kind of game agreed with a stranger (met by Find an opponent), if this game is
        one: this device proposes its standard game, and refuses any other proposal."""
        met = strangers.stranger_of(room_records.of_game(store, route))
        variant = strangers.variant_of(met["variant"]) if met is not None else None
        if variant is not None and isinstance(self.link_game, LinkGame):
            options = proposed(frontend, variant.prefs, self)[0]
            self.link_game.agreed = dict(self.midend.game.options_to_params(options))
        return variant

    def start(self, how: str, proposal: Proposal, sub_protocol: SubProtocol | None = None) -> None:
        """Propose a game (host), wait for the host's (guest), or resume the one saved here;
        at a table of devices, the same through the host's relay (app.frame.table_seat)."""
        if table_seat.at_table(how, self.midend):
            self.link_game = table_seat.table_game(
                how, current_link(), self.midend, self.name, self.save, self._on_event
            )
            self.link_game.on_moved = self.on_moved
            self.link_game.later = browser.later
            self.link_game.tab = browser.tab_storage()  # (app.remote.behind)
        game = self.link_game
        if sub_protocol is not None:
            game.on_match = lambda match: self._join(sub_protocol, match)
        if isinstance(game, TableGame):
            table_seat.start(game, how, proposal, self._resume)
            game.remind()  # (a game taken up: its turn counted from now)
            return
        link = game.link
        if how == "host" and link is not None:
            game.host(*proposal())
        elif how == "guest" and link is not None:
            game.guest()
        else:
            if self._resume() is not None and game.resume():
                game.remind()  # (no connection yet: the friend is away)
            else:
                game.guest()  # nothing saved: the page says so, and offers a link

    def follow_room(self, store: Any, route: str, reopen: Callable[[str], None]) -> None:
        """A game begun by one link follows the link's room: a connection lost (a reload
        here or there, a phone asleep) is made again by itself (app.peer.room_return); a
        game of two carries on over it, a table's page opens again with it (`reopen`)."""
        from ..peer import room_return

        self.route, self.reopen = route, reopen
        self.room = room_return.follow(store, route, self.name, self._relinked)

    def _relinked(self, link: Any, device: str) -> None:
        from ..peer import room_return, rtc

        game = self.link_game
        if isinstance(game, LinkGame):
            rtc.current = link
            game.relink(link)
            return
        if self.room is None:
            return
        if not self.room["hosting"]:  # the host names the game first: then it opens again
            again = router.href(self.route, remote="table-guest")
            room_return.when_host_says(link, "table", lambda message: self.reopen(again))
            return
        seat = room_return.seat_of(self.room, device)
        if seat is None:
            link.close()  # (a device of the room that never sat at this table)
            return
        old = rtc.table.get(seat)
        if old is not None and old is not link:
            old.close()
        link.hold()
        rtc.table[seat] = link
        self.reopen(router.href(self.route, remote="resume"))

    def _resume(self) -> dict[str, Any] | None:
        """The game saved here, taken up by the midend (its meta kept for the side)."""
        self.saved = self.midend.resume()
        return self.saved

    def release(self) -> None:
        """The page is left: a table's links hold what comes for the next page."""
        if isinstance(self.link_game, TableGame):
            self.link_game.release()

    def _join(self, sub_protocol: SubProtocol, match: Match) -> None:
        """This device's side of a new match (of the game saved here, if it resumes it)."""
        saved = self.saved if match.status != CONNECTING else None
        self.side, self.joining, self.save_due = None, True, False
        try:
            self.side = sub_protocol.join(self.link_game, saved, self._side_save, self._side_told)
        finally:
            self.joining = False
        if self.save_due:
            self.save()

    def _side_save(self) -> None:
        """The side's save: the game is saved with the side's part, so not before the side
        is made (a save then would keep the game without it)."""
        if self.joining:
            self.save_due = True
        else:
            self.save()

    def _side_told(self, events: list[dict[str, Any]], before: Any) -> None:
        """What the side played or learnt by itself: shown as a move is, or (nothing to
        tell) saved and drawn again."""
        if events:
            self.on_moved(events, before)
        else:
            self._side_save()
            self.on_event({"type": "changed"})

    def _on_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "link" and event["state"] == "open" and isinstance(self.side, Relinks):
            self.side.relinked()
        self.on_event(event)

    def first_ui(self, frontend: Any) -> Any:
        """The UI state of the game on screen when the view opens: as its save kept it, if
        it was resumed from one."""
        if self.saved is not None:
            return lasting_ui.resumed_ui(frontend, self.position(), self.saved)
        return frontend.new_ui(self.position())

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

    @property
    def resumed(self) -> dict[str, Any]:
        """The meta of the game resumed here ({}: none)."""
        return self.saved or {}

    @property
    def guests(self) -> list[str]:
        """The friends' devices at a table of more than two, as the host names them."""
        game = self.link_game
        return sorted(game.links) if isinstance(game, TableGame) else []

    def table(self) -> Table:
        """Who sits where, the people on other devices by name, and whether it is in play."""
        game = self.link_game
        names = game.seat_names() if isinstance(game, TableGame) else None
        return table_of(self.midend, self.peer, self.in_play, names)

    def position(self) -> Any:
        """The position the frontend is given: the midend's, or what this device knows of it."""
        return self.midend.state if self.side is None else self.side.position()

    def play(self, move: Any) -> list[dict[str, Any]]:
        """A move of the person here, played (IllegalMove when the rules refuse it), then
        sent to the other device."""
        if self.side is not None:
            return self.side.play(move)
        game = self.link_game
        if isinstance(game, TableGame):  # (the relay sends it)
            return game.play(move)
        events: list[dict[str, Any]] = self.midend.play(move)
        game.sent()
        return events

    def computer_ready(self) -> bool:
        """A computer this device runs may move now (what a sub-protocol's side says)."""
        return self.in_play and (self.side is None or self.side.computer_ready())

    def computer_move(self) -> Any:
        """The move of this device's computer to move, from what it may see here."""
        return self.midend.computer_move() if self.side is None else self.side.computer_move()

    def meta(self) -> dict[str, Any]:
        """What the game's side keeps, saved with the game."""
        return self.side.record() if self.side is not None else {}

    def said(self, t: Translate) -> str:
        return bar_text(self.link_game, t)

    def bar(self, t: Translate) -> Markup:
        return remote_bar(self.link_game, t)

    # --- the bar's buttons ------------------------------------------------------------------
    def action(self, action: str, app: "App", proposal: Proposal) -> bool:
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

    def waiting_page(self, game: str, t: Translate) -> Markup:
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
