"""The duel, rule by rule (rules: "Turns and the clock", "Draws")."""

import pytest
from games.common.errors import BadState, IllegalMove
from games.wordle.duel import TURN_MS, TURNS_EACH, Duel, new_duel
from games.wordle.feedback import GREEN


def duel(first=0, now=0, word="crane"):
    return Duel(word, first, turn=first, turn_started=now)


def test_a_random_player_goes_first_and_the_seed_decides():
    firsts = {new_duel("crane", seed, 0).first for seed in range(40)}
    assert firsts == {0, 1}
    assert new_duel("crane", 7, 0).first == new_duel("crane", 7, 0).first


def test_players_take_turns_on_one_shared_board():
    d = duel(first=1)
    d.guess(1, "slate", 1000)
    assert d.turn == 0
    with pytest.raises(IllegalMove) as refused:
        d.guess(1, "brine", 2000)
    assert refused.value.key == "wordle.not_your_turn"
    d.guess(0, "brine", 2000)
    assert [row["seat"] for row in d.rows] == [1, 0]
    view = d.view(2000)
    assert [row["guess"] for row in view["rows"]] == ["slate", "brine"]


def test_the_first_to_solve_wins():
    d = duel(first=0)
    d.guess(0, "slate", 0)
    row = d.guess(1, "crane", 10)
    assert row["marks"] == [GREEN] * 5
    assert d.result == {"winner": 1} and d.is_over and d.turn is None
    with pytest.raises(IllegalMove) as refused:
        d.guess(0, "crane", 20)
    assert refused.value.key == "wordle.duel_over"


def test_draw_when_both_used_six_turns():
    d = duel(first=0)
    for turn in range(2 * TURNS_EACH):
        assert not d.is_over
        d.guess(d.turn, "slate", turn * 100)
    assert d.result == {"draw": True}
    assert len(d.rows) == 12 and d.turns_used(0) == d.turns_used(1) == 6


def test_a_timed_out_turn_is_skipped_counts_as_used_and_passes():
    d = duel(first=0, now=5000)
    assert d.time_left(5000 + 12_000) == TURN_MS - 12_000
    assert d.advance(5000 + TURN_MS - 1) == []
    skipped = d.advance(5000 + TURN_MS)
    assert [row["seat"] for row in skipped] == [0]
    assert skipped[0]["guess"] is None
    assert d.turn == 1 and d.turns_used(0) == 1
    # The next turn's clock started when the last one ran out.
    assert d.deadline == 5000 + 2 * TURN_MS


def test_time_away_skips_every_missed_turn_in_order():
    d = duel(first=1, now=0)
    d.advance(3 * TURN_MS + 10)
    assert [row["seat"] for row in d.rows] == [1, 0, 1]
    assert d.turn == 0 and d.time_left(3 * TURN_MS + 10) == TURN_MS - 10


def test_skipping_alone_never_loses_it_ends_in_a_draw():
    d = duel(first=0)
    d.advance(12 * TURN_MS)
    assert d.result == {"draw": True}


def test_a_guess_after_the_deadline_is_too_late():
    d = duel(first=0)
    with pytest.raises(IllegalMove) as refused:
        d.guess(0, "slate", TURN_MS + 1)
    assert refused.value.key == "wordle.not_your_turn"
    assert d.rows[0]["guess"] is None


def test_wrong_length_is_refused_and_the_turn_goes_on():
    d = duel(first=0)
    with pytest.raises(IllegalMove) as refused:
        d.guess(0, "cranes", 100)
    assert refused.value.key == "wordle.wrong_length"
    assert d.rows == [] and d.turn == 0 and d.deadline == TURN_MS


def test_resigning_gives_the_duel_to_the_other_player():
    d = duel(first=0)
    d.resign(0)
    assert d.result == {"winner": 1, "resigned": 0}


def test_the_view_hides_the_word_until_the_end():
    d = duel(first=0)
    assert d.view(0)["word"] is None
    assert "crane" not in repr(d.view(0))
    d.guess(0, "crane", 1)
    assert d.view(1)["word"] == "crane"


def test_json_round_trip_keeps_everything():
    d = duel(first=1, now=100)
    d.guess(1, "slate", 200)
    d.advance(200 + TURN_MS)
    copy = Duel.from_json(d.to_json())
    assert copy.to_json() == d.to_json()
    assert copy.turn == d.turn and copy.deadline == d.deadline


@pytest.mark.parametrize(
    "tamper",
    [
        lambda data: data.update(version=9),
        lambda data: data["rows"][0].update(marks=[2, 2, 2, 2, 2]),
        lambda data: data["rows"][0].update(seat=0),
        lambda data: data.update(turn=1),
        lambda data: data.update(result={"winner": 0}),
        lambda data: data.update(turn_started="soon"),
        lambda data: data.update(rows=[None]),
    ],
)
def test_tampered_saves_are_refused(tamper):
    d = duel(first=1)
    d.guess(1, "slate", 10)
    data = d.to_json()
    tamper(data)
    with pytest.raises(BadState):
        Duel.from_json(data)
