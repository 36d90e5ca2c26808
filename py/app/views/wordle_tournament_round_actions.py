"""The Wordle Tournament screen during the rounds: watching the other duels,
skipping to the final results once everyone of this device is out, and leaving.

`RoundActions` is a part of TournamentScreen (wordle_tournament), kept in its
own module: it reads and sets the screen's state (mode, game, watching, focus,
out_seen, confirm_leave, finishing) and calls the screen's `now`, `_find`,
`_stop_ticking`, `_after_change` and `_scroll_to_top`. The rules are the
engine's (humans_done, play_out, leave_all): this only turns input into their calls.
"""

from .. import browser

FINISH_SLICE_MS = 40  # the longest the page plays out the bots' last duels at a go


class RoundActions:
    def _act_watch(self, data) -> None:
        if self.mode != "game":
            return
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        rnd = self.game.current
        if rnd is None or not 0 <= index < len(rnd["matches"]):
            return
        if self.game.humans_done:
            self.out_seen = True
        yours = index == self.focus and self.game.humans_in()
        self.watching = None if self.watching == index or yours else index
        self.view.refresh()

    def _act_unwatch(self, _data) -> None:
        self.watching = None
        self.view.refresh()

    def _act_watch_on(self, _data) -> None:
        self.out_seen = True
        self.view.refresh()

    def _act_focus(self, data) -> None:
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        holder = self.game.keyboard_holder(self.now(), self.focus)
        if self.game.shared_keyboard and holder is not None and holder[1] != index:
            self.watching = index  # the keyboard stays where it is (11.4): only a look
        else:
            self.focus, self.watching = index, None
        self.view.refresh()

    def _act_finish(self, _data) -> None:
        """Everyone of the device is out: the bots' remaining duels at once, in
        slices of FINISH_SLICE_MS so the page never stops (the button says so)."""
        game = self.game
        if game is None or not game.humans_done or game.is_over or self.finishing:
            return
        self.finishing = True
        self._stop_ticking()
        self.view.refresh()
        button = self._find("#wt-finishing")
        if button is not None:
            button.focus()
        self.app.announce(self.t("wt.finishing"))
        browser.later(0, lambda: self._finish_some(game))

    def _finish_some(self, game) -> None:
        if game is not self.game or self.mode != "game" or self.keeper.elsewhere:
            self.finishing = False  # left or replaced: leaving plays the rest out (_forget)
            return
        deadline = browser.now_ms() + FINISH_SLICE_MS
        game.play_out(stop=lambda: browser.now_ms() >= deadline)
        if not game.is_over:
            browser.later(0, lambda: self._finish_some(game))
            return
        self.finishing = False
        self.watching = None
        self._after_change(force_save=True)
        self.view.refresh()
        self._scroll_to_top()

    def _act_leave(self, _data) -> None:
        if self.mode == "game" and self.game is not None and not self.game.humans_done:
            self.confirm_leave = True
            self.view.refresh()
            button = self._find("[data-action='wt-leave-yes']")
            if button is not None:
                button.focus()

    def _act_leave_no(self, _data) -> None:
        self.confirm_leave = False
        self.view.refresh()

    def _act_leave_yes(self, _data) -> None:
        self.confirm_leave = False
        if self.game is None or self.game.humans_done:
            return
        self.game.leave_all(self.now())  # the whole group leaves (11.5)
        self.out_seen = False
        self._after_change(force_save=True)
        self.view.refresh()
