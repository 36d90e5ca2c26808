"""Game settings: mode, ship-name edition, whether a hit names its ship, and a hunt.

A hunt ("solo": true, docs/rules/battleship.md 13) is the classic game with one fleet and one
shooter. Its option is written only when true, so games that are not hunts keep the options
(and saves, and addresses) they had before hunts existed."""

from games.common.protocol import Json

from .fleet import EDITIONS

MODES = ("classic", "salvo", "advanced_salvo")
DEFAULT_OPTIONS = {"mode": "classic", "edition": "modern", "announce_ship": True}
HUNT = "solo"  # the option of a hunt, present only when true


def normalise_options(options: object) -> Json:
    """Defaults filled in; ValueError on an unknown key or value."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    unknown = set(options) - set(DEFAULT_OPTIONS) - {HUNT}
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    result = {**DEFAULT_OPTIONS, **options}
    if result["mode"] not in MODES:
        raise ValueError(f"mode must be one of {MODES}")
    if result["edition"] not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}")
    if not isinstance(result["announce_ship"], bool):
        raise ValueError("announce_ship must be true or false")
    hunt = result.pop(HUNT, False)
    if not isinstance(hunt, bool):
        raise ValueError("solo must be true or false")
    if hunt and result["mode"] != "classic":
        raise ValueError("a hunt (solo) is the classic game")
    return {**result, HUNT: True} if hunt else result
