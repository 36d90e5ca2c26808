"""The player's own TURN server, for networks where two devices cannot reach each other
directly (docs/rules/README.md, "Playing on two devices"): with a TURN server set and
"Connect only through this TURN server" on, two devices connect by #/connect's codes and
play Deblockle, and the connection each page uses is relayed by the TURN server (Debian's
coturn on this machine: turn_support); with the server down, relay-only never connects and
the page says why. The conftest's `watch` checks that no page contacts anything else."""

import json
import random

from playwright.sync_api import expect
from remote_support import connect
from test_remote_deblockle import ONE_BLOCK_EACH, SLOT, moves_played, play_one_turn
from turn_support import CREDENTIAL, USERNAME

# Every RTCPeerConnection the page makes, with the configuration it was given (peer.js keeps
# its connection to itself): the test reads the connection's statistics through it.
KEEP_CONNECTIONS = """(() => {
  const Made = window.RTCPeerConnection;
  window.gemauTestConnections = [];
  window.RTCPeerConnection = class extends Made {
    constructor(config, ...rest) {
      super(config, ...rest);
      window.gemauTestConnections.push({ pc: this, config: config || {} });
    }
  };
})();"""

# For each connection that is open: its configuration, and the candidate pair ICE chose
# (getStats: the transport's selectedCandidatePairId), each end's candidate type.
CHOSEN_PATHS = """async () => {
  const found = [];
  for (const { pc, config } of window.gemauTestConnections) {
    if (pc.connectionState !== "connected") continue;
    const stats = await pc.getStats();
    let pair = null;
    stats.forEach((s) => {
      if (s.type === "transport" && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId);
    });
    found.push({
      policy: config.iceTransportPolicy || "all",
      servers: (config.iceServers || []).map((s) => s.urls),
      local: pair ? stats.get(pair.localCandidateId).candidateType : null,
      remote: pair ? stats.get(pair.remoteCandidateId).candidateType : null,
      relayed: pair ? stats.get(pair.localCandidateId).relayProtocol || null : null,
    });
  }
  return found;
}"""


PUT_IN_STORAGE = """(items) => {
  for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text);
}"""


def storage(turn_url: str, name: str) -> dict[str, str]:
    """A device whose player turned internet play on, with no STUN server or relay, this
    machine's TURN server set and relay-only chosen (Settings)."""
    turn = {"url": turn_url, "username": USERNAME, "credential": CREDENTIAL}
    peer = {"name": name, "internet": "on", "stun": [], "relays": [], "turn": turn}
    return {
        "gemau:peer": json.dumps({"v": 3, "rev": 1, "data": {**peer, "relay_only": True}}),
        "gemau:prefs:deblockle": json.dumps({"v": 1, "rev": 1, "data": ONE_BLOCK_EACH}),
    }


def test_relay_only_connects_through_the_turn_server_and_a_move_crosses_it(
    open_app, context, turn_server, site_url
):
    host_context = context(reduced_motion="reduce")
    host_context.add_init_script(KEEP_CONNECTIONS)
    host = open_app("#/connect", ctx=host_context, storage=storage(turn_server.url, "Ann"))
    friend_context = context(reduced_motion="reduce")
    friend_context.add_init_script(KEEP_CONNECTIONS)
    friend_setup = friend_context.new_page()  # the friend's choices, before the link opens
    friend_setup.goto(site_url + "manifest.webmanifest")
    friend_setup.evaluate(PUT_IN_STORAGE, storage(turn_server.url, "Bryn"))
    friend_setup.close()
    expect(host.locator("[data-page='connect']")).to_have_attribute(
        "data-stage", "waiting", timeout=20_000
    )
    # The invite offers only the TURN server's relayed address, never this device's own.
    invite = host.evaluate("window.gemauTestConnections[0].pc.localDescription.sdp")
    kinds = {line.split(" typ ")[1].split()[0] for line in invite.splitlines() if " typ " in line}
    assert kinds == {"relay"}, invite
    friend = connect(host, friend_context, "Bryn")
    host.click("[data-action='play'][data-game='deblockle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_be_visible(timeout=20_000)
        expect(page.locator("[data-game='deblockle'] .db-board")).to_be_visible()
    before = moves_played(host, SLOT)
    play_one_turn((host, friend), random.Random(3))
    assert moves_played(host, SLOT) == moves_played(friend, SLOT) == before + 1
    for page in (host, friend):
        paths = page.evaluate(CHOSEN_PATHS)
        assert paths == [
            {
                "policy": "relay",
                "servers": [turn_server.url],
                "local": "relay",
                "remote": "relay",
                "relayed": "udp",
            }
        ], paths


def test_relay_only_with_the_turn_server_down_never_connects_and_says_why(
    open_app, context, turn_server
):
    turn_server.stop()
    host = open_app("#/connect", reduced_motion="reduce", storage=storage(turn_server.url, "Ann"))
    view = host.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "failed", timeout=20_000)
    expect(view).to_have_attribute("data-peer", "failed")
    expect(host.locator("#connect-status")).to_have_text(
        "Could not connect through your TURN server: check its address, user name and password"
        " in Settings, or untick “Connect only through this TURN server”."
    )
    assert host.locator("#connect-code").count() == 0  # no invite that could never connect


def test_settings_refuses_a_bad_turn_server_in_plain_words_and_keeps_a_good_one(open_app):
    peer = {"name": "Ann", "internet": "on", "stun": [], "relays": []}
    kept = {"gemau:peer": json.dumps({"v": 2, "rev": 1, "data": peer})}  # saved before TURN
    page = open_app("#/settings", reduced_motion="reduce", storage=kept)
    expect(page.locator("#settings-relay-only")).to_be_disabled()  # no server yet
    page.fill("#settings-turn-url", "stun:turn.example.org")
    page.fill("#settings-turn-username", "ann")
    page.fill("#settings-turn-credential", "secret")
    page.click("[data-action='turn']")
    expect(page.locator("#settings-turn-problem")).to_have_text(
        "Not saved: the address must look like turn:turn.example.org:3478 (or turns: for a"
        " secure one), with ?transport=udp or ?transport=tcp at the end if needed."
    )
    expect(page.locator("#settings-turn-url")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#settings-turn-url")).to_be_focused()
    expect(page.locator("#settings-turn-credential")).to_have_value("secret")  # kept as typed

    def stored():
        return json.loads(page.evaluate("localStorage.getItem('gemau:peer')"))["data"]

    assert stored()["turn"] is None
    page.fill("#settings-turn-url", "turn:turn.example.org:3478")
    page.click("[data-action='turn']")
    expect(page.locator("#settings-turn-problem")).to_have_count(0)
    expect(page.locator("#announcer")).to_have_text("TURN server saved.")
    url = "turn:turn.example.org:3478"
    assert stored()["turn"] == {"url": url, "username": "ann", "credential": "secret"}
    page.check("#settings-relay-only")
    expect(page.locator("#settings-relay-only")).to_be_checked()
    page.wait_for_function("JSON.parse(localStorage.getItem('gemau:peer')).data.relay_only")
    assert stored() == {**peer, "turn": stored()["turn"], "relay_only": True}
