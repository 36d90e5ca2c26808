"""A Wordle Tournament group across devices (docs/rules/wordle-tournament.md 16): the
leader (Ann) invites three friends by invite link and reply code, each in a browser
context of their own, and chooses the tournament group; the leader's page hosts the
tournament and each friend's page plays its own seat from the views it is sent.

Every device's frames are recorded as they arrive (an init script wraps the data
channel's message listeners), so the test reads what a member's page was sent: never
another pair's word before that duel was over (the words of every round come from the
leader's kept replay at the end)."""

import json

import pytest
from e2e_support import ROOT, wait_ready
from games.wordle.dictionary import Dictionary
from games.wordle.tournament_rules import GRACE_MS
from playwright.sync_api import expect
from remote_support import Doorbell, connect, set_name
from test_axe import violations

WORDS = Dictionary("en", json.loads((ROOT / "static" / "words" / "en.json").read_text("utf-8")))
SPEED = 40  # a 30 s turn in 0.75 s
SHOTS = "/tmp/wg"

RECORD_FRAMES = """(() => {
  window.gemauFrames = [];
  const listen = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type === "message") {
      const inner = listener;
      listener = (event) => {
        if (typeof event.data === "string") window.gemauFrames.push(event.data);
        return inner(event);
      };
    }
    return listen.call(this, type, listener, options);
  };
})();"""


def form_group(open_app, context, names, speed=SPEED, leaders_clock=False):
    """The leader's page and a page per friend in a group; `leaders_clock`: the leader's
    page runs on a clock the test can drive on (Playwright's: it runs as time does until
    the test moves it)."""
    ctx = context(viewport={"width": 1200, "height": 900})
    if leaders_clock:
        ctx.clock.install()
    leader = open_app(f"#/connect?speed={speed}", ctx=ctx)
    set_name(leader, "Ann")
    members = []
    for number, name in enumerate(names):
        if number:
            leader.click("[data-action='invite-more']")
        device = context()
        device.add_init_script(RECORD_FRAMES)
        if number < 2:
            members.append(connect(leader, device, name))
        else:  # the newcomer's reply passed on by the first friend: the leader scans nobody
            members.append(pass_on(leader, members[0], device.new_page(), name))
    leader.click("[data-action='play'][data-game='wordle-group']")
    for page in members:
        expect(page.locator(".wt-remote-lobby")).to_contain_text("Ann starts the tournament")
    joined = leader.locator(".wt-joined")
    expect(joined).to_have_attribute("data-joined", str(len(names)), timeout=20_000)
    for name in names:  # in the order their pages joined
        expect(joined).to_contain_text(f"\u2068{name}\u2069")
    return leader, members


def reply_to_invite(leader, page, name: str) -> str:
    """The leader's invite (or new link) opened on a friend's device: their reply code."""
    expect(leader.locator("[data-page='connect']")).to_have_attribute(
        "data-stage", "waiting", timeout=20_000
    )
    page.goto(leader.locator("#connect-code").input_value())
    wait_ready(page)
    set_name(page, name)
    view = page.locator("[data-page='connect']")
    expect(view).to_have_attribute("data-stage", "send_reply", timeout=20_000)
    return page.locator("#connect-code").input_value()


def pass_on(leader, friend, newcomer, name: str):
    """The newcomer opens the leader's invite; a friend already linked pastes the
    newcomer's reply into their own page, which passes it on to the leader's."""
    friend.fill("#connect-pass", reply_to_invite(leader, newcomer, name))
    friend.get_by_role("button", name="Pass it on to Ann").click()
    expect(friend.locator(".connect-passed")).to_have_text("Passed on to Ann.")
    assert violations(friend) == []
    expect(newcomer.locator("[data-page='connect']")).to_have_attribute(
        "data-peer", "open", timeout=20_000
    )
    return newcomer


def relink(leader, page, name: str) -> None:
    """The leader's new link for a friend (#/connect?relink=...), opened on the friend's
    device, its reply pasted back: the leader's page goes back to the tournament."""
    leader.fill("#connect-reply", reply_to_invite(leader, page, name))
    leader.click("[data-action='connect']")
    expect(leader.locator(".wt-hosting")).to_be_visible(timeout=20_000)


def messages(page) -> list[dict]:
    """The messages the page was sent, in order, rebuilt from its frames and taken out of
    their relay envelopes."""
    out, parts = [], []
    for frame in page.evaluate("window.gemauFrames"):
        if frame.startswith("M"):
            out.append(json.loads(frame[1:]))
            continue
        head, _, text = frame.partition(":")
        index, count = map(int, head[1:].split("/"))
        parts = [text] if index == 0 else [*parts, text]
        if index + 1 == count:
            out.append(json.loads("".join(parts)))
    return [data.get("message", data) if data.get("type") == "relay" else data for data in out]


