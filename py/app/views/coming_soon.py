"""A game whose issue is not done yet says so plainly: no fake board."""

from .. import router
from ..games_list import game_info
from ..html import h
from .base import View


class ComingSoonView(View):
    def title(self) -> str:
        return self.t(game_info(self.route.page).name_key)

    def render(self):
        t = self.t
        game = game_info(self.route.page)
        return h(
            "section",
            {"class": "game-view coming-soon", "data-game": game.route},
            h("h1", {"tabindex": "-1"}, t(game.name_key)),
            h("img", {"src": game.icon, "alt": "", "width": 96, "height": 96}),
            h("p", {"class": "lead"}, t(game.blurb_key)),
            h("p", {"class": "coming-soon-text"}, t("game.coming_soon")),
            h(
                "p",
                {"class": "actions"},
                h(
                    "a",
                    {"class": "button", "href": router.href("rules", game.route)},
                    t("hub.rules"),
                ),
                h(
                    "a",
                    {"class": "button subtle", "href": router.href("hub")},
                    t("nav.back_to_hub"),
                ),
            ),
        )
