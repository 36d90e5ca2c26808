"""What the Wordle Tournament's page on the one game view (#/wordle?mode=tournament, built by
app.tournament.loading once its words are loaded) opens with: the language of its words (the
old page's save was moved to the frame's at start-up: app.wordle.tournament_move). A
tournament under way keeps its own. Else an invite link (`group=`) makes its group the player's choice of people,
on the group screen, in its language; else the address's language (the lobby's choice of
language is a new address); else the player's Wordle language. A lobby saved in another
language is dropped: a lobby is nothing lost."""

from collections.abc import Mapping
from typing import Any

from games.wordle.letters import LANGUAGES

from .. import saved_games
from ..storage import Store
from ..tournament.lobby_people import people_choice
from . import records as tp
from .tournament_move import GAME


def saved_state(store: Store) -> dict[str, Any] | None:
    saved = saved_games.load(store, GAME).data
    state = saved.get("state") if isinstance(saved, dict) else None
    return state if isinstance(state, dict) else None


def wordle_language(store: Store) -> str:
    """The player's Wordle language (Wordle's remembered choice), "" when none."""
    prefs = store.load("prefs:wordle").data
    lang = prefs.get("lang", "") if isinstance(prefs, dict) else ""
    return str(lang)


def opening_language(store: Store, params: Mapping[str, str]) -> str:
    wordle_lang = wordle_language(store)
    state = saved_state(store)
    saved_lang = state.get("lang") if state is not None else None
    if state is not None and state.get("phase") != "lobby" and saved_lang in LANGUAGES:
        return str(saved_lang)
    invited = tp.group_from_param(params["group"]) if "group" in params else None
    asked = invited["lang"] if invited is not None else params.get("lang")
    lang = asked if asked in LANGUAGES else saved_lang if saved_lang in LANGUAGES else None
    lang = str(lang) if lang is not None else wordle_lang if wordle_lang in LANGUAGES else "en"
    if state is not None and (saved_lang != lang or invited is not None):
        saved_games.clear(store, GAME)  # (a lobby: another is drawn)
    if invited is not None:
        choice = {**people_choice(invited["members"]), "shared_keyboard": True, "screen": "group"}
        saved_games.update_prefs(store, GAME, store.load(f"prefs:{GAME}").data, choice)
    return lang
