"""Straight Dominoes with friends on other devices ("#/dominoes?remote=..."), until the one
game view (app.frame.game_view) takes a friend's seat with the deal's sub-protocol: a game on
this device (against the computer, people passing it) is already the game view's, with
app.dominoes.frontend.

What an input means, what a move changed, what a finished game records and the drawing
are app.dominoes's, pure and unit-tested. Here: the midend over the public engine (starting,
resuming, saving, the host's computers' moves, recording the result), keys, dialogs,
dragging a tile (dominoes_drag) and the link to the friends' devices (dominoes_remote).
"""

from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.dominoes import State
from games.dominoes.public_game import GAME as PUBLIC_DOMINOES

from .. import browser, scores, sound
from ..browser import found
from ..computer_turns import ComputerTurns
from ..dominoes import table
from ..dominoes.changes import changed
from ..dominoes.draw import page
from ..dominoes.input import SETUP_CHOICES, interpret, refused
from ..dominoes.ui import GAME, DominoesUi, Screen, moves_shown, phase, screen
from ..frame.frontend import Command, Input, Show
from ..frame.keys import read_key
from ..games_list import remote_slot
from ..midend import Midend
from ..pointer_drag import follow
from ..remote.match import CONNECTING, ENDED
from ..saved_game_view import SavedGameView
from .dominoes_drag import TileDrag
from .dominoes_remote import DominoesRemoteParts

_on_screen: dict[str, Any] = {"view": None, "listening": False}
ALONG_THE_HAND = ("ArrowLeft", "ArrowRight", "Home", "End")


def _resized(_event=None) -> None:
    view = _on_screen["view"]
    if view is not None and not view.closed and view.row_capacity() != view.capacity:
        view.redraw()


