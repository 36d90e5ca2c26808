"""The Deblockle set-up ceremony by clicks: pick a rolled block, turn it, place it
on a start square, or place them all at random. A part of DeblockleView (a
mixin): it uses the view's midend, ui, t, app, refuse and redraw.

Where a block may go is the engine's (deblockle_setup.placing_squares reads
State.legal_moves); every placement is played through the midend.
"""

from games.common.errors import IllegalMove
from games.deblockle import FACE_NAMES
from games.deblockle.ai import helper_rng

from .deblockle_parts import human_to_act, symbol_name
from .deblockle_setup import next_north, placement_said, placement_text, placing_squares


class SetupClicks:
    def pick_roll(self, top) -> None:
        ui, state = self.ui, self.state
        if state.phase != "setup" or not human_to_act(state, ui) or top not in FACE_NAMES:
            return
        ui.roll = None if ui.roll == top else top
        if ui.roll:
            self.app.announce(self.t("deblockle.setup.picked", symbol=symbol_name(self.t, top)))
        self.redraw()

    def turn_roll(self) -> None:
        if self.ui.roll is None:
            return
        self.ui.turns[self.ui.roll] = next_north(self.ui, self.ui.roll)
        self.redraw()

    def press_setup(self, name: str) -> None:
        ui = self.ui
        if name not in placing_squares(self.state, ui):
            key = "deblockle.setup.pick_roll" if ui.roll is None else "deblockle.setup.pick_square"
            self.refuse(self.t(key))
            return
        try:
            events = self.play_move(placement_text(ui, ui.roll, name))
        except IllegalMove as refusal:
            self.refuse(self.t(refusal.key, **refusal.params))
            return
        ui.roll = None
        self.after_placement(events)

    def place_randomly(self) -> None:
        """Place the rolled blocks still waiting on free start squares, each turned at
        random by dice from the game's seed and the move number (each placement is a
        move of its own: undo takes them back one by one)."""
        state = self.state
        if state.phase != "setup" or not human_to_act(state, self.ui) or self.ui.busy:
            return
        events = []
        dice = helper_rng(self.midend.seed, len(state.history))
        for placement in state.placements_at_random(dice):
            events += self.play_move(placement)
        self.ui.roll = None
        self.after_placement(events)

    def after_placement(self, events: list) -> None:
        said, message = placement_said(self.state, self.t, events)
        self.ui.say(message or "")
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()
