"""Wordle duels played in the page through the on-screen keyboard.

The test knows the hidden word the way the page draws it: from the duel's seed
and the shipped word list, with the engine's own code, for a duel asked for by
its number (which never counts); for a duel the page starts itself (which
counts), from its save."""

import json
import re

import pytest
from e2e_support import ROOT, wait_ready
from games.common.rng import SeededRng
from games.wordle.dictionary import Dictionary
from games.wordle.players import PROTOCOL_LEVELS
from playwright.sync_api import expect


def dictionary(lang: str) -> Dictionary:
    return Dictionary(
        lang, json.loads((ROOT / "static" / "words" / f"{lang}.json").read_text("utf-8"))
    )


def duel_word(lang: str, seed: int):
    words = dictionary(lang)
    rng = SeededRng(seed)
    length = rng.choice((4, 5, 6))
    return words, length, rng.choice(words.answers[length])


def new_duel(open_app, speed: int = 1, ctx=None):
    """A duel the page starts itself (English, against the beginner), so one that
    counts: (page, words, length, its word, read from its save)."""
    page = open_app(ctx=ctx)
    record = {"v": 1, "rev": 1, "data": {"lang": "en", "level": "beginner"}}
    page.evaluate("(r) => localStorage.setItem('gemau:prefs:wordle', r)", json.dumps(record))
    # A page of a context that already played one would resume that duel, finished or not.
    page.evaluate("localStorage.removeItem('gemau:saved:wordle')")
    page.evaluate(f"location.hash = '#/wordle?mode=duel&speed={speed}'")
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    words, answer = dictionary("en"), saved_duel(page)["state"]["word"]
    return page, words, len(words.tiles(answer)), answer


def type_on_screen(page, tiles):
    for tile in tiles:
        page.locator(f".wd-key[data-key='{tile}']").click()


def wait_my_turn(page, timeout=60_000):
    expect(page.locator(".wd-whose.wd-you")).to_be_visible(timeout=timeout)


def test_a_seeded_duel_through_the_on_screen_keyboard(open_app):
    seed = 11
    words, length, answer = duel_word("en", seed)
    page = open_app(f"#/wordle?mode=duel&seed={seed}&lang=en&level=beginner&speed=2")
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    wait_my_turn(page)
    # An invalid guess: the row shakes, a message says why, the turn goes on.
    type_on_screen(page, ["q"] * length)
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-message.wd-error")).to_contain_text("not in the word list")
    expect(page.locator(".wd-current.wd-shake")).to_have_count(1)
    for _ in range(length):
        page.locator(".wd-key[data-key='back']").click()
    type_on_screen(page, words.tiles(answer))
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    expect(page.locator(".wd-row.wd-you .wd-correct")).to_have_count(length)
    assert "not in the word list" not in page.locator(".wd-message").inner_text()
    # Asked for by its number, its word could be known: said at once, never counted.
    expect(page.locator(".notice", has_text="started from its number")).to_have_count(1)
    expect(page.locator("[data-not-counted]")).to_have_text("Not counted")
    assert page.evaluate("localStorage.getItem('gemau:stats:wordle')") is None


def test_a_turn_that_runs_out_is_skipped_and_passes(open_app):
    # speed=50: a 30-second turn lasts 0.6 s, so nobody types in time.
    page = open_app("#/wordle?mode=duel&seed=3&lang=en&level=beginner&speed=50")
    skipped = page.locator(".wd-row.wd-you.wd-skipped")
    expect(skipped.first).to_be_visible(timeout=30_000)
    expect(skipped.first).to_contain_text("time ran out")
    # Turns alternate: the computer's row follows the skipped one (or came before it).
    expect(page.locator(".wd-row.wd-them")).not_to_have_count(0, timeout=30_000)


def test_russian_duel_with_its_own_keyboard(open_app):
    seed = 5
    words, length, answer = duel_word("ru", seed)
    page = open_app(f"#/wordle?mode=duel&seed={seed}&lang=ru&level=beginner&speed=2")
    expect(page.locator(".wd-key[data-key='й']")).to_be_visible(timeout=30_000)
    expect(page.locator(".wd-key[data-key='q']")).to_have_count(0)
    wait_my_turn(page)
    type_on_screen(page, words.tiles(answer))
    expect(page.locator(".wd-current .wd-typed")).to_have_count(length)
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")


