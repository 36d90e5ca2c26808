"""The pages readable before Python is ready, drawn at build time by the app's own
views and catalogues under CPython, in every language of the app:

- static/pre/pages.js: for each language, the top bar's links and the hub and the
  Statistics page of a device with nothing played (window.gemauPre), read at once
  by static/js/shell.js before the first paint;
- static/pre/<language>/rules-<game>.html: each game's rules page, fetched by the
  shell when a player opens it before Python is ready.

The live app draws the same views when it is ready, so the page does not change
under the player's eyes (only what depends on this device's records appears).
"""

import json
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
PRE_ROOT = ROOT / "static" / "pre"
sys.path.insert(0, str(ROOT / "py"))

from app import router, saved_games, scores  # noqa: E402
from app.daily import records as daily_records  # noqa: E402
from app.games_list import GAME_ROUTES  # noqa: E402
from app.i18n import LANGUAGES, Translator  # noqa: E402
from app.nav import LINKS, nav_links  # noqa: E402
from app.storage import MemoryBackend, Store  # noqa: E402
from app.views import make_view  # noqa: E402
from app.wordle import records as tournament_records  # noqa: E402


def nothing_played(language: str) -> SimpleNamespace:
    """What a view needs of the app, on a device with no records yet."""
    store = Store(MemoryBackend())
    scores.register(store, GAME_ROUTES)
    saved_games.register(store, GAME_ROUTES)
    tournament_records.register(store)
    daily_records.register(store, GAME_ROUTES)
    return SimpleNamespace(store=store, t=Translator(language))


def page(app, address: str) -> dict:
    route = router.parse(address)
    view = make_view(app, route)
    title = view.title() + " · Gemau" if route.page != "hub" else "Gemau"
    return {"title": title, "html": str(view.render())}


def shell_pages() -> dict:
    pages = {}
    for language in LANGUAGES:
        app = nothing_played(language)
        pages[language] = {
            # the links with the current page marked, and with none ("other": a rules page)
            "nav": {name: nav_links(app.t, name) for name in [*(n for n, _ in LINKS), "other"]},
            "navLabel": app.t("nav.main"),
            "pages": {"hub": page(app, "#/"), "stats": page(app, "#/stats")},
        }
    return pages


def rules_pages() -> dict[str, dict]:
    """{"<language>/rules-<game>.html": its page}."""
    out = {}
    for language in LANGUAGES:
        app = nothing_played(language)
        for game in GAME_ROUTES:
            out[f"{language}/rules-{game}.html"] = page(app, f"#/rules/{game}")
    return out


def write(write_if_changed, code_hash: str = "") -> list[Path]:
    """Write every prerendered file (through the build's write_if_changed); the changed.
    `code_hash` names this release's py.zip (the memory snapshot is kept per release)."""
    script = "window.gemauPre = " + json.dumps(shell_pages(), ensure_ascii=False) + ";\n"
    script += f"window.gemauCode = {json.dumps(code_hash)};\n"
    files = {"pages.js": script.encode()}
    for name, rules in rules_pages().items():
        # The title goes in a comment on the first line; the rest is the view's HTML.
        text = f"<!-- {json.dumps(rules['title'], ensure_ascii=False)} -->\n{rules['html']}"
        files[name] = text.encode()
    changed = []
    for name, data in files.items():
        path = PRE_ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if write_if_changed(path, data):
            changed.append(path)
    return changed
