"""End-to-end fixtures: the built site served on localhost under a sub-path
(as on GitHub Pages), and the system Chromium driven by Playwright."""

import base64
import itertools
import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from e2e_support import SUB_PATH, SubPathHandler, wait_ready  # noqa: E402
from relay_support import Relay, start_relay  # noqa: E402
from serve import make_server  # noqa: E402
from turn_support import MISSING, TurnServer, start_turn_server  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",  # with DEBUG=pw:browser: shown with a failing test
]


# Chromium's renderer now and then dies while a test runs (Playwright says "Target crashed"
# or "Page crashed", by the call under way): a fault of the browser process, never an
# assertion about the app, so such a test runs again. Any other failure fails at once.
# What the machine and Chromium said when it happened is printed with the test
# (crash_report): the cause is still being looked for. Another of Chromium's processes
# may die too, leaving the page alive but not working as it does (a tournament's turn that
# never ran out, in CI on 2026-12-07, as Chromium's crash handler wrote a report): a test
# that fails after Chromium wrote a crash report while it ran fails as CHROMIUM_CRASHED,
# naming the kind of process (its report's "ptype"), and runs again.
CHROMIUM_CRASHED = "Chromium crashed while the test ran"
BROWSER_CRASHES = ["Target crashed", "Page crashed", CHROMIUM_CRASHED]
CRASH_REPORTS = Path.home() / ".config" / "chromium" / "Crash Reports"  # (crashpad's)


class ChromiumCrashed(Exception):
    pass


def crash_dumps() -> set[Path]:
    return set(CRASH_REPORTS.glob("*/*.dmp"))


def process_kind(dump: Path) -> str:
    """The kind of process a crash report is of (crashpad's "ptype" annotation)."""
    try:
        strings = re.findall(rb"[ -~]{3,}", dump.read_bytes())
    except OSError:
        return "unknown"
    kinds = [after for here, after in itertools.pairwise(strings) if here == b"ptype"]
    return kinds[0].decode() if kinds else "unknown"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    before = crash_dumps()
    try:
        return (yield)
    except Exception as error:
        new = crash_dumps() - before
        if not new:
            raise
        kinds = ", ".join(sorted(process_kind(dump) for dump in new))
        raise ChromiumCrashed(f"{CHROMIUM_CRASHED} ({kinds}): {error}") from error


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "first_visit: every context starts Python as a first visit does (no snapshot)"
    )
    config.addinivalue_line(
        "markers", "long: plays a whole game or hand across pages (40 s or more here): run first"
    )


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.fspath).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=BROWSER_CRASHES))
    # The long tests first, so that no worker starts one when the other has nothing left
    # (the suite's end waits for the last test; a stable sort keeps the rest in order).
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


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
    # Playwright's driver passes on what Chromium prints (errors, a renderer's last words,
    # crashpad's lines when a renderer crashes by itself); pytest shows it with the test.
    os.environ.setdefault("DEBUG", "pw:browser")
    with sync_playwright() as playwright:
        features = playwrights_disabled_features(playwright, executable) + BROWSER_UI_PRELOADS
        args = [*CHROMIUM_ARGS, "--disable-features=" + ",".join(features)]
        browser = playwright.chromium.launch(executable_path=executable, args=args)
        yield browser
        browser.close()


# Chromium preloads its omnibox popup, two pages of its own browser UI in a renderer process
# of their own, for each new window: for every browser context a test opens, although no
# one ever sees them here. Not preloading them takes 10% off the browser tests' CPU time
# (measured on test_remote_table.py and test_battleship.py: 552 -> 495 CPU seconds) and
# changes nothing of the page under test.
BROWSER_UI_PRELOADS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI"]


