"""Battleship between two devices with no referee: the state both devices know.

Each device holds its own fleet only (private.py). The state they share, and hash after
every move, holds what both players know: the commitment each seat sent at Ready, every
volley and the answer its target gave, and at the end the fleets shown. Whether an answer
is true cannot be known until the fleets are shown: an answer is refused only when no
fleet could give it, and checked against the fleet when it is shown (public_check.py).
Rules: docs/rules/battleship.md, section 12 for what is particular to this engine.

Phases (moves in public_notation.py; every move is made by `current_player`):
    "placement"  red, then blue: "N ready <commitment>" (both place at once, each on its
                 own device; a blue Ready waits for red's)
    "battle"     the shooter fires ("fire D4", a salvo by the mode's count); the target
                 answers ("N answer ..."); then the target fires, and so on (4.1, 4.3).
                 When the answers say a fleet is all sunk (its 17 squares hit: 6.3, 7.6,
                 8.4) the battle is decided
    "reveal"     the losing seat, then the winning one: "N reveal <fleet> <salt>"; after
                 the second the fleets and every answer are checked, and the game is over
    "over"       `result`: {"winner", "turns", "shots"} as the ordinary engine's, and
                 "cheaters" (seats the check names, whose game then has no winner) and
                 "problems" (public_check.py)

Events: ready, battle_started, fired {player, squares}, shots {as state.public_record},
decided {winner}, reveal {player}, checked {cheaters, problems}, game_over {winner}.
"""

from games.common.checks import is_int
from games.common.commitment import is_hex64
from games.common.errors import IllegalMove
from games.common.protocol import Json

from .fleet import LENGTH, SHIP_IDS
from .grid import SQUARES, mask_of, square_index, square_name
from .options import normalise_options
from .public_answer import checked_answer
from .public_check import verify
from .public_notation import parse_move
from .state import PLAYERS, RED

VERSION = 1
PLACEMENT, BATTLE, REVEAL, OVER = "placement", "battle", "reveal", "over"
MOVE_KEYS = {
    "ready": [{"type", "player", "commitment"}],
    "fire": [{"type", "squares"}, {"type", "player", "squares"}],
    "answer": [{"type", "player", "shots", "sunk"}, {"type", "player", "hits"}],
    "reveal": [{"type", "player", "ships", "salt"}],
}
# The fewest hits that sink k ships: the k shortest ships' lengths added up.
_FEWEST_HITS = [sum(sorted(LENGTH.values())[:k]) for k in range(len(SHIP_IDS) + 1)]


def new_game(options: Json | None = None, seed: int = 0) -> "PublicState":
    """The seed draws nothing: each fleet is placed on its own device (private.py)."""
    return PublicState(normalise_options(options))


def most_sunk(hits: int) -> int:
    """The most ships `hits` hits can have sunk."""
    return max(k for k, fewest in enumerate(_FEWEST_HITS) if fewest <= hits)


