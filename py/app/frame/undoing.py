"""Undo and redo as the game view does them (app.frame.history decides what is taken back):
the UI state for the position brought back, saved, said and drawn; why not, when nothing was;
against the computer, that the game no longer counts, said once."""

from typing import Any

from . import history


def undo(view: Any) -> None:
    """Take back the last decision of a person here (`view`: app.frame.game_view.GameView)."""
    ranked = view.midend.ranked
    _after(view, "undo", history.undo(view.midend, view.frontend, view.ui, view.table()))
    if ranked and not view.midend.ranked:
        view.app.notice(
            f"{view.game}-not-ranked", lambda: view.t("frame.not_ranked"), about_view=True
        )


def redo(view: Any) -> None:
    _after(view, "redo", history.redo(view.midend, view.frontend, view.ui, view.table()))


def _after(view: Any, done: str, why_not: str) -> None:
    if why_not:  # nothing taken back or played again: the frontend may say why
        view.show(view.frontend.cannot(view.state, view.ui, why_not, view.t))
        return
    view.ui = view.frontend.new_ui(view.state, view.ui)
    view._save()
    view.app.announce(view.t(f"{view.game}.announce.{done}"))
    view.redraw()