def words_of_rounds(leader) -> dict[tuple[int, int], str]:
    """(round, duel index) -> the duel's word, from the leader's kept replay."""
    kept = json.loads(leader.evaluate("localStorage.getItem('gemau:replays:wordle-tournament')"))
    rounds = [m for m in kept["data"][-1]["moves"] if m.startswith("round ")]
    return {
        (number, index): duel.split(":")[3]
        for number, line in enumerate(rounds, start=1)
        for index, duel in enumerate(d for d in line.split()[1:] if not d.startswith("bye"))
    }


def strings_in(value) -> set[str]:
    """Every text value (not key) in a message."""
    if isinstance(value, str):
        return {value}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return set().union(*map(strings_in, items)) if items else set()


def guessed(view) -> set[str]:
    """The words guessed in a view's duels, which every page may see."""
    return {row.get("guess") for duel in view["duels"] for row in duel["rows"]}


# What a doorbell (remote_support) watches on each device: whether a duel waits for its
# person there (which turn: the round and the rows played), or the tournament's end.
TURN_LOOK = """() => {
    if (document.querySelector('.wt-end')) return 'end';
    const duel = document.querySelector('.wt-duel .wd-whose.wd-you');
    const enter = document.querySelector(".wd-key[data-key='enter']:not([disabled])");
    if (!duel || !enter) return '';
    const round = document.querySelector('.wt-round')?.textContent;
    return round + '|' + document.querySelectorAll(
        '.wt-duel .wd-row:not(.wd-current):not(.wd-future)').length;
}"""


def guess_if_my_turn(page, typed: set) -> None:
    """A person types a word of the right length when their duel waits for them (once a turn)."""
    duel = page.locator(".wt-duel .wd-whose.wd-you")
    enter = page.locator(".wd-key[data-key='enter']:not([disabled])")
    if not duel.count() or not enter.count():
        return
    current = page.locator(".wt-duel .wd-row.wd-current").first
    length = current.locator(".wd-tile").count()
    played = page.locator(".wt-duel .wd-row:not(.wd-current):not(.wd-future)").count()
    turn = (id(page), page.locator(".wt-round").first.text_content(), played)
    if turn in typed or not length:
        return  # typed already: its view is on the way
    typed.add(turn)
    word = sorted(WORDS.guesses[length])[len(typed) * 37 % len(WORDS.guesses[length])]
    page.keyboard.type(word)
    page.keyboard.press("Enter")


@pytest.mark.long
def test_a_group_of_four_devices_plays_a_whole_tournament(open_app, context):
    leader, members = form_group(open_app, context, ["Bryn", "Cai", "Dai"])
    assert violations(leader) == [] and violations(members[0]) == []
    leader.screenshot(path=f"{SHOTS}/leader-lobby.png", full_page=True)
    members[0].screenshot(path=f"{SHOTS}/member-lobby.png", full_page=True)
    # A member looking at another page is still in the group: the header says so (16.8).
    bar = members[2].locator("#wt-away-bar")
    members[2].get_by_role("link", name="Statistics").click()
    expect(bar).to_contain_text("Wordle Tournament: in \u2068Ann\u2069's group")
    leader.click("[data-action='wt-start']")
    expect(bar).to_contain_text("Wordle Tournament, round 1", timeout=20_000)
    bar.get_by_role("link", name="Back to the tournament").click()
    expect(bar).to_have_count(0)
    pages = [leader, *members]
    typed: set = set()
    for page in pages:
        expect(page.locator(".wt-side")).to_be_visible(timeout=20_000)
    assert violations(members[1]) == []
    with Doorbell(pages, TURN_LOOK) as bell:
        for _ in range(2000):
            bell.reset()
            if all(page.locator(".wt-end").count() for page in pages):
                break
            for page in pages:
                guess_if_my_turn(page, typed)
            if len(typed) == 2:
                members[1].screenshot(path=f"{SHOTS}/member-round.png", full_page=True)
            bell.wait(timeout=60_000)  # a duel waiting for its person, or the end, anywhere
    for page in pages:
        expect(page.locator(".wt-end")).to_be_visible(timeout=60_000)
    standings = [
        page.locator(".wt-end tbody tr").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.player + ':' + r.cells[0].textContent)"
        )
        for page in pages
    ]
    assert all(s == standings[0] for s in standings) and len(standings[0]) == 8
    assert len(typed) >= 4  # guesses typed on every device went through
    expect(members[0].locator(".wt-end")).to_contain_text("Ann can start another tournament")
    members[0].screenshot(path=f"{SHOTS}/member-end.png", full_page=True)
    # Each device recorded its own player's result, as a tournament with friends.
    for page in pages:
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:wordle')"))
        assert stats["data"]["tournament-friends"]["played"] == 1
    # No member's page was sent a duel's word before that duel was over.
    words = words_of_rounds(leader)
    for page in members:
        views = [m["view"] for m in messages(page) if m.get("type") == "view"]
        assert views
        for view in views:
            for duel in view["duels"]:
                word = words[(view["round"], duel["index"])]
                if duel["result"] is None:  # (another duel's player may guess it: public)
                    shown = strings_in(view["duels"]) | strings_in(view["players"])
                    assert duel["word"] is None and word not in shown - guessed(view)
    # Back to the group's lobby: everyone is in it again.
    leader.locator(".wt-end [data-action='wt-back-to-group']").click()
    expect(leader.locator(".wt-joined")).to_have_attribute("data-joined", "3")
    for page in members:
        expect(page.locator(".wt-remote-lobby")).to_be_visible()


