"""The shared drag gesture (app/pointer_drag.py) under CPython, with stand-in pointer
events: tap or drag, the click after a drop, a cancelled gesture, a second finger."""

import pytest


class Event:
    def __init__(self, kind, x=0, y=0, pointer=1, button=0):
        self.type, self.clientX, self.clientY, self.pointerId, self.button = (
            kind,
            x,
            y,
            pointer,
            button,
        )
        self.prevented = False

    def preventDefault(self):
        self.prevented = True


class Ghost:
    removed = False

    def remove(self):
        self.removed = True


class Board:
    """A view that picks up anything pressed and records what the gesture asked of it."""

    closed = False

    def __init__(self):
        self.calls = []

    def drag_begin(self, event):
        return {"piece": "carrier"}

    def drag_lift(self, drag):
        self.calls.append(("lift", drag["piece"]))
        return Ghost()

    def drag_move(self, drag, x, y):
        self.calls.append(("move", x, y))

    def drag_drop(self, drag, x, y):
        self.calls.append(("drop", x, y))


@pytest.fixture
def drag_module(import_without_browser, monkeypatch):
    _, module = import_without_browser("app.browser", "app.pointer_drag")
    clock = [1000.0]
    monkeypatch.setattr(module.browser, "now_ms", lambda: clock[0])
    return module, clock


def test_a_press_that_does_not_move_is_a_tap_left_to_the_click(drag_module):
    module, _ = drag_module
    board, gesture = Board(), module.PointerDrag()
    gesture.handle(board, Event("pointerdown", 10, 10))
    gesture.handle(board, Event("pointermove", 13, 12))  # 5 px: under the threshold
    gesture.handle(board, Event("pointerup", 13, 12))
    assert board.calls == []
    assert not gesture.swallows_click()


def test_a_drag_lifts_past_the_threshold_follows_the_pointer_and_drops(drag_module):
    module, clock = drag_module
    board, gesture = Board(), module.PointerDrag()
    gesture.handle(board, Event("pointerdown", 10, 10))
    move = Event("pointermove", 10 + module.DRAG_START_PX, 10)
    gesture.handle(board, move)
    assert move.prevented  # the page does not scroll under a lifted piece
    ghost = gesture.drag["ghost"]
    gesture.handle(board, Event("pointermove", 40, 50))
    gesture.handle(board, Event("pointerup", 45, 55))
    assert board.calls == [
        ("lift", "carrier"),
        ("move", 18, 10),
        ("move", 40, 50),
        ("drop", 45, 55),
    ]
    assert ghost.removed and gesture.drag is None
    assert gesture.swallows_click()  # the click the browser sends after the drop
    clock[0] += module.CLICK_AFTER_DROP_MS
    assert not gesture.swallows_click()


def test_a_cancelled_gesture_drops_nowhere(drag_module):
    module, _ = drag_module
    board, gesture = Board(), module.PointerDrag()
    gesture.handle(board, Event("pointerdown", 0, 0))
    gesture.handle(board, Event("pointermove", 30, 0))
    gesture.handle(board, Event("pointercancel", 30, 0))
    assert board.calls[-1] == ("drop", None, None)


def test_a_second_finger_and_other_buttons_are_ignored(drag_module):
    module, _ = drag_module
    board, gesture = Board(), module.PointerDrag()
    gesture.handle(board, Event("pointerdown", 0, 0, button=2))
    gesture.handle(board, Event("pointermove", 50, 0))
    assert board.calls == [] and gesture.drag is None
    gesture.handle(board, Event("pointerdown", 0, 0, pointer=1))
    gesture.handle(board, Event("pointermove", 50, 0, pointer=1))
    gesture.handle(board, Event("pointerdown", 80, 80, pointer=2))  # second finger
    gesture.handle(board, Event("pointermove", 90, 90, pointer=2))
    gesture.handle(board, Event("pointerup", 90, 90, pointer=2))
    assert gesture.drag is not None and gesture.drag["pointer"] == 1
    gesture.handle(board, Event("pointerup", 60, 0, pointer=1))
    assert board.calls == [("lift", "carrier"), ("move", 50, 0), ("drop", 60, 0)]


def test_closing_the_view_removes_a_piece_in_the_air(drag_module):
    module, _ = drag_module
    board, gesture = Board(), module.PointerDrag()
    gesture.handle(board, Event("pointerdown", 0, 0))
    gesture.handle(board, Event("pointermove", 50, 0))
    ghost = gesture.drag["ghost"]
    gesture.abandon(board)
    assert ghost.removed and gesture.drag is None
