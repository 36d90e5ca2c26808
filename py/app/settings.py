"""The player's settings: language, theme and motion, kept in storage."""

from .i18n import LANGUAGES
from .storage import Schema

THEMES = ("system", "light", "dark")
MOTIONS = ("system", "reduce", "full")
DEFAULTS = {"language": None, "theme": "system", "motion": "system"}


def clean_settings(data) -> dict:
    """Keep every good field; put the default back in any bad one."""
    if not isinstance(data, dict):
        raise ValueError("settings must be an object")
    allowed = {"language": (None,) + LANGUAGES, "theme": THEMES, "motion": MOTIONS}
    return {
        name: data[name] if data.get(name, object()) in choices else DEFAULTS[name]
        for name, choices in allowed.items()
    }


SETTINGS_SCHEMA = Schema("settings", 1, lambda: dict(DEFAULTS), clean_settings)


def effective_language(settings: dict, navigator_language: str | None) -> str:
    from .i18n import browser_language

    return settings["language"] or browser_language(navigator_language)


def reduce_motion(settings: dict, system_prefers_reduced: bool) -> bool:
    if settings["motion"] == "system":
        return system_prefers_reduced
    return settings["motion"] == "reduce"
