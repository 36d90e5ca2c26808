"""Sound and vibration as a player meets them: nothing made before the first press,
a Marbles move and a Battleship shot heard (and a hit felt) while Sound is on, nothing
at all once it is off (remembered), and off by default under reduced motion.

The Web Audio API and navigator.vibrate are stand-ins (page.add_init_script) that keep
what was started: each note as "wave:frequency" (or "noise"), so the cues heard can be
told apart by app.sound's own notes."""

import json

from app import sound
from e2e_support import wait_ready
from games.battleship import State
from games.marbles import new_game
from playwright.sync_api import expect

STAND_INS = """
window.__sound = {contexts: 0, started: [], vibrations: []};
class Param {
  constructor() { this.value = 0; }
  setValueAtTime(v) { this.value = v; return this; }
  linearRampToValueAtTime() { return this; }
  exponentialRampToValueAtTime() { return this; }
}
class Node {
  constructor(kind) { this.kind = kind; this.gain = new Param(); this.frequency = new Param(); }
  connect(node) { return node; }
  start() {
    window.__sound.started.push(this.kind === 'noise' ? 'noise' : this.type + ':' + this.frequency.value);
  }
  stop() {}
}
window.AudioContext = class {
  constructor() {
    window.__sound.contexts++;
    this.state = 'running'; this.currentTime = 0; this.sampleRate = 8000; this.destination = {};
  }
  createGain() { return new Node('gain'); }
  createOscillator() { return new Node('oscillator'); }
  createBiquadFilter() { return new Node('filter'); }
  createBufferSource() { return new Node('noise'); }
  createBuffer() { return {copyToChannel() {}}; }
  resume() { return Promise.resolve(); }
};
Object.defineProperty(navigator, 'vibrate', {
  configurable: true,
  value: (pattern) => { window.__sound.vibrations.push(Array.from(pattern)); return true; },
});
"""


def notes(*cues) -> list[str]:
    """What the stand-in keeps for these cues, one after another."""
    return [
        "noise" if wave == "noise" else f"{wave}:{frequency}"
        for cue in cues
        for _start, _length, wave, frequency, _end, _level in sound.TONES[cue]
    ]


def heard(page) -> dict:
    return page.evaluate("window.__sound")


def open_with_stand_ins(open_app, context, route, **options):
    ctx = context(**options)
    ctx.add_init_script(STAND_INS)
    return open_app(route, ctx=ctx)


def play_a_marbles_move(page) -> str:
    """Select a marble and move it (game 42): the cue the move should end with."""
    state = new_game({"version": 5}, 42)
    src = next(sq for sq in range(81) if state.board[sq])
    dst = state.reachable(src)[-1]
    page.locator(f"#mb-c-{src}").click()
    page.locator(f"#mb-c-{dst}").click()
    expect(page.locator("#announcer")).to_contain_text("Moved the")
    kinds = {event["type"] for event in state.apply((src, dst))}
    return "line" if "line" in kinds else "move"


def play_a_battleship_hit(page) -> None:
    page.locator("[data-action='random-fleet']").click()
    page.locator("#bs-ready").click()
    saved = json.loads(page.evaluate("localStorage.getItem('gemau:saved:battleship')"))
    enemy = State.from_json(saved["data"]["state"]).view_for(1)["fleet"]
    page.locator(f"#bs-t-{enemy[0]['squares'][0]}").click()  # a square of the carrier
    expect(page.locator("[data-log] li")).to_have_count(2)  # and the computer's reply


def test_nothing_is_made_before_the_first_press_then_a_move_is_heard(open_app, context):
    page = open_with_stand_ins(open_app, context, "#/marbles?seed=42&version=5")
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    assert heard(page) == {"contexts": 0, "started": [], "vibrations": []}
    ending = play_a_marbles_move(page)
    page.wait_for_function(f"window.__sound.started.length >= {len(notes('select', ending))}")
    found = heard(page)
    assert found["contexts"] == 1  # made by the first press, and only once
    assert found["started"] == notes("select", ending)
    assert found["vibrations"] == []  # a move does not buzz


def test_a_battleship_hit_is_heard_and_felt(open_app, context):
    page = open_with_stand_ins(open_app, context, "#/battleship?seed=12&mode=classic&opponent=easy")
    play_a_battleship_hit(page)
    page.wait_for_function("window.__sound.started.length > 0")
    found = heard(page)
    started = found["started"]
    assert started[: len(notes("hit"))] == notes("hit"), started
    reply = started[len(notes("hit")) :]  # the computer's shot at our ocean, heard too
    assert reply in (notes("hit"), notes("miss")), started
    assert found["vibrations"][0] == sound.VIBRATIONS["hit"]


def test_sound_off_is_silent_everywhere_and_remembered(open_app, context):
    page = open_with_stand_ins(open_app, context, "#/settings")
    group = page.locator("[data-setting-group='sound']")
    expect(group.get_by_label("As the device")).to_be_checked()
    group.get_by_label("Off").check()
    expect(page.locator("html")).to_have_attribute("data-sound", "off")
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-setting-group='sound']").get_by_label("Off")).to_be_checked()
    page.evaluate("location.hash = '#/marbles?seed=42&version=5'")
    play_a_marbles_move(page)
    page.evaluate("location.hash = '#/battleship?seed=12&mode=classic&opponent=easy'")
    play_a_battleship_hit(page)
    # Each cue is asked for in the same call that says and draws what it is for (the
    # move announced, the shot and the reply in the log, both awaited above): none is
    # still to come.
    assert heard(page) == {"contexts": 0, "started": [], "vibrations": []}
    # Turned on again, the choice itself is the gesture: a short cue says it is on.
    page.evaluate("location.hash = '#/settings'")
    page.locator("[data-setting-group='sound']").get_by_label("On", exact=True).check()
    page.wait_for_function("window.__sound.started.length > 0")
    assert heard(page)["started"] == notes("select") and heard(page)["contexts"] == 1


def test_under_reduced_motion_sound_starts_off(open_app, context):
    page = open_with_stand_ins(
        open_app, context, "#/marbles?seed=42&version=5", reduced_motion="reduce"
    )
    expect(page.locator("html")).to_have_attribute("data-sound", "off")
    play_a_marbles_move(page)
    assert heard(page)["contexts"] == 0 and heard(page)["started"] == []
