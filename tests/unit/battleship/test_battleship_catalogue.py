"""The engine's messages and names exist in English and Welsh."""

import json
import re
import string
from pathlib import Path

from games.battleship.fleet import EDITIONS, SHIP_IDS, ship_name_key

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "py" / "games" / "battleship"


def catalogue(language: str) -> dict:
    return json.loads(
        (ROOT / "py" / "i18n" / language / "battleship-engine.json").read_text(encoding="utf-8")
    )


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_the_engine_raises_has_a_message_in_both_languages():
    keys = set()
    for path in ENGINE.rglob("*.py"):
        keys |= set(re.findall(r'IllegalMove\(\s*"([a-z_.]+)"', path.read_text()))
    assert len(keys) >= 15, "the scan found too few keys: the pattern is wrong"
    for language in ("en", "cy"):
        assert sorted(keys - set(catalogue(language))) == []


def test_ship_names_in_both_editions_and_languages():
    """Rule [decided]: the edition only changes the names (classic or 2002-and-later)."""
    for language in ("en", "cy"):
        names = catalogue(language)
        for edition in EDITIONS:
            for ship_id in SHIP_IDS:
                assert names[ship_name_key(edition, ship_id)].strip()
    en = catalogue("en")
    assert en["battleship.ship.classic.patrol"] == "Destroyer"
    assert en["battleship.ship.modern.cruiser"] == "Destroyer"
    assert en["battleship.ship.modern.patrol"] == "Patrol Boat"


def test_welsh_uses_the_original_words_for_hit_and_miss():
    cy = catalogue("cy")
    assert cy["battleship.result.hit"] == "taro" and cy["battleship.result.miss"] == "colli"


def test_both_languages_have_the_same_keys_and_placeholders():
    en, cy = catalogue("en"), catalogue("cy")
    assert set(en) == set(cy)
    assert [k for k in en if placeholders(en[k]) != placeholders(cy[k])] == []
