"""What a seat can infer from its view: the unseen tiles and who cannot hold what.

Replaying the public history of the hand gives, for each other seat, one
"slot" per tile it holds, each with the numbers that tile cannot show: when a
seat draws or passes it holds no tile matching any open end, so every tile it
held then lacks those numbers (tiles drawn later are not bound by it). Which
slot a played tile came from is unknown; taking the most constrained slot it
fits leaves the loosest constraints on the rest, so no possible deal is ruled
out. The replay also keeps each play of the other seats with the ends it was
played on, for judging how likely a dealt world makes those choices.
"""

from games.common.protocol import Json

from ..layout import Layout
from ..tiles import SET, Tile
from ..tiles import from_json as tile_from_json
from .fastsim import TILE_ID, Ends, ends_from_layout


class Slot:
    __slots__ = ("acquired", "forbidden")

    def __init__(self, acquired: int):
        self.forbidden: set[int] = set()
        self.acquired = acquired  # index of the history event that brought the tile


class Play:
    """A play by another seat: who, when, on which ends, which tile and arm,
    and since when that seat held the tile (as far as can be told)."""

    __slots__ = ("arm", "ends", "held_since", "index", "seat", "tile")

    def __init__(self, seat: int, index: int, ends: Ends, tile: int, arm: int, held_since: int):
        self.seat, self.index, self.ends = seat, index, ends
        self.tile, self.arm, self.held_since = tile, arm, held_since


class Knowledge:
    def __init__(self, view: Json):
        self.seat: int = view["seat"]
        self.hand = [TILE_ID[tile_from_json(t)] for t in view["hand"]]
        self.hand_sizes = list(view["hand_sizes"])
        self.boneyard_size: int = view["boneyard"]
        self.layout = Layout.from_json(view["layout"])
        seen = set(self.hand) | {TILE_ID[t] for t in self.layout.tiles()}
        self.unseen = [t for t in range(len(SET)) if t not in seen]
        self.plays: list[Play] = []
        self.slots = self._replay(view)

    def _replay(self, view: Json) -> list[list[Slot]]:
        """slots[seat] = one Slot per tile that seat holds now."""
        seats = len(self.hand_sizes)
        slots = [[Slot(-1) for _ in range(7)] for _ in range(seats)]
        replay = Layout()
        arms = "WENS"
        for index, event in enumerate(view["history"]):
            seat = event["seat"]
            kind = event["type"]
            if kind == "play":
                t = tile_from_json(event["tile"])
                end = event.get("end")
                if seat != self.seat:
                    slot = _remove_slot_for(slots[seat], t)
                    self.plays.append(
                        Play(
                            seat,
                            index,
                            ends_from_layout(replay),
                            TILE_ID[t],
                            -1 if end is None else arms.index(end),
                            slot.acquired,
                        )
                    )
                replay.place(t, end)
            else:
                values = {e.value for e in replay.open_ends()}
                for slot in slots[seat]:
                    slot.forbidden |= values
                if kind == "draw":
                    slots[seat].append(Slot(index))
        slots[self.seat] = []
        for seat in range(seats):
            if seat != self.seat and len(slots[seat]) != self.hand_sizes[seat]:
                # History and sizes disagree (should not happen): fall back to no knowledge.
                slots[seat] = [Slot(-1) for _ in range(self.hand_sizes[seat])]
        return slots


def _remove_slot_for(slots: list[Slot], t: Tile) -> Slot:
    best = None
    for index, slot in enumerate(slots):
        fits = t[0] not in slot.forbidden and t[1] not in slot.forbidden
        if fits and (best is None or len(slot.forbidden) > len(slots[best].forbidden)):
            best = index
    return slots.pop(best if best is not None else len(slots) - 1)
