"""Battleship's turns besides a tap on a grid: when the computer may take its turn
(timed by app.computer_turns), and undo and redo through the midend. A mixin of
BattleshipView.

Undo takes back the last decision of a person at this screen: against the computer,
their shot (or salvo) with the computer's reply, and the game no longer counts in
the statistics (said once); while placing, one placement step. A salvo goes with
the squares aimed for it, so one press takes back a whole turn (or, while a salvo
is being aimed, the squares aimed so far). Of two people passing the device, each
may take back only their own moves, at their own screen. No undo once it is over.
"""

from games.common.errors import IllegalMove

from ..battleship import texts

AIMING = ("aim", "unaim")


class Turns:
    """Needs the view's `midend`, `state`, `phase()`, `viewer()`, `humans`, `setup`,
    `next_unplaced()`, `seen()`, `screen()`, `_save` and `redraw`."""

    def computer_ready(self) -> bool:
        """Nothing on screen in the way of the computer's turn (app.computer_turns)?"""
        return self.phase() == "computer" and self.setup is None

    # --- undo and redo ---------------------------------------------------------------------------
    def may_undo(self) -> bool:
        midend = self.midend
        if not midend.can_undo or self.phase() == "cover":
            return False
        return not self.humans or midend.moves[-1][0] == self.viewer()

    def may_redo(self) -> bool:
        midend = self.midend
        if not midend.can_redo or self.phase() == "cover":
            return False
        return not self.humans or midend.undone[-1][0] == self.viewer()

    def aiming(self) -> bool:
        """Was the last move a square aimed (or un-aimed) for a salvo?"""
        moves = self.midend.moves
        return bool(moves) and self.midend.game.parse_move(moves[-1][1])["type"] in AIMING

    def undo(self) -> None:
        midend = self.midend
        if not self.may_undo():
            key = "frame.game_over" if self.state.is_over else "frame.nothing_to_undo"
            if self.link_game is not None:
                key = "frame.no_undo_remote"
            self.say_refused(key)
            return
        ranked = midend.ranked
        midend.undo()
        while midend.can_undo and self.aiming():
            midend.undo()
        self.after_history("battleship.announce.undo")
        if ranked and not midend.ranked:
            self.app.notice(
                "battleship-not-ranked", lambda: self.t("frame.not_ranked"), about_view=True
            )

    def redo(self) -> None:
        midend = self.midend
        if not self.may_redo():
            remote = self.link_game is not None
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
        self.focus_salvo = None
        self.selected_ship = self.next_unplaced()
        self.message, self.message_is_error = "", False
        self._save()
        status = texts.status_text(self.t, self.seen(), self.screen())
        self.app.announce(self.t(said_key) + " " + status)
        self.redraw()

    def say_refused(self, key: str) -> None:
        self.message, self.message_is_error = self.t(key), True
        self.app.announce(self.message)
        self.redraw()

    def history_key(self, event) -> None:
        """Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac)."""
        key = str(event.key).lower()
        if event.altKey or not (event.ctrlKey or event.metaKey) or key not in ("z", "y"):
            return
        if self.setup is not None or str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        if key == "y" or event.shiftKey:
            self.redo()
        else:
            self.undo()
