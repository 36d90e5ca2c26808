"""The layout tree: open ends, their count, the spinner, doubles, notation."""

import pytest
from games.dominoes import Layout, format_layout, parse_layout
from games.dominoes.tiles import tile


def ends(text):
    return [(e.end, e.value, e.counts) for e in parse_layout(text).open_ends()]


def count(text):
    return parse_layout(text).count()


def test_rule_lone_lead_double_counts_both_halves():
    """[decided] A lone lead double counts both halves (5-5 led scores 10)."""
    assert count("5-5") == 10
    assert ends("5-5") == [("W", 5, 5), ("E", 5, 5)]


def test_rule_lone_lead_non_double_counts_both_halves():
    """[decided] 6-4 led scores 10."""
    assert count("6-4") == 10
    assert ends("6-4") == [("W", 6, 6), ("E", 4, 4)]


def test_rule_spinner_unplayed_end_counts_both_halves_until_played():
    """[decided] Until a spinner double's second end has been played on, its
    unplayed end counts as both halves of the double."""
    # 5-5 with 5-3 on the east: 3 + (5 + 5) = 13
    assert count("5-5 E:5-3") == 13
    assert ends("5-5 E:5-3") == [("W", 5, 10), ("E", 3, 3)]
    # both ends played: 2 + 3 = 5
    assert count("5-5 W:5-2 E:5-3") == 5


def test_rule_spinner_long_sides_open_only_after_both_ends():
    """The spinner's two long sides open for play once both of its ends have been played on."""
    assert [e for e, _, _ in ends("4-4 E:4-1")] == ["W", "E"]
    assert [e for e, _, _ in ends("4-4 W:4-2 E:4-1")] == ["W", "E", "N", "S"]


def test_rule_spinner_long_sides_count_only_once_played_on():
    """The spinner's long sides count only once a tile has been played on them."""
    assert ends("4-4 W:4-2 E:4-1") == [("W", 2, 2), ("E", 1, 1), ("N", 4, 0), ("S", 4, 0)]
    assert count("4-4 W:4-2 E:4-1") == 3
    assert count("4-4 W:4-2 E:4-1 N:4-6") == 9
    assert count("4-4 W:4-2 E:4-1 N:4-6 S:4-0") == 9


def test_rule_double_at_an_end_counts_both_halves():
    """Doubles are placed crosswise; a double at an open end counts both halves."""
    # 6-6 spinner, 6-3 then the crosswise 3-3 on the west: 3+3 plus 6+6 for the unplayed east.
    assert count("6-6 W:6-3,3-3") == 18
    assert count("6-6 W:6-3,3-3 E:6-1") == 7
    # played on, the double no longer counts
    assert count("6-6 W:6-3,3-3,3-4 E:6-1") == 5


def test_score_of_25_with_four_arms():
    """A total of 25 scores 25 points."""
    assert count("6-6 W:6-5,5-5 E:6-4 N:6-3,3-3 S:6-2,2-5") == 10 + 4 + 6 + 5


def test_rule_first_double_becomes_the_spinner_and_reroots_the_tree():
    """[decided] If the lead is not a double, the first double played later becomes the spinner."""
    layout = parse_layout("6-4 W:6-1 E:4-3")
    assert layout.spinner is None
    layout.place(tile(3, 3), "E")
    assert layout.spinner == 3
    # the tree now grows from 3-3: west runs back through 4-3, the lead and 6-1
    assert format_layout(layout) == "3-3 W:3-4,4-6,6-1"
    # only W and E are open until the spinner's second end is played on
    assert [(e.end, e.value, e.counts) for e in layout.open_ends()] == [("W", 1, 1), ("E", 3, 6)]
    layout.place(tile(3, 2), "E")
    assert [e.end for e in layout.open_ends()] == ["W", "E", "N", "S"]
    assert layout.count() == 3


def test_rule_first_double_on_the_west_keeps_the_end_names():
    layout = parse_layout("6-4 W:6-2")
    layout.place(tile(2, 2), "W")
    assert format_layout(layout) == "2-2 E:2-6,6-4"
    assert [(e.end, e.value) for e in layout.open_ends()] == [("W", 2), ("E", 4)]
    assert layout.count() == 4 + 4


def test_rule_no_other_double_is_a_spinner():
    """No other double is a spinner."""
    layout = parse_layout("6-6 W:6-2 E:6-1")
    layout.place(tile(2, 2), "W")
    assert layout.spinner == 6
    assert format_layout(layout) == "6-6 W:6-2,2-2 E:6-1"
    assert [e.end for e in layout.open_ends()] == ["W", "E", "N", "S"]


def test_place_returns_the_orientation():
    layout = parse_layout("5-5")
    assert layout.place(tile(5, 3), "E") == (5, 3)
    assert layout.place(tile(6, 5), "W") == (5, 6)


def test_placing_on_a_closed_or_wrong_end_is_refused():
    from games.common.errors import IllegalMove

    layout = parse_layout("5-5 E:5-3")
    with pytest.raises(IllegalMove) as error:
        layout.place(tile(5, 1), "N")
    assert error.value.key == "dominoes.end_not_open"
    with pytest.raises(IllegalMove) as error:
        layout.place(tile(2, 1), "E")
    assert error.value.key == "dominoes.tile_does_not_match"


@pytest.mark.parametrize(
    "text",
    [
        "-",
        "5-5",
        "6-4 W:6-1 E:4-3",
        "5-5 W:5-2,2-2 E:5-3 N:5-1",
        "3-3 W:3-4,4-6,6-1 E:3-2 S:3-0,0-0",
    ],
)
def test_notation_round_trip(text):
    layout = parse_layout(text)
    assert format_layout(layout) == text
    assert Layout.from_json(layout.to_json()).to_json() == layout.to_json()


@pytest.mark.parametrize(
    "text",
    ["6-4 N:4-1", "5-5 N:5-1", "5-5 W:4-1", "6-4 W:6-6", "5-5 W:5-5", "7-1", "5-5 X:5-1", "5-5 W:"],
)
def test_bad_notation_is_refused(text):
    with pytest.raises(ValueError):
        parse_layout(text)
