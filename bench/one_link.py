"""One link (#/invite) between two browser contexts on this machine, against a real Nostr
relay started here (tests/e2e/relay_support.py): how long the friend waits from opening
the link to both boards shown, how long a reloaded page takes to come back, and how long a
move takes to be drawn on the other device. bench/remote.py runs it (`--one-link-runs`,
`--reloads`, `--moves`; `--only one-link`) and its docstring says the method of each figure.

Both devices are browser contexts that visited the site once before (the hub, until the
page kept its memory snapshot of Python and its service worker was installed), so every
page they open after starts warm, as a returning visitor's does. PROBE (an init script in
both) writes a timeline of each page on window.benchLog, on the machine's one clock
(Date.now()): the room's messages (the kind of each, said and heard, around
static/js/room.js), the relay's websocket, every RTCPeerConnection's gathering and states,
the data channel's frames, the page's stages and remote bar, and the performance marks of
Python's start; `steps` reads it into the time of each step of a run."""

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "e2e")]
from games.deblockle.game import GAME  # noqa: E402
from relay_support import start_relay  # noqa: E402
from remote_support import moves_played, my_seat, saved  # noqa: E402
from test_deblockle import play_by_clicks  # noqa: E402

SLOT = "deblockle-remote"
ONE_BLOCK_EACH = {"blocks_gold": 1, "blocks_blue": 1}
WAIT_MS = 60_000

