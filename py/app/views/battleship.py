"""Battleship on the page: what needs the browser, the midend and the link to a friend's
device, until the one game view (app.frame.game_view) takes them with the seats.

What an input means, what a move changed and the drawing are app.battleship's, pure and
unit-tested. Here: the midend (starting, resuming, the computer's turns, saving, recording;
undo and redo: battleship_history), keys, dialogs, dragging a ship (battleship_drag), and a
game with a friend (battleship_remote).
"""

from dataclasses import replace

from games.battleship.game import GAME as BATTLESHIP
from games.battleship.public_game import GAME as PUBLIC_BATTLESHIP
from games.common.errors import IllegalMove

from .. import browser, router, saved_games, scores, sound
from ..battleship import draw, setup
from ..battleship.changes import changed_seen
from ..battleship.frontend import FRONTEND
from ..battleship.input import GRIDS, KEY_STEPS, SETUP_CHOICES, interpret_seen, refused_seen
from ..battleship.ui import BattleshipUi, Seen
from ..battleship.ui import phase as phase_on_this_device
from ..battleship.ui import screen as screen_of
from ..battleship.ui import seen as seen_on_this_device
from ..browser import found
from ..computer_turns import ComputerTurns
from ..frame.frontend import Changes, Command, Input, Play, Show
from ..games_list import remote_slot
from ..midend import HUMAN, Midend, fresh_seed
from ..pointer_drag import follow
from ..remote.match import CONNECTING
from ..saved_game_view import SavedGameView
from .battleship_drag import ShipDrag
from .battleship_history import History
from .battleship_remote import OPPONENT as REMOTE_OPPONENT
from .battleship_remote import BattleshipRemoteParts

GAME = "battleship"
IGNORED_TARGETS = ("INPUT", "SELECT", "TEXTAREA", "SUMMARY")


