"""Wordle: how well and how fast the expert player solves, on its book and off it.

    python3 bench/wordle.py [--sample N] [--langs en de ...] [--timing-moves N]
                            [--duels N] [--quick]
    node tools/pyodide_run.mjs bench/wordle.py --timing-only   (used by the above)

Solo strength: the expert plays alone on every English 5-letter answer with its
book (the issue's goal: mean <= 3.44, every word within 5), and on every answer
(or a seeded sample of --sample answers) of each language and length. Off the
book (issue 19: within 0.05 guesses of book play, never over 6): the same
English answers (5 letters, and 4, where look-alike families are widest) with
the book put away, and two lists no book was made for,
the German 5-letter answers and 2,315 English accepted guesses that are not
answers (seeded), each with its guesses' distribution and the live search's
time per decision. Duels: the expert against each level (who starts
alternated), played on until the expert solves: its own turns to solve with
the other's rows on the board (never over 6, the goal), and how often it
solved first. Move time: the expert's
decisions in duels against a casual player (whose rows take it off its book),
timed inside Pyodide, the runtime the page uses. The last line is a JSON
object (en5_mean_guesses, en5_worst_guesses, move_ms_p95, the off-book and
duel figures).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_stats import percentile  # noqa: E402
from games.common.rng import SeededRng  # noqa: E402
from games.wordle.dictionary import LENGTHS, Dictionary  # noqa: E402
from games.wordle.duel import Duel  # noqa: E402
from games.wordle.feedback import marks  # noqa: E402
from games.wordle.letters import LANGUAGES  # noqa: E402
from games.wordle.players import LEVELS, Player, expert_guess, solver_for  # noqa: E402

WORDS = os.path.join(ROOT, "static", "words")


def load(lang):
    with open(os.path.join(WORDS, f"{lang}.json"), encoding="utf-8") as f:
        words = Dictionary(lang, json.load(f))
    book = os.path.join(WORDS, f"{lang}.book.json")
    if os.path.exists(book):
        with open(book, encoding="utf-8") as f:
            words.load_book(json.load(f))
    return words


def solve_alone(words, length, answer, limit=12, decision_ms=None):
    rows = []
    while len(rows) < limit:
        started = time.perf_counter()
        guess = expert_guess(words, length, rows)
        if decision_ms is not None:
            decision_ms.append((time.perf_counter() - started) * 1000)
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


def off_book(label, words, length, answers):
    """The expert alone on `answers` with no book: mean, distribution, the live
    search's time per decision (a position met again is remembered, not timed)."""
    words.book = {}
    words.answers = {**words.answers, length: answers}
    solver_for(words, length)._decisions.clear()
    decision_ms: list = []
    counts = [solve_alone(words, length, answer, decision_ms=decision_ms) for answer in answers]
    searched = [ms for ms in decision_ms if ms >= 0.5]
    mean = sum(counts) / len(counts)
    spread = dict(sorted(Counter(counts).items()))
    print(
        f"{label} without a book: {len(answers)} answers, mean {mean:.4f}, worst {max(counts)}, "
        f"{spread}; {len(searched)} positions searched, {statistics.mean(searched):.0f} ms mean, "
        f"p95 {percentile(searched, 0.95):.0f} ms, max {max(searched):.0f} ms (first guess "
        f"{decision_ms[0]:.0f} ms)",
        flush=True,
    )
    return {
        f"{label}_offbook_mean": round(mean, 4),
        f"{label}_offbook_worst": max(counts),
        f"{label}_offbook_at6": spread.get(6, 0),
        f"{label}_offbook_over6": sum(c for k, c in spread.items() if k > 6),
        f"{label}_offbook_first_ms": round(decision_ms[0], 1),
        f"{label}_offbook_ms_max": round(max(searched), 1),
    }


def guess_list_answers(words, length, count, seed=3):
    """`count` accepted guesses that are not answers, seeded: a list no book knows."""
    answers = set(words.answers[length])
    others = [w for w in words.guess_lists[length] if w not in answers]
    SeededRng(seed).shuffle(others)
    return sorted(others[:count])


def duels(words, length, level, games, seed=11):
    """The expert (seat 0) against `level` (seat 1), who starts every other duel.
    The duel is played on after the other solves (its winning row not shown,
    its later turns skipped), so every duel tells how many of its own turns
    the expert needs with the other's rows on the board; also its move times."""
    rng = SeededRng(seed)
    expert, other = Player(1.0), Player(LEVELS[level])
    turns, move_ms, won = [], [], 0
    for game in range(games):
        answer = rng.choice(words.answers[length])
        rows: list = []
        seat, solved_by_other = game % 2, False
        while True:
            own = sum(1 for row in rows if row["seat"] == 0)
            if seat == 0 and own == 12:
                turns.append(13)
                break
            view = {"length": length, "rows": rows}
            if seat == 1 and (solved_by_other or len(rows) >= 24):
                word = None
            else:
                started = time.perf_counter()
                player = expert if seat == 0 else other
                word = player.plan(view, words, seat, rng.fork(f"{game} {len(rows)}")).word
                if seat == 0:
                    move_ms.append((time.perf_counter() - started) * 1000)
            if seat == 1 and word == answer:
                solved_by_other = True
                word = None  # the rest of the duel as if it had not been seen
            if seat == 0 and word == answer:
                turns.append(own + 1)
                won += not solved_by_other
                break
            row_marks = None if word is None else list(marks(word, answer))
            rows.append({"seat": seat, "guess": word, "marks": row_marks})
            seat = 1 - seat
    return won, turns, move_ms