def test_welsh_duel_with_digraph_tiles_typed_on_both_keyboards(open_app):
    """docs/rules/wordle-tournament.md 12.5: ll is one tile, from the ll key or from
    l then l on a hardware keyboard; the row's length is counted in Welsh letters."""
    seed = 113  # its word is llathen (ll a th e n), and the player starts
    words, length, answer = duel_word("cy", seed)
    assert words.tiles(answer) == ["ll", "a", "th", "e", "n"]
    page = open_app(f"#/wordle?mode=duel&seed={seed}&lang=cy&level=beginner&speed=2")
    expect(page.locator(".wd-key[data-key='ll']")).to_be_visible(timeout=30_000)
    expect(page.locator(".wd-key[data-key='k']")).to_have_count(0)
    wait_my_turn(page)
    typed = page.locator(".wd-current .wd-typed")
    type_on_screen(page, ["ll", "a"])  # the ll key: one tile
    expect(typed).to_have_count(2)
    for _ in range(2):
        page.locator(".wd-key[data-key='back']").click()
    expect(typed).to_have_count(0)
    page.keyboard.type("".join(words.tiles(answer)))  # l, l, a, t, h, e, n as letters
    expect(typed).to_have_count(length)
    page.keyboard.press("Enter")
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    expect(page.locator(".wd-row.wd-you .wd-correct")).to_have_count(length)


def test_physical_keys_and_reload_resumes_the_duel(open_app):
    seed = 11
    words, length, answer = duel_word("en", seed)
    other = next(w for w in words.answers[length] if w != answer)
    page = open_app(f"#/wordle?mode=duel&seed={seed}&lang=en&level=beginner&speed=2")
    wait_my_turn(page)
    page.keyboard.type(other)
    expect(page.locator(".wd-current .wd-typed")).to_have_count(length)
    page.keyboard.press("Enter")
    mine = page.locator(".wd-row.wd-you:not(.wd-current)")
    expect(mine).to_have_count(1)
    page.reload()
    expect(page.locator(".wd-row.wd-you:not(.wd-current)").first).to_be_visible(timeout=60_000)
    first_row = page.locator(".wd-row.wd-you:not(.wd-current):not(.wd-skipped)").first
    expect(first_row).to_have_attribute("aria-label", re.compile(f"You: {other.upper()}"))
    expect(page.locator(".wd-duel-info")).to_contain_text(f"{length} letters")


