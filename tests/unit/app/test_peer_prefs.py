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
        "turn": None,
        "relay_only": False,
    }
    assert prefs.ice_urls(settings) == ["stun:a.example:3478"]
    assert prefs.relays(settings) == prefs.DEFAULT_RELAYS


def test_bad_stored_values_fall_back():
    bad = {"name": 5, "internet": "yes", "stun": "stun:x", "relays": [3], "turn": "turn:x"}
    assert prefs.clean({**bad, "relay_only": "yes"}) == {
        "name": "",
        "internet": "off",
        "stun": prefs.DEFAULT_STUN,
        "relays": prefs.DEFAULT_RELAYS,
        "turn": None,
        "relay_only": False,
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


def test_settings_of_version_2_keep_everything_and_have_no_turn_server():
    backend = MemoryBackend()
    store = Store(backend)
    store.register(prefs.SCHEMA)
    old = {"name": "Ann", "internet": "on", "stun": [], "relays": ["ws://127.0.0.1:7447"]}
    backend.set(NAMESPACE + "peer", json.dumps({"v": 2, "rev": 4, "data": old}))
    settings = prefs.load(store)
    assert settings == {**old, "turn": None, "relay_only": False}
    assert prefs.ice_config(settings) == {"iceServers": [], "iceTransportPolicy": "all"}
    assert json.loads(backend.get(NAMESPACE + "peer") or "")["v"] == prefs.SCHEMA.version == 3


TURN = {"url": "turn:127.0.0.1:3478?transport=udp", "username": "u", "credential": "p"}


def test_the_ice_configuration_without_a_turn_server_is_the_stun_list_as_before():
    store = Store(MemoryBackend())
    off = prefs.load(store)
    assert prefs.ice_config(off) == {"iceServers": [], "iceTransportPolicy": "all"}
    on = prefs.change(store, internet="on", relay_only=True)  # no server: relay-only means nothing
    assert prefs.ice_config(on) == {
        "iceServers": [{"urls": url} for url in prefs.DEFAULT_STUN],
        "iceTransportPolicy": "all",
    }
    assert not prefs.relay_only(on)


def test_a_turn_server_is_offered_with_its_credentials_and_relay_only_when_chosen():
    store = Store(MemoryBackend())
    settings = prefs.change(store, internet="on", stun=["stun:a.example"], turn=dict(TURN))
    turn = {"urls": TURN["url"], "username": "u", "credential": "p"}
    assert prefs.ice_config(settings) == {
        "iceServers": [{"urls": "stun:a.example"}, turn],
        "iceTransportPolicy": "all",
    }
    settings = prefs.change(store, relay_only=True)
    assert prefs.relay_only(settings) and prefs.load(store)["turn"] == TURN
    # Only the TURN server: a STUN server would learn the address it is there to hide.
    assert prefs.ice_config(settings) == {"iceServers": [turn], "iceTransportPolicy": "relay"}
    # Internet play off: no server at all, whatever is kept.
    assert prefs.ice_config(prefs.change(store, internet="off")) == {
        "iceServers": [],
        "iceTransportPolicy": "all",
    }


def test_a_turn_server_is_checked_whole_or_dropped():
    good = [
        "turn:turn.example.org",
        "turns:turn.example.org:5349",
        "turn:10.0.0.1:3478?transport=tcp",
    ]
    for url in good:
        assert prefs.turn_problem(url, "u", "p") is None, url
    for url in ("stun:x.example", "turn:", "turn:-bad", "turn:x?transport=sctp", "http://x", 5):
        assert prefs.turn_problem(url, "u", "p") == "url", url
        assert prefs.clean({"turn": {**TURN, "url": url}})["turn"] is None
    assert prefs.turn_problem("turn:x", "", "p") == "username"
    assert prefs.turn_problem("turn:x", "u" * 129, "p") == "username"
    assert prefs.turn_problem("turn:x", "u", "a\nb") == "credential"
    assert prefs.turn_problem("turn:x", "u", None) == "credential"
    assert prefs.turn_problem("turn:x", "1700000000:ann", "p" * 128) is None
    assert prefs.turn_server(" turn:x:3478 ", "u", "p") == {
        "url": "turn:x:3478",
        "username": "u",
        "credential": "p",
    }
    for bad in ({**TURN, "extra": 1}, {"url": TURN["url"]}, [TURN], {**TURN, "username": 7}):
        assert prefs.clean({"turn": bad})["turn"] is None
    assert prefs.clean({"turn": TURN, "relay_only": 1})["relay_only"] is False
