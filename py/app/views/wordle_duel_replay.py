"""The practice duel's replays ("#/replay/wordle?r=<token>", app.views.replay).

The duel's Game is built for the words of one language (games.wordle.duel_game),
which the page loads first (app.wordle_words), as the duel screen does; the
replay page waits, showing `loading_text`, until `load_game` calls back.
"""

from games.wordle.duel_game import duel_game
from games.wordle.letters import LANGUAGES

from .. import replays, wordle_words
from ..wordle_duel.draw import replay_board

__all__ = ["load_game", "loading_text", "replay_board"]  # (the replay page draws with it)


def loading_text(t) -> str:
    return t("wordle.replay_loading")


def load_game(token: str, ready) -> None:
    """ready(the duel's Game) once the words of the link's language are loaded
    (at once when they are); ready(None) when the link names no language of ours
    or the words cannot be loaded: the replay page then says the link is bad."""
    try:
        lang = replays.from_token(token)["options"].get("lang")
    except ValueError:
        lang = None
    if not isinstance(lang, str) or lang not in LANGUAGES:
        ready(None)
        return
    wordle_words.load(lang, lambda words: ready(duel_game(words)), lambda _reason: ready(None))
