"""The Wordle Tournament on the engine protocol (games.common.protocol).

Rules of record: docs/rules/wordle-tournament.md. The rules themselves are
tournament.Tournament's; this module makes a tournament a protocol state, and its
`Game` is built for one dictionary, `tournament_game(dictionary)`, as the duel's is
(duel_game). Options: {"lang": the dictionary's language, "humans": the people of
this device, 1 to 8 of {"name": nickname or None for a made-up one, "rating": int}
(5.1, 11.1), "shared_keyboard": whether a group shares one keyboard (11.4)}; a seat
per human, the bots are the tournament's own.

A new game is the lobby with its bots (5.2); its first move starts it. The clock is
a move, as in the duel: times are milliseconds on the tournament's own clock, which
the frame runs; the engine never reads a clock. Every move with a time first plays
out everything the clock alone brought by then (Tournament.advance: the intro's end,
the bots' guesses, skipped turns, lost connections running out), then does its own
part; a move whose time is before the tournament's clock is refused (the clock never
goes back), and a refused move changes nothing.

The moves: "start @0" (5.1), "step @t", a guess "2 CRANE @t" (4), "leave 2 @t"
(10.2), "away 2 @t" and "back 2 @t" (10.3, 10.4), a bot's plan "plan 1 3 2 CRANE 7400",
"finish" (11.6); their shapes and notation are tournament_moves'.

"step @t" plays out what the clock alone brought by t; it is legal once something is
due by then (a bot's plan that was not given by its time is worked out by the engine
then: the same plan, tournament_plans), so that time a page missed (a tab in the
background) is one move, settled turn by turn (3.8). "plan" hands in a bot's plan worked out elsewhere (the
page's thinker), before its turn needs it; it is taken only if it is one that turn
could have (tournament_plans.give_plan), and changes nothing the players see: it is
written down so that a tournament replays the same from its moves. "finish", once
no human of the device is still in, plays the bots' last duels out at once.
`legal_moves()` lists the start or the step when the next thing is due, each human's accepted words at the
tournament's clock, their leaving, going away and coming back then, and "finish";
the same moves later on the clock are legal too, and a plan is never listed.

The randomness. `seed` is the public game ID: it names the bots (their names and
ratings are in the lobby for all to see). The pairings, the words and the bots' plans
come from the secret `options["secret"]` when it is given (an int drawn apart from the
seed: never in the address nor in `to_json()`; the save keeps what it drew, not the
secret); without it, from the seed, for tests and replays that need only the ID.

Saves (version 2) are the Tournament's own JSON (tournament_saved, version 1) with
each bot's skill in thousandths, since a save holds whole numbers only (skill_for
rounds it to three places); a tournament a page of today saved under its keeper's
"state" (version 1) migrates, and is checked as strictly (a lobby too: its only move
is the start).
"""

import copy
from functools import partial

from games.common.checks import is_int
from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED, Game, Json
from games.common.rng import SeededRng

from . import tournament_moves as moves
from .dictionary import Dictionary
from .duel import Duel
from .duel_game import options_from_params, options_to_params
from .rating import START
from .tournament import Tournament, new_lobby
from .tournament_clock import next_step
from .tournament_game_saved import VERSION, from_engine_save, load_tournament, to_save
from .tournament_moves import TIMED, guess, move_kind
from .tournament_rules import PLAYING, SEATS
from .tournament_saved import VERSION as ENGINE_VERSION

RULES_VERSION = 1  # its rules' (Game.rules_version): a group's devices must agree on them
NAME = "wordle-tournament-play"  # (tournament_story's "wordle-tournament" tells a record)
OPTION_KEYS = {"lang", "humans", "shared_keyboard", "secret"}