class DominoesView(DominoesRemoteParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # host, guest, resume, table-host...
        self.link_game: Any = None  # (app.remote.link_game's or table_game's, once started)
        # The page keeps the replay itself, face up (remote_replay).
        self.midend = Midend(
            app.store, PUBLIC_DOMINOES, browser.now_ms, browser.today_iso, remote_slot(GAME), False
        )
        self.session = self.midend.session
        self.ui = DominoesUi()
        self.capacity = 4  # lying tiles in a row of the table's arms, as last drawn
        self.computer = ComputerTurns(
            self.midend,
            browser.later,
            browser.now_ms,
            self.perform,
            self.computer_ready,
            choose=self.remote_computer_move,  # a computer of the host's plays from its hand
        )
        self.closed = False
        self.drag = TileDrag(self)  # a hand tile being dragged onto an end
        self.start_remote()

    @property
    def state(self) -> State:
        return self.midend.state

    # --- saving --------------------------------------------------------------------------
    def _save(self) -> None:
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        ui = self.ui
        meta = {"players": list(ui.players), "seed": self.midend.seed, "ack": ui.ack}
        if not self.midend.save({**meta, **self.remote_meta()}):
            self.take_newer_save()

    def forget_position(self) -> None:
        # (the new generation drops a computer move)
        self.ui = replace(self.ui, selected=None, drawn=None, pop=None)

    def public(self) -> dict:
        """What every seat may see."""
        return self.remote_public()

    # --- what the page may show ------------------------------------------------------
    def seated(self) -> DominoesUi:
        """The UI state, with whether the game with the other devices is in play now."""
        return replace(self.ui, frozen=self.remote_frozen())

    def view(self) -> dict:
        """What this device's person may see."""
        return self.remote_view()

    def phase(self) -> str:
        return phase(self.view(), self.seated())

    def title(self) -> str:
        return self.t("game.dominoes.name")

    def share_href(self) -> str:
        return self.remote_share_href()

    def screen(self) -> Screen:
        midend = self.midend
        return screen(
            self.seated(),
            seed=midend.seed,
            capacity=self.capacity,
            address=self.share_href(),
            seed_shown=midend.seed_shown,
            counted=midend.ranked,
            **self.remote_page(),
        )

    def render(self):
        if self.midend.state is None or self.link_game.status == CONNECTING:
            return self.remote_waiting_page()
        self.capacity = self.row_capacity()
        return page(self.view(), self.screen(), self.t)

    def row_capacity(self) -> int:
        try:
            width = float(browser.document.documentElement.clientWidth)
        except Exception:
            width = 1000.0
        return table.row_capacity(width)

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        browser.replace_hash(self.share_href())
        _on_screen["view"] = self
        if not _on_screen["listening"]:
            _on_screen["listening"] = True
            browser.listen(browser.window, "resize", _resized)
        follow(self.drag)
        if self.midend.state is None:
            return  # the game with the friends is still being set up
        if self.state.is_over:
            self.session.stop_clock()
            if self.finish():
                self._save()
        else:
            self.session.start_clock()
        for dialog_id in ("dm-over", "dm-summary"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node):
                browser.open_dialog(node)
                break
        self.ui = replace(self.ui, pop=None, focus=None)  # (for one drawing only)
        self.computer.schedule()

    def focus_lost(self, view_root, wanted_id: str) -> None:
        if wanted_id.startswith("dm-"):
            # The focused tile or end is gone (played): keep keyboard players in their hand.
            for selector in (
                ".dm-hand .playable",
                "#dm-draw:not([disabled])",
                "#dm-pass:not([disabled])",
                ".dm-hand [data-action='tile']",
            ):
                node = view_root.querySelector(selector)
                if found(node):
                    node.focus()
                    break

    def computer_ready(self) -> bool:
        """Nothing on screen in the way of a computer's turn of the host's (a hand's
        summary), and the deck ready for it. Its turns are timed by app.computer_turns."""
        return self.phase() == "computer" and self.remote_computer_ready()

    def viewer_view(self) -> dict | None:
        """The view of this device's person when they may act now, else None."""
        view = self.view()
        return view if moves_shown(view, self.seated()) else None

    # --- input: through the frontend -----------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("tile", "end") and self.drag.dragging.swallows_click():
            return  # the click that ends a drag
        if self.remote_action("new-dialog" if action == "new" else action):
            return
        self.handle(Input(action, dict(data)))

    def on_key(self, event) -> None:
        given = read_key(event, False)
        if given is None or isinstance(given, Command):
            return  # (no undo between devices: a move stands once played)
        target = event.target
        on_tile = str(target.getAttribute("data-action") or "") == "tile"
        meant = self.handle(Input("key", {"id": str(target.id)}, key=given.key, on_board=on_tile))
        if isinstance(meant, Show) and meant.focus and given.key in ALONG_THE_HAND:
            event.preventDefault()

    def handle(self, given: Input):
        """Run one input through the frontend; what it meant (None: nothing here)."""
        if self.midend.state is None:
            return None
        meant = interpret(self.view(), self.screen(), given, self.t)
        if isinstance(meant, Show):
            self.show(meant, given.action)
        elif isinstance(meant, Command):
            if meant.name == "setup":  # a game of one's own is set up on its own page
                self.remote_action("new-dialog")
        elif meant is not None:
            self.perform(meant.move)
        return meant

    def show(self, shown: Show, action: str = "") -> None:
        before, self.ui = self.ui, replace(shown.ui, frozen=False)
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        if before.ack != self.ui.ack:
            self._save()  # (kept in the save)
        if self.ui == before and shown.focus:
            node = browser.element(shown.focus)
            if found(node):
                node.focus()
        elif action not in SETUP_CHOICES:
            self.redraw(focus_id=shown.focus or None)

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        self.show(refused(self.ui, refusal, self.t))

    def perform(self, move: dict) -> bool:
        seat = self.state.current_player
        if seat is None:
            return False  # (the game is over)
        try:
            events = self.remote_play(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            return False
        except RuntimeError:  # not this device's move (yet)
            return False
        self.after_move(seat, events)
        return True

    def after_move(self, seat: int, events: list) -> None:
        """A move was played by `seat`: said, its points floated, saved and drawn."""
        changes = changed(seat, events, self.view(), self.seated(), self.t)
        self.ui = replace(changes.ui, frozen=False)
        if changes.cue:
            sound.cue(changes.cue)
        if self.state.is_over:
            self.finish()
        self._save()
        if changes.said:
            self.app.announce(changes.said)
        self.say_the_tile_drawn()  # if the deck gave it already
        self.redraw(focus_id=self.ui.focus)

    def finish(self) -> bool:
        """Count the finished game (or the game ended early: app.remote.verdict) once in
        the statistics when a person played in it; a full device loses the record, not the
        game-over window. True when it was asked now: the save then has to say so."""
        ended = self.link_game.status == ENDED
        if self.midend.recorded or not (self.state.is_over or ended):
            return False
        self.session.stop_clock()

        def record():
            counted = self.remote_result()
            if counted is None:
                return None
            return scores.record_result(
                self.app.store,
                GAME,
                counted.variant,
                won=counted.won,
                score=counted.score,
                figures=counted.figures,
                date=browser.today_iso(),
            )

        self.midend.record_once(record, ended=ended)
        if self.state.is_over:
            self.keep_remote_replay()
        return True

    # --- leaving and other tabs ---------------------------------------------------------------------
    def close(self) -> None:
        self.closed = True
        self.computer.close()
        self.drag.dragging.abandon(self.drag)
        if _on_screen["view"] is self:
            _on_screen["view"] = None
        self.suspend()
        self.release_remote()


VIEW = DominoesView
