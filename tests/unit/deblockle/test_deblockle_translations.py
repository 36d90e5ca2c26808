"""Every rule the engine names when it refuses a move is translated, in English and Welsh."""

import json
import re
import string
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3] / "py"
CALL = re.compile(r'IllegalMove\(\s*"(deblockle\.[a-z_]+)"([^)]*)\)')


def raised() -> dict:
    """key -> the parameter names the engine passes with it."""
    found = {}
    for path in (ROOT / "games" / "deblockle").rglob("*.py"):
        for key, rest in CALL.findall(path.read_text()):
            found.setdefault(key, set()).update(re.findall(r"(\w+)=", rest))
    return found


def catalogue(language: str) -> dict:
    return json.loads((ROOT / "i18n" / language / "deblockle-engine.json").read_text())


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_raised_is_in_both_catalogues_and_nothing_else():
    keys = raised()
    assert len(keys) >= 20
    for language in ("en", "cy"):
        assert set(catalogue(language)) == set(keys), language


def test_placeholders_are_the_parameters_the_engine_passes():
    keys = raised()
    for language in ("en", "cy"):
        for key, text in catalogue(language).items():
            assert text.strip()
            assert placeholders(text) <= keys[key], (language, key)
    english, welsh = catalogue("en"), catalogue("cy")
    assert all(placeholders(english[k]) == placeholders(welsh[k]) for k in english)
