"""Who sits at a Dominoes table, as the page, its address, its remembered choices and its
saves name them: a kind per seat ("human" or a computer's level by the page's name), and
the midend's seats (app.seat_kinds) for them, or the game view's Table; whose hand is in
view; the game an address asks for; the tables proposed to friends on other devices. Pure."""

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.common.checks import is_int
from games.common.protocol import MAX_SEED
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.table import Table as Seating
from games.dominoes.view import public_view

from .. import router
from ..frame.frontend import COMPUTER as COMPUTER_SEAT
from ..frame.frontend import LOCAL, REMOTE, Table
from ..seat_kinds import COMPUTER, HUMAN, computer
from .dealt_position import DealtPosition
from .ui import KINDS, REMOTE_KIND, DominoesUi, viewer

# The computer players as the page, its remembered choices and its saves name them
# -> the level of games.dominoes.game.GAME.computer that plays them.
LEVEL_OF = {"random": "easy", "greedy": "medium", "heuristic": "hard", "strong": "expert"}
KIND_OF = {computer(level): kind for kind, level in LEVEL_OF.items()} | {HUMAN: "human"}


def parse_players(text: object) -> list[str] | None:
    if not isinstance(text, str):
        return None
    players = text.split(",")
    return players if 2 <= len(players) <= 4 and all(p in KINDS for p in players) else None


def wanted_game(
    params: Mapping[str, str], players: list[str], partners: bool
) -> tuple[int, list[str], dict[str, Any]] | None:
    """The game an address asks for by its number, as a finished game's address
    reads ("#/dominoes?seats=2&partnerships=0&target=250&seed=N&players=human,strong"):
    (seed, players, options), or None when it names no seed or a table that cannot
    be. What it leaves out comes from the `players` and `partners` chosen."""
    seed = router.int_param(dict(params), "seed", 0, MAX_SEED)
    if seed is None:
        return None
    players = parse_players(params.get("players")) or players
    chosen = {"seats": len(players), "partnerships": partners and len(players) == 4}
    try:
        asked = DOMINOES.options_from_params(dict(params))
        options = {**chosen, **{key: asked[key] for key in asked if key in params}}
        options["seats"] = len(players)  # a seat for each player
        return seed, players, Seating.from_options(options).to_json()
    except ValueError:
        return None


def players_at(table: Table) -> tuple[str, ...]:
    """The page's players (a kind per seat) for the game view's Table."""
    kinds = {level: kind for kind, level in LEVEL_OF.items()}
    return tuple(
        "human"
        if seat.kind == LOCAL
        else kinds.get(seat.level, "strong")
        if seat.kind == COMPUTER_SEAT
        else REMOTE_KIND
        for seat in table.seats
    )


def seated(ui: DominoesUi, table: Table) -> DominoesUi:
    """The UI state with who sits where, as the game view's Table says: the people on
    other devices by name, and whether the game with them is in play."""
    names = {seat: each.name for seat, each in enumerate(table.seats) if each.kind == REMOTE}
    peer = ", ".join(dict.fromkeys(names.values())) if names else None
    return replace(
        ui, players=players_at(table), peer=peer, peer_names=names, frozen=not table.in_play
    )


def everyone(state: Any) -> dict[str, Any]:
    """What every seat may see (between devices: what every device knows)."""
    return state.public_view() if isinstance(state, DealtPosition) else public_view(state)


def seen(state: Any, ui: DominoesUi) -> dict[str, Any]:
    """What the seat whose hand is face up may see; the public view when none is."""
    seat = viewer(ui, state.current_player)
    return everyone(state) if seat is None else state.view_for(seat)


def levels(players: list[str] | tuple[str, ...]) -> list[str | None]:
    """The computers' levels for the page's players, as the frame chooses seats (None: a
    person here)."""
    return [None if kind == "human" else LEVEL_OF[kind] for kind in players]


def seats_for(players: list[str] | tuple[str, ...]) -> list[str]:
    """The midend's seats for the page's players (a kind per seat)."""
    return [HUMAN if kind == "human" else computer(LEVEL_OF[kind]) for kind in players]


def proposed_seats(players: list[str]) -> list[str]:
    """The host's table ("human" or a computer kind per seat) as the match's seats: the
    first person is the host, the next person (else the seat after the host's) the guest;
    any other seat a computer the host's device runs (a person beyond two: the strong one)."""
    people = [seat for seat, kind in enumerate(players) if kind == "human"]
    host = people[0] if people else 0
    guest = people[1] if len(people) > 1 else (host + 1) % len(players)
    seats = []
    for seat, kind in enumerate(players):
        if seat in (host, guest):
            seats.append("host" if seat == host else "guest")
        else:
            seats.append(COMPUTER + LEVEL_OF.get(kind, LEVEL_OF["strong"]))
    return seats


def table_seats(
    players: list[str], partners: bool, guests: list[str]
) -> tuple[dict[str, Any], list[str]]:
    """The host's New game table for friends on 2 or 3 other devices: (options, seats).
    The host sits in the first person's seat, the friends (in the order they joined) in
    the other people's seats, then in the computers'; a table too small for everyone
    grows (four seats at most). Any seat left is a computer the host's device runs (a
    person no friend sits for: the strong one). Partners only when the host's table had
    four seats with partners already."""
    kinds = list(players) + ["strong"] * (1 + len(guests) - len(players))
    people = [seat for seat, kind in enumerate(kinds) if kind == "human"] or [0]
    host = people[0]
    after_host = [(host + step) % len(kinds) for step in range(1, len(kinds))]
    order = [seat for seat in after_host if seat in people]
    order += [seat for seat in after_host if seat not in people]
    sitting = dict(zip(order, guests, strict=False))
    seats = []
    for seat, kind in enumerate(kinds):
        if seat == host:
            seats.append("host")
        elif seat in sitting:
            seats.append(sitting[seat])
        else:
            seats.append(COMPUTER + LEVEL_OF.get(kind, LEVEL_OF["strong"]))
    return {"seats": len(kinds), "partnerships": partners and len(players) == 4}, seats


def players_of(seats: list[str]) -> list[str] | None:
    """The page's players for the midend's seats (None: seats the page never makes)."""
    players = [KIND_OF.get(seat) for seat in seats]
    if None in players:
        return None
    kinds = [kind for kind in players if kind is not None]
    return kinds if parse_players(",".join(kinds)) else None


def frame_before_the_midend(state: Any, meta: dict[str, Any]) -> dict[str, Any]:
    """The game ID and seats of a save made before the midend, from its meta
    ({"players", "seed", ...}); ValueError when its players are not the table's."""
    players = meta.get("players")
    if not (isinstance(players, list) and all(isinstance(kind, str) for kind in players)):
        raise ValueError("a saved Dominoes game needs its players")
    kinds = parse_players(",".join(players))
    options = state.view_for(0)["options"]
    if kinds is None or len(kinds) != options["seats"]:
        raise ValueError("a saved Dominoes game needs a player per seat")
    seed = meta.get("seed")
    return {"options": options, "seed": seed if is_int(seed) else 0, "seats": seats_for(kinds)}
