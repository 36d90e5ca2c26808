"""Pairing a round (rules: "Pairings are random. The system tries to avoid
pairing you with your opponent of the previous round, and never gives you a
bye two rounds in a row."; "Byes")."""

from collections import Counter

import pytest
from games.common.rng import SeededRng
from games.wordle.pairing import _matchings, pair_round, repeats


def covered(pairs, bye):
    ids = [x for pair in pairs for x in pair] + ([bye] if bye is not None else [])
    return sorted(ids)


@pytest.mark.parametrize("n", range(2, 9))
def test_everyone_is_paired_once_and_a_bye_only_for_an_odd_count(n):
    players = list(range(10, 10 + n))
    for seed in range(20):
        pairs, bye = pair_round(players, {}, None, SeededRng(seed))
        assert covered(pairs, bye) == players
        assert (bye is not None) == (n % 2 == 1)
        assert len(pairs) == n // 2


def test_rule_pairings_are_random():
    seen = Counter()
    for seed in range(300):
        pairs, _ = pair_round([0, 1, 2, 3], {}, None, SeededRng(seed))
        seen[tuple(sorted(tuple(sorted(p)) for p in pairs))] += 1
    assert len(seen) == 3 and min(seen.values()) > 60  # the 3 pairings, each often
    byes = Counter(pair_round([0, 1, 2, 3, 4], {}, None, SeededRng(seed))[1] for seed in range(300))
    assert set(byes) == {0, 1, 2, 3, 4}


def test_rule_avoid_the_opponent_of_the_previous_round_when_possible():
    last = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}
    for seed in range(100):
        pairs, _ = pair_round(list(range(8)), last, None, SeededRng(seed))
        assert repeats(pairs, last) == 0
    # Two players left who just met: unavoidable, they meet again.
    pairs, _bye = pair_round([0, 1], {0: 1, 1: 0}, None, SeededRng(1))
    assert pairs == [[0, 1]] or pairs == [[1, 0]]


def test_the_fewest_repeats_are_taken_when_some_are_unavoidable():
    # Four players: 0-1 met last round, 2 and 3 had other opponents (now gone).
    last = {0: 1, 1: 0}
    for seed in range(50):
        pairs, _ = pair_round([0, 1, 2, 3], last, None, SeededRng(seed))
        assert repeats(pairs, last) == 0


def test_rule_never_a_bye_two_rounds_in_a_row():
    for n in (3, 5, 7):
        for seed in range(100):
            players = list(range(n))
            last_bye = seed % n
            _, bye = pair_round(players, {}, last_bye, SeededRng(seed))
            assert bye != last_bye


def test_three_players_after_a_bye_the_bye_player_plays_and_no_repeat():
    # 0 had the bye, 1 played 2: now 0 must play, and not 1 against 2 again.
    for seed in range(50):
        pairs, bye = pair_round([0, 1, 2], {1: 2, 2: 1}, 0, SeededRng(seed))
        assert bye in (1, 2) and 0 in pairs[0]


def test_every_matching_is_enumerated():
    assert len(list(_matchings(list(range(8))))) == 105
    assert len(list(_matchings(list(range(6))))) == 15
