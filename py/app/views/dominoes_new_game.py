"""Another Dominoes game on one device: the new-game dialog (its choices are the frontend's,
app.dominoes.setup), Play again, and a game asked for by its address while one is in
progress; each asks first when it would throw away a game a person has moved in, which is
never recorded (docs/rules/dominoes.md 10.6). The page (DominoesView) holds one of these."""

from dataclasses import replace

from .. import browser, saved_games
from ..dominoes import setup
from ..dominoes.ui import GAME
from ..midend import fresh_seed


class NewGames:
    """New games for one Dominoes page (`view`: a DominoesView)."""

    def __init__(self, view):
        self.view = view
        self.wanted = None  # a game asked for by its address, while one in progress waits

    def unless_kept(self, start, on_no=None) -> None:
        """start() another game, asking first when that would throw away a game in progress."""
        view = self.view
        if not view.in_progress():
            start()
            return
        t = view.t
        view.app.ask(
            t("frame.confirm_new_title"),
            t("frame.confirm_uncounted"),
            t("frame.confirm_new_yes"),
            start,
            on_no,
        )

    def ask_about_the_wanted_game(self) -> None:
        """The address asked for another game while one is in progress here: that
        game, if the player says so; else the address goes back to this one."""
        wanted, self.wanted = self.wanted, None
        if wanted is None:
            return
        view = self.view

        def start():
            view._new_state(*wanted, known=True)
            browser.replace_hash(view.share_href())
            view.app.announce(view.t("dominoes.announce.new_game"))
            view.redraw()

        self.unless_kept(start)

    def start(self, players: list, options: dict) -> None:
        """A new game with a fresh seed: the same table again, or the one set up."""
        view = self.view
        view._new_state(fresh_seed(), players, options)
        view.app.announce(view.t("dominoes.announce.new_game"))
        view.redraw()

    def again(self) -> None:
        view = self.view
        self.start(list(view.ui.players), dict(view.midend.options))

    def open_setup(self) -> None:
        view = self.view
        if view.link_game is not None:  # a game of one's own is set up on its own page
            view.remote_action("new-dialog")
            return
        view.ui = replace(view.ui, setup=setup.choices_from_prefs(view.prefs))
        view.redraw()

    def start_chosen(self, chosen: dict) -> None:
        """Start in the dialog: the table chosen, remembered, asking first about a game in
        progress (No keeps it, and closes the dialog)."""
        view = self.view
        players, partners = chosen["players"], chosen["partners"]

        def start():
            values = {"players": ",".join(players), "partners": partners}
            view.prefs = saved_games.update_prefs(view.app.store, GAME, view.prefs, values)
            view.ui = replace(view.ui, setup=None)
            self.start(players, {"seats": len(players), "partnerships": partners})

        def keep_playing():
            view.ui = replace(view.ui, setup=None)
            view.redraw()

        self.unless_kept(start, keep_playing)
