"""The frontend half of a game: what the one game view (app.frame.game_view) calls, as the
midend of Simon Tatham's puzzles calls a game's `interpret_move`, `changed_state` and
`redraw`. Every hook is a pure function of the engine's state and the game's UI state (the
cursor, a selection, a hint: what is on screen but not in the game), so the rules stay in
the engine, the drawing in the game's folder, and all of it is unit-tested without a
browser. The game view owns the rest, once for every game: the midend, saving, recording,
undo and redo, the game's number in the address, the clock and the game-over window.

After every input the game view runs, each at most once:
    interpret -> play (through the midend) -> save -> record -> changed -> draw
A move of a computer seat or of a person on another device (app.frame.seats) takes the same
path from `play` on: the frontend never asks who made it, only the Table (who sits where)
when it draws or interprets.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from games.common.protocol import Game

from ..html import Markup
from .gestures import DragRules
from .sub_protocol import SubProtocol

State = TypeVar("State", contravariant=True)  # only ever given to the hooks
Ui = TypeVar("Ui")


class Translate(Protocol):
    """The player's language (app.i18n.Translator): a catalogue key's text, and a number."""

    def __call__(self, key: str, **params: Any) -> str: ...
    def number(self, value: float) -> str: ...


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
    """Play this move through the midend (and then each of `more`, in order: one input that
    makes several moves, each a move of its own for undo and for the other device)."""

    move: Any
    more: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Show(Generic[Ui]):
    """Only what is on screen changed: the new UI state, what to say (for screen readers)
    and the sound to play ("" for none)."""

    ui: Ui
    said: str = ""
    cue: str = ""
    journey: "Journey | None" = None  # drawn first (a piece moved before the move is chosen)
    focus: str = ""  # the id of the control to focus once drawn
    drawn: bool = False  # the page shows it already (a choice in a form): not drawn again


@dataclass(frozen=True)
class Command:
    """Something for the game view: "undo", "redo", "new" (with other options, which become
    the player's choice; in a game with another device, a game of one's own), "restart" (the
    same game again, so no longer counted), "toggle" (the on/off setting named in
    `options["setting"]`, e.g. the colour-blind shapes) or "goto" (the page at
    `options["href"]`: a choice that makes another game, the Tournament's language)."""

    name: str
    options: Mapping[str, Any] | None = None


Interpretation = Play | Show[Any] | Command | None


@dataclass(frozen=True)
class Journey:
    """A piece's way across the board, drawn before the position it leads to: the board's
    selector, the travelling piece's class, the piece it leaves (a selector, marked
    "departed"), and the keyframes with the time each step takes. The travelling piece holds
    `content` (markup), starts with `style` and `data` (its data-* attributes); the keyframes
    move it, or the part of it `moves` selects. `clears` selects what is taken off the board
    first (a preview of the move); `then` is the journey drawn after this one."""

    board: str
    piece_class: str
    leaves: str
    frames: list[dict[str, Any]]
    step_ms: int
    content: str = ""
    style: Mapping[str, str] = field(default_factory=dict)
    data: Mapping[str, str] = field(default_factory=dict)
    moves: str = ""
    clears: str = ""
    then: "Journey | None" = None

    @property
    def duration_ms(self) -> int:
        return self.step_ms * max(1, len(self.frames) - 1)


@dataclass(frozen=True)
class Changes(Generic[Ui]):
    """What a move changed, for the player: the UI state after it, what to say, the cue,
    and the journey to draw first (None: none, or none with reduced motion)."""

    ui: Ui
    said: str
    cue: str
    journey: Journey | None = None
    focus: str = ""  # the id of the control to focus once drawn (where play goes on)


@dataclass(frozen=True)
class Result:
    """What a finished game records in the statistics (app.scores.record_result)."""

    variant: str
    won: bool | None
    score: int | None
    figures: dict[str, Any]
    higher_is_better: bool = True  # False: the score is a count to keep low (shots to win)
    # What the game's distribution chart counts (app.charts.tallies): shots to win, a score,
    # a margin, a Wordle's guesses or "x" for a word not solved; None: nothing to count.
    measure: int | str | None = None


LOCAL, COMPUTER, REMOTE = "local", "computer", "remote"  # the kinds of seat


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a person at this screen (LOCAL), the computer at a level, or a
    person on another device (REMOTE, with their name)."""

    kind: str
    level: str = ""
    name: str = ""


@dataclass(frozen=True)
class Table:
    """Who sits where, and whether the game is in play for the people here (False while a
    game with another device is not: connecting, stopped or ended). `seed` is the game's
    number, shown only once the game is over (Facts.seed_shown)."""

    seats: tuple[Seat, ...]
    in_play: bool = True
    seed: int = 0

    def kind(self, player: int | None) -> str | None:
        return None if player is None else self.seats[player].kind

    @property
    def me(self) -> int:
        """The seat played at this screen (the first, when all are)."""
        return next((i for i, seat in enumerate(self.seats) if seat.kind == LOCAL), 0)

    @property
    def all_here(self) -> bool:
        """Every seat played by people at this screen (taking turns)."""
        return all(seat.kind == LOCAL for seat in self.seats)

    @property
    def remote(self) -> Seat | None:
        return next((seat for seat in self.seats if seat.kind == REMOTE), None)

    def to_act(self, player: int | None) -> bool:
        """May the people here act for `player` now (None: the game is over)?"""
        return self.in_play and self.kind(player) == LOCAL


@dataclass(frozen=True)
class Facts:
    """What the game view knows beside the position, for interpreting and drawing: the
    game's address, its clock, the player's statistics of this game, undo and redo, whether
    the number is shown and the game counts, whether a move is still being drawn, the
    colour-blind setting, the figures of the game-over window once it is over, who sits
    where, the player's remembered choices and, with another device, the line about it."""

    share_href: str = ""
    clock_ms: float = 0.0
    stats: Mapping[str, Any] = field(default_factory=dict)
    can_undo: bool = False
    can_redo: bool = False
    seed_shown: bool = False
    counted: bool = True
    busy: bool = False
    shapes: bool = False
    motion: bool = True  # things drawn moving (False: the player asked for reduced motion)
    outcome: Mapping[str, Any] | None = None
    table: Table = Table((Seat(LOCAL),))
    prefs: Mapping[str, Any] = field(default_factory=dict)  # the player's remembered choices
    bar: Markup | None = None  # a game with another device: the line that says where it stands
    layout: Any = None  # what the page's width decides of the drawing (app.frame.viewport)
    page_ms: float = 0.0  # the page's time now, for a game with its own clock (app.frame.timed)


class Frontend(Protocol[State, Ui]):
    """A game's frontend (see the module's docstring). `name` is its route and storage
    name; `game` its engine; `title_key` the catalogue key of its name."""

    name: str
    game: Game
    title_key: str

    def wanted(
        self, params: Mapping[str, str], prefs: Mapping[str, Any]
    ) -> tuple[dict[str, Any], int] | None:
        """The game ID (options, seed) an address asks for (what it leaves out, as the
        player's remembered choices say), or None."""
        ...

    def new_options(self, prefs: Mapping[str, Any]) -> dict[str, Any]:
        """A new game's options, from the player's remembered choices."""
        ...

    def new_seats(self, params: Mapping[str, str], prefs: Mapping[str, Any]) -> list[str | None]:
        """Who plays each seat of a game at this screen, as the address or else the
        remembered choices say: None for a person here, or a computer's level."""
        ...

    def seat_params(self, table: Table) -> dict[str, str]:
        """What the game's address says of its seats (beside the game ID)."""
        ...

    def paused(self, ui: Ui) -> bool:
        """Is the person here in the middle of something the other seats wait for (a
        dialog open)?"""
        ...

    def said_new(self, state: State, table: Table, t: Translate) -> str:
        """What is announced when a new game starts."""
        ...

    def new_ui(self, state: State, kept: Ui | None = None) -> Ui:
        """The UI state of a position just put on screen; `kept`, the UI state before it
        (after undo, or another tab's position), for what may stay (a cursor)."""
        ...

    def interpret(
        self, state: State, ui: Ui, given: Input, facts: Facts, t: Translate
    ) -> Interpretation:
        """What an input means here: a move, a change of what is on screen, a command for
        the game view, or nothing (None). A move is played only for a seat the table
        (facts.table) says the people here may act for."""
        ...

    def refused(
        self, state: State, ui: Ui, move: Any, key: str, params: dict[str, Any], t: Translate
    ) -> Show[Ui]:
        """What to show when the engine refuses a move (IllegalMove's key and params)."""
        ...

    def changed(
        self,
        before: State,
        state: State,
        ui: Ui,
        events: list[dict[str, Any]],
        facts: Facts,
        t: Translate,
    ) -> Changes[Ui]:
        """What a move (its events, from the position `before` to the new state) changed on
        screen, whoever made it; `facts.outcome` is the game-over window's figures when the
        move ended the game."""
        ...

    def legacy(self, state: State, meta: dict[str, Any]) -> dict[str, Any]:
        """The game ID and seats ({"options", "seed", "seats"}, each seat as in `new_seats`)
        of a save made before the midend, from its position and meta; ValueError when it
        cannot be read."""
        ...

    def record(self, state: State, table: Table, clock_ms: float) -> Result | None:
        """What a finished game records (None: nothing: nobody here played, or a lie found)."""
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

    # --- hooks most games leave as FrontendDefaults has them ----------------------------
    focus_fallbacks: tuple[str, ...]  # where focus goes when its control left the page

    def instant(self, state: State) -> bool:
        """Is the computer's move now one played at once, with no thinking to show (a
        fleet placed before the battle)?"""
        ...

    def joined(self, move: Any) -> bool:
        """Is this move taken back and played again with the move after it (a square aimed
        goes with its salvo)?"""
        ...

    def may_take_back(self, state: State, ui: Ui, table: Table, player: int) -> bool:
        """May the person at the screen take back (or play again) a move of `player`'s?"""
        ...

    def cannot(self, state: State, ui: Ui, key: str, t: Translate) -> Show[Ui]:
        """What to show when an undo or redo finds nothing the person may take back or play
        again (`key`: the catalogue key of why)."""
        ...

    def proposal(
        self, prefs: Mapping[str, Any], guests: list[str]
    ) -> tuple[dict[str, Any], list[str]] | None:
        """The game this device proposes to friends' devices (`guests`: theirs at a table of
        more than two): its options and seats ("host", a guest's, "computer:<level>"); None:
        the player's choices (new_options), a friend on the other seat."""
        ...

    drag_rules: DragRules | None  # pieces dragged onto the board (app.frame.piece_drag)
    sub_protocol: "SubProtocol | None"  # its own part between devices (app.frame.sub_protocol)
    keeps_replays: bool  # its finished games are kept to replay (not today's Wordle's)


class FrontendDefaults:
    """What a frontend that has nothing to say to the optional hooks says."""

    focus_fallbacks: tuple[str, ...] = ()

    def instant(self, state: Any) -> bool:
        return False

    def joined(self, move: Any) -> bool:
        return False

    def may_take_back(self, state: Any, ui: Any, table: Table, player: int) -> bool:
        return True

    def cannot(self, state: Any, ui: Any, key: str, t: Translate) -> Show[Any]:
        return Show(ui)  # (nothing said: the button was disabled)

    def proposal(self, prefs: Any, guests: list[str]) -> tuple[dict[str, Any], list[str]] | None:
        return None

    def outcome(
        self, state: Any, facts_before: Mapping[str, Any], counted: bool, place: Any, clock: float
    ) -> dict[str, Any]:
        return {}  # the game-over window is drawn from the finished position alone

    def checked_outcome(self, saved: Any) -> dict[str, Any] | None:
        return {} if isinstance(saved, dict) else None

    drag_rules: DragRules | None = None
    sub_protocol: SubProtocol | None = None
    keeps_replays: bool = True