def playwrights_disabled_features(playwright, executable: str) -> list[str]:
    """The features Playwright itself disables (its --disable-features, which a second such
    switch would replace, not add to: Chromium keeps the last), from a browser launched
    with its defaults (and --enable-automation, without which Chromium does not say its
    command line)."""
    args = [*CHROMIUM_ARGS, "--enable-automation"]
    probe = playwright.chromium.launch(executable_path=executable, args=args)
    try:
        line = probe.new_browser_cdp_session().send("Browser.getBrowserCommandLine")["arguments"]
    finally:
        probe.close()
    prefix = "--disable-features="
    return [f for arg in line if arg.startswith(prefix) for f in arg[len(prefix) :].split(",")]


def crash_report(page) -> str:
    """What the machine was doing when a page's renderer died (shown with the failing test:
    a renderer has crashed twice while a page started under load, cause not yet known)."""
    with open("/proc/meminfo") as meminfo:
        memory = " ".join(
            line.split(":")[0] + "=" + line.split()[1]
            for line in meminfo
            if line.startswith(("MemAvailable", "Committed_AS", "CommitLimit"))
        )
    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[:3]
    renderers = sum(
        1 for pid in os.listdir("/proc") if pid.isdigit() and "--type=renderer" in _cmdline(pid)
    )
    return (
        f"renderer crashed at {page.url}: {memory} kB, load {load}, {renderers} renderers;"
        f" memory cgroup: {memory_cgroup()}"
    )


def memory_cgroup() -> str:
    """This process's memory cgroup: its limit, use and OOM kills (a limit below the
    machine's memory is invisible in /proc/meminfo, and its OOM killer takes renderers first)."""
    try:
        with open("/proc/self/cgroup") as cgroups:
            lines = [line.strip().split(":", 2) for line in cgroups]
    except OSError:
        return "unknown"
    for _, controllers, path in lines:
        if "memory" in controllers.split(","):  # cgroup v1
            folder = Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            names = ["memory.limit_in_bytes", "memory.max_usage_in_bytes", "memory.failcnt"]
            return _cgroup_files(folder, names + ["memory.oom_control"])
    for _, controllers, path in lines:
        if controllers == "":  # cgroup v2
            folder = Path("/sys/fs/cgroup") / path.lstrip("/")
            return _cgroup_files(folder, ["memory.max", "memory.peak", "memory.events"])
    return "none"


def _cgroup_files(folder: Path, names: list[str]) -> str:
    def read(name: str) -> str:
        try:
            return " ".join((folder / name).read_text().split())
        except OSError:
            return "?"

    return f"{folder}: " + "; ".join(f"{name}={read(name)}" for name in names)


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class Watch:
    """Collects what must never happen: page errors, and requests or websockets to other
    origins (but to the relays a test of internet play started on this machine: `allowed`)."""

    def __init__(self, origin: str):
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.allowed: list[str] = []
        self.errors_expected = False  # a test that breaks the runtime on purpose sets this

    def attach(self, page):
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("request", self._request)
        page.on("websocket", self._request)
        page.on("crash", lambda crashed: print(crash_report(crashed), file=sys.stderr))

    def _request(self, request):
        url = request.url
        if not (url.startswith((self.origin, "data:", "blob:", *self.allowed))):
            self.foreign.append(url)


@pytest.fixture
def watch(site_url):
    origin = site_url.split(SUB_PATH)[0]
    return Watch(origin)


# A warm start: Python restored from a memory snapshot of the interpreter with the app
# imported, as every visit after the first starts (static/js/snapshot.js). Each test process
# makes one snapshot at its start, through the app's own worker, and every new context gets
# it in its Cache Storage before its first page, so a test pays a second or so per device
# instead of Python's whole start. Tests of the first visit itself (a module marked
# `first_visit`) and contexts opened with snapshot=True start as a first visit does.
# Outside those modules no context runs the app's service worker: after every first page it
# downloads the whole site again for offline use (20 MB, about a second of the machine's
# work a context), and only those modules test what it does (offline play, updates).
SNAPSHOT_CACHE = "gemau-snapshot"
INSTALL_SNAPSHOT = """async ([name, address, source]) => {
  const cache = await caches.open(name);
  await cache.put(address, await fetch(source));
}"""
READ_SNAPSHOT = """async (name) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 32768) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768));
  }
  return [request.url, btoa(text)];
}"""


