"""A Wordle Tournament going on behind the app's other pages (rule 10.6).

Opening another page of the app during a tournament (Rules, Statistics,
Settings, Games, the Wordle home...) is not leaving. When the tournament's
page closes with people of this device still in, its screen hands itself to
`carry_on` and keeps its clock running: their turns run out as usual, the
computers play, results are recorded and the tournament saved. A bar in the
app's header (away_draw) shows the round, whose turn it is
with its clock, and a link back; the tournament's page, opened again, takes
the tournament back from it (`take_back`) as it stands.

Hiding or closing the page while the tournament goes on behind another page
is still a lost connection (10.4): this module listens to the page for it, as
the app does for the page it shows.
"""

from .. import browser
from .away_draw import BAR_ID, bar, bar_state

_behind = None  # the TournamentScreen going on behind another page, if any
_listening = False


class HeaderBar:
    """The bar in the page: put at the end of the app's header, updated, removed."""

    def node(self):
        node = browser.element(BAR_ID)
        return node if browser.found(node) else None

    def put(self, markup) -> None:
        self.remove()
        header = browser.element("topnav").parentNode
        header.insertAdjacentHTML("beforeend", markup)

    def update(self, said: str, clock, lang: str) -> bool:
        """False when there is no bar to update (or it speaks another language)."""
        node = self.node()
        if node is None or str(node.dataset.lang) != lang:
            return False
        what = node.querySelector(".wt-away-what")
        if str(what.textContent) != said:
            what.textContent = said
        node.querySelector(".wt-away-clock").innerHTML = clock
        return True

    def remove(self) -> None:
        node = self.node()
        if node is not None:
            node.remove()


BAR = HeaderBar()


def carry_on(screen) -> None:
    """The screen's page closed for another page of the app: it goes on behind."""
    global _behind
    _listen()
    _behind = screen
    screen.behind = True
    show(screen)


def take_back(screen) -> bool:
    """A new tournament screen (the tournament's page opened again) takes over
    the one going on behind, as it stands; False when there is none."""
    behind = _release()
    if behind is None:
        return False
    behind._stop_ticking()
    own = {"view", "app", "t", "page", "lobby", "rounds", "ticker", "behind"}  # the new page's
    vars(screen).update({k: v for k, v in vars(behind).items() if k not in own})
    screen._start_ticking()
    return True


def _release():
    """No longer behind: the screen that was (or None), its bar gone."""
    global _behind
    screen, _behind = _behind, None
    if screen is not None:
        BAR.remove()
    return screen


def show(screen) -> None:
    """The bar for the tournament as it stands (after every tick behind).
    Once nobody of this device is still in, the clock behind stops (the bar says
    so, its link shows the results); another tab taking the tournament over
    ends it here."""
    if screen is not _behind:
        return
    if screen.keeper.elsewhere or screen.game is None:
        _release()
        return
    view = screen._current_view()
    holder = screen.game.keyboard_holder(screen.now(), screen.focus)
    group = screen.group is not None
    if view["humans_done"]:
        screen._stop_ticking()
    said, clock = bar_state(screen.t, view, holder, group)
    if not BAR.update(said, clock, screen.t.language):
        BAR.put(bar(screen.t, said, clock))


def page_hidden() -> None:
    if _behind is not None:
        _behind.suspend()  # a lost connection, as on the tournament's own page


def page_shown() -> None:
    if _behind is not None:
        _behind.resume()
        show(_behind)


def _listen() -> None:
    global _listening
    if _listening:
        return
    _listening = True
    document = browser.element("app").ownerDocument

    def visibility(_event) -> None:
        page_hidden() if str(document.visibilityState) == "hidden" else page_shown()

    browser.listen(document, "visibilitychange", visibility)
    browser.listen(document.defaultView, "pagehide", lambda _event: page_hidden())
