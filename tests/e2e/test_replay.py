"""Replays: a finished game is kept, listed in Statistics, and its link opens the
replay in a fresh browser that steps back and forth."""

import json

from app import saved_games
from app.midend import HUMAN, Midend
from app.storage import MemoryBackend, Store
from e2e_support import wait_ready
from games.common.rng import SeededRng
from games.marbles.game import GAME as MARBLES
from playwright.sync_api import expect

SEED = 4


def one_move_from_the_end() -> tuple[str, list, tuple]:
    """A saved Marbles game (as the midend writes it) one move before its end,
    the moves that led there, and that last move."""
    finished = MARBLES.new_game({"version": 4}, SEED)
    rng, moves = SeededRng(SEED), []
    while not finished.is_over:
        legal = finished.legal_moves()
        moves.append(legal[rng.randrange(len(legal))])
        finished.apply(moves[-1])
    store = Store(MemoryBackend())
    saved_games.register(store, ["marbles"])
    midend = Midend(store, MARBLES, lambda: 0.0)
    midend.start({"version": 4}, SEED, [HUMAN])
    for move in moves[:-1]:
        midend.play(move)
    midend.save()
    return store.backend.items["gemau:saved:marbles"], moves, moves[-1]


def test_a_finished_game_is_kept_and_replays_from_its_link_in_a_fresh_browser(open_app, context):
    record, moves, last = one_move_from_the_end()
    page = open_app("#/marbles", storage={"gemau:saved:marbles": record})
    page.locator(f"#mb-c-{last[0]}").click()
    page.locator(f"#mb-c-{last[1]}").click()
    expect(page.locator("#mb-over")).to_be_visible()
    page.keyboard.press("Escape")
    page.get_by_role("link", name="Statistics").click()
    recent = page.locator("[data-recent='marbles'] a")
    expect(recent).to_have_count(1)
    link = recent.first.get_attribute("href")

    fresh = open_app(link, ctx=context())
    expect(fresh.locator("[data-page='replay']")).to_be_visible()
    expect(fresh.get_by_role("heading", name="Replay: Marbles")).to_be_visible()
    step = fresh.locator("[data-step]")
    expect(step).to_contain_text(f"({len(moves)} moves)")
    expect(fresh.locator(".replay-board .m")).to_have_count(5)  # the opening marbles
    fresh.locator("#replay-forward").click()
    expect(step).to_contain_text(f"Move 1 of {len(moves)}")
    fresh.keyboard.press("End")
    expect(step).to_contain_text(f"Move {len(moves)} of {len(moves)}")
    expect(fresh.locator(".replay-board .m")).to_have_count(81)  # the board filled
    fresh.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Move {len(moves) - 1} of {len(moves)}")
    fresh.locator("#replay-first").click()
    expect(step).to_contain_text("The start of the game")
    fresh.reload()  # the position is in the address
    wait_ready(fresh)
    expect(step).to_contain_text("The start of the game")


def test_a_damaged_replay_link_says_so(open_app):
    page = open_app("#/replay/marbles?r=AAAA" + "x" * 50)
    expect(page.locator("[data-replay-bad]")).to_be_visible()
    assert json.loads(page.evaluate("JSON.stringify(document.title)"))
