"""The practice duel's save, read back: who played, its number, its clock and
the letters typed, each checked (ValueError when damaged, so only that save is
reset), and the duel an address asks for; and the save itself, asked about from
the Wordle page's home, reset, or forgotten for a new duel (app.saved_games: the
duel's views never write storage). See app.wordle_duel.frontend for the meta's
keys and the clock.
"""

from collections.abc import Mapping
from typing import TypedDict

from games.common.checks import is_int
from games.common.errors import BadState
from games.common.protocol import MAX_SEED, Json
from games.wordle.duel import Duel
from games.wordle.duel_game import MAX_TIME
from games.wordle.letters import LANGUAGES
from games.wordle.players import LEVELS, PROTOCOL_LEVELS

from .. import router, saved_games
from ..frame import game_clock
from ..games_list import remote_slot
from ..midend import HUMAN, Midend, computer
from ..remote.duel_word import from_before_the_hidden_word
from ..storage import Store
from ..views import wordle_parts as parts

GAME = "wordle"  # the duel is saved, counted and replayed under the Wordle route
REMOTE_SLOT = remote_slot(GAME)  # a duel with a friend on another device

MAX_SPEED = 100
LEVEL_OF_SEAT = {computer(protocol): level for level, protocol in PROTOCOL_LEVELS.items()}
OPTION_KEYS = {"lang", "secret"}
# What an address asks for: the duel's number, and its language and level (None: not said).
WantedDuel = tuple[int, str | None, str | None]


class DuelInfo(TypedDict):
    """A saved duel's language, computer level, number and clock (duel_info)."""

    lang: str
    level: str
    seed: int
    clock: Json


def seats_for(level: str) -> list[str]:
    return [HUMAN, computer(PROTOCOL_LEVELS[level])]


def frame_of(midend: Midend) -> Json:
    return {"options": midend.options, "seed": midend.seed, "seats": midend.seats}


def duel_info(meta: Json) -> DuelInfo:
    """The language, computer level, number and clock of a saved duel, read from
    its meta (the midend's frame, or the keys of a save from before it): all of
    them checked, ValueError if one is wrong, so a damaged save is reset before
    the clock ever reads it."""
    if not isinstance(meta.get("recorded", False), bool):
        raise ValueError("recorded is not true or false")
    frame = meta.get("frame")
    if frame is None:
        lang, level, seed = meta.get("lang"), meta.get("level"), meta.get("seed")
    else:
        if not isinstance(frame, dict):
            raise ValueError("the frame is not an object")
        options, seats, seed = frame.get("options"), frame.get("seats"), frame.get("seed")
        if not isinstance(options, dict) or not set(options) <= OPTION_KEYS:
            raise ValueError("unknown duel options")
        secret = options.get("secret")
        if secret is not None and not (is_int(secret) and 0 <= secret <= MAX_SEED):
            raise ValueError("the secret is not a duel's number")
        if not isinstance(seats, list) or len(seats) != 2 or seats[0] != HUMAN:
            raise ValueError("not you against the computer")
        lang, level = options.get("lang"), LEVEL_OF_SEAT.get(str(seats[1]))
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError("unknown language")
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError("unknown level")
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise ValueError("the duel's number")
    return {"lang": lang, "level": level, "seed": seed, "clock": duel_clock(meta)}


def duel_clock(meta: Json) -> Json:
    """The duel's clock from a save's meta (app.frame.game_clock), checked."""
    return game_clock.from_meta(meta, MAX_TIME, MAX_SPEED).meta()


MAX_TYPED = 64  # characters: more than any word's tiles in any language


def saved_typing(meta: Json, lang: str, length: int) -> "parts.Typing":
    """The letters typed for the row in play, from a save's meta (none in a save
    made before they were kept); ValueError if they are not what typing could make."""
    text = meta.get("typed", "")
    typing = parts.Typing(lang, length)
    if not isinstance(text, str) or len(text) > MAX_TYPED or not typing.restore(text):
        raise ValueError("the letters typed")
    return typing


def typed_kept(meta: Json) -> tuple[str, int]:
    """The letters typed and the row they were typed for, from a save's meta (app.frame.
    lasting_ui); ("", -1) when damaged: the letters are typed again."""
    typed, row = meta.get("typed", ""), meta.get("typed_row", 0)
    if not isinstance(typed, str) or len(typed) > MAX_TYPED or not is_int(row):
        return "", -1
    return typed, row


def frame_before_the_midend(state: object, meta: Json) -> Json:
    """The game ID and seats of a duel saved before the midend, from its meta (its
    secret was never saved: the position is the start the midend plays from)."""
    info = duel_info(meta)
    return {
        "options": {"lang": info["lang"]},
        "seed": info["seed"],
        "seats": seats_for(info["level"]),
    }


def wanted_duel(params: Mapping[str, str]) -> WantedDuel | None:
    """(seed, lang, level) asked for in "#/wordle?mode=duel&seed=N&lang=xx&level=y",
    or None: a duel can be shared (and tested) by its number. Such a duel is that
    number's duel, word included, as it always was: its number is also its secret
    (games.wordle.duel_game), so it is played but never counted. The page never
    puts a duel's number in the address itself, and the duels it starts draw their
    secret apart from their seed."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    lang = params.get("lang") if params.get("lang") in LANGUAGES else None
    level = params.get("level") if params.get("level") in LEVELS else None
    return seed, lang, level


def saved_info(store: Store) -> DuelInfo | None:
    """duel_info of the duel saved, or None: none saved, or its meta damaged (that save is
    then reset alone, and the player told)."""
    record = saved_games.load(store, GAME)
    if record.data is None:
        return None
    try:
        return duel_info(record.data["meta"])
    except ValueError:
        discard(store)
        return None


def has_saved(store: Store) -> bool:
    return saved_games.load(store, GAME).data is not None


def unfinished_saved(store: Store) -> bool:
    """A duel is saved with a row played and not over: a new one would lose it."""
    saved = saved_games.load(store, GAME).data
    if saved is None:
        return False
    try:
        duel = Duel.from_json(saved["state"])
    except BadState:
        return False  # the duel's page resets it and says so
    return not duel.is_over and len(duel.rows) > 0


def forget_saved(store: Store) -> None:
    """A new duel replaces the one saved."""
    saved_games.clear(store, GAME)


def discard(store: Store) -> None:
    """The save is damaged: reset alone (app.saved_games tells the player)."""
    saved_games.discard_bad(store, GAME)


def saved_friend_language(store: Store) -> str | None:
    """The language of the duel with a friend saved here (None: none, or unreadable)."""
    data = saved_games.load(store, REMOTE_SLOT).data
    try:
        lang = data["meta"]["frame"]["options"]["lang"]
    except (KeyError, TypeError):
        return None
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def drop_from_before_the_hidden_word(store: Store) -> str | None:
    """A duel with a friend saved by the version in which both engines knew the word is not
    carried on (this version's keeps the word from both devices, and the friend's device
    cannot resume the old one either): dropped, uncounted. The friend's name it was with
    ("" when the save did not say it); None when no such duel was saved."""
    data = saved_games.load(store, REMOTE_SLOT).data
    if not from_before_the_hidden_word(data):
        return None
    frame = data["meta"].get("frame") if isinstance(data.get("meta"), dict) else None
    remote = frame.get("remote") if isinstance(frame, dict) else None
    peer = remote.get("peer") if isinstance(remote, dict) else None
    saved_games.clear(store, REMOTE_SLOT)
    return peer if isinstance(peer, str) else ""