class BattleshipView(BattleshipRemoteParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # a game with a friend: host, guest, resume
        self.link_game = None
        engine, slot = (
            (PUBLIC_BATTLESHIP, remote_slot(GAME)) if self.remote_how else (BATTLESHIP, None)
        )
        # Between devices the page keeps a finished game's replay itself (keep_face_up_replay).
        self.midend = Midend(
            app.store, engine, browser.now_ms, browser.today_iso, slot, not self.remote_how
        )
        self.session = self.midend.session
        self.computer = ComputerTurns(
            self.midend, browser.later, browser.now_ms, self.perform, self.computer_ready
        )
        self.ui = BattleshipUi()
        self.closed = False
        self.ship_drag = ShipDrag(self)
        self.history = History(self)
        self._start_or_resume()

    # --- the game in progress: the midend's ---------------------------------------------
    @property
    def state(self):
        return self.midend.state

    @property
    def opponent(self) -> str:
        """A computer level, "human" for two people passing the device, or "remote" for
        a friend on another device."""
        if self.remote_how:
            return REMOTE_OPPONENT
        return setup.opponent_of(self.midend.seats) or "human"

    @property
    def side(self) -> str:
        """The side the person plays against the computer: "red" or "blue"."""
        return setup.side_of(self.midend.seats)

    @property
    def me(self) -> int | None:
        """The person's seat against the computer (None: two people share the device)."""
        return None if self.opponent == "human" else self.midend.seats.index(HUMAN)

    # --- starting ------------------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote_how:
            self.start_remote()
            return
        wanted = setup.parse_params(self.route.params)
        meta = self.midend.resume(legacy=setup.frame_before_the_midend)
        if meta is not None and setup.opponent_of(self.midend.seats) is not None:
            saved = (self.midend.seed, self.state.mode, self.opponent, self.side)
            if setup.is_the_game_asked(wanted, *saved):
                self.ui = self.new_ui()
                if self.finish():  # a finished game not yet recorded (once only)
                    self._save()
                return
        seed, options, seats = setup.game_asked(wanted, self.prefs)
        # A game by its number: whoever gave the number may know the fleets.
        self._new_state(fresh_seed() if seed is None else seed, options, seats, seed is not None)

    def _new_state(self, seed: int, options: dict, seats: list[str], known: bool = False) -> None:
        self.midend.start(options, seed, seats, known=known)
        self.say_if_not_counted()
        self.computer_places()  # playing Blue, the computer's fleet is Red's, placed first
        self.ui = self.new_ui()
        self._save()

    def new_ui(self) -> BattleshipUi:
        """The UI state of a game started or resumed: the person's own screen uncovered
        (two people start behind the cover)."""
        seats = BattleshipUi(opponent=self.opponent, me=self.me, revealed=self.me)
        return FRONTEND.new_ui(self.state, seats)

    def _save(self) -> None:
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        meta = self.remote_meta() if self.link_game is not None else None
        if not self.midend.save(meta):
            self.take_newer_save()

    # --- who is looking ------------------------------------------------------------------
    def phase(self) -> str:
        if self.link_game is not None:
            return self.remote_phase()
        return phase_on_this_device(self.state, self.ui)

    def active(self) -> int | None:
        """The player who must act now, or None once it is over; between devices, the
        person here while the game is on (both place at once)."""
        if self.link_game is not None:
            return None if self.state.is_over else self.me
        return self.state.current_player

    def seen_now(self) -> Seen:
        if self.link_game is None:
            return seen_on_this_device(self.state, self.ui)
        if self.waiting_for_the_game():  # nothing on the board yet: only N means something
            return Seen(None, "stopped", None, "")
        return Seen(self.remote_view(), self.remote_phase(), self.active(), self.state.mode)

    def seen(self) -> dict | None:
        """What the player at the screen may see, or None behind the cover."""
        return self.seen_now().view

    def placement_squares(self, ship: str, square: str, orientation: str, hole: int):
        if self.link_game is not None:
            return self.bm.placement_squares(ship, square, orientation, hole)
        return self.state.placement_squares(self.active(), ship, square, orientation, hole)

    # --- the page ---------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.battleship.name")

    def share_href(self) -> str:
        """This game's address: with its seed only once that gives nothing away."""
        if self.link_game is not None:
            return self.remote_share_href()
        side = {"side": "blue"} if self.side == "blue" else {}
        return router.href(GAME, **self.midend.game_id, opponent=self.opponent, **side)

    def screen(self, shown: Seen | None = None) -> draw.Screen:
        return screen_of(
            self.ui,
            shown or self.seen_now(),
            motion=not self.app.reduced_motion,
            think_ms=self.computer.think_ms,
            can_undo=self.history.may_undo(),
            can_redo=self.history.may_redo(),
            **(self.remote_screen() if self.link_game is not None else {}),
        )

    def render(self):
        if self.link_game is not None and self.waiting_for_the_game():
            return self.remote_waiting_page()
        shown = self.seen_now()
        return draw.page(self.t, shown.view, self.screen(shown))

    def waiting_for_the_game(self) -> bool:
        return self.midend.state is None or self.link_game.status == CONNECTING

    def mounted(self, root) -> None:
        self.ui = replace(self.ui, fresh=None, focus=None)  # (for one drawing only)
        browser.replace_hash(self.share_href())
        if self.link_game is not None:
            if self.waiting_for_the_game():
                return
            if self.state.is_over and self.finish():
                self._save()
        follow(self.ship_drag)
        for dialog_id in ("bs-setup", "bs-over"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node) and not (dialog_id == "bs-over" and self.ui.over_closed):
                browser.open_dialog(node)
                break
        if self.state.is_over:
            self.session.stop_clock()
        else:
            self.session.start_clock()
        self.computer.schedule()

    def computer_ready(self) -> bool:
        """Nothing on screen in the way of the computer's turn (app.computer_turns)?"""
        return self.phase() == "computer" and self.ui.setup is None

    # --- input: through the frontend -----------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("place", "pick-ship") and self.ship_drag.dragging.swallows_click():
            return  # the click that ends a drag
        if self.link_game is not None and self.remote_action(
            "new-dialog" if action == "new" else action
        ):
            return
        data = dict(data)
        if action == "setup-announce":
            data["checked"] = "true" if event.target.checked else "false"
        self.handle(Input(action, data))

    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            self.history.history_key(event)
            return
        target, key = event.target, str(event.key)
        tag = str(target.tagName)
        ignored = tag in IGNORED_TARGETS or (tag == "BUTTON" and key in ("Enter", " "))
        if ignored and self.ui.setup is None:
            return
        grid = str(target.id) if found(target) else ""
        given = Input("key", {"grid": grid}, key=key, on_board=grid in GRIDS)
        if self.handle(given) and given.on_board and (key in KEY_STEPS or key in ("Enter", " ")):
            event.preventDefault()

    def handle(self, given: Input) -> bool:
        """Run one input through the frontend; whether it meant anything here."""
        if self.link_game is None:
            meant = FRONTEND.interpret(self.state, self.ui, given, self.t)
        else:
            meant = interpret_seen(self.seen_now(), self.ui, given, self.t)
        if isinstance(meant, Play):
            self.perform(meant.move)
        elif isinstance(meant, Show):
            self.show(meant, given.action)
        elif isinstance(meant, Command):
            self.command(meant)
        return meant is not None

    def show(self, shown: Show, action: str = "") -> None:
        self.ui = shown.ui
        if shown.cue:
            sound.cue(shown.cue)
        if shown.said:
            self.app.announce(shown.said)
        if action == "close-over":  # closed where it is: focus goes back where it was
            node = browser.element("view").querySelector("#bs-over")
            if found(node):
                node.close()
        elif action not in SETUP_CHOICES:  # (a choice in the dialog shows itself)
            self.redraw(focus_id=self.ui.focus)

    def command(self, command: Command) -> None:
        if command.name == "undo":
            self.history.undo()
        elif command.name == "redo":
            self.history.redo()
        elif command.name == "setup":
            self.open_setup()
        elif command.name == "new":
            self.start_chosen(dict(command.options or {}))
        elif command.name == "clear-salvo":
            for square in self.seen()["aimed"]:
                self.play({"type": "unaim", "square": square})
            self._save()
            self.redraw()

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, move, refusal: IllegalMove) -> None:
        edition = self.state.options["edition"]
        self.show(refused_seen(edition, self.ui, move, refusal, self.t))

    def play(self, move: dict) -> list:
        """Play a move through the midend (IllegalMove, nothing changed, if the rules
        refuse it). A computer places its fleet at once when its turn to place comes.
        Between devices, on this device's fleet or over the match (not this person's
        to make now: refused as out of turn)."""
        if self.link_game is not None:
            try:
                return self.remote_play(move)
            except RuntimeError:
                raise IllegalMove("battleship.not_your_turn") from None
        return self.midend.play(move) + self.computer_places()

    def computer_places(self) -> list:
        events = []
        while self.midend.computer_to_move and self.state.phase == "placement":
            events += self.midend.play(self.midend.computer_move())
        return events

    def perform(self, move: dict) -> bool:
        """A move of the person here or of the computer: played, saved, said, drawn."""
        try:
            events = self.play(move)
        except IllegalMove as refusal:
            self.refuse(move, refusal)
            return False
        if self.link_game is not None and move.get("type") == "fire":
            self.remote_fired(events)  # the volley went: its answer comes from the friend
            self._save()
            self.redraw()
            return True
        if self.link_game is None and self.state.is_over:
            self.finish()
        self.after_move(self.changes(events))
        return True

    def changes(self, events: list) -> Changes:
        if self.link_game is None:
            return FRONTEND.changed(self.state, self.ui, events, None, self.t)
        return changed_seen(self.seen_now(), self.ui, events, self.t)

    def after_move(self, changes: Changes) -> None:
        self.ui = changes.ui
        if changes.said:
            self.app.announce(changes.said)
        if changes.cue:
            sound.cue(changes.cue)
        self._save()
        self.redraw(focus_id=self.ui.focus)

    def finish(self) -> bool:
        """Record a finished game once in the statistics (the midend asks once, and
        not at all for a game taken back or known; a full device loses the record,
        not the game-over window). True when it was asked now: the save then has to
        say so."""
        if self.link_game is not None:
            return self.remote_finish()
        if not self.state.is_over or self.midend.recorded:
            return False
        self.session.stop_clock()
        result = FRONTEND.record(self.state, self.session.elapsed_ms(), self.me)
        self.midend.record_once(
            lambda: scores.record_result(
                self.app.store,
                GAME,
                result.variant,
                won=result.won,
                score=result.score,
                figures=result.figures,
                date=browser.today_iso(),
                higher_is_better=False,  # the score is the shots it took to win
            )
        )
        return True

    # --- the new-game dialog ---------------------------------------------------------------------
    def open_setup(self) -> None:
        if self.link_game is not None:  # a game of one's own is set up on its own page
            self.remote_action("new-dialog")
            return
        self.ui = replace(self.ui, setup=setup.preferred(self.prefs))
        self.redraw(focus_id="bs-start")

    def start_chosen(self, choices: dict) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, choices)
        options = {key: choices[key] for key in setup.OPTION_KEYS}
        seats = setup.seats_for(choices["opponent"], choices["side"])
        self._new_state(fresh_seed(), options, seats)
        self.app.announce(self.t("battleship.announce.new_game"))
        self.redraw(focus_id="bs-ocean")

    # --- focus, leaving and other tabs ------------------------------------------------------------
    def focus_lost(self, view_root, wanted_id: str) -> None:
        """The control that had focus went with the drawing (Ready, Fire salvo, the
        grid of a turn just played): focus goes where play goes on, never to the
        page's body. Over, the end-of-game window has it."""
        if not wanted_id or self.state.is_over:
            return
        for candidate in ("bs-hide", "bs-target", "bs-ocean", "bs-reveal"):
            node = view_root.querySelector(f"#{candidate}")
            if found(node) and node.tabIndex >= 0 and not getattr(node, "disabled", False):
                node.focus()
                return

    def resume(self) -> None:
        if self.midend.state is not None:  # (a game with a friend may still be setting up)
            super().resume()

    def close(self) -> None:
        self.closed = True
        self.computer.close()
        self.ship_drag.dragging.abandon(self.ship_drag)
        self.suspend()


VIEW = BattleshipView
