"""Every IllegalMove key the engine raises has English and Welsh text."""

import json
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
ENGINE = os.path.join(ROOT, "py", "games", "dominoes")


def raised_keys():
    keys = set()
    for folder, _, files in os.walk(ENGINE):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as source:
                    keys |= set(re.findall(r'IllegalMove\(\s*"([a-z_.]+)"', source.read()))
    return keys


@pytest.mark.parametrize("language", ["en", "cy"])
def test_catalogue_names_every_raised_key(language):
    with open(
        os.path.join(ROOT, "py", "i18n", language, "dominoes-engine.json"), encoding="utf-8"
    ) as f:
        catalogue = json.load(f)
    keys = raised_keys()
    assert len(keys) >= 10
    assert keys <= set(catalogue)
    assert all(isinstance(text, str) and text for text in catalogue.values())
