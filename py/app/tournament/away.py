"""A Wordle Tournament going on behind the app's other pages (rule 10.6).

Opening another page of the app during a tournament (Rules, Statistics,
Settings, Games, the Wordle home...) is not leaving. When the tournament's
page closes with people of this device still in, its screen hands its play to
`carry_on`, which keeps its clock running: their turns run out as usual, the
computers play, results are recorded and the tournament saved. A bar in the
app's header (away_draw) shows the round, whose turn it is
with its clock, and a link back; the tournament's page, opened again, takes
the tournament back from it (`take_back`) as it stands.

Hiding or closing the page while the tournament goes on behind another page
is still a lost connection (10.4): this module listens to the page for it, as
the app does for the page it shows.
"""

from typing import TYPE_CHECKING, Any

from .. import browser
from .away_draw import BAR_ID, bar, bar_state

if TYPE_CHECKING:
    from .play import TournamentPlay

_behind: "TournamentPlay | None" = None  # the tournament going on behind another page

_listening = False


class HeaderBar:
    """The bar in the page: put at the end of the app's header, updated, removed."""

    def node(self) -> Any:
        node = browser.element(BAR_ID)
        return node if browser.found(node) else None

    def put(self, markup: str) -> None:
        self.remove()
        header = browser.element("topnav").parentNode
        header.insertAdjacentHTML("beforeend", markup)

    def update(self, said: str, clock: str, lang: str) -> bool:
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


def carry_on(play: "TournamentPlay") -> None:
    """The tournament's page closed for another page of the app: it goes on behind."""
    global _behind
    _listen()
    _behind = play
    play.behind = True
    show(play)


def take_back() -> "TournamentPlay | None":
    """The tournament going on behind another page (stopped, to be shown by the page of
    the tournament opened again, as it stands), if any."""
    behind = _release()
    if behind is not None:
        behind.stop_ticking()
    return behind


def _release() -> "TournamentPlay | None":
    """No longer behind: the play that was (or None), its bar gone."""
    global _behind
    play, _behind = _behind, None
    if play is not None:
        BAR.remove()
    return play


def show(play: "TournamentPlay") -> None:
    """The bar for the tournament as it stands (after every tick behind).
    Once nobody of this device is still in, the clock behind stops (the bar says
    so, its link shows the results); another tab taking the tournament over
    ends it here."""
    if play is not _behind:
        return
    if play.keeper.elsewhere or play.game is None:
        _release()
        return
    view = play.current_view()
    holder = play.game.keyboard_holder(play.now(), play.focus)
    if view["humans_done"]:
        play.stop_ticking()
    said, clock = bar_state(play.t, view, holder, play.group is not None)
    if not BAR.update(said, clock, play.t.language):
        BAR.put(bar(play.t, said, clock))


def page_hidden() -> None:
    if _behind is not None:
        _behind.disconnect()  # a lost connection, as on the tournament's own page


def page_shown() -> None:
    if _behind is not None:
        _behind.reconnect()
        show(_behind)


def _listen() -> None:
    global _listening
    if _listening:
        return
    _listening = True
    document = browser.element("app").ownerDocument

    def visibility(_event: object) -> None:
        page_hidden() if str(document.visibilityState) == "hidden" else page_shown()

    browser.listen(document, "visibilitychange", visibility)
    browser.listen(document.defaultView, "pagehide", lambda _event: page_hidden())
