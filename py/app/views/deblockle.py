"""Deblockle on the page: clicks and keys turned into moves, the computer's
turns on a timer, and the game saved as it is played.

All rules live in games.deblockle. The page is drawn by deblockle_draw (the
board, cube and dialogs) and deblockle_setup (the set-up tray and new-game
dialog) from the state and self.ui (deblockle_parts.Ui), with no browser;
deblockle_motion moves the blocks. The only unseeded randomness is a new
game's seed: the computer's dice follow from it and the move number.
"""

import random

from games.common.errors import IllegalMove
from games.deblockle import FACE_NAMES, State, choose_move, new_game, parse_square, square_name
from games.deblockle.ai import computer_rng, helper_rng
from games.deblockle.board import SIZE

from .. import browser, router, saved_games, scores
from ..browser import found
from ..saved_game_view import SavedGameView
from . import deblockle_motion as motion
from .deblockle_draw import page, share_href
from .deblockle_parts import (
    COLUMNS,
    GAME,
    OPPONENTS,
    Ui,
    hop_choices,
    human_to_act,
    is_computer,
    last_squares,
    pass_text,
    result_figures,
    symbol_name,
    tip_targets,
    turn_said,
    variant,
    xy,
)
from .deblockle_setup import (
    game_options,
    next_north,
    placement_said,
    placement_text,
    placing_squares,
    pref,
    pref_change,
)

MAX_SEED = (1 << 62) - 1
THINK_MS = 700  # the computer waits this long so a person can follow
KEY_STEPS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
LEVELS = ("strong", "greedy", "random")  # the opponents that are computer levels


def fresh_seed() -> int:
    """A new game's ID, when none was asked for."""
    return random.randrange(1, 2**31)


