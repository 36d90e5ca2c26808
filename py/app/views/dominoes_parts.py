"""What every piece of the Dominoes page shares, with no browser: the state of
the page around the game (Ui), tiles as markup, who is who, the phase of the
page, and the sentences that say what happened.

These functions read a seat's view (`State.view_for(seat)`, or
`games.dominoes.view.public_view` when no hand is face up) and never a State;
the rules they need come from games.dominoes.choices. Who sits in each seat is
the midend's (app.midend): the page's names for the computer players map onto
its levels.
"""

from dataclasses import dataclass, field

from games.common.checks import is_int
from games.common.protocol import MAX_SEED
from games.dominoes.game import GAME as DOMINOES
from games.dominoes.table import Table
from games.dominoes.tiles import SET

from .. import router
from ..html import Markup, h
from ..midend import COMPUTER, HUMAN, computer

GAME = "dominoes"
LEVELS = ("random", "greedy", "heuristic", "strong")
KINDS = ("human",) + LEVELS
REMOTE_KIND = "remote"  # the friend on another device (ui.peer), in a game between devices
DEFAULT_PLAYERS = ("human", "strong")
# The computer players as the page, its remembered choices and its saves name them
# -> the level of games.dominoes.game.GAME.computer that plays them.
LEVEL_OF = {"random": "easy", "greedy": "medium", "heuristic": "hard", "strong": "expert"}
KIND_OF = {computer(level): kind for kind, level in LEVEL_OF.items()} | {HUMAN: "human"}

# Pip positions in a 3 x 3 half (0 top-left .. 8 bottom-right).
PIPS = {0: (), 1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8)}
SIX = {"v": (0, 3, 6, 2, 5, 8), "h": (0, 1, 2, 6, 7, 8)}


@dataclass
class Ui:
    """The page around the game: who sits where, what is picked, shown and said."""

    players: list = field(default_factory=lambda: list(DEFAULT_PLAYERS))  # a kind per seat
    seed: int = 0
    ack: int = 0  # hand summaries the players have closed
    revealed: int | None = None  # pass-and-play: the human seat whose hand is uncovered
    selected: tuple | None = None  # the tile picked from the hand, waiting for an end
    drawn: tuple | None = None  # the tile just drawn by the seat in view
    pop: tuple | None = None  # (points, seat) to float over the table once
    message: str = ""
    message_is_error: bool = False
    log: list = field(default_factory=list)  # the last few things that happened
    setup: dict | None = None  # the new-game dialog's choices while it is open
    capacity: int = 4  # lying tiles that fit in a row of the W or E arm
    can_undo: bool = False  # the midend's answers, for the Undo and Redo buttons
    can_redo: bool = False
    address: str = ""  # this game's address (its number in it once that gives nothing away)
    seed_shown: bool = False  # the game's number gives nothing away (over, or known)
    counted: bool = True  # the game counts in the statistics
    peer: str | None = None  # the friend's name, in a game with a friend on another device
    peer_names: dict = field(default_factory=dict)  # at a table of devices: seat -> name
    bar: Markup | None = None  # that game's line: the connection and what can be done
    frozen: bool = False  # that game is not in play (stopped, ended)
    hosting: bool = False  # this device invited the friend (it starts the next game)

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error


# --- tiles ---------------------------------------------------------------------------


def pip_positions(n: int, orient: str) -> tuple:
    if n == 6:
        return SIX[orient]
    if n in (2, 3) and orient == "h":
        return tuple({0: 2, 8: 6, 4: 4}[p] for p in PIPS[n])
    return PIPS[n]


def tile_name(t) -> str:
    return f"{t[0]}-{t[1]}"


def parse_tile(text) -> tuple | None:
    parts = (text or "").split("-")
    if len(parts) == 2 and all(p.isdigit() and len(p) == 1 for p in parts):
        a, b = int(parts[0]), int(parts[1])
        if a <= 6 and b <= 6:
            return (a, b) if a >= b else (b, a)
    return None


def parse_players(text) -> list | None:
    if not isinstance(text, str):
        return None
    players = text.split(",")
    return players if 2 <= len(players) <= 4 and all(p in KINDS for p in players) else None


def wanted_game(params: dict, players: list, partners: bool) -> tuple | None:
    """The game an address asks for by its number, as a finished game's address
    reads ("#/dominoes?seats=2&partnerships=0&target=250&seed=N&players=human,strong"):
    (seed, players, options), or None when it names no seed or a table that cannot
    be. What it leaves out comes from the `players` and `partners` chosen."""
    seed = router.int_param(params, "seed", 0, MAX_SEED)
    if seed is None:
        return None
    players = parse_players(params.get("players")) or players
    chosen = {"seats": len(players), "partnerships": partners and len(players) == 4}
    try:
        asked = DOMINOES.options_from_params(params)
        options = {**chosen, **{key: asked[key] for key in asked if key in params}}
        options["seats"] = len(players)  # a seat for each player
        return seed, players, Table.from_options(options).to_json()
    except ValueError:
        return None


