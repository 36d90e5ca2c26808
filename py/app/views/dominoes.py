"""Straight Dominoes on the page: what needs the browser, the midend and the link to
friends' devices, until the one game view (app.frame.game_view) takes them with the seats.

What an input means, what a move changed, what a finished game records and the drawing
are app.dominoes's, pure and unit-tested. Here: the midend (starting, resuming, saving,
who plays each seat, undo and redo, the computer's moves, recording the result), keys,
dialogs, dragging a tile (dominoes_drag) and a game with friends (dominoes_remote).
"""

from dataclasses import replace

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.dominoes import State
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.public_game import GAME as PUBLIC_DOMINOES
from games.dominoes.view import public_view

from .. import browser, router, scores, sound
from ..browser import found
from ..computer_turns import ComputerTurns
from ..dominoes import table
from ..dominoes.changes import changed
from ..dominoes.draw import page
from ..dominoes.frontend import FRONTEND, seen
from ..dominoes.input import SETUP_CHOICES, interpret, refused
from ..dominoes.seats import frame_before_the_midend, players_of, seats_for
from ..dominoes.ui import GAME, DominoesUi, Screen, in_progress, moves_shown, phase, screen
from ..frame.frontend import Command, Input, Show
from ..frame.keys import read_key
from ..games_list import remote_slot
from ..midend import Midend, fresh_seed
from ..pointer_drag import follow
from ..remote.match import CONNECTING, ENDED
from ..saved_game_view import SavedGameView
from .dominoes_drag import TileDrag
from .dominoes_history import History
from .dominoes_new_game import NewGames
from .dominoes_remote import DominoesRemoteParts

_on_screen = {"view": None, "listening": False}
ALONG_THE_HAND = ("ArrowLeft", "ArrowRight", "Home", "End")


def _resized(_event=None) -> None:
    view = _on_screen["view"]
    if view is not None and not view.closed and view.row_capacity() != view.capacity:
        view.redraw()


