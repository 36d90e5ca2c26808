"""The Wordle Tournament's replays: "#/replay/wordle?mode=tournament&r=<token>"
(app.views.replay, which also draws each position with this module's
`replay_board` and words each step with its `replay_step`).

The tournament screen keeps every finished tournament under
replays:wordle-tournament; a record is told again by games.wordle.tournament_story,
whose game (a StoryGame) is built for the words of the tournament's language, loaded first
(as the tournament screen loads them). The record is checked whole before the
page shows it: one that is not a whole tournament, or names no language of
ours, is a bad link.
"""

from collections.abc import Callable

from games.wordle.dictionary import Dictionary
from games.wordle.letters import LANGUAGES

from .. import replays, wordle_words
from ..i18n import Translator
from .replay_draw import replay_board, replay_step

__all__ = ["load_game", "loading_text", "replay_board", "replay_step"]


def loading_text(t: Translator) -> str:
    return t("wt.replay_loading")


def load_game(token: str, ready: Callable[[replays.Replayable | None], None]) -> None:
    """ready(the story's game) once the words are loaded and the record holds
    together as a whole tournament; ready(None) when it does not or the words
    cannot be loaded."""
    from games.wordle import tournament_story as story

    try:
        entry = replays.from_token(token)
    except ValueError:
        ready(None)
        return
    lang = entry["options"].get("lang")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        ready(None)
        return

    def loaded(words: Dictionary) -> None:
        try:
            story.tell(words, entry)
        except ValueError:
            ready(None)
            return
        ready(story.story_game(words))

    wordle_words.load(lang, loaded, lambda _reason: ready(None))
