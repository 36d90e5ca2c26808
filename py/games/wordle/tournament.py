"""The Wordle Tournament: eight players, three lives, the last one left wins.

Rules of record: docs/rules/wordle-tournament.md. One device, no server: the
seats beside the human (or the group of humans sharing the device) are filled by
bots, and everything a server would settle (pairing, clocks, ratings, leaving)
is settled here, from a seed and an injected clock. This module holds the
tournament's state and the calls a page makes; each idea is a module of its own:

    tournament_rules    the numbers, the phases (`lobby` -> `intro` <-> `playing`
                        -> `over`, or `abandoned`) and the records' types
    tournament_lobby    the seats before the start: humans, bots, names
    tournament_round    a round's pairings, bye and words
    tournament_play     the play of the rounds as time passes
    tournament_clock    what the clock alone brings next
    tournament_plans    the bots' plans, here or in the page's thinker
    tournament_keyboard a group's one keyboard on one device (rule 11.4)
    tournament_results  lives, placements and rating changes as duels and rounds end
    tournament_leaving  leaving after the start, and lost connections
    tournament_turns    who may play now
    tournament_view     what a seat sees
    tournament_events   the events every call returns, and their shapes
    tournament_saved    the saved form, checked as it is loaded

Time is never read: every call takes `now` (ms), and `advance(now)` plays out, in
time order, everything due by then. The same seed and the same calls give the
same tournament, whenever `advance` is called in between. A page asks rather
than works out who may play now: `may_type(pid)`, `to_play(duel)`,
`keyboard_holder(now, shown)`, `clock_running(duel)`, `human_duels()`,
`humans_in()`, `humans_placed()`, `winners()` (the view carries the same);
`leave_all(now)` is the device's Leave (11.5) and `play_out()` its skip to the
final results.

Saving: `to_json()` is the whole tournament (about 35 kB at the end of one);
`Tournament.from_json(data, words)` checks it (BadState on garbage or on a save
whose lives, placements, rounds or clock do not hold together). After a reload
call `resume(now)`: the absence since the save counts as a lost connection.
"""

from collections.abc import Callable, Iterable
from typing import Any

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng

from . import rating as ratings
from . import tournament_keyboard as keyboard
from . import tournament_leaving as leaving
from . import tournament_lobby as lobby
from . import tournament_plans as plans
from . import tournament_play as play
from . import tournament_results as results
from . import tournament_saved as saved
from . import tournament_turns as turns
from .dictionary import Dictionary
from .tournament_events import emit, events_since
from .tournament_plans import PlanKey
from .tournament_round import match_of
from .tournament_rules import ENDED, PLAYING, SEATS, Event, Match, PlayerRecord, Round
from .tournament_view import seat_view


def new_lobby(
    words: Dictionary,
    humans: object,
    seed: int,
    base_rating: int = ratings.START,
    secret: int | None = None,
) -> "Tournament":
    """A lobby of 8 in the language of `words`: the `humans` (up to 8 dicts
    {"name": str or None, "rating": int}; a None name gets a made-up one) and bots
    rated within 200 of the first human (none: 8 bots within 200 of `base_rating`); the
    pairings, words and plans from `secret` if given (see tournament_game)."""
    rng = SeededRng(seed)
    names = rng.fork("names")
    players = lobby.seat_humans(humans, names)
    hidden = SeededRng(seed if secret is None else secret).fork("tournament")
    t = Tournament(words, seed, hidden, players, names_state=names.to_json())
    t.base_rating = base_rating
    while len(t.players) < SEATS:
        bot, t.names_state = lobby.new_bot(t.players, t.names_state, base_rating)
        t.players.append(bot)
    return t


