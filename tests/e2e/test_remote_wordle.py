"""The Wordle duel between two devices (docs/rules/wordle-tournament.md 15): the host
invites, the friend replies, the host picks the duel, the coin flip of both devices
draws the word's length and who starts, the word is the two devices' shares' (neither
knows it until the duel is decided), and each types their own guesses on their own
page; both pages agree on every row and the result, a reload resumes through a new
link, and a device that lies is caught. The conftest's `watch` checks that no request
left either page's origin."""

import json
import re

from e2e_support import wait_ready
from playwright.sync_api import expect
from remote_support import TAMPERING, connect, my_seat, saved, set_name
from test_axe import violations
from test_wordle import dictionary, guess_on_screen

SLOT = "wordle-remote"


def start_duel(open_app, context, friend_context=None):
    host = open_app("#/connect")
    set_name(host, "Ann")
    friend = connect(host, friend_context or context(), "Bryn")
    expect(friend.locator(".connect-waiting")).to_have_text("Ann is choosing a game.")
    host.click("[data-action='play'][data-game='wordle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute(
            "data-remote", "playing", timeout=30_000
        )
        expect(page.locator(".wd-board")).to_be_visible()
    return host, friend


def duel(page) -> dict:
    return saved(page, SLOT)["state"]


SHARE_SAVED = """() => {
  const text = localStorage.getItem('gemau:saved:wordle-remote');
  return Boolean(text && JSON.parse(text).data.meta.duel_word);
}"""


def the_word(host, friend, words) -> str:
    """The word, which only both devices' shares give (the test reads both devices'
    storage: each holds its own share alone, docs/rules/wordle-tournament.md 15.7)."""
    shares = []
    for page in (host, friend):
        page.wait_for_function(SHARE_SAVED)
        opening = saved(page, SLOT)["meta"]["duel_word"]["word"]["opening"]["value"]
        shares.append(int(opening.split(":")[0]))
    answers = words.answers[duel(host)["length"]]
    return answers[sum(shares) % len(answers)]


def mover(host, friend):
    """(the page whose player is to guess, the other page), once one page says whose turn
    it is (not while the duel is set up or a guess waits for its marks)."""
    expect(host.locator(".wd-whose:not(.wd-waiting)")).to_be_visible(timeout=15_000)
    turn = duel(host)
    for page, other in ((host, friend), (friend, host)):
        if page.locator(".wd-whose.wd-you").count():
            return page, other
    raise AssertionError(f"no one is to guess: {turn}")


def rows_seen(page, count: int) -> None:
    """`count` rows played and marked (a guess waiting for its marks is not counted)."""
    rows = ".wd-row:not(.wd-future):not(.wd-current):not(.wd-pending)"
    expect(page.locator(rows)).to_have_count(count, timeout=15_000)


def rows_played(page) -> int:
    return sum(1 for move in duel(page)["moves"] if move["type"] in ("guess", "timeout"))


def test_a_whole_duel_between_two_devices_agrees_and_counts_on_both(open_app, context):
    host, friend = start_duel(open_app, context)
    assert sorted(my_seat(saved(page, SLOT)) for page in (host, friend)) == [0, 1]
    words = dictionary("en")
    word = the_word(host, friend, words)
    assert "word" not in duel(host) and "word" not in duel(friend)  # neither engine knows it
    assert "seed" not in host.url and "seed" not in friend.url
    for page, name in ((host, "Bryn"), (friend, "Ann")):
        expect(page.locator(".wd-duel-info")).to_contain_text(f"with {name} on another device")
    assert violations(host) == [] and violations(friend) == []
    first, second = mover(host, friend)
    expect(second.locator(".wd-whose.wd-them")).to_contain_text("'s turn")
    expect(second.locator(".wd-key[data-key='enter']")).to_be_disabled()
    other = next(w for w in words.answers[len(words.tiles(word))] if w != word)
    guess_on_screen(first, words, other)
    first_name = "Ann" if first is host else "Bryn"
    said = re.compile(f"Row 1, {first_name}: {other.upper()}")
    expect(second.locator(".wd-row").first).to_have_attribute("aria-label", said)
    for page, name in ((first, "You"), (second, first_name)):  # said once marked, with them
        expect(page.locator("#announcer")).to_contain_text(f"Row 1, {name}: {other.upper()}. ")
        expect(page.locator("#announcer")).not_to_contain_text("Checking")
    expect(second.locator(".wd-whose.wd-you")).to_be_visible()
    guess_on_screen(second, words, word)
    expect(second.locator(".wd-status")).to_contain_text("You solved it first")
    winner = "Ann" if second is host else "Bryn"
    expect(first.locator(".wd-status")).to_contain_text(f"{winner} solved it first")
    assert duel(host) == duel(friend)
    for page, won in ((second, 1), (first, 0)):
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:wordle')"))
        assert stats["data"]["remote"]["played"] == 1
        assert stats["data"]["remote"].get("won", 0) == won
    expect(host.locator("[data-action='remote-again']")).to_have_text("Play again with Bryn")
    expect(friend.locator(".remote-bar")).to_contain_text("Ann can start another game.")
    host.click("[data-action='remote-again']")
    for page in (host, friend):  # a new duel, with a new word drawn by both
        rows_seen(page, 0)
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    mover(host, friend)
    assert rows_played(host) == rows_played(friend) == 0
    assert the_word(host, friend, words) in words.answers[duel(host)["length"]]
    friend.get_by_role("link", name="Statistics").click()
    expect(friend.locator("h3", has_text="Duels with a friend on another device")).to_be_visible()


