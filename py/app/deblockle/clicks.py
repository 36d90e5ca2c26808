"""Deblockle's clicks and keys, interpreted (the frontend's `interpret`): pick a block, tip
it (drawn rolling before its hop is chosen), hop it; during the set-up pick a rolled block,
turn it and place it, or place them all at random; the New game dialog; the commands for the
game view. Pure: what is allowed is the engine's (State.tip_options, legal_moves), whose turn
it is the table's (Facts.table)."""

from dataclasses import replace

from games.common.protocol import Json
from games.deblockle import FACE_NAMES, State, parse_square
from games.deblockle.ai import helper_rng
from games.deblockle.board import SIZE

from ..frame.frontend import Command, Facts, Input, Interpretation, Play, Show, Translate
from . import journeys
from .parts import COLUMNS, Screen, hop_choices, human_to_act, symbol_name, tip_targets, xy
from .setup import next_north, placement_text, placing_squares, pref_change
from .ui import DeblockleUi, screen

KEY_STEPS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
COMMANDS = {"undo": "undo", "redo": "redo", "again": "new"}


def interpret(
    state: State, ui: DeblockleUi, given: Input, facts: Facts, t: Translate
) -> Interpretation:
    action, data = given.action, given.data
    if action == "cell":
        return press(state, replace(ui, cursor=data.get("sq", ui.cursor)), facts, t)
    if action == "key":
        return key(state, ui, given, facts, t)
    if action == "untip":
        return untip(ui, t)
    if action == "roll":
        return pick_roll(state, ui, data.get("top", ""), facts, t)
    if action == "turn":
        return turn_roll(ui, facts)
    if action == "place-random":
        return place_randomly(state, facts)
    if action == "new-dialog":
        return open_dialog(ui, facts)
    if action == "close-dialog":
        return None if ui.choices is None else Show(replace(ui, choices=None))
    if action == "pref":
        return change_choice(ui, data.get("name", ""), data.get("value", ""))
    if action == "start":
        return Command("new", dict(ui.choices or {}))
    if action in COMMANDS:
        return Command(COMMANDS[action])
    return None


def key(state: State, ui: DeblockleUi, given: Input, facts: Facts, t: Translate) -> Interpretation:
    name = given.key
    if name == "Escape":
        if ui.choices is not None:
            return Show(replace(ui, choices=None))
        if ui.tip is not None:
            return untip(ui, t)
        return Show(replace(ui, selected=None)) if ui.selected is not None else None
    if name in KEY_STEPS and given.on_board:
        dc, dr = KEY_STEPS[name]
        col, row = xy(ui.cursor)
        col, row = min(SIZE - 1, max(0, col + dc)), min(SIZE - 1, max(0, row + dr))
        return Show(replace(ui, cursor=COLUMNS[col] + str(row + 1)))
    if name in ("Enter", " ") and given.on_board:
        return press(state, ui, facts, t)
    if name in ("n", "N"):
        return open_dialog(ui, facts)
    return None


def seen(ui: DeblockleUi, facts: Facts) -> Screen:
    return screen(ui, facts)


def refuse(ui: DeblockleUi, text: str, square: str | None = None) -> Show[DeblockleUi]:
    return Show(replace(ui, message=text, message_is_error=True, refused=square), cue="invalid")


# --- a turn -----------------------------------------------------------------------------------
def press(state: State, ui: DeblockleUi, facts: Facts, t: Translate) -> Interpretation:
    """A click, Enter or Space on a square."""
    name = ui.cursor
    if not human_to_act(state, seen(ui, facts)) or parse_square(name) < 0:
        return None
    if state.phase == "setup":
        return press_setup(state, ui, facts, t)
    ui = replace(ui, message="", message_is_error=False)
    player = state.current_player
    owner = state.position.owner(parse_square(name))
    if ui.tip is not None:
        hops = hop_choices(seen(ui, facts))
        if name in hops:
            return Play(hops[name][0])
        if name in (ui.tip["to"], ui.selected):
            return untip(ui, t)
        if owner == player:
            return select(state, replace(ui, tip=None), name, t)
        return refuse(ui, t("deblockle.pick_hop", symbol=symbol_name(t, ui.tip["top"])))
    if ui.selected is not None:
        tips = tip_targets(state, seen(ui, facts))
        if name in tips:
            return tip(state, ui, ui.selected, tips[name], facts, t)
        if name == ui.selected:
            return Show(replace(ui, selected=None))
        if owner != player:
            return explain_tip(state, ui, ui.selected, name, t)
    if owner == player:
        return select(state, ui, name, t)
    if owner >= 0:
        return refuse(ui, t("deblockle.not_your_block", square=name))
    return refuse(ui, t("deblockle.pick_block"))


