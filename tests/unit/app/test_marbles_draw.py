"""The Marbles page drawn from real positions, with no browser: the board, the Next
bar and figures, the tools, the game-over window and a replayed position."""

import re

from app.i18n import Translator
from app.marbles import draw
from games.marbles import SQUARES, new_game, parse_position
from markup_tree import parse

T = Translator("en")

NEAR_FULL = "marbles version=5 seed=11 next=RGB score=120 moves=80 lines=12\n" + "\n".join(
    "".join("." if r * 9 + c in (78, 79, 80) else "RGBYPCO"[(r * 3 + c) % 7] for c in range(9))
    for r in range(9)
)


def screen(**changes) -> draw.Screen:
    return draw.Screen(cursor=40, share_href="#/marbles?seed=3&version=5", **changes)


def test_the_board_shows_every_marble_and_free_square_with_a_label():
    state = new_game({"version": 5}, 3)
    markup = str(draw.page(state, T, screen()))
    cells = re.findall(r'<div class="cell[^"]*" role="gridcell" id="mb-c-(\d+)"', markup)
    assert len(cells) == SQUARES
    marbles = sum(1 for colour in state.board if colour)
    assert len(re.findall(r'<span class="m m-\d', markup)) == marbles + 3  # the board + Next
    assert markup.count('data-action="cell"') == SQUARES
    assert 'aria-label="Next marbles: ' in markup
    cursor_cell = re.search(r'<div class="([^"]*)" role="gridcell" id="mb-c-40"', markup)
    assert "cursor" in cursor_cell.group(1).split()


def test_a_selected_marble_shows_where_it_can_go():
    state = new_game({"version": 5}, 3)
    src = next(sq for sq in range(SQUARES) if state.board[sq] and state.reachable(sq))
    markup = str(draw.page(state, T, screen(selected=src)))
    assert markup.count("reachable") == len(state.reachable(src))
    assert 'aria-selected="true"' in markup


def test_undo_and_hint_follow_the_screen_and_the_game():
    state = new_game({"version": 5}, 3)
    markup = str(draw.page(state, T, screen(can_undo=False)))
    assert re.search(r'data-action="undo" disabled', markup)
    markup = str(draw.page(state, T, screen(can_undo=True, message="Hello", message_is_error=True)))
    assert not re.search(r'data-action="undo" disabled', markup)
    assert 'class="mb-message error"' in markup and "Hello" in markup


def test_the_game_over_window_shows_the_figures_once_the_game_is_over():
    state = parse_position(NEAR_FULL)
    assert draw.game_over(state, T, {"score": 1}) is None  # not over yet
    state.apply((77, 78))
    assert state.is_over
    outcome = {
        "score": state.score,
        "moves": 81,
        "lines": 12,
        "time_ms": 65_000,
        "best": 200,
        "place": 2,
        "new_best": False,
    }
    markup = str(draw.page(state, T, screen(outcome=outcome, best=200)))
    assert 'id="mb-over"' in markup and "1:05" in markup and "Game over" in markup
    assert "A new best score!" not in markup
    assert str(draw.game_over(state, T, None) or "") == ""


def test_the_board_names_its_columns_and_rows_as_the_hints_name_squares():
    """docs/rules/marbles.md 2.3, 2.6: columns A to I from the left, rows 1 to 9 from the top."""
    state = new_game({"version": 5}, 3)
    for markup in (draw.page(state, T, screen()), draw.replay_board(state, T)):
        page = parse(str(markup))
        columns, rows = page.one("div", "mb-columns"), page.one("div", "mb-rows")
        assert [n.text() for n in columns.all("span")] == list("ABCDEFGHI")
        assert [n.text() for n in rows.all("span")] == [str(n) for n in range(1, 10)]
        assert columns.attrs["aria-hidden"] == rows.attrs["aria-hidden"] == "true"
        labelled = page.one("div", "mb-labelled")
        assert labelled.one("div", "mb-board") is not None  # the labels frame the board
        assert "columns A to I" in page.one("div", "mb-board").attrs["aria-label"]
    cells = parse(str(draw.page(state, T, screen()))).all("div", "cell")
    assert cells[0].attrs["aria-label"].startswith("A1:")
    assert cells[80].attrs["aria-label"].startswith("I9:")


def test_the_hint_button_counts_what_is_left_and_the_window_says_the_game_was_assisted():
    state = new_game({"version": 4}, 3)
    page = parse(str(draw.page(state, T, screen(hints=1, hints_left=2))))
    button = page.one("button", data_action="hint")
    assert button.text() == "Hint (2 left)" and "disabled" not in button.attrs
    spent = parse(str(draw.page(state, T, screen(hints=3, hints_left=0))))
    assert "disabled" in spent.one("button", data_action="hint").attrs
    shown = parse(str(draw.page(state, T, screen(hints=3, hints_left=0, hint=(0, 1)))))
    assert "disabled" not in shown.one("button", data_action="hint").attrs  # (said again)
    over = parse_position(NEAR_FULL)
    over.apply((77, 78))
    outcome = {"score": 9, "moves": 1, "lines": 0, "time_ms": 0, "best": 9, "place": 3}
    window = parse(str(draw.game_over(over, T, outcome, hints=2)))
    assert "Played with hints: 2" in window.one("p", "mb-over-assisted").text()
    assert parse(str(draw.game_over(over, T, outcome))).all("p", "mb-over-assisted") == []


def test_a_score_of_0_is_given_no_place_in_the_rankings():
    """docs/rules/marbles.md 10.7."""
    state = parse_position(NEAR_FULL)
    state.apply((77, 78))
    outcome = {"score": 0, "moves": 3, "lines": 0, "time_ms": 0, "best": 0, "place": 1}
    window = str(draw.game_over(state, T, outcome))
    assert "Game over" in window and "rankings" not in window
    scored = str(draw.game_over(state, T, {**outcome, "score": 10}))
    assert "Number 1 in the rankings." in scored


def test_a_replayed_position_has_no_controls():
    state = new_game({"version": 4}, 9)
    markup = str(draw.replay_board(state, T))
    assert "data-action" not in markup and 'id="mb-board"' not in markup
    assert markup.count('role="gridcell"') == SQUARES


def test_the_clock_reads_minutes_and_hours():
    assert draw.format_clock(65_000) == "1:05"
    assert draw.format_clock(3_725_000) == "1:02:05"
