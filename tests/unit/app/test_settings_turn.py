"""Settings: the player's own TURN server (app.views.settings_internet), its three fields
saved together through the app or refused with the reason in both languages, and the choice
to connect only through it."""

import pytest
from app.i18n import Translator
from app.peer import prefs
from app.storage import MemoryBackend, Store
from app.views import connect_panels, settings_internet
from app.views.connect_stages import FAILED
from markup_tree import parse

TURN = {"url": "turn:turn.example.org:3478", "username": "ann", "credential": "secret"}


def drawn(store, t=None, draft=None, problem=None):
    t = t or Translator("en")
    return parse(str(settings_internet.section(t, store, draft, problem)))


def kept(store):
    """The view's way of saving: through the app (here prefs.change, as the app calls it)."""
    return lambda **fields: prefs.change(store, **fields)


def test_the_turn_fields_wait_for_internet_play_and_relay_only_for_a_server():
    store = Store(MemoryBackend())
    page = drawn(store)
    for name in settings_internet.TURN_FIELDS:
        field = page.by_id(f"settings-turn-{name}")
        assert field.attrs.get("disabled") is not None and field.attrs["autocomplete"] == "off"
    assert page.by_id("settings-turn-credential").attrs["type"] == "password"
    assert page.by_id("settings-relay-only").attrs.get("disabled") is not None
    prefs.change(store, internet="on")
    page = drawn(store)
    assert page.by_id("settings-turn-url").attrs.get("disabled") is None
    assert page.by_id("settings-relay-only").attrs.get("disabled") is not None  # no server yet


def test_a_good_server_is_saved_whole_and_relay_only_may_then_be_chosen():
    store = Store(MemoryBackend())
    prefs.change(store, internet="on")
    assert settings_internet.save_turn(kept(store), dict(TURN)) is None
    assert prefs.load(store)["turn"] == TURN
    page = drawn(store)
    assert page.by_id("settings-turn-url").attrs["value"] == TURN["url"]
    assert page.by_id("settings-relay-only").attrs.get("disabled") is None
    assert settings_internet.on_action(kept(store), "relay_only", "on")
    assert prefs.relay_only(prefs.load(store))
    assert drawn(store).by_id("settings-relay-only").attrs.get("checked") is not None
    # All three emptied: no server, and so no longer relay-only.
    empty = dict.fromkeys(settings_internet.TURN_FIELDS, "")
    assert settings_internet.save_turn(kept(store), empty) is None
    assert prefs.load(store)["turn"] is None and not prefs.load(store)["relay_only"]


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ({**TURN, "url": "stun:turn.example.org"}, "url"),
        ({**TURN, "url": "turn:x?transport=sctp"}, "url"),
        ({**TURN, "username": "a" * 129}, "username"),
        ({**TURN, "credential": "two\nlines"}, "credential"),
        ({**TURN, "credential": ""}, "missing"),
    ],
)
def test_bad_input_is_refused_with_the_reason_and_nothing_is_saved(typed, problem):
    store = Store(MemoryBackend())
    prefs.change(store, internet="on", turn=dict(TURN))
    assert settings_internet.save_turn(kept(store), typed) == problem
    assert prefs.load(store)["turn"] == TURN  # the saved server is untouched
    for language in ("en", "cy"):
        t = Translator(language)
        page = drawn(store, t, typed, problem)
        said = page.by_id("settings-turn-problem")
        assert said.attrs["role"] == "alert"
        assert said.text() == t(f"settings.turn.bad.{problem}") != f"settings.turn.bad.{problem}"
        wrong = problem if problem != "missing" else "credential"
        field = page.by_id(f"settings-turn-{wrong}")
        assert field.attrs["aria-invalid"] == "true"
        assert field.attrs["aria-describedby"] == "settings-turn-problem"
        assert page.by_id("settings-turn-url").attrs["value"] == typed["url"]  # as typed


def test_the_page_says_what_the_turn_server_learns_in_both_languages():
    english = drawn(Store(MemoryBackend())).by_id("settings-turn-hint").text()
    assert "IP address" in english and "never the game" in english and "encrypts" in english
    welsh = drawn(Store(MemoryBackend()), Translator("cy")).by_id("settings-turn-hint").text()
    assert "cyfeiriad IP" in welsh and "byth y gêm" in welsh


def test_connect_says_the_turn_server_failed_in_plain_words():
    for language in ("en", "cy"):
        t = Translator(language)
        screen = connect_panels.Screen(FAILED, hosting=True, name="Ann", problem="no_turn")
        text = connect_panels.status_text(screen, t)
        assert "TURN" in text and text == t("connect.failed.no_turn")
