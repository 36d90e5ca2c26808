"""Deblockle between two devices (docs/rules/README.md, Playing on two devices): the host
invites, the friend replies, the host picks Deblockle, and each plays their own blocks by
clicks on their own page; both pages agree on every move and on the result, a reload
resumes, and a device that lies is caught. The conftest's `watch` checks that no request
left either page's origin."""

import json
import random

from e2e_support import wait_ready
from games.deblockle.game import GAME
from playwright.sync_api import expect
from remote_support import connect, moves_played, my_seat, saved, set_name
from test_axe import violations
from test_deblockle import play_by_clicks

SLOT = "deblockle-remote"
ONE_BLOCK_EACH = {"blocks_gold": 1, "blocks_blue": 1}


def set_prefs(page, **prefs):
    record = {"v": 1, "rev": 1, "data": prefs}
    page.evaluate("(r) => localStorage.setItem('gemau:prefs:deblockle', r)", json.dumps(record))


def start_game(open_app, context, friend_context=None):
    host = open_app("#/connect", reduced_motion="reduce")
    set_prefs(host, **ONE_BLOCK_EACH)
    host.reload()
    wait_ready(host)
    set_name(host, "Ann")
    friend_context = friend_context or context(reduced_motion="reduce")
    friend = connect(host, friend_context, "Bryn")
    expect(friend.locator(".connect-waiting")).to_have_text("Ann is choosing a game.")
    host.click("[data-action='play'][data-game='deblockle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_be_visible(timeout=20_000)
        expect(page.locator("[data-game='deblockle'] .db-board")).to_be_visible()
    return host, friend


def engine_state(page):
    return GAME.load(saved(page, SLOT)["state"])


def mover(pages):
    """The page whose player is to move, and the position it shows."""
    for page in pages:
        record = saved(page, SLOT)
        state = GAME.load(record["state"])
        if state.current_player == my_seat(record):
            return page, state
    raise AssertionError("neither device is to move")


def play_one_turn(pages, rng):
    page, state = mover(pages)
    other = pages[1] if page is pages[0] else pages[0]
    before = moves_played(other, SLOT)
    legal = [str(m) for m in state.legal_moves()]
    removing = [m for m in legal if any(o["removes"] for o in state.tip_options(m[:2]))]
    play_by_clicks(page, state, rng.choice(removing or legal))
    wait_for_moves(other, before)


def wait_for_moves(page, before: int) -> None:
    page.wait_for_function(
        "([slot, n]) => { const r = localStorage.getItem('gemau:saved:' + slot);"
        " return r && JSON.parse(r).data.meta.frame.moves.length > n; }",
        arg=[SLOT, before],
        timeout=10_000,
    )


def test_a_whole_game_between_two_devices_agrees_to_the_end_and_counts_on_both(open_app, context):
    host, friend = start_game(open_app, context)
    seats = [my_seat(saved(page, SLOT)) for page in (host, friend)]
    assert sorted(seats) == [0, 1]  # who is gold was drawn by both devices together
    assert violations(host) == [] and violations(friend) == []
    rng = random.Random(5)
    for _ in range(200):
        if engine_state(host).is_over:
            break
        page, _ = mover((host, friend))
        other = friend if page is host else host
        name = "Ann" if other is friend else "Bryn"
        expect(other.locator(".db-status")).to_contain_text(f"Waiting for {name}'s move")
        play_one_turn((host, friend), rng)
    host_state, friend_state = engine_state(host), engine_state(friend)
    assert host_state.is_over and host_state.to_json() == friend_state.to_json()
    winner = host_state.result["winner"]
    for page, seat, peer in ((host, seats[0], "Bryn"), (friend, seats[1], "Ann")):
        dialog = page.locator("#db-over")
        expect(dialog).to_be_visible()
        if winner is None:
            expect(dialog.locator("[data-result]")).not_to_contain_text("wins")
        elif winner == seat:
            expect(dialog.locator("[data-result]")).to_have_text("You win!")
        else:
            expect(dialog.locator("[data-result]")).to_have_text(f"{peer} wins.")
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))
        entry = stats["data"]["remote-fewer"]
        assert entry["played"] == 1
        assert entry.get("won", 0) == (1 if winner == seat else 0)
    host.keyboard.press("Escape")
    expect(host.locator(".remote-bar [data-action='remote-again']")).to_have_text(
        "Play again with Bryn"
    )
    friend.keyboard.press("Escape")
    expect(friend.locator(".remote-bar")).to_contain_text("Ann can start another game.")
