"""Wordle Tournament: whole seeded 8-bot tournaments on an injected clock.

    python3 bench/wordle_tournament.py [--tournaments 20] [--seed 1] [--lang en]
                                       [--rating 1000] [--sample]

Loads static/words/<lang>.json (and <lang>.book.json, the expert's book, when
there); without it, or with --sample, the small built-in English list of
games/wordle/sample_words.py (bots then solve faster than on the real list).
Reports the distribution of the number of rounds (the rules: "usually 8 to
10"), the tournament's length in clock minutes (what a finalist plays; the
rules: "about 15 to 20 minutes"), draws and skipped turns, and the bots' CPU
time per planned turn. The last line printed is a JSON object.
"""

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(REPO, "py"))

from games.wordle import players as players_module  # noqa: E402
from games.wordle.dictionary import Dictionary  # noqa: E402
from games.wordle.sample_words import sample_dictionary  # noqa: E402
from games.wordle.tournament import new_lobby  # noqa: E402


def load_words(lang: str, sample: bool):
    path = os.path.join(REPO, "static", "words", f"{lang}.json")
    if sample or not os.path.exists(path):
        return sample_dictionary(), "built-in sample (en)"
    with open(path, encoding="utf-8") as f:
        words = Dictionary(lang, json.load(f))
    book = os.path.join(REPO, "static", "words", f"{lang}.book.json")
    if os.path.exists(book):
        with open(book, encoding="utf-8") as f:
            words.load_book(json.load(f))
    return words, f"static/words/{lang}.json" + (" + book" if os.path.exists(book) else "")


def timed_plans(plan_ms: list):
    """Wrap Player.plan to record the CPU time of every bot decision."""
    original = players_module.Player.plan

    def plan(self, view, words, seat, rng):
        start = time.process_time()
        try:
            return original(self, view, words, seat, rng)
        finally:
            plan_ms.append((time.process_time() - start) * 1000)

    players_module.Player.plan = plan


def simulate(words, seed: int, rating: int):
    t = new_lobby(words, [], seed, base_rating=rating)
    t.start(0)
    while not t.is_over:
        t.advance(t.next_event_at())
    return t


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first tournament's seed")
    parser.add_argument("--lang", default="en")
    parser.add_argument(
        "--rating", type=int, default=1000, help="the lobby's rating (bots within 200)"
    )
    parser.add_argument("--sample", action="store_true", help="use the small built-in list")
    args = parser.parse_args()

    words, source = load_words(args.lang, args.sample)
    plan_ms = []
    timed_plans(plan_ms)
    rounds, minutes, cpu = Counter(), [], []
    duels = draws = rows = skips = 0
    for i in range(args.tournaments):
        start = time.process_time()
        t = simulate(words, args.seed + i, args.rating)
        cpu.append(time.process_time() - start)
        rounds[t.round_number] += 1
        minutes.append(t.current["ended_at"] / 60_000)
        for r in t.rounds:
            for m in r["matches"]:
                duels += 1
                draws += m["duel"].result.get("draw", False)
                rows += len(m["duel"].rows)
                skips += sum(row["guess"] is None for row in m["duel"].rows)

    n = args.tournaments
    print(f"words: {source}; {n} tournaments from seed {args.seed}, lobby rating {args.rating}")
    print("rounds: " + ", ".join(f"{r}: {c}" for r, c in sorted(rounds.items())))
    typical = sum(c for r, c in rounds.items() if 8 <= r <= 10)
    print(f"  8 to 10 rounds: {typical}/{n} ({100 * typical / n:.0f}%)")
    print(
        f"minutes (clock): median {statistics.median(minutes):.1f}, "
        f"p10 {quantile(minutes, 0.1):.1f}, p90 {quantile(minutes, 0.9):.1f}, "
        f"min {min(minutes):.1f}, max {max(minutes):.1f}"
    )
    print(
        f"duels: {duels}, draws {100 * draws / duels:.1f}%, rows per duel {rows / duels:.1f}, "
        f"skipped turns {100 * skips / rows:.1f}%"
    )
    print(
        f"bot decisions: {len(plan_ms)}, CPU ms median {statistics.median(plan_ms):.2f}, "
        f"p95 {quantile(plan_ms, 0.95):.2f}, max {max(plan_ms):.1f}; "
        f"CPU s per tournament median {statistics.median(cpu):.2f}"
    )
    print(
        json.dumps(
            {
                "words": source,
                "tournaments": n,
                "seed": args.seed,
                "rating": args.rating,
                "rounds": {str(r): c for r, c in sorted(rounds.items())},
                "rounds_8_to_10": typical / n,
                "minutes_median": round(statistics.median(minutes), 2),
                "minutes_p10": round(quantile(minutes, 0.1), 2),
                "minutes_p90": round(quantile(minutes, 0.9), 2),
                "draw_rate": round(draws / duels, 3),
                "rows_per_duel": round(rows / duels, 2),
                "skip_rate": round(skips / rows, 3),
                "plan_ms_median": round(statistics.median(plan_ms), 2),
                "plan_ms_p95": round(quantile(plan_ms, 0.95), 2),
                "cpu_s_per_tournament": round(statistics.median(cpu), 2),
                "runtime": f"{sys.implementation.name} {sys.version.split()[0]}",
            }
        )
    )


if __name__ == "__main__":
    main()
