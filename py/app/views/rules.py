"""A rules page per game: py/rules/<game>.<language>.html, written by each game's issue."""

from pathlib import Path

from .. import router
from ..games_list import GameInfo, game_info
from ..html import Markup, h
from .base import View

RULES_ROOT = Path(__file__).resolve().parent.parent.parent / "rules"


def rules_html(game: str, language: str) -> Markup:
    """Our own authored HTML (never user text), so it is trusted as Markup."""
    return Markup((RULES_ROOT / f"{game}.{language}.html").read_text(encoding="utf-8"))


class RulesView(View):
    @property
    def game(self) -> GameInfo:
        game = game_info(self.route.detail or "")
        if game is None:  # the router sends any other address to the hub
            raise ValueError(f"no rules for {self.route.detail!r}")
        return game

    def title(self) -> str:
        return self.t("rules.title", game=self.t(self.game.name_key))

    def render(self):
        t = self.t
        game = self.game
        body = rules_html(game.route, self.t.language)
        return h(
            "article",
            {"class": "page rules", "data-page": "rules", "data-rules": game.route},
            h("h1", {"tabindex": "-1"}, self.title()),
            h("div", {"class": "rules-body", "data-authored": True}, body),
            h(
                "p",
                {"class": "actions"},
                h("a", {"class": "button", "href": router.href(game.route)}, t("rules.play")),
                h(
                    "a",
                    {"class": "button subtle", "href": router.href("hub")},
                    t("nav.back_to_hub"),
                ),
            ),
        )
