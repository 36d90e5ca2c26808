"""The hostile-peer suite in a browser (issue 31): what only a real data channel and page
show, a case or two for two devices and for the Wordle group; the whole matrix of message
types and mangled fields runs in the unit tests (tests/unit/app/test_hostile_peer*.py).
Bryn's device is the cheater (its frames sent by test_fair_play's WIRE), Ann's page the
honest one.

The screenshots (desktop and phone, light and dark, English and Welsh) of the remote bar
with the friend's claim quoted and the forfeit's details open go to /tmp/hostile-peer/."""

import json
import pathlib

import pytest
from app.remote.messages import MATCH, MESSAGES
from playwright.sync_api import expect
from remote_support import connect, set_name
from test_fair_play import WIRE, answers, has_taken, inject, playing, shows, two_devices
from test_remote_deblockle import ONE_BLOCK_EACH

SHOTS = pathlib.Path("/tmp/hostile-peer")
MARKUP = '<img id="pwned" src="x" onerror="window.pwned=1">'
# each has its own case in the unit suite (a claim: tests/unit/app/test_remote_stall.py)
ENDS_THE_GAME = ("move", "sync", "resign", "leave", "claim")
LOOKS = [("desktop", 1280, 800), ("phone", 390, 844)]
WELSH = (
    "localStorage.setItem('gemau:settings', JSON.stringify({v: 1, rev: 1, data: {language: 'cy'}}))"
)


def in_place(message):
    """A registered message with markup in each of its text fields."""
    return {**message.example, **dict.fromkeys(message.texts, MARKUP)}


