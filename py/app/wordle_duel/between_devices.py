"""The Wordle duel with a friend on another device, on the frame: its sub-protocol
(app.frame.sub_protocol), the word that neither device knows until the duel is decided
(docs/rules/wordle-tournament.md 15). Both devices' midends run
games.wordle.hidden_duel_game (rows, marks, whose turn: no word); this device's share of the
word and each guess's oblivious transfers are app.remote.duel_word's DuelWord, beside it.
DuelWord plays by itself what is no one's choice (this seat's commitment, the marks of the
friend's guess from the entry it opened, its share once the duel is decided); such a move
is handed to the game view as a move from the friend's device is (`LinkGame.on_moved`),
unless it came while the view was already being told of another change.

A guess's marks come from that exchange before the next turn starts, and the turn clock is
stopped meanwhile (the engine's: the next turn starts at the marks' time). The duel's clock
(app.frame.game_clock) is kept here, not in the UI state, since DuelWord reads it for the
moves it plays by itself: it starts with the match on this device and is saved with this
device's share of the word (the meta's "duel_word" and t0/origin/speed), never the word.
The frontend is given a DuelPosition: the engine's state, this device's seat, the clock,
whether the duel is in play here and whether this device's saved share was lost."""

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from games.common.errors import IllegalMove
from games.common.protocol import Game
from games.wordle.dictionary import Dictionary
from games.wordle.duel_game import MAX_TIME
from games.wordle.hidden_duel import PLAY
from games.wordle.hidden_duel_game import HiddenDuelState, hidden_duel_game

from ..frame import game_clock
from ..frame.game_clock import GameClock
from ..remote.duel_word import DuelWord
from ..remote.link_game import LinkGame
from ..remote.match import CONNECTING, PLAYING
from ..remote.page_side import PageSide
from .draw import between_turns
from .saved import MAX_SPEED


@dataclass(frozen=True)
class DuelPosition:
    """What this device knows of the duel: the engine's state (no word in it), its seat, the
    duel's clock, whether the duel is in play here, and whether its saved share was lost."""

    state: HiddenDuelState
    me: int
    clock: GameClock
    in_play: bool = True
    share_lost: bool = False

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def current_player(self) -> int | None:
        """The seat to guess; None while the duel is set up, a guess waits for its marks
        and the shares are shown (no one guesses then)."""
        duel = self.state.duel
        return duel.turn if duel.phase == PLAY and duel.pending is None else None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result

    def now(self, page_ms: float) -> int:
        """The duel's time at the page's time `page_ms`."""
        return self.clock.read(page_ms, MAX_TIME)

    def view(self) -> dict[str, Any]:
        """This seat's view as it is drawn (no one to guess between turns)."""
        return between_turns(self.state.view_for(self.me))

    def copy(self) -> "DuelPosition":
        return replace(self, state=self.state.copy())


def saved_clock(saved: dict[str, Any]) -> GameClock | None:
    """The duel's clock a save kept (None: none, or damaged: a new one starts)."""
    try:
        return game_clock.from_meta(saved, MAX_TIME, MAX_SPEED)
    except ValueError:
        return None


class WordSide:
    """This device's side of one duel's word (app.frame.sub_protocol.Side)."""

    def __init__(
        self,
        link_game: LinkGame,
        words: Dictionary,
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        speed: int = 1,
    ):
        match = link_game.match
        assert match is not None
        self.link_game, self.save, self.speed = link_game, save, speed
        saved = saved or {}
        self.clock = saved_clock(saved)
        # While the view is being told of a change (a move made here, a message of the
        # friend's device going through the match), what DuelWord plays meanwhile is only
        # saved: the view draws it with that change.
        self.telling = True
        word = saved.get("duel_word")
        self.word = DuelWord(
            match,
            words,
            self.duel_now,
            on_change=self._changed,
            saved=word if isinstance(word, dict) else None,
        )
        self._told = match.listener  # the link game's (DuelWord's wraps it)
        match.listener = self._on_event
        if match.status != CONNECTING:
            self.word.ask_again()  # what the link lost before the reload
        self.told = len(link_game.midend.moves)  # the moves the view was told of
        self.telling = False

    # --- what the game view asks (app.frame.sub_protocol.Side) ----------------------------
    def position(self) -> DuelPosition | None:
        link_game, seat = self.link_game, self.word.seat
        state: HiddenDuelState | None = link_game.midend.state
        if state is None or seat is None or link_game.status == CONNECTING:
            return None
        in_play = link_game.status == PLAYING
        return DuelPosition(state, seat, self.game_clock(), in_play, self.word.share_lost)

    def play(self, move: Any) -> list[dict[str, Any]]:
        """This device's person's guess, or this device's turn run out, through DuelWord
        (which plays it, sends it and sends its table for the guess)."""
        if not isinstance(move, dict):
            raise IllegalMove("wordle.bad_move")
        self.telling = True
        try:
            if move.get("type") == "timeout":
                events = self.word.timeout()
            else:
                events = self.word.guess(str(move.get("word", "")))
        except RuntimeError:
            raise IllegalMove("wordle.not_your_turn") from None
        finally:
            self.telling = False
        self.told = len(self.link_game.midend.moves)
        return events

    def record(self) -> dict[str, Any]:
        clock = self.clock.meta() if self.clock is not None else {}
        return {**clock, "duel_word": self.word.record()}

    def computer_ready(self) -> bool:
        return False  # (a duel with a friend is between people)

    def computer_move(self) -> Any:
        raise RuntimeError("no computer plays a duel with a friend")

    def relinked(self) -> None:
        """A new link (app.frame.sub_protocol.Relinks): what the lost one may have dropped."""
        self.word.ask_again()

    # --- the duel's clock -------------------------------------------------------------------
    def game_clock(self) -> GameClock:
        if self.clock is None:
            self.clock = game_clock.started(self.link_game.now(), self.speed)
        return self.clock

    def duel_now(self) -> int:
        """The duel's time for a move DuelWord makes, never before the turn in play began."""
        now = self.game_clock().read(self.link_game.now(), MAX_TIME)
        state: HiddenDuelState | None = self.link_game.midend.state
        return now if state is None else max(now, state.duel.turn_started)

    # --- what happens -----------------------------------------------------------------------
    def _on_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "started":
            self.clock = game_clock.started(self.link_game.now(), self.speed)
        self.telling = True
        try:
            if self._told is not None:
                self._told(event)
        finally:
            self.telling = False
        self.told = len(self.link_game.midend.moves)

    def _changed(self) -> None:
        """This device's side of the word changed, or DuelWord played a move by itself:
        saved (before anything of it leaves), and a move shown as every move is."""
        moves = len(self.link_game.midend.moves)
        on_moved = self.link_game.on_moved
        if self.telling or moves == self.told or on_moved is None:
            self.save()
            return
        self.told = moves
        on_moved([], None)


class HiddenWord:
    """The duel's sub-protocol, for the words of one language (`speed`: test-only, the
    duel's clock runs that many times faster)."""

    def __init__(self, words: Dictionary, speed: int = 1):
        self.words, self.speed = words, speed
        self.game: Game = hidden_duel_game(words)

    def join(
        self,
        link_game: PageSide,
        saved: dict[str, Any] | None,
        save: Callable[[], None],
        told: Callable[[list[dict[str, Any]], Any], None],
    ) -> WordSide:
        """(`told` is not needed: what DuelWord plays by itself reaches the view as a
        friend's move does, through the link game's on_moved.)"""
        assert isinstance(link_game, LinkGame)  # (a duel is between two devices, never a table)
        return WordSide(link_game, self.words, saved, save, self.speed)
