"""Marbles on the page: the board, Next bar, figures, menu, hint and game-over window.

All rules live in games.marbles; this view only draws its state and turns
clicks and keys into moves.
"""

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.marbles import SIZE, SQUARES, VERSIONS, State, choose_move, row_col
from games.marbles.game import GAME as MARBLES
from games.marbles.notation import square_name

from .. import browser, router, saved_games, scores, sound
from ..midend import HUMAN, Midend, fresh_seed
from ..saved_game_view import SavedGameView
from .marbles_draw import Screen, colour_name, format_clock, page

GAME = "marbles"
STEP_MS = 45  # time per square of a marble's journey
KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


OUTCOME_FIGURES = ("score", "moves", "lines", "time_ms", "best")


def move_cue(events: list, new_best: bool) -> str:
    """The cue of a move's events (app.sound): the game's end (a new best is a win),
    else a line cleared, else the marble arriving."""
    kinds = {event["type"] for event in events}
    if "game_over" in kinds:
        return "win" if new_best else "lose"
    return "line" if "line" in kinds else "move"


def parse_game_params(params: dict):
    """(seed, version) from "#/marbles?seed=N&version=V", or None when absent or invalid."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    version = router.int_param(params, "version", min(VERSIONS), max(VERSIONS), default=5)
    return (seed, version) if seed is not None and version in VERSIONS else None


class MarblesView(SavedGameView):
    game = GAME

    def __init__(self, app, route):
        super().__init__(app, route)
        self.midend = Midend(app.store, MARBLES, browser.now_ms, browser.today_iso)
        self.session = self.midend.session
        self.selected: int | None = None
        self.cursor = SQUARES // 2
        self.hint: tuple | None = None
        self.message = ""
        self.message_is_error = False
        self.busy = False  # a marble is travelling: clicks wait
        self.effects: dict = {}  # square -> css class for the next draw (ghosts, arrivals)
        self.outcome: dict | None = None  # figures for the game-over window
        self.ticker = None
        self._start_or_resume()

    # --- starting ------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.midend.state

    def _start_or_resume(self) -> None:
        wanted = parse_game_params(self.route.params)
        meta = self.midend.resume(legacy=_frame_before_the_midend)
        if meta is not None:
            state = self.state
            if wanted is None or wanted == (state.seed, state.min_line):
                self.outcome = None
                if state.is_over:
                    self.outcome = _checked_outcome(meta.get("outcome")) or self._outcome()
                return
        if wanted is not None:  # a game by its number: whoever gave it may know it
            self._new_state(*wanted, known=True)
        else:
            self._new_state(fresh_seed(), self.version_pref())

    def version_pref(self) -> int:
        return self.prefs.get("version") if self.prefs.get("version") in VERSIONS else 5

    def _new_state(self, seed: int, version: int, known: bool = False) -> None:
        self.midend.start({"version": version}, seed, [HUMAN], known=known)
        self.selected = self.hint = None
        self.outcome, self.message = None, ""
        self.effects = {}
        self._save()

    def _save(self) -> None:
        if not self.midend.save({"outcome": self.outcome} if self.outcome else {}):
            self.take_newer_save()
            self.redraw()

    def forget_position(self) -> None:
        self.selected = self.hint = None

    # --- the page ---------------------------------------------------------------------
    def title(self) -> str:
        return self.t("game.marbles.name")

    def best(self):
        entry = scores.stats_for(self.app.store, GAME).get(str(self.state.min_line))
        return entry["best"] if entry else None

    def share_href(self) -> str:
        """This game's address: with its number only once that gives nothing away."""
        return router.href(GAME, **self.midend.game_id)

    def screen(self) -> Screen:
        return Screen(
            cursor=self.cursor,
            share_href=self.share_href(),
            clock_ms=self.session.elapsed_ms(),
            best=self.best(),
            selected=self.selected,
            hint=self.hint,
            effects=self.effects,
            message=self.message,
            message_is_error=self.message_is_error,
            busy=self.busy,
            shapes=self.app.settings["colour_blind"] == "on",
            can_undo=self.midend.can_undo,
            seed_shown=self.midend.seed_shown,
            counted=self.midend.ranked,
            outcome=self.outcome,
        )

    def render(self):
        return page(self.state, self.t, self.screen())

    def colour_name(self, colour: int) -> str:
        return colour_name(self.t, colour)

    def mounted(self, root) -> None:
        self.root = root
        browser.replace_hash(self.share_href())
        if self.state.is_over:
            self.session.stop_clock()
            browser.open_dialog(root.querySelector("#mb-over"))
        else:
            self.session.start_clock()
            if self.ticker is None:
                self.ticker = browser.Repeating(1000, self.tick)

    def tick(self) -> None:
        node = browser.element("view").querySelector("[data-figure='time']")
        if node is not None:
            node.textContent = format_clock(self.session.elapsed_ms())

    def redraw(self, keep_focus: bool = True) -> None:
        view_root = browser.element("view")
        focused_board = (
            browser.document.activeElement is not None
            and str(browser.document.activeElement.id) == "mb-board"
        )
        menu = view_root.querySelector("details.game-menu")
        menu_open = menu is not None and bool(menu.open)
        view_root.innerHTML = self.render()
        if menu_open:
            view_root.querySelector("details.game-menu").open = True
        self.effects = {}
        self.mounted(view_root)
        if keep_focus and focused_board:
            view_root.querySelector("#mb-board").focus()

    # --- playing ------------------------------------------------------------------------
    def on_action(self, action: str, data: dict, event) -> None:
        if action == "cell":
            self.cursor = int(data["sq"])
            self.press(self.cursor)
        elif action == "undo":
            self.undo()
        elif action == "hint":
            self.show_hint()
        elif action == "new":
            self.unless_kept("frame.confirm_new_yes", self.new_game)
        elif action == "restart":  # the same marbles again: now known, so not counted
            self.unless_kept("frame.confirm_restart_yes", self.restart)
        elif (
            action == "version"
            and data.get("value", "").isdigit()
            and int(data["value"]) in VERSIONS
        ):
            version = int(data["value"])
            self.unless_kept(
                "frame.confirm_new_yes", lambda: self.new_version(version), on_no=self.redraw
            )
        elif action == "shapes":  # a shortcut to the setting every game honours (Settings)
            shown = self.app.settings["colour_blind"] == "on"
            self.app.change_setting("colour_blind", "off" if shown else "on")

    def unless_kept(self, yes_key: str, start, on_no=None) -> None:
        """start() a new game, asking first when that would throw away a game in
        progress (it would not count: docs/rules/marbles.md 10.4)."""
        if self.state.is_over or self.state.moves == 0:
            start()
            return
        t = self.t
        self.app.ask(
            t("frame.confirm_new_title"), t("frame.confirm_uncounted"), t(yes_key), start, on_no
        )

    def new_game(self) -> None:
        self._new_state(fresh_seed(), self.version_pref())
        self.announce_new()

    def restart(self) -> None:
        self._new_state(self.state.seed, self.state.min_line, known=True)
        self.announce_new()

    def new_version(self, version: int) -> None:
        self.set_pref("version", version)
        self._new_state(fresh_seed(), version)
        self.announce_new()

    def set_pref(self, name: str, value) -> None:
        self.prefs = saved_games.update_prefs(self.app.store, GAME, self.prefs, {name: value})

    def announce_new(self) -> None:
        self.app.announce(self.t("marbles.announce.new"))
        self.redraw()

    def say(self, text: str, error: bool = False) -> None:
        """The line under the board: why a move was refused, or a hint."""
        self.message, self.message_is_error = text, error

    def press(self, sq: int) -> None:
        """A click or Enter on a square: select, deselect or move."""
        if self.busy or self.state.is_over:
            return
        colour = self.state.board[sq]
        self.message = ""
        if colour:
            self.selected = None if self.selected == sq else sq
            if self.selected is not None:
                sound.cue("select")
                self.app.announce(
                    self.t(
                        "marbles.announce.selected",
                        colour=self.colour_name(colour),
                        square=square_name(sq),
                    )
                )
            self.redraw()
        elif self.selected is None:
            self.say(self.t("marbles.pick_first"), error=True)
            sound.cue("invalid")
            self.redraw()
        else:
            self.move(self.selected, sq)

    def move(self, src: int, dst: int) -> None:
        try:
            events = self.midend.play((src, dst))
        except IllegalMove as refusal:
            self.refuse(dst, refusal)
            return
        self.selected = self.hint = None
        if self.state.is_over:
            self.finish()
        self._save()  # before the animation: a move shown on screen is a move saved
        journey = events[0]["path"]
        if self.app.reduced_motion:
            self.after_move(events)
            return
        self.busy = True
        board = browser.element("view").querySelector("#mb-board")
        traveller = browser.document.createElement("span")
        traveller.className = f"m m-{events[0]['colour']} traveller"
        board.appendChild(traveller)
        source = board.querySelector(f"#mb-c-{src} .m")
        if source is not None:
            source.classList.add("departed")
        frames = [
            {"transform": f"translate({c * 100}%, {r * 100}%)"} for r, c in map(row_col, journey)
        ]
        browser.animate(
            traveller, frames, STEP_MS * (len(journey) - 1), lambda: self.after_move(events)
        )

    def refuse(self, sq: int, refusal: IllegalMove) -> None:
        self.say(
            self.t(
                refusal.key,
                **{k: square_name(v) if k == "square" else v for k, v in refusal.params.items()},
            ),
            error=True,
        )
        sound.cue("invalid")
        self.app.announce(self.message)
        self.redraw()
        cell = browser.element("view").querySelector(f"#mb-c-{sq}")
        if cell is not None:
            cell.classList.add("refused")

    def after_move(self, events: list) -> None:
        self.busy = False
        said = []
        for event in events:
            kind = event["type"]
            if kind == "move":
                said.append(
                    self.t(
                        "marbles.announce.move",
                        colour=self.colour_name(event["colour"]),
                        source=square_name(event["from"]),
                        target=square_name(event["to"]),
                    )
                )
            elif kind == "line":
                for sq in event["squares"]:
                    self.effects[sq] = f"ghost-{event['colour']}"
                said.append(
                    self.t(
                        "marbles.announce.line",
                        length=event["length"],
                        colour=self.colour_name(event["colour"]),
                        points=event["points"],
                    )
                )
            elif kind == "spawn":
                for marble in event["marbles"]:
                    self.effects[marble["square"]] = "spawned"
                if event["marbles"]:
                    said.append(
                        self.t(
                            "marbles.announce.spawn",
                            marbles=", ".join(
                                self.t(
                                    "marbles.colour_on",
                                    colour=self.colour_name(m["colour"]),
                                    square=square_name(m["square"]),
                                )
                                for m in event["marbles"]
                            ),
                        )
                    )
            elif kind == "game_over":
                said.append(self.t("marbles.announce.over", score=self.state.score))
        self.app.announce(" ".join(said))
        sound.cue(move_cue(events, bool(self.outcome and self.outcome["new_best"])))
        self.redraw()

    def finish(self) -> None:
        """Record the finished game once, in statistics and rankings; the figures
        of the game-over window (also when a full device refused the record)."""
        if self.outcome is not None:
            return
        best_before = self.best()
        state, time_ms = self.state, round(self.session.elapsed_ms())
        place = self.midend.record_once(
            lambda: scores.record_result(
                self.app.store,
                GAME,
                str(state.min_line),
                won=None,
                score=state.score,
                figures={
                    "moves": state.moves,
                    "lines": state.lines,
                    "time_s": time_ms // 1000,
                    "seed": str(state.seed),
                },
                date=browser.today_iso(),
            )
        )
        self.outcome = self._outcome(best_before, place)

    def _outcome(self, best_before: int | None = None, place: int | None = None) -> dict:
        state, counted = self.state, self.midend.ranked
        return {
            "score": state.score,
            "moves": state.moves,
            "lines": state.lines,
            "time_ms": round(self.session.elapsed_ms()),
            "best": max(state.score, best_before or 0) if counted else best_before or 0,
            "place": place,
            "new_best": counted and state.score > (best_before or 0),
        }

    def undo(self) -> None:
        if self.busy or not self.midend.can_undo:
            return
        self.midend.undo()
        self.selected = self.hint = None
        self.message = ""
        self._save()
        self.app.announce(self.t("marbles.announce.undo"))
        self.redraw()

    def show_hint(self) -> None:
        if self.busy or self.state.is_over:
            return
        move = choose_move(self.state, SeededRng(self.state.seed ^ self.state.moves))
        if move is None:
            return
        self.hint = tuple(move)
        self.cursor = move[0]
        colour = self.state.board[move[0]]
        self.say(
            self.t(
                "marbles.hint_text",
                colour=self.colour_name(colour),
                source=square_name(move[0]),
                target=square_name(move[1]),
            )
        )
        self.app.announce(self.message)
        self.redraw()

    # --- keyboard ----------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        if str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY") or (
            str(target.tagName) == "BUTTON" and event.key in ("Enter", " ")
        ):
            return
        key = str(event.key)
        on_board = str(target.id) == "mb-board"
        if key in KEY_STEPS and on_board:
            event.preventDefault()
            dr, dc = KEY_STEPS[key]
            row, col = row_col(self.cursor)
            self.cursor = min(SIZE - 1, max(0, row + dr)) * SIZE + min(SIZE - 1, max(0, col + dc))
            self.redraw()
        elif key in ("Enter", " ") and on_board:
            event.preventDefault()
            self.press(self.cursor)
        elif key in ("u", "U"):
            self.undo()
        elif key in ("n", "N"):
            self.on_action("new", {}, event)
        elif key in ("h", "H"):
            self.show_hint()

    # --- leaving and other tabs ---------------------------------------------------------------
    def close(self) -> None:
        self.suspend()
        if self.ticker is not None:
            self.ticker.stop()
            self.ticker = None


def _frame_before_the_midend(state: State, meta: dict) -> dict:
    """The game ID and seats of a save made before the midend."""
    return {"options": {"version": state.min_line}, "seed": state.seed, "seats": [HUMAN]}


def _checked_outcome(outcome) -> dict | None:
    """The saved figures of the game-over window, if they are all there and numbers."""
    if not isinstance(outcome, dict):
        return None
    figures = [outcome.get(name) for name in OUTCOME_FIGURES]
    place = outcome.get("place")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in figures):
        return None
    if not (place is None or (isinstance(place, int) and place > 0)):
        return None
    return {**outcome, "new_best": outcome.get("new_best") is True}


VIEW = MarblesView
