"""Straight Dominoes as every seat knows it, for a table of devices with no referee.

Each device holds only its own tiles (private.py; the deal is mental poker, app.fair.deck),
so the state shared by every device, and hashed after every move, holds what all seats
know: the layout and its ends, each hand's size, the boneyard's size, the scores, whose
turn it is and the history of the hand. It cannot know whether a seat holds the tile it
plays, or had a tile that fits when it drew or passed: a play of any tile not yet on the
table is taken as the seat's claim, and the claims are checked when the hand is over
(private.verify_hand, once the deck's keys are revealed). Rules: docs/rules/dominoes.md,
section 11 for what is particular to this engine.

Phases of a hand:
    "play"    as the ordinary engine (state.py): play, "draw" (the tile drawn reaches the
              drawer alone), "pass" (boneyard empty). It ends by a domino, a block (seen
              by every seat: the boneyard is empty and every tile that fits an open end
              is on the table) or a score reaching the target (rule 8.2).
    "reveal"  every seat with tiles left shows them, in seat order: "reveal 6-4,2-1"
              (as many as it holds, each once; whether they are its own is checked
              next); the hand is then scored exactly as the ordinary engine scores it.
    "check"   every seat in seat order: "check", once its device has verified the hand.
              After the last one the next hand starts (its deal is the protocol's: see
              app.remote.dominoes_deal) or, with the target reached, the game is over.

Events as the ordinary engine's (draw without its tile), and: show_hands {reason
"domino"|"blocked"|"target", seat}; reveal {seat, tiles}; check {seat}; the hand's
summary (hand_end) comes after the last reveal, game_over after the last check.
"""

from games.common.errors import IllegalMove
from games.common.protocol import Json
from games.common.rng import SeededRng

from .layout import ARMS, Layout
from .public_notation import ordered, parse_move
from .public_summary import hand_summary
from .scoring import play_points
from .table import Table
from .tiles import SET, Tile, name
from .tiles import from_json as tile_from_json

HAND_SIZE = 7
VERSION = 1
PLAY, REVEAL, CHECK, OVER = "play", "reveal", "check", "over"
PHASES = (PLAY, REVEAL, CHECK, OVER)
MOVE_KEYS = {
    "play": {"type", "tile", "end"},
    "draw": {"type"},
    "pass": {"type"},
    "reveal": {"type", "tiles"},
    "check": {"type"},
}
PHASE_MOVES = {PLAY: ("play", "draw", "pass"), REVEAL: ("reveal",), CHECK: ("check",)}


def new_game(options: Json | None = None, seed: int = 0) -> "PublicState":
    table = Table.from_options(options)
    state = PublicState(table)
    # The first leader as the ordinary engine draws it from the same seed (rule 3.3).
    state.leader = SeededRng(seed).randrange(table.seats)
    state._begin_hand()
    return state


