"""The layout: a tree of arms growing from one root tile.

The root is the spinner when it is a double. A lead that is not a double is an
ordinary root with two arms, W (on its first half) and E (on its second); when
the first double is played the tree is re-rooted at that double, which becomes
the spinner, so the layout is always "a spinner with four arms" once a double
is down. Re-rooting keeps the end names: the physical W and E ends of the line
stay W and E.

Each arm is a list of placed tiles (inner, outer): `inner` touches the tile
toward the root, `outer` faces away. A double placed in an arm (crosswise) has
inner == outer. N and S exist only on a spinner and open once W and E have
both been played on.
"""

from dataclasses import dataclass, field

from games.common.errors import IllegalMove
from games.common.protocol import Json

from .tiles import Tile, is_double, tile

ARMS = ("W", "E", "N", "S")

Placed = tuple[int, int]  # a tile as laid: (inner half, outer half) along its arm


@dataclass(frozen=True)
class OpenEnd:
    end: str  # "W", "E", "N" or "S"
    value: int  # the number a tile must match
    counts: int  # what this end adds to the count of the open ends

    def to_json(self) -> Json:
        return {"end": self.end, "value": self.value, "counts": self.counts}


@dataclass
class Layout:
    root: Placed | None = None  # (west half, east half); a double is the spinner
    arms: dict[str, list[Placed]] = field(default_factory=lambda: {a: [] for a in ARMS})

    @property
    def is_empty(self) -> bool:
        return self.root is None

    @property
    def spinner(self) -> int | None:
        """The spinner's number, or None while no double has been played."""
        if self.root is not None and is_double(self.root):
            return self.root[0]
        return None

    def tiles(self) -> list[Tile]:
        """Every tile in the layout, canonical (high, low)."""
        if self.root is None:
            return []
        found = [tile(*self.root)]
        for arm in ARMS:
            found.extend(tile(*placed) for placed in self.arms[arm])
        return found

    def open_ends(self) -> list[OpenEnd]:
        if self.root is None:
            return []
        spinner = self.spinner
        west, east = self.arms["W"], self.arms["E"]
        ends = []
        for arm, root_half in (("W", self.root[0]), ("E", self.root[1])):
            tiles = self.arms[arm]
            if tiles:
                ends.append(_end_of(arm, tiles[-1]))
            elif spinner is not None and (west or east):
                # The spinner's unplayed end counts as both halves of the double.
                ends.append(OpenEnd(arm, spinner, 2 * spinner))
            else:
                # A lone lead counts its two halves once each (5-5 -> 10, 6-4 -> 10).
                ends.append(OpenEnd(arm, root_half, root_half))
        if spinner is not None and west and east:
            for arm in ("N", "S"):
                tiles = self.arms[arm]
                # A long side counts only once a tile has been played on it.
                ends.append(_end_of(arm, tiles[-1]) if tiles else OpenEnd(arm, spinner, 0))
        return ends

    def count(self) -> int:
        return sum(end.counts for end in self.open_ends())

    def tile_at_end(self, end: str | None) -> Tile | None:
        """The tile (high, low) a play on `end` would touch; None for the lead."""
        if self.root is None or end not in self.arms:
            return None
        tiles = self.arms[end]
        return tile(*tiles[-1]) if tiles else tile(*self.root)

    def place(self, t: Tile, end: str | None) -> Placed:
        """Put tile t on `end` (None for the lead). Returns the placed (inner, outer)."""
        if self.root is None:
            if end is not None:
                raise IllegalMove("dominoes.lead_has_no_end")
            self.root = t
            return t
        open_end = next((e for e in self.open_ends() if e.end == end), None)
        if open_end is None:
            raise IllegalMove("dominoes.end_not_open", end=str(end))
        if open_end.value not in t:
            raise IllegalMove("dominoes.tile_does_not_match", tile=f"{t[0]}-{t[1]}", end=end)
        arm = open_end.end  # equal to `end`, and known to be a str
        inner = open_end.value
        placed = (inner, t[0] if t[1] == inner else t[1])
        self.arms[arm].append(placed)
        if self.spinner is None and is_double(t):
            self._reroot_at_new_spinner(arm)
        return placed

    def _reroot_at_new_spinner(self, end: str) -> None:
        """The double just played at the end of arm `end` becomes the root."""
        root = self.root
        assert root is not None  # a tile was just played on an arm, so the lead is down
        other = "E" if end == "W" else "W"
        along = self.arms[end]
        spinner = along[-1]
        back = [(outer, inner) for inner, outer in reversed(along[:-1])]
        lead_toward_other = root if other == "E" else (root[1], root[0])
        back.append(lead_toward_other)
        back.extend(self.arms[other])
        self.root = spinner
        self.arms = {a: [] for a in ARMS}
        self.arms[other] = back

    def copy(self) -> "Layout":
        return Layout(self.root, {a: list(tiles) for a, tiles in self.arms.items()})

    # --- JSON -----------------------------------------------------------------

    def to_json(self) -> Json:
        return {
            "root": list(self.root) if self.root is not None else None,
            "arms": {a: [list(p) for p in self.arms[a]] for a in ARMS},
        }

    @classmethod
    def from_json(cls, data: object) -> "Layout":
        """Validates shape and matching; raises ValueError when broken."""
        if not isinstance(data, dict) or set(data) != {"root", "arms"}:
            raise ValueError("layout must have root and arms")
        root = data["root"]
        arms = data["arms"]
        if root is None:
            if arms != {a: [] for a in ARMS}:
                raise ValueError("an empty layout has empty arms")
            return cls()
        if not isinstance(arms, dict) or set(arms) != set(ARMS):
            raise ValueError("arms must be W, E, N, S")
        layout = cls(_pair(root), {a: [_pair(p) for p in arms[a]] for a in ARMS})
        layout.validate()
        return layout

    def validate(self) -> None:
        root = self.root
        if root is None:
            if any(self.arms.values()):
                raise ValueError("an empty layout has empty arms")
            return
        spinner = self.spinner
        if spinner is None and (self.arms["N"] or self.arms["S"]):
            raise ValueError("only a spinner has N and S arms")
        if (self.arms["N"] or self.arms["S"]) and not (self.arms["W"] and self.arms["E"]):
            raise ValueError("N and S open only after W and E are played on")
        starts = {"W": root[0], "E": root[1], "N": spinner, "S": spinner}
        for arm in ARMS:
            value = starts[arm]
            for inner, outer in self.arms[arm]:
                if inner != value:
                    raise ValueError(f"arm {arm} does not match at {inner}-{outer}")
                if spinner is None and inner == outer:
                    raise ValueError("the first double must be the spinner")
                value = outer
        tiles = self.tiles()
        if len(set(tiles)) != len(tiles):
            raise ValueError("a tile appears twice in the layout")


def _end_of(arm: str, placed: Placed) -> OpenEnd:
    inner, outer = placed
    # A crosswise double at an end counts both halves.
    return OpenEnd(arm, outer, 2 * outer if inner == outer else outer)


def _pair(value: object) -> Placed:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6 for v in value)
    ):
        raise ValueError(f"not a tile: {value!r}")
    return (value[0], value[1])
