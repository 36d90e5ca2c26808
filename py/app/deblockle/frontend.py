"""Deblockle's frontend (app.frame.frontend): the block picked, the tip shown, the rolled
block picked during the set-up, the cursor and the New game dialog's choices as the UI
state; clicks and keys turned into moves (clicks.py); what a turn, whoever played it, says,
sounds and looks like on its way; the figures a finished game records. Pure: no browser, no
storage, no midend. The rules stay in games.deblockle."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.protocol import MAX_SEED
from games.deblockle import State
from games.deblockle.game import GAME as DEBLOCKLE

from .. import router
from ..frame.frontend import (
    Changes,
    Facts,
    FrontendDefaults,
    Input,
    Interpretation,
    Journey,
    Result,
    Show,
    Table,
    Translate,
)
from ..html import Markup
from . import clicks, journeys
from .draw import page
from .parts import (
    GAME,
    LEVEL_OF,
    OPPONENTS,
    Screen,
    last_squares,
    last_turn,
    pass_text,
    result_figures,
    turn_said,
    variant,
)
from .setup import game_options, placement_said, pref
from .ui import DeblockleUi, opponent_of, screen

OPTION_PARAMS = ("blocks", "first", "no_side_by_side", "quick_setup", "start")  # the engine's


def parse_params(params: Mapping[str, str]) -> tuple[int, str | None, dict[str, Any] | None] | None:
    """The game asked for by its number, as a finished game's address reads
    ("#/deblockle?blocks=4&first=0&no_side_by_side=0&quick_setup=1&seed=N&opponent=human"):
    (seed, opponent, options), the opponent or options None when the address does not say
    them (or says them wrong)."""
    seed = router.int_param(dict(params), "seed", 0, MAX_SEED)
    if seed is None:
        return None
    opponent = params.get("opponent")
    options = None
    if any(key in params for key in OPTION_PARAMS):
        try:
            options = DEBLOCKLE.options_from_params(dict(params))
        except ValueError:
            pass
    return seed, opponent if opponent in OPPONENTS else None, options


def turn_cue(events: list[dict[str, Any]], result: dict[str, Any] | None, seen: Screen) -> str:
    """A turn as heard (app.sound): the game's end with a winner (against the computer or
    a friend away, won by the person here or not; between people here someone won), else
    a block taken off (line), else a move (a draw sounds as its last move)."""
    winner = (result or {}).get("winner")
    if winner is not None and any(e["type"] == "game_over" for e in events):
        return "win" if seen.opponent == "human" or winner == seen.me else "lose"
    if any(e["type"] == "remove" for e in events):
        return "line"
    return "move" if any(e["type"] in ("tip", "hop") for e in events) else ""


class DeblockleFrontend(FrontendDefaults):
    name = GAME
    game = DEBLOCKLE
    title_key = "game.deblockle.name"

    # --- the game ID, the seats and the UI state ----------------------------------------
    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        found = parse_params(params)
        if found is None:
            return None
        seed, _, options = found
        return options or game_options(dict(prefs)), seed

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        return game_options(dict(prefs))

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        """Gold is the person here; blue the opponent the address names, or else the one
        last chosen."""
        opponent = params.get("opponent")
        if opponent not in OPPONENTS:
            opponent = pref(dict(prefs), "opponent", "strong", OPPONENTS)
        return [None, None if opponent == "human" else LEVEL_OF[opponent]]

    def seat_params(self, table: Table) -> dict[str, str]:
        return {"opponent": opponent_of(table)}

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        """The game ID and seats of a save made before the midend, from its meta ({"seed",
        "opponent", ...}; an unknown opponent was played as "strong")."""
        seed = meta.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a saved Deblockle game needs its seed")
        seats = self.new_seats({"opponent": meta.get("opponent", "")}, {})
        return {"options": state.options, "seed": seed, "seats": seats}

    def new_ui(self, state: State, kept: DeblockleUi | None = None) -> DeblockleUi:
        cursor = kept.cursor if kept is not None else "d4"
        return DeblockleUi(cursor=cursor, last=tuple(last_turn(state)))

    def paused(self, ui: DeblockleUi) -> bool:
        return ui.choices is not None  # the computer waits while a new game is chosen

    def said_new(self, state: State, table: Table, t: Translate) -> str:
        return t("deblockle.announce.new", opponent=t(f"deblockle.opponent.{opponent_of(table)}"))

    # --- input ---------------------------------------------------------------------------
    def interpret(
        self, state: State, ui: DeblockleUi, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        return clicks.interpret(state, replace(ui, refused=None), given, facts, t)

    def refused(
        self,
        state: State,
        ui: DeblockleUi,
        move: Any,
        key: str,
        params: dict[str, Any],
        t: Translate,
    ) -> Show[DeblockleUi]:
        message = t(key, **params)
        shown = replace(ui, tip=None, message=message, message_is_error=True)
        return Show(shown, said=message, cue="invalid")

    # --- a turn's effects, whoever played it -----------------------------------------------
    def changed(
        self,
        before: State,
        state: State,
        ui: DeblockleUi,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[DeblockleUi]:
        if any(event["type"] == "place" for event in events):
            placements, message = placement_said(state, t, events)
            placed = replace(ui, roll=None, message=message or "", message_is_error=False)
            return Changes(placed, " ".join(placements), "")
        seen = screen(ui, facts)
        passes = [event for event in events if event["type"] == "pass"]
        after = replace(
            ui,
            selected=None,
            tip=None,
            last=tuple(last_squares(events, [])),
            message=pass_text(t, passes[-1]) if passes else "",
            message_is_error=False,
        )
        said = " ".join(turn_said(state, seen, t, events))
        return Changes(
            after, said, turn_cue(events, state.result, seen), self._journey(before, ui, events)
        )

    @staticmethod
    def _journey(before: State, ui: DeblockleUi, events: list[dict[str, Any]]) -> Journey | None:
        """The block's way: its tip (unless a person here has just seen it tip), then its hop."""
        tip = next((event for event in events if event["type"] == "tip"), None)
        if tip is None:
            return None
        player, source = tip["player"], tip["from"]
        hop = next((event for event in events if event["type"] == "hop"), None)
        hopped = journeys.hop(player, hop["path"], tip["faces"]) if hop is not None else None
        if ui.tip is not None and ui.selected == source and ui.tip["to"] == tip["to"]:
            return hopped  # the tip was drawn when it was chosen
        block = next(b for b in before.blocks() if b["square"] == source)
        removes = any(event["type"] == "remove" for event in events)
        return journeys.tip(player, source, tip["to"], block, tip["faces"], removes, hopped)

    # --- the end ---------------------------------------------------------------------------
    def record(self, state: State, table: Table, clock_ms: float) -> Result:
        seen = Screen(seed=table.seed, opponent=opponent_of(table), me=table.me)
        winner = (state.result or {}).get("winner")
        # Between two people here, or a draw, nobody here won or lost: played only.
        won = None if seen.opponent == "human" or winner is None else winner == seen.me
        return Result(variant(state, seen), won, None, result_figures(state, seen, clock_ms))

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, state: State, ui: DeblockleUi, facts: Facts, t: Translate) -> Markup:
        seen = screen(ui, facts)
        # Between two people here, the board is seen by the one to play.
        viewer = 1 if seen.opponent == "human" and state.current_player == 1 else seen.me
        return page(state.view_for(viewer), seen, t)


FRONTEND = DeblockleFrontend()
