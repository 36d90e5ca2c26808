"""Seats and teams: who plays with whom, and the options that set it up."""

from dataclasses import dataclass

from games.common.protocol import Json

DEFAULT_TARGET = 250


@dataclass(frozen=True)
class Table:
    seats: int = 2
    partnerships: bool = False
    target: int = DEFAULT_TARGET

    @classmethod
    def from_options(cls, options: Json | None) -> "Table":
        options = dict(options or {})
        unknown = set(options) - {"seats", "partnerships", "target"}
        if unknown:
            raise ValueError(f"unknown options: {sorted(unknown)}")
        seats = options.get("seats", 2)
        partnerships = options.get("partnerships", False)
        target = options.get("target", DEFAULT_TARGET)
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 4:
            raise ValueError("seats must be 2, 3 or 4")
        if not isinstance(partnerships, bool) or (partnerships and seats != 4):
            raise ValueError("partnerships need exactly 4 seats")
        if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
            raise ValueError("target must be a positive int")
        return cls(seats, partnerships, target)

    def to_json(self) -> Json:
        return {"seats": self.seats, "partnerships": self.partnerships, "target": self.target}

    @property
    def team_count(self) -> int:
        return 2 if self.partnerships else self.seats

    def team_of(self, seat: int) -> int:
        # Partners sit opposite: seats 0 and 2 against 1 and 3.
        return seat % 2 if self.partnerships else seat

    def members(self, team: int) -> list[int]:
        return [s for s in range(self.seats) if self.team_of(s) == team]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats
