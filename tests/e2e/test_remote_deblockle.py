"""Deblockle between two devices (docs/rules/README.md, Playing on two devices): the host
invites, the friend replies, the host picks Deblockle, and each plays their own blocks by
clicks on their own page; both pages agree on every move and on the result, a reload
resumes, and a device that lies is caught. The conftest's `watch` checks that no request
left either page's origin."""

import json
import random

import pytest
from e2e_support import wait_ready
from games.deblockle.game import GAME
from playwright.sync_api import expect
from remote_support import TAMPERING, connect, moves_played, my_seat, saved, set_name
from test_axe import violations
from test_deblockle import play_by_clicks

SLOT = "deblockle-remote"
ONE_BLOCK_EACH = {"blocks_gold": 1, "blocks_blue": 1}


def prefs(**chosen) -> dict[str, str]:
    """The game's remembered choices, as storage for open_app."""
    return {"gemau:prefs:deblockle": json.dumps({"v": 1, "rev": 1, "data": chosen})}


def start_game(open_app, context, friend_context=None):
    host = open_app("#/connect", reduced_motion="reduce", storage=prefs(**ONE_BLOCK_EACH))
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


@pytest.mark.long
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
    friend.get_by_role("link", name="Statistics").click()
    stats = friend.locator("[data-page='stats']")
    expect(
        stats.locator("h3", has_text="With a friend on another device, fewer blocks")
    ).to_be_visible()
    friend.locator("[data-recent='deblockle'] a").first.click()
    expect(friend.locator("[data-page='replay'] .replay-board")).to_be_visible()
    friend.keyboard.press("End")
    moves = len(saved(host, SLOT)["meta"]["frame"]["moves"])
    expect(friend.locator("[data-step]")).to_contain_text(f"Move {moves} of {moves}")


def first_turns_until_friend_moves(host, friend, rng):
    """Play turns until it is the friend's device's turn to move."""
    for _ in range(4):
        page, _ = mover((host, friend))
        if page is friend:
            return
        play_one_turn((host, friend), rng)
    raise AssertionError("the friend never got a turn")


def test_a_reload_loses_the_connection_and_a_new_link_carries_the_game_on(open_app, context):
    host, friend = start_game(open_app, context)
    rng = random.Random(2)
    play_one_turn((host, friend), rng)
    played = moves_played(host, SLOT)
    friend.reload()
    wait_ready(friend)
    for page, name in ((host, "Bryn"), (friend, "Ann")):
        bar = page.locator(".remote-bar")
        expect(bar).to_have_attribute("data-remote", "lost", timeout=15_000)
        expect(bar).to_contain_text(f"Waiting for {name}: the connection was lost.")
    assert violations(friend) == []
    host.click(".remote-bar a[href='#/connect']")
    connect(host, None, "Bryn", friend=friend)
    for page, name in ((host, "Bryn"), (friend, "Ann")):
        expect(page.locator(".connect-resume")).to_contain_text(f"Games in progress with {name}")
    host.click("[data-action='resume'][data-game='deblockle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    assert moves_played(friend, SLOT) == moves_played(host, SLOT) == played
    play_one_turn((host, friend), rng)
    assert engine_state(host).to_json() == engine_state(friend).to_json()


ILLEGAL_MOVE = """(text) => {
  if (!text.startsWith("M")) return text;
  const message = JSON.parse(text.slice(1));
  if (message.type !== "move") return text;
  message.move = "g7n";  // no block of theirs is there
  return "M" + JSON.stringify(message);
}"""


def test_a_device_that_sends_an_illegal_move_is_caught_and_the_game_stops(open_app, context):
    friend_context = context(reduced_motion="reduce")
    friend_context.add_init_script(TAMPERING)
    host, friend = start_game(open_app, context, friend_context)
    rng = random.Random(6)
    first_turns_until_friend_moves(host, friend, rng)
    before = engine_state(host).to_json()
    friend.evaluate(f"() => {{ window.gemauTamper = {ILLEGAL_MOVE}; }}")
    play_one_turn_without_waiting(friend)
    host_bar = host.locator(".remote-bar")
    expect(host_bar).to_have_attribute("data-remote", "cheating", timeout=10_000)
    expect(host_bar).to_contain_text("Bryn's device broke the rules: you win by forfeit.")
    expect(host_bar.locator("details.remote-details")).to_contain_text("is illegal")
    # Bryn's page checked its own move and found it sound: Ann's refusal is her claim.
    friend_bar = friend.locator(".remote-bar")
    expect(friend_bar).to_contain_text("Ann's device says this device broke the rules.")
    expect(friend_bar.locator("details.remote-details")).to_contain_text("\u201cmove")
    expect(friend_bar).to_have_attribute("data-remote", "playing")
    assert engine_state(host).to_json() == before  # never played
    expect(host.locator(".db-cell.db-tip-target")).to_have_count(0)


def play_one_turn_without_waiting(page):
    state = engine_state(page)
    legal = [str(m) for m in state.legal_moves()]
    play_by_clicks(page, state, legal[0])


def test_resigning_ends_the_game_on_both_devices_and_the_other_wins(open_app, context):
    host, friend = start_game(open_app, context)
    host.click("[data-action='remote-resign']")
    expect(host.locator("#question")).to_contain_text("Bryn wins")
    host.click("[data-action='question-yes']")
    expect(host.locator(".remote-bar")).to_have_text(re_text("You resigned: Bryn wins."))
    expect(friend.locator(".remote-bar")).to_contain_text("Ann resigned: you win.")
    for page, won in ((host, 0), (friend, 1)):
        stats = json.loads(page.evaluate("localStorage.getItem('gemau:stats:deblockle')"))
        assert stats["data"]["remote-fewer"]["played"] == 1
        assert stats["data"]["remote-fewer"].get("won", 0) == won
    host.click("[data-action='remote-again']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute("data-remote", "playing")
    assert moves_played(host, SLOT) == moves_played(friend, SLOT) == 0


def re_text(text):
    import re

    return re.compile(re.escape(text))