def saved_duel(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('gemau:saved:wordle')"))["data"]


def guess_on_screen(page, words, word):
    type_on_screen(page, words.tiles(word))
    page.locator(".wd-key[data-key='enter']").click()


def test_two_tabs_on_one_duel_take_the_newer_save_with_a_notice(open_app, context):
    """The tab left behind shows the other's newer duel with a notice instead of
    playing on unsaved, and its next row builds on that duel."""
    for _ in range(5):  # another duel, in a fresh browser, when the computer solves it first
        ctx = clocked(context)
        first, words, length, answer = new_duel(open_app, ctx=ctx)
        other = next(w for w in words.answers[length] if w != answer)
        wait_my_turn(first)
        second = open_app("#/wordle?mode=duel", ctx=ctx)
        wait_my_turn(second)
        guess_on_screen(second, words, other)
        mine = re.compile(f"You: {other.upper()}")
        expect(second.locator(".wd-row.wd-you").first).to_have_attribute("aria-label", mine)
        notice = first.locator("[data-notice-id='wordle-other-tab']")
        expect(notice).to_contain_text("another tab")
        expect(first.locator(".wd-row.wd-you").first).to_have_attribute("aria-label", mine)
        if my_turn_again(first):
            break
        ctx.close()
    else:
        raise AssertionError("the computer solved five duels in a row first")
    guess_on_screen(first, words, answer)
    expect(first.locator(".wd-status")).to_contain_text("You solved it first")
    rows = saved_duel(first)["state"]["rows"]
    assert [row["guess"] for row in rows if row["seat"] == 0] == [other, answer]
    expect(second.locator(".wd-status")).to_contain_text("You solved it first")
    stats = json.loads(first.evaluate("localStorage.getItem('gemau:stats:wordle')"))
    assert stats["data"]["duel"]["played"] == 1  # recorded once, by the tab that won


def test_a_full_device_mid_duel_still_finishes_it_with_its_result_and_says_so(open_app, context):
    for _ in range(5):  # another duel, in a fresh browser, when the computer solves it first
        page, words, length, answer = new_duel(open_app, speed=2, ctx=clocked(context))
        other = next(w for w in words.answers[length] if w != answer)
        wait_my_turn(page)
        page.evaluate("""() => { Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
        guess_on_screen(page, words, other)
        expect(page.locator(".notice", has_text="full").first).to_be_visible()
        if my_turn_again(page):  # the computer played its turn on the ticker, unsaved
            break
        page.close()
    else:
        raise AssertionError("the computer solved five duels in a row first")
    guess_on_screen(page, words, answer)
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    expect(page.locator(".wd-after [data-action='wd-new-duel']")).to_be_visible()
    expect(page.locator(".notice", has_text="full").first).to_be_visible()


def clocked(context, **options):
    """A new browser context whose pages run on a clock the test can move on (it runs with
    real time until then): my_turn_again runs the computer's think time on with it."""
    ctx = context(**options)
    ctx.clock.install()
    return ctx


def my_turn_again(page) -> bool:
    """After a wrong guess: True when the turn comes back, False when the computer
    solved it first (a fresh duel's word is random, so it sometimes does). The computer
    thinks for up to 30 s of the duel's time, which the page's clock (installed by
    `clocked`) runs on, a second at a time: never past the person's own next turn."""
    yours_or_over = ".wd-whose.wd-you, .wd-status:has-text('solved it first')"
    for _ in range(60):
        if page.locator(yours_or_over).count():
            break
        page.clock.run_for(1000)
    expect(page.locator(yours_or_over).first).to_be_visible(timeout=60_000)
    return "opponent" not in (page.locator(".wd-status").text_content() or "")


def test_a_saved_duel_with_a_damaged_clock_is_reset_with_a_message(open_app):
    page = open_app("#/wordle?mode=duel&seed=11&lang=en&level=beginner")
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    page.evaluate("location.hash = '#/'")
    page.evaluate("""() => { const key = 'gemau:saved:wordle';
        const record = JSON.parse(localStorage.getItem(key));
        record.data.meta.t0 = 'soon'; localStorage.setItem(key, JSON.stringify(record)); }""")
    page.evaluate("location.hash = '#/wordle?mode=duel'")
    reset = page.locator(".notice", has_text="the saved game of Wordle")
    expect(reset).to_contain_text("had to be reset")
    expect(page.locator(".wd-board")).to_be_visible()
    assert is_int_time(saved_duel(page)["meta"]["t0"])


def is_int_time(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def test_a_finished_duel_replays_from_statistics_in_a_fresh_browser(open_app, context):
    for _ in range(5):  # another duel, in a fresh browser, when the computer solves it first
        page, words, length, answer = new_duel(open_app, speed=2, ctx=clocked(context))
        wait_my_turn(page)
        guess_on_screen(page, words, next(w for w in words.answers[length] if w != answer))
        if my_turn_again(page):
            break
        page.close()
    else:
        raise AssertionError("the computer solved five duels in a row first")
    guess_on_screen(page, words, answer)
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    expect(page.locator("[data-not-counted]")).to_have_count(0)
    stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:wordle')"))
    assert stats["data"]["duel"]["won"] == 1
    moves = len(saved_duel(page)["state"]["rows"])
    page.get_by_role("link", name="Statistics").click()
    recent = page.locator("[data-recent='wordle'] a")
    expect(recent).to_have_count(1)
    link = recent.first.get_attribute("href")
    assert link.startswith("#/replay/wordle?r=")

    fresh = open_app(link, ctx=context())
    expect(fresh.get_by_role("heading", name="Replay: Wordle")).to_be_visible()
    step = fresh.locator("[data-step]")
    expect(step).to_contain_text(f"({moves} moves)", timeout=30_000)  # once the words are in
    played = fresh.locator(".replay-board .wd-row:not(.wd-future):not(.wd-current)")
    expect(played).to_have_count(0)
    fresh.locator("#replay-forward").click()
    expect(step).to_contain_text(f"Move 1 of {moves}")
    expect(played).to_have_count(1)
    fresh.keyboard.press("End")
    expect(step).to_contain_text(f"Move {moves} of {moves}")
    expect(fresh.locator(".replay-board")).to_contain_text(f"The word was {answer.upper()}")
    expect(played).to_have_count(moves)
    fresh.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Move {moves - 1} of {moves}")
    expect(fresh.locator(".replay-board")).not_to_contain_text(answer.upper())
    fresh.locator("#replay-first").click()
    expect(step).to_contain_text("The start of the game")


SCREENS = [(390, 844), (360, 740), (1280, 900), (1366, 768)]
LANGUAGES = ["en", "id", "de", "es", "fr", "it", "nl", "uz", "pl", "pt", "kk", "ru", "uk", "cy"]


def box(page, selector) -> dict:
    return page.locator(selector).first.bounding_box()


def open_duel_in(page, lang, seed):
    page.evaluate(f"location.hash = '#/wordle?mode=duel&seed={seed}&lang={lang}&level=beginner'")
    expect(page.locator(f".wd-duel[data-lang='{lang}'] .wd-keyboard")).to_be_visible(timeout=30_000)


def test_board_and_keyboard_fit_the_first_screen_in_every_language(open_app):
    """Issue 16: the keyboard was cut off (a phone showed only its top row; Kazakh's
    four rows were cut at 1000 px). Every row of the board and every key fits. (One page,
    resized to each screen: Wordle's layout is the style sheet's alone, as on a phone
    turned or a window resized.)"""
    page = open_app(viewport={"width": SCREENS[0][0], "height": SCREENS[0][1]})
    for seed, lang in enumerate(LANGUAGES, 1):
        page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})
        open_duel_in(page, lang, seed)
        page.locator("[data-notice-id] [data-action='dismiss']").click()
        expect(page.locator("[data-notice-id]")).to_have_count(0)
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            keys, board = box(page, ".wd-keyboard"), box(page, ".wd-board")
            where = f"{lang} at {width}x{height}"
            assert keys["y"] + keys["height"] <= height, f"keyboard cut off: {where}"
            last_row = page.locator(".wd-board .wd-row").last.bounding_box()
            assert last_row["y"] + last_row["height"] <= board["y"] + board["height"] + 1, where
            assert board["y"] + board["height"] <= keys["y"], where
            tile = box(page, ".wd-board .wd-tile")
            assert tile["width"] >= 16, where
            assert page.evaluate("document.documentElement.scrollHeight") <= height, where
            assert page.evaluate("document.documentElement.scrollWidth") <= width, where


def test_notices_sit_above_the_board_never_over_the_keyboard(open_app):
    """Issue 16: the notice stack sat over the on-screen keys. With two notices
    shown, the keys are all on screen, uncovered, and can be pressed."""
    for width, height in [(390, 844), (1280, 900)]:
        page = open_app(viewport={"width": width, "height": height})
        page.evaluate("localStorage.setItem('gemau:saved:marbles', '{')")  # reset at start
        page.reload()
        wait_ready(page)
        open_duel_in(page, "en", 11)  # and its own notice: started from its number
        notices = page.locator("[data-notice-id]")
        expect(notices).to_have_count(2)
        keys, board = box(page, ".wd-keyboard"), box(page, ".wd-board")
        assert keys["y"] + keys["height"] <= height
        for index in range(2):
            notice = notices.nth(index).bounding_box()
            assert notice["y"] + notice["height"] <= board["y"], "a notice over the board"
        for key in page.locator(".wd-key").all():
            centre = key.bounding_box()
            x, y = centre["x"] + centre["width"] / 2, centre["y"] + centre["height"] / 2
            hit = page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y).closest('.wd-key') !== null", [x, y]
            )
            assert hit, f"key {key.get_attribute('data-key')} covered at {width}x{height}"