def seats_for(players: list) -> list[str]:
    """The midend's seats for the page's players (a kind per seat)."""
    return [HUMAN if kind == "human" else computer(LEVEL_OF[kind]) for kind in players]


def proposed_seats(players: list) -> list[str]:
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


def table_seats(players: list, partners: bool, guests: list[str]) -> tuple[dict, list[str]]:
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


def players_of(seats: list) -> list | None:
    """The page's players for the midend's seats (None: seats the page never makes)."""
    players = [KIND_OF.get(seat) for seat in seats]
    return players if None not in players and parse_players(",".join(players)) else None


def frame_before_the_midend(state, meta: dict) -> dict:
    """The game ID and seats of a save made before the midend, from its meta
    ({"players", "seed", ...}); ValueError when its players are not the table's."""
    players = meta.get("players")
    if not (isinstance(players, list) and all(isinstance(kind, str) for kind in players)):
        raise ValueError("a saved Dominoes game needs its players")
    players = parse_players(",".join(players))
    options = state.view_for(0)["options"]
    if players is None or len(players) != options["seats"]:
        raise ValueError("a saved Dominoes game needs a player per seat")
    seed = meta.get("seed")
    return {"options": options, "seed": seed if is_int(seed) else 0, "seats": seats_for(players)}


def settled_ack(view: dict, ack: int) -> int:
    """The finished hands the players have closed, once the position was replaced
    (undo, redo): never more than there are; every one of them when the hand in
    progress has moves, since nobody plays while a hand's summary is open."""
    finished = len(view["hand_summaries"])
    return finished if view["history"] else max(0, min(ack, finished))


def domino(
    a: int, b: int, orient: str, extra: str = "", props: dict | None = None, tag: str = "span"
) -> Markup:
    """A tile drawn with pips: halves a then b, left-right ("h") or top-bottom ("v")."""
    halves = [
        h(
            "span",
            {"class": "half"},
            [h("span", {"class": f"pip p{p}"}) for p in pip_positions(n, orient)],
        )
        for n in (a, b)
    ]
    return h(tag, {"class": f"dom {orient} {extra}".strip(), **(props or {})}, halves)


def hand_order(view: dict) -> list:
    """The seat's own tiles as the page lays them out (and keys 1-9 count them)."""
    return sorted((tuple(t) for t in view["hand"]), key=lambda x: (-x[0], -x[1]))


def cue_for(events: list, ui: Ui) -> str | None:
    """A move as heard (app.sound): the end of the game (won if the one person's team
    won; between people, someone did), else points scored or a hand's end, else a
    tile laid, else a tile drawn."""
    kinds = {event["type"]: event for event in events}
    if "game_over" in kinds:
        people = humans(ui)
        won = len(people) != 1 or people[0] in kinds["game_over"]["winners"]
        return "win" if won else "lose"
    if "score" in kinds or "hand_end" in kinds:
        return "line"
    if "play" in kinds:
        return "move"
    return "select" if "draw" in kinds else None


# --- who is who ----------------------------------------------------------------------


def humans(ui: Ui) -> list:
    return [s for s, kind in enumerate(ui.players) if kind == "human"]


def is_computer(ui: Ui, seat) -> bool:
    return seat is not None and ui.players[seat] in LEVELS


def is_you(ui: Ui, seat) -> bool:
    """The seat of the one person at a table of computers ("you")."""
    return ui.players[seat] == "human" and len(humans(ui)) == 1


def name(ui: Ui, seat: int, t) -> str:
    if ui.players[seat] == REMOTE_KIND:
        return ui.peer_names.get(seat) or ui.peer or "?"
    if ui.players[seat] == "human":
        return t("dominoes.you") if len(humans(ui)) == 1 else t("dominoes.player", number=seat + 1)
    computers = [s for s, kind in enumerate(ui.players) if kind in LEVELS]
    return (
        t("dominoes.computer") if len(computers) == 1 else t("dominoes.computer_n", number=seat + 1)
    )


def team_name(view: dict, ui: Ui, team: int, t) -> str:
    return " & ".join(name(ui, s, t) for s in view["teams"][team])


