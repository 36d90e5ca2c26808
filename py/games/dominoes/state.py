"""The game state: deals, turns, the draw rule, scoring, hands and the game.

Moves are dicts: {"type": "play", "tile": [5, 3], "end": "E"} (end None for
the lead), {"type": "draw"}, {"type": "pass"}; notation strings ("5-3@E",
"draw", "pass") are accepted too. `apply` returns JSON-friendly events.
"""

from games.common.errors import IllegalMove
from games.common.protocol import Json
from games.common.rng import SeededRng

from .layout import ARMS, Layout
from .notation import parse_move
from .scoring import blocked_winner, play_points, round_to_five
from .table import Table
from .tiles import SET, Tile, pips
from .tiles import from_json as tile_from_json

HAND_SIZE = 7
MOVE_KEYS = {"play": {"type", "tile", "end"}, "draw": {"type"}, "pass": {"type"}}
VERSION = 1


def new_game(options: Json | None = None, seed: int = 0) -> "State":
    table = Table.from_options(options)
    rng = SeededRng(seed)
    state = State(table, rng)
    state.leader = rng.randrange(table.seats)  # the first hand's leader is random
    state._deal()
    return state


class State:
    def __init__(self, table: Table, rng: SeededRng):
        self.table = table
        self.rng = rng
        self.scores = [0] * table.team_count
        self.hand_number = 0
        self.leader = 0
        self.current = 0
        self.hands: list[list[Tile]] = [[] for _ in range(table.seats)]
        self.boneyard: list[Tile] = []  # drawn from the end
        self.layout = Layout()
        self.history: list[Json] = []  # public events of the hand in progress
        self.hand_summaries: list[Json] = []  # one hand_end event per finished hand
        self.result: Json | None = None

    # --- the protocol ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    def legal_moves(self) -> list[Json]:
        if self.is_over:
            return []
        hand = self.hands[self.current]
        if self.layout.is_empty:
            return [{"type": "play", "tile": list(t), "end": None} for t in hand]
        plays = self._plays(hand)
        if plays:
            return plays
        return [{"type": "draw"}] if self.boneyard else [{"type": "pass"}]

    def apply(self, move: object) -> list[Json]:
        if self.is_over:
            raise IllegalMove("dominoes.game_over")
        if isinstance(move, str):
            move = parse_move(move)
        if not isinstance(move, dict):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        kind = move.get("type")
        if not isinstance(kind, str) or set(move) != MOVE_KEYS.get(kind):
            raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
        if kind == "play":
            if move["end"] is not None and move["end"] not in ARMS:
                raise IllegalMove("dominoes.bad_move", move=str(move)[:40])
            return self._play(move)
        if kind == "draw":
            return self._draw()
        return self._pass()

    def team_of(self, seat: int) -> int:
        return self.table.team_of(seat)

    # --- moves ----------------------------------------------------------------

    def _plays(self, hand: list[Tile]) -> list[Json]:
        ends = self.layout.open_ends()
        return [
            {"type": "play", "tile": list(t), "end": e.end}
            for t in hand
            for e in ends
            if e.value in t
        ]

    def _can_play(self, seat: int) -> bool:
        if self.layout.is_empty:
            return bool(self.hands[seat])
        values = {e.value for e in self.layout.open_ends()}
        return any(t[0] in values or t[1] in values for t in self.hands[seat])

    def _play(self, move: Json) -> list[Json]:
        seat = self.current
        t = tile_from_json(move.get("tile"))
        end = move.get("end")
        if t not in self.hands[seat]:
            raise IllegalMove("dominoes.not_in_hand", tile=f"{t[0]}-{t[1]}")
        if end is None and not self.layout.is_empty:
            raise IllegalMove("dominoes.end_required")
        onto = self.layout.tile_at_end(end)
        placed = self.layout.place(t, end)
        self.hands[seat].remove(t)
        self.history.append({"type": "play", "seat": seat, "tile": list(t), "end": end})
        count = self.layout.count()
        onto_spinner = onto is not None and onto[0] == onto[1] and self.layout.root == onto
        events = [
            {
                "type": "play",
                "seat": seat,
                "tile": list(t),
                "end": end,
                "placed": list(placed),
                "spinner": t[0] == t[1] and self.layout.root == t,
                # the tile it was laid against, and whether that is the spinner
                "onto": list(onto) if onto else None,
                "onto_spinner": onto_spinner,
                "count": count,
                "tiles_left": len(self.hands[seat]),
            }
        ]
        points = play_points(count)
        if points:
            events.extend(self._add_points(seat, points, count))
            if self.is_over:
                return events
        if not self.hands[seat]:
            return events + self._end_hand("domino", seat)
        return events + self._after_turn(next_seat=self.table.next_seat(seat))

    def _draw(self) -> list[Json]:
        seat = self.current
        if self._can_play(seat):
            raise IllegalMove("dominoes.must_play_not_draw")
        if not self.boneyard:
            raise IllegalMove("dominoes.boneyard_empty")
        t = self.boneyard.pop()
        self.hands[seat].append(t)
        self.history.append({"type": "draw", "seat": seat})
        # "tile" is private to the drawer: see public_event().
        events = [{"type": "draw", "seat": seat, "boneyard": len(self.boneyard), "tile": list(t)}]
        return events + self._after_turn(next_seat=seat)

    def _pass(self) -> list[Json]:
        seat = self.current
        if self._can_play(seat):
            raise IllegalMove("dominoes.must_play_not_pass")
        if self.boneyard:
            raise IllegalMove("dominoes.must_draw_not_pass")
        self.history.append({"type": "pass", "seat": seat})
        events = [{"type": "pass", "seat": seat}]
        return events + self._after_turn(next_seat=self.table.next_seat(seat))

    def _after_turn(self, next_seat: int) -> list[Json]:
        if not self.boneyard and not any(self._can_play(s) for s in range(self.table.seats)):
            return self._end_hand("blocked", None)
        self.current = next_seat
        return []

    # --- scoring and the end of hands ------------------------------------------

    def _add_points(self, seat: int, points: int, count: int) -> list[Json]:
        team = self.table.team_of(seat)
        return self._credit(team, points, {"type": "score", "seat": seat, "count": count})

    def _credit(self, team: int, points: int, event: Json) -> list[Json]:
        self.scores[team] += points
        event.update({"team": team, "points": points, "scores": list(self.scores)})
        events = [event]
        if self.scores[team] >= self.table.target:
            # The game ends the moment a score reaches the target, even mid-hand.
            self.result = {
                "winner_team": team,
                "winners": self.table.members(team),
                "scores": list(self.scores),
            }
            events.append({"type": "game_over", **self.result})
        return events

    def _end_hand(self, reason: str, domino_seat: int | None) -> list[Json]:
        table = self.table
        seat_pips = [sum(pips(t) for t in hand) for hand in self.hands]
        team_pips = [
            sum(seat_pips[s] for s in table.members(team)) for team in range(table.team_count)
        ]
        winner: int | None
        if reason == "domino":
            assert domino_seat is not None  # the seat that played its last tile
            winner = table.team_of(domino_seat)
        else:
            winner = blocked_winner(team_pips)
        raw = (
            0
            if winner is None
            else sum(p for s, p in enumerate(seat_pips) if table.team_of(s) != winner)
        )
        points = round_to_five(raw) if winner is not None else 0
        summary = {
            "type": "hand_end",
            "hand": self.hand_number,
            "reason": reason,
            "seat": domino_seat,
            "winner_team": winner,
            "pips": seat_pips,
            "team_pips": team_pips,
            "raw": raw,
            "points": points,
            "hands": [[list(t) for t in hand] for hand in self.hands],
            "layout": self.layout.to_json(),  # the table as the hand ended
        }
        if winner is not None:
            self.scores[winner] += points
        summary["scores"] = list(self.scores)
        self.hand_summaries.append(summary)
        events = [summary]
        if winner is not None and self.scores[winner] >= table.target:
            self.result = {
                "winner_team": winner,
                "winners": table.members(winner),
                "scores": list(self.scores),
            }
            return events + [{"type": "game_over", **self.result}]
        self.hand_number += 1
        self.leader = table.next_seat(self.leader)  # later hands: next leader to the left
        return events + self._deal()

    def _deal(self) -> list[Json]:
        tiles = list(SET)
        self.rng.shuffle(tiles)
        seats = self.table.seats
        self.hands = [tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(seats)]
        self.boneyard = tiles[seats * HAND_SIZE :]
        self.layout = Layout()
        self.history = []
        self.current = self.leader
        return [
            {
                "type": "deal",
                "hand": self.hand_number,
                "leader": self.leader,
                "hand_sizes": [len(h) for h in self.hands],
                "boneyard": len(self.boneyard),
            }
        ]

    # --- views, copies, JSON ---------------------------------------------------

    def view_for(self, seat: int) -> Json:
        from .view import view_for

        return view_for(self, seat)

    def copy(self) -> "State":
        return State.from_json(self.to_json())

    def to_json(self) -> Json:
        return {
            "version": VERSION,
            "options": self.table.to_json(),
            "rng": self.rng.to_json(),
            "scores": list(self.scores),
            "hand_number": self.hand_number,
            "leader": self.leader,
            "current": self.current,
            "hands": [[list(t) for t in hand] for hand in self.hands],
            "boneyard": [list(t) for t in self.boneyard],
            "layout": self.layout.to_json(),
            "history": [dict(e) for e in self.history],
            "hand_summaries": [dict(s) for s in self.hand_summaries],
            "result": dict(self.result) if self.result else None,
        }

    @classmethod
    def from_json(cls, data: object) -> "State":
        from .persist import state_from_json

        return state_from_json(cls, data)


def public_event(event: Json) -> Json:
    """The event as every seat may see it (a drawn tile is the drawer's secret)."""
    return {k: v for k, v in event.items() if not (event.get("type") == "draw" and k == "tile")}
