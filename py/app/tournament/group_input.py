"""The group on one device (rule 11.2) on the one game view: its people are the player's
remembered choice ("people", with one keyboard and one clock: "shared_keyboard"), and so is the
screen they are on ("screen": "group", its members chosen, or "lobby"), so that each change is
a new lobby (app.frame.commands' "new", the choice remembered). The lobby's language is a
new address ("goto"): its words are another game. Pure."""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.common.errors import IllegalMove
from games.wordle.letters import LANGUAGES
from games.wordle.tournament_game import TournamentState

from .. import router
from ..frame.frontend import Command, Interpretation, Show, Translate
from ..wordle import records as tp
from .frame_ui import TournamentUi, quiet
from .lobby_people import people_choice

Data = Mapping[str, str]
GROUP, LOBBY = "group", "lobby"


def members(state: TournamentState) -> list[str]:
    """The people of this device, the group's leader first."""
    return [p["name"] for p in state.tournament.players if p["human"]]


def group_of(state: TournamentState) -> dict[str, Any]:
    return {"lang": state.tournament.lang, "members": members(state)}


def new_lobby(names: Sequence[str | None], screen: str, shared: bool = True) -> Command:
    return Command("new", {**people_choice(names), "shared_keyboard": shared, "screen": screen})


def between_tournaments(state: TournamentState) -> bool:
    t = state.tournament
    return t.phase == "lobby" or t.humans_done


def interpret(
    state: TournamentState, ui: TournamentUi, action: str, data: Data, t: Translate
) -> Interpretation:
    """A group screen's action (None: not one, or not now: a tournament under way)."""
    if action not in ACTIONS or not between_tournaments(state):
        return None
    if (
        action == "wt-lang"
    ):  # (its words are another game: another page, app.wordle.tournament_page)
        lang = str(data.get("value", ""))
        if lang not in LANGUAGES or lang == state.tournament.lang:
            return None
        return Command("goto", {"href": router.href("wordle", mode="tournament", lang=lang)})
    if action == "wt-group-open":
        return new_lobby(members(state), GROUP)
    if action == "wt-group-lobby":
        return new_lobby(members(state), LOBBY)
    if action == "wt-back-to-group":
        return Command("new", {"screen": GROUP})
    if action == "wt-solo":
        return new_lobby([None], LOBBY, shared=False)
    if action == "wt-remove":
        index = str(data.get("index", ""))
        smaller = tp.remove_member(group_of(state), int(index)) if index.isdigit() else None
        return None if smaller is None else new_lobby(smaller["members"], GROUP)
    name = str(data.get("value", "")).strip()  # wt-add
    if not name:
        return None
    try:
        bigger = tp.add_member(group_of(state), name)
    except IllegalMove as refused:
        key = "wt.name_taken_group" if refused.key == "wordle.name_taken" else refused.key
        message = t(key, **refused.params)
        return Show(replace_message(ui, message), said=message, cue="invalid")
    return new_lobby(bigger["members"], GROUP)


def replace_message(ui: TournamentUi, message: str) -> TournamentUi:
    return replace(quiet(ui), message=message, message_is_error=True)


ACTIONS = {
    "wt-lang",
    "wt-group-open",
    "wt-group-lobby",
    "wt-back-to-group",
    "wt-solo",
    "wt-add",
    "wt-remove",
}