def test_a_reload_mid_duel_and_a_new_link_carry_the_duel_on(open_app, context):
    host, friend = start_duel(open_app, context)
    words = dictionary("en")
    word = the_word(host, friend, words)
    first, second = mover(host, friend)
    other = next(w for w in words.answers[len(words.tiles(word))] if w != word)
    guess_on_screen(first, words, other)
    rows_seen(second, 1)
    friend.reload()
    wait_ready(friend)
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "lost", timeout=15_000)
    rows_seen(friend, 1)
    host.click(".remote-bar a[href='#/connect']")
    connect(host, None, "Bryn", friend=friend)
    expect(host.locator(".connect-resume")).to_contain_text("Games in progress with Bryn")
    host.click("[data-action='resume'][data-game='wordle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    # (A loaded machine can take the 30 s of the turn to reload and link again: that
    # turn then ran out, a skipped row, and the other player is to guess.)
    solver, waiting = mover(host, friend)
    rows = rows_played(host)
    assert rows >= 1
    for page in (host, friend):
        rows_seen(page, rows)
    guess_on_screen(solver, words, word)
    expect(solver.locator(".wd-status")).to_contain_text("You solved it first")
    winner = "Ann" if solver is host else "Bryn"
    expect(waiting.locator(".wd-status")).to_contain_text(f"{winner} solved it first")
    assert duel(host) == duel(friend)


WRONG_WORD = """(text) => {
  if (!text.startsWith("M")) return text;
  const message = JSON.parse(text.slice(1));
  if (message.type !== "move" || !message.move.includes("@")) return text;
  message.move = message.move.replace(/ [^ @]+ @/, " QQQQQQ @");  // no word of the list
  return "M" + JSON.stringify(message);
}"""


def test_a_device_that_sends_a_guess_off_the_list_is_caught(open_app, context):
    friend_context = context()
    friend_context.add_init_script(TAMPERING)
    host, friend = start_duel(open_app, context, friend_context)
    words = dictionary("en")
    word = the_word(host, friend, words)
    other = next(w for w in words.answers[len(words.tiles(word))] if w != word)
    if mover(host, friend)[0] is host:
        guess_on_screen(host, words, other)
        rows_seen(friend, 1)
        assert mover(host, friend)[0] is friend
    friend.evaluate(f"() => {{ window.gemauTamper = {WRONG_WORD}; }}")
    before = duel(host)
    guess_on_screen(friend, words, other)
    bar = host.locator(".remote-bar")
    expect(bar).to_have_attribute("data-remote", "cheating", timeout=10_000)
    # Bryn's page found its own guess sound: Ann's refusal is her claim, shown as hers.
    expect(friend.locator(".remote-bar")).to_contain_text("Ann's device says this device broke")
    expect(friend.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    assert duel(host) == before  # never played
    expect(host.locator(".wd-key[data-key='enter']")).to_be_disabled()


def test_a_duel_saved_by_the_version_in_which_both_devices_knew_the_word_is_not_carried_on(
    open_app, context
):
    """Such a duel (its state holds the word) cannot be played on with the word hidden: the
    page drops it uncounted, says so, and asks for a new duel with the friend."""
    ctx = context()
    old = {
        "state": {"version": 1, "word": "crane", "first": 0, "turn": 0, "turn_started": 0},
        "meta": {
            "t0": 1,
            "origin": 0,
            "speed": 1,
            "typed": "",
            "frame": {
                "options": {"lang": "en"},
                "seed": 7,
                "seats": ["human", "remote"],
                "remote": {"peer": "Bryn", "session": {"version": 1, "role": "host"}},
            },
            "recorded": False,
            "over": False,
        },
    }
    record = json.dumps({"v": 1, "rev": 1, "data": old})
    ctx.add_init_script(
        "if (origin !== 'null' && !sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('gemau:saved:{SLOT}', {json.dumps(record)});"
        " sessionStorage.setItem('seeded', '1'); }"
    )
    page = open_app("#/wordle?remote=resume", ctx=ctx)
    notice = page.locator(".notice", has_text="earlier version of Gemau")
    expect(notice).to_contain_text("Start a new duel with Bryn")
    assert saved(page, SLOT) is None
    expect(page.locator(".remote-waiting")).to_be_visible()
    assert page.evaluate("localStorage.getItem('gemau:stats:wordle')") is None
