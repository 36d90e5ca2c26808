"""The frontend half of a game: what the one game view (app.frame.game_view) calls, as the
midend of Simon Tatham's puzzles calls a game's `interpret_move`, `changed_state` and
`redraw`. Every hook is a pure function of the engine's state and the game's UI state (the
cursor, a selection, a hint: what is on screen but not in the game), so the rules stay in
the engine, the drawing in the game's folder, and all of it is unit-tested without a
browser. The game view owns the rest, once for every game: the midend, saving, recording,
undo and redo, the game's number in the address, the clock and the game-over window.

After every input the game view runs, each at most once:
    interpret -> play (through the midend) -> save -> record -> changed -> draw
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from games.common.protocol import Game

from ..html import Markup

State = TypeVar("State", contravariant=True)  # only ever given to the hooks
Ui = TypeVar("Ui")
Translate = Callable[..., str]


@dataclass(frozen=True)
class Input:
    """What the player did: a click or change on an element's data-action (`action`, with
    the element's data), or a key ("key", the key's name, and whether the board had focus)."""

    action: str
    data: Mapping[str, str] = field(default_factory=dict)
    key: str = ""
    on_board: bool = False


@dataclass(frozen=True)
class Play:
    """Play this move through the midend."""

    move: Any


@dataclass(frozen=True)
class Show(Generic[Ui]):
    """Only what is on screen changed: the new UI state, what to say (for screen readers)
    and the sound to play ("" for none)."""

    ui: Ui
    said: str = ""
    cue: str = ""


@dataclass(frozen=True)
class Command:
    """Something for the game view: "undo", "new" (with other options, which become the
    player's choice), "restart" (the same game again, so no longer counted) or "toggle"
    (the on/off setting named in `options["setting"]`, e.g. the colour-blind shapes)."""

    name: str
    options: Mapping[str, Any] | None = None


Interpretation = Play | Show[Any] | Command | None


@dataclass(frozen=True)
class Journey:
    """A piece's way across the board, drawn before the position it leads to: the board's
    selector, the travelling piece's class, the square it leaves (a selector), and the
    keyframes with the time each step takes."""

    board: str
    piece_class: str
    leaves: str
    frames: list[dict[str, str]]
    step_ms: int


@dataclass(frozen=True)
class Changes(Generic[Ui]):
    """What a move changed, for the player: the UI state after it, what to say, the cue,
    and the journey to draw first (None: none, or none with reduced motion)."""

    ui: Ui
    said: str
    cue: str
    journey: Journey | None = None


@dataclass(frozen=True)
class Result:
    """What a finished game records in the statistics (app.scores.record_result)."""

    variant: str
    won: bool | None
    score: int | None
    figures: dict[str, Any]


@dataclass(frozen=True)
class Facts:
    """What the game view knows beside the position, for drawing: the game's address, its
    clock, the player's statistics of this game, undo and redo, whether the number is
    shown and the game counts, whether a move is still being drawn, the colour-blind
    setting, and the figures of the game-over window once it is over."""

    share_href: str
    clock_ms: float
    stats: Mapping[str, Any]
    can_undo: bool
    can_redo: bool
    seed_shown: bool
    counted: bool
    busy: bool
    shapes: bool
    outcome: Mapping[str, Any] | None


class Frontend(Protocol[State, Ui]):
    """A game's frontend (see the module's docstring). `name` is its route and storage
    name; `game` its engine; `title_key` the catalogue key of its name."""

    name: str
    game: Game
    title_key: str

    def wanted(self, params: Mapping[str, str]) -> tuple[dict[str, Any], int] | None:
        """The game ID (options, seed) an address asks for, or None."""
        ...

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        """A new game's options, from the player's remembered choices."""
        ...

    def new_ui(self, state: State, kept: Ui | None = None) -> Ui:
        """The UI state of a position just put on screen; `kept`, the UI state before it
        (after undo, or another tab's position), for what may stay (a cursor)."""
        ...

    def interpret(self, state: State, ui: Ui, given: Input, t: Translate) -> Interpretation:
        """What an input means here: a move, a change of what is on screen, a command for
        the game view, or nothing (None)."""
        ...

    def refused(
        self, state: State, ui: Ui, move: Any, key: str, params: dict[str, Any], t: Translate
    ) -> Show[Ui]:
        """What to show when the engine refuses a move (IllegalMove's key and params)."""
        ...

    def changed(
        self,
        state: State,
        ui: Ui,
        events: list[dict[str, Any]],
        outcome: Mapping[str, Any] | None,
        t: Translate,
    ) -> Changes[Ui]:
        """What a move (its events, the new state) changed on screen; `outcome` is the
        game-over window's figures when the move ended the game."""
        ...

    def record(self, state: State, clock_ms: float) -> Result:
        """What a finished game records."""
        ...

    def outcome(
        self,
        state: State,
        facts_before: Mapping[str, Any],
        counted: bool,
        place: int | None,
        clock_ms: float,
    ) -> dict[str, Any]:
        """The figures of the game-over window: `facts_before` are the statistics before
        this game was recorded, `place` its place in the rankings (None: not ranked)."""
        ...

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        """A saved game-over window's figures, if they are well formed."""
        ...

    def draw(self, state: State, ui: Ui, facts: Facts, t: Translate) -> Markup:
        """The whole game view."""
        ...