def about(t, key: str, view: dict, ui: Ui, seats, **params) -> str:
    """A sentence about some seats, in their own words: `key`.you (the one person
    at a table of computers), .we (that person and a partner: {partner}), .named
    (one seat: {name}) or .pair (two partners: {name}), so that neither English
    nor Welsh has "You passes" or "Mae Chi yn pasio"."""
    seats = list(seats)
    you = [seat for seat in seats if is_you(ui, seat)]
    if you and len(seats) == 1:
        return t(f"{key}.you", **params)
    if you:
        partner = next(seat for seat in seats if seat not in you)
        return t(f"{key}.we", partner=name(ui, partner, t), **params)
    form = "named" if len(seats) == 1 else "pair"
    return t(f"{key}.{form}", name=" & ".join(name(ui, s, t) for s in seats), **params)


def viewer(ui: Ui, current) -> int | None:
    """The seat whose hand is drawn face up (given the seat to move), or None."""
    people = humans(ui)
    if not people:
        return None
    if len(people) == 1:
        return people[0]
    if current in people:
        return current if ui.revealed == current else None
    return ui.revealed if ui.revealed in people else None


# --- the phase of the page -----------------------------------------------------------


def summary_pending(view: dict, ui: Ui) -> bool:
    return len(view["hand_summaries"]) > ui.ack and not view["is_over"]


def covered(view: dict, ui: Ui) -> bool:
    """Pass-and-play: a human's turn whose hand is still behind the cover."""
    current, people = view["current_player"], humans(ui)
    return (
        len(people) > 1
        and current in people
        and ui.revealed != current
        and not summary_pending(view, ui)
    )


def phase(view: dict, ui: Ui) -> str:
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


def in_progress(view: dict, ui: Ui) -> bool:
    """A game a person here has made a move in and that is not over: another game
    started now would throw it away (so the page asks first)."""
    if view["is_over"]:
        return False
    people = humans(ui)
    return view["hand_number"] > 0 or any(e["seat"] in people for e in view["history"])


def as_it_ended(view: dict, ui: Ui) -> dict:
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


def moves_shown(view: dict, ui: Ui) -> list:
    """The moves the hand in view may make now: none while anything is in the way."""
    return view["legal_moves"] if phase(view, ui) == "human" else []


# --- what happened, in words ------------------------------------------------------------


def play_text(event: dict, ui: Ui, t) -> str:
    tile, end = tile_name(event["tile"]), event["end"]
    if end is None:
        key, where = "lead", ""
    elif event["onto_spinner"] and not event["spinner"]:
        key, where = "on", t("dominoes.where_spinner")
    else:
        key, where = "on", t(f"dominoes.where.{end}")
    if event["spinner"]:
        key = "spinner_lead" if end is None else "spinner_new"
    you = "you_" if is_you(ui, event["seat"]) else ""
    return t(
        f"dominoes.announce.{you}{key}", name=name(ui, event["seat"], t), tile=tile, where=where
    )


def narrate(events: list, view: dict, ui: Ui, t) -> list:
    """The sentences announcing a move's events. `view` is the seat in view's
    after the move; a drawn tile is named only to the person who drew it."""
    said: list = []
    for event in events:
        kind = event["type"]
        if kind == "play":
            said.append(play_text(event, ui, t))
        elif kind == "score":
            if said:  # "Ana plays 5-3 on the spinner: 15 points."
                said[-1] = t(
                    "dominoes.announce.with_points",
                    play=said[-1].rstrip(".!"),
                    points=event["points"],
                )
            else:
                said.append(t("dominoes.announce.points", points=event["points"]))
        elif kind == "draw":
            seat = event["seat"]
            if seat == view["seat"] and not is_computer(ui, seat):
                if "tile" in event:  # (between devices it comes later, from the deck)
                    drawn = tile_name(sorted(event["tile"], reverse=True))
                    said.append(t("dominoes.announce.you_draw", tile=drawn))
            else:
                said.append(t("dominoes.announce.draws", name=name(ui, seat, t)))
        elif kind == "pass":
            said.append(about(t, "dominoes.announce.pass", view, ui, [event["seat"]]))
        elif kind == "hand_end":
            if event["reason"] == "domino":
                said.append(about(t, "dominoes.announce.domino", view, ui, [event["seat"]]))
            else:
                said.append(t("dominoes.announce.blocked"))
            if event["winner_team"] is not None:
                winners = view["teams"][event["winner_team"]]
                said.append(
                    about(t, "dominoes.sum_points", view, ui, winners, points=event["points"])
                )
        elif kind == "game_over":
            winners = view["teams"][event["winner_team"]]
            said.append(about(t, "dominoes.announce.over", view, ui, winners))
    return [s for s in said if s]
