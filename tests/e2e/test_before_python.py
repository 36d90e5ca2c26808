"""The pages readable before Python is ready (static/js/shell.js, tools/prerender.py),
with the app's start held back (py.zip waits) so the page is seen as a person on a
slow device sees it: the hub, the rules and Statistics drawn at build time, a click
on a game kept until the app can open it, and the same page drawn again by Python."""

import pytest
from e2e_support import wait_ready
from playwright.sync_api import expect
from test_axe import LOOKS, violations

pytestmark = pytest.mark.first_visit  # what a first visit does, before any snapshot


def held_page(context, site_url, route="", **options):
    """A page whose Python cannot start until release() is called."""
    ctx = context(**options)
    page = ctx.new_page()
    held = []
    page.route("**/static/py.zip", lambda route: held.append(route))

    def release():
        for request in held:
            request.continue_()
        page.unroute("**/static/py.zip")

    page.goto(site_url + route)
    return page, release


def test_a_name_chosen_to_play_a_friend_is_not_a_game_played(context, site_url):
    """The name kept by #/connect (gemau:peer) is a choice, like the settings: the
    hub drawn at build time still says what it says on a new device."""
    page, release = held_page(context, site_url, route="#/connect")
    page.evaluate("localStorage.setItem('gemau:peer', JSON.stringify({v: 1, rev: 1, data: {}}))")
    page.goto(site_url)
    result = page.locator(".game-card").first.locator(".game-card-result")
    expect(result).to_have_text("Not played yet")
    expect(result).to_be_visible()
    release()


def test_the_hub_is_there_before_python_and_python_draws_the_same(context, site_url):
    page, release = held_page(context, site_url)
    cards = page.locator(".game-card")
    expect(cards).to_have_count(5)
    expect(cards.locator(".game-card-name")).to_have_text(
        ["Marbles", "Battleship", "Deblockle", "Dominoes", "Wordle Tournament"]
    )
    expect(cards.first.locator(".game-card-result")).to_have_text("Not played yet")
    expect(page.locator("#topnav a[aria-current='page']")).to_have_text("Games")
    expect(page.locator("#loading")).to_have_class("loading loading-compact")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    before = page.locator("#view").inner_html()
    release()
    wait_ready(page)
    expect(page.locator("#loading")).to_be_hidden()
    assert page.locator("#view").inner_html() == before  # no change under the player's eyes


def test_rules_open_before_python_in_welsh(context, site_url):
    ctx_page, release = held_page(context, site_url, "#/rules/deblockle", locale="cy-GB")
    heading = ctx_page.locator("[data-rules='deblockle'] h1")
    expect(heading).to_have_text("Rheolau: Deblockle")
    assert ctx_page.title() == "Rheolau: Deblockle · Gemau"
    expect(ctx_page.locator("#topnav a[aria-current]")).to_have_count(0)
    ctx_page.locator("#nav-home").click()
    expect(ctx_page.locator("[data-card='marbles'] .game-card-name")).to_have_text("Marblis")
    release()
    wait_ready(ctx_page)
    expect(ctx_page.locator("[data-card='marbles'] .game-card-name")).to_have_text("Marblis")


def test_a_game_clicked_before_python_opens_when_it_is_ready(context, site_url):
    page, release = held_page(context, site_url)
    page.locator("[data-card='marbles'] .game-card-link").click()
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#app")).to_be_hidden()  # a game needs Python: the loading screen says so
    release()
    wait_ready(page)
    expect(page.locator("[data-game='marbles']")).to_be_visible()


def test_a_link_reached_by_keyboard_keeps_the_focus_when_python_draws(context, site_url):
    page, release = held_page(context, site_url)
    expect(page.locator(".game-card")).to_have_count(5)
    page.locator("[data-card='dominoes'] .game-card-rules").focus()
    release()
    wait_ready(page)
    expect(page.locator("[data-card='dominoes'] .game-card-rules")).to_be_focused()


def test_this_devices_records_wait_for_python(open_app, context, site_url):
    page = open_app("#/marbles?seed=3&version=5")
    page.wait_for_function("localStorage.getItem('gemau:saved:marbles') !== null")
    ctx = page.context
    again = ctx.new_page()
    held = []
    again.route("**/static/py.zip", lambda route: held.append(route))
    again.goto(site_url + "#/")
    expect(again.locator(".game-card")).to_have_count(5)
    # A game is in progress here: the hub drawn at build time must not say "Not played yet".
    expect(again.locator("[data-card='marbles'] .game-card-result")).to_be_hidden()
    again.goto(site_url + "#/stats")
    expect(again.locator("#loading")).to_be_visible()  # Statistics are read by Python
    for request in held:
        request.continue_()
    again.unroute("**/static/py.zip")
    wait_ready(again)
    expect(again.locator("[data-card='marbles'], [data-page='stats']").first).to_be_visible()
    del context  # the fixture closes the contexts


def shown_before_python(page, selector: str) -> None:
    """The page drawn at build time is shown; if not, what the page had done by then (its
    address, its start, the requests for the pages drawn at build time: start and end, ms
    since it opened)."""
    try:
        expect(page.locator(selector)).to_be_visible()
    except AssertionError:
        state = page.evaluate(
            """() => [location.hash, document.documentElement.dataset.app,
                Math.round(performance.now()), performance.getEntriesByType('resource')
                .filter((e) => e.name.includes('/pre/'))
                .map((e) => [e.name.split('/').pop(), Math.round(e.startTime),
                             Math.round(e.responseEnd)])]"""
        )
        raise AssertionError(f"{selector} not shown: {state}") from None


@pytest.mark.parametrize("look", LOOKS)
def test_axe_finds_nothing_on_the_pages_before_python(context, site_url, look):
    page, release = held_page(context, site_url, reduced_motion="reduce", **LOOKS[look])
    expect(page.locator(".game-card")).to_have_count(5)
    found = {"hub": violations(page)}
    page.locator("[data-card='battleship'] .game-card-rules").click()
    shown_before_python(page, "[data-rules='battleship']")
    found["rules"] = violations(page)
    page.locator("#topnav a[href='#/stats']").click()
    expect(page.locator("[data-page='stats']")).to_be_visible()
    found["stats"] = violations(page)
    release()
    wait_ready(page)
    assert found == {"hub": [], "rules": [], "stats": []}
