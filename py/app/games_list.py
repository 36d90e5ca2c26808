"""The five games: route names and the catalogue keys of their names and blurbs."""

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    route: str
    icon: str
    has_winner: bool = True  # False for one-player games scored by points

    @property
    def name_key(self) -> str:
        return f"game.{self.route}.name"

    @property
    def blurb_key(self) -> str:
        return f"game.{self.route}.blurb"


GAMES = (
    GameInfo("marbles", "static/icons/marbles.svg", has_winner=False),
    GameInfo("battleship", "static/icons/battleship.svg"),
    GameInfo("deblockle", "static/icons/deblockle.svg"),
    GameInfo("dominoes", "static/icons/dominoes.svg"),
    GameInfo("wordle", "static/icons/wordle.svg"),
)
GAME_ROUTES = tuple(game.route for game in GAMES)
# The games on the frame (app.frame): route -> the module of their frontend (FRONTEND).
FRONTENDS = {
    "marbles": "app.marbles.frontend",
    "deblockle": "app.deblockle.frontend",
    "battleship": "app.battleship.frontend",
    "dominoes": "app.dominoes.frontend",
}
# The games whose browser layer has a folder of its own (app/<game>/, its drawing in draw.py).
GAME_FOLDERS = tuple(FRONTENDS)
# The games two people can play each on their own device (#/connect): route -> the
# name of the engine's Game (what a match's hello names).
REMOTE_GAMES = {
    "deblockle": "deblockle",
    "wordle": "wordle-duel-hidden",  # (games.wordle.hidden_duel_game: the word hidden from both)
    "dominoes": "dominoes-public",
    "battleship": "battleship-public",
}


def route_of_remote(game_name) -> str | None:
    """The route of the game a match's hello names, if it is one played remotely."""
    return next((route for route, name in REMOTE_GAMES.items() if name == game_name), None)


def remote_slot(game: str) -> str:
    """Where a game with a friend on another device is saved (saved:<slot>), beside
    the game's own save."""
    return f"{game}-remote"


def game_info(route: str) -> GameInfo | None:
    return next((game for game in GAMES if game.route == route), None)
