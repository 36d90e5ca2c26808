"""A page hidden and shown again, for a game whose people are away while its page is hidden
(the Wordle Tournament: a lost connection, its rule 10.3). Its frontend says which moves the
page's hiding makes (`hidden_moves`); they are played as every move, its ticks stop, and when
the page is shown again they start: the frontend's `due` brings the people back then."""

from typing import Any, Protocol, runtime_checkable

from .. import browser


@runtime_checkable
class AwayWhenHidden(Protocol):
    def hidden_moves(self, state: Any, ui: Any, page_ms: float) -> list[Any]:
        """The moves the page's hiding at `page_ms` makes (none: [])."""
        ...


def hidden(view: Any) -> None:
    """The page is hidden, closed or reloaded (`view` is the GameView)."""
    frontend = view.frontend
    if not isinstance(frontend, AwayWhenHidden) or view.state is None:
        return
    if view.ticks is not None:
        view.ticks.stop()
    for move in frontend.hidden_moves(view.state, view.ui, browser.now_ms()):
        view.arrived(move)


def shown(view: Any) -> None:
    """The page is shown again: the ticks of a game that stopped them go on."""
    if isinstance(view.frontend, AwayWhenHidden) and view.ticks is not None and not view.closed:
        view.ticks.start()
