"""Pairing the players of a round (rules: "The tournament", "Byes").

Pairings are random. The opponent of the previous round is avoided whenever
some pairing avoids it (the fewest such repeats are taken), and with an odd
number of players one of them gets a bye, never the player who had the bye in
the previous round (always possible: at least three players, one excluded).

With at most 8 players every pairing can be looked at (105 for 8 players), so
the search is exhaustive: the first pairing with the fewest repeats, in an
order shuffled by the seeded stream.
"""

from collections.abc import Iterable, Iterator, Mapping

from games.common.rng import Rng


def pair_round(
    players: Iterable[int], last_opponent: Mapping[int, int], last_bye: int | None, rng: Rng
) -> tuple[list[list[int]], int | None]:
    """(pairs, bye) for the `players` (ids) of a round.

    `last_opponent` maps an id to its opponent in the previous round (absent:
    none), `last_bye` is the id that had the previous round's bye (or None).
    `pairs` is a list of [a, b]; `bye` an id or None."""
    order = list(players)
    if len(order) < 2:
        raise ValueError("a round needs at least two players")
    rng.shuffle(order)
    byes: list[int | None] = [p for p in order if p != last_bye] if len(order) % 2 else [None]
    best: tuple[list[tuple[int, int]], int | None] | None = None
    best_repeats: int | None = None
    for bye in byes:
        rest = [p for p in order if p != bye]
        for pairs in _matchings(rest):
            repeats = sum(1 for a, b in pairs if last_opponent.get(a) == b)
            if best_repeats is None or repeats < best_repeats:
                best, best_repeats = (pairs, bye), repeats
                if repeats == 0:
                    return [list(p) for p in pairs], bye
    assert best is not None  # there is always a bye to give and a way to pair the rest
    pairs, bye = best
    return [list(p) for p in pairs], bye


def repeats(pairs: Iterable[tuple[int, int]], last_opponent: Mapping[int, int]) -> int:
    return sum(1 for a, b in pairs if last_opponent.get(a) == b)


def _matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to split an even list into pairs; the first pairs neighbours."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        remaining = rest[:i] + rest[i + 1 :]
        for tail in _matchings(remaining):
            yield [(first, partner)] + tail
