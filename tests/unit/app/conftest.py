"""Browser-layer modules imported under CPython: a stand-in `pyscript` (no DOM)."""

import importlib
import os
import sys
import types

import pytest
from app.fair import deck, group, ot

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


# RFC 2409's first Oakley group: a 768-bit safe prime p = 2q + 1 with p = 7 mod 8, the same
# form as the RFC 3526 group 14 (2048 bits) the app computes in, so 2 generates the residues
# and every check of app.fair.group holds alike. Its exponentiations cost about a tenth.
OAKLEY_768 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E34"
    "04DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A63A3620FFFFFFFF"
    "FFFFFFFF",
    16,
)
SMALLER_GROUP = {
    "P": (group.P, OAKLEY_768),
    "Q": (group.Q, (OAKLEY_768 - 1) // 2),
    "ELEMENT_BYTES": (group.ELEMENT_BYTES, 96),
    "HEX_DIGITS": (group.HEX_DIGITS, 192),
}
GROUP_USERS = (group, deck, ot)  # every module that takes the group's numbers at import


@pytest.fixture
def smaller_group(monkeypatch):
    """The app's protocols compute in the 768-bit group for this test. For tests of what a
    table of devices does with the deal (whole games, reloads, claims): the 2048-bit
    group's exponentiations were 85% of their time. The deck's own tests (test_fair_deck)
    and the hostile-peer suite keep the app's group."""
    for module in GROUP_USERS:
        for name, (real, smaller) in SMALLER_GROUP.items():
            if getattr(module, name, None) == real:
                monkeypatch.setattr(module, name, smaller)
    yield
    for name, module in list(sys.modules.items()):
        if name.startswith("app.") and module not in GROUP_USERS:
            assert getattr(module, "P", None) != OAKLEY_768, f"{name} took P: add it to GROUP_USERS"
