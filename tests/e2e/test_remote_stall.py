"""A friend's page that stays connected and never moves on its turn (issue 31, "What is
recorded, decided once"): over a real data channel, with both pages' clocks driven by the
test (Playwright's clock), Ann may claim the game once Bryn has made no move for 2 minutes
on his turn; her device records a win, and Bryn's, told of the claim, records his loss."""

import json
import random

from playwright.sync_api import expect
from remote_support import connect, set_name
from test_remote_deblockle import ONE_BLOCK_EACH, first_turns_until_friend_moves

AWAY_MS = 120_000  # app.remote.verdict.AWAY_MS


def clocked_device(context):
    """A browser context whose clock the test drives, with Deblockle's one block each."""
    ctx = context(reduced_motion="reduce")
    ctx.clock.install()
    record = json.dumps({"v": 1, "rev": 1, "data": ONE_BLOCK_EACH})
    ctx.add_init_script(  # (not in a document with no storage: a blank one)
        f"if (origin !== 'null') localStorage.setItem('gemau:prefs:deblockle', {json.dumps(record)})"
    )
    return ctx


def stats(page) -> dict:
    text = page.evaluate("localStorage.getItem('gemau:stats:deblockle')")
    return json.loads(text)["data"]["remote-fewer"] if text else {}


def test_a_friend_connected_and_silent_two_minutes_on_their_turn_has_the_game_claimed(
    open_app, context
):
    host = open_app("#/connect", ctx=clocked_device(context))
    set_name(host, "Ann")
    friend = connect(host, clocked_device(context), "Bryn")
    expect(friend.locator(".connect-waiting")).to_have_text("Ann is choosing a game.")
    host.click("[data-action='play'][data-game='deblockle']")
    for page in (host, friend):
        expect(page.locator(".remote-bar")).to_have_attribute(
            "data-remote", "playing", timeout=30_000
        )
    first_turns_until_friend_moves(host, friend, random.Random(2))
    bar, claim = host.locator(".remote-bar"), host.locator("[data-action='remote-claim']")
    host.clock.fast_forward(AWAY_MS - 10_000)
    expect(bar).to_have_attribute("data-remote", "playing")
    assert claim.count() == 0, "the claim is offered before 2 minutes of Bryn's turn"
    friend.clock.fast_forward(AWAY_MS + 1_000)  # Bryn's page sits there, connected
    host.clock.fast_forward(11_000)
    expect(claim).to_be_visible()
    expect(bar).to_have_attribute("data-remote", "playing")  # (still connected)
    expect(bar).to_contain_text("Bryn has made no move for 2 minutes on their turn")
    claim.click()
    host.click("#question [data-action='question-yes']")
    expect(bar).to_contain_text(
        "Bryn made no move for 2 minutes on their turn: you claimed the game, and win it."
    )
    expect(friend.locator(".remote-bar")).to_contain_text(
        "You made no move for 2 minutes on your turn: Ann claimed the game, and wins it."
    )
    assert (stats(host).get("played"), stats(host).get("won")) == (1, 1)
    assert (stats(friend).get("played"), stats(friend).get("won", 0)) == (1, 0)