PROBE = """(() => {
  // What the page before a reload noted, even while it was leaving (kept for the tab).
  window.benchBefore = JSON.parse(sessionStorage.getItem("benchLog") || "[]");
  sessionStorage.removeItem("benchLog");
  const log = (window.benchLog = []);
  let leaving = false;
  const keep = () => sessionStorage.setItem("benchLog", JSON.stringify(log));
  const note = (what, detail = "") => {
    log.push([Date.now(), what, String(detail)]);
    if (leaving) keep();
  };
  addEventListener("pagehide", () => { leaving = true; note("pagehide"); });
  window.benchClicks = [];
  window.benchBoard = [];
  addEventListener("click", (event) => {
    window.benchClicks.push(Date.now());
    const target = event.target.closest && event.target.closest("[data-action]");
    if (target) note("click", target.dataset.action);
  }, true);
  const first = (text) => { try { return JSON.parse(text); } catch (error) { return null; } };
  const kind = (text) => (first(text) || {}).k || "?";
  const frame = (text) => typeof text !== "string" ? "binary"
    : text.startsWith("M") ? ((first(text.slice(1)) || {}).type || "?") : text.slice(0, 8);
  // The room (static/js/room.js): what is said and heard in it, by kind.
  let room = undefined;
  Object.defineProperty(window, "gemauRoom", {
    configurable: true,
    get: () => room,
    set: (given) => {
      // open(secret, relays, ..., on): the page's listeners come last.
      room = { ...given, open: async (...args) => {
        note("room-open");
        const on = args.pop();
        const opened = await given.open(...args, {
          message: (text, ...more) => { note("room-heard", kind(text)); on.message(text, ...more); },
          relays: (up, total) => { note("relays-up", up + "/" + total); on.relays(up, total); },
          dropped: () => { note("room-dropped"); on.dropped(); },
        });
        note("room-opened");
        const send = opened.send;
        opened.send = async (text) => {
          if (leaving && window.benchQuietLeave) return note("room-unsaid", kind(text));
          note("room-say", kind(text));
          await send(text);
          note("room-sent", kind(text));
        };
        return opened;
      } };
    },
  });
  // The relay's websocket: each message's type (REQ, EVENT, OK, EOSE...).
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      note("ws-new", args[0]);
      this.addEventListener("open", () => note("ws-open"));
      this.addEventListener("close", (event) => note("ws-close", event.code));
      this.addEventListener("message", (event) => note("ws-in", (first(event.data) || ["?"])[0]));
    }
    send(data) {
      note("ws-out", (first(data) || ["?"])[0]);
      return super.send(data);
    }
  };
  // Every peer connection (numbered in the page) and its data channel's frames.
  const Connection = window.RTCPeerConnection;
  let made = 0;
  window.RTCPeerConnection = class extends Connection {
    constructor(...args) {
      super(...args);
      const id = (this.benchId = ++made);
      note("pc-new", id);
      this.addEventListener("icegatheringstatechange", () => note("pc-gathering", id + " " + this.iceGatheringState));
      this.addEventListener("icecandidate", (event) => note("pc-candidate", id + " " +
        (event.candidate ? event.candidate.candidate.split(" ").slice(4, 8).join(" ") : "end")));
      this.addEventListener("iceconnectionstatechange", () => note("pc-ice", id + " " + this.iceConnectionState));
      this.addEventListener("connectionstatechange", () => note("pc-state", id + " " + this.connectionState));
    }
    async setLocalDescription(description) {
      note("pc-local", this.benchId + " " + (description && description.type));
      return super.setLocalDescription(description);
    }
    async setRemoteDescription(description) {
      note("pc-remote", this.benchId + " " + (description && description.type));
      return super.setRemoteDescription(description);
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      const id = this.benchId;
      channel.addEventListener("open", () => note("dc-open", id));
      channel.addEventListener("close", () => note("dc-close", id));
      channel.addEventListener("message", (event) => note("dc-in", id + " " + frame(event.data)));
      // After the page's own listener (added next, by static/js/peer.js): its work done.
      setTimeout(() => channel.addEventListener("message", (event) =>
        note("dc-handled", id + " " + frame(event.data))));
      const send = channel.send.bind(channel);
      channel.send = (text) => { note("dc-out", id + " " + frame(text)); return send(text); };
      return channel;
    }
  };
  // The game saved (after a move made or received).
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("gemau:saved:")) note("saved", key.slice(12));
    return setItem.call(this, key, value);
  };
  // The page: the app ready, the invite's stage, the remote bar over a board, the board.
  const seen = {};
  const watch = (what, value) => { if (seen[what] !== value) { seen[what] = value; note(what, value); } };
  let board = null;
  new MutationObserver(() => {
    const root = document.documentElement;
    watch("app", root.dataset.app);
    watch("snapshot", root.dataset.snapshot);
    const invite = document.querySelector("[data-page='invite']");
    watch("stage", invite ? invite.dataset.stage : "");
    const drawn = document.querySelector("[data-game='deblockle'] .db-board");
    const bar = document.querySelector(".remote-bar");
    watch("bar", drawn && bar ? bar.dataset.remote : "");
    const now = drawn ? drawn.outerHTML : null;
    if (now !== board) { board = now; window.benchBoard.push(Date.now()); }
  }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
})();"""

# The page's timeline: its log, when its navigation started and Python's start marks.
TIMELINE = """() => [
  [performance.timeOrigin, "navigation", ""],
  ...performance.getEntriesByType("mark").filter((m) => m.name.startsWith("gemau:"))
    .map((m) => [performance.timeOrigin + m.startTime, "mark", m.name.slice(6)]),
  ...window.benchBefore.map(([t, what, detail]) => [t, "before-reload " + what, detail]),
  ...window.benchLog,
]"""

PUT_IN_STORAGE = """(items) => {
  localStorage.clear();
  for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text);
}"""

