"""What the memory snapshot of Python holds (py/app/snapshot.py): every module of the
games and of the app but those that need the browser."""

import subprocess
import sys
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[3] / "py"
# Each test imports in a new interpreter, which Pyodide cannot start (no subprocess);
# the snapshot itself is tested in the real runtime end to end (tests/e2e/test_snapshot.py).
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="needs a subprocess")


def test_every_engine_and_every_view_part_without_the_browser_is_imported():
    code = (
        "import sys, app.snapshot; names = app.snapshot.import_everything();"
        "print(len(names), 'pyscript' in sys.modules, 'app.main' in sys.modules,"
        " all(n in sys.modules for n in names),"
        " 'games.battleship.ai.hunter' in names, 'app.views.hub' in names)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    count, *flags = out.stdout.split()
    assert int(count) > 100
    assert flags == ["False", "False", "True", "True", "True"]


def test_a_module_broken_for_another_reason_is_not_hidden(tmp_path):
    package = tmp_path / "games"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "broken.py").write_text("import no_such_module_here\n")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "snapshot.py").write_text((PY / "app" / "snapshot.py").read_text())
    code = "import app.snapshot; app.snapshot.import_everything()"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode != 0 and "no_such_module_here" in out.stderr