class PublicState:
    def __init__(self, options: Json):
        self.options = options
        self.commitments: list[str | None] = [None, None]
        # {"player": shooter, "squares": [names], "answer": the public record, or None}
        self.volleys: list[Json] = []
        self.called = [0, 0]  # mask of the squares each seat has called
        self.hits = [0, 0]  # hits answered on each seat's fleet
        self.sunk: list[list[str]] = [[], []]  # ships each seat answered sunk, in order
        self.named: list[dict[str, int]] = [{}, {}]  # hits answered naming each ship
        self.decided: int | None = None  # the winner, as the answers tell it
        self.reveals: list[Json | None] = [None, None]  # {"ships", "salt"} once shown
        self.result: Json | None = None

    # --- the protocol ---------------------------------------------------------------
    @property
    def mode(self) -> str:
        mode: str = self.options["mode"]
        return mode

    @property
    def phase(self) -> str:
        if self.result is not None:
            return OVER
        if self.decided is not None:
            return REVEAL
        return BATTLE if all(c is not None for c in self.commitments) else PLACEMENT

    @property
    def pending(self) -> Json | None:
        """The volley waiting for its target's answer."""
        if self.volleys and self.volleys[-1]["answer"] is None:
            return self.volleys[-1]
        return None

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == PLACEMENT:
            return RED if self.commitments[RED] is None else 1 - RED
        if phase == BATTLE:
            pending = self.pending
            return len(self.volleys) % 2 if pending is None else 1 - pending["player"]
        if phase == REVEAL:
            assert self.decided is not None
            loser = 1 - self.decided
            return loser if self.reveals[loser] is None else self.decided
        return None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def open_squares(self, seat: int) -> list[str]:
        called = self.called[seat]
        return [square_name(i) for i in range(SQUARES) if not called >> i & 1]

    def salvo_sizes(self, seat: int) -> tuple[int, int]:
        """The fewest and the most squares `seat` may call on its turn: one in the classic
        game; in Salvo one per ship it has not answered sunk (7.1, 7.2); in Advanced
        Salvo its ships afloat are its own secret, so any number its earlier salvos and
        the hits answered on its fleet allow (checked when its fleet is shown)."""
        uncalled = SQUARES - self.called[seat].bit_count()
        if self.mode == "classic":
            return 1, 1
        if self.mode == "salvo":
            count = min(len(SHIP_IDS) - len(self.sunk[seat]), uncalled)
            return count, count
        earlier = [len(v["squares"]) for v in self.volleys if v["player"] == seat]
        most = min(earlier[-1] if earlier else len(SHIP_IDS), uncalled)
        return min(uncalled, len(SHIP_IDS) - most_sunk(self.hits[seat])), most

    def legal_moves(self) -> list[Json]:
        """The moves this engine can list: a classic shot at each open square. A salvo is
        any `salvo_sizes` of the open squares, too many to list; a ready, an answer and a
        reveal are the seat's own to make (private.PrivateFleet)."""
        if self.phase != BATTLE or self.pending is not None or self.mode != "classic":
            return []
        shooter = self.current_player
        assert shooter is not None
        return [{"type": "fire", "squares": [name]} for name in self.open_squares(shooter)]

    def apply(self, move: object) -> list[Json]:
        """Apply a move, returning its events; IllegalMove (the state unchanged) when it is
        malformed, out of turn, or no fleet could make it."""
        if isinstance(move, str):
            move = parse_move(move)
        if not isinstance(move, dict):
            raise IllegalMove("battleship.unknown_move")
        kind = move.get("type")
        if not isinstance(kind, str) or set(move) not in MOVE_KEYS.get(kind, []):
            raise IllegalMove("battleship.unknown_move")
        if self.is_over:
            raise IllegalMove("battleship.game_over")
        player = move.get("player", self.current_player)
        if not is_int(player) or player not in PLAYERS:
            raise IllegalMove("battleship.bad_player")
        if player != self.current_player:
            raise IllegalMove("battleship.not_your_turn")
        handlers = {
            "ready": self._ready,
            "fire": self._fire,
            "answer": self._answer,
            "reveal": self._reveal,
        }
        return handlers[kind](player, move)

    # --- the moves ---------------------------------------------------------------------
    def _ready(self, player: int, move: Json) -> list[Json]:
        if self.phase != PLACEMENT:
            raise IllegalMove("battleship.fleet_locked")
        if not is_hex64(move["commitment"]):
            raise IllegalMove("battleship.unknown_move")
        self.commitments[player] = move["commitment"]
        events = [{"type": "ready", "player": player}]
        if self.phase == BATTLE:
            events.append({"type": "battle_started", "first": RED})
        return events

    def _in_battle(self) -> None:
        phase = self.phase
        if phase == PLACEMENT:
            raise IllegalMove("battleship.not_started")
        if phase == REVEAL:
            raise IllegalMove("battleship.reveal_due")

    def _fire(self, shooter: int, move: Json) -> list[Json]:
        self._in_battle()
        if self.pending is not None:
            raise IllegalMove("battleship.answer_due")
        names = move["squares"]
        if not isinstance(names, list):
            raise IllegalMove("battleship.unknown_move")
        squares, seen = [], 0
        for name in names:
            square = square_index(name)
            if square is None:
                raise IllegalMove("battleship.bad_square", square=str(name)[:8])
            if self.called[shooter] >> square & 1:
                raise IllegalMove("battleship.already_called", square=square_name(square))
            if seen >> square & 1:
                raise IllegalMove("battleship.repeated_in_salvo", square=square_name(square))
            seen |= 1 << square
            squares.append(square)
        fewest, most = self.salvo_sizes(shooter)
        if fewest == most and len(squares) != most:
            raise IllegalMove("battleship.wrong_shot_count", expected=most, given=len(squares))
        if not fewest <= len(squares) <= most:
            raise IllegalMove("battleship.impossible_salvo", given=len(squares))
        called = [square_name(i) for i in squares]
        self.volleys.append({"player": shooter, "squares": called, "answer": None})
        self.called[shooter] |= mask_of(squares)
        return [{"type": "fired", "player": shooter, "squares": called}]

    def _answer(self, target: int, move: Json) -> list[Json]:
        self._in_battle()
        volley = self.pending
        if volley is None:
            raise IllegalMove("battleship.nothing_to_answer")
        record = checked_answer(self, volley, move)
        volley["answer"] = record
        self.hits[target] += record["hits"]
        self.sunk[target] += record.get("sunk", [])
        for shot in record["shots"]:
            if "ship" in shot:
                self.named[target][shot["ship"]] = self.named[target].get(shot["ship"], 0) + 1
        events = [{"type": "shots", **_copy_record(record)}]
        if self.hits[target] == sum(LENGTH.values()):
            self.decided = volley["player"]
            events.append({"type": "decided", "winner": self.decided})
        return events

    def _reveal(self, player: int, move: Json) -> list[Json]:
        if self.phase != REVEAL:
            raise IllegalMove("battleship.reveal_too_soon")
        ships, salt = move["ships"], move["salt"]
        if not (
            is_hex64(salt)
            and isinstance(ships, list)
            and len(ships) == len(SHIP_IDS)
            and all(
                isinstance(ship, list) and len(ship) == 3 and all(isinstance(w, str) for w in ship)
                for ship in ships
            )
        ):
            raise IllegalMove("battleship.unknown_move")
        self.reveals[player] = {"ships": [list(ship) for ship in ships], "salt": salt}
        events = [{"type": "reveal", "player": player}]
        if any(shown is None for shown in self.reveals):
            return events
        problems = verify(self)
        cheaters = sorted({problem["seat"] for problem in problems})
        shots = [0, 0]
        for volley in self.volleys:
            shots[volley["player"]] += len(volley["squares"])
        self.result = {
            "winner": None if cheaters else self.decided,
            "turns": len(self.volleys),
            "shots": shots,
            "cheaters": cheaters,
            "problems": problems,
        }
        checked = {"type": "checked", "cheaters": cheaters, "problems": [dict(p) for p in problems]}
        return events + [checked, {"type": "game_over", "winner": self.result["winner"]}]

    # --- views, copies, JSON -----------------------------------------------------------
    def view_for(self, seat: int) -> Json:
        from .public_view import view_for

        return view_for(self, seat)

    def copy(self) -> "PublicState":
        twin = PublicState(dict(self.options))
        twin.commitments = list(self.commitments)
        twin.volleys = [
            {
                **v,
                "squares": list(v["squares"]),
                "answer": None if v["answer"] is None else _copy_record(v["answer"]),
            }
            for v in self.volleys
        ]
        twin.called, twin.hits = list(self.called), list(self.hits)
        twin.sunk = [list(ships) for ships in self.sunk]
        twin.named = [dict(counts) for counts in self.named]
        twin.decided = self.decided
        twin.reveals = [_copy_reveal(shown) for shown in self.reveals]
        twin.result = _copy_result(self.result)
        return twin

    def to_json(self) -> Json:
        from .public_persist import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> "PublicState":
        from .public_persist import state_from_json

        return state_from_json(cls, data)


def _copy_record(record: Json) -> Json:
    copied = {**record, "shots": [dict(shot) for shot in record["shots"]]}
    if "sunk" in record:
        copied["sunk"] = list(record["sunk"])
    return copied


def _copy_reveal(shown: Json | None) -> Json | None:
    return (
        None
        if shown is None
        else {"ships": [list(s) for s in shown["ships"]], "salt": shown["salt"]}
    )


def _copy_result(result: Json | None) -> Json | None:
    if result is None:
        return None
    return {
        **result,
        "shots": list(result["shots"]),
        "cheaters": list(result["cheaters"]),
        "problems": [dict(p) for p in result["problems"]],
    }
