"""Bad stored data, a full quota, offline use, updates and a runtime that fails to load."""

import json

import pytest
from e2e_support import SubPathHandler, go, wait_ready
from playwright.sync_api import expect

# The service worker's tests and a runtime that fails to load are of a first visit (no
# snapshot); bad stored data is met by returning players, who start from their snapshot.
first_visit = pytest.mark.first_visit

GOOD_SETTINGS = json.dumps(
    {"v": 1, "rev": 2, "data": {"language": None, "theme": "dark", "motion": "system"}}
)

# Eleven kinds of damage, each in a different record, all at once.
CORRUPT = {
    "gemau:stats:marbles": "{not json",
    "gemau:stats:battleship": "null",
    "gemau:stats:deblockle": "12345",
    "gemau:stats:dominoes": json.dumps([1, 2, 3]),
    "gemau:rankings:marbles": json.dumps({"v": 99, "rev": 1, "data": {}}),
    "gemau:rankings:battleship": json.dumps({"v": "1", "rev": 1, "data": {}}),
    "gemau:rankings:deblockle": json.dumps({"v": 1, "rev": -3, "data": {}}),
    "gemau:saved:marbles": json.dumps({"v": 1, "rev": 1, "data": {"state": "nope", "meta": {}}}),
    "gemau:saved:dominoes": json.dumps({"v": 1, "rev": 1}),
    "gemau:prefs:wordle": json.dumps({"v": 1, "rev": 1, "data": "just a string"}),
    "gemau:stats:wordle": "\u0000\uffff" + "[" * 5000,
}


def test_corrupt_records_are_reset_alone_and_the_player_is_told(open_app):
    page = open_app()
    page.evaluate(
        """([corrupt, settings]) => {
        for (const [key, value] of Object.entries(corrupt)) localStorage.setItem(key, value);
        localStorage.setItem('gemau:settings', settings);
        localStorage.setItem('other-site-key', 'untouched');
    }""",
        [CORRUPT, GOOD_SETTINGS],
    )
    page.reload()
    wait_ready(page)
    for route in ["#/stats", "#/marbles", "#/dominoes", "#/wordle", "#/"]:
        go(page, route)
    expect(page.locator(".game-card")).to_have_count(5)
    still_bad = page.evaluate(
        "(corrupt) => Object.keys(corrupt).filter((k) => localStorage.getItem(k) === corrupt[k])",
        CORRUPT,
    )
    assert still_bad == []
    # Marbles, opened above, saved its new game where the damaged one was.
    saved = json.loads(page.evaluate("localStorage.getItem('gemau:saved:marbles')"))
    assert saved["data"]["state"]["game"] == "marbles"
    assert page.evaluate("localStorage.getItem('other-site-key')") == "untouched"
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")  # good settings kept
    notices = page.locator(".notice")
    assert notices.count() >= 5
    expect(notices.first).to_contain_text("had to be reset")


def test_damaged_settings_keep_their_good_fields(open_app):
    page = open_app()
    page.evaluate("""localStorage.setItem('gemau:settings', JSON.stringify(
        {v: 1, rev: 1, data: {language: 'cy', theme: 'neon', motion: 42}}))""")
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "cy")
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    expect(page.locator(".notice").first).to_contain_text("wedi'i difrodi")


