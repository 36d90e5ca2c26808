"""The hub's first step for a newcomer: on a device where no game has been opened yet,
one game to start with, said plainly, above the five cards. Battleship is the one: its
rules are the ones most people already know, and a game against the computer needs no
choice first. Once any game has been opened (it is saved as soon as it starts) or
played, the hub is the player's own and the step is gone."""

from .. import router, saved_games, scores
from ..games_list import GAMES
from ..html import Markup, h
from ..storage import Store

FIRST_GAME = "battleship"


def newcomer(store: Store) -> bool:
    """Nothing played or begun on this device: no statistics and no game saved."""
    return not any(
        scores.stats_for(store, game.route) or saved_games.load(store, game.route).data
        for game in GAMES
    )


def first_step(t, store: Store) -> Markup | None:
    """Where to start, for a newcomer (None for anyone else)."""
    if not newcomer(store):
        return None
    name = t(f"game.{FIRST_GAME}.name")
    return h(
        "section",
        {"class": "hub-start", "aria-labelledby": "hub-start-title", "data-first-step": True},
        h("h2", {"id": "hub-start-title"}, t("hub.start_title", game=name)),
        h("p", {}, t("hub.start_text")),
        h(
            "p",
            {"class": "hub-start-actions"},
            h(
                "a",
                {"class": "button", "href": router.href(FIRST_GAME), "data-first-game": FIRST_GAME},
                t("hub.start_play", game=name),
            ),
            h(
                "a",
                {"class": "button subtle", "href": router.href("rules", FIRST_GAME)},
                t("hub.start_rules"),
            ),
        ),
    )
