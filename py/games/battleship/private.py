"""What one seat's device keeps in a game between two devices (public.py): its own fleet,
the salt that seals it, the honest answer to every volley at it, and its view.

    fleet = PrivateFleet(seat, options)       # rng: random fleets; random_bytes: the salt
    fleet.place(move)                         # the ordinary placement moves (state.py):
                                              # place, remove, clear, spread_fleet, fleet
    fleet.seal()                              # the "ready" move: locks it, draws the salt
    fleet.due_move(public)                    # what its device plays by itself now: the
                                              # ready, an answer, the reveal (or None)
    fleet.answer(public)  fleet.reveal()      # those moves one by one
    fleet.shots_allowed(public)               # its salvo's size (its ships afloat: 7.1)
    fleet.view_for(public, aimed)             # the ordinary view's shape, fleet and all

A random fleet is drawn from the device's own randomness, never from the game's seed,
which both devices know. Rules: docs/rules/battleship.md, section 12.
"""

import random
import secrets
from collections.abc import Callable, Iterable, Mapping

from games.common.commitment import SALT_BYTES, is_hex64
from games.common.errors import IllegalMove
from games.common.protocol import Json
from games.common.rng import Rng

from .fleet import SHIP_IDS, random_fleet, spread_fleet
from .grid import SQUARES, square_name
from .options import normalise_options
from .public import BATTLE, PLACEMENT, REVEAL, PublicState
from .resolve import fleet_view, indices, records, ship_masks, sunk_by
from .sealed import commitment, fleet_words
from .state import MOVE_KEYS, State, new_game, public_record

PLACEMENT_MOVES = ("place", "remove", "clear", "spread_fleet", "random_fleet", "fleet")


