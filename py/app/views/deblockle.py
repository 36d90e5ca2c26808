"""Deblockle on the page: clicks and keys turned into moves, and the computer's
turns on a timer.

All rules live in games.deblockle; the game in progress is the midend's
(app.midend: starting, resuming, saving, undo and redo, the computer's moves and
their dice, recording the result). The page is drawn by deblockle_draw (the
board, cube and dialogs) and deblockle_setup (the set-up tray and new-game
dialog) from the state and self.ui (deblockle_parts.Ui), with no browser;
deblockle_motion moves the blocks and deblockle_setup_clicks places them. The
only unseeded randomness is a new game's seed (midend.fresh_seed).
"""

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED
from games.deblockle import State, parse_square, square_name
from games.deblockle.board import SIZE
from games.deblockle.game import GAME as DEBLOCKLE

from .. import browser, router, saved_games, scores, sound
from ..browser import found
from ..computer_turns import ComputerTurns
from ..games_list import remote_slot
from ..midend import Midend, fresh_seed
from ..remote.match import CONNECTING, ENDED, PLAYING
from ..saved_game_view import SavedGameView
from . import deblockle_motion as motion
from .deblockle_draw import page
from .deblockle_parts import (
    COLUMNS,
    GAME,
    OPPONENTS,
    REMOTE,
    Ui,
    frame_before_the_midend,
    hop_choices,
    human_to_act,
    last_squares,
    opponent_of,
    pass_text,
    result_figures,
    saved_last,
    seats_for,
    symbol_name,
    tip_targets,
    turn_said,
    turn_text,
    variant,
    xy,
)
from .deblockle_setup import game_options, pref, pref_change
from .deblockle_setup_clicks import SetupClicks
from .remote_bar import remote_bar
from .remote_game import RemoteGameParts

KEY_STEPS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
OPTION_PARAMS = ("blocks", "first", "no_side_by_side", "quick_setup", "start")  # the engine's


