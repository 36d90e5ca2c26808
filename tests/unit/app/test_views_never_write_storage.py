"""Issue 30: views draw and forward what the player does; what is kept is the app's and the
midend's to write. A view may read the store (a page's figures, a saved game to resume) but
never calls a function that writes it: it asks the app (App.remember_choices,
forget_saved_game, change_connection_prefs, change_setting)."""

import ast
import re
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[3] / "py" / "app" / "views"

# The writers of the store, as a view would call them.
WRITER = re.compile(
    r"^(saved_games|prefs|saved|saved_matches|scores|replays)\."
    r"(save|update|remove|clear|change|update_prefs|forget\w*|discard\w*|record\w*|keep\w*)$"
    r"|\bstore\.(save|update|remove|clear|set)$"
)


def writes_in(source: str) -> list[str]:
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    return [ast.unparse(call) for call in calls if WRITER.search(ast.unparse(call.func))]


def test_no_view_writes_the_store():
    files = sorted(VIEWS.glob("*.py"))
    assert len(files) > 10
    assert {path.name: writes_in(path.read_text("utf-8")) for path in files} == {
        path.name: [] for path in files
    }


def test_the_check_sees_a_view_that_writes():
    assert writes_in("saved_games.update_prefs(self.app.store, 'wordle', p, c)")
    assert writes_in("prefs.change(self.app.store, name='Ann')")
    assert writes_in("self.app.store.save('settings', {})")
    assert not writes_in("self.app.remember_choices('wordle', p, c)")
    assert not writes_in("self.prefs.update(c)")
