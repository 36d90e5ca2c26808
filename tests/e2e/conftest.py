"""End-to-end fixtures: the built site served on localhost under a sub-path
(as on GitHub Pages), and the system Chromium driven by Playwright."""

import os
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from e2e_support import SUB_PATH, SubPathHandler, wait_ready  # noqa: E402
from serve import make_server  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Chromium's renderer now and then dies while a test runs ("Target crashed"): a fault of
# the browser process, never an assertion about the app, so such a test runs once more.
# Any other failure still fails at once.
BROWSER_CRASH = "Target crashed"


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.fspath).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[BROWSER_CRASH]))


@pytest.fixture(scope="session")
def site_url():
    import functools

    server = make_server(0)
    server.RequestHandlerClass = functools.partial(SubPathHandler, directory=str(ROOT))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Watch:
    """Collects what must never happen: page errors and requests to other origins."""

    def __init__(self, origin: str):
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.errors_expected = False  # a test that breaks the runtime on purpose sets this

    def attach(self, page):
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("request", self._request)

    def _request(self, request):
        url = request.url
        if not (url.startswith((self.origin, "data:", "blob:"))):
            self.foreign.append(url)


@pytest.fixture
def watch(site_url):
    origin = site_url.split(SUB_PATH)[0]
    return Watch(origin)


@pytest.fixture
def context(browser, watch):
    contexts = []

    def new_context(snapshot: bool = False, **options):
        """A new browser context; with snapshot=False (the default) the page never makes
        its memory snapshot of Python (test_snapshot.py tests it), so each test starts
        Python as a first visit does and no test pays for a snapshot in the background."""
        options.setdefault("viewport", {"width": 1000, "height": 800})
        ctx = browser.new_context(**options)
        if not snapshot:
            ctx.add_init_script("window.gemauNoSnapshot = true")
        ctx.on("page", watch.attach)
        contexts.append(ctx)
        return ctx

    yield new_context
    for ctx in contexts:
        ctx.close()
    assert watch.foreign == [], f"requests left the page's origin: {watch.foreign}"
    assert watch.errors_expected or watch.errors == [], f"uncaught page errors: {watch.errors}"


@pytest.fixture
def open_app(context, site_url):
    """Open the app at a hash route (and query) and wait until Python says it is ready."""

    def open_page(route: str = "", query: str = "", ctx=None, **context_options):
        ctx = ctx or context(**context_options)  # snapshot=True: it may make its snapshot
        page = ctx.new_page()
        page.goto(site_url + (f"?{query}" if query else "") + route)
        wait_ready(page)
        return page

    return open_page