def test_a_new_practice_duel_asks_before_throwing_one_away(open_app):
    """Issue 16 item 4: "New practice duel" threw a duel in progress away
    without asking. Now it asks; keeping it (button or Escape) changes nothing;
    a new duel loses it, and it is not counted (docs/rules/wordle-tournament.md 13.4)."""
    page, words, length, answer = new_duel(open_app)
    new_button = page.get_by_role("button", name="New practice duel")
    question = page.locator("#question")
    first = saved_duel(page)["meta"]["frame"]["seed"]
    page.evaluate("location.hash = '#/wordle'")
    new_button.click()  # nothing played yet: no question, a new duel
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    expect(question).to_have_count(0)
    assert saved_duel(page)["meta"]["frame"]["seed"] != first
    answer = saved_duel(page)["state"]["word"]  # the new duel's
    length = len(words.tiles(answer))
    wait_my_turn(page)
    guess_on_screen(page, words, next(w for w in words.answers[length] if w != answer))
    expect(page.locator(".wd-row.wd-you:not(.wd-current)")).to_have_count(1)
    before = saved_duel(page)
    page.get_by_role("link", name="Wordle home").click()
    new_button.click()
    expect(question).to_be_visible()
    expect(question).to_contain_text("Start a new practice duel?")
    expect(question).to_contain_text("does not count in your statistics")
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    question.get_by_role("button", name="Keep playing").click()
    expect(question).to_have_count(0)
    expect(page.locator(".wd-home")).to_be_visible()
    assert saved_duel(page)["state"] == before["state"]
    new_button.click()
    expect(question).to_be_visible()
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    assert saved_duel(page)["state"] == before["state"]
    page.get_by_role("link", name="Continue").click()
    expect(page.locator(".wd-row.wd-you:not(.wd-current)")).to_have_count(1, timeout=30_000)
    page.get_by_role("link", name="Wordle home").click()
    new_button.click()
    question.get_by_role("button", name="New duel").click()
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    expect(page.locator(".wd-row:not(.wd-future):not(.wd-current)")).to_have_count(0)
    assert saved_duel(page)["meta"]["frame"]["seed"] != before["meta"]["frame"]["seed"]
    assert page.evaluate("localStorage.getItem('gemau:stats:wordle')") is None


