"""A key as the one game view reads it (app.frame.keys): undo and redo the same in every
game, and a key meant for a control of the page never reaches the game."""

from types import SimpleNamespace

import pytest
from app.frame.frontend import Command, Input
from app.frame.keys import read_key


class Target:
    def __init__(self, tag: str, element_id: str = "", board: str = "") -> None:
        self.tagName, self.id, self.board = tag, element_id, board

    def getAttribute(self, name: str) -> str | None:
        return self.board if name == "data-board" else None


def key(name: str, target: Target | None = None, **held: bool) -> SimpleNamespace:
    modifiers = {"ctrlKey": False, "metaKey": False, "altKey": False, "shiftKey": False}
    return SimpleNamespace(key=name, target=target or Target("BODY"), **{**modifiers, **held})


@pytest.mark.parametrize(
    ("pressed", "command"),
    [
        (key("z", ctrlKey=True), "undo"),
        (key("z", metaKey=True), "undo"),
        (key("Z", ctrlKey=True, shiftKey=True), "redo"),
        (key("y", ctrlKey=True), "redo"),
    ],
)
def test_undo_and_redo_keys_are_the_game_views(pressed, command):
    assert read_key(pressed, dialog_open=False) == Command(command)


def test_undo_is_the_fields_own_in_a_text_field_or_an_open_dialog():
    assert read_key(key("z", Target("INPUT"), ctrlKey=True), dialog_open=False) is None
    assert read_key(key("z", ctrlKey=True), dialog_open=True) is None


@pytest.mark.parametrize("tag", ["BUTTON", "A"])
@pytest.mark.parametrize("name", ["Enter", " "])
def test_enter_or_space_on_a_button_or_a_link_is_the_controls_not_the_games(tag, name):
    """Enter on the focused Rules link follows it; it must not also send the Wordle guess."""
    assert read_key(key(name, Target(tag)), dialog_open=False) is None


def test_other_keys_go_to_the_frontend_with_where_they_were_pressed():
    given = read_key(key("Enter", Target("DIV", "board", board="on")), dialog_open=False)
    assert given == Input("key", {"id": "board"}, key="Enter", on_board=True)
    assert read_key(key("a", Target("A")), dialog_open=False) == Input(
        "key", {"id": ""}, key="a", on_board=False
    )


def test_escape_reaches_the_frontend_even_with_its_dialog_open():
    assert read_key(key("Escape"), dialog_open=True) == Input("key", {"id": ""}, key="Escape")
    assert read_key(key("k"), dialog_open=True) is None
