"""One link to play a friend anywhere (#/invite, docs/rules/README.md "Playing on two
devices"): against a real Nostr relay started on this machine (nostr_relay.py), the host
picks the game and sends one link, the friend opens it, sees the invitation and accepts,
and the game starts on both devices; a reload comes back by itself, the game goes on with
the relay stopped, and what a relay could do (replay, forge, another room's secret)
connects nobody wrong. The conftest's `watch` checks that no page contacts anything but
its own origin and this relay, and nothing at all before the player opts in."""

import base64
import hashlib
import hmac
import json
import os
import random
import re
import time

from e2e_support import wait_ready
from playwright.sync_api import expect
from relay_support import captured, make_event, publish_raw, replay
from test_remote_deblockle import (
    SLOT,
    engine_state,
    moves_played,
    play_one_turn,
)

ONE_BLOCK_EACH = {"blocks_gold": 1, "blocks_blue": 1}


def storage(relay_url: str, name: str, internet: str = "on") -> dict[str, str]:
    """A device whose player has a name and (internet="on") has opted in to internet play,
    with this machine's relay as its only one."""
    peer = {"name": name, "internet": internet, "stun": [], "relays": [relay_url]}
    return {
        "gemau:peer": json.dumps({"v": 2, "rev": 1, "data": peer}),
        "gemau:prefs:deblockle": json.dumps({"v": 1, "rev": 1, "data": ONE_BLOCK_EACH}),
    }


def start_invite(open_app, relay_url: str, game: str = "deblockle"):
    host = open_app("#/invite", reduced_motion="reduce", storage=storage(relay_url, "Ann"))
    view = host.locator("[data-page='invite']")
    expect(view).to_have_attribute("data-stage", "choose")
    host.click(f"[data-action='invite'][data-game='{game}']")
    expect(view).to_have_attribute("data-stage", "waiting")
    return host


def invite(open_app, relay_url: str, game: str = "deblockle"):
    host = start_invite(open_app, relay_url, game)
    expect(host.locator(".invite-relays")).to_have_attribute("data-relays-up", "1", timeout=20_000)
    return host, host.locator("#invite-link").input_value()


def accept(open_app, link: str, relay_url: str, name: str = "Bryn", internet: str = "off"):
    """The friend opens the link (a device that has not opted in: accepting is the opt-in)."""
    route = "#" + link.split("#", 1)[1]
    friend = open_app(route, reduced_motion="reduce", storage=storage(relay_url, name, internet))
    view = friend.locator("[data-page='invite']")
    expect(view).to_have_attribute("data-stage", "offered")
    expect(friend.locator(".invite-opt-in h2")).to_have_text("Ann invites you to play Deblockle")
    friend.click("[data-action='accept']")
    return friend


def both_playing(host, friend, timeout=20_000) -> None:
    for page in (host, friend):
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", "playing", timeout=timeout)
        expect(page.locator("[data-game='deblockle'] .db-board")).to_be_visible()


