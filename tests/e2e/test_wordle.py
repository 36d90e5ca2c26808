"""Wordle duels played in the page through the on-screen keyboard.

The test knows the hidden word the way the page draws it: from the duel's seed
and the shipped word list, with the engine's own code."""

import json

from playwright.sync_api import expect

from e2e_support import ROOT
from games.common.rng import SeededRng
from games.wordle.dictionary import Dictionary


def duel_word(lang: str, seed: int):
    words = Dictionary(lang, json.loads((ROOT / "static" / "words" / f"{lang}.json").read_text("utf-8")))
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
    page = open_app(f"#/wordle?mode=duel&seed={seed}&lang=en&level=beginner&speed=4")
    expect(page.locator(".wd-board")).to_be_visible(timeout=30_000)
    page.screenshot(path="/tmp/lead/wordle-start.png")
    wait_my_turn(page)
    # An invalid guess: the row shakes, a message says why, the turn goes on.
    type_on_screen(page, ["q"] * length)
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-message.wd-error")).to_contain_text("not in the word list")
    expect(page.locator(".wd-current.wd-shake")).to_have_count(1)
    for _ in range(length):
        page.locator(".wd-key[data-key='back']").click()
    type_on_screen(page, words.tiles(answer))
    page.screenshot(path="/tmp/lead/wordle-typed.png")
    page.locator(".wd-key[data-key='enter']").click()
    expect(page.locator(".wd-status")).to_contain_text("You solved it first")
    expect(page.locator(".wd-row.wd-you .wd-correct")).to_have_count(length)
    page.screenshot(path="/tmp/lead/wordle-won.png")
