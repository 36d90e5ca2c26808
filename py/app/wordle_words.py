"""The Wordle word lists in the page: fetched once per language, kept for the visit.

static/words/<lang>.json holds the words, <lang>.book.json the expert player's
book; both are precached by the service worker, so every language works offline.
"""

import json

from games.common.errors import BadState
from games.wordle.dictionary import Dictionary

from . import browser

_loaded: dict = {}
_waiting: dict = {}


def loaded(lang: str):
    return _loaded.get(lang)


def load(lang: str, on_ready, on_error) -> None:
    """on_ready(dictionary) once the language is loaded (at once if it is)."""
    if lang in _loaded:
        on_ready(_loaded[lang])
        return
    callbacks = _waiting.setdefault(lang, [])
    callbacks.append((on_ready, on_error))
    if len(callbacks) > 1:
        return

    def fail(reason):
        for _, error in _waiting.pop(lang, []):
            error(reason)

    def got_words(text):
        try:
            words = Dictionary(lang, json.loads(text))
        except (ValueError, BadState) as problem:
            fail(str(problem))
            return

        def got_book(book_text):
            try:
                words.load_book(json.loads(book_text))
            except (ValueError, BadState, KeyError, AttributeError):
                pass  # the expert still plays, judging every position live
            done()

        def done(_reason=None):
            _loaded[lang] = words
            for ready, _ in _waiting.pop(lang, []):
                ready(words)

        browser.fetch_text(f"static/words/{lang}.book.json", got_book, done)

    browser.fetch_text(f"static/words/{lang}.json", got_words, fail)