def duel_figures(label, words, length, games):
    figures = {}
    for level in sorted(LEVELS, key=LEVELS.get):
        won, turns, move_ms = duels(words, length, level, games)
        spread = dict(sorted(Counter(turns).items()))
        print(
            f"duels {label}, expert v {level}: {games} duels, the expert first to solve in "
            f"{won}; its own turns to solve mean {statistics.mean(turns):.3f}, worst "
            f"{max(turns)}, {spread}; move p95 {percentile(move_ms, 0.95):.0f} ms, "
            f"max {max(move_ms):.0f} ms",
            flush=True,
        )
        figures[f"duel_{label}_{level}_first"] = round(won / games, 3)
        figures[f"duel_{label}_{level}_turns_mean"] = round(statistics.mean(turns), 3)
        figures[f"duel_{label}_{level}_turns_worst"] = max(turns)
        figures[f"duel_{label}_{level}_move_ms_p95"] = round(percentile(move_ms, 0.95), 1)
        figures[f"duel_{label}_{level}_move_ms_max"] = round(max(move_ms), 1)
    return figures


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


def in_pyodide(*args):
    """The last line (JSON) of this bench run with `args` inside Pyodide, or None."""
    runner = os.path.join(ROOT, "tools", "pyodide_run.mjs")
    command = ["node", runner, "bench/wordle.py", *args]
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
    parser.add_argument("--off-book-only", action="store_true")
    parser.add_argument("--duels", type=int, default=200, help="duels against each level")
    parser.add_argument(
        "--quick", action="store_true", help="English 5 only: book, off-book and duels"
    )
    args = parser.parse_args()
    timing_langs = ["en", "pl", "ru", "kk", "uz"]
    if args.timing_only:
        print(json.dumps(duel_move_times(timing_langs, args.timing_moves)))
        return
    if args.off_book_only:
        english = load("en")
        print(json.dumps(off_book("en5guesses", english, 5, guess_list_answers(english, 5, 2315))))
        return

    figures = {}
    en = load("en")
    mean, worst, count = solo(en, 5, 0)
    print(f"en 5: {count} answers (all), mean {mean:.4f} guesses, worst {worst}", flush=True)
    figures.update(en5_mean_guesses=round(mean, 4), en5_worst_guesses=worst, en5_answers=count)
    figures.update(off_book("en5", load("en"), 5, list(en.answers[5])))
    figures.update(off_book("en4", load("en"), 4, list(en.answers[4])))
    de = load("de")
    figures.update(off_book("de5", de, 5, list(de.answers[5])))
    english = load("en")
    figures.update(off_book("en5guesses", english, 5, guess_list_answers(english, 5, 2315)))
    figures.update(duel_figures("en5", en, 5, args.duels))
    guesses = load("en")
    guesses.book = {}
    guesses.answers = {**guesses.answers, 5: guess_list_answers(guesses, 5, 2315)}
    figures.update(duel_figures("en5guesses", guesses, 5, args.duels))
    for lang in [] if args.quick else args.langs:
        words = en if lang == "en" else load(lang)
        for length in LENGTHS:
            if (lang, length) == ("en", 5):
                continue
            mean, worst, count = solo(words, length, args.sample)
            print(f"{lang} {length}: {count} answers, mean {mean:.3f}, worst {worst}", flush=True)
            figures[f"{lang}{length}_mean_guesses"] = round(mean, 3)
            figures[f"{lang}{length}_worst_guesses"] = worst

    if args.quick:
        print(json.dumps(figures))
        return
    cpython = duel_move_times(timing_langs, args.timing_moves)
    print(
        f"expert move in duels, CPython: p95 {percentile(cpython, 0.95):.1f} ms over {len(cpython)}",
        flush=True,
    )
    inside = in_pyodide("--timing-only", "--timing-moves", str(args.timing_moves))
    if inside:
        print(
            f"expert move in duels, Pyodide: p95 {percentile(inside, 0.95):.1f} ms, "
            f"max {max(inside):.1f} ms over {len(inside)}",
            flush=True,
        )
        figures.update(move_ms_p95=round(percentile(inside, 0.95), 1), move_ms_runtime="pyodide")
    else:
        figures.update(move_ms_p95=round(percentile(cpython, 0.95), 1), move_ms_runtime="cpython")
    off = in_pyodide("--off-book-only")
    if off:
        print(
            f"off the book in Pyodide, 2,315 candidates: first guess {off['en5guesses_offbook_first_ms']:.0f} ms, "
            f"slowest {off['en5guesses_offbook_ms_max']:.0f} ms",
            flush=True,
        )
        figures.update({f"pyodide_{k}": v for k, v in off.items() if "_ms" in k})
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
