"""The games "Find an opponent" offers (app.peer.lobby meets a stranger in the lobby of one
of them), and what each is exactly: a game with a stranger is played with the rules'
standard options, whatever either player last chose for games with friends, so that both
know what they agreed to and each device can check that the other proposed just that.

A variant's key names its lobby ("battleship/salvo"): the relays can tell which kind of game
a device is looking for (docs/rules/README.md, "Playing someone new")."""

from dataclasses import dataclass
from typing import Any

from games.battleship.options import MODES
from games.wordle.letters import LANGUAGES as WORDLE_LANGUAGES  # (the duel draws the length)


@dataclass(frozen=True)
class Variant:
    key: str  # the lobby's name
    route: str  # the game's page
    prefs: dict[str, Any]  # the choices the game is made from (its frontend's new_options)
    params: dict[str, str]  # added to the game's address (the duel's language)
    label_key: str  # its name, translated
    label_args: dict[str, str]


def _catalogue() -> dict[str, Variant]:
    variants = [
        Variant(
            f"battleship/{mode.replace('_', '-')}",
            "battleship",
            {"mode": mode},
            {},
            "find.variant.battleship",
            {"mode": f"battleship.mode.{mode}"},
        )
        for mode in MODES
    ]
    variants.append(Variant("deblockle", "deblockle", {}, {}, "game.deblockle.name", {}))
    variants.append(
        Variant("dominoes", "dominoes", {"players": "human,human"}, {}, "find.variant.dominoes", {})
    )
    variants += [
        Variant(
            f"wordle/{lang}",
            "wordle",
            {},
            {"lang": lang},
            "find.variant.wordle",
            {"language": f"wordle.lang.{lang}"},
        )
        for lang in WORDLE_LANGUAGES
    ]
    return {variant.key: variant for variant in variants}


VARIANTS = _catalogue()


def variant_of(key: object) -> Variant | None:
    return VARIANTS.get(key) if isinstance(key, str) else None


def stranger_of(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """A room record's game with a stranger (app.peer.room_records): {variant, nick, rating,
    mine}, or None for a game with a friend."""
    found = record.get("stranger") if record is not None else None
    return found if isinstance(found, dict) and variant_of(found.get("variant")) else None
