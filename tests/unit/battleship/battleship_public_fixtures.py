"""Games of Battleship between two devices (games.battleship.public): each seat's device
holds only its own fleet (private.PrivateFleet) and plays honestly, while the ordinary
engine, given the same fleets, plays the same volleys in step for the tests to compare."""

from typing import Any

from games.battleship import new_game as ordinary_game
from games.battleship.grid import neighbours, square_index, square_name
from games.battleship.private import PrivateFleet
from games.battleship.public import new_game
from games.battleship.public_notation import parse_move
from games.battleship.sealed import commitment
from games.common.rng import SeededRng


def seeded_bytes(rng: SeededRng):
    """A random_bytes for a fleet's salt, drawn from a seeded rng (tests replay exactly)."""
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


def hunting_volley(view: dict, rng: SeededRng) -> list[str]:
    """As many open squares as the view allows: next to a hit on a ship not known sunk
    first (so games are short), the rest at random."""
    called = set(view["called"])
    sunk_squares = {
        shot["square"]
        for record in view["shots"]
        for shot in record["shots"]
        if shot.get("ship") in {ship for r in view["shots"] for ship in r.get("sunk", [])}
    }
    hits = [
        shot["square"]
        for record in view["shots"]
        for shot in record["shots"]
        if shot.get("result") == "hit" and shot["square"] not in sunk_squares
    ]
    near = []
    for square in hits:
        for index in neighbours(square_index(square)):
            name = square_name(index)
            if name not in called and name not in near:
                near.append(name)
    rest = [name for name in (square_name(i) for i in range(100)) if name not in called]
    rng.shuffle(near)
    rng.shuffle(rest)
    chosen: list[str] = []
    for name in near + rest:
        if len(chosen) == view["shots_allowed"]:
            break
        if name not in chosen:
            chosen.append(name)
    return chosen


class SealedWords:
    """What a cheating device seals and shows instead of a fleet: any 15 words."""

    def __init__(self, seat: int, words: list[str], salt: bytes = bytes(range(32))):
        self.seat, self.words, self.salt = seat, list(words), salt.hex()

    def seal(self) -> dict:
        return {
            "type": "ready",
            "player": self.seat,
            "commitment": commitment(self.words, self.salt),
        }

    def reveal(self) -> dict:
        ships = [self.words[i : i + 3] for i in range(0, 15, 3)]
        return {"type": "reveal", "player": self.seat, "ships": ships, "salt": self.salt}


class MovedShips(PrivateFleet):
    """A cheating device: its Ready seals `sealed` (a PrivateFleet or SealedWords), but it
    answers and sizes its salvos as the fleet `ships`, as if it had moved its ships after
    Ready; at the end it shows `shown` (a reveal move), the sealed fleet by default."""

    def __init__(self, sealed, ships: dict, shown: dict | None = None):
        super().__init__(sealed.seat, sealed_options(sealed), ships)
        self.sealed_fleet, self.shown = sealed, shown

    @property
    def sealed(self) -> bool:
        return True

    def seal(self) -> dict:
        return self.sealed_fleet.seal()

    def is_sealed_in(self, public) -> bool:
        return public.commitments[self.seat] == self.seal()["commitment"]

    def reveal(self) -> dict:
        return self.shown if self.shown is not None else self.sealed_fleet.reveal()


def sealed_options(sealed) -> dict:
    return getattr(sealed, "options", {})


class HonestGame:
    """Both seats honest unless a test swaps a seat's fleet for a cheat (`cheat`); then
    the ordinary engine, which cannot follow a lie, is dropped. `first[seat]`: squares
    that seat calls before any other (in order, as its salvos allow)."""

    def __init__(self, options: dict, seed: int):
        rng = SeededRng(seed)
        self.options = options
        self.public = new_game(options, seed)
        self.fleets = [
            PrivateFleet(
                seat,
                options,
                rng=rng.fork(f"fleet:{seat}"),
                random_bytes=seeded_bytes(rng.fork(f"salt:{seat}")),
            )
            for seat in (0, 1)
        ]
        self.ordinary: Any = ordinary_game(options, seed)
        self.rng = rng.fork("shots")
        self.first: list[list[str]] = [[], []]
        for seat, fleet in enumerate(self.fleets):
            fleet.place({"type": "random_fleet", "player": seat})
            ships = {ship: list(placed) for ship, placed in fleet.to_json()["ships"].items()}
            self.ordinary.apply({"type": "fleet", "player": seat, "ships": ships})

    def cheat(self, seat: int, fleet: PrivateFleet) -> None:
        self.fleets[seat] = fleet
        self.ordinary = None

    def volley(self, seat: int) -> list[str]:
        view = self.fleets[seat].view_for(self.public)
        first = [name for name in self.first[seat] if name not in view["called"]]
        planned = first[: view["shots_allowed"]]
        rest = hunting_volley({**view, "called": view["called"] + planned}, self.rng)
        return planned + rest[: view["shots_allowed"] - len(planned)]

    def due_or_volley(self) -> dict:
        """The current seat's next honest move: what its device plays by itself, or a volley."""
        seat = self.public.current_player
        fleet = self.fleets[seat]
        if self.public.phase == "placement":
            return fleet.seal()
        due = fleet.due_move(self.public)
        if due is not None:
            return due
        return {"type": "fire", "squares": self.volley(seat)}

    def apply(self, move) -> list[dict]:
        """A move on the public engine, and its ready or volley on the ordinary one."""
        if isinstance(move, str):
            move = parse_move(move)
        events = self.public.apply(move)
        if self.ordinary is None:
            return events
        if move["type"] == "ready":
            self.ordinary.apply({"type": "ready", "player": move["player"]})
        elif move["type"] == "fire":
            self.ordinary.apply({"type": "fire", "squares": move["squares"]})
        return events

    def play(self, until=None) -> bool:
        """Honest moves until until(self) holds (True) or the game is over (False)."""
        while not self.public.is_over:
            if until is not None and until(self):
                return True
            self.apply(self.due_or_volley())
        return False


def every_square_after(first: list[str]) -> list[str]:
    """`first`, then every other square in grid order."""
    return first + [square_name(i) for i in range(100) if square_name(i) not in first]


class Duel:
    """A game played to a plan: each seat calls the squares of plans[seat] in order (as
    many at a time as its salvo has: sizes[seat](public) when given, else its device's
    count), and its device (a PrivateFleet, or a cheat) makes its own moves."""

    def __init__(self, options: dict, devices: list, plans: list[list[str]], sizes=None):
        self.public = new_game(options)
        self.devices = devices
        self.plans = [every_square_after(plan) for plan in plans]
        self.sizes = sizes or [None, None]
        self.moves: list[dict] = []

    def next_move(self) -> dict | None:
        seat = self.public.current_player
        device = self.devices[seat]
        if self.public.phase == "placement":
            return device.seal()
        if self.public.phase != "battle" or self.public.pending is not None:
            return device.due_move(self.public)
        size = self.sizes[seat] or device.shots_allowed
        called = set(self.public.open_squares(seat))
        squares = [name for name in self.plans[seat] if name in called][: size(self.public)]
        return {"type": "fire", "squares": squares}

    def play(self, until=None) -> bool:
        """Moves until until(self) holds (True), the game is over or a device has nothing
        to play (False)."""
        while not self.public.is_over:
            if until is not None and until(self):
                return True
            move = self.next_move()
            if move is None:
                return False
            self.public.apply(move)
            self.moves.append(move)
        return False
