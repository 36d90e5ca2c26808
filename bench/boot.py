"""Boot time of the app against a bare PyScript page on the same vendored runtime.

Both pages are served by tools/serve.py and opened in the system Chromium,
interleaved, cold (a new browser context each run) and warm (a reload of that
context, for the app once it has made its memory snapshot of Python, as a
returning visit has). The time is performance.now() when <html data-app="ready"> appears, the
first contentful paint of each, and when the hub's five cards were painted (drawn
at build time, before Python: tools/prerender.py). The app is measured twice: on
the hub, and on a game's address (its board interactive when it is ready).
First, what a first visit downloads (the bytes of every body the server sends
until the page is ready and its service worker active: one copy of the runtime).
Prints every run, then medians, then one JSON object as the last line.
Run with `make bench` (after `make serve` has built the site once) or:
    CHROMIUM=/usr/bin/chromium .venv/bin/python bench/boot.py --runs 7
"""

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import SiteHandler, make_server  # noqa: E402

# "game": the first game board interactive (the app is ready with Marbles' board drawn).
PAGES = {"app": "index.html", "game": "index.html#/marbles", "bare": "bench/bare.html"}
RECORD_READY = """
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.identifier === "hub" && window.__hubAt === undefined) window.__hubAt = entry.renderTime;
}).observe({ type: "element", buffered: true });
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.app === "ready") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
"""
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class CountingHandler(SiteHandler):
    """The site's handler, counting the bytes of every body it sends."""

    sent = 0
    lock = threading.Lock()

    def copyfile(self, source, outputfile):
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            with CountingHandler.lock:
                CountingHandler.sent += len(chunk)


def first_visit_bytes(playwright, url: str) -> int:
    """What a first visit downloads: the page until it is ready, then the service
    worker's install (its precache) until it is active. In a browser profile on disk,
    as a person's is: a new context's in-memory HTTP cache keeps no file as large as
    the runtime's 9.6 MB Wasm, so the worker would download it again."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        context.add_init_script(RECORD_READY)
        page = context.new_page()
        before = CountingHandler.sent
        page.goto(url)
        time_to_ready(page)
        page.wait_for_function(
            "() => navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active))",
            timeout=120_000,
        )
        page.wait_for_timeout(1000)
        context.close()
    return CountingHandler.sent - before


def time_to_ready(page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    return page.evaluate("window.__readyAt")


def measure(browser, url: str) -> tuple[tuple, tuple]:
    context = browser.new_context()
    context.add_init_script(RECORD_READY)
    page = context.new_page()
    page.goto(url)
    cold = time_to_ready(page), first_paint(page), hub_painted(page)
    page.wait_for_timeout(1500)  # let the service worker (app only) finish precaching
    if page.evaluate("window.gemauBoot !== undefined"):  # the app: a returning visit has
        # its snapshot, made on an earlier visit outside a game (on the hub)
        address = page.evaluate("location.hash")
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=120_000)
        page.evaluate(f"location.hash = {json.dumps(address)}")
    page.reload()
    warm = time_to_ready(page), first_paint(page), hub_painted(page)
    context.close()
    return cold, warm


def first_paint(page) -> float:
    """When the first content (the loading screen, or the hub drawn at build time) was
    painted; -1: never (the bare page shows nothing until its Python runs)."""
    return page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )


def hub_painted(page) -> float:
    """The first meaningful paint: the hub's five cards on screen (the last card's name
    painted, Element Timing); -1 on a page without the hub."""
    return page.evaluate("window.__hubAt ?? -1")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "static" / "vendor" / "VERSIONS.json").exists():
        print("Build the site first: make serve (or make build)", file=sys.stderr)
        return 1
    server = make_server(0)
    server.RequestHandlerClass = functools.partial(CountingHandler, directory=str(ROOT))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    kinds = ("cold", "warm", "cold_paint", "warm_paint", "cold_hub", "warm_hub")
    times = {name: {kind: [] for kind in kinds} for name in PAGES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        measure(browser, base + PAGES["bare"])  # one throw-away run warms the OS file cache
        first_visit = first_visit_bytes(playwright, base + PAGES["app"])
        print(f"first visit: {first_visit / 1e6:.2f} MB downloaded", flush=True)
        for run in range(args.runs):
            for name, path in PAGES.items():
                (cold, cold_paint, cold_hub), (warm, warm_paint, warm_hub) = measure(
                    browser, base + path
                )
                values = (cold, warm, cold_paint, warm_paint, cold_hub, warm_hub)
                for kind, value in zip(kinds, values, strict=True):
                    times[name][kind].append(value)
                print(
                    f"run {run + 1} {name:4}: cold {cold:7.0f} ms (painted {cold_paint:5.0f},"
                    f" hub {cold_hub:5.0f})  warm {warm:7.0f} ms (painted {warm_paint:5.0f},"
                    f" hub {warm_hub:5.0f})",
                    flush=True,
                )
        browser.close()
    server.shutdown()
    medians = {
        f"{name}_{kind}_ms": round(statistics.median(values), 1)
        for name, kinds in times.items()
        for kind, values in kinds.items()
    }
    figures = {
        "runs": args.runs,
        "first_visit_mb": round(first_visit / 1e6, 2),
        **medians,
        "boot_ratio_cold": round(medians["app_cold_ms"] / medians["bare_cold_ms"], 3),
        "boot_ratio_warm": round(medians["app_warm_ms"] / medians["bare_warm_ms"], 3),
        # goals (issue 19): the hub painted <= 300 ms warm; a board interactive <= 0.8x
        # the bare page's first Python line warm, <= 1.0x cold
        "hub_paint_warm_ms": medians["app_warm_hub_ms"],
        "hub_paint_cold_ms": medians["app_cold_hub_ms"],
        "board_ratio_warm": round(medians["game_warm_ms"] / medians["bare_warm_ms"], 3),
        "board_ratio_cold": round(medians["game_cold_ms"] / medians["bare_cold_ms"], 3),
    }
    print(
        f"medians: app cold {medians['app_cold_ms']} ms / bare {medians['bare_cold_ms']} ms; "
        f"app warm {medians['app_warm_ms']} ms / bare {medians['bare_warm_ms']} ms"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