def test_letters_typed_are_still_there_after_a_reload(open_app):
    """Issue 16: the letters of the row being typed were lost on reload."""
    page, words, _length, answer = new_duel(open_app)
    wait_my_turn(page)
    tiles = words.tiles(answer)
    type_on_screen(page, tiles[:3])
    typed = page.locator(".wd-current .wd-typed")
    expect(typed).to_have_count(3)
    page.reload()
    wait_ready(page)
    expect(typed).to_have_count(3, timeout=30_000)
    assert [typed.nth(i).inner_text().lower() for i in range(3)] == tiles[:3]
    type_on_screen(page, tiles[3:])
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    assert saved_duel(page)["meta"]["typed"] == ""


TILE_MOTION = """(selector) => [...document.querySelectorAll(selector)].map((tile) => {
    const style = getComputedStyle(tile);
    return {name: style.animationName, background: style.backgroundColor};
})"""


def a_row_then_a_win(open_app, speed: int, ctx):
    """A new duel with a wrong guess then the word; another duel when the computer
    solves it in between (a fresh duel's word is random). What moved, as drawn. (`ctx`:
    clocked.)"""
    for _ in range(5):
        page, words, length, answer = new_duel(open_app, speed=speed, ctx=ctx)
        seen = play_a_row_and_win(page, words, length, answer)
        if seen is not None:
            return seen, length, page
        page.close()
    raise AssertionError("the computer solved five duels in a row first")


def play_a_row_and_win(page, words, length, answer):
    """A wrong guess then the word, each tile typed on screen; what moved, as drawn
    (None when the computer solved it first)."""
    seen = {}
    wait_my_turn(page)
    type_on_screen(page, words.tiles(answer)[:1])
    seen["pop"] = page.evaluate(TILE_MOTION, ".wd-current .wd-typed")[0]["name"]
    page.locator(".wd-key[data-key='back']").click()
    guess_on_screen(page, words, next(w for w in words.answers[length] if w != answer))
    seen["flip"] = page.evaluate(TILE_MOTION, ".wd-row.wd-you.wd-reveal .wd-tile")
    if not my_turn_again(page):
        return None
    guess_on_screen(page, words, answer)
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    seen["win"] = page.evaluate(TILE_MOTION, ".wd-row.wd-won .wd-tile")
    return seen


