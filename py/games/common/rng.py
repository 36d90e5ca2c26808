"""A small seeded random number generator whose whole state is one integer.

Python's `random.Random` is deterministic too, but its state is 625 numbers;
this one serialises to a single JSON int, so a saved game carries its dice.
SplitMix64: fast, well distributed, identical on CPython and Pyodide.
"""

from collections.abc import Sequence
from typing import Protocol, TypeVar

MASK64 = (1 << 64) - 1
ItemT = TypeVar("ItemT")


class Rng(Protocol):
    """What engines ask of a random source: a SeededRng, or random.Random where the
    numbers are not replayed (a sealed fleet placed at random on its own device)."""

    def random(self) -> float: ...
    def randrange(self, n: int, /) -> int: ...
    def choice(self, items: Sequence[ItemT], /) -> ItemT: ...
    def shuffle(self, items: list[ItemT], /) -> None: ...


class SeededRng:
    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def randrange(self, n: int) -> int:
        """An int in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """An int in [low, high], both included."""
        return low + self.randrange(high - low + 1)

    def choice(self, items: Sequence[ItemT]) -> ItemT:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[ItemT]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: str) -> "SeededRng":
        """An independent stream derived from this one's state and a label."""
        mixed = self.state
        for ch in label.encode():
            mixed = ((mixed ^ ch) * 0x100000001B3) & MASK64
        return SeededRng(mixed)

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, state: object) -> "SeededRng":
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= MASK64:
            from .errors import BadState

            raise BadState("rng state must be an unsigned 64-bit int")
        rng = cls(0)
        rng.state = state
        return rng
