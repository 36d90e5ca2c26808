"""Battleship on the page: placement, your ocean and your target grid, the shot log,
the computer's shots, undo and redo, pass-and-play cover screens and the new-game
dialog.

All rules live in games.battleship; the game in progress is the midend's
(app.midend: starting and resuming, seats and turns, the computer's moves, undo
and redo, saving, recording the result). This view keeps the page's own state
(whose screen is uncovered, the ship in hand, the cursor, the message) and turns
clicks and keys into moves. Placing ships (taps, drags) is battleship_placing's;
the computer's turns are app.computer_turns', undo battleship_turns'; the drawing is
battleship_draw's (with battleship_setup, battleship_salvo and battleship_texts),
from what the player at the screen may see: state.view_for(player), never the
whole state.
"""

from games.battleship.fleet import LENGTH, SHIP_IDS
from games.battleship.game import GAME as BATTLESHIP
from games.battleship.grid import square_index
from games.battleship.public_game import GAME as PUBLIC_BATTLESHIP
from games.common.errors import IllegalMove

from .. import browser, router, scores, sound
from ..battleship import draw, setup, texts
from ..battleship.over import figures
from ..battleship.texts import shot_cue
from ..browser import found
from ..computer_turns import ComputerTurns
from ..games_list import remote_slot
from ..midend import HUMAN, Midend, fresh_seed
from ..pointer_drag import PointerDrag, follow
from ..remote.match import CONNECTING
from ..saved_game_view import SavedGameView
from .battleship_controls import Controls
from .battleship_placing import Placing
from .battleship_remote import OPPONENT as REMOTE_OPPONENT
from .battleship_remote import BattleshipRemoteParts
from .battleship_turns import Turns

GAME = "battleship"


def over_cue(winner: int, me: int | None) -> str:
    """The end as heard: between two people someone won; against the computer, you did or not."""
    return "win" if me is None or winner == me else "lose"


