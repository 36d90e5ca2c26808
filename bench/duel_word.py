"""The Wordle duel's hidden word (app.fair.hidden_word over app.fair.ot): what a guess's marks
cost, in CPython and inside Pyodide under Node (the runtime the page uses).

    python3 bench/duel_word.py [--runs N] [--cpython-only]
    node tools/pyodide_run.mjs bench/duel_word.py --timing-only [--runs N]

Two devices' sides in one process, on the largest answer list of the languages shipped
(Indonesian 5 letters, 2094 answers) and English 6 letters (1996). Per guess, each device
builds its table (the guess's marks against every answer), masks it (the sender's work) and
opens the other's entry (the receiver's): "device" is one device's whole work for one guess,
"path" the work between a guess and its marks on the guesser's screen when the two devices'
work runs one after the other (the guesser's table, the other's table and open, the
guesser's open; the network's time comes on top). Also, per duel, the start (the choices for
12 guesses, the slower device's) and the end (the reveal's check of 12 guesses). Median, 95th
percentile, largest and a 95% interval of the mean over N guesses. The goal (issue 31): a
guess's marks shown within 1 s (p95) in Chromium. The last line printed is one JSON object.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
from app.fair.hidden_word import TRANSFERS, HiddenWord
from games.wordle.dictionary import Dictionary
from games.wordle.feedback import pattern

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LISTS = [("id", 5), ("en", 6)]
GOAL_MS = 1000.0


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    mean = statistics.fmean(times)
    half = 1.96 * statistics.stdev(times) / len(times) ** 0.5 if len(times) > 1 else 0.0
    return {
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "max_ms": round(ordered[-1], 1),
        "mean_ci95_ms": [round(mean - half, 1), round(mean + half, 1)],
    }


def ms(call) -> tuple[float, object]:
    started = time.perf_counter()
    result = call()
    return (time.perf_counter() - started) * 1000, result


def one_duel(answers: list[str], played: list[str], guesses: int, figures: dict) -> None:
    """Two devices' sides of one duel of `guesses` guesses; its times added to `figures`."""
    size = len(answers)
    a, b = HiddenWord(0, size), HiddenWord(1, size)
    (commit_a, setup_a), (commit_b, setup_b) = a.start(), b.start()
    a.receive(commit_b)
    b.receive(commit_a)
    choose_a, [choices_a] = ms(lambda: a.receive(setup_b))
    choose_b, [choices_b] = ms(lambda: b.receive(setup_a))
    a.receive(choices_b)
    b.receive(choices_a)
    figures["start"].append(max(choose_a, choose_b))

    def entry(number: int, index: int) -> int:
        return pattern(played[number], answers[index])

    for number in range(guesses):
        table_a, [to_b] = ms(lambda: a.table(number, entry))  # noqa: B023 - called at once
        table_b, [to_a] = ms(lambda: b.table(number, entry))  # noqa: B023
        open_b, _ = ms(lambda: b.receive(to_b))  # noqa: B023
        open_a, _ = ms(lambda: a.receive(to_a))  # noqa: B023
        if a.value(number) != b.value(number):
            raise SystemExit("the two devices' marks differ")
        figures["device_per_guess"] += [table_a + open_a, table_b + open_b]
        figures["path_per_guess"].append(table_a + table_b + open_b + open_a)
    b.receive(a.reveal()[0])
    end_ms, _ = ms(lambda: (a.receive(b.reveal()[0]), a.check(entry)))
    figures["end_check"].append(end_ms)


def one_list(lang: str, length: int, runs: int) -> dict:
    with open(os.path.join(ROOT, "static", "words", f"{lang}.json"), encoding="utf-8") as file:
        words = Dictionary(lang, json.load(file))
    answers, guesses = words.answers[length], sorted(words.guesses[length])
    figures: dict[str, list[float]] = {
        "device_per_guess": [],
        "path_per_guess": [],
        "start": [],
        "end_check": [],
    }
    done = 0
    while done < runs:
        played = [guesses[(done * 7919 + k * 104729) % len(guesses)] for k in range(TRANSFERS)]
        count = min(TRANSFERS, runs - done)
        one_duel(answers, played, count, figures)
        done += count
    return {
        "list": f"{lang} {length} letters",
        "answers": len(answers),
        "guesses": runs,
        "duels": len(figures["start"]),
        **{name: summary(times) for name, times in figures.items()},
        "bytes_per_table": 2 * len(answers),
    }


def measure(runs: int) -> dict:
    load = None if sys.platform == "emscripten" else [round(x, 2) for x in os.getloadavg()]
    return {
        "load": load,
        "runtime": "pyodide" if sys.platform == "emscripten" else "cpython",
        "python": sys.version.split()[0],
        "lists": [one_list(lang, length, runs) for lang, length in LISTS],
        "goal_ms": GOAL_MS,
    }


def inside_pyodide(runs: int) -> dict | None:
    command = ["node", "tools/pyodide_run.mjs", "bench/duel_word.py", "--timing-only"]
    load = [round(x, 2) for x in os.getloadavg()]  # the machine's, as Node starts
    try:
        done = subprocess.run(
            [*command, "--runs", str(runs)], capture_output=True, text=True, timeout=900, cwd=ROOT
        )
        figures: dict = json.loads(done.stdout.strip().splitlines()[-1])
        return {**figures, "load": load}
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def show(figures: dict) -> None:
    print(f"{figures['runtime']} {figures['python']}, load {figures['load']}:")
    for one in figures["lists"]:
        print(
            f"  {one['list']}, {one['answers']} answers,"
            f" {one['guesses']} guesses in {one['duels']} duels"
        )
        for name in ("device_per_guess", "path_per_guess", "start", "end_check"):
            f = one[name]
            print(
                f"    {name:17} median {f['median_ms']:7.1f} ms  p95 {f['p95_ms']:7.1f}"
                f"  max {f['max_ms']:7.1f}  mean 95% [{f['mean_ci95_ms'][0]}, {f['mean_ci95_ms'][1]}]"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=36)
    parser.add_argument("--timing-only", action="store_true", help="print only the JSON line")
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args()
    figures = measure(args.runs)
    if args.timing_only:
        print(json.dumps(figures))
        return
    show(figures)
    result = {"cpython": figures, "pyodide": None}
    if not args.cpython_only:
        result["pyodide"] = inside_pyodide(args.runs)
        if result["pyodide"]:
            show(result["pyodide"])
        else:
            print("Pyodide under Node: not available")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
