"""Game settings: mode, ship-name edition, and whether a hit names its ship."""

from games.common.protocol import Json

from .fleet import EDITIONS

MODES = ("classic", "salvo", "advanced_salvo")
DEFAULT_OPTIONS = {"mode": "classic", "edition": "modern", "announce_ship": True}


def normalise_options(options: object) -> Json:
    """Defaults filled in; ValueError on an unknown key or value."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    result = {**DEFAULT_OPTIONS, **options}
    if result["mode"] not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if result["edition"] not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}")
    if not isinstance(result["announce_ship"], bool):
        raise ValueError("announce_ship must be true or false")
    return result
