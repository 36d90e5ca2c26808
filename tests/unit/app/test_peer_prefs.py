from app.peer import prefs
from app.storage import MemoryBackend, Store


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
    assert settings == {"name": "Siân", "internet": "on", "stun": ["stun:a.example:3478"]}
    assert prefs.ice_urls(settings) == ["stun:a.example:3478"]


def test_bad_stored_values_fall_back():
    assert prefs.clean({"name": 5, "internet": "yes", "stun": "stun:x"}) == {
        "name": "",
        "internet": "off",
        "stun": prefs.DEFAULT_STUN,
    }


def test_the_server_list_is_checked_and_limited():
    text = " ".join(f"stun:s{i}.example" for i in range(20)) + " stun:s1.example turn:x stun:-bad"
    urls = prefs.stun_list(text)
    assert len(urls) == prefs.MAX_SERVERS and urls[0] == "stun:s0.example"
    assert prefs.stun_list(None) == []
