"""Games of Battleship between two devices (games.battleship.public): each seat's device
holds only its own fleet (private.PrivateFleet) and plays honestly, while the ordinary
engine, given the same fleets, plays the same volleys in step for the tests to compare."""

from games.battleship import new_game as ordinary_game
from games.battleship.grid import neighbours, square_index, square_name
from games.battleship.private import PrivateFleet
from games.battleship.public import new_game
from games.battleship.public_notation import parse_move
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


class HonestGame:
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
        self.ordinary = ordinary_game(options, seed)
        self.rng = rng.fork("shots")
        for seat, fleet in enumerate(self.fleets):
            fleet.place({"type": "random_fleet", "player": seat})
            ships = {ship: list(placed) for ship, placed in fleet.to_json()["ships"].items()}
            self.ordinary.apply({"type": "fleet", "player": seat, "ships": ships})

    def due_or_volley(self) -> dict:
        """The current seat's next honest move: what its device plays by itself, or a volley."""
        seat = self.public.current_player
        fleet = self.fleets[seat]
        if self.public.phase == "placement":
            return fleet.seal()
        due = fleet.due_move(self.public)
        if due is not None:
            return due
        return {"type": "fire", "squares": hunting_volley(fleet.view_for(self.public), self.rng)}

    def apply(self, move) -> list[dict]:
        """A move on the public engine, and its ready or volley on the ordinary one."""
        if isinstance(move, str):
            move = parse_move(move)
        events = self.public.apply(move)
        if move["type"] == "ready":
            self.ordinary.apply({"type": "ready", "player": move["player"]})
        elif move["type"] == "fire" and self.ordinary is not None:
            self.ordinary.apply({"type": "fire", "squares": move["squares"]})
        return events

    def play(self, until=None) -> bool:
        """Honest moves until until(self) holds (True) or the game is over (False)."""
        while not self.public.is_over:
            if until is not None and until(self):
                return True
            self.apply(self.due_or_volley())
        return False
