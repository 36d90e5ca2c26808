"""The Wordle Tournament page on one device (#/wordle?mode=tournament): the lobby, the group
screen, the rounds (pairing introduction, your duel, everyone's lives and the other duels
live in a side panel), being out, and the final standings.

The screen has the tournament's play (play.TournamentPlay: the clock's ticks, keys, what
happened) with this device as its seat (`OneDevice`), its lobby's actions (lobby) and the
round's (round_actions). Its clock, its save (a reload within 60 seconds resumes it),
ratings, statistics and replays are its keeper's (app.wordle.tournament_keeper). Hiding,
closing or reloading the page is a lost connection; another page of the app is not (rule
10.6): the play goes on behind it (away) and is taken back when the page returns.

Test-only address options: `speed=N` (1-100) runs the clock N times faster,
`seed=N` fixes the lobby (and so the whole tournament, given the same play).
"""

from typing import TYPE_CHECKING, Any

from games.wordle.tournament import Tournament

from .. import browser
from ..html import Markup
from ..wordle import records as tp
from ..wordle.tournament_keeper import TournamentKeeper
from . import away
from .lobby import ACTIONS as LOBBY
from .lobby import LobbyActions
from .play import TournamentPlay, View
from .round_actions import ACTIONS as ROUNDS
from .round_actions import RoundActions
from .ui import Ui

if TYPE_CHECKING:
    from ..views.wordle import WordleView


class OneDevice:
    """The seat of a tournament on one device: its people (one, or a group passing the
    device) and the keeper's save and results on this device."""

    def __init__(self, keeper: TournamentKeeper) -> None:
        self.keeper = keeper

    def view_here(self, game: Tournament, now: int, focus: int | None) -> tuple[View, int | None]:
        view = game.view(0 if game.players[0]["human"] else None, now)
        holder = game.keyboard_holder(now, focus)  # rule 11.4
        mine = game.human_duels()
        if holder is not None:
            focus = holder[1]
        elif focus not in mine:
            focus = mine[0] if mine else None
        return view, focus

    def may_type(self, pid: int) -> bool:
        return True  # whoever the keyboard is for (the engine says whose turn it is)

    def start(self, play: TournamentPlay) -> None:
        self.keeper.start(play.speed)
        play.playing().start(play.now())

    def save(self, play: TournamentPlay, force: bool) -> None:
        if not self.keeper.save(play.playing(), force):  # another tab took it over
            play.stop_ticking()
            play.refresh()

    def results(self, play: TournamentPlay) -> None:
        game = play.playing()
        if not self.keeper.record_humans(game):
            play.stop_ticking()
        if play.here() and self.keeper.keep_replay(game, play.group):
            play.save(force=True)

    def changed(self, play: TournamentPlay) -> None:
        away.show(play)

    def dress(self, play: TournamentPlay, ui: Ui) -> None:
        pass  # the drawing's defaults are one device's


class TournamentScreen:
    def __init__(self, view: "WordleView") -> None:
        self.view = view
        behind = away.take_back()  # the tournament that went on behind another page
        if behind is not None:
            behind.show_on(view)
            self.play = behind
        else:
            keeper = TournamentKeeper(view.app.store, browser)
            self.play = TournamentPlay(view, keeper, OneDevice(keeper))
        self.lobby, self.rounds = LobbyActions(self.play), RoundActions(self.play)
        if behind is not None:
            self.play.start_ticking()
        else:
            self._open(view.route.params)

    def _open(self, params: dict[str, str]) -> None:
        """The tournament saved, else a group invited by the address, else a new lobby."""
        saved = self.play.keeper.saved()
        invited = tp.group_from_param(params["group"]) if "group" in params else None
        if saved is not None:
            self.lobby.open_saved(saved)
        elif invited is not None:
            self.lobby.open_group(invited)
        else:
            if "group" in params:
                self.play.say(self.play.t("wt.bad_link"), error=True)
            self.lobby.open_lobby()

    # what the tests and the page read of the play
    @property
    def game(self) -> Tournament | None:
        return self.play.game

    @property
    def keeper(self) -> TournamentKeeper:
        return self.play.keeper

    def now(self) -> int:
        return self.play.now()

    def tick(self) -> None:
        self.play.tick()

    def key(self, key: str) -> None:
        self.play.key(key)

    def on_action(self, action: str, data: dict[str, Any], event: object) -> None:
        if action == "wd-key":
            self.play.key(data.get("key", ""))
        elif action == "wt-start":
            self.play.start()
        elif action in LOBBY:
            LOBBY[action](self.lobby, data)
        elif action in ROUNDS:
            ROUNDS[action](self.rounds, data)

    def render(self) -> Markup:
        return self.play.render(self.play.drawn_view())

    # --- page life -------------------------------------------------------------------------------
    def suspend(self) -> None:
        """Hidden, closed, reloaded or left: a lost connection for the humans still in."""
        self.play.disconnect()

    def resume(self) -> None:
        self.play.reconnect()

    def close(self) -> None:
        """Another page of the app: the tournament goes on behind it while people
        of this device are still in (rule 10.6); else as when hidden."""
        play = self.play
        if play.live() and not play.playing().humans_done:
            away.carry_on(play)
        else:
            play.disconnect()
