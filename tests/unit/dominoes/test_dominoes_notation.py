"""Move notation: '6-4' (the lead), '5-3@E', 'draw', 'pass'."""

import pytest
from games.common.errors import IllegalMove
from games.dominoes import format_move, parse_move


@pytest.mark.parametrize(
    "text,move",
    [
        ("6-4", {"type": "play", "tile": [6, 4], "end": None}),
        ("4-6", {"type": "play", "tile": [6, 4], "end": None}),
        ("5-3@E", {"type": "play", "tile": [5, 3], "end": "E"}),
        ("0-0@N", {"type": "play", "tile": [0, 0], "end": "N"}),
        ("draw", {"type": "draw"}),
        ("pass", {"type": "pass"}),
    ],
)
def test_parse_move(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize("text", ["6-4", "5-3@E", "0-0@N", "draw", "pass"])
def test_format_move_round_trip(text):
    assert format_move(parse_move(text)) == text


@pytest.mark.parametrize("text", ["7-1", "5-3@X", "53", "5-3-1", "", "drew"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(IllegalMove) as error:
        parse_move(text)
    assert error.value.key in ("dominoes.bad_move", "dominoes.bad_tile")
