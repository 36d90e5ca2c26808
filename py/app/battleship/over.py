"""The end of a game of Battleship: each side's shooting (shots, hits, accuracy, ships
sunk) and the end-of-game window that shows both, the player at the screen's first.
Pure, like app.battleship.draw, which puts the window on the page.
"""

from games.battleship.state import turns_in_order
from games.common.protocol import Json

from ..frame.frontend import Translate
from ..html import Markup, h
from . import remote_texts as remote
from .screen import Screen
from .texts import accuracy, name

ROWS = ("shots", "hits", "accuracy", "sunk")  # the window's figures, in its order


def figures(view: Json, player: int) -> dict[str, int]:
    """`player`'s shooting as the view's player knows it: every shot and how many hit
    (told in every mode), and the ships of the other side sunk (known once it is over)."""
    records = [r for r in turns_in_order(view) if r["player"] == player]
    shots = sum(len(r["shots"]) for r in records)
    hits = sum(r["hits"] for r in records)
    fleet_shot_at = view["opponent_fleet"] if player == view["player"] else view["fleet"]
    return {
        "shots": shots,
        "hits": hits,
        "accuracy": accuracy(hits, shots),
        "sunk": sum(ship["sunk"] for ship in fleet_shot_at or ()),
    }


def figure_text(t: Translate, key: str, value: int) -> str:
    return t("battleship.percent", value=value) if key == "accuracy" else t.number(value)


def game_over(t: Translate, view: Json, screen: Screen) -> Markup | None:
    """The end-of-game dialog: who won (between devices, or who lied and how), and both
    sides' shooting side by side."""
    winner = view["winner"]
    if view.get("hunt"):
        return None  # a hunt's end is today's game's window (app.daily.panel)
    if screen.remote:
        if view["phase"] != "over":
            return None
        title = remote.over_title(t, view, screen)
    elif winner is None:
        return None
    elif screen.humans:
        title = t("battleship.over.winner", name=name(t, screen, winner))
    else:
        title = t("battleship.over.won" if winner == screen.me else "battleship.over.lost")
    players = (view["player"], 1 - view["player"])  # the player at the screen first
    shooting = {player: figures(view, player) for player in players}
    table = h(
        "table",
        {"class": "bs-over-figures", "data-figures": True},
        h("caption", {}, t("battleship.over.figures")),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("td", {}),
                [h("th", {"scope": "col", "data-player": p}, name(t, screen, p)) for p in players],
            ),
        ),
        h(
            "tbody",
            {},
            [
                h(
                    "tr",
                    {"data-figure": key},
                    h("th", {"scope": "row"}, t(f"battleship.over.{key}")),
                    [h("td", {}, figure_text(t, key, shooting[p][key])) for p in players],
                )
                for key in ROWS
            ],
        ),
    )
    turns = t("battleship.over.turns", count=t.number(len(turns_in_order(view))))
    actions = remote.over_actions(t, screen) if screen.remote else own_actions(t)
    return h(
        "dialog",
        {
            "class": "bs-dialog bs-over",
            "id": "bs-over",
            "aria-labelledby": "bs-over-title",
            "data-game-over": not screen.over_closed,  # (opened by the game view)
        },
        h("h2", {"id": "bs-over-title"}, title),
        remote.verdict(t, view, screen) if screen.remote else None,
        table,
        h("p", {"class": "bs-over-turns"}, turns),
        # See the grids closes the window where it is: focus goes back where it was.
        h("form", {"class": "actions", "method": "dialog"}, actions),
    )


def own_actions(t: Translate) -> list[Markup]:
    return [
        h(
            "button",
            {"type": "button", "class": "button", "data-action": "new", "autofocus": True},
            t("battleship.new_game"),
        ),
        h(
            "button",
            {"type": "submit", "class": "button subtle", "data-action": "close-over"},
            t("battleship.see_boards"),
        ),
    ]
