"""A game of Battleship: both players place a fleet, then shots until one fleet is sunk.

Players are 0 (red) and 1 (blue); red always shoots first. Moves and events are
plain JSON-friendly dicts:

moves   {"type": "place", "player", "ship", "square", "orientation": "h"|"v"}
        {"type": "remove" | "clear" | "spread_fleet" | "random_fleet" | "ready", "player", ["ship"]}
        (random_fleet: the Random fleet of games saved before spread_fleet, rule 3.7)
        {"type": "fire", "squares": [...], ["player"]}   one square, or a salvo
        {"type": "resign", "player": 0}   a hunt given up (rule 13.4)
events  placed, removed, cleared, ready, battle_started,
        shots {"player", "shots": [{"square", "result", "ship"}], "hits", "sunk"}
        (Advanced Salvo: shots carry only their squares, and there is no "sunk"),
        game_over {"winner"} (None for a hunt resigned)

A hunt (option "solo", docs/rules/battleship.md 13) has one fleet, Blue's, and one shooter,
Red, who has no fleet: Red is ready from the start and fires every turn.
"""

from games.common.protocol import Json

from ..common.checks import is_int
from ..common.errors import BadState, IllegalMove
from ..common.rng import SeededRng
from .fleet import LENGTH, SHIP_IDS, random_fleet, spread_fleet
from .grid import (
    ORIENTATIONS,
    SIZE,
    SQUARES,
    mask_of,
    placed_squares,
    ship_squares,
    square_index,
    square_name,
)
from .options import HUNT, normalise_options

VERSION = 1
RED, BLUE = 0, 1
PLAYERS = (RED, BLUE)
# The keys each kind of move may have ("player" is optional when shooting).
MOVE_KEYS = {
    "place": {"type", "player", "ship", "square", "orientation"},
    "remove": {"type", "player", "ship"},
    "clear": {"type", "player"},
    "random_fleet": {"type", "player"},
    "spread_fleet": {"type", "player"},
    "fleet": {"type", "player", "ships"},
    "ready": {"type", "player"},
    "fire": {"type", "player", "squares"},
    "aim": {"type", "player", "square"},
    "unaim": {"type", "player", "square"},
    "resign": {"type", "player"},
}


