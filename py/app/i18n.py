"""Translation catalogues: English and Welsh.

Every visible string comes from py/i18n/<language>/*.json (flat objects of
key -> text with {placeholders}); each area of the app has its own file.
The "pseudo" language wraps every string in ⟦ ⟧ so a test can spot any text
on screen that did not come through a catalogue.
"""

import json
from pathlib import Path

LANGUAGES = ("en", "cy")
CATALOGUE_ROOT = Path(__file__).resolve().parent.parent / "i18n"


def load_catalogue(language: str, root: Path = CATALOGUE_ROOT) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((root / language).glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, value in entries.items():
            if key in merged:
                raise ValueError(f"{path.name}: key {key!r} is defined twice")
            merged[key] = value
    return merged


class Translator:
    def __init__(self, language: str = "en", pseudo: bool = False):
        self._catalogues: dict[str, dict] = {}
        self.pseudo = pseudo
        self.language = language

    def catalogue(self, language: str) -> dict[str, str]:
        """Loaded on first use: an English speaker never pays for reading the Welsh."""
        if language not in self._catalogues:
            self._catalogues[language] = load_catalogue(language)
        return self._catalogues[language]

    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, value: str) -> None:
        self._language = value if value in LANGUAGES else "en"

    def has(self, key: str) -> bool:
        return key in self.catalogue(self._language)

    def __call__(self, key: str, **params) -> str:
        template = self.catalogue(self._language).get(key)
        if template is None:
            template = self.catalogue("en").get(key, key)
        result = template.format(**params) if params else template
        return f"⟦{result}⟧" if self.pseudo else result

    def number(self, value) -> str:
        if isinstance(value, float):
            return f"{value:,.1f}"
        return f"{value:,}"


def browser_language(navigator_language: str | None) -> str:
    """First visit: Welsh when the browser prefers it, English otherwise."""
    return "cy" if (navigator_language or "").lower().startswith("cy") else "en"