# Each step: (what it is, which page, the event, a word its detail holds). The time of a
# step is its first event at or after the start of the run.
MEETING = [
    ("friend's page starts (navigation)", "friend", "navigation", ""),
    ("friend: Python ready (from its snapshot)", "friend", "app", "ready"),
    ("friend: invitation shown", "friend", "stage", "offered"),
    ("friend: Accept clicked", "friend", "click", "accept"),
    ("friend: relay connected", "friend", "ws-open", ""),
    ("friend: says here", "friend", "room-say", "here"),
    ("host: hears here", "host", "room-heard", "here"),
    ("host: offer's candidates gathered", "host", "pc-gathering", "complete"),
    ("host: says offer", "host", "room-say", "offer"),
    ("friend: hears offer", "friend", "room-heard", "offer"),
    ("friend: answer's candidates gathered", "friend", "pc-gathering", "complete"),
    ("friend: says answer", "friend", "room-say", "answer"),
    ("host: hears answer", "host", "room-heard", "answer"),
    ("host: data channel open", "host", "dc-open", ""),
    ("friend: data channel open", "friend", "dc-open", ""),
    ("host: game's hello sent", "host", "dc-out", "hello"),
    ("host: board shown, bar playing", "host", "bar", "playing"),
    ("friend: board shown, bar playing", "friend", "bar", "playing"),
]
# A reload of the page of `reloaded`, the other page being `other`'s.
RETURN = [
    ("reloaded page starts (navigation)", "reloaded", "navigation", ""),
    ("reloaded (the page left): says here", "reloaded", "before-reload room-say", "here"),
    ("other: old data channel closed", "other", "dc-close", ""),
    ("reloaded: Python ready", "reloaded", "app", "ready"),
    ("reloaded: relay connected", "reloaded", "ws-open", ""),
    ("reloaded: subscribed (REQ sent)", "reloaded", "ws-out", "REQ"),
    ("reloaded: says here (first)", "reloaded", "room-say", "here"),
    ("other: says here (first)", "other", "room-say", "here"),
    ("host: hears here", "host", "room-heard", "here"),
    ("host: says offer", "host", "room-say", "offer"),
    ("friend: hears offer", "friend", "room-heard", "offer"),
    ("friend: says answer", "friend", "room-say", "answer"),
    ("host: hears answer", "host", "room-heard", "answer"),
    ("host: data channel open", "host", "dc-open", ""),
    ("friend: data channel open", "friend", "dc-open", ""),
    ("other: bar playing again", "other", "bar", "playing"),
    ("reloaded: bar playing", "reloaded", "bar", "playing"),
]


def storage(relay_url: str, name: str, internet: str, prefs: dict) -> dict[str, str]:
    peer = {"name": name, "internet": internet, "stun": [], "relays": [relay_url]}
    return {
        "gemau:peer": json.dumps({"v": 2, "rev": 1, "data": peer}),
        "gemau:prefs:deblockle": json.dumps({"v": 1, "rev": 1, "data": prefs}),
    }


def returning_device(browser, base, quiet_leave: bool = False):
    """A browser context that has visited the site once: its snapshot of Python kept, its
    service worker installed (and done precaching). quiet_leave: a what-if, its pages say
    nothing in the room once they are being left (PROBE drops it)."""
    context = browser.new_context(reduced_motion="reduce", viewport={"width": 1000, "height": 800})
    if quiet_leave:
        context.add_init_script("window.benchQuietLeave = true")
    context.add_init_script(PROBE)
    context.on("console", lambda m: m.text.startswith("Gemau") and print(m.text, flush=True))
    page = context.new_page()
    page.goto(base + "index.html#/")
    page.wait_for_selector("html[data-snapshot='kept']", state="attached", timeout=180_000)
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=60_000)
    page.wait_for_timeout(3000)  # the service worker's precaching, after it is active
    page.close()
    return context


def fresh_page(context, base, items: dict[str, str]):
    """The device's pages closed and its storage set to `items` (kept: its caches)."""
    for page in context.pages:
        page.close()
    setup = context.new_page()
    setup.goto(base + "manifest.webmanifest")
    setup.evaluate(PUT_IN_STORAGE, items)
    setup.close()
    return context.new_page()


def ready(page) -> None:
    page.wait_for_selector("html[data-app='ready']", state="attached", timeout=90_000)


def now_ms(page) -> float:
    return page.evaluate("Date.now()")


