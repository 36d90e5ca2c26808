"""The one protocol every game engine speaks, and the description each game exports.

Each game package exports `GAME`, a `Game`: what the frame (the midend, the
conformance test, replays, play across devices) needs to know about a game, in
the spirit of the `struct game` of Simon Tatham's puzzles. The frame never looks
inside a state; it calls these verbs:

    state = GAME.new_game(options, seed)     # the game ID is options + seed
    state.legal_moves() -> list              # every move the rules allow now
    state.apply(move) -> events              # IllegalMove(key, **params) if not
    state.current_player                     # int, or None once the game is over
    state.is_over, state.result              # result: a JSON dict once over
    state.copy()                             # an independent twin
    state.view_for(player)                   # what that player may know
    GAME.format_move(move) / GAME.parse_move(text)   # a game is a list of strings
    GAME.save(state) / GAME.load(data)       # versioned JSON; old versions migrate
    GAME.computer[level](view, rng, budget)  # one call shape, one set of levels

Randomness: `seed` is the public game ID. A game with hidden information keeps
its secrets (fleets, deals, words) out of anything derived from the public seed
alone; see each game's `new_game`.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from .errors import BadState, IllegalMove
from .rng import SeededRng

Json = dict[str, Any]  # a JSON object, as json.loads gives it
Move = Any  # each game's own move type; its notation (a str) is the portable form
MAX_SEED = (1 << 53) - 1  # a seed must survive a trip through JavaScript numbers

# One set of level names for every game's computer players, weakest first.
# A game offers the levels it has; views translate them as "level.<name>".
LEVELS = ("easy", "medium", "hard", "expert")

OptionT = TypeVar("OptionT", bool, int, str)


class GameState(Protocol):
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Json | None: ...
    def legal_moves(self) -> list[Move]: ...
    def apply(self, move: Move) -> list[Json]: ...  # the events, JSON objects with a "type"
    def copy(self) -> Self: ...
    def view_for(self, player: int) -> object: ...  # each game's own view
    def to_json(self) -> Json: ...


# (view, rng, budget) -> move; the view is the game's own (view_for), the budget
# None for the level's default.
ComputerPlayer = Callable[[Any, SeededRng, int | None], Move]


@dataclass(frozen=True)
class Game:
    name: str
    new_game: Callable[[Json, int], GameState]
    from_json: Callable[[Json], GameState]  # the current save version only
    version: int  # the current save version ("version" in to_json)
    format_move: Callable[[Move], str]
    parse_move: Callable[[str], Move]  # IllegalMove("<game>.bad_notation") on bad text
    options_to_params: Callable[[Json], dict[str, str]]
    options_from_params: Callable[[Mapping[str, str]], Json]  # ValueError on bad params
    seats: Callable[[Json], int]  # how many players the options seat
    computer: Mapping[str, ComputerPlayer] = field(default_factory=dict)
    # How many moves in a row undo may take back (None: any number; 1: the last
    # move only, no undo of an undo). There is no undo once a game is over.
    undo_depth: int | None = None
    # version n -> a function turning a save of version n into one of version n + 1
    migrations: Mapping[int, Callable[[Json], Json]] = field(default_factory=dict)
    # Raised with any change of the rules that lets the same moves from the same position
    # lead elsewhere (two devices play a game only on the same rules: app.remote.handshake).
    rules_version: int = 1

    def __post_init__(self) -> None:
        unknown = set(self.computer) - set(LEVELS)
        if unknown:
            raise ValueError(f"{self.name}: unknown computer levels {sorted(unknown)}")

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(level for level in LEVELS if level in self.computer)

    def save(self, state: GameState) -> Json:
        return state.to_json()

    def load(self, data: object) -> GameState:
        """A state from a save of any known version; BadState if it cannot be one.
        Saves come from storage a person can edit, or from another device: a shape
        the engine's checks did not foresee is refused too, never raised as is. Every
        number in an engine's state is whole: a float (5.0 for 5 compares equal, and then
        fails as an index in play) is refused before the engine's own checks (after the
        migrations: an old version may have kept one, as the Tournament's bots' skill)."""
        try:
            data = self.migrate(data)
            if has_fraction(data):
                raise BadState(f"{self.name}: a number with a fraction or an exponent in a save")
            return self.from_json(data)
        except BadState:
            raise
        except (
            TypeError,
            ValueError,
            KeyError,
            IndexError,
            AttributeError,
            RecursionError,
        ) as error:
            raise BadState(f"{self.name}: {type(error).__name__} {str(error)[:80]}") from None

    def migrate(self, data: object) -> Json:
        if not isinstance(data, dict):
            raise BadState(f"{self.name}: a save must be an object")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > self.version:
            raise BadState(f"{self.name}: unknown save version {version!r}")
        while version < self.version:
            step = self.migrations.get(version)
            if step is None:
                raise BadState(f"{self.name}: no migration from version {version}")
            data = step(data)
            version += 1
            if data.get("version") != version:
                raise BadState(f"{self.name}: migration to {version} left the wrong version")
        return data

    def replay(self, options: Json, seed: int, moves: list[str]) -> GameState:
        """The state after playing `moves` (notation) from the game ID; IllegalMove
        if one of them is refused."""
        state = self.new_game(options, seed)
        for text in moves:
            state.apply(self.parse_move(text))
        return state


def parse_options_text(
    value: str, kind: type[OptionT], choices: tuple[OptionT, ...] = ()
) -> OptionT:
    """One address parameter as an option value of `kind` (bool, int or str);
    ValueError when it is not one of `choices` (when given)."""
    if len(value) > 64:
        raise ValueError("parameter too long")
    parsed: bool | int | str
    if kind is bool:
        if value not in ("0", "1"):
            raise ValueError(f"{value!r} is not 0 or 1")
        parsed = value == "1"
    elif kind is int:
        if not value.isdigit():
            raise ValueError(f"{value!r} is not a whole number")
        parsed = int(value)
    else:
        parsed = value
    if not isinstance(parsed, kind):
        raise ValueError(f"no option is of type {kind.__name__}")
    if choices and parsed not in choices:
        raise ValueError(f"{value!r} is not one of {choices}")
    return parsed


def option_text(value: object) -> str:
    """An option value as an address parameter (the inverse of parse_options_text)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def refuse_malformed(key: str, move: object) -> IllegalMove:
    """The refusal for a move that is not even of the right shape; the text shown
    is cut short, since moves may come from another device."""
    return IllegalMove(key, move=repr(move)[:40])


def has_fraction(data: object) -> bool:
    """Whether a float is anywhere in this JSON value (walked without recursion: the
    value came through app.untrusted's bounds, but need not have)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, float):
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False
