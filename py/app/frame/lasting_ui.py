"""What of a game's UI state outlives a reload. Most games keep none: a position resumed is
shown as `new_ui` makes it. A game whose screen holds something the players did that no move
records (Dominoes: the hands' summaries the players have closed) says what of it goes into
the save's meta (`kept`) and the UI state a resumed game starts from (`ui_from_save`). A game
whose UI state counts something of one game alone (Marbles: the hints taken) says what of it
goes on into a new game (`ui_for_new_game`)."""

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class KeepsUi(Protocol):
    def kept(self, ui: Any) -> dict[str, Any]:
        """What of the UI state is saved beside the position."""
        ...

    def ui_from_save(self, meta: dict[str, Any]) -> Any:
        """The UI state kept in a save's meta, read with care (for `new_ui` as `kept`)."""
        ...


@runtime_checkable
class NewGameUi(Protocol):
    def ui_for_new_game(self, ui: Any) -> Any:
        """What of the UI state goes on into a new game (for `new_ui` as `kept`)."""
        ...


def new_game_ui(frontend: Any, state: Any, before: Any) -> Any:
    """The UI state of a new game, from the one of the game before it (None: none)."""
    if isinstance(frontend, NewGameUi) and before is not None:
        before = frontend.ui_for_new_game(before)
    return frontend.new_ui(state, before)


def kept(frontend: object, ui: Any) -> dict[str, Any]:
    return frontend.kept(ui) if isinstance(frontend, KeepsUi) and ui is not None else {}


def resumed_ui(frontend: Any, state: Any, meta: dict[str, Any]) -> Any:
    """The UI state of a game resumed from its save."""
    saved = frontend.ui_from_save(meta) if isinstance(frontend, KeepsUi) else None
    return frontend.new_ui(state, saved)


def changed(frontend: object, before: Any, after: Any) -> bool:
    """Does the save's part of the UI state differ (so the game is saved again)?"""
    return kept(frontend, before) != kept(frontend, after)
