"""Wordle duels played in the page through the on-screen keyboard.

The test knows the hidden word the way the page draws it: from the duel's seed
and the shipped word list, with the engine's own code."""

import json
import re

from e2e_support import ROOT
from games.common.rng import SeededRng
from games.wordle.dictionary import Dictionary
from playwright.sync_api import expect


def duel_word(lang: str, seed: int):
    words = Dictionary(
        lang, json.loads((ROOT / "static" / "words" / f"{lang}.json").read_text("utf-8"))
    )
    rng = SeededRng(seed)
    length = rng.choice((4, 5, 6))
    return words, length, rng.choice(words.answers[length])


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
