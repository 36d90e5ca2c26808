"""Battleship's words in a game with a friend on another device: what the page waits for
(the friend's fleet, shot, answer, the fleets shown and checked), the end (a win, a loss,
or who lied and how, from the check's problems: games.battleship.public_check) and the
game-over window's buttons. Pure, like app.battleship.texts, from this device's person's view
(BattleshipMatch.view, the ordinary view's shape with the public view's extra keys) and
the page's Screen, whose `peer` names the friend."""

from games.battleship.fleet import ship_name_key
from games.common.protocol import Json

from ..frame.frontend import Translate
from ..html import Markup, h
from .screen import Screen

# The check's kinds of problem (public_check.py), each told in words of its own.
PROBLEM_KINDS = (
    "commitment",
    "illegal_fleet",
    "false_miss",
    "false_hit",
    "wrong_ship",
    "false_sunk",
    "missing_sunk",
    "wrong_hits",
    "wrong_salvo",
)


def waiting_text(t: Translate, view: Json, screen: Screen) -> str:
    """The status line while this device waits for the friend's device."""
    peer, me = screen.peer, screen.me
    if screen.fleet_lost:
        return t("battleship.remote.fleet_lost")
    phase = view["phase"]
    if phase == "placement":
        return t("battleship.remote.wait_fleet", name=peer)
    if phase == "reveal":
        won = view["decided"] == me
        return t(
            "battleship.remote.wait_check_won" if won else "battleship.remote.wait_check_lost",
            name=peer,
        )
    pending = view["pending"]
    if pending is not None and pending["player"] == me:
        return t("battleship.remote.wait_answer", name=peer)
    return t("battleship.remote.wait_shot", name=peer)


def place_text(t: Translate, view: Json, screen: Screen) -> str:
    other = 1 - view["player"]
    if view["ready"][other]:
        return t("battleship.remote.place_they_ready", name=screen.peer)
    return t("battleship.status.place_you")


def liars(view: Json) -> list[int]:
    result = view.get("result")
    return list(result["cheaters"]) if result else []


def lied_heading(t: Translate, view: Json, screen: Screen, seat: int) -> str:
    if seat == screen.me:
        return t("battleship.remote.lied_you")
    return t("battleship.remote.lied", name=screen.peer)


def problem_text(t: Translate, view: Json, problem: Json) -> str:
    """One lie the check found, in the person's language (describe() is English, for
    reports): the square or the ship, and the turn (counting both sides' volleys)."""
    kind, detail, turn = problem["kind"], problem["detail"], problem["turn"]
    params: dict[str, str] = {}
    if kind in ("false_miss", "false_hit", "wrong_ship"):
        params["square"] = str(detail)
    elif kind in ("false_sunk", "missing_sunk"):
        params["ship"] = t(ship_name_key(view["edition"], str(detail)))
    text = t(f"battleship.remote.problem.{kind}", **params)
    if turn is None:
        return text
    return t("battleship.remote.problem_turn", turn=t.number(turn + 1), text=text)


def remote_status(t: Translate, view: Json, screen: Screen) -> str:
    """The status line of a game between devices, but for a turn to fire (as on one
    device): placing, waiting for the friend's device, stopped, or the end."""
    if screen.phase == "over":
        return over_text(t, view, screen)
    if screen.phase == "place":
        return place_text(t, view, screen)
    if screen.phase == "stopped":
        return t("battleship.remote.stopped")
    return waiting_text(t, view, screen)


def over_text(t: Translate, view: Json, screen: Screen) -> str:
    """The status line at the end: a win, a loss, or who lied and the first lie."""
    cheaters = liars(view)
    if cheaters:
        seat = screen.me if screen.me in cheaters else cheaters[0]
        first = next(p for p in view["result"]["problems"] if p["seat"] == seat)
        return lied_heading(t, view, screen, seat) + " " + problem_text(t, view, first)
    if view["winner"] == screen.me:
        return t("battleship.remote.status.won", name=screen.peer)
    return t("battleship.remote.status.lost", name=screen.peer)


def over_title(t: Translate, view: Json, screen: Screen) -> str:
    cheaters = liars(view)
    if cheaters:
        seat = screen.me if screen.me in cheaters else cheaters[0]
        return lied_heading(t, view, screen, seat)
    if view["winner"] == screen.me:
        return t("battleship.over.won")
    return t("battleship.over.winner", name=screen.peer)


def verdict(t: Translate, view: Json, screen: Screen) -> Markup | None:
    """Every lie the check found, seat by seat, for the game-over window."""
    cheaters = liars(view)
    if not cheaters:
        return None
    problems = view["result"]["problems"]
    return h(
        "div",
        {"class": "bs-verdict", "data-verdict": True},
        [
            [
                h("p", {}, lied_heading(t, view, screen, seat)) if len(cheaters) > 1 else None,
                h(
                    "ul",
                    {"class": "bs-lies"},
                    [
                        h("li", {"data-problem": p["kind"]}, problem_text(t, view, p))
                        for p in problems
                        if p["seat"] == seat
                    ],
                ),
            ]
            for seat in cheaters
        ],
        h("p", {"class": "hint"}, t("battleship.remote.not_counted")),
    )


def over_actions(t: Translate, screen: Screen) -> list[Markup | None]:
    """The host's Play again with the friend (the friend's window says the host starts
    it), while connected, and See the grids."""
    again = None
    if screen.hosting and screen.connected:
        again = h(
            "button",
            {"type": "button", "class": "button", "data-action": "remote-again"},
            t("remote.again", name=screen.peer),
        )
    elif screen.connected:
        again = h("p", {"class": "hint"}, t("remote.they_start", name=screen.peer))
    close = h(
        "button",
        {
            "type": "submit",
            "class": "button subtle",
            "data-action": "close-over",
            "autofocus": True,
        },
        t("battleship.see_boards"),
    )
    return [again, close]
