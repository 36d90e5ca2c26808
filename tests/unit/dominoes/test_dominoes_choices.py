"""games.dominoes.choices and the views (docs/rules/dominoes.md): what the seat to move may and must do,
why a tile or a Draw or Pass is refused (the same refusal State.apply raises),
and what the public view and a finished hand show."""

import pytest
from dominoes_fixtures import make_state
from games.common.errors import IllegalMove
from games.common.rng import SeededRng
from games.dominoes import new_game
from games.dominoes.choices import (
    ends_for,
    hands_played,
    kind_refusal,
    must,
    playable,
    tile_refusal,
)
from games.dominoes.view import finished_table, public_view


def refused_key(state, move):
    try:
        state.copy().apply(move)
    except IllegalMove as refusal:
        return refusal.key
    return None


def test_must_play_a_tile_that_fits():
    """Rules 4.3, 5.4: a tile that fits is played; drawing and passing are refused."""
    state = make_state(["5-3 6-6 2-1", "4-4"], layout="5-5 E:5-3")
    view = state.view_for(0)
    assert must(view) == "play"
    assert playable(view) == [(5, 3)]
    assert sorted(ends_for(view, (3, 5))) == ["E", "W"]
    assert tile_refusal(view, (5, 3)) is None
    refusal = tile_refusal(view, (6, 6))
    assert refusal.key == "dominoes.tile_cannot_play" and refusal.params == {"tile": "6-6"}
    assert kind_refusal(view, "draw").key == "dominoes.must_play_not_draw"
    assert kind_refusal(view, "pass").key == "dominoes.must_play_not_pass"


def test_must_draw_when_nothing_fits():
    """Rule 5.1: no tile fits and the boneyard has tiles: draw."""
    state = make_state(["6-6 2-1", "4-4"], layout="5-5 E:5-0")
    view = state.view_for(0)
    assert must(view) == "draw" and playable(view) == []
    assert tile_refusal(view, (6, 6)).key == "dominoes.must_draw"
    assert kind_refusal(view, "draw") is None
    assert kind_refusal(view, "pass").key == "dominoes.must_draw_not_pass"


def test_must_pass_when_nothing_fits_and_the_boneyard_is_empty():
    """Rule 5.3."""
    state = make_state(["6-6 2-1", "4-4 3-3"], layout="5-5 E:5-0", boneyard="")
    view = state.view_for(0)
    assert must(view) == "pass"
    assert tile_refusal(view, (2, 1)).key == "dominoes.must_pass"
    assert kind_refusal(view, "draw").key == "dominoes.boneyard_empty"
    assert kind_refusal(view, "pass") is None


def test_the_lead_plays_any_tile_on_no_end():
    """Rule 4.1."""
    state = make_state(["6-4 1-0", "4-4"])
    view = state.view_for(0)
    assert must(view) == "play" and sorted(playable(view)) == [(1, 0), (6, 4)]
    assert ends_for(view, (6, 4)) == [None]
    assert kind_refusal(view, "draw").key == "dominoes.must_play_not_draw"


def test_nothing_is_allowed_out_of_turn_or_out_of_hand():
    state = make_state(["6-4 1-0", "4-4"])
    other = state.view_for(1)
    assert must(other) is None and playable(other) == []
    assert tile_refusal(other, (4, 4)).key == "dominoes.not_your_turn"
    assert kind_refusal(other, "draw").key == "dominoes.not_your_turn"
    assert tile_refusal(state.view_for(0), (4, 4)).key == "dominoes.not_in_hand"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_refusals_are_the_ones_apply_raises(seats):
    rng = SeededRng(seats)
    state = new_game({"seats": seats, "target": 100}, 40 + seats)
    while not state.is_over:
        seat = state.current_player
        view = state.view_for(seat)
        legal = state.legal_moves()
        assert must(view) == legal[0]["type"]
        for kind in ("draw", "pass"):
            refusal = kind_refusal(view, kind)
            assert (refusal.key if refusal else None) == refused_key(state, {"type": kind})
        for tile in state.hands[seat]:
            fits = [m["end"] for m in legal if m["type"] == "play" and tuple(m["tile"]) == tile]
            assert ends_for(view, tile) == fits
            assert (tile_refusal(view, tile) is None) == bool(fits)
        state.apply(legal[rng.randrange(len(legal))])
    assert must(state.view_for(0)) is None
    assert kind_refusal(state.view_for(0), "draw").key == "dominoes.game_over"


def test_the_public_view_does_not_change_with_the_hidden_tiles():
    a = make_state(["5-1 3-3", "6-6 0-0", "2-2 1-1"], layout="5-5 E:5-3")
    b = make_state(["2-2 0-0", "5-1 1-1", "6-6 3-3"], layout="5-5 E:5-3")
    assert public_view(a) == public_view(b)
    assert public_view(a)["hand"] == [] and public_view(a)["hand_sizes"] == [2, 2, 2]


def test_a_finished_hand_keeps_its_table_and_shows_every_hand():
    state, rng = new_game({"seats": 2}, 20), SeededRng(1)
    assert public_view(state)["finished_table"] is None
    while not state.hand_summaries:
        before = state.layout.copy()
        hands = [list(hand) for hand in state.hands]
        legal = state.legal_moves()
        events = state.apply(legal[rng.randrange(len(legal))])
    final = next((e for e in events if e["type"] == "play"), None)
    if final is not None:
        before.place(tuple(final["tile"]), final["end"])
        hands[final["seat"]].remove(tuple(final["tile"]))
    summary = state.hand_summaries[0]
    assert summary["hands"] == [[list(t) for t in hand] for hand in hands]
    assert summary["layout"] == before.to_json()
    for seat in (0, 1):
        table = state.view_for(seat)["finished_table"]
        assert table["layout"] == before.to_json() and table["count"] == before.count()
    assert state.view_for(0)["layout"] != before.to_json()  # the next hand is dealt


def test_a_summary_saved_without_its_table_or_with_a_broken_one_shows_none():
    assert finished_table([{"hand": 0}]) is None
    assert finished_table([{"layout": {"root": [9, 9], "arms": {}}}]) is None
    assert finished_table([{"layout": {"root": [5, 5], "arms": 3}}]) is None


def test_hands_played_counts_the_hand_a_score_ended_the_game_in():
    """For statistics: a game over on a score during play counts that hand too."""
    mid = make_state(["0-0 1-1", "4-4"], layout="5-5 E:5-0", scores=[240, 0])
    assert hands_played(mid.view_for(0)) == 1
    mid.apply({"type": "play", "tile": [0, 0], "end": "E"})  # a count of 10: 250
    assert mid.is_over and not mid.hand_summaries
    assert hands_played(mid.view_for(0)) == 1
    out = make_state(["3-1", "6-6 6-5"], layout="5-5 E:5-3", scores=[240, 0])
    out.apply({"type": "play", "tile": [3, 1], "end": "E"})  # 11: no score, but domino
    assert out.is_over and len(out.hand_summaries) == 1
    assert hands_played(out.view_for(1)) == 1
    later = make_state(["0-0 1-1", "4-4"], layout="5-5 E:5-0", scores=[240, 0])
    later.hand_summaries = [{"hand": 0, "scores": [200, 0]}]
    later.apply({"type": "play", "tile": [0, 0], "end": "E"})
    assert hands_played(later.view_for(0)) == 2
