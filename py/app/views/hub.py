"""The hub: one card per game with its name, blurb, your best or last result and
whether a game is in progress; the whole card opens the game (resuming it)."""

import importlib

from games.common.errors import BadState

from .. import router, saved_games, scores
from ..daily.hub_card import daily_line
from ..daily.today import today_number
from ..games_list import GAMES, REMOTE_GAMES, remote_slot
from ..html import h
from ..wordle.records import TOURNAMENT
from .base import View
from .hub_start import first_step

# How each game's save (saved:<game>) is read, to tell whether it is over, for a save
# that does not say so itself (saved before the midend wrote "over" in its meta): the
# engines are imported only then, so the hub starts without any of them.
LOADERS = {
    "marbles": ("games.marbles.game", "GAME", "load"),
    "battleship": ("games.battleship.game", "GAME", "load"),
    "deblockle": ("games.deblockle.game", "GAME", "load"),
    "dominoes": ("games.dominoes.game", "GAME", "load"),
    "wordle": ("games.wordle.duel", "Duel", "from_json"),  # the practice duel
}


def _loader(game: str):
    module, owner, method = LOADERS[game]
    return getattr(getattr(importlib.import_module(module), owner), method)


def unfinished(store, game: str) -> bool:
    saved = saved_games.load(store, game).data
    if saved is None:
        return False
    over = saved["meta"].get("over")
    if isinstance(over, bool):
        return not over
    try:
        return not _loader(game)(saved["state"]).is_over
    except BadState:
        return False  # the game's page resets it and says so


def resume_href(store, game: str) -> str | None:
    """Where a game saved unfinished is resumed, or None when there is none."""
    if game == "wordle":
        tournament = store.load(TOURNAMENT).data
        if tournament and _tournament_in_play(tournament["state"]):
            return router.href(game, mode="tournament")
        return router.href(game, mode="duel") if unfinished(store, game) else None
    return router.href(game) if unfinished(store, game) else None


def games_with_friends(store) -> list[tuple[str, str, bool | None]]:
    """(route, the friend's name, whether it is their turn: None if the save does not say)
    of each unfinished game kept with a friend on another device (read from the save's meta
    only: the hub imports no game)."""
    from ..peer.channel import clean_name

    found = []
    saved_games.register_remote(store, [remote_slot(route) for route in REMOTE_GAMES])
    for route in REMOTE_GAMES:
        saved = saved_games.load(store, remote_slot(route)).data
        meta = saved["meta"] if saved else {}
        frame = meta.get("frame")
        remote = frame.get("remote") if isinstance(frame, dict) else None
        peer = clean_name(remote.get("peer")) if isinstance(remote, dict) else None
        if saved and meta.get("over") is not True and peer:
            turn = meta.get("their_turn")
            found.append((route, peer, turn if isinstance(turn, bool) else None))
    return found


def _tournament_in_play(state) -> bool:
    from games.wordle.tournament_saved import in_play

    return in_play(state)


def result_line(t, entry: dict | None, game: str = "") -> str:
    if not entry or not entry.get("played"):
        return t("hub.not_played")
    if entry.get("best") is not None:
        # A game may name its best result (a placement is not a score).
        key = f"hub.best.{game}" if t.has(f"hub.best.{game}") else "hub.best"
        return t(key, score=t.number(entry["best"]))
    last = entry.get("last") or {}
    if "won" not in last:  # games that count no winner (two people on one device)
        return t("hub.played", count=t.number(entry["played"]))
    return t("hub.last_won") if last["won"] else t("hub.last_lost")


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
        today = today_number()
        for game in GAMES:
            stats = scores.stats_for(self.app.store, game.route)
            entry = best_entry(stats)
            resume = resume_href(self.app.store, game.route)
            cards.append(
                h(
                    "li",
                    {"class": "game-card", "data-card": game.route},
                    h(
                        "a",
                        {"class": "game-card-link", "href": resume or router.href(game.route)},
                        h("img", {"src": game.icon, "alt": "", "width": 64, "height": 64}),
                        h(
                            "span",
                            # the last card's name painted: the hub is shown (bench/boot.py)
                            {
                                "class": "game-card-name",
                                "elementtiming": "hub" if game is GAMES[-1] else None,
                            },
                            t(game.name_key),
                        ),
                    ),
                    h("p", {"class": "game-card-blurb"}, t(game.blurb_key)),
                    h("p", {"class": "game-card-progress"}, t("hub.in_progress"))
                    if resume
                    else None,
                    h("p", {"class": "game-card-result"}, result_line(t, entry, game.route))
                    if entry or not resume
                    else None,
                    daily_line(t, self.app.store, game.route, today),
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
            first_step(t, self.app.store),
            h("ul", {"class": "game-grid"}, cards),
            h(
                "div",
                {"class": "hub-friend", "data-friend": True},
                h("h2", {}, t("connect.title")),
                h("p", {}, t("hub.friend_lead")),
                friends_list(t, games_with_friends(self.app.store)),
                h(
                    "p",
                    {"class": "connect-actions"},
                    h(
                        "a",
                        {"class": "button", "href": router.href("invite")},
                        t("hub.friend_anywhere"),
                    ),
                    h(
                        "a",
                        {"class": "button subtle", "href": router.href("connect")},
                        t("hub.friend_start"),
                    ),
                    h(
                        "a",
                        {"class": "button subtle", "href": router.href("find")},
                        t("hub.find_opponent"),
                    ),
                ),
            ),
        )


def friends_list(t, games: list[tuple[str, str, bool | None]]):
    """The games kept with friends, each to carry on (its page rejoins the friend by itself
    when the game began by one link)."""
    if not games:
        return None
    return h(
        "ul",
        {"class": "hub-friend-games"},
        [
            h(
                "li",
                {"data-friend-game": route},
                h(
                    "a",
                    {"href": router.href(route, remote="resume")},
                    t("hub.with_friend", game=t(f"connect.game.{route}"), name=peer),
                ),
                h(
                    "span",
                    {"class": "hub-friend-turn"},
                    t("hub.their_turn" if their_turn else "hub.your_turn", name=peer),
                )
                if their_turn is not None
                else None,
            )
            for route, peer, their_turn in games
        ],
    )