class State:
    def __init__(self, options: Json, rng: SeededRng):
        self.options = options
        self.rng = rng
        self.hunt = options.get(HUNT) is True  # one fleet, Blue's; Red shoots (rule 13.3)
        self.resigned = False  # a hunt given up (13.4)
        self.fleets: list[dict[str, tuple[int, str]]] = [{}, {}]  # ship id -> (bow, orientation)
        self.ready = [self.hunt, False]  # a hunter has no fleet to place
        self.turns: list[Json] = []  # full records, in order; see _fire
        self.called = [0, 0]  # mask of squares each player has called
        self.aimed: list[int] = []  # Salvo: the squares the shooter has chosen so far
        self.ship_masks: list[dict[str, int]] = [{}, {}]  # filled when the battle starts
        # ids of each player's ships sunk, in order of sinking
        self.sunk: list[list[str]] = [[], []]
        self.winner: int | None = None

    # ----- what the view asks -------------------------------------------------

    @property
    def mode(self) -> str:
        mode: str = self.options["mode"]
        return mode

    @property
    def phase(self) -> str:
        if self.is_over:
            return "over"
        return "battle" if all(self.ready) else "placement"

    @property
    def current_player(self) -> int | None:
        """Placement: the first player not yet ready (either may place at any
        time, red's fleet comes first for a driver loop). Battle: whose turn it
        is. Over: None."""
        phase = self.phase
        if phase == "placement":
            return RED if not self.ready[RED] else BLUE
        if phase == "battle":
            return self._shooter
        return None

    @property
    def _shooter(self) -> int:
        """The player whose turn it is in the battle (a hunt's: always Red, 13.3)."""
        return RED if self.hunt else len(self.turns) % 2

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.resigned

    @property
    def result(self) -> Json | None:
        if not self.is_over:
            return None
        shots = [0, 0]
        for record in self.turns:
            shots[record["player"]] += len(record["shots"])
        result = {"winner": self.winner, "turns": len(self.turns), "shots": shots}
        return {**result, "resigned": True} if self.resigned else result

    def copy(self) -> "State":
        twin = State(dict(self.options), SeededRng.from_json(self.rng.to_json()))
        twin.fleets = [dict(fleet) for fleet in self.fleets]
        twin.ready = list(self.ready)
        twin.turns = [_copy_record(record) for record in self.turns]
        twin.called = list(self.called)
        twin.ship_masks = [dict(masks) for masks in self.ship_masks]
        twin.sunk = [list(ids) for ids in self.sunk]
        twin.winner = self.winner
        twin.aimed = list(self.aimed)
        twin.resigned = self.resigned
        return twin

    def afloat(self, player: int) -> int:
        """How many of `player`'s ships are not sunk."""
        return len(SHIP_IDS) - len(self.sunk[player])

    def shots_allowed(self, player: int) -> int:
        """How many squares `player` calls on a turn: one in the classic game;
        in Salvo one per own ship afloat, capped by the squares left to call."""
        if self.mode == "classic":
            return 1
        uncalled = SQUARES - self.called[player].bit_count()
        return min(self.afloat(player), uncalled)

    def open_squares(self, player: int) -> list[str]:
        """Names of the squares `player` has not called yet."""
        called = self.called[player]
        return [square_name(i) for i in range(SQUARES) if not called >> i & 1]

    def legal_moves(self) -> list[Json]:
        """Every move the rules allow now. A salvo is chosen square by square
        ("aim", "unaim", then "fire" once it is complete); a "fire" listing
        every square of the salvo at once is accepted too (it replaces the aim)."""
        phase = self.phase
        if phase == "over":
            return []
        player = self._shooter
        if phase == "placement":
            # Both players place at the same time: each may move until ready.
            return [m for p in PLAYERS if not self.ready[p] for m in self._placement_moves(p)]
        names = self.open_squares(player)
        if self.hunt:
            fire = [{"type": "fire", "squares": [name]} for name in names]
            return fire + [{"type": "resign", "player": RED}]
        if self.mode == "classic":
            return [{"type": "fire", "squares": [name]} for name in names]
        aimed = [square_name(i) for i in self.aimed]
        moves = [{"type": "unaim", "square": name} for name in aimed]
        if len(aimed) < self.shots_allowed(player):
            moves += [{"type": "aim", "square": n} for n in names if n not in aimed]
        else:
            moves.append({"type": "fire"})
        return moves

    def _placement_moves(self, player: int) -> list[Json]:
        fleet = self.fleets[player]
        moves = [{"type": kind, "player": player} for kind in ("spread_fleet", "random_fleet")]
        if fleet:
            moves.append({"type": "clear", "player": player})
        for ship_id in SHIP_IDS:
            if ship_id in fleet:
                moves.append({"type": "remove", "player": player, "ship": ship_id})
            others = self._fleet_mask(player, without=ship_id)
            for orientation in ORIENTATIONS:
                for bow in range(SQUARES):
                    squares = ship_squares(bow, orientation, LENGTH[ship_id])
                    if squares is not None and not others & mask_of(squares):
                        moves.append(
                            {
                                "type": "place",
                                "player": player,
                                "ship": ship_id,
                                "square": square_name(bow),
                                "orientation": orientation,
                            }
                        )
        if len(fleet) == len(SHIP_IDS):
            moves.append({"type": "ready", "player": player})
        return moves

    # ----- applying moves -----------------------------------------------------

    def apply(self, move: Json) -> list[Json]:
        """Apply a move and return the events it caused; raise IllegalMove,
        leaving the state untouched, when the rules forbid it."""
        if not isinstance(move, dict):
            raise IllegalMove("battleship.unknown_move")
        kind = move.get("type")
        # A type that is no string (a list, say) is unknown, not a TypeError.
        if not isinstance(kind, str) or not set(move) <= MOVE_KEYS.get(kind, set()):
            raise IllegalMove("battleship.unknown_move")
        if kind == "fire":
            return self._fire_move(move)
        if kind in ("aim", "unaim"):
            return self._aim_move(kind, move)
        if kind == "resign":
            return self._resign_move(move)
        handlers = {
            "place": self._place_move,
            "remove": self._remove_move,
            "clear": self._clear_move,
            "random_fleet": self._random_fleet_move,
            "spread_fleet": self._random_fleet_move,
            "fleet": self._fleet_move,
            "ready": self._ready_move,
        }
        return handlers[kind](self._placing_player(move), move)

    def _placing_player(self, move: Json) -> int:
        player = move.get("player")
        if not is_int(player) or player not in PLAYERS:
            raise IllegalMove("battleship.bad_player")
        if self.hunt and player == RED:
            raise IllegalMove("battleship.hunter_has_no_fleet")
        if self.ready[player]:
            raise IllegalMove("battleship.fleet_locked")
        return player

    def _fleet_mask(self, player: int, without: str | None = None) -> int:
        mask = 0
        for ship_id, (bow, orientation) in self.fleets[player].items():
            if ship_id != without:
                mask |= mask_of(placed_squares(bow, orientation, LENGTH[ship_id]))
        return mask

    def _place_move(self, player: int, move: Json) -> list[Json]:
        ship_id, orientation = _checked_ship(move.get("ship"), move.get("orientation"))
        bow = square_index(move.get("square"))
        if bow is None:
            raise IllegalMove("battleship.bad_square", square=str(move.get("square")))
        squares = ship_squares(bow, orientation, LENGTH[ship_id])
        if squares is None:
            raise IllegalMove("battleship.off_grid", ship=ship_id)
        self._check_no_overlap(player, ship_id, squares)
        self.fleets[player][ship_id] = (bow, orientation)
        return [self._placed_event(player, ship_id)]

    def _check_no_overlap(self, player: int, ship_id: str, squares: list[int]) -> None:
        mask = mask_of(squares)
        for other_id, (other_bow, other_orientation) in self.fleets[player].items():
            if other_id != ship_id:
                other = mask_of(placed_squares(other_bow, other_orientation, LENGTH[other_id]))
                if mask & other:
                    raise IllegalMove("battleship.overlap", ship=ship_id, other=other_id)

    def placement_squares(
        self, player: int, ship: str, square: str, orientation: str, hole: int = 0
    ) -> tuple[list[str], IllegalMove | None]:
        """Where `player` would put `ship` held by its square number `hole` (0 is the
        bow, the top or left end) over `square`: the squares of the grid it would
        cover, bow first, and the IllegalMove placing it there raises (None when it
        may go there; then the first square is the bow to place it at). For showing
        a ship in hand over the ocean before it is dropped (rules 3.3 to 3.6)."""
        try:
            player = self._placing_player({"player": player})
            ship_id, orientation = _checked_ship(ship, orientation)
            over = square_index(square)
            if over is None:
                raise IllegalMove("battleship.bad_square", square=str(square)[:8])
            length = LENGTH[ship_id]
            if not (is_int(hole) and 0 <= hole < length):
                raise IllegalMove("battleship.unknown_move")
            row, col = divmod(over, SIZE)
            step_row, step_col = (0, 1) if orientation == "h" else (1, 0)
            cells = [
                (row + (k - hole) * step_row, col + (k - hole) * step_col) for k in range(length)
            ]
        except IllegalMove as refusal:
            return [], refusal
        indices = [r * SIZE + c for r, c in cells if 0 <= r < SIZE and 0 <= c < SIZE]
        names = [square_name(i) for i in indices]
        if len(indices) < length:
            return names, IllegalMove("battleship.off_grid", ship=ship_id)
        try:
            self._check_no_overlap(player, ship_id, indices)
        except IllegalMove as refusal:
            return names, refusal
        return names, None

    def _placed_event(self, player: int, ship_id: str) -> Json:
        bow, orientation = self.fleets[player][ship_id]
        return {
            "type": "placed",
            "player": player,
            "ship": ship_id,
            "square": square_name(bow),
            "orientation": orientation,
            "squares": [square_name(i) for i in placed_squares(bow, orientation, LENGTH[ship_id])],
        }

    def _remove_move(self, player: int, move: Json) -> list[Json]:
        ship_id = move.get("ship")
        if not isinstance(ship_id, str) or ship_id not in LENGTH:
            raise IllegalMove("battleship.unknown_ship")
        if ship_id not in self.fleets[player]:
            raise IllegalMove("battleship.not_placed", ship=ship_id)
        del self.fleets[player][ship_id]
        return [{"type": "removed", "player": player, "ship": ship_id}]

    def _clear_move(self, player: int, move: Json) -> list[Json]:
        self.fleets[player] = {}
        return [{"type": "cleared", "player": player}]

    def _random_fleet_move(self, player: int, move: Json) -> list[Json]:
        draw = spread_fleet if move["type"] == "spread_fleet" else random_fleet
        self.fleets[player] = draw(self.rng)
        return [{"type": "cleared", "player": player}] + [
            self._placed_event(player, ship_id) for ship_id in SHIP_IDS
        ]

    def _fleet_move(self, player: int, move: Json) -> list[Json]:
        """A whole fleet at once, {ship id: [bow square, orientation]}: one move
        for what a computer (or another device) decided."""
        ships = move.get("ships")
        if not isinstance(ships, dict) or set(ships) != set(SHIP_IDS):
            raise IllegalMove("battleship.fleet_incomplete")
        trial = self.copy()
        trial.fleets[player] = {}
        events: list[Json] = [{"type": "cleared", "player": player}]
        for ship_id in SHIP_IDS:
            placed = ships[ship_id]
            if not (isinstance(placed, list) and len(placed) == 2):
                raise IllegalMove("battleship.unknown_move")
            square, orientation = placed
            place = {"ship": ship_id, "square": square, "orientation": orientation}
            events += trial._place_move(player, place)
        self.fleets[player] = trial.fleets[player]
        return events

    def _ready_move(self, player: int, move: Json) -> list[Json]:
        if len(self.fleets[player]) != len(SHIP_IDS):
            raise IllegalMove("battleship.fleet_incomplete")
        self.ready[player] = True
        events = [{"type": "ready", "player": player}]
        if all(self.ready):
            self._start_battle()
            events.append({"type": "battle_started", "first": RED})
        return events

    def _start_battle(self) -> None:
        for player in PLAYERS:
            self.ship_masks[player] = {
                ship_id: mask_of(placed_squares(bow, orientation, LENGTH[ship_id]))
                for ship_id, (bow, orientation) in self.fleets[player].items()
            }

    def _fire_move(self, move: Json) -> list[Json]:
        phase = self.phase
        if phase == "over":
            raise IllegalMove("battleship.game_over")
        if phase == "placement":
            raise IllegalMove("battleship.not_started")
        shooter = self._shooter
        if "player" in move and (not is_int(move["player"]) or move["player"] != shooter):
            raise IllegalMove("battleship.not_your_turn")
        names = move.get("squares")
        if names is None and self.mode != "classic":
            names = [square_name(i) for i in self.aimed]
        squares = self._checked_salvo(shooter, names)
        self.aimed = []
        record = self._fire(shooter, squares)
        events = [{"type": "shots", **public_record(record, self.options)}]
        if self.winner is not None:
            events.append({"type": "game_over", "winner": self.winner})
        return events

    def _resign_move(self, move: Json) -> list[Json]:
        """A hunt given up during the battle: over, lost, the fleet shown (13.4)."""
        if not self.hunt:
            raise IllegalMove("battleship.resign_hunt_only")
        if self.phase != "battle":
            raise IllegalMove("battleship.game_over" if self.is_over else "battleship.not_started")
        if move.get("player") != RED or not is_int(move.get("player")):
            raise IllegalMove("battleship.not_your_turn")
        self.resigned = True
        return [{"type": "resigned", "player": RED}, {"type": "game_over", "winner": None}]

    def _aim_move(self, kind: str, move: Json) -> list[Json]:
        if self.phase != "battle":
            raise IllegalMove("battleship.game_over" if self.is_over else "battleship.not_started")
        if self.mode == "classic":
            raise IllegalMove("battleship.unknown_move")
        shooter = self.current_player
        assert shooter is not None
        if "player" in move and (not is_int(move["player"]) or move["player"] != shooter):
            raise IllegalMove("battleship.not_your_turn")
        square = square_index(move.get("square"))
        if square is None:
            raise IllegalMove("battleship.bad_square", square=str(move.get("square"))[:8])
        if kind == "unaim":
            if square not in self.aimed:
                raise IllegalMove("battleship.not_aimed", square=square_name(square))
            self.aimed.remove(square)
        else:
            if self.called[shooter] >> square & 1:
                raise IllegalMove("battleship.already_called", square=square_name(square))
            if square in self.aimed:
                raise IllegalMove("battleship.repeated_in_salvo", square=square_name(square))
            if len(self.aimed) >= self.shots_allowed(shooter):
                raise IllegalMove("battleship.salvo_full")
            self.aimed.append(square)
        return [{"type": kind, "player": shooter, "square": square_name(square)}]

    def _checked_salvo(self, shooter: int, names: object) -> list[int]:
        if not isinstance(names, list):
            raise IllegalMove("battleship.unknown_move")
        squares, seen = [], 0
        for name in names:
            square = square_index(name)
            if square is None:
                raise IllegalMove("battleship.bad_square", square=str(name))
            bit = 1 << square
            if self.called[shooter] & bit:
                raise IllegalMove("battleship.already_called", square=square_name(square))
            if seen & bit:
                raise IllegalMove("battleship.repeated_in_salvo", square=square_name(square))
            seen |= bit
            squares.append(square)
        expected = self.shots_allowed(shooter)
        if len(squares) != expected:
            raise IllegalMove("battleship.wrong_shot_count", expected=expected, given=len(squares))
        return squares

    def _fire(self, shooter: int, squares: list[int]) -> Json:
        """Resolve a checked salvo; return its full record (what the target knows)."""
        target = 1 - shooter
        ships = self.ship_masks[target]
        shots = []
        for square in squares:
            bit = 1 << square
            hit = next((ship_id for ship_id, mask in ships.items() if mask & bit), None)
            shot = {"square": square_name(square), "result": "hit" if hit else "miss"}
            if hit:
                shot["ship"] = hit
            shots.append(shot)
        self.called[shooter] |= mask_of(squares)
        newly_sunk = [
            ship_id
            for ship_id in SHIP_IDS
            if ship_id not in self.sunk[target] and ships[ship_id] & ~self.called[shooter] == 0
        ]
        self.sunk[target].extend(newly_sunk)
        record = {
            "player": shooter,
            "shots": shots,
            "hits": sum(shot["result"] == "hit" for shot in shots),
            "sunk": newly_sunk,
        }
        self.turns.append(record)
        if len(self.sunk[target]) == len(SHIP_IDS):
            self.winner = shooter
        return record

    # ----- hidden information -------------------------------------------------

    def view_for(self, player: int) -> Json:
        """Everything `player` may know, and nothing more: their own fleet, the
        announced results of their own shots, and the other's shots at them;
        once the game is over, the other's fleet too."""
        if player not in PLAYERS:
            raise ValueError("player must be 0 or 1")
        opponent = 1 - player
        called = self.called[player]
        return {
            "player": player,
            "mode": self.mode,
            "edition": self.options["edition"],
            "announce_ship": self.options["announce_ship"],
            "phase": self.phase,
            "current_player": self.current_player,
            "winner": self.winner,
            "ready": list(self.ready),
            "fleet": self._fleet_view(player),
            "shots": [public_record(r, self.options) for r in self.turns if r["player"] == player],
            "incoming": [_copy_record(r) for r in self.turns if r["player"] == opponent],
            "shots_allowed": self.shots_allowed(player),
            "aimed": [square_name(i) for i in self.aimed] if player == self.current_player else [],
            "opponent_afloat": self._known_opponent_afloat(player),
            # the squares this player has called, in grid order (5.4, 7.4: not again)
            "called": [square_name(i) for i in range(SQUARES) if called >> i & 1],
            # once the game is over, the other fleet is shown (None until then)
            "opponent_fleet": self._fleet_view(opponent) if self.is_over else None,
            # a hunt says so (13.3), and whether it was given up (13.4); other games as before
            **({"hunt": True, "resigned": self.resigned} if self.hunt else {}),
        }

    def _fleet_view(self, player: int) -> list[Json]:
        """`player`'s ships as their owner sees them: where, which squares are hit, sunk."""
        opponent = 1 - player
        fleet = []
        for ship_id in SHIP_IDS:
            placed = self.fleets[player].get(ship_id)
            entry = {
                "ship": ship_id,
                "length": LENGTH[ship_id],
                "square": None,
                "orientation": None,
                "squares": [],
                "hits": [],
                "sunk": False,
            }
            if placed:
                bow, orientation = placed
                squares = placed_squares(bow, orientation, LENGTH[ship_id])
                called = self.called[opponent]
                entry.update(
                    square=square_name(bow),
                    orientation=orientation,
                    squares=[square_name(i) for i in squares],
                    hits=[square_name(i) for i in squares if called >> i & 1],
                    sunk=ship_id in self.sunk[player],
                )
            fleet.append(entry)
        return fleet

    def _known_opponent_afloat(self, player: int) -> int:
        """Advanced Salvo announces no sinks: a player knows the other's ships
        afloat only from the size of the other's latest salvo."""
        opponent = 1 - player
        if self.mode != "advanced_salvo":
            return self.afloat(opponent)
        latest = [r for r in self.turns if r["player"] == opponent]
        return len(latest[-1]["shots"]) if latest else len(SHIP_IDS)

    # ----- saving and resuming ------------------------------------------------

    def to_json(self) -> Json:
        return {
            "version": VERSION,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "fleets": [
                {
                    ship_id: [square_name(bow), orientation]
                    for ship_id, (bow, orientation) in fleet.items()
                }
                for fleet in self.fleets
            ],
            "ready": list(self.ready),
            "turns": [[shot["square"] for shot in record["shots"]] for record in self.turns],
            "aimed": [square_name(i) for i in self.aimed],
            **({"resigned": True} if self.resigned else {}),  # (13.7: only a hunt's)
        }

    @classmethod
    def from_json(cls, data: object) -> "State":
        """Rebuild a state by replaying its saved moves; raise BadState when
        the data is malformed or breaks a rule."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise BadState("battleship: unknown save format")
        try:
            options = normalise_options(data.get("options"))
        except ValueError as error:
            raise BadState(f"battleship: {error}") from None
        state = cls(options, SeededRng.from_json(data.get("rng")))
        fleets, ready, turns = data.get("fleets"), data.get("ready"), data.get("turns")
        if not (
            isinstance(fleets, list)
            and len(fleets) == 2
            and all(isinstance(f, dict) for f in fleets)
        ):
            raise BadState("battleship: fleets must be two objects")
        if not (
            isinstance(ready, list) and len(ready) == 2 and all(isinstance(r, bool) for r in ready)
        ):
            raise BadState("battleship: ready must be two booleans")
        if not isinstance(turns, list):
            raise BadState("battleship: turns must be a list")
        try:
            for player in PLAYERS:
                for ship_id, placed in fleets[player].items():
                    if not (isinstance(placed, list) and len(placed) == 2):
                        raise BadState("battleship: a ship must be [square, orientation]")
                    state.apply(
                        {
                            "type": "place",
                            "player": player,
                            "ship": ship_id,
                            "square": placed[0],
                            "orientation": placed[1],
                        }
                    )
            for player in PLAYERS:
                if ready[player] and not state.ready[player]:  # (a hunter's from the start)
                    state.apply({"type": "ready", "player": player})
            if turns and state.phase != "battle":
                raise BadState("battleship: shots before both fleets are ready")
            for squares in turns:
                state.apply({"type": "fire", "squares": squares})
            aimed = data.get("aimed", [])  # saves before aiming had none
            if not isinstance(aimed, list):
                raise BadState("battleship: aimed must be a list")
            for square in aimed:
                state.apply({"type": "aim", "square": square})
            resigned = data.get("resigned", False)  # saves before hunts had none
            if not isinstance(resigned, bool):
                raise BadState("battleship: resigned must be true or false")
            if resigned:
                state.apply({"type": "resign", "player": RED})
        except IllegalMove as error:
            raise BadState(f"battleship: saved moves break a rule ({error.key})") from None
        return state


def public_record(record: Json, options: Json) -> Json:
    """What the shooter is told about a turn, by the mode's information rules."""
    if options["mode"] == "advanced_salvo":
        # Only how many of the salvo's shots hit: no per-shot result, no ship, no sink.
        return {
            "player": record["player"],
            "shots": [{"square": shot["square"]} for shot in record["shots"]],
            "hits": record["hits"],
        }
    public = _copy_record(record)
    if not options["announce_ship"]:
        for shot in public["shots"]:
            shot.pop("ship", None)
    return public