def invite(host_context, base, relay_url: str, prefs: dict):
    """A new invite to Deblockle on the host's device: its page and the link."""
    host = fresh_page(host_context, base, storage(relay_url, "Ann", "on", prefs))
    host.goto(base + "index.html#/invite")
    ready(host)
    host.click("[data-action='invite'][data-game='deblockle']")
    host.wait_for_selector("[data-page='invite'][data-stage='waiting']", timeout=WAIT_MS)
    host.wait_for_selector(".invite-relays[data-relays-up='1']", timeout=WAIT_MS)
    return host, host.locator("#invite-link").input_value()


def bar_playing(page, since: float) -> None:
    """Until the page's remote bar over its board has said `playing` since `since`."""
    page.wait_for_function(
        "(since) => window.benchLog.some(([t, what, v]) => t >= since && what === 'bar'"
        " && v === 'playing') && document.querySelector(\".remote-bar[data-remote='playing']\")",
        arg=since,
        timeout=WAIT_MS,
    )


def first_time(timeline, since: float, side: str, what: str, word: str) -> float | None:
    for t, who, kind, detail in timeline:
        if t >= since and who == side and kind == what and word in detail:
            return t
    return None


def timeline(pages: dict) -> list[tuple[float, str, str, str]]:
    events = []
    for side, page in pages.items():
        events += [(t, side, what, detail) for t, what, detail in page.evaluate(TIMELINE)]
    return sorted(events)


def steps(plan, events, since: float, sides: dict[str, str]) -> dict[str, float | None]:
    """ms from `since` to each step of the plan (None: not seen); sides names the pages
    the plan calls "reloaded" and "other"."""
    found = {}
    for label, side, what, word in plan:
        t = first_time(events, since, sides.get(side, side), what, word)
        found[label] = None if t is None else round(t - since)
    return found


def meeting(host_context, friend_context, base, relay_url: str):
    """One run: a new link opened by the friend's (returning) device, accepted."""
    host, link = invite(host_context, base, relay_url, ONE_BLOCK_EACH)
    friend = fresh_page(friend_context, base, storage(relay_url, "Bryn", "off", ONE_BLOCK_EACH))
    opened = time.time() * 1000
    friend.goto(link)
    friend.wait_for_selector("[data-page='invite'][data-stage='offered']", timeout=WAIT_MS)
    friend.click("[data-action='accept']")
    for page in (host, friend):
        bar_playing(page, opened)
    events = timeline({"host": host, "friend": friend})
    found = steps(MEETING, events, opened, {})
    shown = found["friend: invitation shown"]
    clicked = found["friend: Accept clicked"]
    playing = max(
        found["host: board shown, bar playing"], found["friend: board shown, bar playing"]
    )
    used = friend.evaluate("document.documentElement.dataset.snapshot")
    run = {
        "shown_ms": shown,
        "accept_to_playing_ms": playing - clicked,
        "total_ms": shown + playing - clicked,  # (not the driver's time to click)
        "friend_snapshot": used,
    }
    return run, found, events, opened


def reload_and_return(reloaded, other, host, rng) -> tuple[dict, list, float]:
    """Reload one page of a game in play; ms to both bars `playing` again; then one turn."""
    pages = {"host": host, "friend": other if reloaded is host else reloaded}
    friend = pages["friend"]
    side = "host" if reloaded is host else "friend"
    sides = {"reloaded": side, "other": "friend" if side == "host" else "host"}
    started = now_ms(reloaded)
    reloaded.reload()
    ready(reloaded)
    for page in (host, friend):
        bar_playing(page, started)
    events = timeline(pages)
    found = steps(RETURN, events, started, sides)
    back = max(found["other: bar playing again"] or 0, found["reloaded: bar playing"])
    play_turn((host, friend), rng)
    return {"back_ms": back, **found}, events, started


def mover(pages):
    for page in pages:
        record = saved(page, SLOT)
        state = GAME.load(record["state"])
        if state.current_player == my_seat(record):
            return page, state
    raise AssertionError("neither device is to move")


