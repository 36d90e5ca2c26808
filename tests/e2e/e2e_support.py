"""Pieces the end-to-end tests import: the sub-path server handler and the ready wait."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from serve import SiteHandler  # noqa: E402

SUB_PATH = "/gemau/"


class SubPathHandler(SiteHandler):
    """Serves the site only under SUB_PATH, so an absolute URL anywhere fails the tests."""

    sw_suffix = ""

    def translate_path(self, path):
        if not path.startswith(SUB_PATH):
            return str(ROOT / "__not_served__")
        return super().translate_path("/" + path[len(SUB_PATH) :])

    def do_GET(self):
        if self.path.split("?")[0] == SUB_PATH + "sw.js" and SubPathHandler.sw_suffix:
            body = (ROOT / "sw.js").read_bytes() + SubPathHandler.sw_suffix.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def wait_ready(page):
    page.wait_for_selector("html[data-app='ready']", state="attached", timeout=90_000)


def pause_clock(page) -> None:
    """Stop the page's clock where it stands: from now on Date and the page's timers move
    only when the test moves them (page.clock.run_for, fast_forward; resume to let them
    run again). The context's clock must have been installed before (context.clock.install(),
    before the page opens, so that every timer of the app is one the test drives); it runs
    with real time until this call. Playwright pauses at a given time and refuses one in the
    past, and its clock runs on while the call travels: the pause is asked for 100 ms ahead
    of the clock as just read, and asked again, from a new reading, when the page's clock
    had already gone past that."""
    for _ in range(5):
        try:
            page.clock.pause_at((page.evaluate("Date.now()") + 100) / 1000)  # seconds, in Python
            return
        except PlaywrightError as error:
            if "Cannot fast-forward to the past" not in error.message:
                raise
    raise AssertionError("the page's clock could not be paused")


THINKER = "document.documentElement.dataset"  # data-thinker, data-thinker-moves (app.main)


def worker_moves(page) -> int | None:
    """How many moves the thinker's worker has given the page, or None while the worker is
    not ready (a computer's move asked then is chosen on the page's thread instead)."""
    return page.evaluate(
        f"{THINKER}.thinker === 'ready' ? Number({THINKER}.thinkerMoves || 0) : null"
    )


def wait_worker_reply(page, moves_before: int | None) -> None:
    """Until the worker has answered the move asked of it since `moves_before` (from
    worker_moves, read while it was ready); nothing to wait for when it was not ready."""
    if moves_before is not None:
        page.wait_for_function(f"Number({THINKER}.thinkerMoves || 0) > {moves_before}")


GO = """(route) => new Promise((drawn, refused) => {
  const before = location.href;
  window.addEventListener('hashchange', () => drawn(), {once: true});
  location.hash = route;
  if (location.href === before) refused(new Error('the address is already ' + before));
})"""


def go(page, route: str) -> None:
    """Set the address's hash, as a link does, and return once the app has drawn that page:
    its own hashchange listener (app.main, added at its start) has run before this one."""
    page.evaluate(GO, route)
