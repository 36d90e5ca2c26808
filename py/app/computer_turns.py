"""A computer player's turn, played after a short pause so people see it happen."""

from . import browser


class ComputerTurns:
    """Mixin for a view where the computer takes turns. The view sets
    `computer_delay_ms` and `closed`, and provides `play_computer_move()` and
    either `phase()` and `setup` (the new-game dialog, None when closed) or its
    own `computer_to_move()`. Call `schedule()` after every drawing: however
    often it is called, one move is played per turn."""

    computer_delay_ms = 700
    computer_pending = False

    def computer_to_move(self) -> bool:
        """Is it the computer's turn, with nothing on screen in the way?"""
        return self.phase() == "computer" and self.setup is None

    def schedule(self) -> None:
        if self.computer_pending or self.closed or not self.computer_to_move():
            return
        self.computer_pending = True
        browser.later(self.computer_delay_ms, self._computer_turn)

    def _computer_turn(self) -> None:
        self.computer_pending = False
        # The page may have moved on during the pause (closed, new game dialog open).
        if not self.closed and self.computer_to_move():
            self.play_computer_move()
