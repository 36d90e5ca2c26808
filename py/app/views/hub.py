"""The hub: one card per game with its name, blurb and your best or last result."""

from .. import router, scores
from ..games_list import GAMES
from ..html import h
from .base import View


def result_line(t, entry: dict | None, game: str = "") -> str:
    if not entry or not entry.get("played"):
        return t("hub.not_played")
    if entry.get("best") is not None:
        # A game may name its best result (a placement is not a score).
        key = f"hub.best.{game}" if t.has(f"hub.best.{game}") else "hub.best"
        return t(key, score=t.number(entry["best"]))
    last = entry.get("last") or {}
    return t("hub.last_won") if last.get("won") else t("hub.last_lost")


def best_entry(stats: dict) -> dict | None:
    """The variant played most, to summarise a game on its card."""
    if not stats:
        return None
    return max(stats.values(), key=lambda entry: entry["played"])


class HubView(View):
    def title(self) -> str:
        return self.t("hub.title")

    def render(self):
        t = self.t
        cards = []
        for game in GAMES:
            stats = scores.stats_for(self.app.store, game.route)
            cards.append(
                h(
                    "li",
                    {"class": "game-card", "data-card": game.route},
                    h(
                        "a",
                        {"class": "game-card-link", "href": router.href(game.route)},
                        h("img", {"src": game.icon, "alt": "", "width": 64, "height": 64}),
                        h("span", {"class": "game-card-name"}, t(game.name_key)),
                    ),
                    h("p", {"class": "game-card-blurb"}, t(game.blurb_key)),
                    h(
                        "p",
                        {"class": "game-card-result"},
                        result_line(t, best_entry(stats), game.route),
                    ),
                    h(
                        "a",
                        {"class": "game-card-rules", "href": router.href("rules", game.route)},
                        t("hub.rules"),
                    ),
                )
            )
        return h(
            "section",
            {"class": "hub", "data-page": "hub"},
            h("h1", {"tabindex": "-1"}, t("hub.title")),
            h("p", {"class": "lead"}, t("hub.lead")),
            h("ul", {"class": "game-grid"}, cards),
        )
