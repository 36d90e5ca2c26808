"""Straight Dominoes with friends on other devices ("#/dominoes?remote=host|guest|resume",
and for a table of 3 or 4 devices "remote=table-host|table-guest").

The page's midend runs the public engine (games.dominoes.public_game: the state both
devices know, no hand in it), and app.remote.dominoes_match the deal beside it, mental
poker with no referee: this device holds its person's tiles (and, on the host, its
computers'), the draws reach the drawer alone, every hand shown at its end is checked
against the deck (docs/rules/dominoes.md 11). The page draws from this device's
person's private view, in the ordinary view's shape, so the table, the hand and the
summaries are drawn as in a game on one device.

The host proposes its New game table: its own seat, the friend's (the first other
person's seat, or else the first computer's) and its computers, who play on the host's
device; partnerships with four. Both devices' coin flip turns the table, so who sits
where (and who leads) is drawn. With friends on 2 or 3 devices the same holds through
app.remote.table_game (the host's relay): every friend takes a person's seat of the
host's table, or else a computer's, and the table grows if it must (table_seats).
"""

from dataclasses import replace

from games.dominoes.public_view import public_view as public_of
from games.dominoes.public_view import view_for as public_view_for

from .. import browser, replays, router, saved_games
from ..dominoes.changes import tile_came
from ..dominoes.frontend import result, variant
from ..dominoes.seats import KIND_OF, parse_players, proposed_seats, table_seats
from ..dominoes.tiles import high_first
from ..dominoes.ui import DEFAULT_PLAYERS, GAME, REMOTE_KIND
from ..frame.frontend import Result
from ..games_list import remote_slot
from ..midend import COMPUTER
from ..remote.dominoes_match import DominoesMatch
from ..remote.match import CONNECTING, PLAYING
from ..remote.table_game import TableGame
from .remote_bar import remote_bar
from .remote_game import RemoteGameParts

SLOT = remote_slot(GAME)