def parse_params(params: dict):
    """The game asked for by its number, as a finished game's address reads
    ("#/deblockle?blocks=4&first=0&no_side_by_side=0&quick_setup=1&seed=N&opponent=human"):
    (seed, opponent, options), the opponent or options None when the address
    does not say them (or says them wrong)."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    opponent = params.get("opponent")
    options = None
    if any(key in params for key in OPTION_PARAMS):
        try:
            options = DEBLOCKLE.options_from_params(params)
        except ValueError:
            pass
    return seed, opponent if opponent in OPPONENTS else None, options


class DeblockleView(SetupClicks, RemoteGameParts, SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.remote_how = route.params.get("remote")  # a game with a friend: host, guest, resume
        slot = remote_slot(GAME) if self.remote_how else None
        self.midend = Midend(app.store, DEBLOCKLE, browser.now_ms, browser.today_iso, slot=slot)
        self.session = self.midend.session
        self.link_game = None
        self.ui = Ui()
        self.computer = ComputerTurns(
            self.midend,
            browser.later,
            browser.now_ms,
            self.play_computer,
            # The computer waits while a block moves or a new game is being chosen.
            lambda: not self.ui.busy and self.ui.choices is None,
        )
        self.root = None
        self._start_or_resume()

    @property
    def state(self) -> State:
        return self.midend.state

    @property
    def generation(self) -> int:
        """Changes whenever the position is replaced (new game, undo, redo, another
        tab's save): a timer or animation of an older generation then does nothing."""
        return self.midend.generation

    # --- starting and saving ------------------------------------------------------------
    def _start_or_resume(self) -> None:
        if self.remote_how:
            self.start_remote()
            return
        wanted = parse_params(self.route.params)
        meta = self.midend.resume(legacy=frame_before_the_midend)
        opponent = opponent_of(self.midend.seats) if meta is not None else None
        if opponent is not None and (wanted is None or wanted[0] == self.midend.seed):
            self.ui.seed, self.ui.opponent = self.midend.seed, opponent
            self.ui.last = saved_last(meta.get("last"))
            return
        if wanted is not None:  # a game by its number: whoever gave it knows the computer's dice
            self._new_game(*wanted, known=True)
        else:
            self._new_game(fresh_seed())

    def remote_proposal(self):
        """A game with a friend: the choices of the New game dialog, gold drawn by lot."""
        return game_options(self.prefs), ["host", "guest"]

    def remote_ui(self) -> None:
        game = self.link_game
        self.ui = Ui(seed=self.midend.seed, opponent=REMOTE, me=game.my_seat, peer=game.peer)

    def _new_game(self, seed: int, opponent=None, options=None, known: bool = False) -> None:
        opponent = opponent or pref(self.prefs, "opponent", "strong", OPPONENTS)
        options = options or game_options(self.prefs)
        self.midend.start(options, seed, seats_for(opponent), known=known)
        self.say_if_not_counted()
        self.ui = Ui(seed=seed, opponent=opponent, cursor=self.ui.cursor)
        self._save()

    def _save(self) -> None:
        if self.midend.state is None:
            return  # a game with a friend still being set up: nothing to keep yet
        # The seed and opponent are the midend's (its frame); they stay in the meta
        # too, as the app before the midend read them.
        meta = {"seed": self.ui.seed, "opponent": self.ui.opponent, "last": self.ui.last}
        if not self.midend.save(meta):
            self.take_newer_save()

    def forget_position(self) -> None:
        self.ui.drop_choices()  # the midend's new generation drops a pending computer move
        self.ui.busy = False

    # --- the page ---------------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.deblockle.name")

    def share_href(self) -> str:
        """This game's address: with its number only once that gives nothing away."""
        if self.link_game is not None:
            return router.href(GAME, remote="resume")
        return router.href(GAME, **self.midend.game_id, opponent=self.ui.opponent)

    def render(self):
        if self.link_game is not None:
            if self.midend.state is None or self.link_game.status == CONNECTING:
                return self.remote_waiting_page()
            self.ui.bar = remote_bar(self.link_game, self.t)
            self.ui.frozen = self.link_game.status != PLAYING
        ui, midend = self.ui, self.midend
        ui.prefs = self.prefs
        ui.can_undo, ui.can_redo = midend.can_undo, midend.can_redo
        ui.address, ui.seed_shown, ui.counted = self.share_href(), midend.seed_shown, midend.ranked
        viewer = 1 if self.ui.opponent == "human" and self.state.current_player == 1 else ui.me
        return page(self.state.view_for(viewer), self.ui, self.t)

    def mounted(self, root) -> None:
        self.root = root
        browser.replace_hash(self.share_href())
        if self.link_game is not None and self.midend.state is None:
            return
        if self.ui.choices is not None:  # the New game dialog stays open through a redraw
            browser.open_dialog(root.querySelector("#db-new"))
        if self.state.is_over:
            self.session.stop_clock()
            if self.finish():
                self._save()
            if self.ui.choices is None:
                browser.open_dialog(root.querySelector("#db-over"))
        else:
            self.session.start_clock()
            self.computer.schedule()

    # --- actions ---------------------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action == "cell":
            self.ui.cursor = data.get("sq", self.ui.cursor)
            self.press(self.ui.cursor)
        elif action == "untip":
            self.untip()
        elif action == "roll":
            self.pick_roll(data.get("top"))
        elif action == "turn":
            self.turn_roll()
        elif action == "place-random":
            self.place_randomly()
        elif self.remote_action(action):
            return
        elif action == "new-dialog":
            self.open_new_dialog()
        elif action == "close-dialog":
            self.cancel_new_dialog()
        elif action == "pref":
            self.change_choice(data.get("name", ""), data.get("value", ""))
        elif action == "start":
            choices, self.ui.choices = self.ui.choices, None
            if choices is not None:
                self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, choices)
            self.start_new()
        elif action == "again":
            self.start_new()
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()

    # --- the New game dialog: its choices are remembered only when the game starts --------
    def open_new_dialog(self) -> None:
        if self.ui.choices is None:
            self.ui.choices = dict(self.prefs)
        self.redraw(focus_id="db-new-start")

    def cancel_new_dialog(self) -> None:
        if self.ui.choices is None:
            return
        self.ui.choices = None
        self.redraw()

    def change_choice(self, name: str, value: str) -> None:
        choices = self.ui.choices
        change = None if choices is None else pref_change(choices, name, value)
        if change is not None:
            choices.update(change)
            self.redraw()

    def start_new(self) -> None:
        self._new_game(fresh_seed())
        opponent = self.t(f"deblockle.opponent.{self.ui.opponent}")
        self.app.announce(self.t("deblockle.announce.new", opponent=opponent))
        self.redraw()

    def refuse(self, text: str) -> None:
        sound.cue("invalid")
        self.ui.say(text, error=True)
        self.redraw()

    def press(self, name: str) -> None:
        """A click, Enter or Space on a square."""
        ui, state = self.ui, self.state
        if ui.busy or not human_to_act(state, ui) or parse_square(name) < 0:
            return
        if state.phase == "setup":
            self.press_setup(name)
            return
        ui.message = ""
        player = state.current_player
        owner = state.position.owner(parse_square(name))
        if ui.tip is not None:
            hops = hop_choices(ui)
            if name in hops:
                self.hop(*hops[name])
            elif name in (ui.tip["to"], ui.selected):
                self.untip()
            elif owner == player:
                ui.tip = None
                self.select(name)
            else:
                symbol = symbol_name(self.t, ui.tip["top"])
                self.refuse(self.t("deblockle.pick_hop", symbol=symbol))
            return
        if ui.selected is not None:
            tips = tip_targets(state, ui)
            if name in tips:
                self.do_tip(tips[name])
                return
            if name == ui.selected:
                ui.selected = None
                self.redraw()
                return
            if owner != player:
                self.explain_tip(name)
                return
        if owner == player:
            self.select(name)
        elif owner >= 0:
            self.refuse(self.t("deblockle.not_your_block", square=name))
        else:
            self.refuse(self.t("deblockle.pick_block"))

    def select(self, name: str) -> None:
        self.ui.selected = name
        options = self.state.tip_options(name)
        sound.cue("select" if options else "invalid")
        if options:
            tips = ", ".join(
                self.t("deblockle.tip_choice", square=o["to"], symbol=symbol_name(self.t, o["top"]))
                for o in options
            )
            self.app.announce(self.t("deblockle.announce.selected", square=name, tips=tips))
        else:
            self.ui.say(self.t("deblockle.no_tips", square=name), error=True)
            self.app.announce(self.ui.message)
        self.redraw()

    def explain_tip(self, name: str) -> None:
        """Why the selected block cannot tip to `name`, in the engine's words."""
        refusal = self.state.tip_refusal(self.ui.selected, name)
        if refusal is not None:
            self.ui.say(self.t(refusal.key, **refusal.params), error=True)
        elif self.state.position.owner(parse_square(name)) >= 0:
            self.ui.say(self.t("deblockle.not_your_block", square=name), error=True)
        else:
            self.ui.say(self.t("deblockle.tip_next_to"), error=True)
        self.app.announce(self.ui.message)
        self.redraw()
        cell = browser.element(f"db-c-{name}")
        if found(cell):
            cell.classList.add("refused")

    def untip(self) -> None:
        if self.ui.tip is None or self.ui.busy:
            return
        self.ui.tip = None
        self.app.announce(self.t("deblockle.announce.untipped"))
        self.redraw()

    # --- playing a turn -------------------------------------------------------------------------------
    def do_tip(self, option: dict) -> None:
        """The player chose a tip: roll the block over, then show its hops (or play it
        at once when nothing is left to choose: Stop, or a removal at the star)."""
        source = self.ui.selected
        block = next(b for b in self.state.blocks() if b["square"] == source)
        player = self.state.current_player

        def after_tip():
            if option["removes"] or option["top"] == "stop":
                self.play(option["moves"][0])
                return
            self.ui.busy = False
            self.ui.tip = option
            self.app.announce(
                self.t(
                    "deblockle.announce.tipped",
                    square=option["to"],
                    symbol=symbol_name(self.t, option["top"]),
                    ends=", ".join(sorted(hop_choices(self.ui))),
                )
            )
            self.redraw()

        self.set_busy()
        motion.tip(
            self, player, source, option["to"], block, option["faces"], option["removes"], after_tip
        )

    def hop(self, move: str, path: list) -> None:
        self.set_busy()
        player, faces = self.state.current_player, self.ui.tip["faces"]
        motion.hop(self, player, path, faces, lambda: self.play(move))

    def play(self, move: str) -> None:
        try:
            events = self.play_move(move)
        except IllegalMove as refusal:  # the view offered only legal turns: this should not happen
            self.ui.busy = False
            self.ui.tip = None
            self.refuse(self.t(refusal.key, **refusal.params))
            return
        self.after_turn(events)

    def after_turn(self, events: list) -> None:
        ui = self.ui
        ui.busy = False
        ui.selected = ui.tip = None
        ui.last = last_squares(events, ui.last)
        passes = [e for e in events if e["type"] == "pass"]
        said = turn_said(self.state, ui, self.t, events)
        ui.say(pass_text(self.t, passes[-1]) if passes else "")
        cue = turn_cue(events, self.state.result, ui)
        if cue is not None:
            sound.cue(cue)
        self.finish()
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()

    def finish(self) -> bool:
        """Count the finished game once in the statistics (the midend asks only once,
        and not at all for a game against the computer that was taken back; a full
        device loses the record, not the game-over window). True when it was asked
        now: the save then has to say so."""
        ended = self.link_game is not None and self.link_game.status == ENDED
        if self.midend.recorded or not (self.state.is_over or ended):
            return False
        self.session.stop_clock()
        state, ui = self.state, self.ui
        winner = (state.result or {}).get("winner")
        # Between two people here, or a draw, nobody here won or lost: played only.
        won = None if ui.opponent == "human" or winner is None else winner == ui.me
        if self.link_game is not None:
            won = self.link_game.winner_is_me
        self.midend.record_once(
            lambda: scores.record_result(
                self.app.store,
                GAME,
                variant(state, ui),
                won=won,
                figures=result_figures(state, ui, self.session.elapsed_ms()),
                date=browser.today_iso(),
            ),
            ended=ended,
        )
        return True

    # --- undo and redo ------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last move of a person here (against the computer, with its
        reply); the game then no longer counts in the statistics, which is said once."""
        if self.ui.busy or not self.midend.can_undo:
            return
        ranked = self.midend.ranked
        self.midend.undo()
        self.after_history("deblockle.announce.undo")
        if ranked and not self.midend.ranked:
            self.app.notice(
                f"{GAME}-not-ranked", lambda: self.t("frame.not_ranked"), about_view=True
            )

    def redo(self) -> None:
        if self.ui.busy or not self.midend.can_redo:
            return
        try:
            self.midend.redo()
        except IllegalMove as refusal:  # a damaged redo list, now forgotten
            self.refuse(self.t(refusal.key, **refusal.params))
            return
        self.after_history("deblockle.announce.redo")

    def after_history(self, said_key: str) -> None:
        """The position was replaced by undo or redo: what was picked goes, and so
        does a computer move still being timed (the midend's generation changed)."""
        ui = self.ui
        ui.drop_choices()
        ui.last, ui.message, ui.message_is_error = [], "", False
        self._save()
        self.app.announce(self.t(said_key) + " " + turn_text(self.state, ui, self.t))
        self.redraw()

    # --- the computer ------------------------------------------------------------------------------------
    def play_computer(self, move) -> None:
        """The computer's move (timed by app.computer_turns): its block rolls and
        hops as a person's would."""
        before = self.state.copy()
        self.show_played(before, move, self.midend.play(move))

    def show_remote_move(self, before, events: list) -> None:
        """A move the friend's device played (already in the game): shown as played."""
        move = DEBLOCKLE.parse_move(self.midend.moves[-1][1])
        self.show_played(before, move, events)

    def show_played(self, state, move, events: list) -> None:
        """A move of the other side, played from `state`: rolled and hopped on the board."""
        generation = self.generation
        if state.phase == "setup":
            self.after_placement(events)
            return
        player = state.current_player
        source = square_name(move.square)
        block = next(b for b in state.blocks() if b["square"] == source)
        tip, hop = events[0], events[1]
        self.set_busy()

        def after_tip():
            if not self.computer.current(generation):
                return
            if hop["type"] == "hop" and len(hop["path"]) > 1:
                motion.hop(self, player, hop["path"], tip["faces"], lambda: self.after_turn(events))
            else:
                self.after_turn(events)

        removes = hop["type"] == "remove"
        motion.tip(self, player, source, tip["to"], block, tip["faces"], removes, after_tip)

    def set_busy(self) -> None:
        """A block is moving: clicks wait, and the page says so (data-busy) until the redraw."""
        self.ui.busy = True
        section = browser.document.querySelector("[data-game='deblockle']")
        if found(section):
            section.dataset.busy = "yes"

    # --- keyboard -------------------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if str(event.key) == "Escape" and self.ui.choices is not None:
            event.preventDefault()  # the dialog closes by its drawing, not by itself
            self.cancel_new_dialog()
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            self.history_key(event)
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY") or (
            str(target.tagName) == "BUTTON" and event.key in ("Enter", " ")
        ):
            return
        if self.ui.busy or found(browser.document.querySelector("dialog[open]")):
            return
        key = str(event.key)
        on_board = str(target.id) == "db-board"
        if key in KEY_STEPS and on_board:
            event.preventDefault()
            dc, dr = KEY_STEPS[key]
            col, row = xy(self.ui.cursor)
            col, row = min(SIZE - 1, max(0, col + dc)), min(SIZE - 1, max(0, row + dr))
            self.ui.cursor = COLUMNS[col] + str(row + 1)
            self.redraw()
        elif key in ("Enter", " ") and on_board:
            event.preventDefault()
            self.press(self.ui.cursor)
        elif key == "Escape":
            if self.ui.tip is not None:
                self.untip()
            elif self.ui.selected is not None:
                self.ui.selected = None
                self.redraw()
        elif key in ("n", "N"):
            self.open_new_dialog()

    def history_key(self, event) -> None:
        """Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac)."""
        key = str(event.key).lower()
        if (
            event.altKey
            or key not in ("z", "y")
            or found(browser.document.querySelector("dialog[open]"))
        ):
            return
        if str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        if key == "y" or event.shiftKey:
            self.redo()
        else:
            self.undo()

    # --- leaving and other tabs ----------------------------------------------------------------------------
    def close(self) -> None:
        self.root = None  # late animations then do nothing
        self.computer.close()
        self.suspend()


VIEW = DeblockleView


def turn_cue(events: list, result: dict | None, ui: Ui) -> str | None:
    """A turn as heard (app.sound): the game's end with a winner (against the
    computer or a friend away, won by the person here or not; between people here
    someone won), else a block taken off (line), else a move (a draw sounds as its
    last move)."""
    winner = (result or {}).get("winner")
    if winner is not None and any(e["type"] == "game_over" for e in events):
        return "win" if ui.opponent == "human" or winner == ui.me else "lose"
    if any(e["type"] == "remove" for e in events):
        return "line"
    return "move" if any(e["type"] in ("tip", "hop") for e in events) else None
