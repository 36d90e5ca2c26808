"""The player's settings: language, theme, motion and colour-blind help, kept in storage."""

from .i18n import LANGUAGES
from .storage import Schema, StorageFull

THEMES = ("system", "light", "dark")
MOTIONS = ("system", "reduce", "full")
# Colour-blind help: every game tells its colours apart by shapes or patterns too.
COLOUR_BLIND = ("off", "on")
DEFAULTS = {"language": None, "theme": "system", "motion": "system", "colour_blind": "off"}
# Before there was one setting, two games had their own choice (in prefs:<game>).
GAME_CHOICES = {"marbles": "shapes", "wordle": "colour_blind"}


def clean_settings(data) -> dict:
    """Keep every good field; put the default back in any bad one."""
    if not isinstance(data, dict):
        raise ValueError("settings must be an object")
    allowed = {
        "language": (None,) + LANGUAGES,
        "theme": THEMES,
        "motion": MOTIONS,
        "colour_blind": COLOUR_BLIND,
    }
    return {
        name: data[name] if data.get(name, object()) in choices else DEFAULTS[name]
        for name, choices in allowed.items()
    }


def _with_colour_blind(data):
    """Version 1 had no colour-blind help: off (the games' own choices are adopted after)."""
    return {**data, "colour_blind": "off"} if isinstance(data, dict) else data


SETTINGS_SCHEMA = Schema(
    "settings", 2, lambda: dict(DEFAULTS), clean_settings, migrations={1: _with_colour_blind}
)


def effective_language(settings: dict, navigator_language: str | None) -> str:
    from .i18n import browser_language

    return settings["language"] or browser_language(navigator_language)


def adopt_game_choices(store) -> None:
    """A game's own colour-blind choice, once on, turns the one setting on; the games'
    choices are then forgotten (so this happens once, and Settings decides from then on)."""
    for game, key in GAME_CHOICES.items():
        prefs = store.load(f"prefs:{game}").data
        if key not in prefs:
            continue
        try:
            if prefs[key] is True:
                store.update("settings", lambda settings: {**settings, "colour_blind": "on"})
            store.update(
                f"prefs:{game}", lambda kept, key=key: {k: v for k, v in kept.items() if k != key}
            )
        except StorageFull:
            return  # kept as it was: adopted on a later visit


def reduce_motion(settings: dict, system_prefers_reduced: bool) -> bool:
    if settings["motion"] == "system":
        return system_prefers_reduced
    return settings["motion"] == "reduce"
