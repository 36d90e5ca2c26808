"""The Wordle Tournament screen during the rounds: watching the other duels,
skipping to the final results once everyone of this device is out, and leaving.

`RoundActions` is held by the screen (screen's TournamentScreen): it
reads and sets the screen's state (mode, game, watching, focus, out_seen,
confirm_leave, finishing) and calls the screen's `now`, `_stop_ticking` and
`_after_change`, and its page parts (`page`). The rules are the engine's
(humans_done, play_out, leave_all): this only turns input into their calls.
"""

from .. import browser

FINISH_SLICE_MS = 40  # the longest the page plays out the bots' last duels at a go


class RoundActions:
    def __init__(self, screen) -> None:
        self.screen = screen  # TournamentScreen (or the group leader's): the state it changes

    def act_watch(self, data) -> None:
        screen = self.screen
        if screen.mode != "game":
            return
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        rnd = screen.game.current
        if rnd is None or not 0 <= index < len(rnd["matches"]):
            return
        if screen.game.humans_done:
            screen.out_seen = True
        yours = index == screen.focus and screen.game.humans_in()
        screen.watching = None if screen.watching == index or yours else index
        screen.view.refresh()

    def act_unwatch(self, _data) -> None:
        screen = self.screen
        screen.watching = None
        screen.view.refresh()

    def act_watch_on(self, _data) -> None:
        screen = self.screen
        screen.out_seen = True
        screen.view.refresh()

    def act_focus(self, data) -> None:
        screen = self.screen
        try:
            index = int(data.get("duel", ""))
        except ValueError:
            return
        holder = screen.game.keyboard_holder(screen.now(), screen.focus)
        if screen.game.shared_keyboard and holder is not None and holder[1] != index:
            screen.watching = index  # the keyboard stays where it is (11.4): only a look
        else:
            screen.focus, screen.watching = index, None
        screen.view.refresh()

    def act_finish(self, _data) -> None:
        """Everyone of the device is out: the bots' remaining duels at once, in
        slices of FINISH_SLICE_MS so the page never stops (the button says so)."""
        screen = self.screen
        game = screen.game
        if game is None or not game.humans_done or game.is_over or screen.finishing:
            return
        screen.finishing = True
        screen._stop_ticking()
        screen.view.refresh()
        button = screen.page.find("#wt-finishing")
        if button is not None:
            button.focus()
        screen.app.announce(screen.t("wt.finishing"))
        browser.later(0, lambda: self.finish_some(game))

    def finish_some(self, game) -> None:
        screen = self.screen
        if game is not screen.game or screen.mode != "game" or screen.keeper.elsewhere:
            screen.finishing = False  # left or replaced: leaving plays the rest out (_forget)
            return
        deadline = browser.now_ms() + FINISH_SLICE_MS
        game.play_out(stop=lambda: browser.now_ms() >= deadline)
        if not game.is_over:
            browser.later(0, lambda: self.finish_some(game))
            return
        screen.finishing = False
        screen.watching = None
        screen._after_change(force_save=True)
        screen.view.refresh()
        screen.page.scroll_to_top()

    def act_leave(self, _data) -> None:
        screen = self.screen
        if screen.mode == "game" and screen.game is not None and not screen.game.humans_done:
            screen.confirm_leave = True
            screen.view.refresh()
            button = screen.page.find("[data-action='wt-leave-yes']")
            if button is not None:
                button.focus()

    def act_leave_no(self, _data) -> None:
        screen = self.screen
        screen.confirm_leave = False
        screen.view.refresh()

    def act_leave_yes(self, _data) -> None:
        screen = self.screen
        screen.confirm_leave = False
        if screen.game is None or screen.game.humans_done:
            return
        screen.game.leave_all(screen.now())  # the whole group leaves (11.5)
        screen.out_seen = False
        screen._after_change(force_save=True)
        screen.view.refresh()


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
