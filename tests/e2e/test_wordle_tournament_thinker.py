"""The Wordle Tournament's bots plan in the thinker's Web Worker (issue 19), and
the tournament is the one the engine plays under CPython for the same seed,
wherever the bots planned: in the worker, or on the page when it cannot start."""

import json

from e2e_support import ROOT
from games.wordle.dictionary import Dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_game_saved import load_tournament
from playwright.sync_api import expect
from test_thinker import thinker_moves

STATIC = ROOT / "static" / "words"
SEED = 8


def shipped_words() -> Dictionary:
    words = Dictionary("en", json.loads((STATIC / "en.json").read_text("utf-8")))
    words.load_book(json.loads((STATIC / "en.book.json").read_text("utf-8")))
    return words


WORDS = shipped_words()


def saved(page) -> Tournament:
    raw = page.evaluate("localStorage.getItem('gemau:saved:wordle-tournament-play')")
    return load_tournament(WORDS, json.loads(raw)["data"]["state"])


def rows_of(log) -> list:
    """The rows played, timed from the start: (duel, player, word, at)."""
    start = next(e["at"] for e in log if e["type"] == "started")
    return [
        (e["round"], e["duel"], e["player"], e.get("word"), e["at"] - start)
        for e in log
        if e["type"] in ("guess", "skip")
    ]


def simulated_rows(until_round: int) -> list:
    """The same tournament in the engine, we letting our clock run out every turn."""
    t = new_lobby(WORDS, [{"name": None, "rating": 1000}], SEED)
    t.start(0)
    while t.round_number <= until_round and not t.is_over:
        t.advance(t.next_event_at())
    return rows_of(t.log)


def play_a_round(page) -> list:
    expect(page.locator(".wt-lobby")).to_be_visible(timeout=30_000)
    page.locator("button[data-action='wt-start']").click()
    expect(page.locator(".wt-duel")).to_be_visible(timeout=30_000)
    page.wait_for_function(
        "() => { const g = document.querySelector('.wt-game');"
        " return g && Number(g.dataset.round) >= 2; }",
        timeout=120_000,
    )
    t = saved(page)
    return [row for row in rows_of(t.log) if row[0] == 1]


def test_the_bots_plan_in_the_worker_and_play_as_the_engine_does(open_app):
    page = open_app(f"#/wordle?mode=tournament&seed={SEED}&speed=10")
    expect(page.locator("html[data-thinker='ready']")).to_be_attached(timeout=30_000)
    played = play_a_round(page)
    assert played and played == [row for row in simulated_rows(1) if row[0] == 1]
    bot_rows = [row for row in played if row[2] != 0]
    assert thinker_moves(page) >= len(bot_rows) // 2  # most plans came from the worker


def test_without_the_worker_the_bots_plan_on_the_page(open_app, context):
    ctx = context()
    ctx.route("**/thinker.js", lambda route: route.abort())
    page = open_app(f"#/wordle?mode=tournament&seed={SEED}&speed=10", ctx=ctx)
    expect(page.locator("html[data-thinker='failed']")).to_be_attached(timeout=30_000)
    played = play_a_round(page)
    assert played == [row for row in simulated_rows(1) if row[0] == 1]
    assert thinker_moves(page) == 0
