"""Marbles' frontend (app.frame.frontend): the cursor, the marble selected and a hint as the
UI state; clicks and keys turned into moves; what a move says and sounds like; the
figures a finished game records and shows. Pure: no browser, no storage."""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from games.common.protocol import MAX_SEED
from games.common.rng import SeededRng
from games.marbles import SIZE, SQUARES, VERSIONS, State, choose_move, row_col
from games.marbles.game import GAME as MARBLES
from games.marbles.notation import square_name

from .. import router
from ..frame.frontend import (
    Changes,
    Command,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Journey,
    Play,
    Result,
    Show,
    Table,
    Translate,
)
from ..html import Markup
from .draw import Screen, colour_name, page

GAME = "marbles"
DEFAULT_VERSION = 5
STEP_MS = 45  # time per square of a marble's journey
HINTS = 3  # hints in a game (docs/rules/marbles.md 11.5)
KEY_STEPS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
OUTCOME_FIGURES = ("score", "moves", "lines", "time_ms", "best")


@dataclass(frozen=True)
class MarblesUi:
    """What is on screen beside the position: the keyboard's cursor, the marble selected,
    a hint, the line under the board (an error or not), what the last move left to draw
    (squares to "spawned" or "ghost-<colour>", one drawing only), a square refused, and the
    hints taken in this game (kept in its save: app.frame.lasting_ui)."""

    cursor: int = SQUARES // 2
    selected: int | None = None
    hint: tuple[int, int] | None = None
    message: str = ""
    message_is_error: bool = False
    effects: Mapping[int, str] = field(default_factory=dict)
    refused: int | None = None
    hints: int = 0


def parse_game_params(params: Mapping[str, str]) -> tuple[int, int] | None:
    """(seed, version) from "#/marbles?seed=N&version=V", or None when absent or invalid."""
    seed = router.int_param(dict(params), "seed", 0, MAX_SEED)
    version = (
        router.int_param(dict(params), "version", 0, 99) if "version" in params else DEFAULT_VERSION
    )
    return (seed, version) if seed is not None and version in VERSIONS else None


def move_cue(events: list[dict[str, Any]], new_best: bool) -> str:
    """The cue of a move's events (app.sound): the game's end (a new best is a win),
    else a line cleared, else the marble arriving."""
    kinds = {event["type"] for event in events}
    if "game_over" in kinds:
        return "win" if new_best else "lose"
    return "line" if "line" in kinds else "move"


