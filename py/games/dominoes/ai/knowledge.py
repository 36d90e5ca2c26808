"""What a seat can infer from its view: the unseen tiles and who cannot hold what.

Replaying the public history of the hand gives, for each other seat, one
"slot" per tile it holds, each with the numbers that tile cannot show: when a
seat draws or passes it holds no tile matching any open end, so every tile it
held then lacks those numbers (tiles drawn later are not bound by it). Which
slot a played tile came from is unknown; taking the most constrained slot it
fits leaves the loosest constraints on the rest, so no possible deal is ruled
out.
"""

from ..layout import Layout
from ..tiles import SET, from_json as tile_from_json
from .fastsim import TILE_ID


class Knowledge:
    def __init__(self, view: dict):
        self.seat = view["seat"]
        self.hand = [TILE_ID[tile_from_json(t)] for t in view["hand"]]
        self.hand_sizes = list(view["hand_sizes"])
        self.boneyard_size = view["boneyard"]
        self.layout = Layout.from_json(view["layout"])
        seen = set(self.hand) | {TILE_ID[t] for t in self.layout.tiles()}
        self.unseen = [t for t in range(len(SET)) if t not in seen]
        self.slots = self._slots(view)

    def _slots(self, view) -> list:
        """slots[seat] = list of forbidden-number sets, one per tile held."""
        seats = len(self.hand_sizes)
        # Hands start at 7; a seat's opening slots are bound by nothing yet.
        slots = [[set() for _ in range(7)] for _ in range(seats)]
        replay = Layout()
        for event in view["history"]:
            seat = event["seat"]
            kind = event["type"]
            if kind == "play":
                t = tile_from_json(event["tile"])
                _remove_slot_for(slots[seat], t)
                replay.place(t, event.get("end"))
            else:
                values = {e.value for e in replay.open_ends()}
                for forbidden in slots[seat]:
                    forbidden |= values
                if kind == "draw":
                    slots[seat].append(set())
        slots[self.seat] = []
        for seat in range(seats):
            if seat != self.seat and len(slots[seat]) != self.hand_sizes[seat]:
                # History and sizes disagree (should not happen): fall back to no knowledge.
                slots[seat] = [set() for _ in range(self.hand_sizes[seat])]
        return slots


def _remove_slot_for(slots: list, t: tuple) -> None:
    best = None
    for index, forbidden in enumerate(slots):
        if t[0] not in forbidden and t[1] not in forbidden:
            if best is None or len(forbidden) > len(slots[best]):
                best = index
    slots.pop(best if best is not None else len(slots) - 1)
