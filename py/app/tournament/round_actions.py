"""The Wordle Tournament group leader's screen during the rounds: watching the other duels,
skipping to the final results once the leader is out, and leaving.

`RoundActions` is held by the leader's screen (group_leader) and has its play
(play.TournamentPlay): the state it reads and sets (mode, game, watching, focus, out_seen,
confirm_leave, finishing), its clock and its page parts. The rules are the engine's
(humans_done, play_out, leave_all): this only turns input into their calls.
"""

from typing import Any

from games.wordle.tournament import Tournament

from .. import browser
from .play import TournamentPlay
from .turn_typing import watched_after_click

Data = dict[str, Any]  # an action's data, from the element clicked
FINISH_SLICE_MS = 40  # the longest the page plays out the bots' last duels at a go


class RoundActions:
    def __init__(self, play: TournamentPlay) -> None:
        self.play = play

    def act_watch(self, data: Data) -> None:
        play, game = self.play, self.play.game
        if play.mode != "game" or game is None:
            return
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        rnd = game.current
        if rnd is None or not 0 <= index < len(rnd["matches"]):
            return
        if game.humans_done:
            play.out_seen = True
        yours = index == play.focus and bool(game.humans_in())
        play.watching = watched_after_click(index, play.watching, yours)
        play.refresh()

    def act_unwatch(self, _data: Data) -> None:
        play = self.play
        play.watching = None
        play.refresh()

    def act_watch_on(self, _data: Data) -> None:
        play = self.play
        play.out_seen = True
        play.refresh()

    def act_focus(self, data: Data) -> None:
        play, game = self.play, self.play.game
        if game is None:
            return
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        holder = game.keyboard_holder(play.now(), play.focus)
        if game.shared_keyboard and holder is not None and holder[1] != index:
            play.watching = index  # the keyboard stays where it is (11.4): only a look
        else:
            play.focus, play.watching = index, None
        play.refresh()

    def act_finish(self, _data: Data) -> None:
        """Everyone of the device is out: the bots' remaining duels at once, in
        slices of FINISH_SLICE_MS so the page never stops (the button says so)."""
        play = self.play
        game = play.game
        if game is None or not game.humans_done or game.is_over or play.finishing:
            return
        play.finishing = True
        play.stop_ticking()
        play.refresh()
        button = play.page.find("#wt-finishing")
        if button is not None:
            button.focus()
        play.app.announce(play.t("wt.finishing"))
        browser.later(0, lambda: self.finish_some(game))

    def finish_some(self, game: Tournament) -> None:
        play = self.play
        if game is not play.game or play.mode != "game":
            play.finishing = False  # left or replaced
            return
        deadline = browser.now_ms() + FINISH_SLICE_MS
        game.play_out(stop=lambda: browser.now_ms() >= deadline)
        if not game.is_over:
            browser.later(0, lambda: self.finish_some(game))
            return
        play.finishing = False
        play.watching = None
        play.after_change(force_save=True)
        play.refresh()
        play.page.scroll_to_top()

    def act_leave(self, _data: Data) -> None:
        play = self.play
        if play.mode == "game" and play.game is not None and not play.game.humans_done:
            play.confirm_leave = True
            play.refresh()
            button = play.page.find("[data-action='wt-leave-yes']")
            if button is not None:
                button.focus()

    def act_leave_no(self, _data: Data) -> None:
        play = self.play
        play.confirm_leave = False
        play.refresh()

    def act_leave_yes(self, _data: Data) -> None:
        play = self.play
        play.confirm_leave = False
        if play.game is None or play.game.humans_done:
            return
        play.game.leave_all(play.now())  # the whole group leaves (11.5)
        play.out_seen = False
        play.after_change(force_save=True)
        play.refresh()


ACTIONS = {
    "wt-watch": RoundActions.act_watch,
    "wt-unwatch": RoundActions.act_unwatch,
    "wt-watch-on": RoundActions.act_watch_on,
    "wt-focus": RoundActions.act_focus,
    "wt-finish": RoundActions.act_finish,
    "wt-leave": RoundActions.act_leave,
    "wt-leave-yes": RoundActions.act_leave_yes,
    "wt-leave-no": RoundActions.act_leave_no,
}
