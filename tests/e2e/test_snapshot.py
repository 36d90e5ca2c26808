"""This device's memory snapshot of Python (issue 19; static/js/snapshot.js,
pyodide-start.mjs, py/app/snapshot.py): made in the background once the page has
been ready a while, then every later start (the page's and the thinker's) comes
from it, and the games play as from a plain start. A snapshot that will not start
is dropped and the page starts as usual; one of another release is never used."""

import json

import pytest
from e2e_support import wait_ready
from playwright.sync_api import expect
from test_thinker import replay_computer_moves, thinker_moves

pytestmark = pytest.mark.first_visit  # what a first visit does, before any snapshot

ROOT = "document.documentElement.dataset"


def with_snapshot(open_app, route=""):
    page = open_app(route, snapshot=True)
    expect(page.locator("html[data-snapshot='kept']")).to_be_attached(timeout=90_000)
    return page


def started_again(page):
    page.reload()
    wait_ready(page)
    return page.evaluate(f"{ROOT}.snapshot || ''")


def test_the_next_start_comes_from_the_snapshot_and_the_computer_plays_from_it(open_app):
    page = with_snapshot(open_app)
    page.evaluate("location.hash = '#/battleship?seed=41&mode=classic&opponent=hard&side=blue'")
    expect(page.locator("[data-game='battleship']")).to_be_visible()
    assert started_again(page) == "used"
    page.locator("[data-action='random-fleet']").click()
    expect(page.locator("html[data-thinker='ready']")).to_be_attached(timeout=30_000)
    page.locator("#bs-ready").click()
    log = page.locator("[data-log] li")
    # Each count waits for the computer's shot, thought in the worker: up to 600 ms on an
    # idle machine, and over 5 s in a fresh clone on 2026-12-07 while other browser tests
    # ran beside it (the worker's share of the cores, not what this test is about).
    expect(log).to_have_count(1, timeout=30_000)
    for column in range(1, 3):
        page.locator(f"#bs-t-J{column}").click()
        expect(log).to_have_count(1 + 2 * column, timeout=30_000)
    assert thinker_moves(page) >= 2  # the worker too started, from the snapshot
    saved = json.loads(page.evaluate("localStorage.getItem('gemau:saved:battleship')"))["data"]
    frame = saved["meta"]["frame"]
    shots = [text for player, text in frame["moves"] if player == 0 and text.startswith("fire")]
    assert shots == replay_computer_moves(frame)  # the same play as from a plain start
    assert started_again(page) == "used"  # and the game resumes
    expect(page.locator("[data-log] li")).to_have_count(5)


def test_fresh_seeds_differ_between_starts_from_one_snapshot(open_app):
    page = with_snapshot(open_app)
    seeds = set()
    for _ in range(2):
        assert started_again(page) == "used"
        page.evaluate("location.hash = '#/marbles'")
        page.wait_for_function("localStorage.getItem('gemau:saved:marbles') !== null")
        saved = json.loads(page.evaluate("localStorage.getItem('gemau:saved:marbles')"))
        seeds.add(saved["data"]["meta"]["frame"]["seed"])
        page.evaluate("location.hash = '#/'")  # leaving saves the game: then it is removed
        expect(page.locator(".game-card")).to_have_count(5)
        page.evaluate("localStorage.removeItem('gemau:saved:marbles')")
    assert len(seeds) == 2


def test_a_snapshot_that_will_not_start_is_dropped_and_python_starts_as_usual(open_app):
    page = with_snapshot(open_app)
    page.evaluate(
        """async () => {
      const cache = await caches.open("gemau-snapshot");
      const [key] = await cache.keys();
      const bad = new Blob([new Uint8Array(1000)]).stream().pipeThrough(new CompressionStream("gzip"));
      await cache.put(key, new Response(await new Response(bad).blob()));
    }"""
    )
    assert started_again(page) == ""  # started as usual
    expect(page.locator(".game-card")).to_have_count(5)
    # the bad one is gone, and a good one is made again
    expect(page.locator("html[data-snapshot='kept']")).to_be_attached(timeout=90_000)
    assert started_again(page) == "used"


def test_a_snapshot_of_another_release_is_not_used(open_app):
    page = with_snapshot(open_app)
    page.evaluate(
        """async () => {
      const cache = await caches.open("gemau-snapshot");
      const [key] = await cache.keys();
      const kept = await cache.match(key);
      await cache.delete(key);
      await cache.put(key.url.replace(window.gemauCode, "0000000000000000"), kept);
    }"""
    )
    assert started_again(page) == ""
    expect(page.locator(".game-card")).to_have_count(5)