def parse_params(params: dict):
    """The seed and opponent asked for in "#/deblockle?seed=N&opponent=human"."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    opponent = params.get("opponent")
    return seed, opponent if opponent in OPPONENTS else None


class DeblockleView(SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.state: State | None = None
        self.ui = Ui()
        self.recorded = False
        self.generation = 0  # bumps when a new game starts: late timers then do nothing
        self.thinking = False
        self.root = None
        self._start_or_resume()

    # --- starting and saving ------------------------------------------------------------
    def _start_or_resume(self) -> None:
        wanted = parse_params(self.route.params)
        saved = self.session.load_state(State.from_json)
        if saved is not None:
            state, meta = saved
            seed = meta.get("seed")
            if isinstance(seed, int) and (wanted is None or wanted[0] == seed):
                self.state, self.ui.seed = state, seed
                opponent = meta.get("opponent")
                self.ui.opponent = opponent if opponent in OPPONENTS else "strong"
                self.recorded = bool(meta.get("recorded"))
                self.ui.last = [s for s in meta.get("last", []) if isinstance(s, str)][:12]
                return
        if wanted is not None:
            self._new_game(wanted[0], wanted[1])
        else:
            self._new_game(fresh_seed())

    def _new_game(self, seed: int, opponent: str | None = None) -> None:
        self.generation += 1
        self.state = new_game(game_options(self.prefs), seed)
        self.ui = Ui(
            seed=seed,
            opponent=opponent or pref(self.prefs, "opponent", "strong", OPPONENTS),
            cursor=self.ui.cursor,
        )
        self.session.reset_clock()
        self.recorded = self.thinking = False
        self._save()

    def _save(self) -> None:
        meta = {
            "seed": self.ui.seed,
            "opponent": self.ui.opponent,
            "recorded": self.recorded,
            "last": self.ui.last,
        }
        if not self.session.save(self.state.to_json(), meta):
            self.take_newer_save()

    def forget_position(self) -> None:
        self.generation += 1  # a computer move still being timed is dropped
        self.ui.drop_choices()
        self.ui.busy = self.thinking = False

    # --- the page ---------------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.deblockle.name")

    def render(self):
        self.ui.prefs = self.prefs
        viewer = 1 if self.ui.opponent == "human" and self.state.current_player == 1 else 0
        return page(self.state.view_for(viewer), self.ui, self.t)

    def mounted(self, root) -> None:
        self.root = root
        browser.replace_hash(share_href(self.ui))
        if self.state.is_over:
            self.session.stop_clock()
            self.finish()
            browser.open_dialog(root.querySelector("#db-over"))
        else:
            self.session.start_clock()
            self.schedule_computer()

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
        elif action == "new-dialog":
            over = browser.element("db-over")
            if found(over) and over.open:
                over.close()
            browser.open_dialog(browser.element("db-new"))
        elif action == "close-dialog":
            dialog = browser.element("db-new")
            if found(dialog):
                dialog.close()
        elif action == "pref":
            change = pref_change(self.prefs, data.get("name", ""), data.get("value", ""))
            if change is not None:
                self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, change)
        elif action == "start":
            dialog = browser.element("db-new")
            if found(dialog):
                dialog.close()
            self.start_new()
        elif action == "again":
            self.start_new()

    def start_new(self) -> None:
        self._new_game(fresh_seed())
        opponent = self.t(f"deblockle.opponent.{self.ui.opponent}")
        self.app.announce(self.t("deblockle.announce.new", opponent=opponent))
        self.redraw()

    def refuse(self, text: str) -> None:
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
            events = self.state.apply(move)
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
        if self.state.is_over:
            self.finish()
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()

    def finish(self) -> None:
        """Count the finished game once in the statistics."""
        if self.recorded or not self.state.is_over:
            return
        self.session.stop_clock()
        winner = (self.state.result or {}).get("winner")
        won = None if self.ui.opponent == "human" else winner == 0
        try:
            scores.record_result(
                self.app.store,
                GAME,
                variant(self.state, self.ui),
                won=won,
                figures=result_figures(self.state, self.ui, self.session.elapsed_ms()),
                date=browser.today_iso(),
            )
        except Exception:
            pass  # storage full: the player has been told
        self.recorded = True
        self._save()

    # --- the computer ------------------------------------------------------------------------------------
    def schedule_computer(self) -> None:
        state = self.state
        if (
            self.thinking
            or self.ui.busy
            or state.is_over
            or not is_computer(self.ui, state.current_player)
        ):
            return
        self.thinking = True
        generation = self.generation
        browser.later(THINK_MS, lambda: self.computer_turn(generation))

    def computer_turn(self, generation: int) -> None:
        if generation != self.generation or self.root is None:
            return
        self.thinking = False
        state = self.state
        if state.is_over or not is_computer(self.ui, state.current_player) or self.ui.busy:
            return
        level = self.ui.opponent if self.ui.opponent in LEVELS else "strong"
        move = choose_move(state, computer_rng(self.ui.seed, len(state.history)), None, level)
        if state.phase == "setup":
            self.after_placement(state.apply(move))
            return
        player = state.current_player
        source = square_name(move.square)
        block = next(b for b in state.blocks() if b["square"] == source)
        events = state.apply(move)
        tip, hop = events[0], events[1]
        self.set_busy()

        def after_tip():
            if generation != self.generation:
                return
            if hop["type"] == "hop" and len(hop["path"]) > 1:
                motion.hop(self, player, hop["path"], tip["faces"], lambda: self.after_turn(events))
            else:
                self.after_turn(events)

        removes = hop["type"] == "remove"
        motion.tip(self, player, source, tip["to"], block, tip["faces"], removes, after_tip)

    # --- set-up by clicks ------------------------------------------------------------------------------
    def pick_roll(self, top) -> None:
        ui = self.ui
        if self.state.phase != "setup" or not human_to_act(self.state, ui) or top not in FACE_NAMES:
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
            events = self.state.apply(placement_text(ui, ui.roll, name))
        except IllegalMove as refusal:
            self.refuse(self.t(refusal.key, **refusal.params))
            return
        ui.roll = None
        self.after_placement(events)

    def place_randomly(self) -> None:
        """Place the rolled blocks still waiting on free start squares, each turned at
        random by dice from the game's seed and the move number."""
        state = self.state
        if state.phase != "setup" or not human_to_act(state, self.ui):
            return
        events = []
        for placement in state.placements_at_random(helper_rng(self.ui.seed, len(state.history))):
            events += state.apply(placement)
        self.ui.roll = None
        self.after_placement(events)

    def after_placement(self, events: list) -> None:
        said, message = placement_said(self.state, self.t, events)
        self.ui.say(message or "")
        self._save()
        self.app.announce(" ".join(said))
        self.redraw()

    def set_busy(self) -> None:
        """A block is moving: clicks wait, and the page says so (data-busy) until the redraw."""
        self.ui.busy = True
        section = browser.document.querySelector("[data-game='deblockle']")
        if found(section):
            section.dataset.busy = "yes"

    # --- keyboard -------------------------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
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
            browser.open_dialog(browser.element("db-new"))

    # --- leaving and other tabs ----------------------------------------------------------------------------
    def close(self) -> None:
        self.generation += 1
        self.root = None
        self.suspend()


VIEW = DeblockleView
