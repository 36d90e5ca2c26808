"""Colour-blind help: one setting for every game (settings.colour_blind), taking over
the choices Marbles and Wordle kept for themselves before, once, and the Settings page
offering it."""

import json
from types import SimpleNamespace

import pytest
from app import saved_games
from app.games_list import GAME_ROUTES
from app.i18n import Translator
from app.router import parse
from app.settings import SETTINGS_SCHEMA, adopt_game_choices
from app.storage import NAMESPACE, MemoryBackend, Store
from app.views.settings_page import SettingsView
from markup_tree import parse as parse_markup


def a_store(items: dict) -> tuple[Store, list]:
    problems = []
    backend = MemoryBackend({NAMESPACE + k: json.dumps(v) for k, v in items.items()})
    store = Store(backend, on_problem=lambda name, kind: problems.append((name, kind)))
    store.register(SETTINGS_SCHEMA)
    saved_games.register(store, GAME_ROUTES)
    return store, problems


SETTINGS_V1 = {"v": 1, "rev": 3, "data": {"language": "cy", "theme": "dark", "motion": "reduce"}}


def test_settings_of_version_1_gain_the_help_off_without_a_repair_said():
    store, problems = a_store({"settings": SETTINGS_V1})
    data = store.load("settings").data
    assert data == {**SETTINGS_V1["data"], "colour_blind": "off", "sound": "system"}
    assert problems == []
    assert json.loads(store.backend.items[NAMESPACE + "settings"])["v"] == 3


@pytest.mark.parametrize(
    "prefs, expected",
    [
        ({"marbles": {"version": 4, "shapes": True}}, "on"),
        ({"wordle": {"lang": "cy", "colour_blind": True}}, "on"),
        ({"marbles": {"shapes": False}, "wordle": {"colour_blind": False}}, "off"),
        ({"marbles": {"version": 4}}, "off"),
    ],
)
def test_a_games_own_choice_is_adopted_once_and_then_forgotten(prefs, expected):
    store, problems = a_store(
        {"settings": SETTINGS_V1}
        | {f"prefs:{game}": {"v": 1, "rev": 1, "data": data} for game, data in prefs.items()}
    )
    adopt_game_choices(store)
    assert store.load("settings").data["colour_blind"] == expected
    for game, data in prefs.items():
        left = {k: v for k, v in data.items() if k not in ("shapes", "colour_blind")}
        assert store.load(f"prefs:{game}").data == left
    # Settings decide from then on: turned off again, the old choice does not come back.
    store.update("settings", lambda s: {**s, "colour_blind": "off"})
    adopt_game_choices(store)
    assert store.load("settings").data["colour_blind"] == "off"
    assert problems == []


@pytest.mark.parametrize("language", ["en", "cy"])
def test_the_settings_page_offers_the_help_with_what_it_does(language):
    store, _ = a_store({})
    app = SimpleNamespace(store=store, t=Translator(language), settings=store.load("settings").data)
    page = parse_markup(str(SettingsView(app, parse("#/settings")).render()))
    group = next(
        n for n in page.all("fieldset") if n.attrs.get("data-setting-group") == "colour_blind"
    )
    radios = group.all("input", type="radio", name="colour_blind")
    assert [r.attrs["value"] for r in radios] == ["off", "on"]
    assert [r.attrs.get("checked") is not None for r in radios] == [True, False]
    hint = group.by_id("settings-colour_blind-hint")
    assert group.attrs["aria-describedby"] == "settings-colour_blind-hint"
    for game in ("game.marbles.name", "game.battleship.name", "game.dominoes.name"):
        name = app.t(game).split()[0]
        assert name.lower() in hint.text().lower(), (game, hint.text())