class TournamentState:
    """A tournament (tournament.Tournament) as the frame plays it."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament

    # --- the protocol ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """None once over; else the first human who may guess now, or the first still
        in (the moves of every human are listed: they play at the same time)."""
        t = self.tournament
        if t.is_over:
            return None
        humans = [p["id"] for p in t.players if p["human"]]
        typing = [pid for pid in humans if t.may_type(pid)]
        return (typing or t.humans_in() or humans or [0])[0]

    @property
    def is_over(self) -> bool:
        return self.tournament.is_over

    @property
    def result(self) -> Json | None:
        """None; {"placements": each player's, "winners": ids} at the end (8.5); or
        {"abandoned": True} for a lobby everyone left (5.4)."""
        t = self.tournament
        if t.phase == "abandoned":
            return {"abandoned": True}
        if t.phase != "over":
            return None
        return {"placements": [p["placement"] for p in t.players], "winners": t.winners()}

    def legal_moves(self) -> list[Json]:
        t = self.tournament
        if t.is_over:
            return []
        if t.phase == "lobby":
            return [{"type": "start", "at": t.clock or 0}]
        now = t.clock or 0
        moves: list[Json] = []
        due = self.next_due()
        if due is not None:
            moves.append({"type": "step", "at": due})
        for pid in t.humans_in():
            if t.may_type(pid):
                length = self._duel_length(pid)
                moves += [guess(pid, word, now) for word in t.words.guess_lists[length]]
            moves.append({"type": "leave", "player": pid, "at": now})
            away = t.players[pid]["lost_at"] is not None
            if t.phase in PLAYING:
                moves.append({"type": "back" if away else "away", "player": pid, "at": now})
        if t.humans_done:
            moves.append({"type": "finish"})
        return moves

    def apply(self, move: object) -> list[Json]:
        """Play `move` (see the module's docstring); the Tournament's events. A refused
        move (IllegalMove) changes nothing: it is played on a copy first."""
        kind = move_kind(move)
        assert isinstance(move, dict)  # move_kind refuses anything else
        t = self.tournament
        if t.is_over:
            raise IllegalMove("wordle.not_now", phase=t.phase)
        if kind == "plan":
            return self._give_plan(move)
        if kind in TIMED and t.clock is not None and move["at"] < t.clock:
            raise IllegalMove("wordle.too_early")
        work = self.copy().tournament
        events = _play(work, kind, move)
        self.tournament = work
        return events

    def copy(self) -> "TournamentState":
        return TournamentState(copied(self.tournament))

    def view_for(self, player: int | None) -> Json:
        """What `player` (a human's id, or a spectator: None) may know at the
        tournament's clock (tournament_view.seat_view: a duel's word only once over)."""
        t = self.tournament
        return t.view(player, t.clock or 0)

    def to_json(self) -> Json:
        return to_save(self.tournament)

    # --- for the frame -----------------------------------------------------------------
    @property
    def clock(self) -> int | None:
        """The tournament's clock: the time of the latest move (None before the start)."""
        return self.tournament.clock

    def next_due(self) -> int | None:
        """When the clock alone next brings something (the time of the next "step"), or
        None when nothing will. Unlike Tournament.next_event_at, it works out no plan:
        a plan not given by then is the step's."""
        return _due(self.tournament)

    def _duel_length(self, pid: int) -> int:
        rnd = self.tournament.current
        assert rnd is not None
        match = next(m for m in rnd["matches"] if pid in m["players"])
        length: int = match["duel"].length
        return length

    def _give_plan(self, move: Json) -> list[Json]:
        key = (move["round"], move["duel"], move["rows"])
        if not self.tournament.give_plan(key, move["word"], move["think"]):
            raise IllegalMove("wordle.not_due")
        return []


def _play(t: Tournament, kind: str, move: Json) -> list[Json]:
    """The move played on `t` (a copy: it may be left half changed by a refusal)."""
    if kind == "finish":
        return t.play_out()
    at = move["at"]
    if kind == "start":
        return t.start(at)
    if kind == "step":
        due = _due(t)
        if due is None or at < due:
            raise IllegalMove("wordle.not_due")
        return t.advance(at)
    if t.phase == "lobby":
        raise IllegalMove("wordle.not_now", phase=t.phase)
    pid = move["player"]
    if not t.players[pid]["human"]:
        raise IllegalMove("wordle.no_such_player")
    if kind == "guess":
        return t.guess(pid, "".join(t.words.tiles(move["word"])), at)
    events = t.advance(at)
    if t.players[pid]["placement"] is not None or t.is_over:
        raise IllegalMove("wordle.eliminated")
    away = t.players[pid]["lost_at"] is not None
    if kind == "leave":
        return events + t.leave(pid, at)
    if kind == "away" and not away:
        return events + t.disconnect(at, pid)
    if kind == "back" and away:
        return events + t.reconnect(at, pid)
    raise IllegalMove("wordle.not_now", phase=t.phase)


def copied(t: Tournament) -> Tournament:
    """An independent twin of `t` (its words shared, and its log's events, which are
    never changed once told); much quicker than copy.deepcopy."""
    twin = copy.copy(t)
    twin.rng = SeededRng.from_json(t.rng.to_json())
    twin.players = [dict(p) for p in t.players]
    twin.rounds = [
        {
            **rnd,
            "matches": [_match_copy(m) for m in rnd["matches"]],
            **({"keyboard": list(rnd["keyboard"])} if "keyboard" in rnd else {}),
        }
        for rnd in t.rounds
    ]
    twin.log = list(t.log)
    return twin


def _match_copy(match: Json) -> Json:
    duel = match["duel"]
    rows = [{**row, "marks": list(row["marks"]) if row["marks"] else None} for row in duel.rows]
    result = dict(duel.result) if duel.result else None
    return {
        **match,
        "players": list(match["players"]),
        "plan": dict(match["plan"]) if match["plan"] else None,
        "duel": Duel(duel.word, duel.first, duel.turn, duel.turn_started, rows, result),
    }


def _due(t: Tournament) -> int | None:
    step = next_step(t.phase, t.current, t.players)
    return None if step is None else step[0]


# --- starting ---------------------------------------------------------------------------


def new_game(words: Dictionary, options: Json | None, seed: int) -> TournamentState:
    """The lobby of `options` (see the module's docstring), its bots from `seed`."""
    options = dict(options or {})
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise ValueError(f"unknown tournament options {sorted(unknown)}")
    if options.get("lang", words.lang) != words.lang:
        raise ValueError(f"this tournament's words are {words.lang!r}")
    humans = options.get("humans", [{"name": None, "rating": START}])
    if not isinstance(humans, list) or not 1 <= len(humans) <= SEATS:
        raise ValueError("a tournament has 1 to 8 people")
    for human in humans:
        if not isinstance(human, dict) or set(human) != {"name", "rating"}:
            raise ValueError("a person is their name and rating")
    secret = options.get("secret")
    if secret is not None and not (is_int(secret) and 0 <= secret <= MAX_SEED):
        raise ValueError("the secret is a whole number")
    try:
        t = new_lobby(words, humans, seed, secret=secret)
    except IllegalMove as refused:  # a name taken twice, a nickname not allowed
        raise ValueError(refused.key) from None
    t.shared_keyboard = options.get("shared_keyboard", False) is True
    return TournamentState(t)


def options_of(t: Tournament) -> Json:
    """The options of `t`'s lobby as it started (its people's names and ratings before
    it): for a tournament saved before this module, whose save has no frame (the keeper's
    of today), so that the frame knows its seats."""
    humans = [{"name": p["name"], "rating": p["rating"]} for p in t.players if p["human"]]
    return {"lang": t.lang, "humans": humans, "shared_keyboard": t.shared_keyboard}


def seats(options: Json) -> int:
    humans = options.get("humans")
    return len(humans) if isinstance(humans, list) else 1


# --- saves -----------------------------------------------------------------------------------


def tournament_game(words: Dictionary) -> Game:
    """The Wordle Tournament as the frame sees it, for the words of one language."""
    return Game(
        name=NAME,
        new_game=partial(new_game, words),
        from_json=lambda data: TournamentState(load_tournament(words, data)),
        version=VERSION,
        rules_version=RULES_VERSION,
        format_move=partial(moves.format_move, words),
        parse_move=partial(moves.parse_move, words),
        # The address: the language alone, as the duel's (never the people nor the secret).
        options_to_params=partial(options_to_params, words),
        options_from_params=partial(options_from_params, words),
        seats=seats,
        undo_depth=0,  # timed turns: a row stands once played (4.5)
        migrations={ENGINE_VERSION: from_engine_save},
    )