class BattleshipView(Placing, Turns, Controls, BattleshipRemoteParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # a game with a friend: host, guest, resume
        self.link_game = None
        engine, slot = (
            (PUBLIC_BATTLESHIP, remote_slot(GAME)) if self.remote_how else (BATTLESHIP, None)
        )
        # Between devices the page keeps a finished game's replay itself, face up, in the
        # ordinary engine's moves (keep_face_up_replay).
        self.midend = Midend(
            app.store, engine, browser.now_ms, browser.today_iso, slot, not self.remote_how
        )
        self.session = self.midend.session
        self.computer = ComputerTurns(
            self.midend, browser.later, browser.now_ms, self.perform, self.computer_ready
        )
        self.revealed = 0  # the player whose screen is uncovered (pass-and-play), None: cover
        self.fresh = None  # the grid whose latest shot is drawn moving, once ("ocean", "target")
        self.selected_ship: str | None = SHIP_IDS[0]
        self.orientation = "h"
        self.cursor = 0  # index of the keyboard cursor on the grid in use
        self.focus_salvo: int | None = None  # Advanced Salvo: the salvo outlined in the list
        self.message = ""
        self.message_is_error = False
        self.setup = None  # the new-game dialog's choices while open
        self.over_closed = False  # the end-of-game dialog was closed to see the grids
        self.closed = False
        self.dragging = PointerDrag()  # a ship being dragged from the dock or the ocean
        self._start_or_resume()

    # --- the game in progress: the midend's ---------------------------------------------
    @property
    def state(self):
        return self.midend.state

    @property
    def seed(self) -> int:
        return self.midend.seed

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
        return None if self.humans else self.midend.seats.index(HUMAN)

    # --- starting ------------------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote_how:
            self.start_remote()
            return
        wanted = setup.parse_params(self.route.params)
        meta = self.midend.resume(legacy=setup.frame_before_the_midend)
        if meta is not None and setup.opponent_of(self.midend.seats) is not None:
            same = wanted is None or (
                wanted[0] == self.seed
                and wanted[1] in (None, self.state.mode)
                and wanted[2] in (None, self.opponent)
                and wanted[3] in (None, self.side)
            )
            if same:
                self.revealed = self.me
                self._after_load()
                if self.finish():  # a finished game not yet recorded (once only)
                    self._save()
                return
        choices = setup.preferred(self.prefs)
        options = {key: choices[key] for key in setup.OPTION_KEYS}
        seats = setup.seats_for(choices["opponent"], choices["side"])
        if wanted is None:
            self._new_state(fresh_seed(), options, seats)
            return
        options["mode"] = wanted[1] or options["mode"]
        seats = setup.seats_for(wanted[2] or choices["opponent"], wanted[3] or "red")
        # A game by its number: whoever gave the number may know the fleets.
        self._new_state(wanted[0], options, seats, known=True)

    def _new_state(self, seed: int, options: dict, seats: list[str], known: bool = False) -> None:
        self.midend.start(options, seed, seats, known=known)
        self.say_if_not_counted()
        self.computer_places()  # playing Blue, the computer's fleet is Red's, placed first
        self.revealed = self.me
        self.message, self.message_is_error = "", False
        self._after_load()
        self._save()

    def _after_load(self) -> None:
        self.focus_salvo = None
        self.selected_ship = self.next_unplaced()
        self.cursor = 0

    def _save(self) -> None:
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        meta = self.remote_meta() if self.link_game is not None else None
        if not self.midend.save(meta):
            self.take_newer_save()

    # --- who is looking ------------------------------------------------------------------
    @property
    def humans(self) -> bool:
        return self.opponent == "human"

    def viewer(self):
        """The player whose screen is shown, or None behind the pass-and-play cover."""
        if not self.humans:
            return self.me
        if self.state.is_over:
            return self.revealed if self.revealed is not None else self.state.winner
        return self.revealed

    def active(self):
        """The player who must act now (placing or shooting), or None once it is over;
        between devices, the person here while the game is on (both place at once)."""
        if self.link_game is not None:
            return None if self.state.is_over else self.me
        return self.state.current_player

    def phase(self) -> str:
        """over, cover, pass (show result, then hand over), computer, place, fire; between
        devices friend (waiting for the friend's device) and stopped."""
        if self.link_game is not None:
            return self.remote_phase()
        state = self.state
        if state.is_over:
            return "over"
        viewer, active = self.viewer(), self.active()
        if viewer is None:
            return "cover"
        if active != viewer:
            return "pass" if self.humans else "computer"
        return "place" if state.phase == "placement" else "fire"

    def ship_name(self, ship_id: str) -> str:
        return texts.ship_name(self.t, self.state.options["edition"], ship_id)

    # --- the page ---------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.battleship.name")

    def share_href(self) -> str:
        """This game's address: with its seed only once that gives nothing away."""
        if self.link_game is not None:
            return self.remote_share_href()
        side = {"side": "blue"} if self.side == "blue" else {}
        return router.href(GAME, **self.midend.game_id, opponent=self.opponent, **side)

    def screen(self) -> draw.Screen:
        return draw.Screen(
            phase=self.phase(),
            mode=self.state.mode,
            opponent=self.opponent,
            active=self.active(),
            me=self.me,
            fresh=None if self.app.reduced_motion else self.fresh,
            selected_ship=self.selected_ship,
            orientation=self.orientation,
            cursor=self.cursor,
            focus_salvo=self.focus_salvo,
            message=self.message,
            message_is_error=self.message_is_error,
            think_ms=self.computer.think_ms,
            setup=self.setup,
            can_undo=self.may_undo(),
            can_redo=self.may_redo(),
            **(self.remote_screen() if self.link_game is not None else {}),
        )

    def seen(self):
        """What the player at the screen may see, or None behind the cover."""
        viewer = self.viewer()
        return None if viewer is None else self.view_of(viewer)

    def view_of(self, player: int) -> dict:
        """What `player` may see (between devices, the person here: with their fleet)."""
        if self.link_game is not None:
            return self.remote_view()
        return self.state.view_for(player)

    def placement_squares(self, ship: str, square: str, orientation: str, hole: int):
        if self.link_game is not None:
            return self.bm.placement_squares(ship, square, orientation, hole)
        return self.state.placement_squares(self.active(), ship, square, orientation, hole)

    def render(self):
        if self.link_game is not None and self.waiting_for_the_game():
            return self.remote_waiting_page()
        return draw.page(self.t, self.seen(), self.screen())

    def waiting_for_the_game(self) -> bool:
        return self.midend.state is None or self.link_game.status == CONNECTING

    # --- mounting, redrawing, the computer's turns -----------------------------------------------
    def mounted(self, root) -> None:
        self.fresh = None  # the latest shot moves in this drawing only, not in the next
        browser.replace_hash(self.share_href())
        if self.link_game is not None:
            if self.waiting_for_the_game():
                return
            if self.state.is_over and self.finish():
                self._save()
        follow(self)
        for dialog_id in ("bs-setup", "bs-over"):
            node = root.querySelector(f"#{dialog_id}")
            if found(node) and not (dialog_id == "bs-over" and self.over_closed):
                browser.open_dialog(node)
                break
        if self.state.is_over:
            self.session.stop_clock()
        else:
            self.session.start_clock()
        self.computer.schedule()

    # --- playing -------------------------------------------------------------------------------------
    def refuse(self, refusal: IllegalMove) -> None:
        self.message = texts.refusal_text(self.t, self.state.options["edition"], refusal)
        self.message_is_error = True
        sound.cue("invalid")
        self.app.announce(self.message)

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
        try:
            events = self.play(move)
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return False
        if self.link_game is not None:  # the volley went: its answer comes from the friend
            self.remote_fired(events)
            self._save()
            self.redraw()
            return True
        state = self.state
        self.message, self.message_is_error = "", False
        said, cue = [], None
        for event in events:
            if event["type"] == "shots":
                # Told from the viewer's side: their own shots as announced to them,
                # the other's shots as they land on the viewer's ocean.
                viewer = self.viewer() if self.viewer() is not None else event["player"]
                self.fresh = "target" if event["player"] == viewer else "ocean"
                view = state.view_for(viewer)
                record = view["shots"][-1] if event["player"] == viewer else view["incoming"][-1]
                said.append(texts.record_text(self.t, view, self.screen(), record))
                cue = shot_cue(record)
            elif event["type"] == "game_over":
                self.finish()
                cue = over_cue(event["winner"], self.me)
                said.append(texts.status_text(self.t, self.seen(), self.screen()))
        if said:
            self.message = " ".join(said)
            self.app.announce(self.message)
        if cue is not None:
            sound.cue(cue)
        self._save()
        # Between two people, the turn played, the next step is handing the device over.
        self.redraw(focus_id="bs-hide" if self.phase() == "pass" else None)
        return True

    def finish(self) -> bool:
        """Record a finished game once in the statistics (the midend asks once, and
        not at all for a game taken back or known; a full device loses the record,
        not the game-over window), docs/rules/battleship.md 11.2: against the computer
        by mode, won or lost, with the person's shooting; two people's games by mode
        too, as played (nobody at the device lost to anyone else's device).
        True when it was asked now: the save then has to say so."""
        if self.link_game is not None:
            return self.remote_finish()
        state = self.state
        if not state.is_over or self.midend.recorded:
            return False
        self.session.stop_clock()
        result = state.result
        if self.humans:
            variant, won, score, shooting = f"human-{state.mode}", None, None, {}
        else:
            mine = figures(state.view_for(self.me), self.me)
            won = result["winner"] == self.me
            variant, score = state.mode, mine["shots"] if won else None
            shooting = {key: mine[key] for key in ("shots", "hits", "accuracy")}
        self.midend.record_once(
            lambda: scores.record_result(
                self.app.store,
                GAME,
                variant,
                won=won,
                score=score,
                figures={**shooting, "turns": result["turns"]},
                date=browser.today_iso(),
                higher_is_better=False,
            )
        )
        return True

    def press_target(self, name: str) -> None:
        """A square of the target grid: fire at it, or aim (or un-aim) it for the salvo."""
        if self.phase() != "fire":
            return
        state = self.state
        self.cursor = square_index(name)
        if state.mode == "classic":
            self.perform({"type": "fire", "squares": [name]})
            return
        kind = "unaim" if name in self.view_of(self.active())["aimed"] else "aim"
        try:
            self.play({"type": kind, "square": name})
        except IllegalMove as refusal:
            self.refuse(refusal)
            self.redraw()
            return
        self.message, self.message_is_error = "", False
        if kind == "aim":
            sound.cue("select")
            view = self.view_of(self.active())
            self.app.announce(
                self.t(
                    "battleship.announce.chosen",
                    square=name,
                    chosen=len(view["aimed"]),
                    count=view["shots_allowed"],
                )
            )
        self._save()
        self.redraw()

    def fire_salvo(self) -> None:
        if self.phase() != "fire" or self.state.mode == "classic":
            return
        self.perform({"type": "fire"})  # the squares aimed; refused unless complete

    def clear_salvo(self) -> None:
        if self.phase() != "fire" or self.state.mode == "classic":
            return
        for square in self.view_of(self.active())["aimed"]:
            self.play({"type": "unaim", "square": square})
        self._save()
        self.redraw()

    def on_action(self, action: str, data: dict, event) -> None:
        if action in ("place", "pick-ship") and self.dragging.swallows_click():
            return  # the click that ends a drag
        if self.link_game is not None and self.remote_action(
            "new-dialog" if action == "new" else action
        ):
            return
        if action.startswith("setup-"):
            self.on_setup(action, data, event)
        elif action == "shoot" and square_index(data.get("sq")) is not None:
            self.press_target(data["sq"])
        elif action == "place" and square_index(data.get("sq")) is not None:
            self.press_ocean(data["sq"])
        elif action == "pick-ship" and data.get("ship") in LENGTH:
            self.selected_ship = data["ship"]
            self.message = ""
            self.redraw()
        elif action == "rotate":
            self.rotate()
        elif action in ("random-fleet", "clear-fleet", "ready"):
            self.placement_move(
                {"random-fleet": "random_fleet", "clear-fleet": "clear", "ready": "ready"}[action]
            )
        elif action == "fire":
            self.fire_salvo()
        elif action == "clear-salvo":
            self.clear_salvo()
        elif action == "focus-salvo":
            number = int(data.get("number", 0))
            self.focus_salvo = None if self.focus_salvo == number else number
            self.redraw()
        elif action == "reveal":
            self.revealed = self.active()
            self.message = ""
            self.cursor = 0
            self.selected_ship = self.next_unplaced()
            battle = self.state.phase == "battle"
            self.fresh = "ocean" if battle else None  # the other's shot, seen now
            self.redraw(focus_id="bs-target" if battle else "bs-ocean")
        elif action == "hide":
            self.revealed = None
            self.message = ""
            self.redraw(focus_id="bs-reveal")
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "new":
            self.open_setup()
        elif action == "close-over":
            self.over_closed = True
            node = browser.element("view").querySelector("#bs-over")
            if found(node):
                node.close()

    # --- leaving and other tabs ---------------------------------------------------------------------
    def resume(self) -> None:
        if self.midend.state is not None:  # (a game with a friend may still be setting up)
            super().resume()

    def close(self) -> None:
        self.closed = True
        self.computer.close()
        self.dragging.abandon(self)
        self.suspend()


VIEW = BattleshipView