class MarblesFrontend(FrontendDefaults):
    name = GAME
    game = MARBLES
    title_key = "game.marbles.name"

    # --- the game ID and the UI state --------------------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        found = parse_game_params(params)
        return None if found is None else ({"version": found[1]}, found[0])

    def options_asked(self, params: Mapping[str, str]) -> dict[str, Any]:
        """The version "#/marbles?version=4" names: a new game of it unless the saved one is
        of it and not over (app.frame.starting.OpensAnew)."""
        version = router.int_param(dict(params), "version", 0, 99)
        return {"version": version} if version in VERSIONS else {}

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        version = prefs.get("version")
        return {"version": version if version in VERSIONS else DEFAULT_VERSION}

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        return [None]  # one player, here

    def seat_params(self, table: Table) -> dict[str, str]:
        return {}

    def paused(self, ui: MarblesUi) -> bool:
        return False

    def said_new(self, state: State, table: Table, t: Translate) -> str:
        return t("marbles.announce.new")

    def new_ui(self, state: State, kept: MarblesUi | None = None) -> MarblesUi:
        return MarblesUi(cursor=kept.cursor, hints=kept.hints) if kept else MarblesUi()

    def ui_for_new_game(self, ui: MarblesUi) -> MarblesUi:
        """A new game keeps the cursor, not the hints taken (app.frame.lasting_ui)."""
        return MarblesUi(cursor=ui.cursor)

    def kept(self, ui: MarblesUi) -> dict[str, Any]:
        return {"hints": ui.hints}

    def ui_from_save(self, meta: dict[str, Any]) -> MarblesUi:
        hints = meta.get("hints")
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= HINTS:
            hints = 0  # (a damaged count: none taken)
        return MarblesUi(hints=hints)

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        """The game ID and seats of a save made before the midend."""
        return {"options": {"version": state.min_line}, "seed": state.seed, "seats": [None]}

    # --- input ---------------------------------------------------------------------------
    def interpret(
        self, state: State, ui: MarblesUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        ui = replace(ui, effects={}, refused=None)  # what the last move left is drawn once
        action = given.action
        if action == "cell":
            return self.press(state, replace(ui, cursor=int(given.data["sq"])), t)
        if action == "version":
            value = given.data.get("value", "")
            if value.isdigit() and int(value) in VERSIONS:
                return Command("new", {"version": int(value)})
            return None
        if action in ("undo", "new", "restart"):
            return Command(action)
        if action == "hint":
            return self.hint(state, ui, t)
        if action == "shapes":
            return Command("toggle", {"setting": "colour_blind"})
        if action == "key":
            return self.key(state, ui, given, t)
        return None

    def key(self, state: State, ui: MarblesUi, given: Input, t: Translate) -> Interpretation:
        key = given.key
        if key in KEY_STEPS and given.on_board:
            dr, dc = KEY_STEPS[key]
            row, col = row_col(ui.cursor)
            row, col = min(SIZE - 1, max(0, row + dr)), min(SIZE - 1, max(0, col + dc))
            return Show(replace(ui, cursor=row * SIZE + col))
        if key in ("Enter", " ") and given.on_board:
            return self.press(state, ui, t)
        if key in ("u", "U"):
            return Command("undo")
        if key in ("n", "N"):
            return Command("new")
        if key in ("h", "H"):
            return self.hint(state, ui, t)
        return None

    def press(self, state: State, ui: MarblesUi, t: Translate) -> Interpretation:
        """A click or Enter on a square: select, deselect or move."""
        if state.is_over:
            return None
        sq = ui.cursor
        colour = state.board[sq]
        ui = replace(ui, message="", message_is_error=False)
        if colour:
            selected = None if ui.selected == sq else sq
            if selected is None:
                return Show(replace(ui, selected=None))
            said = t(
                "marbles.announce.selected",
                colour=colour_name(t, colour),
                square=square_name(sq),
            )
            return Show(replace(ui, selected=selected), said=said, cue="select")
        if ui.selected is None:
            message = t("marbles.pick_first")
            return Show(replace(ui, message=message, message_is_error=True), cue="invalid")
        return Play((ui.selected, sq))

    def hint(self, state: State, ui: MarblesUi, t: Translate) -> Interpretation:
        """The computer's move in this position, one of the game's HINTS (the same one asked
        again is not taken again); none left: said so."""
        if state.is_over:
            return None
        if ui.hint is None and ui.hints >= HINTS:
            message = t("marbles.no_hints_left", count=HINTS)
            return Show(replace(ui, message=message, message_is_error=True), message, "invalid")
        move = choose_move(state, SeededRng(state.seed ^ state.moves))
        if move is None:
            return None
        source, target = move
        hints = ui.hints + (1 if ui.hint is None else 0)
        message = (
            t(
                "marbles.hint_text",
                colour=colour_name(t, state.board[source]),
                source=square_name(source),
                target=square_name(target),
            )
            + " "
            + t("marbles.hints_left", count=HINTS - hints)
        )
        shown = replace(
            ui,
            hint=(source, target),
            cursor=source,
            message=message,
            message_is_error=False,
            hints=hints,
        )
        return Show(shown, said=message)

    def refused(
        self, state: State, ui: MarblesUi, move: Any, key: str, params: dict[str, Any], t: Translate
    ) -> Show[MarblesUi]:
        named = {k: square_name(v) if k == "square" else v for k, v in params.items()}
        message = t(key, **named)
        shown = replace(ui, message=message, message_is_error=True, refused=move[1])
        return Show(shown, said=message, cue="invalid")

    # --- a move's effects ----------------------------------------------------------------
    def changed(
        self,
        before: State,
        state: State,
        ui: MarblesUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[MarblesUi]:
        said, effects = [], {}
        journey = None
        for event in events:
            kind = event["type"]
            if kind == "move":
                journey = self._journey(event)
                said.append(
                    t(
                        "marbles.announce.move",
                        colour=colour_name(t, event["colour"]),
                        source=square_name(event["from"]),
                        target=square_name(event["to"]),
                    )
                )
            elif kind == "line":
                effects.update(dict.fromkeys(event["squares"], f"ghost-{event['colour']}"))
                said.append(
                    t(
                        "marbles.announce.line",
                        length=event["length"],
                        colour=colour_name(t, event["colour"]),
                        points=event["points"],
                    )
                )
            elif kind == "spawn" and event["marbles"]:
                effects.update({m["square"]: "spawned" for m in event["marbles"]})
                marbles = ", ".join(
                    t(
                        "marbles.colour_on",
                        colour=colour_name(t, m["colour"]),
                        square=square_name(m["square"]),
                    )
                    for m in event["marbles"]
                )
                said.append(t("marbles.announce.spawn", marbles=marbles))
            elif kind == "game_over":
                said.append(t("marbles.announce.over", score=state.score))
        after = replace(ui, selected=None, hint=None, message="", effects=effects)
        cue = move_cue(events, bool(facts.outcome and facts.outcome.get("new_best")))
        return Changes(after, " ".join(said), cue, journey)

    @staticmethod
    def _journey(event: dict[str, Any]) -> Journey:
        frames = [
            {"transform": f"translate({c * 100}%, {r * 100}%)"}
            for r, c in map(row_col, event["path"])
        ]
        return Journey(
            board="#mb-board",
            piece_class=f"m m-{event['colour']} traveller",
            leaves=f"#mb-c-{event['from']} .m",
            frames=frames,
            step_ms=STEP_MS,
        )

    # --- the end ---------------------------------------------------------------------------
    def helped(self, result: Result, ui: MarblesUi) -> Result:
        """A game with hints is assisted: so marked in the rankings and the statistics
        (docs/rules/marbles.md 11.6; app.frame.ending.RecordsHelp)."""
        if not ui.hints:
            return result
        return replace(result, figures={**result.figures, "hints": ui.hints, "assisted": 1})

    def record(self, state: State, table: Table, clock_ms: float) -> Result:
        figures = {
            "moves": state.moves,
            "lines": state.lines,
            "time_s": round(clock_ms) // 1000,
            "seed": str(state.seed),
        }
        return Result(str(state.min_line), None, state.score, figures, measure=state.score)

    def outcome(
        self,
        state: State,
        stats_before: Mapping[str, Any],
        counted: bool,
        place: int | None,
        clock_ms: float,
    ) -> dict[str, Any]:
        best_before = best_of(stats_before, state) or 0
        return {
            "score": state.score,
            "moves": state.moves,
            "lines": state.lines,
            "time_ms": round(clock_ms),
            "best": max(state.score, best_before) if counted else best_before,
            "place": place,
            "new_best": counted and state.score > best_before,
        }

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        """The saved figures of the game-over window, if they are all there and numbers."""
        if not isinstance(saved, dict):
            return None
        figures = [saved.get(name) for name in OUTCOME_FIGURES]
        place = saved.get("place")
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in figures):
            return None
        if not (place is None or (isinstance(place, int) and place > 0)):
            return None
        return {**saved, "new_best": saved.get("new_best") is True}

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, state: State, ui: MarblesUi, facts: Facts, t: Translate) -> Markup:
        screen = Screen(
            cursor=ui.cursor,
            share_href=facts.share_href,
            clock_ms=facts.clock_ms,
            best=best_of(facts.stats, state),
            selected=ui.selected,
            hint=ui.hint,
            effects=dict(ui.effects),
            message=ui.message,
            message_is_error=ui.message_is_error,
            busy=facts.busy,
            shapes=facts.shapes,
            can_undo=facts.can_undo,
            seed_shown=facts.seed_shown,
            counted=facts.counted,
            outcome=dict(facts.outcome) if facts.outcome else None,
            refused=ui.refused,
            hints=ui.hints,
            hints_left=HINTS - ui.hints,
        )
        return page(state, t, screen)


def best_of(stats: Mapping[str, Any], state: State) -> int | None:
    """The player's best score in this version of the game, if any."""
    entry = stats.get(str(state.min_line))
    return entry["best"] if entry else None


FRONTEND = MarblesFrontend()
