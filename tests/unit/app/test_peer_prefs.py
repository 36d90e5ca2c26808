import json

from app.peer import prefs
from app.storage import NAMESPACE, MemoryBackend, Store


def test_internet_play_is_off_by_default_so_no_server_is_used():
    store = Store(MemoryBackend())
    settings = prefs.load(store)
    assert settings["internet"] == "off" and prefs.ice_urls(settings) == []
    assert settings["stun"] == prefs.DEFAULT_STUN


def test_changes_are_kept_cleaned():
    store = Store(MemoryBackend())
    prefs.change(store, internet="on", stun=prefs.stun_list("stun:a.example:3478\nhttp://x junk"))
    prefs.change(store, name="  Siân  ")
    settings = prefs.load(store)
    assert settings == {
        "name": "Siân",
        "internet": "on",
        "stun": ["stun:a.example:3478"],
        "relays": prefs.DEFAULT_RELAYS,
    }
    assert prefs.ice_urls(settings) == ["stun:a.example:3478"]
    assert prefs.relays(settings) == prefs.DEFAULT_RELAYS


def test_bad_stored_values_fall_back():
    assert prefs.clean({"name": 5, "internet": "yes", "stun": "stun:x", "relays": [3]}) == {
        "name": "",
        "internet": "off",
        "stun": prefs.DEFAULT_STUN,
        "relays": prefs.DEFAULT_RELAYS,
    }


def test_the_server_list_is_checked_and_limited():
    text = " ".join(f"stun:s{i}.example" for i in range(20)) + " stun:s1.example turn:x stun:-bad"
    urls = prefs.stun_list(text)
    assert len(urls) == prefs.MAX_SERVERS and urls[0] == "stun:s0.example"
    assert prefs.stun_list(None) == []


def test_no_relay_is_used_until_the_player_opts_in():
    store = Store(MemoryBackend())
    assert prefs.relays(prefs.load(store)) == []
    assert prefs.relays(prefs.change(store, internet="on")) == prefs.DEFAULT_RELAYS


def test_a_relay_list_takes_wss_anywhere_and_ws_only_on_this_device():
    text = (
        "wss://relay.example.org/ wss://relay.example.org ws://relay.example.org "
        "ws://127.0.0.1:7447 ws://localhost http://x wss://-bad wss://a.example/p?q=1"
    )
    assert prefs.relay_list(text) == [
        "wss://relay.example.org",
        "ws://127.0.0.1:7447",
        "ws://localhost",
    ]


def test_settings_of_version_1_get_the_default_relays():
    backend = MemoryBackend()
    store = Store(backend)
    store.register(prefs.SCHEMA)
    old = {"name": "Ann", "internet": "on", "stun": ["stun:a.example"]}
    backend.set(NAMESPACE + "peer", json.dumps({"v": 1, "rev": 1, "data": old}))
    assert prefs.load(store)["relays"] == prefs.DEFAULT_RELAYS
