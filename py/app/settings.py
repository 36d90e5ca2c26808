"""The player's settings: language, theme, motion, colour-blind help and sound, kept in storage."""

from .i18n import LANGUAGES
from .storage import Schema, StorageFull

THEMES = ("system", "light", "dark")
MOTIONS = ("system", "reduce", "full")
# Colour-blind help: every game tells its colours apart by shapes or patterns too.
COLOUR_BLIND = ("off", "on")
# Sound and vibration (app.sound). "system": on, unless the device asks for reduced motion
# (there is no standard preference for less sound; reduced motion is the nearest).
SOUNDS = ("system", "on", "off")
DEFAULTS = {
    "language": None,
    "theme": "system",
    "motion": "system",
    "colour_blind": "off",
    "sound": "system",
}
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
        "sound": SOUNDS,
    }
    return {
        name: data[name] if data.get(name, object()) in choices else DEFAULTS[name]
        for name, choices in allowed.items()
    }


def _with_colour_blind(data):
    """Version 1 had no colour-blind help: off (the games' own choices are adopted after)."""
    return {**data, "colour_blind": "off"} if isinstance(data, dict) else data


def _with_sound(data):
    """Version 2 had no sound: the default, as the device."""
    return {**data, "sound": "system"} if isinstance(data, dict) else data


SETTINGS_SCHEMA = Schema(
    "settings",
    3,
    lambda: dict(DEFAULTS),
    clean_settings,
    migrations={1: _with_colour_blind, 2: _with_sound},
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


def sound_on(settings: dict, system_prefers_reduced_motion: bool) -> bool:
    if settings["sound"] == "system":
        return not system_prefers_reduced_motion
    return settings["sound"] == "on"