class DominoesView(DominoesRemoteParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # a game with a friend: host, guest, resume
        self.link_game = None
        engine, slot = (PUBLIC_DOMINOES, remote_slot(GAME)) if self.remote_how else (DOMINOES, None)
        # Between devices the page keeps the replay itself, face up (remote_replay).
        self.midend = Midend(
            app.store, engine, browser.now_ms, browser.today_iso, slot, not self.remote_how
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
            # Between devices a computer of the host's plays from its own hand, here.
            choose=self.remote_computer_move if self.remote_how else None,
        )
        self.closed = False
        self.drag = TileDrag(self)  # a hand tile being dragged onto an end
        self.history = History(self)
        self.new_games = NewGames(self)
        self._start_or_resume()

    @property
    def state(self) -> State:
        return self.midend.state

    # --- starting and saving -------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote_how:
            self.start_remote()
            return
        wanted = FRONTEND.wanted(self.route.params, self.prefs)
        meta = self.midend.resume(legacy=frame_before_the_midend)
        saved_players = players_of(self.midend.seats) if meta is not None else None
        if saved_players is not None:
            ack, revealed = meta.get("ack"), meta.get("revealed")
            self.ui = replace(
                self.ui,
                players=tuple(saved_players),
                ack=ack if is_int(ack) else len(self.state.hand_summaries),
                revealed=revealed if is_int(revealed) else None,
            )
            if wanted is None or wanted[0] == self.midend.seed:
                return
            if self.in_progress():  # another game by its address: asked once mounted
                self.new_games.wanted = wanted
                return
        if wanted is not None:  # a game by its number: whoever gave it may know the deal
            self._new_state(*wanted, known=True)
        else:
            players = FRONTEND.new_players(self.prefs)
            partners = bool(self.prefs.get("partners")) and len(players) == 4
            self._new_state(
                fresh_seed(), players, {"seats": len(players), "partnerships": partners}
            )

    def _new_state(self, seed: int, players: list, options: dict, known: bool = False) -> None:
        self.midend.start(options, seed, seats_for(players), known=known)
        self.say_if_not_counted()
        # Nothing picked or said about the game before goes on.
        self.ui = DominoesUi(players=tuple(players), setup=self.ui.setup)
        self._save()

    def _save(self) -> None:
        # Who plays each seat is the midend's (its frame); the players and seed stay
        # in the meta too, as the app before the midend read them.
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        ui = self.ui
        meta = {
            "players": list(ui.players),
            "seed": self.midend.seed,
            "ack": ui.ack,
            "revealed": ui.revealed,
        }
        if self.link_game is not None:
            meta.update(self.remote_meta())
        if not self.midend.save(meta):
            self.take_newer_save()

    def forget_position(self) -> None:
        # (the new generation drops a computer move)
        self.ui = replace(self.ui, selected=None, drawn=None, pop=None)

    def in_progress(self) -> bool:
        return in_progress(self.public(), self.ui)

    def public(self) -> dict:
        """What every seat may see."""
        return self.remote_public() if self.link_game is not None else public_view(self.state)

    # --- what the page may show ------------------------------------------------------
    def seated(self) -> DominoesUi:
        """The UI state, with whether a game with other devices is in play now."""
        if self.link_game is None:
            return self.ui
        return replace(self.ui, frozen=self.remote_frozen())

    def view(self) -> dict:
        """What the seat whose hand is face up may see; the public view when none is."""
        return self.remote_view() if self.link_game is not None else seen(self.state, self.ui)

    def phase(self) -> str:
        return phase(self.view(), self.seated())

    def title(self) -> str:
        return self.t("game.dominoes.name")

    def share_href(self) -> str:
        """This game's address: with its number only once that gives nothing away."""
        if self.link_game is not None:
            return self.remote_share_href()
        return router.href(GAME, **self.midend.game_id, players=",".join(self.ui.players))

    def screen(self) -> Screen:
        midend = self.midend
        return screen(
            self.seated(),
            seed=midend.seed,
            capacity=self.capacity,
            can_undo=midend.can_undo,
            can_redo=midend.can_redo,
            address=self.share_href(),
            seed_shown=midend.seed_shown,
            counted=midend.ranked,
            **(self.remote_page() if self.link_game is not None else {}),
        )

    def render(self):
        if self.link_game is not None and (
            self.midend.state is None or self.link_game.status == CONNECTING
        ):
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
            return  # a game with a friend still being set up
        if self.state.is_over:
            self.session.stop_clock()
            if self.finish():
                self._save()
        else:
            self.session.start_clock()
        for dialog_id in ("dm-setup", "dm-over", "dm-summary"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node):
                browser.open_dialog(node)
                break
        self.ui = replace(self.ui, pop=None, focus=None)  # (for one drawing only)
        self.computer.schedule()
        self.new_games.ask_about_the_wanted_game()

    def focus_lost(self, view_root, wanted_id: str) -> None:
        if wanted_id.startswith("dm-") and self.ui.setup is None:
            # The focused tile or end is gone (played): keep keyboard players in their hand.
            for selector in (
                ".dm-hand .playable",
                "#dm-draw:not([disabled])",
                "#dm-pass:not([disabled])",
                "#dm-reveal",
                ".dm-hand [data-action='tile']",
            ):
                node = view_root.querySelector(selector)
                if found(node):
                    node.focus()
                    break

    def computer_ready(self) -> bool:
        """Nothing on screen in the way of a computer's turn (a hand's summary, the
        new-game dialog)? Its turns are timed by app.computer_turns."""
        ready = self.phase() == "computer" and self.ui.setup is None
        return ready and (self.link_game is None or self.remote_computer_ready())

    def viewer_view(self) -> dict | None:
        """The view of the seat to move when its person may act now, else None."""
        view = self.view()
        return view if moves_shown(view, self.seated()) else None

    # --- input: through the frontend -----------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("tile", "end") and self.drag.dragging.swallows_click():
            return  # the click that ends a drag
        if self.link_game is not None and self.remote_action(
            "new-dialog" if action == "new" else action
        ):
            return
        data = dict(data)
        if action == "setup-partners":
            data["checked"] = "true" if event.target.checked else "false"
        self.handle(Input(action, data))

    def on_key(self, event) -> None:
        given = read_key(event, self.ui.setup is not None)
        if isinstance(given, Command):
            event.preventDefault()
            self.command(given)
            return
        if given is None:
            return
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
            self.command(meant)
        elif meant is not None:
            self.perform(meant.move)
        return meant

    def show(self, shown: Show, action: str = "") -> None:
        before, self.ui = self.ui, replace(shown.ui, frozen=False)
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        if (before.ack, before.revealed) != (self.ui.ack, self.ui.revealed):
            self._save()  # (both are kept in the save)
        if self.ui == before and shown.focus:
            node = browser.element(shown.focus)
            if found(node):
                node.focus()
        elif action not in SETUP_CHOICES:  # (a choice in the dialog shows itself)
            self.redraw(focus_id=shown.focus or None)

    def command(self, command: Command) -> None:
        if command.name == "undo":
            self.history.undo()
        elif command.name == "redo":
            self.history.redo()
        elif command.name == "setup":
            self.new_games.open_setup()
        elif command.name == "again":
            self.new_games.again()
        elif command.name == "new":
            self.new_games.start_chosen(dict(command.options or {}))

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        self.show(refused(self.ui, refusal, self.t))

    def perform(self, move: dict) -> bool:
        seat = self.state.current_player
        try:
            events = (
                self.remote_play(move) if self.link_game is not None else self.midend.play(move)
            )
        except IllegalMove as refusal:
            self.refuse(refusal)
            return False
        except RuntimeError:  # between devices: not this device's move (yet)
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
        if self.link_game is not None:
            self.say_the_tile_drawn()  # if the deck gave it already
        self.redraw(focus_id=self.ui.focus)

    def finish(self) -> bool:
        """Count the finished game once in the statistics when a person played in it
        (the midend asks only once, and not at all for a game against the computer
        that was taken back; a full device loses the record, not the game-over
        window). True when it was asked now: the save then has to say so."""
        ended = self.link_game is not None and self.link_game.status == ENDED
        if self.midend.recorded or not (self.state.is_over or ended):
            return False
        self.session.stop_clock()
        state = self.state

        def record():
            here = self.link_game is None
            counted = (
                FRONTEND.record(state, self.ui, self.midend.seed) if here else self.remote_result()
            )
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
        if self.link_game is not None and state.is_over:
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
