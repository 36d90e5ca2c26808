"""Dominoes' UI state (what is on screen beside the position), the page around the game as
the drawing reads it (Screen), and what the page's phase is: whose hand is face up, a
hand's summary still open, the pass-and-play cover. Pure: no browser, no storage.

These functions read a seat's view (`State.view_for(seat)`, or
`games.dominoes.view.public_view` when no hand is face up) and never a State."""

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from games.dominoes.tiles import SET

from ..html import Markup

GAME = "dominoes"
LEVELS = ("random", "greedy", "heuristic", "strong")
KINDS = ("human",) + LEVELS
REMOTE_KIND = "remote"  # the friend on another device (ui.peer), in a game between devices
DEFAULT_PLAYERS = ("human", "strong")

Tile = tuple[int, int]


@dataclass(frozen=True)
class DominoesUi:
    """What is on screen beside the position. `players` (a kind per seat), `peer`,
    `peer_names` and `frozen` say who sits where and whether a game with other devices is in
    play (on the frame, from its Table: app.dominoes.seats.seated). `pop` and `focus` last one
    drawing."""

    players: tuple[str, ...] = DEFAULT_PLAYERS
    peer: str | None = None  # the friend's name, in a game with a friend on another device
    peer_names: Mapping[int, str] = field(default_factory=dict)  # at a table: seat -> name
    frozen: bool = False  # a game with other devices that is not in play (stopped, ended)
    ack: int = 0  # hand summaries the players have closed
    finished: int = 0  # hands finished in the position on screen (a summary open: more than ack)
    revealed: int | None = None  # pass-and-play: the human seat whose hand is uncovered
    selected: Tile | None = None  # the tile picked from the hand, waiting for an end
    drawn: Tile | None = None  # the tile just drawn by the seat in view
    pop: tuple[int, int] | None = None  # (points, seat) to float over the table once
    message: str = ""
    message_is_error: bool = False
    log: tuple[str, ...] = ()  # the last few things that happened
    setup: Mapping[str, Any] | None = None  # the new-game dialog's choices while it is open
    focus: str | None = None  # the control to focus once drawn


@dataclass(frozen=True)
class Screen(DominoesUi):
    """The UI state with what the page knows beside it, as the drawing reads it."""

    seed: int = 0
    capacity: int = 4  # lying tiles that fit in a row of the W or E arm
    can_undo: bool = False  # the midend's answers, for the Undo and Redo buttons
    can_redo: bool = False
    address: str = ""  # this game's address (its number in it once that gives nothing away)
    seed_shown: bool = False  # the game's number gives nothing away (over, or known)
    counted: bool = True  # the game counts in the statistics
    bar: Markup | None = None  # a game with other devices: the connection, what can be done
    hosting: bool = False  # this device invited the friend (it starts the next game)


def screen(ui: DominoesUi, **page: Any) -> Screen:
    """The Screen of `ui` with the page's facts (Screen's own fields)."""
    return Screen(**{f.name: getattr(ui, f.name) for f in fields(DominoesUi)}, **page)


# --- who is who ----------------------------------------------------------------------------


def humans(ui: DominoesUi) -> list[int]:
    return [s for s, kind in enumerate(ui.players) if kind == "human"]


def is_computer(ui: DominoesUi, seat: int | None) -> bool:
    return seat is not None and ui.players[seat] in LEVELS


def is_you(ui: DominoesUi, seat: int) -> bool:
    """The seat of the one person at a table of computers ("you")."""
    return ui.players[seat] == "human" and len(humans(ui)) == 1


def viewer(ui: DominoesUi, current: int | None) -> int | None:
    """The seat whose hand is drawn face up (given the seat to move), or None."""
    people = humans(ui)
    if not people:
        return None
    if len(people) == 1:
        return people[0]
    if current in people:
        return current if ui.revealed == current else None
    return ui.revealed if ui.revealed in people else None


# --- the phase of the page -----------------------------------------------------------------


def summary_pending(view: Mapping[str, Any], ui: DominoesUi) -> bool:
    return len(view["hand_summaries"]) > ui.ack and not view["is_over"]


def covered(view: Mapping[str, Any], ui: DominoesUi) -> bool:
    """Pass-and-play: a human's turn whose hand is still behind the cover."""
    current, people = view["current_player"], humans(ui)
    return (
        len(people) > 1
        and current in people
        and ui.revealed != current
        and not summary_pending(view, ui)
    )


def phase(view: Mapping[str, Any], ui: DominoesUi) -> str:
    if view["is_over"]:
        return "over"
    if summary_pending(view, ui):
        return "summary"
    if covered(view, ui):
        return "cover"
    if ui.frozen:
        return "stopped"
    if view.get("phase") in ("reveal", "check"):
        return "checking"  # between devices: the hands shown and checked, by themselves
    if view.get("dealing"):
        return "dealing"  # between devices: this seat's tiles are still coming
    current = view["current_player"]
    if ui.players[current] == REMOTE_KIND:
        return "remote"
    return "computer" if is_computer(ui, current) else "human"


def in_progress(view: Mapping[str, Any], ui: DominoesUi) -> bool:
    """A game a person here has made a move in and that is not over: another game
    started now would throw it away (so the page asks first)."""
    if view["is_over"]:
        return False
    people = humans(ui)
    return view["hand_number"] > 0 or any(e["seat"] in people for e in view["history"])


def as_it_ended(view: dict[str, Any], ui: DominoesUi) -> dict[str, Any]:
    """The view with the hands and the boneyard of the hand whose summary is read,
    as that hand ended: the next deal stays hidden until the players go on."""
    if not summary_pending(view, ui):
        return view
    summary = view["hand_summaries"][ui.ack]
    hands = summary["hands"]
    layout = summary.get("layout") or {"root": None, "arms": {}}
    on_table = 0 if layout["root"] is None else 1 + sum(map(len, layout["arms"].values()))
    seat = view["seat"]
    return {
        **view,
        "hand": hands[seat] if seat is not None else [],
        "hand_sizes": [len(hand) for hand in hands],
        "boneyard": max(0, len(SET) - sum(map(len, hands)) - on_table),
    }


def moves_shown(view: Mapping[str, Any], ui: DominoesUi) -> list[Any]:
    """The moves the hand in view may make now: none while anything is in the way."""
    moves: list[Any] = view["legal_moves"] if phase(view, ui) == "human" else []
    return moves


def settled_ack(view: Mapping[str, Any], ack: int) -> int:
    """The finished hands the players have closed, once the position was replaced
    (undo, redo): never more than there are; every one of them when the hand in
    progress has moves, since nobody plays while a hand's summary is open."""
    finished = len(view["hand_summaries"])
    return finished if view["history"] else max(0, min(ack, finished))


def hand_order(view: Mapping[str, Any]) -> list[Tile]:
    """The seat's own tiles as the page lays them out (and keys 1-9 count them)."""
    tiles = [(int(t[0]), int(t[1])) for t in view["hand"]]
    return sorted(tiles, key=lambda x: (-x[0], -x[1]))
