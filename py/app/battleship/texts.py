"""Battleship's words: names, the answers to shots, the log's lines, the status
line and refusals, from what the player at the screen may see (a view from
State.view_for) and the page's Screen (app.battleship.screen). Pure, like the drawing:
the page shows these and the view announces them.
"""

from typing import Any

from games.battleship.fleet import LENGTH, ship_name_key
from games.common.errors import IllegalMove
from games.common.protocol import Json

from ..frame.frontend import Translate
from .hunt import status as hunt_status
from .remote_texts import remote_status
from .screen import Screen


def name(t: Translate, screen: Screen, player: int | None) -> str:
    """A player as the screen names them: Red or Blue between two people, else You
    or Computer, or the friend's name in a game between devices (a label, as in the
    log's "You: E5 — miss.")."""
    if screen.peer is not None:
        return t("battleship.you") if player == screen.me else screen.peer
    if screen.humans:
        return t(f"battleship.player.{player}")
    return t("battleship.you") if player == screen.me else t("battleship.computer")


def said_of(t: Translate, screen: Screen, player: int, key: str, **params: Any) -> str:
    """The message `key` said of `player`, in words of its own for each person: the
    catalogue's `key`.you (the person at this screen, against the computer),
    `key`.computer, or `key`.named with the player's colour (or the friend's name,
    in a game between devices) as {name}."""
    if screen.peer is not None and player != screen.me:
        return t(f"{key}.named", name=screen.peer, **params)
    if screen.humans:
        return t(f"{key}.named", name=t(f"battleship.player.{player}"), **params)
    return t(f"{key}.you" if player == screen.me else f"{key}.computer", **params)


def ship_name(t: Translate, edition: str, ship_id: str) -> str:
    return t(ship_name_key(edition, ship_id))


def refusal_text(t: Translate, edition: str, refusal: IllegalMove) -> str:
    """Why a move was refused, with ships by their names in the game's edition."""
    params = {
        k: (ship_name(t, edition, v) if k in ("ship", "other") and v in LENGTH else v)
        for k, v in refusal.params.items()
    }
    return t(refusal.key, **params)


def shot_text(t: Translate, view: Json, shot: Json) -> str:
    if shot["result"] == "miss":
        return t("battleship.shot.miss", square=shot["square"])
    if shot.get("ship") and view["announce_ship"]:
        return t(
            "battleship.shot.hit_ship",
            square=shot["square"],
            ship=ship_name(t, view["edition"], shot["ship"]),
        )
    return t("battleship.shot.hit", square=shot["square"])


def record_text(t: Translate, view: Json, screen: Screen, record: Json) -> str:
    """One turn as the view's player is told it."""
    viewer, shooter = view["player"], record["player"]
    who = name(t, screen, shooter)
    if view["mode"] == "advanced_salvo" and shooter == viewer:
        return t(
            "battleship.log.count",
            name=who,
            squares=", ".join(s["square"] for s in record["shots"]),
            hits=record["hits"],
            count=len(record["shots"]),
        )
    shots = "; ".join(shot_text(t, view, s) for s in record["shots"])
    parts = [t("battleship.log.shots", name=who, shots=shots)]
    for ship_id in record.get("sunk", []):
        ship = ship_name(t, view["edition"], ship_id)
        if shooter == viewer and screen.peer is not None:
            parts.append(t("battleship.remote.sunk", ship=ship, name=screen.peer))
        elif shooter == viewer:
            parts.append(t("battleship.sunk", ship=ship))
        else:
            parts.append(said_of(t, screen, shooter, "battleship.log.lost", ship=ship))
    return " ".join(parts)


def status_text(t: Translate, view: Json | None, screen: Screen) -> str:
    """The status line; `view` may be None only under the pass-and-play cover."""
    phase, active = screen.phase, screen.active
    if phase == "cover":
        return t("battleship.cover_text", name=name(t, screen, active))
    assert view is not None
    if view.get("hunt"):
        return hunt_status(t, view, screen)
    if screen.peer is not None and phase in ("over", "friend", "place", "stopped"):
        return remote_status(t, view, screen)
    if phase == "over":
        winner = view["winner"]
        if screen.humans:
            return t("battleship.status.over", name=name(t, screen, winner))
        return t("battleship.status.won" if winner == screen.me else "battleship.status.lost")
    if phase == "computer":
        return t("battleship.status.computer")
    if phase == "pass":
        return t("battleship.status.pass", name=name(t, screen, active))
    if phase == "place":
        if screen.humans:
            return t("battleship.status.place", name=name(t, screen, active))
        return t("battleship.status.place_you")
    if view["mode"] == "classic":
        if screen.humans:
            return t("battleship.status.fire", name=name(t, screen, active))
        return t("battleship.status.fire_you")
    count, chosen = view["shots_allowed"], len(view["aimed"])
    if screen.humans:
        return t(
            "battleship.status.salvo",
            name=name(t, screen, active),
            count=count,
            chosen=chosen,
        )
    return t("battleship.status.salvo_you", count=count, chosen=chosen)


def shot_cue(record: Json) -> str:
    """A turn's shots as heard (app.sound): a ship sunk, else a hit, else a splash
    (Advanced Salvo tells the shooter only how many hit)."""
    if record.get("sunk"):
        return "sink"
    if record.get("hits") or any(shot.get("result") == "hit" for shot in record["shots"]):
        return "hit"
    return "miss"


def accuracy(hits: int, shots: int) -> int:
    """Hits as a whole percentage of shots."""
    return round(100 * hits / max(1, shots))
