"""What a player knows about the other's hidden fleet, read from their view.

Everything here comes from `State.view_for(player)`: the announced results of
the player's own shots, and the sizes of the other's salvos (which, in Advanced
Salvo, are the only news of sinkings).
"""

from games.common.protocol import Json

from ..fleet import SHIP_IDS
from ..grid import SQUARES, square_index


class Knowledge:
    def __init__(self, view: Json):
        self.mode: str = view["mode"]
        self.shot = 0  # every square called so far
        self.hits = 0  # squares announced as hits (not in Advanced Salvo)
        self.hits_by_ship = dict.fromkeys(SHIP_IDS, 0)  # when ships are named
        self.sunk: dict[str, int] = {}  # ship id -> index of the own turn that sank it
        self.turns: list[int] = []  # mask of the squares called on each own turn
        # Advanced Salvo: (mask of the salvo, number of hits)
        self.salvos: list[tuple[int, int]] = []
        self.named: bool = view["announce_ship"] and self.mode != "advanced_salvo"
        for turn, record in enumerate(view["shots"]):
            self._read(turn, record)
        self.sunk_counts = self._sunk_counts(view) if self.mode == "advanced_salvo" else {}
        self.shots_allowed: int = view["shots_allowed"]

    def _read(self, turn: int, record: Json) -> None:
        salvo = 0
        for shot in record["shots"]:
            square = square_index(shot["square"])
            if square is None:
                raise ValueError(f"not a square: {shot['square']!r}")
            bit = 1 << square
            salvo |= bit
            if shot.get("result") == "hit":
                self.hits |= bit
                if "ship" in shot:
                    self.hits_by_ship[shot["ship"]] |= bit
        self.shot |= salvo
        self.turns.append(salvo)
        if self.mode == "advanced_salvo":
            self.salvos.append((salvo, record["hits"]))
        for ship_id in record.get("sunk", ()):
            self.sunk[ship_id] = turn

    @staticmethod
    def _sunk_counts(view: Json) -> dict[int, int]:
        """Advanced Salvo: {m: ships sunk by the first m own turns}, read from the
        size of each of the other's salvos (one shot per ship afloat). A salvo
        cut short because its caller had fewer squares left tells nothing."""
        me = view["player"]
        counts: dict[int, int] = {}
        called = 0
        for j, record in enumerate(view["incoming"]):
            size = len(record["shots"])
            if size < SQUARES - called:
                # The other's j-th turn follows the first j + 1 (red) or j (blue) own turns.
                own_turns = j + 1 if me == 0 else j
                if own_turns <= len(view["shots"]):
                    counts[own_turns] = len(SHIP_IDS) - size
            called += size
        return counts

    @property
    def misses(self) -> int:
        """Squares known to be empty (Advanced Salvo: those of salvos with no hit)."""
        if self.mode == "advanced_salvo":
            empty = 0
            for salvo, hits in self.salvos:
                if hits == 0:
                    empty |= salvo
            return empty
        return self.shot & ~self.hits

    def unsunk(self) -> list[str]:
        return [ship_id for ship_id in SHIP_IDS if ship_id not in self.sunk]

    def open_squares(self) -> list[int]:
        return [i for i in range(SQUARES) if not self.shot >> i & 1]
