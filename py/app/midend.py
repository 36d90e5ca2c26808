"""The midend: one game in progress, between its engine and its view.

The engine knows the rules; the view draws and turns input into moves. The
midend owns the rest, the same way for every game (games.common.protocol):

- starting a game from its ID (options + seed) or resuming the saved one;
- fairness: the seed draws everything hidden (a fleet, a deal, the marbles to
  come, the computer's choices), so it is shown only once the game is over. A
  game started from a seed someone could know (an address, a shared link, a
  restart) is played but never counted ("known");
- who sits in each seat (a person at this screen, the computer at a level, or a
  person on another device, REMOTE) and whose turn it is;
- playing a move: applied, written down in the move notation, saved;
- undo and redo, by replaying the game's moves from its ID: back to the last
  decision of a person at this screen (a computer's reply goes with the move it
  answered); a game with a computer in it that was taken back is no longer
  eligible for the statistics, as in chess programs;
- the computer's moves, with one derivation of their random numbers (the seed
  and the move number), so a seed replays the computer's play too;
- saving with revisions (another tab's newer save is never overwritten) and a
  full device (the player is told by the storage layer, play goes on);
- recording a finished game's result exactly once.

It imports nothing from the browser: time comes from `now_ms`, storage from a
`Store`, so it is tested under CPython.

Saved as saved:<game> = {"state": engine JSON, "meta": {..., "frame": FRAME}},
FRAME = {"options", "seed", "seats", "base", "moves": [[player, notation], ...],
"undone": [...], "ranked": bool, "known": bool, "remote": None or {"peer": nickname,
"session": app.remote's own record}}: the moves are played from `base` (a saved
state) when there is one, else from the game ID. The view keeps its own keys
beside "frame". A save from before the midend has no frame: the view says what
its ID and seats were (`legacy`), and its position becomes the base.
"""

import random
from collections.abc import Callable
from typing import Any, TypeVar

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.protocol import MAX_SEED, Game, GameState, Json, Move

from . import replays, thinking
from .daily.days import DAILY_SEEDS
from .midend_saves import checked_frame, checked_remote
from .seat_kinds import COMPUTER as COMPUTER  # (the games' views name seats through the midend)
from .seat_kinds import HUMAN as HUMAN
from .seat_kinds import REMOTE as REMOTE
from .seat_kinds import computer as computer
from .session import GameSession
from .storage import StorageFull, Store

T = TypeVar("T")  # what a game's `record` answers (its place in the rankings)


def fresh_seed() -> int:
    """A seed nobody can know (the system's randomness), for a new game: below the dailies'
    seeds (app.daily.days), so no ordinary game is ever a daily."""
    return random.SystemRandom().randrange(1, DAILY_SEEDS)