def test_tiles_flip_in_turn_pop_when_typed_and_bounce_on_a_win(open_app, context):
    """Issue 16, feel: as players know from Wordle; short, and each tile's colour
    is its mark's the moment its flip ends."""
    seen, length, page = a_row_then_a_win(open_app, speed=2, ctx=clocked(context))
    assert seen["pop"] == "wd-pop"
    assert [tile["name"] for tile in seen["flip"]] == ["wd-flip, wd-unmarked"] * length
    assert [tile["name"] for tile in seen["win"]] == ["wd-flip, wd-unmarked, wd-bounce"] * length
    delays = page.evaluate("""() => [...document.querySelectorAll('.wd-won .wd-tile')]
        .map((tile) => getComputedStyle(tile).animationDelay)""")
    assert delays[0].startswith("0s") and delays[1].startswith("0.08s")  # in turn
    # Every animation of the row over (its flips, then its bounce):
    page.wait_for_function(
        """() => [...document.querySelectorAll('.wd-row.wd-won .wd-tile')].every((tile) =>
            tile.getAnimations().every((motion) => motion.playState === 'finished'))""",
        timeout=5_000,
    )
    correct = page.evaluate(TILE_MOTION, ".wd-row.wd-won .wd-tile")
    green = page.evaluate("""() => { const probe = document.createElement('span');
        probe.className = 'wd-tile wd-correct'; document.querySelector('.wd-board').append(probe);
        const colour = getComputedStyle(probe).backgroundColor; probe.remove(); return colour; }""")
    assert {tile["background"] for tile in correct} == {green}
    # Drawn again (a key, a tick), nothing flips again.
    page.locator(".wd-after [data-action='wd-new-duel']").focus()
    expect(page.locator(".wd-board .wd-row.wd-you.wd-reveal")).to_have_count(1)


@pytest.mark.long
def test_tiles_do_not_move_with_reduced_motion(open_app, context):
    """None of it under the system's reduced motion, nor under the app's setting."""
    seen, _, _ = a_row_then_a_win(open_app, speed=2, ctx=clocked(context, reduced_motion="reduce"))
    assert seen["pop"] == "none"
    assert {tile["name"] for tile in seen["flip"] + seen["win"]} == {"none"}
    ctx = clocked(context)
    app_setting = open_app("#/settings", ctx=ctx)
    app_setting.get_by_label("Reduced motion").check()
    expect(app_setting.locator("html")).to_have_attribute("data-motion", "reduce")
    seen, _, _ = a_row_then_a_win(open_app, speed=2, ctx=ctx)
    assert seen["pop"] == "none"
    assert {tile["name"] for tile in seen["flip"] + seen["win"]} == {"none"}


def test_the_language_and_opponent_chosen_on_the_wordle_page_are_played_and_kept(open_app):
    """The practice duel is played in the language chosen, against the opponent shown, and
    both choices are kept after a reload (the page's choices: the unit tests of
    app.views.wordle check what is stored)."""
    page = open_app("#/wordle")
    level = page.locator("#wd-level").input_value()
    page.locator("#wd-lang").select_option("fr")
    page.locator("[data-action='wd-new-duel']").click()
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    frame = saved_duel(page)["meta"]["frame"]
    opponent = f"computer:{PROTOCOL_LEVELS[level]}"
    assert frame["options"]["lang"] == "fr" and frame["seats"] == ["human", opponent]
    words, word = dictionary("fr"), saved_duel(page)["state"]["word"]
    assert word in words.answers[len(words.tiles(word))]
    page.evaluate("location.hash = '#/wordle'")
    page.locator("#wd-level").select_option("expert")
    page.reload()
    wait_ready(page)
    expect(page.locator("#wd-lang")).to_have_value("fr")
    expect(page.locator("#wd-level")).to_have_value("expert")