def select(state: State, ui: DeblockleUi, name: str, t: Translate) -> Show[DeblockleUi]:
    options = state.tip_options(name)
    ui = replace(ui, selected=name)
    if not options:
        message = t("deblockle.no_tips", square=name)
        return Show(replace(ui, message=message, message_is_error=True), message, "invalid")
    tips = ", ".join(
        t("deblockle.tip_choice", square=o["to"], symbol=symbol_name(t, o["top"])) for o in options
    )
    return Show(ui, t("deblockle.announce.selected", square=name, tips=tips), "select")


def explain_tip(
    state: State, ui: DeblockleUi, selected: str, name: str, t: Translate
) -> Show[DeblockleUi]:
    """Why the block selected cannot tip to `name`, in the engine's words."""
    refusal = state.tip_refusal(selected, name)
    if refusal is not None:
        message = t(refusal.key, **refusal.params)
    elif state.position.owner(parse_square(name)) >= 0:
        message = t("deblockle.not_your_block", square=name)
    else:
        message = t("deblockle.tip_next_to")
    shown = replace(ui, message=message, message_is_error=True, refused=name)
    return Show(shown, said=message)


def untip(ui: DeblockleUi, t: Translate) -> Interpretation:
    if ui.tip is None:
        return None
    return Show(replace(ui, tip=None), said=t("deblockle.announce.untipped"))


def tip(
    state: State, ui: DeblockleUi, source: str, option: Json, facts: Facts, t: Translate
) -> Interpretation:
    """The player chose a tip for the block on `source`: the block rolls over, then its hops are shown (or the turn
    is played at once when nothing is left to choose: Stop, or a removal at the star)."""
    if option["removes"] or option["top"] == "stop":
        return Play(option["moves"][0])
    block = next(b for b in state.blocks() if b["square"] == source)
    tipped = replace(ui, tip=option)
    said = t(
        "deblockle.announce.tipped",
        square=option["to"],
        symbol=symbol_name(t, option["top"]),
        ends=", ".join(sorted(hop_choices(seen(tipped, facts)))),
    )
    roll = journeys.tip(state.player_to_play, source, option["to"], block, option["faces"], False)
    return Show(tipped, said=said, journey=roll)


# --- the set-up --------------------------------------------------------------------------------
def pick_roll(
    state: State, ui: DeblockleUi, top: str, facts: Facts, t: Translate
) -> Interpretation:
    if state.phase != "setup" or not human_to_act(state, seen(ui, facts)) or top not in FACE_NAMES:
        return None
    roll = None if ui.roll == top else top
    said = t("deblockle.setup.picked", symbol=symbol_name(t, top)) if roll else ""
    return Show(replace(ui, roll=roll), said=said)


def turn_roll(ui: DeblockleUi, facts: Facts) -> Interpretation:
    if ui.roll is None:
        return None
    return Show(replace(ui, turns={**ui.turns, ui.roll: next_north(seen(ui, facts), ui.roll)}))


def press_setup(state: State, ui: DeblockleUi, facts: Facts, t: Translate) -> Interpretation:
    name = ui.cursor
    if ui.roll is None or name not in placing_squares(state, seen(ui, facts)):
        key_name = "deblockle.setup.pick_roll" if ui.roll is None else "deblockle.setup.pick_square"
        return refuse(ui, t(key_name))
    return Play(placement_text(seen(ui, facts), ui.roll, name))


def place_randomly(state: State, facts: Facts) -> Interpretation:
    """The rolled blocks still waiting, each on a free start square, turned at random by
    dice from the game's number and the move number (each placement a move of its own:
    undo takes them back one by one)."""
    if state.phase != "setup" or not facts.table.to_act(state.current_player):
        return None
    placements = state.placements_at_random(helper_rng(facts.table.seed, len(state.history)))
    return Play(placements[0], tuple(placements[1:])) if placements else None


# --- the New game dialog: its choices are remembered only when the game starts ------------
def open_dialog(ui: DeblockleUi, facts: Facts) -> Show[DeblockleUi]:
    choices = dict(facts.prefs) if ui.choices is None else ui.choices
    return Show(replace(ui, choices=choices), focus="db-new-start")


def change_choice(ui: DeblockleUi, name: str, value: str) -> Interpretation:
    if ui.choices is None:
        return None
    change = pref_change(dict(ui.choices), name, value)
    return None if change is None else Show(replace(ui, choices={**ui.choices, **change}))
