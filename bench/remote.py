"""Play with a friend on another device, measured in Chromium on this machine: how long two
devices take to connect, a message's round trip, and the Dominoes mental-poker deal.

    CHROMIUM=/usr/bin/chromium .venv/bin/python bench/remote.py [--pings 50] [--deal-runs 3]

Two browser contexts (two devices) on the site served by tools/serve.py, connected as
people connect them (tests/e2e/remote_support.py: the invite opened by the friend, the reply
pasted by the host), with no ICE servers: host candidates over loopback.
- set-up: from the host's page asking for an invite to the invite shown (gathering the
  candidates), and from the reply pasted to both pages open (after each page's hello);
- round trip over the data channel: a ping frame answered at once by the other page's
  JavaScript (the transport alone), `--pings` times;
- one message through Python: the host's Wave to the friend's page counting it (the page's
  clock: both contexts share the machine's Date.now());
- the 4-seat deal (app.fair.deck) inside Pyodide in a Chromium page (bench/pyodide_page.html
  running bench/fair_deal.py): every peer's work summed, the largest peer's share, and the
  time with the peers working in parallel.
The last line printed is one JSON object.

Figures of 2026-12-02 (2 connections, 100 pings, 40 waves, 2 deals; the machine shared with
other work): invite shown 564 ms (median), open 162 ms after the reply was pasted, invite link
396 characters; round trip median 0.9 ms, p95 5.0 ms; a message through Python 3.0 ms median,
10 ms at most; the 4-seat deal inside Pyodide in Chromium: all peers' work 2508 ms, the
largest peer's share 631 ms, peers working in parallel 998 ms (goal under 2 s: met).
"""

import argparse
import functools
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import SiteHandler, make_server  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu"]
# Both pages: ping frames ("Xping:<n>") are answered by JavaScript before the page sees them;
# a Wave's arrival is timed where the page counts it.
PROBE = """(() => {
  window.gemauNoSnapshot = true;
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    window.benchChannel = channel;
    window.benchPongs = {};
    const listen = channel.addEventListener.bind(channel);
    channel.addEventListener = (type, handler, ...rest) => listen(type, type !== "message" ? handler : (event) => {
      const text = event.data;
      if (typeof text === "string" && text.startsWith("Xping:")) { channel.send("Xpong:" + text.slice(6)); return; }
      if (typeof text === "string" && text.startsWith("Xpong:")) { window.benchPongs[text.slice(6)] = performance.now(); return; }
      handler(event);
    }, ...rest);
    return channel;
  };
  new MutationObserver(() => {
    const view = document.querySelector("[data-page='connect']");
    if (view && view.dataset.received !== window.benchSeen) {
      window.benchSeen = view.dataset.received;
      window.benchReceivedAt = Date.now();
    }
    if (view && view.dataset.peer === "open" && !window.benchOpenAt) window.benchOpenAt = Date.now();
  }).observe(document, { subtree: true, attributes: true, childList: true });
})();"""


def ready(page):
    page.wait_for_selector("html[data-app='ready']", state="attached", timeout=90_000)


def connect(browser, base):
    host_context, friend_context = browser.new_context(), browser.new_context()
    for context in (host_context, friend_context):
        context.add_init_script(PROBE)
    host = host_context.new_page()
    host.goto(base + "index.html#/")
    ready(host)
    started = time.perf_counter()
    host.evaluate("location.hash = '#/connect'")
    host.wait_for_selector("[data-page='connect'][data-stage='waiting']", timeout=30_000)
    invite_ms = (time.perf_counter() - started) * 1000
    link = host.locator("#connect-code").input_value()
    friend = friend_context.new_page()
    friend.goto(link)
    ready(friend)
    friend.wait_for_selector("[data-page='connect'][data-stage='send_reply']", timeout=30_000)
    host.fill("#connect-reply", friend.locator("#connect-code").input_value())
    pasted_at = host.evaluate("Date.now()")
    host.click("[data-action='connect']")
    for page in (host, friend):
        page.wait_for_selector("[data-page='connect'][data-peer='open']", timeout=30_000)
    open_ms = max(page.evaluate("window.benchOpenAt") for page in (host, friend)) - pasted_at
    return host, friend, invite_ms, open_ms, len(link)


def round_trips(host, pings):
    times = []
    for n in range(pings):
        sent = host.evaluate(
            f"() => {{ const t = performance.now(); window.benchChannel.send('Xping:{n}'); return t; }}"
        )
        host.wait_for_function(f"window.benchPongs['{n}'] !== undefined", timeout=5000)
        times.append(host.evaluate(f"window.benchPongs['{n}']") - sent)
    return times


def waves(host, friend, count):
    times = []
    for n in range(1, count + 1):
        sent = host.evaluate(
            "() => { const t = Date.now(); document.querySelector(\"[data-action='wave']\").click(); return t; }"
        )
        friend.wait_for_function(
            f"document.querySelector(\"[data-page='connect']\").dataset.received === '{n}'",
            timeout=5000,
        )
        times.append(friend.evaluate("window.benchReceivedAt") - sent)
    return times


def deal_in_chromium(browser, base, runs):
    page = browser.new_page()
    page.goto(base + f"bench/pyodide_page.html#bench/fair_deal.py?--timing-only&--runs&{runs}")
    page.wait_for_selector("body[data-output]", state="attached", timeout=600_000)
    output = page.evaluate("document.body.dataset.output")
    page.close()
    return json.loads(output.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pings", type=int, default=50)
    parser.add_argument("--waves", type=int, default=20)
    parser.add_argument("--connections", type=int, default=3)
    parser.add_argument("--deal-runs", type=int, default=3)
    args = parser.parse_args()
    if not (ROOT / "static" / "py.zip").exists():
        print("Build the site first: make serve (or make build)", file=sys.stderr)
        return 1
    server = make_server(0)
    server.RequestHandlerClass = functools.partial(SiteHandler, directory=str(ROOT))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        invites, opens, rtts, python_ms = [], [], [], []
        for run in range(args.connections):
            host, friend, invite_ms, open_ms, link_chars = connect(browser, base)
            invites.append(invite_ms)
            opens.append(open_ms)
            rtts += round_trips(host, args.pings)
            python_ms += waves(host, friend, args.waves)
            print(
                f"connection {run + 1}: invite shown {invite_ms:.0f} ms, open {open_ms:.0f} ms after the reply was pasted",
                flush=True,
            )
            host.context.close()
            friend.context.close()
        deal = deal_in_chromium(browser, base, args.deal_runs)
        browser.close()
    server.shutdown()
    rtts.sort()
    figures = {
        "invite_ms_median": round(statistics.median(invites), 1),
        "open_after_reply_ms_median": round(statistics.median(opens), 1),
        "invite_link_chars": link_chars,
        "round_trip_ms_median": round(statistics.median(rtts), 2),
        "round_trip_ms_p95": round(rtts[int(0.95 * (len(rtts) - 1))], 2),
        "message_through_python_ms_median": round(statistics.median(python_ms), 1),
        "message_through_python_ms_max": round(max(python_ms), 1),
        "deal_4_seats_chromium": deal,
    }
    print(
        f"round trip over the data channel: median {figures['round_trip_ms_median']} ms, p95 "
        f"{figures['round_trip_ms_p95']} ms ({len(rtts)} pings); a message through Python: median "
        f"{figures['message_through_python_ms_median']} ms; 4-seat deal in Chromium: all peers "
        f"{deal['total_ms_median']} ms, largest peer {deal['largest_peer_ms_median']} ms, in "
        f"parallel {deal['parallel_ms_median']} ms"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
