"""Wordle: how well and how fast the expert player solves.

    python3 bench/wordle.py [--sample N] [--langs en de ...] [--timing-moves N]
    node tools/pyodide_run.mjs bench/wordle.py --timing-only   (used by the above)

Solo strength: the expert plays alone on every English 5-letter answer (the
issue's goal: mean <= 3.44, every word within 5), and on every answer (or a
seeded sample of --sample answers) of each language and length. Move time: the
expert's decisions in duels against a casual player (whose rows take it off
its book), timed inside Pyodide, the runtime the page uses. The last line is a
JSON object with en5_mean_guesses, en5_worst_guesses and move_ms_p95.
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_stats import percentile  # noqa: E402
from games.common.rng import SeededRng  # noqa: E402
from games.wordle.dictionary import LENGTHS, Dictionary  # noqa: E402
from games.wordle.duel import Duel  # noqa: E402
from games.wordle.feedback import marks  # noqa: E402
from games.wordle.letters import LANGUAGES  # noqa: E402
from games.wordle.players import LEVELS, Player, expert_guess  # noqa: E402

WORDS = os.path.join(ROOT, "static", "words")


def load(lang):
    with open(os.path.join(WORDS, f"{lang}.json"), encoding="utf-8") as f:
        words = Dictionary(lang, json.load(f))
    book = os.path.join(WORDS, f"{lang}.book.json")
    if os.path.exists(book):
        with open(book, encoding="utf-8") as f:
            words.load_book(json.load(f))
    return words


def solve_alone(words, length, answer, limit=12):
    rows = []
    while len(rows) < limit:
        guess = expert_guess(words, length, rows)
        rows.append({"seat": 0, "guess": guess, "marks": list(marks(guess, answer))})
        if guess == answer:
            return len(rows)
    return limit + 1


def solo(words, length, sample, seed=1):
    answers = list(words.answers[length])
    if sample and len(answers) > sample:
        SeededRng(seed).shuffle(answers)
        answers = answers[:sample]
    counts = [solve_alone(words, length, answer) for answer in answers]
    return sum(counts) / len(counts), max(counts), len(counts)


def duel_move_times(langs, moves, seed=7):
    """Expert decisions in duels against a casual player, in milliseconds."""
    times = []
    rng = SeededRng(seed)
    casual = Player(LEVELS["casual"])
    game = 0
    loaded = {lang: load(lang) for lang in langs}
    while len(times) < moves:
        words = loaded[langs[game % len(langs)]]
        length = LENGTHS[game % 3]
        duel = Duel(rng.choice(words.answers[length]), game % 2, game % 2, 0)
        while not duel.is_over and len(times) < moves:
            view = duel.view(duel.turn_started)
            if duel.turn == 0:
                started = time.perf_counter()
                word = expert_guess(words, length, view["rows"])
                times.append((time.perf_counter() - started) * 1000)
            else:
                word = casual.plan(view, words, 1, rng.fork(str(len(view["rows"])))).word
            if word is None:
                duel.advance(duel.deadline)
            else:
                duel.guess(duel.turn, word, duel.turn_started + 1)
        game += 1
    return times


def in_pyodide(moves):
    runner = os.path.join(ROOT, "tools", "pyodide_run.mjs")
    command = ["node", runner, "bench/wordle.py", "--timing-only", "--timing-moves", str(moves)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=3600, cwd=ROOT)
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langs", nargs="*", default=sorted(LANGUAGES))
    parser.add_argument(
        "--sample", type=int, default=300, help="answers per language and length (0: all)"
    )
    parser.add_argument("--timing-moves", type=int, default=600)
    parser.add_argument("--timing-only", action="store_true")
    args = parser.parse_args()
    timing_langs = ["en", "pl", "ru", "kk", "uz"]
    if args.timing_only:
        print(json.dumps(duel_move_times(timing_langs, args.timing_moves)))
        return

    figures = {}
    en = load("en")
    mean, worst, count = solo(en, 5, 0)
    print(f"en 5: {count} answers (all), mean {mean:.4f} guesses, worst {worst}", flush=True)
    figures.update(en5_mean_guesses=round(mean, 4), en5_worst_guesses=worst, en5_answers=count)
    for lang in args.langs:
        words = en if lang == "en" else load(lang)
        for length in LENGTHS:
            if (lang, length) == ("en", 5):
                continue
            mean, worst, count = solo(words, length, args.sample)
            print(f"{lang} {length}: {count} answers, mean {mean:.3f}, worst {worst}", flush=True)
            figures[f"{lang}{length}_mean_guesses"] = round(mean, 3)
            figures[f"{lang}{length}_worst_guesses"] = worst

    cpython = duel_move_times(timing_langs, args.timing_moves)
    print(
        f"expert move in duels, CPython: p95 {percentile(cpython, 0.95):.1f} ms over {len(cpython)}",
        flush=True,
    )
    inside = in_pyodide(args.timing_moves)
    if inside:
        print(
            f"expert move in duels, Pyodide: p95 {percentile(inside, 0.95):.1f} ms, "
            f"max {max(inside):.1f} ms over {len(inside)}",
            flush=True,
        )
        figures.update(move_ms_p95=round(percentile(inside, 0.95), 1), move_ms_runtime="pyodide")
    else:
        figures.update(move_ms_p95=round(percentile(cpython, 0.95), 1), move_ms_runtime="cpython")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
