"""A game of Deblockle from set-up to the end: the engine the browser talks to.

Phases: "setup" (each side places the opponent's rolled blocks), "play", "over".
Players are 0 (gold, home star d2) and 1 (blue, home star d6).

`positions` records every position since the last block was taken off (or play
began), oldest first, for the draws by repetition and by no progress (rules 9.1
and 9.4, module repetition): a game ends when one comes up a third time, or
after 100 turns without a block taken off.
"""

from collections.abc import Iterable
from typing import TypeVar

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.common.protocol import Json
from games.common.rng import SeededRng

from .board import NEIGHBOUR, parse_square, square_name
from .cube import FACE_NAMES, ORIENTATION_OF, SLIDER, TIP, TOP, faces
from .diagnosis import why_illegal
from .hops import slide_path
from .options import normalise_options, start_squares
from .position import Position
from .repetition import PositionKey, draw_reason, position_key
from .rules import Move, block_turns, has_turn, legal_turns, play, player_to_move
from .setup import Placement, open_placements, random_placements, roll, side_faces_of

VERSION = 1
PHASES = ("setup", "play", "over")
TurnT = TypeVar("TurnT", Move, Placement)


def new_game(options: Json, seed: int) -> "State":
    """A new game. The blocks are rolled from `seed`; with quick_setup they are
    also placed at random and play starts at once."""
    options = normalise_options(options)
    rng = SeededRng(seed)
    rolls = [roll(rng.fork(f"roll-{p}"), options["blocks"][p]) for p in (0, 1)]
    state = State(options, Position.empty(), "setup", options["first"], rolls)
    if options["quick_setup"]:
        deal = rng.fork("deal")
        for placer in (options["first"], 1 - options["first"]):
            owner = 1 - placer
            for placement in random_placements(deal, rolls[owner], state.start_squares[owner]):
                state.apply(placement)
    return state