class PrivateFleet:
    def __init__(
        self,
        seat: int,
        options: Json | None = None,
        ships: Json | None = None,
        salt: str | None = None,
        rng: Rng | None = None,
        random_bytes: Callable[[int], bytes] = secrets.token_bytes,
    ):
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        self.seat = seat
        self.options = normalise_options(options)
        self.ships: dict[str, tuple[int, str]] = {}  # ship id -> (bow index, orientation)
        self.salt = salt  # hex, once sealed
        self._rng: Rng = rng if rng is not None else random.SystemRandom()
        self._random_bytes = random_bytes
        if ships:  # {ship: (bow index or name, orientation)}, by the ordinary rules
            self.ships = dict(self._scratch(ships).fleets[seat])
        if salt is not None and not (is_hex64(salt) and len(self.ships) == len(SHIP_IDS)):
            raise ValueError("a sealed fleet has five ships and a 32-byte salt")

    # --- placing --------------------------------------------------------------------
    @property
    def sealed(self) -> bool:
        return self.salt is not None

    def place(self, move: Json) -> list[Json]:
        """An ordinary placement move of this seat (rules 3.2 to 3.7), with its events;
        IllegalMove as the ordinary engine refuses it, or once the fleet is sealed."""
        if not isinstance(move, dict) or move.get("type") not in PLACEMENT_MOVES:
            raise IllegalMove("battleship.unknown_move")
        if not set(move) <= MOVE_KEYS[move["type"]]:
            raise IllegalMove("battleship.unknown_move")
        if move.get("player") != self.seat:
            raise IllegalMove("battleship.bad_player")
        if self.sealed:
            raise IllegalMove("battleship.fleet_locked")
        if move["type"] in ("spread_fleet", "random_fleet"):
            drawn = (spread_fleet if move["type"] == "spread_fleet" else random_fleet)(self._rng)
            ships = {ship: [square_name(bow), o] for ship, (bow, o) in drawn.items()}
            move = {"type": "fleet", "player": self.seat, "ships": ships}
        trial = self._scratch(self.ships)
        events = trial.apply(move)
        self.ships = dict(trial.fleets[self.seat])
        return events

    def placement_squares(
        self, ship: str, square: str, orientation: str, hole: int = 0
    ) -> tuple[list[str], IllegalMove | None]:
        """As the ordinary engine's (State.placement_squares), for this fleet."""
        if self.sealed:
            return [], IllegalMove("battleship.fleet_locked")
        return self._scratch(self.ships).placement_squares(
            self.seat, ship, square, orientation, hole
        )

    def _scratch(self, ships: Mapping[str, tuple[int | str, str]]) -> State:
        """An ordinary game holding this seat's ships, to place them by its rules."""
        trial = new_game(self.options)
        for ship_id, (bow, orientation) in ships.items():
            square = square_name(bow) if isinstance(bow, int) else bow
            trial.apply(
                {
                    "type": "place",
                    "player": self.seat,
                    "ship": ship_id,
                    "square": square,
                    "orientation": orientation,
                }
            )
        return trial

    # --- sealing, answering, showing ---------------------------------------------------
    @property
    def words(self) -> list[str]:
        return fleet_words(self.ships)

    @property
    def commitment(self) -> str | None:
        return commitment(self.words, self.salt) if self.salt is not None else None

    def seal(self) -> Json:
        """The "ready" move; the first call locks the fleet and draws its salt (3.8)."""
        if len(self.ships) != len(SHIP_IDS):
            raise IllegalMove("battleship.fleet_incomplete")
        if self.salt is None:
            salt = self._random_bytes(SALT_BYTES)
            if not isinstance(salt, bytes) or len(salt) != SALT_BYTES:
                raise ValueError(f"random_bytes must give {SALT_BYTES} bytes")
            self.salt = salt.hex()
        return {"type": "ready", "player": self.seat, "commitment": self.commitment}

    def is_sealed_in(self, public: PublicState) -> bool:
        """Is this the fleet the public state has this seat's commitment to?"""
        return self.sealed and public.commitments[self.seat] == self.commitment

    def answer(self, public: PublicState) -> Json:
        """The true answer to the volley waiting for this seat's answer, in the mode's
        shape (5.2, 5.3, 6.1, 7.5, 8.1)."""
        pending = public.pending
        if pending is None or pending["player"] == self.seat or not self.is_sealed_in(public):
            raise ValueError("no volley at this fleet waits for its answer")
        record = {"player": pending["player"], **self._incoming(public)[-1]}
        told = public_record(record, self.options)
        if self.options["mode"] == "advanced_salvo":
            return {"type": "answer", "player": self.seat, "hits": told["hits"]}
        return {"type": "answer", "player": self.seat, "shots": told["shots"], "sunk": told["sunk"]}

    def reveal(self) -> Json:
        if self.salt is None:
            raise ValueError("a fleet is shown only once sealed")
        triples = [self.words[i : i + 3] for i in range(0, len(self.words), 3)]
        return {"type": "reveal", "player": self.seat, "ships": triples, "salt": self.salt}

    def due_move(self, public: PublicState) -> Json | None:
        """The move this seat's device makes by itself now, if any: its ready once sealed
        (in turn: red's first), the answer to a volley at it, its reveal. None when it is
        not this seat's turn, or its fleet is not the one sealed (a save lost)."""
        if public.is_over or public.current_player != self.seat:
            return None
        phase = public.phase
        if phase == PLACEMENT:
            return self.seal() if self.sealed else None
        if not self.is_sealed_in(public):
            return None
        if phase == BATTLE and public.pending is not None:
            return self.answer(public)
        if phase == REVEAL:
            return self.reveal()
        return None

    # --- what this seat sees -------------------------------------------------------------
    def _incoming(self, public: PublicState) -> list[Json]:
        """The full record of every volley at this fleet (the waiting one too)."""
        if len(self.ships) != len(SHIP_IDS):
            return []
        theirs = [indices(v["squares"]) for v in public.volleys if v["player"] != self.seat]
        return list(records(ship_masks(self.ships), theirs))

    def shots_allowed(self, public: PublicState) -> int:
        """How many squares this seat calls on its turn: one in the classic game; in the
        salvos one per ship afloat, capped by the squares left (7.1, 7.2)."""
        if self.options["mode"] == "classic":
            return 1
        afloat = len(SHIP_IDS)
        if len(self.ships) == len(SHIP_IDS):
            afloat -= len(sunk_by(ship_masks(self.ships), public.called[1 - self.seat]))
        return min(afloat, SQUARES - public.called[self.seat].bit_count())

    def view_for(self, public: PublicState, aimed: Iterable[str] = ()) -> Json:
        """The public view (public_view.py) with this seat's fleet: the ordinary view's
        keys as state.py's view_for gives them, "sealed" beside them. `aimed`: the
        squares its person has chosen for the salvo not yet fired (shown on its turn)."""
        view = public.view_for(self.seat)
        opponent = 1 - self.seat
        to_fire = view["phase"] == BATTLE and view["pending"] is None
        mine = to_fire and view["current_player"] == self.seat
        return {
            **view,
            "fleet": fleet_view(self.ships, public.called[opponent]),
            "incoming": [{"player": opponent, **r} for r in self._incoming(public)],
            "shots_allowed": self.shots_allowed(public),
            "aimed": list(aimed) if mine else [],
            "sealed": self.sealed,
        }

    # --- saving -----------------------------------------------------------------------
    def to_json(self) -> Json:
        return {
            "seat": self.seat,
            "options": dict(self.options),
            "ships": {ship: [square_name(bow), o] for ship, (bow, o) in self.ships.items()},
            "salt": self.salt,
        }

    @classmethod
    def from_json(
        cls,
        data: object,
        rng: Rng | None = None,
        random_bytes: Callable[[int], bytes] = secrets.token_bytes,
    ) -> "PrivateFleet":
        """ValueError (or IllegalMove for a ship off the rules) when it is not a saved fleet."""
        if not isinstance(data, dict) or set(data) != {"seat", "options", "ships", "salt"}:
            raise ValueError("a private fleet is {seat, options, ships, salt}")
        ships = data["ships"]
        if not isinstance(ships, dict) or not all(
            isinstance(placed, list) and len(placed) == 2 for placed in ships.values()
        ):
            raise ValueError("a ship is [square, orientation]")
        ships = {ship: tuple(placed) for ship, placed in ships.items()}
        return cls(data["seat"], data["options"], ships, data["salt"], rng, random_bytes)
