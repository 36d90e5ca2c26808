"""Undo and redo on Battleship's page, through the midend: Undo takes back the last decision
of a person at this screen: against the computer, their shot (or salvo) with the computer's
reply, and the game no longer counts in the statistics (said once); while placing, one
placement step. A salvo goes with the squares aimed for it, so one press takes back a whole
turn (or, while a salvo is being aimed, the squares aimed so far). Of two people passing the
device, each may take back only their own moves, at their own screen. No undo once it is
over, nor between devices (a move stands once played).

The game view (app.frame.game_view) does this once for every game when Battleship moves onto
it; until then the page (BattleshipView) holds one of these.
"""

from dataclasses import replace

from games.common.errors import IllegalMove

from ..battleship import texts
from ..battleship.frontend import FRONTEND
from ..battleship.ui import viewer

AIMING = ("aim", "unaim")
TEXT_TARGETS = ("INPUT", "SELECT", "TEXTAREA")


class History:
    """Undo and redo for one Battleship page (`view`: a BattleshipView)."""

    def __init__(self, view):
        self.view = view

    def may_undo(self) -> bool:
        view = self.view
        midend = view.midend
        if not midend.can_undo or view.phase() == "cover":
            return False
        return view.opponent != "human" or midend.moves[-1][0] == viewer(view.state, view.ui)

    def may_redo(self) -> bool:
        view = self.view
        midend = view.midend
        if not midend.can_redo or view.phase() == "cover":
            return False
        return view.opponent != "human" or midend.undone[-1][0] == viewer(view.state, view.ui)

    def aiming(self) -> bool:
        """Was the last move a square aimed (or un-aimed) for a salvo?"""
        view = self.view
        moves = view.midend.moves
        return bool(moves) and view.midend.game.parse_move(moves[-1][1])["type"] in AIMING

    def undo(self) -> None:
        view = self.view
        midend = view.midend
        if not self.may_undo():
            key = "frame.game_over" if view.state.is_over else "frame.nothing_to_undo"
            self.say_refused("frame.no_undo_remote" if view.link_game is not None else key)
            return
        ranked = midend.ranked
        midend.undo()
        while midend.can_undo and self.aiming():
            midend.undo()
        self.after_history("battleship.announce.undo")
        if ranked and not midend.ranked:
            view.app.notice(
                "battleship-not-ranked", lambda: view.t("frame.not_ranked"), about_view=True
            )

    def redo(self) -> None:
        view = self.view
        midend = view.midend
        if not self.may_redo():
            remote = view.link_game is not None
            self.say_refused("frame.no_undo_remote" if remote else "frame.nothing_to_redo")
            return
        try:
            midend.redo()
            while midend.can_redo and self.aiming():
                midend.redo()
        except IllegalMove as refusal:  # a damaged redo list, now forgotten
            self.after_history("battleship.announce.redo")
            self.say_refused(refusal.key)
            return
        self.after_history("battleship.announce.redo")

    def after_history(self, said_key: str) -> None:
        """The position was replaced: what was in hand goes (a computer move still
        being timed goes with the generation it was timed for)."""
        view = self.view
        view.ui = FRONTEND.new_ui(view.state, view.ui)
        view._save()
        shown = view.seen_now()
        status = texts.status_text(view.t, shown.view, view.screen(shown))
        view.app.announce(view.t(said_key) + " " + status)
        view.redraw()

    def say_refused(self, key: str) -> None:
        view = self.view
        view.ui = replace(view.ui, message=view.t(key), message_is_error=True)
        view.app.announce(view.ui.message)
        view.redraw()

    def history_key(self, event) -> None:
        """Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac)."""
        view = self.view
        key = str(event.key).lower()
        if event.altKey or not (event.ctrlKey or event.metaKey) or key not in ("z", "y"):
            return
        if view.ui.setup is not None or str(event.target.tagName) in TEXT_TARGETS:
            return
        event.preventDefault()
        if key == "y" or event.shiftKey:
            self.redo()
        else:
            self.undo()