# The first time since `since` the page noted this (a frame of the data channel: "dc-out"
# or "dc-in", a move's type "move").
NOTED = """([since, what, word]) => (window.benchLog.find(([t, w, d]) => t >= since && w === what
  && d.endsWith(word)) || [null])[0]"""


def play_turn(pages, rng) -> dict[str, float]:
    """One move by clicks on the mover's page: ms from its last click to its page sending
    the move, to the move's frame arriving on the other page, to that page saving the game,
    to its handler of the frame returning, and to its board changing ("drawn"); and to the
    mover's own board changing ("drawn_here")."""
    page, state = mover(pages)
    other = pages[1] if page is pages[0] else pages[0]
    before = moves_played(other, SLOT)
    play_by_clicks(page, state, rng.choice([str(m) for m in state.legal_moves()]))
    clicked = page.evaluate("window.benchClicks.at(-1)")
    other.wait_for_function(
        "([slot, n]) => { const r = localStorage.getItem('gemau:saved:' + slot);"
        " return r && JSON.parse(r).data.meta.frame.moves.length > n; }",
        arg=[SLOT, before],
        timeout=10_000,
    )
    drawn = other.evaluate("(t) => window.benchBoard.find((d) => d >= t)", clicked)
    sent = page.evaluate(NOTED, [clicked, "dc-out", " move"])
    arrived = other.evaluate(NOTED, [clicked, "dc-in", " move"])
    kept = other.evaluate(NOTED, [clicked, "saved", SLOT])
    handled = other.evaluate(NOTED, [clicked, "dc-handled", " move"])
    here = page.evaluate("(t) => window.benchBoard.find((d) => d >= t)", clicked)
    return {
        "drawn_here": here - clicked,
        "sent": sent - clicked,
        "arrived": arrived - clicked,
        "saved": kept - clicked,
        "handled": handled - clicked,
        "drawn": drawn - clicked,
    }


def is_over(page) -> bool:
    return GAME.load(saved(page, SLOT)["state"]).is_over


def again(host, friend) -> None:
    """The game is over: the host's Play again, until both bars say `playing`."""
    since = now_ms(host)
    for page in (host, friend):
        page.wait_for_selector("#db-over", timeout=WAIT_MS)
        page.keyboard.press("Escape")
    host.click(".remote-bar [data-action='remote-again']")
    for page in (host, friend):
        bar_playing(page, since)


def moves(host, friend, count: int, rng) -> tuple[list[dict[str, float]], int]:
    """`count` moves, new games started as needed: each move's times (play_turn)."""
    times, games = [], 1
    while len(times) < count:
        if is_over(host):
            again(host, friend)
            games += 1
        times.append(play_turn((host, friend), rng))
    return times, games


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 1),
        "min": round(ordered[0], 1),
        "max": round(ordered[-1], 1),
    }


def step_medians(runs: list[dict[str, float | None]]) -> dict[str, float | None]:
    labels = list(runs[0])
    found = {}
    for label in labels:
        values = [run[label] for run in runs if run.get(label) is not None]
        found[label] = round(statistics.median(values)) if values else None
    return found


def show(title: str, medians: dict[str, float | None]) -> None:
    print(title, flush=True)
    for label, value in medians.items():
        print(f"  {'—' if value is None else f'{value:6d} ms'}  {label}", flush=True)


def show_events(title: str, events, since: float) -> None:
    """One run's whole timeline (both pages), for the record."""
    print(title, flush=True)
    for t, side, what, detail in events:
        if t >= since - 50:
            print(f"  {t - since:8.0f} {side:6} {what:13} {detail[:70]}", flush=True)


def load() -> str:
    with open("/proc/loadavg") as loadavg:
        return " ".join(loadavg.read().split()[:3])