class Midend:
    def __init__(
        self,
        store: Store,
        game: Game,
        now_ms: Callable[[], float],
        today: Callable[[], str] = lambda: "",
        slot: str | None = None,
        keeps_replays: bool = True,
    ):
        """`slot`: the name the game is saved under (saved:<slot>), the game's own by
        default; a game with a friend on another device has its own
        (games_list.remote_slot). `keeps_replays` False: the view keeps a finished
        game's replay itself (one whose engine's moves hide what the replay shows)."""
        self.game = game
        self.keeps_replays = keeps_replays
        self.store, self.today = store, today
        self.session = GameSession(store, slot or game.name, now_ms)
        self.state: Any = None
        self.options: Json = {}
        self.seed = 0
        self.seats: list[str] = []
        self.base: Json | None = None  # the position the moves start from (None: the ID's)
        self.moves: list[list[Any]] = []  # [player, notation] for every move played
        self.undone: list[list[Any]] = []  # moves taken back, latest last, for redo
        self.ranked = True  # False once a computer's game was taken back, or when known
        self.known = False  # started from a seed that could be known: never counted
        self.remote: Json | None = None  # {"peer": nickname, "session": {...}} in a remote game
        self.recorded = False
        self.generation = 0  # changes whenever the position is replaced (undo, new game...)

    # --- starting ---------------------------------------------------------------
    def start(
        self,
        options: Json,
        seed: int,
        seats: list[str],
        known: bool = False,
        remote: Json | None = None,
    ) -> None:
        """A new game from its ID; ValueError if the options or seats are not valid.
        `known`: the seed came from outside (an address, a link, the same game
        again), so the game's hidden information could be known: it never counts.
        `remote`: {"peer": nickname, "session": {...}} when a seat is REMOTE (the
        seed then came from both devices' coin flip, app.remote, so it is not known)."""
        if not is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError("seed out of range")
        state = self.game.new_game(options, seed)
        self._check_seats(seats, options)
        remote = checked_remote(remote, seats)
        self.state, self.options, self.seed, self.seats = state, dict(options), seed, list(seats)
        self.base = None
        self.moves, self.undone, self.recorded = [], [], False
        self.ranked, self.known = not known, known
        self.remote = remote
        self.generation += 1
        self.session.reset_clock()

    def resume(self, legacy: Callable[[GameState, Json], Json] | None = None) -> Json | None:
        """Take the saved game if there is one: its view's own meta (without the
        frame), or None when nothing usable is saved. A save whose state or frame
        is damaged is reset alone (the player is told) and never raised.
        `legacy(state, meta)` gives {"options", "seed", "seats"} for a save made
        before the midend (ValueError if it cannot)."""
        saved = self.session.load()
        if saved is None:
            return None
        state_json, meta = saved
        try:
            state = self.game.load(state_json)
            if "frame" not in meta and legacy is not None:
                old = legacy(state, meta)
                meta = {**meta, "frame": {**old, "base": state_json, "moves": [], "undone": []}}
                meta["frame"].setdefault("ranked", True)
            frame = checked_frame(meta.get("frame"))
            self._check_seats(frame["seats"], frame["options"])
        except (BadState, ValueError):
            self.session.discard_bad()
            return None
        self.state = state
        self.options, self.seed, self.seats = frame["options"], frame["seed"], frame["seats"]
        self.base = frame["base"]
        self.moves, self.undone, self.ranked = frame["moves"], frame["undone"], frame["ranked"]
        self.known = frame["known"]
        self.remote = frame["remote"]
        if self.moves and not self._history_leads_to(state_json):
            # The position is good, its history is not: keep the game, lose only undo.
            self.base, self.moves, self.undone = state_json, [], []
        self.recorded = meta.get("recorded") is True
        self.generation += 1
        return {k: v for k, v in meta.items() if k not in ("frame", "recorded", "over", "clock_ms")}

    def discard_damaged(self) -> None:
        """The game just resumed cannot be played after all (a record kept beside its frame,
        such as its match with another device, is damaged): its save is reset, the player
        told as for any damaged save, and no game is held."""
        self.session.discard_bad()
        self.state = None

    def _check_seats(self, seats: list[str], options: Json) -> None:
        if len(seats) != self.game.seats(options):
            raise ValueError("one player per seat")
        for seat in seats:
            if seat in (HUMAN, REMOTE):
                continue
            if (
                not seat.startswith(COMPUTER)
                or seat.removeprefix(COMPUTER) not in self.game.computer
            ):
                raise ValueError(f"unknown player {seat!r}")

    # --- whose turn -----------------------------------------------------------------
    def seat_kind(self, player: int | None) -> str | None:
        """HUMAN, COMPUTER or REMOTE for the player (None: nobody, the game is over)."""
        if player is None:
            return None
        seat = self.seats[player]
        return seat if seat in (HUMAN, REMOTE) else COMPUTER

    @property
    def computer_to_move(self) -> bool:
        return self.seat_kind(self.state.current_player) == COMPUTER

    @property
    def remote_to_move(self) -> bool:
        """Is it the turn of a person on another device (wait for their move)?"""
        return self.seat_kind(self.state.current_player) == REMOTE

    @property
    def against_computer(self) -> bool:
        return any(seat.startswith(COMPUTER) for seat in self.seats)

    @property
    def is_remote(self) -> bool:
        return REMOTE in self.seats

    def computer_move(self, budget: int | None = None) -> Move:
        """The move of the computer whose turn it is (not played: see `play`)."""
        player = self.state.current_player
        level = self.seats[player].removeprefix(COMPUTER)
        return thinking.choose(
            self.game, self.state, player, level, self.seed, len(self.moves), budget
        )

    def computer_request(self) -> Json:
        """The same question, written down for the thinker's worker (app.thinking)."""
        player = self.state.current_player
        level = self.seats[player].removeprefix(COMPUTER)
        return thinking.request(
            self.game, self.options, self.state, player, level, self.seed, len(self.moves)
        )

    # --- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> list[Json]:
        """Apply a move (raising IllegalMove, the game unchanged, when the rules
        refuse it), write it down and save. The events, for the view to show."""
        player = self.state.current_player
        events: list[Json] = self.state.apply(move)
        self.moves.append([player, self.game.format_move(move)])
        self.undone = []
        if self.state.is_over:
            self.session.stop_clock()
            self._keep_replay()
        return events

    def play_remote(self, text: str) -> list[Json]:
        """Play a move that came from the other device, in the move notation: the
        same rules as any move (IllegalMove when the notation or the engine refuses
        it, the game unchanged), and only when it is a remote seat's turn."""
        if not self.remote_to_move:
            raise IllegalMove("frame.not_their_turn")
        return self.play(self.game.parse_move(text))

    def _keep_replay(self) -> None:
        if self.base is not None or not self.keeps_replays:
            return  # resumed from a save made before the midend: its start is unknown
        replays.keep(self.store, self.game.name, self.replay())

    def replay(self) -> Json:
        """This game as a replay (see app.replays)."""
        return {
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "moves": [text for _, text in self.moves],
            "date": self.today(),
        }

    # --- undo and redo --------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """Is there a move of a person here to take back? Never once the game is
        over (it has been recorded), nor past the game's undo depth, nor in a game
        with a person on another device: a move sent has been played on both
        devices, and taking it back would need the other's agreement (a protocol
        of its own, not worth its weight between friends who can start again)."""
        if self.state.is_over or self.is_remote:
            return False
        depth = self.game.undo_depth
        if depth is not None and sum(self.seat_kind(p) == HUMAN for p, _ in self.undone) >= depth:
            return False
        return any(self.seat_kind(player) == HUMAN for player, _ in self.moves)

    @property
    def can_redo(self) -> bool:
        """A game whose undo is limited has no redo: an undo is not undone."""
        return bool(self.undone) and self.game.undo_depth is None and not self.is_remote

    def undo(self) -> None:
        """Take back moves up to and including the last one a person here made."""
        if not self.can_undo:
            if self.is_remote:
                raise IllegalMove("frame.no_undo_remote")
            raise IllegalMove("frame.game_over" if self.state.is_over else "frame.nothing_to_undo")
        while True:
            player, text = self.moves.pop()
            self.undone.append([player, text])
            if self.seat_kind(player) == HUMAN:
                break
        if self.against_computer:
            self.ranked = False
        self._replay()

    def redo(self) -> None:
        """Play again what undo took back, up to the next decision of a person here."""
        if not self.can_redo:
            raise IllegalMove("frame.nothing_to_redo")
        moves, undone = list(self.moves), list(self.undone)
        moves.append(undone.pop())
        while undone and self.seat_kind(undone[-1][0]) != HUMAN:
            moves.append(undone.pop())
        try:
            state = self._replayed(moves)
        except IllegalMove:
            self.undone = []  # a damaged redo list: forget it, keep the game
            raise IllegalMove("frame.nothing_to_redo") from None
        self.state, self.moves, self.undone = state, moves, undone
        self.generation += 1

    def _replay(self) -> None:
        self.state = self._replayed(self.moves)
        self.generation += 1

    def _replayed(self, moves: list[list[Any]]) -> GameState:
        if self.base is None:
            state = self.game.new_game(self.options, self.seed)
        else:
            state = self.game.load(self.base)
        for _, text in moves:
            state.apply(self.game.parse_move(text))
        return state

    def _history_leads_to(self, state_json: Json) -> bool:
        try:
            return self._replayed(self.moves).to_json() == state_json
        except (IllegalMove, BadState, ValueError):
            return False

    # --- saving and results ------------------------------------------------------------------------
    def save(self, view_meta: Json | None = None) -> bool:
        """Save the game; False when another tab holds a newer save (ours is not
        written: the view takes the newer one). A full device is not an error here:
        the player has been told and play goes on."""
        frame = {
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "base": self.base,
            "moves": self.moves,
            "undone": self.undone,
            "ranked": self.ranked,
            "known": self.known,
            "remote": self.remote,
        }
        meta = {
            **(view_meta or {}),
            "frame": frame,
            "recorded": self.recorded,
            "over": self.state.is_over,  # read by the hub without the engine
        }
        if self.is_remote and not self.state.is_over:  # (the hub: whose turn it is)
            meta["their_turn"] = self.remote_to_move
        return self.session.save(self.game.save(self.state), meta)

    def record_once(self, record: Callable[[], T], ended: bool = False) -> T | None:
        """Call `record` (which writes the statistics) the first time a finished,
        eligible game asks; its answer, or None. A full device loses the record,
        not the game: the game-over window still opens. `ended`: the game stopped
        before the rules ended it (a player on another device resigned or left)."""
        if self.recorded or not (self.state.is_over or ended):
            return None
        self.recorded = True
        if not self.ranked:
            return None
        try:
            return record()
        except StorageFull:
            return None

    @property
    def seed_shown(self) -> bool:
        """May the seed be shown? Once the game is over, or when it was known anyway."""
        return self.known or bool(self.state is not None and self.state.is_over)

    @property
    def game_id(self) -> dict[str, str]:
        """The address parameters of this game: its options, and its seed when it
        may be shown (`seed_shown`): an address must not give a game away."""
        params = dict(self.game.options_to_params(self.options))
        if self.seed_shown:
            params["seed"] = str(self.seed)
        return params

    @property
    def not_counted_because(self) -> str | None:
        """Why this game will not count in the statistics: "known" (its seed
        could be known), "undo" (a computer's game taken back), or None."""
        if self.ranked:
            return None
        return "known" if self.known else "undo"