def _checked_ship(ship_id: object, orientation: object) -> tuple[str, str]:
    if not isinstance(ship_id, str) or ship_id not in LENGTH:
        raise IllegalMove("battleship.unknown_ship")
    if orientation not in ORIENTATIONS:
        raise IllegalMove("battleship.bad_orientation")
    return ship_id, orientation


def turns_in_order(view: Json) -> list[Json]:
    """Every turn of both players as the view's player knows them (their own
    shots as announced, the other's in full), in the order they were played:
    red fired first, then each in turn (4.1, 4.3); in a hunt only red fires (13.3)."""
    mine, theirs = view["shots"], view["incoming"]
    if view.get("hunt"):
        return list(mine)
    played = []
    for number in range(len(mine) + len(theirs)):
        source = mine if number % 2 == view["player"] else theirs
        if number // 2 < len(source):
            played.append(source[number // 2])
    return played


def salvo_deductions(view: Json) -> tuple[set[str], set[str]]:
    """Advanced Salvo (8.3): the squares the view's player has proven empty (in a
    salvo with no hit) and proven hit (in a salvo whose every shot hit)."""
    empty: set[str] = set()
    hit: set[str] = set()
    for record in view["shots"]:
        squares = [shot["square"] for shot in record["shots"]]
        if record["hits"] == 0:
            empty.update(squares)
        elif record["hits"] == len(squares):
            hit.update(squares)
    return empty, hit


def known_sunk_squares(view: Json) -> set[str]:
    """The squares the view's player hit on ships they were told are sunk: only
    when hits name their ship (5.3, 6.1); Advanced Salvo names neither (8.2)."""
    sunk = {ship for record in view["shots"] for ship in record.get("sunk", [])}
    return {
        shot["square"]
        for record in view["shots"]
        for shot in record["shots"]
        if shot.get("ship") in sunk
    }


def _copy_record(record: Json) -> Json:
    return {
        "player": record["player"],
        "shots": [dict(shot) for shot in record["shots"]],
        "hits": record["hits"],
        "sunk": list(record["sunk"]),
    }


def new_game(options: Json | None = None, seed: int = 0) -> State:
    """A new game in the placement phase. Options: mode ("classic", "salvo",
    "advanced_salvo"), edition ("classic", "modern"), announce_ship (bool)."""
    return State(normalise_options(options), SeededRng(seed))