@pytest.fixture(scope="session")
def warm_snapshot(browser, site_url, tmp_path_factory):
    """(the snapshot's address in Cache Storage, where this test server serves its bytes)."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site_url)
        wait_ready(page)
        page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=180_000)
        address, data = page.evaluate(READ_SNAPSHOT, SNAPSHOT_CACHE)
    finally:
        ctx.close()
    folder = ROOT / ".cache" / "e2e"
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"snapshot-{os.getpid()}.bin.gz"
    kept.write_bytes(base64.b64decode(data))
    yield address, site_url + kept.relative_to(ROOT).as_posix()
    kept.unlink(missing_ok=True)


@pytest.fixture
def context(browser, watch, site_url, request):
    contexts = []
    first_visit = request.node.get_closest_marker("first_visit") is not None
    snapshot_to_install = None if first_visit else request.getfixturevalue("warm_snapshot")

    def new_context(snapshot: bool = False, **options):
        """A new browser context; with snapshot=False (the default) the page never makes
        its memory snapshot of Python (test_snapshot.py tests it), and unless the test is of
        a first visit it starts from the snapshot this test process made (a warm start)."""
        options.setdefault("viewport", {"width": 1000, "height": 800})
        if not first_visit:
            options.setdefault("service_workers", "block")
        ctx = browser.new_context(**options)
        if not snapshot:
            ctx.add_init_script("window.gemauNoSnapshot = true")
        ctx.on("page", watch.attach)
        contexts.append(ctx)
        if snapshot_to_install and not snapshot:
            setup = ctx.new_page()
            setup.goto(site_url + "manifest.webmanifest")
            setup.evaluate(INSTALL_SNAPSHOT, [SNAPSHOT_CACHE, *snapshot_to_install])
            setup.close()
        return ctx

    yield new_context
    for ctx in contexts:
        ctx.close()
    assert watch.foreign == [], f"requests left the page's origin: {watch.foreign}"
    assert watch.errors_expected or watch.errors == [], f"uncaught page errors: {watch.errors}"


@pytest.fixture
def nostr_relay(tmp_path, watch) -> Iterator[Relay]:
    """A Nostr relay on this machine (relay_support), the one server the pages may reach."""
    with start_relay(tmp_path / "relay") as relay:
        watch.allowed.append(relay.url)
        yield relay


@pytest.fixture
def turn_server(tmp_path, watch) -> Iterator[TurnServer]:
    """A TURN server on this machine (turn_support: Debian's coturn), with its one user's
    credentials; the pages may reach it. Missing, the test fails: it is a test dependency."""
    try:
        server = start_turn_server(tmp_path / "turn")
    except FileNotFoundError:
        pytest.fail(MISSING, pytrace=False)
    with server:
        # ICE never shows as a request, but it is what the pages may contact besides the site.
        watch.allowed.append(server.url)
        yield server


PUT_IN_STORAGE = """(items) => {
  for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text);
}"""


@pytest.fixture
def open_app(context, site_url):
    """Open the app at a hash route (and query) and wait until Python says it is ready."""

    def open_page(route: str = "", query: str = "", ctx=None, storage=None, **context_options):
        """storage: {key: text} put in the origin's localStorage before the page opens (a
        saved game or choices, as a returning player has them), rather than by reloading."""
        ctx = ctx or context(**context_options)  # snapshot=True: it may make its snapshot
        if storage:
            setup = ctx.new_page()
            setup.goto(site_url + "manifest.webmanifest")
            setup.evaluate(PUT_IN_STORAGE, storage)
            setup.close()
        page = ctx.new_page()
        page.goto(site_url + (f"?{query}" if query else "") + route)
        wait_ready(page)
        return page

    return open_page
