"""Build the expert Wordle player's book: static/words/<lang>.book.json.

For each word length, a decision tree for solving alone is searched with
lookahead: at every position the most promising guesses (by how evenly they
split the remaining answers) are each followed to the end, and the one that
solves the answers in the fewest guesses in total is kept, preferring trees
that need at most 5 guesses for every answer. The book maps each position of
the tree (named by the fingerprint of its candidate set, so a duel reaches the
same entry whoever played the rows) to the guess to play.

Usage: python3 tools/wordle_book.py [--lang en ...] [--width N] [--root-width N]
(`make books`: English and every 4-letter list searched 3 wide, the rest
greedily; about 25 minutes of one core.)
Needs numpy (build time only; the game never imports it).
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from games.wordle.dictionary import LENGTHS, Dictionary  # noqa: E402
from games.wordle.letters import LANGUAGES  # noqa: E402
from games.wordle.solver import fingerprint  # noqa: E402

WORDS = ROOT / "static" / "words"
MAX_GUESSES = 5  # the worst case the search tries to stay within
CANDIDATE_EDGE = 1.0  # in bits, spread over the candidates
TOO_DEEP = 1000  # penalty (in total guesses) for each answer needing more


def pattern_matrix(guesses: list, answers: list) -> np.ndarray:
    """patterns[g, a]: the base-3 feedback code of guess g on answer a."""
    length = len(answers[0])
    ans = np.array([[ord(c) for c in w] for w in answers], dtype=np.int32)
    out = np.zeros((len(guesses), len(answers)), dtype=np.uint16)
    for gi, guess in enumerate(guesses):
        g = np.array([ord(c) for c in guess], dtype=np.int32)
        green = ans == g
        code = np.zeros(len(answers), dtype=np.int32)
        used = {}
        for i in range(length):
            letter = g[i]
            if letter not in used:
                # copies of this letter in the answer not matched by a green
                used[letter] = [
                    ((ans == letter) & ~green).sum(axis=1),
                    np.zeros(len(answers), dtype=np.int32),
                ]
            free, taken = used[letter]
            yellow = ~green[:, i] & (taken < free)
            taken += yellow
            code = code * 3 + np.where(green[:, i], 2, np.where(yellow, 1, 0))
        out[gi] = code
    return out


class Search:
    def __init__(self, guesses, answers, width, root_width, second_width=None):
        self.guesses = guesses
        self.answers = answers
        self.answer_row = {w: i for i, w in enumerate(guesses)}
        self.patterns = pattern_matrix(guesses, answers)
        self.green = 3 ** len(answers[0]) - 1
        self.width, self.root_width = width, root_width
        self.second_width = second_width or width
        self.memo = {}
        self.book = {}

    def solve(self, cands: np.ndarray, depth: int = 1):
        """(total guesses over cands, worst, guess index) for answers `cands`,
        which are indices into answers, most frequent first."""
        key = (cands.tobytes(), depth)
        if key in self.memo:
            return self.memo[key]
        n = len(cands)
        first = self.answer_row[self.answers[cands[0]]]
        if n == 1:
            result = (1, depth, first)
        elif n == 2:
            result = (3, depth + 1, first)
        else:
            result = self._search(cands, depth)
        self.memo[key] = result
        return result

    def _search(self, cands, depth):
        n = len(cands)
        sub = self.patterns[:, cands]
        sizes = _group_sizes(sub)
        # The most informative guesses (entropy of the split) are followed;
        # a guess that may be the answer gets a small edge.
        p = sizes / n
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy = -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)
        cand_rows = np.array([self.answer_row[self.answers[c]] for c in cands])
        entropy[cand_rows] += CANDIDATE_EDGE / n
        width = self.root_width if depth == 1 else self.second_width if depth == 2 else self.width
        order = np.argsort(-entropy, kind="stable")[:width]
        # A candidate that tells all the others apart is optimal: 2n - 1.
        perfect = cand_rows[sizes[cand_rows].max(axis=1) == 1]
        if len(perfect):
            return (2 * n - 1, depth + 1, int(perfect[0]))
        best = None
        for gi in order:
            row = sub[gi]
            if row.min() == row.max():
                continue  # tells nothing
            codes, counts = np.unique(row, return_counts=True)
            groups = [(code, count) for code, count in zip(codes, counts) if code != self.green]
            # Lower bound: every answer needs this guess, and all but one of a
            # group need at least one more.
            bound = n + sum(2 * count - 1 for _, count in groups)
            total, worst = bound, depth
            for code, count in sorted(groups, key=lambda g: -g[1]):
                if best is not None and _cost(total, worst) >= _cost(*best[:2]):
                    break
                sub_total, sub_worst, _ = self.solve(cands[row == code], depth + 1)
                total += sub_total - (2 * count - 1)
                worst = max(worst, sub_worst)
            else:
                if best is None or _cost(total, worst) < _cost(*best[:2]):
                    best = (total, worst, int(gi))
        return best

    def record(self, cands: np.ndarray, depth: int = 1) -> None:
        """Walk the chosen tree and put each position of 3+ answers in the book."""
        if len(cands) < 3:
            return
        _, _, gi = self.solve(cands, depth)
        self.book[fingerprint([self.answers[c] for c in cands])] = self.guesses[gi]
        row = self.patterns[gi, cands]
        for code in np.unique(row):
            if code != self.green:
                self.record(cands[row == code], depth + 1)


def _cost(total, worst):
    return total + TOO_DEEP * max(0, worst - MAX_GUESSES)


def _group_sizes(sub: np.ndarray) -> np.ndarray:
    patterns_count = int(sub.max()) + 1
    offsets = (np.arange(sub.shape[0], dtype=np.int64) * patterns_count)[:, None]
    counts = np.bincount((sub + offsets).ravel(), minlength=sub.shape[0] * patterns_count)
    return counts.reshape(sub.shape[0], patterns_count)


def build(lang: str, lengths, width: int, root_width: int) -> dict:
    """The book for `lang`, with `lengths` searched anew and any other length
    kept from the book already there."""
    words = Dictionary(lang, json.loads((WORDS / f"{lang}.json").read_text("utf-8")))
    path = WORDS / f"{lang}.book.json"
    book = json.loads(path.read_text("utf-8")) if path.exists() else {}
    moves, widths = book.get("moves", {}), book.get("widths", {})
    for length in lengths:
        answers = words.answers[length]
        guesses = sorted(words.guesses[length])
        started = time.time()
        search = Search(guesses, answers, width, root_width)
        total, worst, _ = search.solve(np.arange(len(answers)))
        search.record(np.arange(len(answers)))
        moves[str(length)] = {k: "".join(words.tiles(w)) for k, w in sorted(search.book.items())}
        widths[str(length)] = [root_width, width]
        print(
            f"{lang}{length}: {len(answers)} answers, {len(guesses)} guesses: mean {total / len(answers):.4f}, "
            f"worst {worst}, {len(search.book)} positions, {time.time() - started:.0f} s",
            flush=True,
        )
    return {"language": lang, "version": 1, "widths": widths, "moves": moves}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="*", default=sorted(LANGUAGES))
    parser.add_argument("--lengths", nargs="*", type=int, default=list(LENGTHS))
    parser.add_argument(
        "--width", type=int, default=3, help="guesses followed at each later position"
    )
    parser.add_argument("--root-width", type=int, default=3, help="first guesses followed")
    args = parser.parse_args()
    for lang in args.lang:
        if not (WORDS / f"{lang}.json").exists():
            print(f"{lang}: no word list, skipped")
            continue
        book = build(lang, args.lengths, args.width, args.root_width)
        out = WORDS / f"{lang}.book.json"
        out.write_text(
            json.dumps(book, ensure_ascii=False, separators=(",", ":"), sort_keys=True), "utf-8"
        )


if __name__ == "__main__":
    main()
