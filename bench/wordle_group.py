"""Wordle Tournament group across devices (app.remote.wordle_group, the leader's side, and
app.remote.wordle_group_member, a member's): what goes over the links, and how long a
member's guess takes to reach every device's view.

    CHROMIUM=/usr/bin/chromium .venv/bin/python bench/wordle_group.py [--runs 3] [--casual]
                                                     [--sample] [--cpython-only]

Whole tournaments on a simulated clock (1 s steps), as tests/unit/app/test_remote_wordle_group.py
plays them: every person (the leader too) guesses a random accepted word of the duel's length
about 2 s into each of their turns, until the tournament is over (--casual: the word a casual
bot would pick, games.wordle.players at skill 0.45, as people who solve some). Two groups,
`--runs` seeds each: a leader + 7 members (8 people, no bots) and a leader + 3 members (4
people, 4 bots).
Words: static/words/en.json and its book (as played), or the tests' small list (--sample).
Each message goes through app.peer.channel's framing (compact JSON, as over a data channel)
and is decoded on the other side; its size is its frames' characters (ASCII: bytes).
- messages a round: leader -> one member, and one member -> leader (the tournament's
  messages, lobby to end, over its rounds; mean over members and seeds);
- bytes a tournament: to one member (mean, largest), from one member, and every link's
  both ways in all; the largest message;
- a member's guess to every device having the resulting view taken: time.perf_counter from
  the member's guess() call to the last member's receive() returning, all the devices in one
  process one after another (the leader's check and its encoding of each member's view,
  each member's decoding and checking); also the same with the devices working in parallel
  and no network (the guesser's work + the leader's + the slowest member's). Median, p95 and
  worst over every member's guess. Run inside Pyodide in one Chromium page
  (bench/pyodide_page.html, the site served by tools/serve.py) and under CPython.
The last line printed is one JSON object.

Figures of 2026-12-03 (3 seeds, English words, load about 1.1; CPython 3.11.7, Pyodide's
Python 3.14.2 in Chromium; in the page time.perf_counter moves in 0.1 ms steps). Messages and
bytes are the same in both runtimes (checked).
- People guessing random words (the tests' way): nobody solves a word on the real list, so
  with 8 people every duel is a draw and all 8 are out after 3 rounds, placed first together.
  Leader + 7: 50.7 messages a round to each member, 6.3 from each; 491 kB a tournament to a
  member (at most 499 kB), 1.2 kB from one, 3.44 MB over all links; largest message 4.8 kB.
  A guess to all 8 devices' views (378 guesses): in one Chromium page median 5.7 ms, p95
  10.9, worst 13.3 (devices in parallel 2.5 / 4.7 / 5.7); CPython 3.2 / 5.4 / 7.6 ms.
  Leader + 3 and 4 bots (7-10 rounds): 15.2 messages a round to a member, 1.65 from one;
  316 kB to a member (at most 326 kB), 0.9 kB from one, 950 kB in all; largest 3.8 kB;
  a guess to the 4 devices' views (117): Chromium 1.8 / 3.3 / 4.5 ms, CPython 1.2 / 1.8 / 2.7.
- --casual (8-10 rounds): leader + 7: 14.6 messages a round to a member, 1.64 from one;
  276 kB to a member (at most 284 kB), 0.9 kB from one, 1.94 MB in all; largest 3.3 kB; a guess
  to all 8 devices' views (277): Chromium median 4.8 ms, p95 8.8, worst 20.8 (in parallel
  2.3 / 4.1 / 12.6); CPython 2.7 / 4.0 / 6.0. Leader + 3 and 4 bots: 12.8 a round to a member,
  1.29 from one; 252 kB to a member (at most 265 kB), 758 kB in all; largest 3.3 kB; a guess
  to the 4 devices' views (96): Chromium 2.6 / 4.0 / 5.0 ms, CPython 1.4 / 2.4 / 3.0.
The views are whole (every duel's rows, all 8 players) and every guess changes every
member's view, so a member is sent one view for each row typed anywhere in the round.

Through the leader's relay (2026-12-07, CPython only, the same 3 seeds, people guessing
random words), since the group's messages travel as a table's do: leader + 7: 401 messages
a round to a member (its own views, and its relay's place in the one order for each
message to another member: about 80 bytes each), 51.3 from each (mostly its relay's
acknowledgements, one every 8 envelopes taken); 571 kB a tournament to a member (at most
580 kB: 16% more), 6.5 kB from one, 4.04 MB in all (18% more); largest message 4.9 kB; a
guess to all 8 devices' views 5.0 / 6.0 / 12.2 ms. Leader + 3 and 4 bots: 51.1 messages a
round to a member, 7.3 from one; 348 kB to a member (10% more), 1.05 MB in all; a guess to
the 4 views 1.2 / 1.5 / 2.0 ms.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "py"))
from app.peer.channel import Assembler, frames  # noqa: E402
from app.remote.wordle_group import GroupLeader  # noqa: E402
from app.remote.wordle_group_member import GroupMember  # noqa: E402
from games.common.rng import SeededRng  # noqa: E402
from games.wordle.dictionary import Dictionary  # noqa: E402
from games.wordle.duel import TURN_MS  # noqa: E402
from games.wordle.players import LEVELS, Player  # noqa: E402
from games.wordle.sample_words import sample_dictionary  # noqa: E402

NAMES = ("Ann", "Ben", "Cat", "Dai", "Eli", "Fay", "Gwen")


def load_words(sample: bool):
    if sample:
        return sample_dictionary()
    if sys.platform == "emscripten":  # inside bench/pyodide_page.html
        from pyodide.http import open_url

        def read(name):
            return open_url(f"../static/words/{name}").read()
    else:

        def read(name):
            with open(os.path.join(ROOT, "static", "words", name), encoding="utf-8") as f:
                return f.read()

    words = Dictionary("en", json.loads(read("en.json")))
    words.load_book(json.loads(read("en.book.json")))
    return words


class Group:
    """A leader and members over links that carry data-channel frames, delivered in order
    by `pump`; each side decodes with its own Assembler. Counts what each link carries."""

    def __init__(self, words, members: int, seed: int, casual: bool):
        self.words, self.now, self.queue = words, 0, []
        self.leader = GroupLeader(words, "Leader", 1000, seed)
        self.devices = [f"m{i + 1}" for i in range(members)]
        self.down = {d: [0, 0] for d in self.devices}  # leader -> member: messages, bytes
        self.up = {d: [0, 0] for d in self.devices}  # member -> leader
        self.largest = 0
        self.work: dict = {}  # device -> seconds taking what `pump` delivered to it
        self.members = {}
        for device, name in zip(self.devices, NAMES, strict=False):
            self.leader.connect(device, self.link(device, "member", self.down[device]))
            send = self.link(device, "leader", self.up[device])
            self.members[device] = GroupMember(send, name, 1000)
        self.pump()
        self.rng, self.seeded = random.Random(seed), SeededRng(seed)
        self.player = Player(LEVELS["casual"]) if casual else None
        self.typed: dict = {}  # who -> (round, duel, rows) it last guessed in
        self.latency, self.parallel = [], []  # seconds, one per member's guess

    def link(self, device, to, counts):
        assembler = Assembler()

        def send(message):
            parts = frames(message)
            counts[0] += 1
            counts[1] += sum(len(p) for p in parts)
            self.largest = max(self.largest, sum(len(p) for p in parts))
            for part in parts:
                self.queue.append((device, to, assembler, part))

        return send

    def pump(self):
        while self.queue:
            device, to, assembler, part = self.queue.pop(0)
            started = time.perf_counter()
            message = assembler.feed(part)
            if message is not None:
                if to == "leader":
                    self.leader.receive(device, message, self.now)
                else:
                    assert self.members[device].receive(message, self.now), message
            who = "leader" if to == "leader" else device
            self.work[who] = self.work.get(who, 0.0) + time.perf_counter() - started

    def play(self):
        t = self.leader.tournament
        self.leader.start(self.now)
        self.pump()
        while not t.is_over:
            self.now += 1000
            assert self.now < 4 * 3600_000, "the tournament did not end"
            self.leader.tick(self.now)
            self.pump()
            for who in ("leader", *self.devices):
                self.maybe_guess(who)

    def maybe_guess(self, who):
        t = self.leader.tournament
        if who == "leader":
            view = t.view(0, self.now)
        else:
            view = self.members[who].view_at(self.now)
        if view is None or not view["your_turn"] or view["out"]:
            return
        duel = view["duels"][view["your_duel"]]
        key = (view["round"], view["your_duel"], len(duel["rows"]))
        if duel["time_left"] > TURN_MS - 2000 or self.typed.get(who) == key:
            return
        self.typed[who] = key
        word = None
        if self.player is not None:
            word = self.player.plan(duel, self.words, view["your_seat"], self.seeded).word
        word = word or self.rng.choice(self.words.guess_lists[duel["length"]])
        if who == "leader":
            self.leader.guess(word, self.now)
            self.pump()
            return
        rows = len(t.log)
        self.work = {}
        started = time.perf_counter()
        self.members[who].guess(word, self.now)
        sent = time.perf_counter() - started
        self.pump()
        elapsed = time.perf_counter() - started
        if len(t.log) > rows:  # played (not refused)
            self.latency.append(elapsed)
            slowest = max(v for k, v in self.work.items() if k != "leader")
            self.parallel.append(sent + self.work["leader"] + slowest)


def spread(seconds):
    ordered = sorted(seconds)
    return {
        "guesses": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 2),
        "worst_ms": round(ordered[-1] * 1000, 2),
    }


def measure(words, members, runs, casual):
    rounds, down, up, to_member, from_member, total, largest = [], [], [], [], [], [], 0
    latency, parallel = [], []
    for seed in range(1, runs + 1):
        group = Group(words, members, seed, casual)
        group.play()
        n = group.leader.tournament.round_number
        rounds.append(n)
        down += [m / n for m, _ in group.down.values()]
        up += [m / n for m, _ in group.up.values()]
        to_member += [b for _, b in group.down.values()]
        from_member += [b for _, b in group.up.values()]
        total.append(sum(to_member[-members:]) + sum(from_member[-members:]))
        largest = max(largest, group.largest)
        latency += group.latency
        parallel += group.parallel
    return {
        "members": members,
        "bots": 7 - members,
        "runs": runs,
        "rounds": rounds,
        "to_member_messages_a_round": round(statistics.mean(down), 1),
        "from_member_messages_a_round": round(statistics.mean(up), 2),
        "to_member_bytes_a_tournament_mean": round(statistics.mean(to_member)),
        "to_member_bytes_a_tournament_max": max(to_member),
        "from_member_bytes_a_tournament": round(statistics.mean(from_member)),
        "all_links_bytes_a_tournament_mean": round(statistics.mean(total)),
        "largest_message_bytes": largest,
        "guess_to_all_views_one_process": spread(latency),
        "guess_to_all_views_devices_in_parallel": spread(parallel),
    }


def run_all(runs, sample, casual):
    words = load_words(sample)
    return {
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": sys.version.split()[0],
        "words": "sample" if sample else "en",
        "people": "casual" if casual else "random",
        "groups": [measure(words, members, runs, casual) for members in (7, 3)],
    }


def in_chromium(runs, sample, casual):
    """run_all inside Pyodide in one Chromium page (bench/pyodide_page.html)."""
    import functools
    import threading

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from serve import SiteHandler, make_server

    server = make_server(0)
    server.RequestHandlerClass = functools.partial(SiteHandler, directory=ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    query = f"--in-page&--runs&{runs}" + ("&--sample" if sample else "")
    query += "&--casual" if casual else ""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page()
            page.goto(base + f"bench/pyodide_page.html#bench/wordle_group.py?{query}")
            page.wait_for_selector("body[data-output]", state="attached", timeout=1_800_000)
            output = page.evaluate("document.body.dataset.output")
            browser.close()
    finally:
        server.shutdown()
    return json.loads(output.strip().splitlines()[-1])


def show(figures):
    for g in figures["groups"]:
        one, par = g["guess_to_all_views_one_process"], g["guess_to_all_views_devices_in_parallel"]
        print(
            f"{figures['runtime']} {figures['python']}, leader + {g['members']} members + "
            f"{g['bots']} bots, rounds {g['rounds']}: a round {g['to_member_messages_a_round']} "
            f"messages to each member, {g['from_member_messages_a_round']} from each; a "
            f"tournament {g['to_member_bytes_a_tournament_mean']} bytes to a member (max "
            f"{g['to_member_bytes_a_tournament_max']}), {g['from_member_bytes_a_tournament']} "
            f"from one, {g['all_links_bytes_a_tournament_mean']} in all; largest message "
            f"{g['largest_message_bytes']}; guess to every view ({one['guesses']} guesses): one "
            f"process {one['median_ms']} / {one['p95_ms']} / {one['worst_ms']} ms (median / p95 "
            f"/ worst), devices in parallel {par['median_ms']} / {par['p95_ms']} / "
            f"{par['worst_ms']} ms",
            flush=True,
        )


def counts(group):
    return {k: v for k, v in group.items() if not k.startswith("guess_to")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sample", action="store_true", help="the tests' small word list")
    parser.add_argument("--casual", action="store_true", help="people guess as casual bots")
    parser.add_argument("--cpython-only", action="store_true")
    parser.add_argument("--in-page", action="store_true", help="print only the JSON line")
    args = parser.parse_args()
    if args.in_page:
        print(json.dumps(run_all(args.runs, args.sample, args.casual)))
        return
    result = {"cpython": run_all(args.runs, args.sample, args.casual)}
    show(result["cpython"])
    if not args.cpython_only:
        result["chromium"] = in_chromium(args.runs, args.sample, args.casual)
        show(result["chromium"])
        same = [counts(g) for g in result["cpython"]["groups"]]
        result["same_messages"] = same == [counts(g) for g in result["chromium"]["groups"]]
        print(f"the same messages and bytes in both runtimes: {result['same_messages']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
