"""What this device's memory snapshot of the interpreter holds: Python started, with
every module of the games and of the app that does not need the browser already
imported. static/js/snapshot.js makes it in a worker once per release and keeps it;
static/js/pyodide-start.mjs starts the page's Python from it, which skips Python's own
start-up and these imports (about 1.5 s of a warm start on this machine).

Nothing imported here may hold a browser object or a random state that must differ
between visits (app.main reseeds `random` when it starts).
"""

import importlib
import pkgutil


def import_everything() -> list[str]:
    """Import every module of `games` and `app` but those that need the browser
    (they import pyscript, which a worker does not have); the names imported."""
    imported = []
    for package_name in ("games", "app"):
        package = importlib.import_module(package_name)
        for module in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            try:
                importlib.import_module(module.name)
            except ModuleNotFoundError as missing:
                if missing.name != "pyscript":
                    raise
                continue
            imported.append(module.name)
    return imported