class PublicState:
    def __init__(self, table: Table):
        self.table = table
        self.scores = [0] * table.team_count
        self.hand_number = 0
        self.leader = 0
        self.current = 0
        self.phase = PLAY
        self.hand_sizes = [HAND_SIZE] * table.seats
        self.boneyard = len(SET) - HAND_SIZE * table.seats  # how many tiles, not which
        self.layout = Layout()
        self.history: list[Json] = []  # the hand's play, draw and pass events
        self.ended: Json | None = None  # {"reason", "seat"} once the hand's play is over
        self.revealed: list[
            list[Tile] | None
        ] = []  # per seat: the tiles shown, or None while still to show
        self.checked = 0  # seats (0, 1, ...) that have checked the hand
        self.hand_summaries: list[Json] = []
        self.reached: Json | None = None  # the result, waiting for the hand's check
        self.result: Json | None = None

    # --- the protocol ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    def legal_moves(self) -> list[Json]:
        """Every move this engine accepts now. In the reveal phase that is the seat's
        own hand, which only its device knows (private.PrivateHand): none are listed."""
        if self.phase == CHECK:
            return [{"type": "check"}]
        if self.phase != PLAY:
            return []
        unseen = self.unseen()
        if self.layout.is_empty:
            return [{"type": "play", "tile": list(t), "end": None} for t in unseen]
        moves = [
            {"type": "play", "tile": list(t), "end": e.end}
            for t in unseen
            for e in self.layout.open_ends()
            if e.value in t
        ]
        return moves + [{"type": "draw"} if self.boneyard else {"type": "pass"}]

    def apply(self, move: object) -> list[Json]:
        if self.is_over:
            raise IllegalMove("dominoes.game_over")
        if isinstance(move, str):
            move = parse_move(move)
        if not isinstance(move, dict):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        kind = move.get("type")
        if (
            not isinstance(kind, str)
            or set(move) != MOVE_KEYS.get(kind)
            or kind not in PHASE_MOVES[self.phase]
        ):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        if kind == "play":
            if move["end"] is not None and move["end"] not in ARMS:
                raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
            return self._play(move)
        if kind == "draw":
            return self._draw()
        if kind == "pass":
            return self._pass()
        if kind == "reveal":
            return self._reveal(move)
        return self._check()

    def team_of(self, seat: int) -> int:
        return self.table.team_of(seat)

    def unseen(self) -> list[Tile]:
        """The tiles not on the table: in the hands or the boneyard (in SET order)."""
        on_table = set(self.layout.tiles())
        return [t for t in SET if t not in on_table]

    # --- play -----------------------------------------------------------------

    def _play(self, move: Json) -> list[Json]:
        seat = self.current
        t = tile_from_json(move["tile"])
        end = move["end"]
        if t in self.layout.tiles():
            raise IllegalMove("dominoes.not_in_hand", tile=name(t))
        if end is None and not self.layout.is_empty:
            raise IllegalMove("dominoes.end_required")
        onto = self.layout.tile_at_end(end)
        placed = self.layout.place(t, end)
        self.hand_sizes[seat] -= 1
        self.history.append({"type": "play", "seat": seat, "tile": list(t), "end": end})
        count = self.layout.count()
        events = [
            {
                "type": "play",
                "seat": seat,
                "tile": list(t),
                "end": end,
                "placed": list(placed),
                "spinner": t[0] == t[1] and self.layout.root == t,
                "onto": list(onto) if onto else None,
                "onto_spinner": onto is not None
                and onto[0] == onto[1]
                and self.layout.root == onto,
                "count": count,
                "tiles_left": self.hand_sizes[seat],
            }
        ]
        points = play_points(count)
        if points:
            event = {"type": "score", "seat": seat, "count": count}
            events.extend(self._credit(self.table.team_of(seat), points, event))
            if self.reached:
                return events + self._show_hands("target", seat)
        if not self.hand_sizes[seat]:
            return events + self._show_hands("domino", seat)
        return events + self._after_turn(self.table.next_seat(seat))

    def _draw(self) -> list[Json]:
        seat = self.current
        if self.layout.is_empty:
            raise IllegalMove("dominoes.must_play_not_draw")  # the lead is played (rule 4.1)
        if not self.boneyard:
            raise IllegalMove("dominoes.boneyard_empty")
        self.boneyard -= 1
        self.hand_sizes[seat] += 1
        self.history.append({"type": "draw", "seat": seat})
        events = [{"type": "draw", "seat": seat, "boneyard": self.boneyard}]
        return events + self._after_turn(seat)

    def _pass(self) -> list[Json]:
        seat = self.current
        if self.layout.is_empty:
            raise IllegalMove("dominoes.must_play_not_pass")
        if self.boneyard:
            raise IllegalMove("dominoes.must_draw_not_pass")
        self.history.append({"type": "pass", "seat": seat})
        return [{"type": "pass", "seat": seat}] + self._after_turn(self.table.next_seat(seat))

    def blocked(self) -> bool:
        """Rule 7.2 as every seat can see it: with the boneyard empty every tile off the
        table is in a hand, so nobody can play exactly when every tile that fits an open
        end is on the table."""
        if self.boneyard or self.layout.is_empty:
            return False
        values = {e.value for e in self.layout.open_ends()}
        return not any(t[0] in values or t[1] in values for t in self.unseen())

    def _after_turn(self, next_seat: int) -> list[Json]:
        if self.blocked():
            return self._show_hands("blocked", None)
        self.current = next_seat
        return []

    def _credit(self, team: int, points: int, event: Json) -> list[Json]:
        self.scores[team] += points
        event.update({"team": team, "points": points, "scores": list(self.scores)})
        self._reach(team)  # over at once (rule 8.2), but shown so once the hand is checked
        return [event]

    def _reach(self, team: int) -> None:
        if self.scores[team] >= self.table.target:
            scores = list(self.scores)
            self.reached = {
                "winner_team": team,
                "winners": self.table.members(team),
                "scores": scores,
            }

    # --- the end of a hand ----------------------------------------------------------

    def _show_hands(self, reason: str, seat: int | None) -> list[Json]:
        self.phase = REVEAL
        self.ended = {"reason": reason, "seat": seat}
        self.revealed = [None if size else [] for size in self.hand_sizes]
        self.current = self._next_to_reveal()
        return [{"type": "show_hands", "reason": reason, "seat": seat}]

    def _next_to_reveal(self) -> int:
        return next(seat for seat, tiles in enumerate(self.revealed) if tiles is None)

    def _reveal(self, move: Json) -> list[Json]:
        seat = self.current
        if not isinstance(move["tiles"], list):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        tiles = ordered(move["tiles"])
        # A tile on the table or shown by another seat is taken too: it proves that some
        # seat lied, and refusing it would leave an honest holder unable to show its hand
        # (a tile it holds played by a cheater); the check says who (rule 11.6).
        if len(tiles) != self.hand_sizes[seat] or len(set(tiles)) != len(tiles):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        self.revealed[seat] = tiles
        events = [{"type": "reveal", "seat": seat, "tiles": [list(t) for t in tiles]}]
        if any(shown is None for shown in self.revealed):
            self.current = self._next_to_reveal()
            return events
        self.phase, self.checked, self.current = CHECK, 0, 0
        assert self.ended is not None  # set when the play phase ended
        if self.ended["reason"] == "target":
            return events  # the game was won during play: no hand score (rule 8.2)
        return events + [self._score_hand()]

    def _score_hand(self) -> Json:
        summary = hand_summary(self)
        winner, points = summary["winner_team"], summary["points"]
        if winner is not None:
            self.scores[winner] += points
            self._reach(winner)
        summary["scores"] = list(self.scores)
        self.hand_summaries.append(summary)
        return dict(summary)

    def _check(self) -> list[Json]:
        events: list[Json] = [{"type": "check", "seat": self.current}]
        self.checked += 1
        if self.checked < self.table.seats:
            self.current = self.checked
            return events
        if self.reached:
            self.result, self.phase = dict(self.reached), OVER
            return events + [{"type": "game_over", **self.result}]
        self.hand_number += 1
        self.leader = self.table.next_seat(self.leader)  # rule 3.3
        return events + self._begin_hand()

    def _begin_hand(self) -> list[Json]:
        seats = self.table.seats
        self.phase = PLAY
        self.hand_sizes = [HAND_SIZE] * seats
        self.boneyard = len(SET) - HAND_SIZE * seats
        self.layout = Layout()
        self.history, self.ended, self.revealed, self.checked = [], None, [], 0
        self.current = self.leader
        return [
            {
                "type": "deal",
                "hand": self.hand_number,
                "leader": self.leader,
                "hand_sizes": list(self.hand_sizes),
                "boneyard": self.boneyard,
            }
        ]

    # --- views, copies, JSON ---------------------------------------------------

    def view_for(self, seat: int) -> Json:
        from .public_view import view_for

        return view_for(self, seat)

    def copy(self) -> "PublicState":
        return PublicState.from_json(self.to_json())

    def to_json(self) -> Json:
        from .public_persist import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> "PublicState":
        from .public_persist import state_from_json

        return state_from_json(cls, data)
