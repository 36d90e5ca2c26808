"""Tournament ratings, rule by rule (rules: "Rating")."""

import pytest
from games.wordle.rating import START, WINDOW, K, expected, rating_change, score

TABLE = {1: 25, 2: 18, 3: 11, 4: 4, 5: -4, 6: -11, 7: -18, 8: -25}


def equal_lobby(placement, rating=1000):
    others = [(rating, p) for p in range(1, 9) if p != placement]
    return rating_change(rating, placement, others)


@pytest.mark.parametrize("placement,change", sorted(TABLE.items()))
def test_rule_in_a_lobby_of_equal_ratings_the_change_by_placement_is_the_table(placement, change):
    # "In a lobby where everyone has the same rating, the change by placement is:"
    # "| placement | players below you | change |": +25 +18 +11 +4 -4 -11 -18 -25.
    # "It reproduces the table above exactly."
    assert equal_lobby(placement) == change
    assert equal_lobby(placement, rating=1473) == change  # any common rating


def test_rule_decided_the_elo_formula_summed_over_the_7_pairs_with_k_50_over_7():
    # "[decided] This is the Elo formula summed over the 7 pairs: change =
    # round( K x sum over opponents of (S - E) ), with S = 1 / 0.5 / 0 for
    # above / same / below, E = 1 / (1 + 10^((R_opponent - R_you) / 400)), and K = 50/7."
    assert K == 50 / 7
    assert expected(1000, 1000) == 0.5
    assert expected(1200, 1000) == pytest.approx(1 / (1 + 10 ** (-200 / 400)))
    others = [(900, 2), (1100, 3), (1000, 3), (1300, 5), (800, 6), (1000, 7), (950, 8)]
    total = sum(score(3, p) - expected(1050, r) for r, p in others)
    assert rating_change(1050, 3, others) == round(K * total)


def test_rule_placement_scored_as_a_duel_against_each_of_the_other_7():
    # "Your final placement is scored as if you had played a duel against each of
    # the other 7 players: finishing above a player counts as a win against them,
    # below as a loss, and on the same placement as a draw."
    assert score(2, 5) == 1.0 and score(5, 2) == 0.0 and score(4, 4) == 0.5
    # Three sharing placement 6 (one below them): 1 win, 2 draws, 4 losses.
    others = [(1000, p) for p in (1, 2, 3, 4, 6, 6, 8)]
    assert rating_change(1000, 6, others) == round(K * (1 + 1 - 3.5)) == -11


def test_rule_beating_higher_rated_players_earns_more_losing_to_lower_rated_costs_more():
    # "Beating higher-rated players earns more; losing to lower-rated players costs more."
    strong = [(1200, p) for p in range(2, 9)]
    weak = [(800, p) for p in range(2, 9)]
    assert rating_change(1000, 1, strong) > 25 > rating_change(1000, 1, weak)
    strong_above = [(1200, p) for p in range(1, 8)]
    weak_above = [(800, p) for p in range(1, 8)]
    assert rating_change(1000, 8, weak_above) < -25 < rating_change(1000, 8, strong_above)


def test_rule_everyone_starts_at_1000_and_bots_are_within_the_200_window():
    # "Everyone starts at 1000." / "Matchmaking looks for lobbies within 200 points".
    # ("[decided] So every bot in your lobby is rated within 200 of you." is
    # tested on lobbies in test_wordle_tournament.py.)
    assert START == 1000 and WINDOW == 200


def test_rounding_is_half_away_from_zero_and_symmetric():
    # Equal lobby, placement 4: K * 0.5 = 3.57 -> 4; placement 5 mirrors it.
    assert equal_lobby(4) == -equal_lobby(5)
    for p in range(1, 9):
        assert equal_lobby(p) == -equal_lobby(9 - p)