def test_every_message_type_a_match_takes_leaves_the_honest_page_playing_and_unharmed(
    open_app, context
):
    host, friend = two_devices(open_app, context, "deblockle", ("deblockle", ONE_BLOCK_EACH))
    playing((host, friend))
    sent = [m for m in MESSAGES if MATCH in m.takers or m.takers[0] in ("coin", "deal", "word")]
    assert len(sent) > 15
    for message in sent:
        if message.type in ENDS_THE_GAME:
            continue
        for variant in (message.example, in_place(message)):
            assert has_taken(host, inject(friend, variant)), message.type
    expect(host.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    assert host.evaluate("() => !document.getElementById('pwned') && !window.pwned")
    assert answers(host)


@pytest.mark.parametrize("language", ["en", "cy"])
def test_a_claim_quoted_then_a_forfeit_with_its_details_look_right(open_app, context, language):
    """The friend's claim (a forged refusal, with markup) is said in the page's language,
    its words quoted behind a disclosure; then its malformed move ends the game as its
    forfeit, the details behind the disclosure styled as the app (static/css/connect.css),
    in every look."""
    ctx = context
    if language == "cy":
        made: list = []

        def ctx(**kw):  # Ann's page in Welsh (the first made: a Welsh browser), Bryn's not
            made.append(context(**kw, **({"locale": "cy-GB"} if not made else {})))
            return made[-1]

    host, friend = two_devices(open_app, ctx, "deblockle", ("deblockle", ONE_BLOCK_EACH))
    playing((host, friend))
    SHOTS.mkdir(exist_ok=True)
    claim = {"type": "refused", "kind": "cheating", "reason": f"Ann cheated {MARKUP}"}
    assert has_taken(host, inject(friend, claim))
    bar = host.locator(".remote-bar")
    expect(bar.locator(".remote-details")).to_contain_text("\u201cAnn cheated <img")
    expect(bar.locator(".remote-status")).to_contain_text(
        "Bryn's device says this device broke the rules"
        if language == "en"
        else "Mae dyfais Bryn yn dweud bod y ddyfais hon wedi torri'r rheolau"
    )
    shoot(host, bar, f"claim-{language}")
    malformed = {"type": "move", "number": 1, "move": MARKUP, "hash": "not a hash"}
    assert has_taken(host, inject(friend, malformed))
    expect(bar).to_have_attribute("data-remote", "cheating")
    details = bar.locator(".remote-details")
    details.locator("summary").click()
    expect(details.locator("p")).to_be_visible()
    style = details.evaluate(
        """(d) => { const s = getComputedStyle(d.querySelector('summary'));
                   const p = getComputedStyle(d.querySelector('p'));
                   return [s.cursor, s.fontWeight, p.overflowWrap, p.borderLeftStyle,
                           getComputedStyle(d).flexBasis]; }"""
    )
    assert style == ["pointer", "600", "anywhere", "solid", "100%"], style
    box, bar_box = details.bounding_box(), bar.bounding_box()
    assert box["width"] > 0.8 * (bar_box["width"] - 30)  # a row of its own
    shoot(host, bar, f"forfeit-{language}")
    assert host.evaluate("() => !document.getElementById('pwned') && !window.pwned")
    stats = host.evaluate("localStorage.getItem('gemau:stats:deblockle')")
    assert stats is None or all(e["won"] == e["played"] for e in json.loads(stats)["data"].values())


# A page whose channel is the one its page listens on (a group's member is offered it)
ANY_CHANNEL = """(() => {
  const listen = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type === "message") window.gemauChannel = this;
    return listen.call(this, type, listener, options);
  };
})();"""


def test_every_message_type_from_a_groups_member_or_leader_leaves_the_other_page_unharmed(
    open_app, context
):
    """The Wordle group through the leader's relay: Bryn's page (modified) sends Ann's, the
    leader's, every registered message as it stands and as a post of its relay to the
    leader (each one its relay takes as the next; but a leave, which is play), with markup
    in its text fields: Ann's
    page goes on hosting, Bryn still in the lobby, nothing of the markup run, and the
    tournament starts. Ann's page (modified) sends Bryn's every registered message: it
    keeps running, nothing of it drawn."""
    made = []

    def modified(**options):
        made.append(context(**options))
        made[-1].add_init_script(WIRE + ANY_CHANNEL)
        return made[-1]

    ann = open_app("#/connect?speed=40", ctx=modified(viewport={"width": 1200, "height": 900}))
    set_name(ann, "Ann")
    bryn = connect(ann, modified(), "Bryn")
    ann.click("[data-action='play'][data-game='wordle-group']")
    lobby = bryn.locator(".wt-remote-lobby")
    expect(lobby).to_contain_text("Ann starts the tournament", timeout=20_000)
    joined = ann.locator(".wt-joined")
    expect(joined).to_have_attribute("data-joined", "1", timeout=20_000)
    variants = [v for m in MESSAGES for v in (m.example, in_place(m))]
    for variant in variants:  # the leader's page, hostile
        inject(ann, variant)
    assert answers(bryn) and bryn.evaluate("() => !document.getElementById('pwned')")
    bryn.go_back()
    expect(lobby).to_contain_text("Ann starts the tournament")
    posted = 1  # Bryn's relay posted its welcome
    for variant in variants:  # the member's page, hostile
        inject(bryn, variant)
        if variant["type"] != "leave":  # (leaving the lobby is Bryn's to do: play)
            posted += 1
            post = {"type": "relay-post", "n": posted, "ack": 0, "to": "host"}
            inject(bryn, {**post, "message": variant})
    assert has_taken(ann, inject(bryn, {"type": "relay-ack", "ack": 0}))
    assert ann.evaluate("() => !document.getElementById('pwned') && !window.pwned")
    expect(joined).to_have_attribute("data-joined", "1")
    expect(joined).to_contain_text("\u2068Bryn\u2069")
    assert "<img" not in ann.locator("main").inner_html()
    # Bryn's relay's next post is taken as play: every one before it was taken in order.
    leave = {"type": "relay-post", "n": posted + 1, "ack": 0, "to": "host"}
    inject(bryn, {**leave, "message": {"type": "leave"}})
    expect(joined).to_have_attribute("data-joined", "0")
    ann.click("[data-action='wt-start']")
    assert shows(ann, ".wt-side")
    assert answers(ann)


def shoot(page, bar, name: str) -> None:
    for look, width, height in LOOKS:
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            bar.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{name}-{look}-{scheme}.png"))
    page.set_viewport_size({"width": LOOKS[0][1], "height": LOOKS[0][2]})
    page.emulate_media(color_scheme="light")