class Tournament:
    """One tournament: its state (players, rounds, log, clock, phase), which the
    modules above read and change, and every call a page makes of it."""

    def __init__(
        self,
        words: Dictionary,
        seed: int,
        rng: SeededRng,
        players: list[PlayerRecord],
        phase: str = "lobby",
        rounds: Iterable[Round] = (),
        log: Iterable[Event] = (),
        names_state: int | None = None,
    ):
        self.words = words
        self.lang = words.lang
        self.seed = seed
        self.rng = rng
        self.players = players
        self.phase = phase
        self.rounds = list(rounds)
        self.log = list(log)
        self.names_state = names_state  # the bots' names stream (the lobby's)
        self.base_rating = ratings.START
        self.clock: int | None = None  # the latest `now` seen (ms); None before the start
        self.shared_keyboard = False  # a group shares this device's keyboard (11.4)

    # --- the lobby ------------------------------------------------------------------

    def rename(self, pid: int, name: str) -> list[Event]:
        """A human changes their nickname (in the lobby)."""
        self._require_phase("lobby")
        since = len(self.log)
        lobby.rename(self.players, self._human(pid), name)
        emit(self.log, "renamed", None, player=pid, name=self.players[pid]["name"])
        return events_since(self.log, since)

    def join(self, name: str, rating: int) -> list[Event]:
        """Another person joins the lobby (a group across devices), in a bot's seat
        (tournament_lobby.join). IllegalMove wordle.lobby_full with 8 humans,
        wordle.name_taken; ValueError for a rating that is not a whole number from 0 up."""
        self._require_phase("lobby")
        since = len(self.log)
        pid, replaced = lobby.join(self.players, name, rating)
        name = self.players[pid]["name"]
        emit(
            self.log, "joined_lobby", None, player=pid, name=name, rating=rating, replaced=replaced
        )
        return events_since(self.log, since)

    def start(self, now: int) -> list[Event]:
        """The lobby's leader starts: the first round's introduction begins."""
        self._require_phase("lobby")
        since = len(self.log)
        now = play.run(self, now)
        emit(self.log, "started", now)
        play.next_round(self, now)
        return events_since(self.log, since)

    # --- the clock --------------------------------------------------------------------

    def advance(self, now: int) -> list[Event]:
        """Play out, in time order, everything due by `now`; the events."""
        since = len(self.log)
        play.run(self, now)
        return events_since(self.log, since)

    def next_event_at(self) -> int | None:
        """When something is next due by the clock alone (the intro's end, a
        bot's guess, a skipped turn, a lost connection running out); None when
        nothing is. A page can sleep until then; a simulation can jump there.
        It works out the bots' plans it needs to know that (none is given later)."""
        return play.next_event_at(self)

    def play_out(self, stop: Callable[[], bool] | None = None) -> list[Event]:
        """Once no human is still in (`humans_done`), the rest at once: the
        clock jumps to each next thing due (the bots' guesses, skipped turns,
        the next rounds) until the tournament is over. With `stop`, it pauses
        before any step once stop() is true, to go on by the next call (a page
        plays it out in slices, to stay responsive); `is_over` tells when it is
        done. IllegalMove wordle.not_now while a human is still in."""
        if not self.humans_done:
            raise IllegalMove("wordle.not_now", phase=self.phase)
        events: list[Event] = []
        stepped = False  # each call makes at least one step
        while not self.is_over and not (stepped and stop is not None and stop()):
            at = self.next_event_at()
            if at is None:
                break
            events += self.advance(at)
            stepped = True
        return events

    # --- the bots' plans ------------------------------------------------------------

    def plans_wanted(self) -> list[tuple[PlanKey, dict[str, Any]]]:
        """(key, request) for each bot turn of the round whose plan is not known
        yet (from the introduction on): `bot_plan(request, words)` is its plan,
        for `give_plan(key, ...)`."""
        if self.phase not in PLAYING:
            return []
        return plans.plans_wanted(self._round(), self.players, self.lang)

    def give_plan(self, key: object, word: object, think_ms: object) -> bool:
        """A bot's plan worked out elsewhere (`bot_plan` of the request listed
        with `key`), taken if tournament_plans.give_plan finds it one that turn
        could have; False (nothing changes) if not."""
        if self.phase not in PLAYING:
            return False
        return plans.give_plan(self._round(), self.players, self.words, key, word, think_ms)

    # --- rounds -----------------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    def _round(self) -> Round:
        """The current round, where there must be one (the tournament has started)."""
        assert self.rounds, "no round before the start"
        return self.rounds[-1]

    # --- leaving and lost connections ---------------------------------------------------

    def leave(self, pid: int, now: int) -> list[Event]:
        """A human leaves. In the lobby: no penalty, a new bot takes the seat
        (the last human leaving abandons the lobby). After the start: the
        current duel is lost, the player is eliminated at once, placed below
        everyone not yet placed (so below the others eliminated this round)."""
        player = self._human(pid)
        since = len(self.log)
        if self.phase == "lobby":
            self._leave_lobby(pid, now)
            return events_since(self.log, since)
        now = play.run(self, now)
        if player["placement"] is None and self.phase in PLAYING:
            play.leave(self, [pid], now, "left")
        return events_since(self.log, since)

    def leave_all(self, now: int) -> list[Event]:
        """Leave, pressed on the device: every human still in leaves (rule
        11.5, the whole group), one after the other in seat order, each as by
        `leave` (so each is placed below the ones after them)."""
        events = []
        for pid in self.humans_in():
            events += self.leave(pid, now)
        return events

    def _leave_lobby(self, pid: int, now: int) -> None:
        if not any(p["human"] and p["id"] != pid for p in self.players):
            self.phase = "abandoned"
            emit(self.log, "abandoned", now)
            return
        lobby.give_up_seat(self.players, pid)
        bot, self.names_state = lobby.new_bot(self.players, self.names_state, self.base_rating)
        self.players.append(bot)
        replaced_by = {"name": bot["name"], "rating": bot["rating"]}
        emit(self.log, "left_lobby", now, player=pid, replaced_by=replaced_by)

    def disconnect(self, now: int, pid: int | None = None) -> list[Event]:
        """The page was hidden, closed or reloaded: the humans still in (or
        just `pid`) are away. Their turns run out; unless they reconnect within
        60 s they have left (settled at lost time + 60 s)."""
        since = len(self.log)
        now = play.run(self, now)
        if self.phase in PLAYING:
            leaving.mark_away(self.log, self.players, now, pid)
        return events_since(self.log, since)

    def reconnect(self, now: int, pid: int | None = None) -> list[Event]:
        """The page is back: within 60 s the humans resume where it stands
        (the clocks ran on); later, `advance` has already made them leave."""
        since = len(self.log)
        now = play.run(self, now)
        leaving.mark_back(self.log, self.players, now, pid)
        return events_since(self.log, since)

    def resume(self, now: int) -> list[Event]:
        """After loading a save (a reload, a reopened page): the humans still
        in count as away since the save's clock, unless they were marked away
        earlier, and are back at `now`: within 60 s they play on, later they
        have left (settled at the 60th second)."""
        since = len(self.log)
        if self.phase in PLAYING and self.clock is not None:
            leaving.mark_away(self.log, self.players, self.clock, None)
        events = events_since(self.log, since)
        return events + self.reconnect(now)

    # --- human guesses ------------------------------------------------------------------

    def guess(self, pid: int, text: str, now: int) -> list[Event]:
        """A human's guess. IllegalMove (with the reason as its key) changes
        nothing: wordle.bad_letters / wrong_length / not_in_list (the
        dictionary), wordle.not_your_turn, wordle.duel_over, wordle.intro,
        wordle.bye, wordle.eliminated, wordle.away, wordle.not_playing,
        wordle.keyboard_busy. Everything due by `now` is played out first (see
        events_since)."""
        self._human(pid)
        since = len(self.log)
        now = play.run(self, now)
        refused = turns.refusal(self.phase, self.players, self.current, pid)
        if refused is not None:
            raise IllegalMove(refused)
        found = self._match_of(pid)
        assert found is not None  # not refused: they have a duel
        index, match = found
        duel = match["duel"]
        word = self.words.parse(text, duel.length)
        row = duel.guess(match["players"].index(pid), word, now)
        play.play_row(self, index, row)
        play.run(self, now)
        return events_since(self.log, since)

    # --- who plays now, who is out ---------------------------------------------------------
    #
    # Questions about the tournament as it stands: call advance(now) first, as for view.

    def may_type(self, pid: object) -> bool:
        """Whether `pid` may guess now (tournament_turns.may_type, rule 4.2)."""
        return turns.may_type(self.phase, self.players, self.current, pid)

    def to_play(self, index: object) -> int | None:
        """The human (id) who may guess now in duel `index` of the current round
        (tournament_turns.to_play); None when it waits for nobody on this device."""
        return turns.to_play(self.phase, self.players, self.current, index)

    def keyboard_holder(self, now: int, shown: int | None = None) -> tuple[int, int] | None:
        """(pid, duel index): whom the device's one keyboard types for at `now`,
        the duel on screen (`shown`) first; None when no human may guess
        (tournament_keyboard.keyboard_holder, rule 11.4)."""
        rnd = self.current
        if rnd is None:
            return None
        return keyboard.keyboard_holder(rnd, self.to_play, self.shared_keyboard, now, shown)

    def clock_running(self, index: object) -> bool:
        """Whether the clock of duel `index` of the current round runs: from the
        end of the introduction (6.2) until the duel is over."""
        return turns.clock_running(self.phase, self.current, index)

    def human_duels(self) -> list[int]:
        """The indexes of the current round's duels with a human in them."""
        return turns.human_duels(self.players, self.current)

    def humans_in(self) -> list[int]:
        """The ids of the humans still in (not placed)."""
        return [p["id"] for p in results.humans_in(self.players)]

    def humans_placed(self) -> list[int]:
        """The ids of the humans whose placement is settled (rule 8.2: they see
        it, and their rating change, at once)."""
        return [p["id"] for p in self.players if p["human"] and p["placement"] is not None]

    def winners(self) -> list[int]:
        """The ids of the players placed first: one, or several when the last
        round eliminated everyone still in (8.5); none before the end."""
        return results.winners(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase in ENDED

    @property
    def humans_done(self) -> bool:
        """Nobody of the group is still in the tournament (all humans placed,
        or it is over): the group may go back to its screen and start again,
        while the bots may still be playing for the places above."""
        return results.humans_done(self.phase, self.players)

    def standings(self) -> list[PlayerRecord]:
        """Players best first: placed ones by placement, the rest by lives."""
        return [dict(p) for p in results.standings_order(self.players)]

    def view(self, pid: int | None, now: int) -> dict[str, Any]:
        """What the human `pid` (or a spectator, pid None) may see at `now`
        (call `advance(now)` first): tournament_view.seat_view."""
        return seat_view(self.phase, self.lang, self.players, self.current, pid, now)

    def events_since(self, n: int) -> list[Event]:
        """The events from index `n` of the log on."""
        return events_since(self.log, n)

    # --- helpers --------------------------------------------------------------------------

    def _human(self, pid: object) -> PlayerRecord:
        if not is_int(pid) or not 0 <= pid < len(self.players) or not self.players[pid]["human"]:
            raise IllegalMove("wordle.no_such_player")
        return self.players[pid]

    def _require_phase(self, phase: str) -> None:
        if self.phase != phase:
            raise IllegalMove("wordle.not_now", phase=self.phase)

    def _match_of(self, pid: int) -> tuple[int, Match] | None:
        return match_of(self.current, pid)

    # --- saving -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return saved.save(self)

    @classmethod
    def from_json(cls, data: object, words: Dictionary) -> "Tournament":
        """A saved tournament, checked; BadState when it does not hold together."""
        try:
            return saved.load(cls, data, words)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise BadState(f"bad tournament: {error}") from error
