"""Browser-layer modules imported under CPython: a stand-in `pyscript` (no DOM)."""

import importlib
import os
import sys
import types

import pytest

# --import-mode=importlib does not put test folders on sys.path; the shared
# helpers (markup_tree) live here.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def import_without_browser(monkeypatch):
    """import_without_browser(*names) -> the modules, imported afresh against a stand-in
    pyscript, so app.browser loads; tests then patch the browser functions they use."""
    fake = types.ModuleType("pyscript")
    fake.document = fake.window = None
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda f: f
    monkeypatch.setitem(sys.modules, "pyscript", fake)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)

    imported = []

    def fresh(*names):
        for name in names:
            monkeypatch.delitem(sys.modules, name, raising=False)
        imported.extend(names)
        return [importlib.import_module(name) for name in names]

    yield fresh
    for name in imported:  # the modules bound to the stand-in go; monkeypatch restores the rest
        sys.modules.pop(name, None)
