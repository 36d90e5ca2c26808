"""One question to the player at a time, in a modal dialog outside the view
(so the view may redraw behind it): "Start a new game?" before a game in
progress is thrown away. The safe answer (keep what you have) has the focus;
Escape or a click on it answers no."""

from collections.abc import Callable

from .html import Markup, h

YES, NO = "question-yes", "question-no"


def dialog(title: str, detail: str, yes: str, no: str) -> Markup:
    return h(
        "dialog",
        {
            "class": "question-dialog",
            "id": "question",
            "aria-labelledby": "question-title",
            "aria-describedby": "question-detail",
        },
        h("h2", {"id": "question-title"}, title),
        h("p", {"id": "question-detail"}, detail),
        h(
            "div",
            {"class": "actions"},
            h("button", {"type": "button", "class": "button", "data-action": YES}, yes),
            h(
                "button",
                {"type": "button", "class": "button subtle", "data-action": NO, "autofocus": True},
                no,
            ),
        ),
    )


class Question:
    """The question being asked, and what each answer does."""

    def __init__(self) -> None:
        self.on_yes: Callable[[], None] | None = None
        self.on_no: Callable[[], None] | None = None

    def ask(self, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None) -> None:
        self.on_yes, self.on_no = on_yes, on_no

    def answer(self, action: str) -> None:
        """The player's answer (YES or NO); the question is then over."""
        chosen = self.on_yes if action == YES else self.on_no
        self.on_yes = self.on_no = None
        if chosen is not None:
            chosen()