class DominoesRemoteParts(RemoteGameParts):
    dm: DominoesMatch | None = None
    _draw_told: tuple | None = None  # (hand number, moves in it) of the draw whose tile was said
    _playing = False  # a move of this device's is being played

    # --- what app.views.remote_game asks of a game's page -------------------------------
    def remote_match_made(self, match) -> None:
        resumed = match.status != CONNECTING
        deal = self._saved_meta().get("deal") if resumed else None
        try:
            self.dm = DominoesMatch(match, on_change=self._dm_changed, saved=deal)
        except (ValueError, TypeError, KeyError):  # a damaged deal: the hand cannot go on
            self.dm = DominoesMatch(match, on_change=self._dm_changed)

    def _saved_meta(self) -> dict:
        data = saved_games.load(self.app.store, SLOT).data
        meta = data.get("meta") if isinstance(data, dict) else None
        return meta if isinstance(meta, dict) else {}

    def remote_proposal(self):
        players = parse_players(self.prefs.get("players")) or list(DEFAULT_PLAYERS)
        partners = bool(self.prefs.get("partners")) and len(players) == 4
        if isinstance(self.link_game, TableGame):
            guests = sorted(self.link_game.links)
            return table_seats(players, bool(self.prefs.get("partners")), guests)
        if players.count("human") > 2:  # two devices: the table's other people are computers
            self.app.notice(
                "dominoes-two-devices",
                lambda: self.t("dominoes.remote_two_devices"),
                about_view=True,
            )
        return {"seats": len(players), "partnerships": partners}, proposed_seats(players)

    def remote_ui(self) -> None:
        game = self.link_game
        meta = self._saved_meta()
        ack = meta.get("ack")
        same = (meta.get("frame") or {}).get("seed") == self.midend.seed
        self.ui = replace(
            self.ui,
            players=tuple(self._kind(seat) for seat in game.match.seats),
            peer=game.peer,
            peer_names=game.seat_names() if isinstance(game, TableGame) else {},
            ack=ack if same and isinstance(ack, int) else len(self.state.hand_summaries),
            revealed=None,
            selected=None,
            drawn=None,
            pop=None,
            message="",
            log=(),
        )

    def _kind(self, seat: str) -> str:
        if seat == self.link_game.match.role:
            return "human"
        if seat.startswith(COMPUTER):
            return KIND_OF.get(seat, "strong")
        return REMOTE_KIND

    def show_remote_move(self, before, events: list) -> None:
        """The friend's move (or their device's computer's), played: said and drawn."""
        self.after_move(before.current_player, events)

    def remote_share_href(self) -> str:
        return router.href(GAME, remote="resume")

    # --- the game between devices ---------------------------------------------------------
    def remote_view(self) -> dict:
        """This device's person's view: their hand once the deal gave it, and whether
        their move must wait for the deck (the deal, a draw, the hand's check)."""
        me = self.link_game.my_seat
        dm = self.dm
        try:
            view = dm.view() if dm is not None and dm.deal is not None else None
        except ValueError:  # the next hand's deal has not begun here yet
            view = None
        if view is None:
            view = public_view_for(self.state, me)
        if view["current_player"] == me and not (dm is not None and dm.ready):
            view = {**view, "legal_moves": [], "dealing": True}
        return view

    def say_the_tile_drawn(self) -> None:
        """The tile this device's person drew, once the deck gave it: lifted in the hand
        and named to them alone, as on one device; said once for each draw."""
        if self.link_game.my_seat is None or self.dm is None:
            return
        tile = self.dm.drawn_tile(self.link_game.my_seat)
        if tile is None:
            return
        came = tile_came(self.ui, high_first(tile), self.t)
        self.ui = came.ui
        draw = (self.state.hand_number, len(self.state.history))
        if draw != self._draw_told:
            self._draw_told = draw
            self.app.announce(came.said)

    def remote_public(self) -> dict:
        return public_of(self.state)

    def remote_play(self, move) -> list:
        if self.dm is None or not self.dm.ready:
            raise RuntimeError("the deck is still dealing")
        self._playing = True  # the tile of a draw is said after the move is (after_move)
        try:
            return self.dm.play(move)
        finally:
            self._playing = False

    def remote_computer_move(self):
        return self.dm.computer_move()

    def remote_computer_ready(self) -> bool:
        return self.dm is not None and self.dm.ready and self.link_game.status == PLAYING

    def remote_meta(self) -> dict:
        meta = {"deal": self.dm.record() if self.dm is not None else None}
        if isinstance(self.link_game, TableGame):
            meta["relay"] = self.link_game.relay_record()
        return meta

    def remote_frozen(self) -> bool:
        """The game with the friends' devices is not in play (connecting, stopped, ended)."""
        return self.link_game.status != PLAYING

    def remote_page(self) -> dict:
        """What the page shows of the game with the friends' devices: its line, and whether
        this device starts the next game."""
        game = self.link_game
        return {"bar": remote_bar(game, self.t), "hosting": game.hosting and game.connected}

    def remote_result(self) -> Result | None:
        """What the finished game records here: as on one device, as a game between
        devices ("remote-2"), won as the match says."""
        kind = "remote-" + variant(self.state.table.to_json())
        won = self.link_game.winner_is_me
        return result(self.state, self.public(), self.ui, self.midend.seed, kind, won)

    def keep_remote_replay(self) -> None:
        """The finished game kept for replaying like any other, face up."""
        entry = self.dm.face_up_replay(browser.today_iso()) if self.dm is not None else None
        if entry is not None:
            replays.keep(self.app.store, GAME, entry)

    def _dm_changed(self) -> None:
        """The deck moved on (tiles came, a hand was checked): saved and drawn again."""
        if self.midend.state is not None and not self._playing:
            self.say_the_tile_drawn()
        self._save()
        if self.on_screen() and self.midend.state is not None:
            self.redraw()
            self.computer.schedule()
