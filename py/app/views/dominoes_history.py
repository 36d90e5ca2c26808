"""Undo and redo on the Dominoes page, through the midend: Undo takes back the last move
of a person here with the computers' replies to it, and a game with a computer in it then
no longer counts in the statistics (said once). Never from the new-game dialog; none
between devices (a move stands once played, and the page offers none).

The game view (app.frame.game_view) does this once for every game when Dominoes moves onto
it; until then the page (DominoesView) holds one of these.
"""

from games.common.errors import IllegalMove

from ..dominoes.frontend import FRONTEND
from ..dominoes.texts import status_text
from ..dominoes.ui import GAME


class History:
    """Undo and redo for one Dominoes page (`view`: a DominoesView)."""

    def __init__(self, view):
        self.view = view

    def undo(self) -> None:
        view = self.view
        midend = view.midend
        if view.ui.setup is not None or not midend.can_undo:
            return
        ranked = midend.ranked
        midend.undo()
        self.after("dominoes.announce.undo")
        if ranked and not midend.ranked:
            view.app.notice(
                f"{GAME}-not-ranked", lambda: view.t("frame.not_ranked"), about_view=True
            )

    def redo(self) -> None:
        view = self.view
        if view.ui.setup is not None or not view.midend.can_redo:
            return
        try:
            view.midend.redo()
        except IllegalMove as refusal:  # a damaged redo list, now forgotten
            view.refuse(refusal)
            return
        self.after("dominoes.announce.redo")

    def after(self, said_key: str) -> None:
        """The position was replaced: the UI state for it (FRONTEND.new_ui), said and drawn."""
        view = self.view
        view.ui = FRONTEND.new_ui(view.state, view.ui)
        view._save()
        status = status_text(view.view(), view.seated(), view.t)
        view.app.announce(view.t(said_key) + " " + status)
        view.redraw()