@pytest.mark.long
def test_a_member_back_within_60_s_plays_on_and_one_away_longer_has_left(open_app, context):
    """Rule 16.4 at speed 2 (60 s of the tournament in 30 s): Bryn's page reloads and
    comes back by a new link from the leader's page, still in; Cai's page closes for
    good, and once the leader's clock has run 60 s of the tournament on, Cai has left,
    placed. The leader's page never stops hosting."""
    leader, (bryn, cai) = form_group(
        open_app, context, ["Bryn", "Cai"], speed=2, leaders_clock=True
    )
    leader.click("[data-action='wt-start']")
    for page in (leader, bryn, cai):
        expect(page.locator(".wt-side")).to_be_visible(timeout=20_000)
    bryn.reload()
    wait_ready(bryn)
    expect(bryn.locator(".wt-card")).to_contain_text("not connected to a group")
    cai.close()
    lost = leader.locator(".wt-lost")
    expect(lost).to_contain_text("Waiting for \u2068Bryn\u2069")
    expect(lost).to_contain_text("Waiting for \u2068Cai\u2069")
    lost.get_by_role("link", name="New link for \u2068Bryn\u2069").click()
    expect(leader.locator(".connect-status")).to_contain_text("Bryn")
    # The hosting goes on behind #/connect: the header's bar says so, with a way back.
    bar = leader.locator("#wt-away-bar")
    expect(bar).to_contain_text("Wordle Tournament, round")
    expect(bar.get_by_role("link", name="Back to the tournament")).to_be_visible()
    relink(leader, bryn, "Bryn")
    expect(bar).to_have_count(0)
    expect(leader.locator(".wt-side")).to_be_visible(timeout=20_000)
    assert violations(leader) == []  # (once Bryn is back: his 60 s run until then)
    leader.get_by_role("link", name="Statistics").click()
    bar.get_by_role("link", name="Back to the tournament").click()
    expect(leader.locator(".wt-hosting")).to_be_visible(timeout=20_000)
    expect(bar).to_have_count(0)
    expect(bryn.locator(".wt-side")).to_be_visible(timeout=20_000)
    expect(lost).not_to_contain_text("Bryn")
    bryn_row = leader.locator(".wt-side .wt-player", has_text="Bryn")
    expect(bryn_row).not_to_contain_text("away")
    expect(bryn_row).not_to_contain_text("place")
    cai_row = leader.locator(".wt-side .wt-player", has_text="Cai")
    expect(cai_row).not_to_contain_text("place")  # (away for less than 60 s so far)
    leader.clock.run_for(GRACE_MS // 2)  # 60 s of the tournament at speed 2
    expect(cai_row).to_contain_text("place")  # left after 60 s (10.3)
    expect(lost).to_have_count(0)
    expect(bryn.locator(".wt-side .wt-player", has_text="Cai")).to_contain_text("place")


def test_the_leaders_page_reloaded_pauses_everyone_and_new_links_resume_the_tournament(
    open_app, context
):
    """Rule 16.5 at speed 2: the leader's page reloads mid-round; both friends' pages
    say the tournament is paused; the leader's page, back from its save, sends each a new
    link and the round goes on, with every friend still in."""
    leader, members = form_group(open_app, context, ["Bryn", "Cai"], speed=2)
    leader.click("[data-action='wt-start']")
    for page in (leader, *members):
        expect(page.locator(".wt-side")).to_be_visible(timeout=20_000)
    leader.reload()
    wait_ready(leader)
    for page in members:
        expect(page.locator(".wt-paused")).to_contain_text("Ann's connection was lost")
    lost = leader.locator(".wt-lost")
    for name, page in zip(("Bryn", "Cai"), members, strict=True):
        expect(lost).to_contain_text(f"Waiting for \u2068{name}\u2069", timeout=20_000)
        lost.get_by_role("link", name=f"New link for \u2068{name}\u2069").click()
        relink(leader, page, name)
        expect(page.locator(".wt-side")).to_be_visible(timeout=20_000)
        expect(page.locator(".wt-paused")).to_have_count(0)
    expect(lost).to_have_count(0)
    for name in ("Bryn", "Cai"):
        row = leader.locator(".wt-side .wt-player", has_text=name)
        expect(row).not_to_contain_text("place")
    assert violations(members[0]) == []