class State:
    def __init__(
        self,
        options: Json,
        position: Position,
        phase: str,
        current_player: int | None,
        to_place: Iterable[Iterable[int]],
        result: Json | None = None,
        history: Iterable[str] = (),
        positions: Iterable[PositionKey] = (),
    ):
        self.options = options
        self.no_side_by_side: bool = options["no_side_by_side"]
        self.start_squares = start_squares(options)
        self.position = position
        self.phase = phase
        self.current_player = current_player
        self.to_place = [sorted(tops) for tops in to_place]  # rolled tops not yet on the board
        self.result = result
        self.history = list(history)
        self.positions = list(positions)  # position_key()s since the last removal

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def player_to_play(self) -> int:
        """The player who places or plays now; IllegalMove once the game is over."""
        if self.current_player is None:
            raise IllegalMove("deblockle.game_over")
        return self.current_player

    def copy(self) -> "State":
        return State(
            self.options,
            self.position,
            self.phase,
            self.current_player,
            self.to_place,
            self.result,
            self.history,
            self.positions,
        )

    def view_for(self, player: int) -> "State":
        """Deblockle hides nothing: each player sees the whole state (a copy)."""
        return self.copy()

    # --- what may be played -------------------------------------------------

    def legal_moves(self, all_paths: bool = False) -> list[Move] | list[Placement]:
        """Placements during set-up, turns during play, nothing once over.

        A Hoops turn is listed once per end square unless all_paths, which lists
        every distinct 3-step path (apply accepts exactly those)."""
        if self.phase == "setup":
            return self.placements()
        if self.phase == "play":
            return self.turns(all_paths)
        return []

    def placements(self) -> list[Placement]:
        """During set-up: every placement of the placing player."""
        owner = 1 - self.player_to_play
        free = [sq for sq in self.start_squares[owner] if self.position.cells[sq] < 0]
        return open_placements(self.to_place[owner], free)

    def turns(self, all_paths: bool = False) -> list[Move]:
        """During play: every turn of the player to move (as legal_moves)."""
        return legal_turns(self.position, self.player_to_play, self.no_side_by_side, all_paths)

    def tip_options(self, square: int | str) -> list[Json]:
        """For the view: the tips of the current player's block on `square` (a name
        like "c3" or an index), each with the symbol it brings up and every hop
        path it allows (squares from the tip square on; a Slider path lists every
        square it crosses)."""
        if isinstance(square, str):
            square = parse_square(square)
        if (
            self.phase != "play"
            or not 0 <= square < 49
            or self.position.owner(square) != self.current_player
        ):
            return []
        by_direction: dict[int, list[Move]] = {}
        for move in block_turns(self.position, square, self.no_side_by_side, all_paths=True):
            by_direction.setdefault(move.direction, []).append(move)
        orientation = self.position.orientation(square)
        options = []
        for direction, moves in sorted(by_direction.items()):
            tipped = TIP[orientation][direction]
            options.append(
                {
                    "direction": "NESW"[direction],
                    "to": square_name(moves[0].tip_square),
                    "top": FACE_NAMES[TOP[tipped]],
                    "faces": faces(tipped),
                    "removes": moves[0].removes,
                    "hops": [[square_name(sq) for sq in self._hop_squares(m)] for m in moves],
                    "moves": [str(m) for m in moves],
                }
            )
        return options

    def tip_refusal(self, square: int | str, target: int | str) -> IllegalMove | None:
        """For the view: why the current player's block on `square` cannot tip onto
        `target` (names or indexes), in the engine's words; None when it can, or when
        `target` is not a square next to it (no tip goes there)."""
        square, target = (parse_square(s) if isinstance(s, str) else s for s in (square, target))
        if (
            self.phase != "play"
            or not 0 <= square < 49
            or self.position.owner(square) != self.current_player
        ):
            return None
        if not 0 <= target < 49 or target not in NEIGHBOUR[square]:
            return None
        direction = NEIGHBOUR[square].index(target)
        turns = block_turns(self.position, square, self.no_side_by_side)
        if any(move.direction == direction for move in turns):
            return None
        return why_illegal(
            self.position, self.current_player, Move(square, direction), self.no_side_by_side
        )

    def deblockled(self) -> list[int]:
        """For the view: the players whose blocks are all trapped now, with no legal
        turn (8.2; both of them in a game that ended so, 8.4)."""
        if not (self.phase == "play" or (self.result or {}).get("reason") == "both_stuck"):
            return []
        return [
            player
            for player in (0, 1)
            if self.position.squares[player]
            and not has_turn(self.position, player, self.no_side_by_side)
        ]

    def times_seen(self, position: Position, to_move: int) -> int:
        """How often `position` with `to_move` to move has come up since the last
        removal: a turn into one seen twice draws the game (9.1)."""
        return self.positions.count(position_key(position, to_move))

    @property
    def turns_without_progress(self) -> int:
        """Turns played since a block was last taken off, or since play began (9.4)."""
        return max(0, len(self.positions) - 1)

    def placements_at_random(self, rng: SeededRng) -> list[Placement]:
        """During set-up: the placing player's remaining placements, dealt as the
        quick set-up deals them (free start squares shuffled, each block turned at
        random), to apply in order."""
        if self.phase != "setup":
            return []
        owner = 1 - self.player_to_play
        free = [sq for sq in self.start_squares[owner] if self.position.cells[sq] < 0]
        return random_placements(rng, self.to_place[owner], free)

    # --- playing ---------------------------------------------------------------

    def apply(self, move: object) -> list[Json]:
        """Play a placement (set-up) or a turn (play): a Move, a Placement or
        their notation. Returns the events; raises IllegalMove naming the rule."""
        if self.phase == "over":
            raise IllegalMove("deblockle.game_over")
        if self.phase == "setup":
            return self._place(self._as(move, Placement))
        return self._turn(self._as(move, Move))

    def _as(self, move: object, kind: type[TurnT]) -> TurnT:
        if isinstance(move, str):
            try:
                if len(move) > 40:
                    raise ValueError("too long")
                return kind.parse(move)
            except ValueError:
                raise IllegalMove("deblockle.bad_notation", text=move[:40]) from None
        if not isinstance(move, kind):
            raise IllegalMove("deblockle.wrong_phase", phase=self.phase)
        if not _well_formed(move):
            raise IllegalMove("deblockle.bad_notation", text=repr(tuple(move))[:40])
        return move

    def _place(self, placement: Placement) -> list[Json]:
        placer, owner = self.player_to_play, 1 - self.player_to_play
        name = (
            square_name(placement.square) if 0 <= placement.square < 49 else str(placement.square)
        )
        if placement.square not in self.start_squares[owner]:
            raise IllegalMove("deblockle.not_a_start_square", square=name)
        if self.position.cells[placement.square] >= 0:
            raise IllegalMove("deblockle.square_taken", square=name)
        if placement.top not in self.to_place[owner]:
            raise IllegalMove("deblockle.not_rolled", symbol=FACE_NAMES[placement.top])
        if placement.north not in side_faces_of(placement.top):
            raise IllegalMove("deblockle.north_not_side", symbol=FACE_NAMES[placement.north])
        orientation = ORIENTATION_OF[(placement.top, placement.north)]
        self.position = self.position.with_block(placement.square, owner, orientation)
        self.to_place[owner].remove(placement.top)
        self.history.append(str(placement))
        events = [
            {
                "type": "place",
                "player": owner,
                "by": placer,
                "square": name,
                "top": FACE_NAMES[placement.top],
                "faces": faces(orientation),
            }
        ]
        if self.to_place[owner]:
            return events
        if self.to_place[placer]:
            self.current_player = owner  # now the other side places ours
            return events
        self.phase = "play"
        events.append({"type": "start", "player": self.options["first"]})
        return events + self._hand_turn_to(self.options["first"])

    def _turn(self, move: Move) -> list[Json]:
        player = self.player_to_play
        if not self._is_legal_turn(move):
            raise why_illegal(self.position, player, move, self.no_side_by_side)
        events = self._turn_events(player, move)
        self.position = play(self.position, move)
        self.history.append(str(move))
        if move.removes:
            self.positions = []  # no earlier position can come back (9.1)
        if self.position.removed[player] == self.options["blocks"][player]:
            return events + self._finish(player, "all_removed")
        return events + self._hand_turn_to(1 - player)

    def _is_legal_turn(self, move: Move) -> bool:
        if not (0 <= move.square < 49 and move.direction in (0, 1, 2, 3)):
            return False
        if self.position.owner(move.square) != self.current_player:
            return False
        return move in block_turns(self.position, move.square, self.no_side_by_side, all_paths=True)

    def _turn_events(self, player: int, move: Move) -> list[Json]:
        tipped = TIP[self.position.orientation(move.square)][move.direction]
        events = [
            {
                "type": "tip",
                "player": player,
                "from": square_name(move.square),
                "to": square_name(move.tip_square),
                "direction": "NESW"[move.direction],
                "top": FACE_NAMES[TOP[tipped]],
                "faces": faces(tipped),
            }
        ]
        if move.removes:
            removed = self.position.removed[player] + 1
            events.append(
                {
                    "type": "remove",
                    "player": player,
                    "square": square_name(move.tip_square),
                    "removed": removed,
                    "left": self.options["blocks"][player] - removed,
                }
            )
        else:
            events.append(
                {
                    "type": "hop",
                    "player": player,
                    "symbol": FACE_NAMES[TOP[tipped]],
                    "path": [square_name(sq) for sq in self._hop_squares(move)],
                }
            )
        return events

    def _hop_squares(self, move: Move) -> tuple[int, ...]:
        """The tip square and every square the hop steps to or slides across."""
        if move.removes:
            return (move.tip_square,)
        top = TOP[TIP[self.position.orientation(move.square)][move.direction]]
        hop = slide_path(move.tip_square, move.end) if top == SLIDER else move.path
        return (move.tip_square,) + tuple(hop)

    def _hand_turn_to(self, player: int) -> list[Json]:
        """Give `player` the turn; a Deblockle'd player passes; nobody able ends it,
        and so does a position come up a third time or too long without progress."""
        to_move = player_to_move(self.position, player, self.no_side_by_side)
        if to_move is None:
            return self._finish(self._stuck_winner(), "both_stuck")
        self.current_player = to_move
        events = (
            []
            if to_move == player
            else [{"type": "pass", "player": player, "reason": "deblockled"}]
        )
        self.positions.append(position_key(self.position, to_move))
        reason = draw_reason(self.positions)
        if reason:
            events += self._finish(None, reason)
        return events

    def _stuck_winner(self) -> int | None:
        gold, blue = self.position.removed
        return 0 if gold > blue else 1 if blue > gold else None

    def _finish(self, winner: int | None, reason: str) -> list[Json]:
        self.phase = "over"
        self.current_player = None
        self.result = {"winner": winner, "reason": reason, "removed": list(self.position.removed)}
        return [{"type": "game_over", **self.result}]

    # --- for drawing -------------------------------------------------------------

    def blocks(self) -> list[Json]:
        """Every block on the board: player, square and all six faces."""
        return [
            {"player": player, "square": square_name(sq), **faces(self.position.orientation(sq))}
            for player in (0, 1)
            for sq in sorted(self.position.squares[player])
        ]

    # --- saving ---------------------------------------------------------------------

    def to_json(self) -> Json:
        return {
            "version": VERSION,
            "options": {
                **self.options,
                "blocks": list(self.options["blocks"]),
                "start_squares": [list(s) for s in self.options["start_squares"]],
            },
            "phase": self.phase,
            "current_player": self.current_player,
            "blocks": [
                {"player": b["player"], "square": b["square"], "top": b["top"], "north": b["north"]}
                for b in self.blocks()
            ],
            "removed": list(self.position.removed),
            "to_place": [[FACE_NAMES[t] for t in tops] for tops in self.to_place],
            "result": None
            if self.result is None
            else {**self.result, "removed": list(self.result["removed"])},
            "history": list(self.history),
        }

    @classmethod
    def from_json(cls, data: object) -> "State":
        from .saving import state_from_json

        return state_from_json(data)


def _well_formed(move: Move | Placement) -> bool:
    """Fields of the right type and range (a move built in code, or from another device)."""
    if isinstance(move, Placement):
        return (
            is_int(move.square)
            and 0 <= move.square < 49
            and all(is_int(face) and 0 <= face < 6 for face in (move.top, move.north))
        )
    return (
        all(is_int(n) for n in (move.square, move.direction))
        and 0 <= move.square < 49
        and 0 <= move.direction < 4
        and isinstance(move.path, tuple)
        and len(move.path) <= 3
        and all(is_int(sq) and 0 <= sq < 49 for sq in move.path)
    )
