"""Catalogues: complete in both languages, and every key the app uses exists."""

import re
import string
from pathlib import Path

import pytest
from app.i18n import LANGUAGES, Translator, load_catalogue

APP_ROOT = Path(__file__).resolve().parents[3] / "py" / "app"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys():
    en, cy = load_catalogue("en"), load_catalogue("cy")
    assert sorted(set(en) - set(cy)) == [], "keys missing in Welsh"
    assert sorted(set(cy) - set(en)) == [], "keys missing in English"


def test_placeholders_match_between_languages():
    en, cy = load_catalogue("en"), load_catalogue("cy")
    mismatched = [key for key in en if placeholders(en[key]) != placeholders(cy.get(key, ""))]
    assert mismatched == []


def test_no_empty_translations():
    for language in LANGUAGES:
        assert [k for k, v in load_catalogue(language).items() if not v.strip()] == []


def test_every_literal_key_used_by_the_app_exists():
    en = load_catalogue("en")
    used = set()
    for path in APP_ROOT.rglob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9_.]+)"', path.read_text()))
    assert used, "the scan found no keys: the pattern is wrong"
    assert sorted(used - set(en)) == []


def test_catalogue_files_are_split_by_area_and_keys_unique(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.json").write_text('{"x": "1"}')
    (tmp_path / "en" / "b.json").write_text('{"x": "2"}')
    with pytest.raises(ValueError):
        load_catalogue("en", tmp_path)


def test_translator_formats_and_falls_back():
    t = Translator("cy")
    assert t("hub.best", score="10") == "Gorau: 10"
    t.language = "xx"
    assert t.language == "en"


def test_pseudo_language_marks_every_string():
    t = Translator("en", pseudo=True)
    assert t("nav.home") == "⟦Games⟧"