def test_a_full_storage_quota_gives_a_message_not_a_crash(open_app, context):
    ctx = context()
    ctx.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""")
    page = open_app("#/settings", ctx=ctx)
    page.get_by_label("Cymraeg").check()
    expect(page.locator("html")).to_have_attribute("lang", "cy")  # kept for this visit
    expect(page.locator(".notice").first).to_contain_text("llawn")
    page.locator("#nav-home").click()
    expect(page.locator(".game-card")).to_have_count(5)


def service_worker_active(page):
    """The service worker has installed (precached) and is active: a failed install
    fails here within a minute instead of waiting for ever."""
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active))",
        timeout=60_000,
        polling=250,
    )


def service_worker_controls(page):
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


CACHED_URLS = """() => caches.keys().then((keys) => Promise.all(keys.map((key) =>
    caches.open(key).then((cache) => cache.keys())))).then((lists) =>
    lists.flat().map((request) => new URL(request.url).pathname))"""


def cached(page) -> set[str]:
    return {path.split("/gemau/")[1] for path in page.evaluate(CACHED_URLS)}


@first_visit
def test_after_one_visit_the_app_works_offline(open_app, context):
    """One visit, then offline: every route; a word language played once (Russian's words
    are kept only once a duel in Russian asked for them, and no other language's are
    downloaded); an address that is not the app's is not answered with the app (the
    service worker once answered every navigation with index.html: an icon opened
    directly or a mistyped path showed a broken shell). (One visitor's journey: each
    step needs the service worker installed, which downloads the whole site.)"""
    ctx = context()
    page = open_app(ctx=ctx)
    service_worker_active(page)
    page.reload()  # the page is now controlled by the worker that precached everything
    wait_ready(page)
    service_worker_controls(page)
    kept = cached(page)
    assert {"static/words/en.json", "static/words/en.book.json", "static/py.zip"} <= kept
    assert not any(url.startswith("static/words/ru.") for url in kept)
    page.evaluate("location.hash = '#/wordle?mode=duel&seed=4&lang=ru&level=beginner'")
    expect(page.locator(".wd-duel[data-lang='ru'] .wd-keyboard")).to_be_visible(timeout=30_000)
    page.wait_for_function(
        f"() => ({CACHED_URLS})().then((urls) => urls.some((u) => u.endsWith('/ru.json')))"
    )
    base = page.url.split("#")[0]
    other = ctx.new_page()
    other.goto(base + "static/icons/marbles.svg")
    assert other.locator("#app").count() == 0
    assert other.locator("svg").count() >= 1

    ctx.set_offline(True)
    page.evaluate("localStorage.clear()")  # no saved duel: the words come from the cache
    page.reload()
    wait_ready(page)
    for route in [
        "#/marbles",
        "#/battleship",
        "#/deblockle",
        "#/dominoes",
        "#/wordle",
        "#/rules/marbles",
        "#/settings",
        "#/stats",
    ]:
        page.evaluate(f"location.hash = '{route}'")
        expect(page.locator("#view > *")).to_have_count(1)
    page.evaluate("location.hash = '#/wordle?mode=duel&seed=5&lang=ru&level=beginner'")
    expect(page.locator(".wd-duel[data-lang='ru'] .wd-keyboard")).to_be_visible(timeout=30_000)
    offline_page = ctx.new_page()
    offline_page.goto(base + "#/dominoes")
    wait_ready(offline_page)
    expect(offline_page.locator("[data-game='dominoes']")).to_be_visible()

    missing = other.goto(base + "no/such/page")
    assert missing.status == 404
    expect(other.get_by_role("heading", name="Page not found")).to_be_visible()
    other.get_by_role("link", name="Open Gemau").click()
    wait_ready(other)
    expect(other.locator(".game-card")).to_have_count(5)
    other.goto(base + "index.html#/stats")
    wait_ready(other)
    expect(other.locator("[data-page='stats']")).to_be_visible()


@first_visit
def test_a_new_release_is_offered_with_a_reload_button(open_app, context):
    ctx = context()
    page = open_app(ctx=ctx)
    service_worker_active(page)
    page.reload()
    wait_ready(page)
    service_worker_controls(page)
    SubPathHandler.sw_suffix = "\n// a new release\n"
    try:
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        notice = page.locator(".notice", has_text="A new version of Gemau is ready.")
        expect(notice).to_be_visible(timeout=30_000)
        with page.expect_event("load"):
            notice.get_by_role("button", name="Reload").click()
        wait_ready(page)
    finally:
        SubPathHandler.sw_suffix = ""


@first_visit
@pytest.mark.parametrize("broken_file", ["pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"])
def test_a_runtime_that_fails_to_load_shows_the_error_panel(context, site_url, watch, broken_file):
    watch.errors_expected = True
    ctx = context()
    ctx.route(f"**/{broken_file}", lambda route: route.abort())
    page = ctx.new_page()
    page.goto(site_url)
    panel = page.locator("#loading-error")
    expect(panel).to_be_visible(timeout=60_000)
    expect(panel).to_contain_text("could not start")
    expect(panel.get_by_role("button", name="Try again")).to_be_visible()


def test_a_full_device_with_a_damaged_record_still_starts(open_app, context):
    """Repairing a record at start-up once raised QuotaExceededError uncaught."""
    ctx = context()
    first = open_app(ctx=ctx)
    first.evaluate("""() => localStorage.setItem('gemau:settings',
        JSON.stringify({v: 1, rev: 1, data: {language: 'cy', theme: 'neon', motion: 'system'}}))""")
    first.close()
    ctx.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""")
    page = open_app(ctx=ctx)
    expect(page.locator(".game-card")).to_have_count(5)
    expect(page.locator("html")).to_have_attribute("lang", "cy")  # the good part is kept
    expect(page.locator(".notice").first).to_be_visible()


def _captured(name: str, key: str) -> dict:
    from pathlib import Path

    fixture = Path(__file__).parents[1] / "fixtures" / "saves" / name
    return json.loads(json.loads(fixture.read_text("utf-8"))["storage"][key])


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r["data"]["state"].update(hand_summaries=[{}]),
        lambda r: r["data"]["meta"].update(players=[1, 2]),
    ],
    ids=["a hand summary without its fields", "players that are numbers"],
)
def test_a_dominoes_save_with_bad_view_data_is_reset_alone(open_app, damage):
    """Players' report: saves the engine took whose page data was bad crashed the page
    (a KeyError drawing the score sheet); now the game is reset with a message."""
    record = _captured("dominoes-2.json", "gemau:saved:dominoes")
    damage(record)
    page = open_app()
    page.evaluate("(r) => localStorage.setItem('gemau:saved:dominoes', r)", json.dumps(record))
    page.evaluate("location.hash = '#/dominoes'")
    expect(page.locator("[data-game='dominoes']")).to_be_visible()
    expect(page.locator(".notice").first).to_contain_text("had to be reset")
    expect(page.locator("#loading-error")).to_be_hidden()