def test_one_link_starts_the_game_on_both_devices_and_a_reload_comes_back_by_itself(
    open_app, nostr_relay
):
    host, link = invite(open_app, nostr_relay.url)
    assert "#/invite?room=" in link and "game=deblockle" in link and "from=Ann" in link
    assert re.search(r"host=[0-9a-f]{64}&", link)  # the host's key: the friend pairs with it alone
    friend = accept(open_app, link, nostr_relay.url)
    both_playing(host, friend)
    rng = random.Random(4)
    play_one_turn((host, friend), rng)
    played = moves_played(host, SLOT)
    friend.reload()  # no new link: the page rejoins the room, and the host offers again
    wait_ready(friend)
    both_playing(host, friend)
    assert moves_played(friend, SLOT) == played
    play_one_turn((host, friend), rng)
    host.reload()  # the host's page too
    wait_ready(host)
    both_playing(host, friend)
    play_one_turn((host, friend), rng)
    assert engine_state(host).to_json() == engine_state(friend).to_json()
    # A second tab of the game on the friend's device waits for the room, and says so (two
    # would take each other's place with the host, over and over); it takes the game up
    # once the first tab is closed.
    second = friend.context.new_page()
    second.goto(friend.url)
    wait_ready(second)
    elsewhere = second.locator("[data-notice-id='room-elsewhere']")
    expect(elsewhere).to_contain_text("open in another tab on this device")
    expect(friend.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    friend.close()
    expect(elsewhere).to_have_count(0)
    both_playing(host, second)
    play_one_turn((host, second), rng)
    assert engine_state(host).to_json() == engine_state(second).to_json()


def test_a_relay_down_at_first_is_reached_once_up_and_the_game_goes_on_with_it_stopped(
    open_app, nostr_relay
):
    """A relay that cannot be reached when the room opens (a phone between networks, a
    relay restarting) is tried again until it answers; once connected, the game needs no relay."""
    nostr_relay.stop()
    host = start_invite(open_app, nostr_relay.url)
    relays = host.locator(".invite-relays")
    expect(relays).to_have_attribute("data-relays-up", "0")
    expect(relays).to_have_text("Relays reached: 0 of 1.")
    nostr_relay.start()
    expect(relays).to_have_attribute("data-relays-up", "1", timeout=20_000)
    link = host.locator("#invite-link").input_value()
    friend = accept(open_app, link, nostr_relay.url)
    both_playing(host, friend)
    nostr_relay.stop()  # the data channel goes straight between the devices
    rng = random.Random(8)
    for _ in range(2):
        play_one_turn((host, friend), rng)
    assert engine_state(host).to_json() == engine_state(friend).to_json()


def test_nothing_leaves_the_page_until_the_player_opts_in(open_app, nostr_relay):
    host = open_app(
        "#/invite", reduced_motion="reduce", storage=storage(nostr_relay.url, "Ann", "off")
    )
    view = host.locator("[data-page='invite']")
    expect(view).to_have_attribute("data-stage", "opt_in")
    expect(host.locator(".invite-opt-in")).to_contain_text("learns your IP address")
    sockets = []
    host.on("websocket", lambda socket: sockets.append(socket.url))
    host.click("[data-action='opt-in']")
    expect(view).to_have_attribute("data-stage", "choose")
    assert sockets == []  # choosing to use the internet is not yet inviting anyone
    host.click("[data-action='invite'][data-game='battleship']")
    expect(host.locator(".invite-relays")).to_have_attribute("data-relays-up", "1", timeout=20_000)
    assert {url.rstrip("/") for url in sockets} == {nostr_relay.url}  # the one relay listed


def test_a_link_with_another_secret_never_connects_and_the_host_hears_nothing(
    open_app, nostr_relay
):
    host, link = invite(open_app, nostr_relay.url)
    secret = link.split("room=")[1].split("&")[0]
    other = ("A" if secret[0] != "A" else "B") + secret[1:]
    friend = accept(open_app, link.replace(secret, other), nostr_relay.url)
    friend_view = friend.locator("[data-page='invite']")
    expect(friend_view).to_have_attribute("data-stage", "looking")
    # The friend says `here` again and again in its own room; the host's room stays silent.
    friend.wait_for_function("() => (window.gemauRoomSaid || 0) >= 3", timeout=15_000)
    assert host.evaluate("window.gemauRoomHeard || 0") == 0
    expect(host.locator("[data-page='invite']")).to_have_attribute("data-stage", "waiting")
    expect(friend_view).to_have_attribute("data-stage", "looking")


def test_forged_and_replayed_signalling_connects_nobody_wrong(open_app, nostr_relay):
    host, link = invite(open_app, nostr_relay.url)
    secret = link.split("room=")[1].split("&")[0]
    tag = room_tag(secret)
    with captured(nostr_relay.url, tag) as heard:  # all said in the room, as a relay sees it
        friend = accept(open_app, link, nostr_relay.url)
        both_playing(host, friend)
        events = heard.wait(3)
    assert all(event["tags"] == [["x", tag]] for event in events)
    assert not any("Ann" in e["content"] or "candidate" in e["content"] for e in events)
    # A relay replays every event, and forges some in the room's tag with keys of its own.
    dropped = host.evaluate("window.gemauRoomDropped || 0")
    for event in events:
        replay(nostr_relay.url, event)
    forged = [
        make_event(tag, "bm90IHNlYWxlZA=="),
        make_event(tag, base64.b64encode(bytes(64)).decode()),
        make_event(tag, "x" * 20000),
    ]
    for event in forged:
        assert publish_raw(nostr_relay.url, event)[0]
    host.wait_for_function(f"() => (window.gemauRoomDropped || 0) >= {dropped + len(forged)}")
    rng = random.Random(3)
    play_one_turn((host, friend), rng)  # the game goes on over the one connection it has
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")


def room_tag(secret: str) -> str:
    """HKDF-SHA-256 (RFC 5869) of the room secret, as static/js/room.js derives the tag."""
    key = base64.urlsafe_b64decode(secret + "==")
    prk = hmac.new(b"gemau room 1", key, hashlib.sha256).digest()
    return hmac.new(prk, b"tag" + b"\x01", hashlib.sha256).hexdigest()


def test_the_pages_sealing_opens_only_with_the_rooms_key(open_app, watch):
    page = open_app("#/")
    secret = base64.urlsafe_b64encode(bytes(range(16))).decode().rstrip("=")
    result = page.evaluate(
        """async (secret) => {
          const room = await window.gemauRoom.keys(secret);
          const other = await window.gemauRoom.keys("A".repeat(22));
          const sealed = await window.gemauRoom.seal(room, "hello room");
          const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
          bytes[20] ^= 1;
          const flipped = btoa(String.fromCharCode(...bytes));
          return {
            tag: room.tag,
            opened: await window.gemauRoom.unseal(room, sealed),
            otherKey: await window.gemauRoom.unseal(other, sealed),
            otherRoom: await window.gemauRoom.unseal({ ...room, tag: other.tag }, sealed),
            flipped: await window.gemauRoom.unseal(room, flipped),
            junk: await window.gemauRoom.unseal(room, "!!"),
            twice: sealed !== (await window.gemauRoom.seal(room, "hello room")),
          };
        }""",
        secret,
    )
    assert result == {
        "tag": room_tag(secret),
        "opened": "hello room",
        "otherKey": None,
        "otherRoom": None,
        "flipped": None,
        "junk": None,
        "twice": True,
    }


def join(open_app, link: str, relay_url: str, name: str):
    """A friend of a table or a group opens the same link and accepts."""
    page = open_app("#" + link.split("#", 1)[1], storage=storage(relay_url, name))
    expect(page.locator("[data-page='invite']")).to_have_attribute("data-stage", "offered")
    page.click("[data-action='accept']")
    return page


def host_of(open_app, relay_url: str, game: str, route: str = "#/invite", **dominoes):
    table = {"gemau:prefs:dominoes": json.dumps({"v": 1, "rev": 1, "data": dominoes})}
    host = open_app(route, storage={**storage(relay_url, "Ann"), **table})
    host.click(f"[data-action='invite'][data-game='{game}']")
    expect(host.locator(".invite-relays")).to_have_attribute("data-relays-up", "1", timeout=20_000)
    return host, host.locator("#invite-link").input_value()


def test_a_table_of_four_devices_joins_by_one_link_and_the_host_sees_each_arrive(
    open_app, nostr_relay
):
    host, link = host_of(open_app, nostr_relay.url, "dominoes-table", players="human,human")
    assert "game=dominoes-table" in link
    arrivals = host.locator(".invite-arrivals")
    expect(arrivals).to_have_attribute("data-friends", "0")
    friends = []
    for number, name in enumerate(("Bryn", "Cai", "Dee")):
        friends.append(join(open_app, link, nostr_relay.url, name))
        expect(arrivals).to_have_attribute("data-friends", str(number + 1), timeout=20_000)
        expect(arrivals).to_contain_text(name)
        expect(friends[-1].locator("[data-page='invite']")).to_have_attribute(
            "data-stage", "joined"
        )
    expect(friends[0].locator("#invite-status")).to_have_text(
        "Connected: waiting for Ann to start."
    )
    host.click("[data-action='start']")
    for page in (host, *friends):
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", "playing", timeout=30_000)
        expect(page.locator(".dm-hand [data-tile]")).to_have_count(7, timeout=30_000)
    tiles = (
        friends[1]
        .locator(".dm-hand [data-tile]")
        .evaluate_all("(tiles) => tiles.map((tile) => tile.dataset.tile)")
    )
    friends[1].reload()  # Cai's page: back in the room, and at the table, by itself
    wait_ready(friends[1])
    for page in (host, *friends):
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", "playing", timeout=30_000)
    cai = friends[1].locator(".dm-hand [data-tile]")
    expect(cai).to_have_count(7)
    assert cai.evaluate_all("(tiles) => tiles.map((tile) => tile.dataset.tile)") == tiles


def test_a_group_of_eight_devices_joins_by_one_link(open_app, nostr_relay):
    names = ("Bryn", "Cai", "Dee", "Elin", "Ffion", "Gwil", "Huw")
    host, link = host_of(open_app, nostr_relay.url, "wordle-group", "#/invite?speed=40")
    members = [
        join(open_app, link.replace("#/invite?", "#/invite?speed=40&"), nostr_relay.url, n)
        for n in names
    ]
    arrivals = host.locator(".invite-arrivals")
    expect(arrivals).to_have_attribute("data-friends", "7", timeout=60_000)
    host.click("[data-action='start']")
    for page in members:
        expect(page.locator(".wt-remote-lobby")).to_contain_text(
            "Ann starts the tournament", timeout=30_000
        )
    joined = host.locator(".wt-joined")
    expect(joined).to_have_attribute("data-joined", "7", timeout=30_000)
    for name in names:
        expect(joined).to_contain_text(f"\u2068{name}\u2069")
    members[2].reload()  # Dee's page: back in the group by itself, as the same member
    wait_ready(members[2])
    expect(members[2].locator(".wt-remote-lobby")).to_contain_text(
        "Ann starts the tournament", timeout=30_000
    )
    expect(joined).to_have_attribute("data-joined", "7")
    expect(joined).to_contain_text("\u2068Dee\u2069")


def room_key(secret: str) -> bytes:
    """The room's AES-GCM key, as static/js/room.js derives it (HKDF-SHA-256, info "seal")."""
    key = base64.urlsafe_b64decode(secret + "==")
    prk = hmac.new(b"gemau room 1", key, hashlib.sha256).digest()
    return hmac.new(prk, b"seal" + b"\x01", hashlib.sha256).digest()


def seal(secret: str, message: dict) -> str:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    iv = os.urandom(12)
    text = json.dumps(message).encode()
    return base64.b64encode(
        iv + AESGCM(room_key(secret)).encrypt(iv, text, room_tag(secret).encode())
    ).decode()


def unseal(secret: str, content: str) -> dict:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    both = base64.b64decode(content)
    return json.loads(
        AESGCM(room_key(secret)).decrypt(both[:12], both[12:], room_tag(secret).encode())
    )


def test_a_friend_with_the_link_posing_as_the_host_is_not_answered(open_app, nostr_relay):
    """Anyone with the link can seal messages: a hostile friend (here, this test, with a key
    of its own) says it hosts and offers to the friend's page, reloaded while the host's
    page is closed. The page pairs with the key its link names alone: it answers nobody."""
    host, link = invite(open_app, nostr_relay.url)
    secret = link.split("room=")[1].split("&")[0]
    host_key = link.split("host=")[1].split("&")[0]
    friend = accept(open_app, link, nostr_relay.url)
    both_playing(host, friend)
    host.close()
    tag = room_tag(secret)
    offer = {
        "t": "o",
        "u": "wm8t",
        "p": "HjQtaGK7m5l27ompK//X1eQp",
        "f": "5a54f9aed7e654fd1ef5f08c62a078d56d1a761ebc7d5aa8f0020441839d9296",
        "s": "actpass",
        "c": ["1751145384 1 udp 2113937151 192.0.2.1 38735 typ host"],
    }
    with captured(nostr_relay.url, tag) as heard:
        friend.reload()
        wait_ready(friend)
        friend_key = heard.wait(1)[0]["pubkey"]  # its `here`, signed by its key in the room
        for kind in ("here", "offer"):
            now = int(time.time() * 1000)
            body = {"v": 1, "r": "h", "name": "Ann", "at": now, "n": f"hostile-{kind:>8}"}
            if kind == "offer":
                body = {**body, "to": friend_key, "o": "hostile-offer-01", "d": offer}
            assert publish_raw(nostr_relay.url, make_event(tag, seal(secret, body)))[0]
        friend.wait_for_function("() => (window.gemauRoomHeard || 0) >= 2")  # both opened
        heard.wait(5)  # the friend's page says `here` again and again (1, 2, 4 s apart)
        events = list(heard.events)
    said = [unseal(secret, e["content"]) for e in events if e["pubkey"] == friend_key]
    assert len(said) >= 3 and all(m["k"] == "here" for m in said)  # no answer to anyone
    assert host_key != friend_key


def seek(open_app, relay_url: str, nick: str, variant: str = "deblockle"):
    """A player who has opted in looks for a stranger for this kind of game on #/find."""
    page = open_app("#/find", reduced_motion="reduce", storage=storage(relay_url, nick))
    view = page.locator("[data-page='find']")
    expect(view).to_have_attribute("data-stage", "choose")
    page.click(f"[data-action='seek'][data-variant='{variant}']")
    expect(view).to_have_attribute("data-stage", "seeking")
    return page


def test_two_strangers_find_each_other_play_the_game_agreed_and_each_rates_the_end(
    open_app, nostr_relay
):
    """Find an opponent: two players looking for Deblockle meet in its lobby, go to the room
    they agreed on, and play its standard game (one player's own choices, one block each,
    are not used with a stranger), each seeing the other's nickname; the one who resigns
    loses 20 points of their rating for Deblockle, the other gains them, and nothing else."""
    ann = seek(open_app, nostr_relay.url, "Ann")
    expect(ann.locator("#find-status")).to_contain_text("Others looking now: 0.")
    bryn = seek(open_app, nostr_relay.url, "Bryn")
    both_playing(ann, bryn, timeout=40_000)
    for page, other in ((ann, "Bryn"), (bryn, "Ann")):
        expect(page.locator(".remote-bar")).to_contain_text(other)
        state = engine_state(page)
        assert state.to_json() == engine_state(ann).to_json()
    assert engine_state(ann).options["blocks"] == [4, 4]  # the standard game, not their choice
    ann.click("[data-action='remote-resign']")
    ann.click("[data-action='question-yes']")
    expect(bryn.locator(".remote-bar")).to_contain_text("Ann resigned: you win.")
    for page, rating, won in ((ann, 1180, 0), (bryn, 1220, 1)):
        page.wait_for_function("localStorage.getItem('gemau:stranger-ratings') !== null")
        kept = json.loads(page.evaluate("localStorage.getItem('gemau:stranger-ratings')"))
        assert kept["data"] == {
            "deblockle": {"rating": rating, "games": 1, "won": won, "lost": 1 - won, "drawn": 0}
        }