def meetings(host_context, friend_context, base, relay_url: str, runs: int, verbose: bool):
    """Figure 1: `runs` new links, each opened on the friend's device and accepted."""
    results, found_steps = [], []
    for number in range(runs):
        result, found, events, opened = meeting(host_context, friend_context, base, relay_url)
        results.append(result)
        found_steps.append(found)
        print(
            f"one link {number + 1}: invitation shown {result['shown_ms']} ms after the link"
            f" was opened, both boards {result['accept_to_playing_ms']} ms after Accept"
            f" (friend's Python: {result['friend_snapshot']})",
            flush=True,
        )
        if verbose and number == 0:
            show_events("the first run's timeline (ms from the link opened):", events, opened)
    medians = step_medians(found_steps)
    show("one link, median ms from the link opened to each step:", medians)
    return {
        "link_to_invitation_ms": summary([r["shown_ms"] for r in results]),
        "accept_to_both_playing_ms": summary([r["accept_to_playing_ms"] for r in results]),
        "invitation_plus_accept_to_playing_ms": summary([r["total_ms"] for r in results]),
        "friend_started_from_snapshot": sum(r["friend_snapshot"] == "used" for r in results),
        "steps_median_ms": medians,
    }


def reloads_and_moves(host_context, friend_context, base, relay_url, reloads, count, verbose):
    """Figures 2 and 3, in one game of 4 blocks each (Play again when a game ends)."""
    host, link = invite(host_context, base, relay_url, {})
    friend = fresh_page(friend_context, base, storage(relay_url, "Bryn", "off", {}))
    friend.goto(link)
    friend.click("[data-action='accept']")
    for page in (host, friend):
        bar_playing(page, 0)
    rng = random.Random(7)
    figures: dict = {}
    returns: dict[str, list[dict]] = {"friend": [], "host": []}
    for number in range(reloads):
        for side, page, other in (("friend", friend, host), ("host", host, friend)):
            if is_over(host):
                again(host, friend)
            result, events, started = reload_and_return(page, other, host, rng)
            returns[side].append(result)
            print(
                f"reload of the {side}'s page {number + 1}: both playing again in"
                f" {result['back_ms']} ms",
                flush=True,
            )
            if verbose and number == 0:
                show_events(f"the {side}'s first reload (ms from the reload):", events, started)
    for side, found in returns.items():
        if found:
            medians = step_medians(found)
            show(f"reload of the {side}'s page, median ms from the reload to each step:", medians)
            figures[f"{side}_reload_to_both_playing_ms"] = summary([r["back_ms"] for r in found])
            figures[f"{side}_reload_steps_median_ms"] = medians
    if count:
        times, games = moves(host, friend, count, rng)
        for part in ("drawn", "sent", "arrived", "saved", "handled", "drawn_here"):
            figures[f"move_{part}_ms"] = summary([t[part] for t in times])
        figures["move_games"] = games
        print(
            f"moves ({games} games): drawn on the other page {figures['move_drawn_ms']}; the"
            f" move sent {figures['move_sent_ms']}, arrived {figures['move_arrived_ms']},"
            f" saved there {figures['move_saved_ms']}, the page's handler returned"
            f" {figures['move_handled_ms']}; the mover's own board {figures['move_drawn_here_ms']}"
            " (ms from the click)",
            flush=True,
        )
    return figures


def run(
    browser,
    base,
    runs: int,
    reloads: int,
    count: int,
    verbose: bool = False,
    quiet_leave: bool = False,
) -> dict:
    """The three figures (see bench/remote.py's docstring), printed as they come."""
    figures = {"load_before": load(), "quiet_leave": quiet_leave}
    with tempfile.TemporaryDirectory() as folder, start_relay(Path(folder)) as relay:
        host_context = returning_device(browser, base, quiet_leave)
        friend_context = returning_device(browser, base, quiet_leave)
        if runs:
            figures |= meetings(host_context, friend_context, base, relay.url, runs, verbose)
        if reloads or count:
            figures |= reloads_and_moves(
                host_context, friend_context, base, relay.url, reloads, count, verbose
            )
        host_context.close()
        friend_context.close()
    figures["load_after"] = load()
    return figures
