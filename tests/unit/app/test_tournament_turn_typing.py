"""What the keyboard typed for the turn under way (app.tournament.turn_typing), the same on
one device, a group member's page and its leader's, and what a click on a duel means."""

from app.tournament.turn_typing import TurnTyping, watched_after_click


def typed(keys: str, typing) -> None:
    for key in keys:
        assert typing.add(key)


def test_a_turn_keeps_what_was_typed_until_a_row_is_added():
    turns = TurnTyping()
    typing = turns.for_turn("en", 5, (1, 0, 0), 0)
    typed("cra", typing)
    assert turns.for_turn("en", 5, (1, 0, 0), 0) is typing and typing.text == "cra"
    # the turn ran out (a skip added a row): the same turn types a new row afresh
    assert turns.for_turn("en", 5, (1, 0, 0), 1).text == ""


def test_another_turn_types_afresh_with_its_own_length():
    turns = TurnTyping()
    first = turns.for_turn("en", 5, (1, 0, 0), 0)
    typed("cra", first)
    other = turns.for_turn("en", 4, (1, 0, 1), 0)  # the other human of a shared keyboard
    assert other is not first and other.text == "" and other.length == 4
    typed("abcd", other)
    assert not other.add("e")  # four letters, no more
    assert turns.for_turn("en", 6, (2, 3, 0), 0).length == 6  # the next round's duel


def test_a_click_on_a_duel_watches_it_and_a_second_click_or_your_own_goes_back():
    assert watched_after_click(2, None, yours=False) == 2
    assert watched_after_click(2, 2, yours=False) is None
    assert watched_after_click(3, 2, yours=False) == 3
    assert watched_after_click(0, 2, yours=True) is None
