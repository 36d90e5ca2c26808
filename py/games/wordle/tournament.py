"""The Wordle Tournament: eight players, three lives, the last one left wins.

Rules of record: docs/rules/wordle-tournament.md. One device, no server:
the seats beside the human (or the group of humans sharing the device) are
filled by bots, and everything a server would settle (pairing, clocks,
ratings, leaving) is settled here, from a seed and an injected clock.

Life of a tournament (`phase`):

    lobby --start--> intro --6 s--> playing --last duel over--> intro ... --> over
      `--leave (last human)--> abandoned

- lobby: 8 players, the humans first. Bots are rated within 200 of the first
  human and their skill follows their rating (`skill_for`). Humans may rename
  themselves or leave (no penalty: a bot takes the seat; the last human leaving
  abandons the lobby).
- intro: the round's pairings, bye and duels are drawn and shown for 6 s; every
  duel's first turn starts when the intro ends.
- playing: all duels of the round at once; the round ends with its last duel.
  Lives are taken as duels end; players at 0 lives are placed when the round
  ends (they share a placement: p still ahead -> p + 1), and the next round's
  intro starts at that instant. One player left: the winner (placement 1);
  nobody left: those eliminated in the last round share placement 1.
- leaving after the start (`leave`, or 60 s away after `disconnect`): the
  current duel is lost and the player is placed at once, below everyone not
  yet placed (so below the others eliminated in that round); humans leaving
  at the same instant share that placement.

Time is never read: every call takes `now` (ms), and `advance(now)` plays out,
in time order, everything due by then: the intro's end, the bots' guesses
(a bot plans once per turn, from the duel at the turn's start and a stream
derived from the seed, and its guess lands at turn start + think time),
skipped turns, duel and round ends, eliminations, lost connections running
out, the next round.
The same seed and the same calls give the same tournament, whenever `advance`
is called in between.

A bot's plan may be worked out elsewhere (the page's thinker, a Web Worker):
`plans_wanted()` lists the bot turns whose plan is not known yet, each with a
request that `bot_plan(request, words)` answers, and `give_plan(key, word,
think_ms)` hands an answer in (checked; a stale or illegal one is refused). A
bot never guesses within BOT_MIN_THINK_MS of its turn's start, so a plan is
only needed then: if none was given by that moment, `advance` works it out
itself, the same plan (it is a function of the match's seed, the rows, the
skill and the words), so the tournament is the same either way.

Every call returns the events it caused; all events are also kept in `log`
(each with its index "n"), so a page can also read `events_since(n)`.
Event shapes (every event has "type", "n" and "at", the time it happened):

    {"type": "started"}
    {"type": "round", "round": r, "pairs": [[a, b], ...], "bye": id | None,
     "lengths": [4|5|6 per pair], "play_at": ms}          # the intro begins
    {"type": "bye", "round": r, "player": id}
    {"type": "play", "round": r}                           # the intro is over
    {"type": "guess", "round": r, "duel": i, "player": id, "seat": 0|1,
     "word": tile string, "marks": [0|1|2 ...]}
    {"type": "skip", "round": r, "duel": i, "player": id, "seat": 0|1}
    {"type": "duel_over", "round": r, "duel": i, "players": [a, b],
     "winner": id | None, "draw": bool, "left": id | None, "word": tile string,
     "lives": [lives of each of the 8 players]}
    {"type": "eliminated", "round": r, "player": id, "placement": p,
     "rating_change": c, "rating": new rating, "reason": "lives" | "left" | "disconnect"}
    {"type": "winner", "round": r, "player": id, "placement": 1,
     "rating_change": c, "rating": new rating}
    {"type": "over", "placements": [placement of each player]}
    {"type": "disconnected" | "reconnected", "players": [ids]}
    {"type": "left_lobby", "player": id, "replaced_by": {"name", "rating"}}
    {"type": "renamed", "player": id, "name": str}
    {"type": "joined_lobby", "player": id, "name": str, "rating": r, "replaced": bot's name}
    {"type": "abandoned"}

A page asks rather than works out who may play now: `may_type(pid)`,
`to_play(duel)`, `keyboard_holder(now, shown)` (the one keyboard of a group's
device, rule 11.4), `clock_running(duel)`, `human_duels()`, `humans_in()`,
`humans_placed()`, `winners()` (the view carries the same); `leave_all(now)`
is the device's Leave (11.5) and `play_out()` its skip to the final results.

Words in events and views are tile strings: show them with
`Dictionary.tiles(word)` / `Dictionary.display(word)`.

A player (`players[id]`, also in views) is {"id", "name", "rating" (at the
start), "human", "skill" (bots), "lives", "placement" (None while in),
"rating_change" (set when placed: the new rating is rating + rating_change),
"placed_round", "left" (None, "left" or "disconnect"), "lost_at" (ms, while
away)}. Names are data: the page shows them as text, never as markup.

Saving: `to_json()` is the whole tournament (about 35 kB at the end of one);
`Tournament.from_json(data, words)` checks it (tournament_saved; BadState on garbage or on a
save whose lives, placements, rounds or clock do not hold together). After a
reload call `resume(now)`: the absence since the save counts as a lost
connection.
"""

from collections.abc import Callable

from games.common.checks import is_int
from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng

from . import rating as ratings
from .dictionary import LENGTHS
from .duel import TURN_MS, new_duel
from .nicknames import clean_nickname, make_nickname
from .pairing import pair_round
from .players import Player

VERSION = 1
SEATS = ratings.SEATS  # 8
LIVES = 3
INTRO_MS = 6_000
GRACE_MS = 60_000  # a lost connection's time to come back
# A bot's guess lands this long after its turn starts at the earliest (the players
# of players.py think at least 5 s): a plan asked of the thinker has until then.
BOT_MIN_THINK_MS = 5_000
PLAN_GAME = "wordle-tournament"  # a bot's plan, as app.thinking's request names it
PLAYING, ENDED = ("intro", "playing"), ("over", "abandoned")
PHASES = ("lobby", *PLAYING, *ENDED)
LEAVE_REASONS = ("left", "disconnect")


def in_play(data) -> bool:
    """Whether a saved tournament (its to_json) has started and is not over, read
    without its words (the hub says a game is in progress)."""
    return isinstance(data, dict) and data.get("phase") in PLAYING


def skill_for(rating: int) -> float:
    """A bot's skill (players.py: 0 beginner .. 1 expert) from its rating:
    linear from 0.1 at 750 and below to 1.0 (the expert solver) at 1200 and
    above; 800 -> 0.2 (weak), 1000 -> 0.6, 1100 -> 0.8."""
    return round(min(1.0, max(0.1, (rating - 700) / 500)), 3)


def new_lobby(words, humans, seed: int, base_rating: int = ratings.START) -> "Tournament":
    """A lobby of 8 in the language of `words` (a Dictionary): the `humans`
    (up to 8 dicts {"name": str or None, "rating": int}; a None name gets a
    made-up one) and bots rated within 200 of the first human (with no
    humans, a simulation: 8 bots within 200 of `base_rating`)."""
    if not isinstance(humans, (list, tuple)) or len(humans) > SEATS:
        raise ValueError("a lobby has up to 8 humans")
    rng = SeededRng(seed)
    names = rng.fork("names")
    players: list[dict] = []
    for human in humans:
        rating = human.get("rating", ratings.START)
        if not is_int(rating) or rating < 0:
            raise ValueError("a rating is a non-negative int")
        name = human.get("name")
        name = (
            clean_nickname(name)
            if name is not None
            else make_nickname(names, [p["name"] for p in players])
        )
        if any(p["name"].casefold() == name.casefold() for p in players):
            raise IllegalMove("wordle.name_taken")
        players.append(_player(len(players), name, rating, human=True))
    t = Tournament(words, seed, rng.fork("tournament"), players, names_state=names.to_json())
    t.base_rating = base_rating
    while len(t.players) < SEATS:
        t.players.append(t._new_bot(len(t.players)))
    return t


def bot_plan(request: dict, words) -> dict:
    """A bot's plan for one turn ({"rows", "word", "think_ms"}), from a request of
    `plans_wanted` (plain JSON): the same wherever it is worked out. BadState for a
    request that is not one."""
    if not isinstance(request, dict) or request.get("game") != PLAN_GAME:
        raise BadState("not a request for a bot's plan")
    skill, seat, view = request.get("skill"), request.get("seat"), request.get("view")
    if (
        not isinstance(skill, (int, float))
        or isinstance(skill, bool)
        or not 0 <= skill <= 1
        or seat not in (0, 1)
        or not isinstance(view, dict)
        or view.get("length") not in LENGTHS
        or not isinstance(view.get("rows"), list)
    ):
        raise BadState("a bot's plan needs its skill, seat and view")
    rng = SeededRng.from_json(request.get("seed"))
    made = Player(skill).plan(view, words, seat, rng)
    think = min(max(BOT_MIN_THINK_MS, int(made.think_ms)), TURN_MS)
    return {
        "rows": len(view["rows"]),
        "word": made.word if think < TURN_MS else None,
        "think_ms": think,
    }


def standings_order(players) -> list:
    """`players` (of a tournament or of its view) best first: those placed by
    placement, ahead of them those still in, by lives left (then by id)."""

    def key(p):
        return (p["placement"] if p["placement"] is not None else 0, -p["lives"], p["id"])

    return sorted(players, key=key)


def placement_change(players, pid: int) -> int:
    """The rating change of `players[pid]`, just placed, against everyone as
    placed so far (rule 9.4: those not yet placed count as finishing above)."""
    others = [
        (o["rating"], o["placement"] if o["placement"] is not None else 0)
        for o in players
        if o["id"] != pid
    ]
    return ratings.rating_change(players[pid]["rating"], players[pid]["placement"], others)


def _player(pid, name, rating, human, skill=None) -> dict:
    return {
        "id": pid,
        "name": name,
        "rating": rating,
        "human": human,
        "skill": skill,
        "lives": LIVES,
        "placement": None,
        "rating_change": None,
        "placed_round": None,
        "left": None,
        "lost_at": None,
    }


class Tournament:
    def __init__(
        self, words, seed, rng, players, phase="lobby", rounds=(), log=(), names_state=None
    ):
        self.words = words
        self.lang = words.lang
        self.seed = seed
        self.rng = rng
        self.players = players
        self.phase = phase
        self.rounds = list(rounds)
        self.log = list(log)
        self._names_state = names_state
        self.base_rating = ratings.START
        self.clock = None  # the latest `now` seen (ms); None before the start
        # Several people on one device share one keyboard (11.4): of the duels waiting for
        # one of them, one at a time has it and its clock runs; the others are held.
        self.shared_keyboard = False
        self._out: list[dict] | None = None  # events of the call in progress

    # --- the lobby ------------------------------------------------------------------

    def _new_bot(self, pid) -> dict:
        names = SeededRng.from_json(self._names_state)
        base = next((p["rating"] for p in self.players if p["human"]), self.base_rating)
        rating = max(0, base - ratings.WINDOW + names.randrange(2 * ratings.WINDOW + 1))
        name = make_nickname(names, [p["name"] for p in self.players])
        self._names_state = names.to_json()
        return _player(pid, name, rating, human=False, skill=skill_for(rating))

    def rename(self, pid: int, name: str) -> list:
        """A human changes their nickname (in the lobby)."""
        self._require_phase("lobby")
        player = self._human(pid)
        name = clean_nickname(name)
        if any(p["name"].casefold() == name.casefold() for p in self.players if p is not player):
            raise IllegalMove("wordle.name_taken")
        player["name"] = name
        self._out = []
        self._emit("renamed", None, player=pid, name=player["name"])
        return self._flush()

    def join(self, name: str, rating: int) -> list:
        """Another person joins the lobby (a group across devices): they take the seat
        after the humans and the last bot gives its seat up, so the humans stay first
        and the other bots keep their nicknames and ratings (within 200 of the
        leader's, the first human's: rule 5.3). IllegalMove wordle.lobby_full with 8
        humans, wordle.name_taken; ValueError for a rating that is not a whole number
        from 0 up."""
        self._require_phase("lobby")
        if not is_int(rating) or rating < 0:
            raise ValueError("a rating is a non-negative int")
        name = clean_nickname(name)
        humans = [p for p in self.players if p["human"]]
        if len(humans) == SEATS:
            raise IllegalMove("wordle.lobby_full")
        if any(p["name"].casefold() == name.casefold() for p in humans):
            raise IllegalMove("wordle.name_taken")
        replaced = self.players.pop()
        bots = self.players[len(humans) :]
        if any(p["name"].casefold() == name.casefold() for p in bots):
            # A bot happens to have the nickname: it gives its seat instead.
            self.players.append(replaced)
            replaced = next(p for p in bots if p["name"].casefold() == name.casefold())
            self.players.remove(replaced)
        pid = len(humans)
        self.players.insert(pid, _player(pid, name, rating, human=True))
        for i, p in enumerate(self.players):
            p["id"] = i
        self._out = []
        self._emit(
            "joined_lobby", None, player=pid, name=name, rating=rating, replaced=replaced["name"]
        )
        return self._flush()

    def start(self, now: int) -> list:
        """The lobby's leader starts: the first round's introduction begins."""
        self._require_phase("lobby")
        self._out = []
        now = self._run(now)
        self._emit("started", now)
        self._start_round(now)
        return self._flush()

    # --- the clock --------------------------------------------------------------------

    def advance(self, now: int) -> list:
        """Play out, in time order, everything due by `now`; the events."""
        self._out = []
        self._run(now)
        return self._flush()

    def _run(self, now: int) -> int:
        """Play out everything due by `now`. The clock never goes back: a `now`
        earlier than one already seen counts as that one. Returns the time used."""
        if not is_int(now):
            raise ValueError("now must be an int (ms)")
        self.clock = now if self.clock is None else max(self.clock, now)
        now = self.clock
        while True:
            step = self._next_step(now)
            if step is None:
                return now
            at, kind, ref = step
            if kind == "play":
                self.phase = "playing"
                self._emit("play", at, round=self.round_number)
                self._pass_keyboard(at)
            elif kind == "expire":
                self._leave(ref, at, "disconnect")
            elif kind == "plan":  # none was given in time: worked out here
                self._make_plan(self.current["matches"][ref])
            elif kind == "guess":
                match = self.current["matches"][ref]
                plan = match["plan"]
                duel = match["duel"]
                try:
                    row = duel.guess(duel.turn, plan["word"], at)
                except IllegalMove:  # a player's bug must not stop the tournament
                    plan["word"] = None  # it lets the clock run out instead
                    continue
                self._after_row(ref, row)
            else:  # "timeout"
                match = self.current["matches"][ref]
                for row in match["duel"].advance(at):
                    self._after_row(ref, row)

    def _next_step(self, now):
        step = self._due()
        return step if step is not None and step[0] <= now else None

    def _due(self):
        """The earliest thing the clock alone will bring: (at, kind, ref)."""
        if self.phase not in ("intro", "playing"):
            return None
        steps: list[tuple[int, int, str, int | list[int]]] = []  # (at, order, kind, ref)
        if self.phase == "intro":
            steps.append((self.current["play_at"], 0, "play", -1))
        expiries: dict[int, list[int]] = {}
        for p in self.players:
            if p["lost_at"] is not None and p["placement"] is None:
                expiries.setdefault(p["lost_at"] + GRACE_MS, []).append(p["id"])
        for at, pids in expiries.items():
            steps.append((at, 2, "expire", pids))
        if self.phase == "playing":
            for i, match in enumerate(self.current["matches"]):
                duel = match["duel"]
                if duel.is_over:
                    continue
                if match.get("held") is not None:
                    continue  # waiting for the keyboard: its turn has not begun
                plan = self._plan(match)
                if self._bot_to_play(match) and plan is None:
                    steps.append((duel.turn_started + BOT_MIN_THINK_MS, 1, "plan", i))
                elif plan is not None and plan["word"] is not None:
                    steps.append((duel.turn_started + plan["think_ms"], 1, "guess", i))
                else:
                    steps.append((duel.deadline, 1, "timeout", i))
        if not steps:
            return None
        at, _, kind, ref = min(
            steps, key=lambda s: (s[0], s[1], s[3] if isinstance(s[3], int) else -1)
        )
        return at, kind, ref

    def _bot_to_play(self, match) -> bool:
        duel = match["duel"]
        return not duel.is_over and not self.players[match["players"][duel.turn]]["human"]

    def _plan(self, match):
        """The bot's plan for the duel's current turn, if known (given, or made
        here); None for a human's turn."""
        plan = match["plan"]
        if plan is None or not self._bot_to_play(match) or plan["rows"] != len(match["duel"].rows):
            return None
        return plan

    def _make_plan(self, match) -> None:
        if self._plan(match) is None:
            match["plan"] = bot_plan(self._plan_request(match), self.words)

    def _plan_request(self, match) -> dict:
        """What the bot to play knows: the duel as it was at its turn's start."""
        duel = match["duel"]
        rows = len(duel.rows)
        return {
            "game": PLAN_GAME,
            "lang": self.lang,
            "skill": self.players[match["players"][duel.turn]]["skill"],
            "seat": duel.turn,
            "view": duel.view(duel.turn_started),
            "seed": SeededRng(match["seed"]).fork(f"plan {rows}").to_json(),
        }

    def plans_wanted(self) -> list:
        """(key, request) for each bot turn of the round whose plan is not known
        yet (from the introduction on): `bot_plan(request, words)` is its plan,
        for `give_plan(key, ...)`."""
        if self.phase not in PLAYING:
            return []
        return [
            ((self.round_number, i, len(match["duel"].rows)), self._plan_request(match))
            for i, match in enumerate(self.current["matches"])
            if self._bot_to_play(match) and self._plan(match) is None
        ]

    def give_plan(self, key, word, think_ms) -> bool:
        """A bot's plan worked out elsewhere (`bot_plan` of the request listed
        with `key`). Refused (False, nothing changes) unless that turn is still
        to be planned and the plan is one `bot_plan` could give: a legal guess
        or None, a think time from BOT_MIN_THINK_MS to the turn's 30 s."""
        if (
            self.phase not in PLAYING
            or not isinstance(key, (tuple, list))
            or len(key) != 3
            or not all(is_int(k) for k in key)
        ):
            return False
        round_number, index, rows = key
        if round_number != self.round_number or not 0 <= index < len(self.current["matches"]):
            return False
        match = self.current["matches"][index]
        duel = match["duel"]
        if not self._bot_to_play(match) or self._plan(match) is not None or rows != len(duel.rows):
            return False
        if not is_int(think_ms) or not BOT_MIN_THINK_MS <= think_ms <= TURN_MS:
            return False
        if think_ms == TURN_MS:
            word = None
        elif word is not None and (
            not isinstance(word, str) or word not in self.words.guesses[duel.length]
        ):
            return False
        match["plan"] = {"rows": rows, "word": word, "think_ms": think_ms}
        return True

    # --- rounds -----------------------------------------------------------------------

    @property
    def current(self):
        return self.rounds[-1] if self.rounds else None

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    def _in(self) -> list:
        return [p["id"] for p in self.players if p["placement"] is None]

    def _start_round(self, at: int) -> None:
        previous = self.current
        last_opponent, last_bye = {}, None
        if previous is not None:
            last_bye = previous["bye"]
            for match in previous["matches"]:
                a, b = match["players"]
                last_opponent[a], last_opponent[b] = b, a
        pairs, bye = pair_round(self._in(), last_opponent, last_bye, self.rng)
        play_at = at + INTRO_MS
        used = {m["duel"].word for r in self.rounds for m in r["matches"]}
        matches: list[dict] = []
        for pair in pairs:
            length = LENGTHS[self.rng.randrange(len(LENGTHS))]
            word = self._pick_word(length, used, {m["duel"].word for m in matches})
            used.add(word)
            seed = self.rng.next_u64()
            matches.append(
                {
                    "players": pair,
                    "seed": seed,
                    "ended_at": None,
                    "plan": None,
                    "duel": new_duel(word, seed, play_at),
                }
            )
        self.rounds.append(
            {
                "number": len(self.rounds) + 1,
                "started_at": at,
                "play_at": play_at,
                "ended_at": None,
                "bye": bye,
                "matches": matches,
            }
        )
        self.phase = "intro"
        self._emit(
            "round",
            at,
            round=self.round_number,
            pairs=[list(p) for p in pairs],
            bye=bye,
            lengths=[m["duel"].length for m in matches],
            play_at=play_at,
        )
        if bye is not None:
            self._emit("bye", at, round=self.round_number, player=bye)

    def _pick_word(self, length, used, this_round) -> str:
        """A word not played yet in this tournament (when the list runs out,
        one not played in this round): each pair gets a different word."""
        answers = self.words.answers[length]
        pool = [w for w in answers if w not in used] or [w for w in answers if w not in this_round]
        return pool[self.rng.randrange(len(pool))]

    def _after_row(self, index: int, row: dict) -> None:
        match = self.current["matches"][index]
        seat = row["seat"]
        common = {
            "round": self.round_number,
            "duel": index,
            "player": match["players"][seat],
            "seat": seat,
        }
        if row["guess"] is None:
            self._emit("skip", row["at"], **common)
        else:
            self._emit("guess", row["at"], word=row["guess"], marks=list(row["marks"]), **common)
        if match["duel"].is_over:
            self._duel_over(index, row["at"])
        self._pass_keyboard(row["at"])

    def _pass_keyboard(self, at: int) -> None:
        """Shared keyboard (11.4): one duel waiting for a person of this device has it, and
        its clock runs; every other such duel is held (its clock stopped at 30 s) in the
        order they began waiting. When the turn that had it ends, the duel waiting longest
        gets it, and its 30 s start then. The round's "keyboard" is [duel, when it got it]."""
        if not self.shared_keyboard or self.phase != "playing":
            return
        rnd = self.current
        holder = rnd.get("keyboard")
        matches = rnd["matches"]
        for index, match in enumerate(matches):
            duel = match["duel"]
            waiting = not duel.is_over and self.players[match["players"][duel.turn]]["human"]
            mine = holder is not None and holder[0] == index
            if mine and (not waiting or duel.turn_started != holder[1]):
                holder = None  # its turn ended: it waits again, behind the others
                mine = False
            if not waiting:
                match.pop("held", None)
            elif not mine and match.get("held") is None:
                match["held"] = duel.turn_started  # began waiting then
        if holder is None:
            held = [(m["held"], i) for i, m in enumerate(matches) if m.get("held") is not None]
            if held:
                _, index = min(held)
                match = matches[index]
                del match["held"]
                match["duel"].turn_started = at
                holder = [index, at]
        if holder is None:
            rnd.pop("keyboard", None)
        else:
            rnd["keyboard"] = holder

    def _duel_over(self, index: int, at: int, end_round=True) -> None:
        match = self.current["matches"][index]
        match["ended_at"] = at
        match["plan"] = None
        result = match["duel"].result
        a, b = match["players"]
        winner = match["players"][result["winner"]] if "winner" in result else None
        resigned = match["players"][result["resigned"]] if "resigned" in result else None
        for pid in (a, b):
            player = self.players[pid]
            if pid != winner and player["left"] is None:
                player["lives"] = max(0, player["lives"] - 1)
        self._emit(
            "duel_over",
            at,
            round=self.round_number,
            duel=index,
            players=[a, b],
            winner=winner,
            draw=winner is None,
            left=resigned,
            word=match["duel"].word,
            lives=[p["lives"] for p in self.players],
        )
        if end_round and all(m["duel"].is_over for m in self.current["matches"]):
            self._end_round(at)

    def _end_round(self, at: int) -> None:
        self.current["ended_at"] = at
        out = [p["id"] for p in self.players if p["placement"] is None and p["lives"] == 0]
        ahead = [pid for pid in self._in() if pid not in out]
        if out:
            self._settle(out, len(ahead) + 1, at, "lives")
        if len(ahead) <= 1:
            if ahead:
                self._settle(ahead, 1, at, "winner")
            self.phase = "over"
            self._emit("over", at, placements=[p["placement"] for p in self.players])
        else:
            self._start_round(at)

    def _settle(self, pids, placement: int, at: int, reason: str) -> None:
        """Place `pids` (sharing `placement`) and apply their rating changes now.
        Players not yet placed will finish above them; those placed already
        finished below."""
        for pid in pids:
            self.players[pid]["placement"] = placement
        for pid in pids:
            player = self.players[pid]
            change = placement_change(self.players, pid)
            player["rating_change"] = change
            player["placed_round"] = self.round_number
            player["lost_at"] = None
            fields = {
                "round": self.round_number,
                "player": pid,
                "placement": placement,
                "rating_change": change,
                "rating": player["rating"] + change,
            }
            if reason == "winner":
                self._emit("winner", at, **fields)
            else:
                self._emit("eliminated", at, reason=reason, **fields)

    # --- leaving and lost connections ---------------------------------------------------

    def leave(self, pid: int, now: int) -> list:
        """A human leaves. In the lobby: no penalty, a new bot takes the seat
        (the last human leaving abandons the lobby). After the start: the
        current duel is lost, the player is eliminated at once, placed below
        everyone not yet placed (so below the others eliminated this round)."""
        player = self._human(pid)
        if self.phase == "lobby":
            return self._leave_lobby(pid, now)
        self._out = []
        now = self._run(now)
        if player["placement"] is None and self.phase in ("intro", "playing"):
            self._leave([pid], now, "left")
        return self._flush()

    def leave_all(self, now: int) -> list:
        """Leave, pressed on the device: every human still in leaves (rule
        11.5, the whole group), one after the other in seat order, each as by
        `leave` (so each is placed below the ones after them)."""
        events = []
        for pid in self.humans_in():
            events += self.leave(pid, now)
        return events

    def play_out(self, stop: Callable[[], bool] | None = None) -> list:
        """Once no human is still in (`humans_done`), the rest at once: the
        clock jumps to each next thing due (the bots' guesses, skipped turns,
        the next rounds) until the tournament is over. With `stop`, it pauses
        before any step once stop() is true, to go on by the next call (a page
        plays it out in slices, to stay responsive); `is_over` tells when it is
        done. IllegalMove wordle.not_now while a human is still in."""
        if not self.humans_done:
            raise IllegalMove("wordle.not_now", phase=self.phase)
        events: list = []
        stepped = False  # each call makes at least one step
        while not self.is_over and not (stepped and stop is not None and stop()):
            at = self.next_event_at()
            if at is None:
                break
            events += self.advance(at)
            stepped = True
        return events

    def _leave_lobby(self, pid: int, now: int) -> list:
        humans = [p for p in self.players if p["human"] and p["id"] != pid]
        self._out = []
        if not humans:
            self.phase = "abandoned"
            self._emit("abandoned", now)
            return self._flush()
        # Keep the humans first and the ids the seats.
        del self.players[pid]
        for i, p in enumerate(self.players):
            p["id"] = i
        bot = self._new_bot(len(self.players))
        self.players.append(bot)
        self._emit(
            "left_lobby",
            now,
            player=pid,
            replaced_by={"name": bot["name"], "rating": bot["rating"]},
        )
        return self._flush()

    def _leave(self, pids, at: int, reason: str) -> None:
        """`pids` leave together at `at`: their duels are lost, and they share
        the placement below everyone not yet placed."""
        for pid in pids:
            self.players[pid]["left"] = reason
            self.players[pid]["lives"] = 0
        for pid in pids:
            found = self._match_of(pid)
            if found is not None and not found[1]["duel"].is_over:
                index, match = found
                match["duel"].resign(match["players"].index(pid))
                self._duel_over(index, at, end_round=False)
        placement = len([p for p in self._in() if p not in pids]) + 1
        self._settle(pids, placement, at, reason)
        if all(m["duel"].is_over for m in self.current["matches"]):
            self._end_round(at)
        else:
            self._pass_keyboard(at)  # a duel that had it may have ended

    def disconnect(self, now: int, pid=None) -> list:
        """The page was hidden, closed or reloaded: the humans still in (or
        just `pid`) are away. Their turns run out; unless they reconnect within
        60 s they have left (settled at lost time + 60 s)."""
        self._out = []
        now = self._run(now)
        if self.phase in ("intro", "playing"):
            away = [p["id"] for p in self._humans_in(pid) if p["lost_at"] is None]
            for i in away:
                self.players[i]["lost_at"] = now
            if away:
                self._emit("disconnected", now, players=away)
        return self._flush()

    def reconnect(self, now: int, pid=None) -> list:
        """The page is back: within 60 s the humans resume where it stands
        (the clocks ran on); later, `advance` has already made them leave."""
        self._out = []
        now = self._run(now)
        back = [p["id"] for p in self._humans_in(pid) if p["lost_at"] is not None]
        for i in back:
            self.players[i]["lost_at"] = None
        if back:
            self._emit("reconnected", now, players=back)
        return self._flush()

    def resume(self, now: int) -> list:
        """After loading a save (a reload, a reopened page): the humans still
        in count as away since the save's clock, unless they were marked away
        earlier, and are back at `now`: within 60 s they play on, later they
        have left (settled at the 60th second)."""
        self._out = []
        if self.phase in ("intro", "playing") and self.clock is not None:
            away = [p["id"] for p in self._humans_in(None) if p["lost_at"] is None]
            for i in away:
                self.players[i]["lost_at"] = self.clock
            if away:
                self._emit("disconnected", self.clock, players=away)
        events = self._flush()
        return events + self.reconnect(now)

    def _humans_in(self, pid):
        return [
            p
            for p in self.players
            if p["human"] and p["placement"] is None and (pid is None or p["id"] == pid)
        ]

    # --- human guesses ------------------------------------------------------------------

    def guess(self, pid: int, text: str, now: int) -> list:
        """A human's guess. IllegalMove (with the reason as its key) changes
        nothing: wordle.bad_letters / wrong_length / not_in_list (the
        dictionary), wordle.not_your_turn, wordle.duel_over, wordle.intro,
        wordle.bye, wordle.eliminated, wordle.away, wordle.not_playing.
        Everything due by `now` is played out first (see events_since)."""
        self._human(pid)
        self._out = []
        now = self._run(now)
        done = self._flush()
        refused, found = self._refusal(pid)
        if refused is not None:
            raise IllegalMove(refused)
        index, match = found
        duel = match["duel"]
        seat = match["players"].index(pid)
        word = self.words.parse(text, duel.length)
        self._out = []
        row = duel.guess(seat, word, now)
        self._after_row(index, row)
        now = self._run(now)
        return done + self._flush()

    def _refusal(self, pid):
        """(key, None): why the human `pid` may not guess now, as the catalogue
        key of the broken rule (4.2); (None, (index, match)): they may, in that
        duel of the current round."""
        player = self.players[pid]
        if self.phase == "intro":
            return "wordle.intro", None
        if self.phase != "playing":
            return "wordle.not_playing", None
        if player["placement"] is not None:
            return "wordle.eliminated", None
        if player["lost_at"] is not None:
            return "wordle.away", None
        found = self._match_of(pid)
        if found is None:
            return "wordle.bye", None
        match = found[1]
        if match["duel"].is_over:
            return "wordle.duel_over", None
        if match["duel"].turn != match["players"].index(pid):
            return "wordle.not_your_turn", None
        if match.get("held") is not None:
            return "wordle.keyboard_busy", None
        return None, found

    # --- who plays now, who is out ---------------------------------------------------------
    #
    # Questions about the tournament as it stands: call advance(now) first, as for view.

    def may_type(self, pid) -> bool:
        """Whether `pid` may guess now: a human still in and here (not away),
        whose turn it is in their duel while the round is played (rule 4.2).
        A guess of theirs can then be refused only for its word (4.1)."""
        return (
            is_int(pid)
            and 0 <= pid < len(self.players)
            and self.players[pid]["human"]
            and self._refusal(pid)[0] is None
        )

    def to_play(self, index: int):
        """The human (id) who may guess now in duel `index` of the current
        round; None when it waits for nobody on this device (a bot's turn, a
        human away or out, the duel over, the introduction)."""
        rnd = self.current
        if rnd is None or not is_int(index) or not 0 <= index < len(rnd["matches"]):
            return None
        match = rnd["matches"][index]
        duel = match["duel"]
        if duel.is_over:
            return None
        pid = match["players"][duel.turn]
        return pid if self.may_type(pid) else None

    def keyboard_holder(self, now: int, shown=None):
        """(pid, duel index): whom the device's one keyboard types for at `now`,
        or None when no human may guess. Rule 11.4: of the duels waiting for a
        human's guess, the one on screen (`shown`) keeps the keyboard while it
        waits; else the one with the least time left comes to the front (the
        lower index on a tie)."""
        rnd = self.current
        if rnd is None:
            return None
        waiting = []
        for index, match in enumerate(rnd["matches"]):
            pid = self.to_play(index)
            if pid is not None and self.shared_keyboard:
                return pid, index  # the one duel not held
            if pid is not None:
                if index == shown:
                    return pid, index
                waiting.append((match["duel"].time_left(now), index, pid))
        if not waiting:
            return None
        _, index, pid = min(waiting)
        return pid, index

    def clock_running(self, index: int) -> bool:
        """Whether the clock of duel `index` of the current round runs: from the
        end of the introduction (6.2) until the duel is over."""
        rnd = self.current
        return (
            self.phase == "playing"
            and rnd is not None
            and is_int(index)
            and 0 <= index < len(rnd["matches"])
            and not rnd["matches"][index]["duel"].is_over
            and rnd["matches"][index].get("held") is None
        )

    def human_duels(self) -> list:
        """The indexes of the current round's duels with a human in them."""
        rnd = self.current
        if rnd is None:
            return []
        return [
            i
            for i, m in enumerate(rnd["matches"])
            if any(self.players[pid]["human"] for pid in m["players"])
        ]

    def humans_in(self) -> list:
        """The ids of the humans still in (not placed)."""
        return [p["id"] for p in self._humans_in(None)]

    def humans_placed(self) -> list:
        """The ids of the humans whose placement is settled (rule 8.2: they see
        it, and their rating change, at once)."""
        return [p["id"] for p in self.players if p["human"] and p["placement"] is not None]

    def winners(self) -> list:
        """The ids of the players placed first: one, or several when the last
        round eliminated everyone still in (8.5); none before the end."""
        return [p["id"] for p in self.players if p["placement"] == 1]

    # --- helpers --------------------------------------------------------------------------

    def _human(self, pid) -> dict:
        if not is_int(pid) or not 0 <= pid < len(self.players) or not self.players[pid]["human"]:
            raise IllegalMove("wordle.no_such_player")
        return self.players[pid]

    def _require_phase(self, phase) -> None:
        if self.phase != phase:
            raise IllegalMove("wordle.not_now", phase=self.phase)

    def _match_of(self, pid):
        if self.current is None:
            return None
        for i, match in enumerate(self.current["matches"]):
            if pid in match["players"]:
                return i, match
        return None

    def _emit(self, kind, at, **fields) -> None:
        event = {"type": kind, "n": len(self.log), "at": at, **fields}
        self.log.append(event)
        assert self._out is not None  # every call that emits starts its list first
        self._out.append(dict(event))

    def _flush(self) -> list:
        out, self._out = self._out or [], None
        return out

    def events_since(self, n: int) -> list:
        """The events from index `n` of the log on."""
        return [dict(e) for e in self.log[n:]]

    # --- what players see ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase in ENDED

    @property
    def humans_done(self) -> bool:
        """Nobody of the group is still in the tournament (all humans placed,
        or it is over): the group may go back to its screen and start again,
        while the bots may still be playing for the places above."""
        return self.is_over or all(p["placement"] is not None for p in self.players if p["human"])

    def next_event_at(self):
        """When something is next due by the clock alone (the intro's end, a
        bot's guess, a skipped turn, a lost connection running out); None when
        nothing is. A page can sleep until then; a simulation can jump there.
        It works out the bots' plans it needs to know that (none is given later)."""
        step = self._due()
        while step is not None and step[1] == "plan":
            self._make_plan(self.current["matches"][step[2]])
            step = self._due()
        return step[0] if step else None

    def standings(self) -> list:
        """Players best first: placed ones by placement, the rest by lives."""
        return [dict(p) for p in standings_order(self.players)]

    def view(self, pid, now: int) -> dict:
        """What the human `pid` (or a spectator, pid None) may see at `now`
        (call `advance(now)` first): everyone's lives, their own duel and the
        round's other duels (words hidden until each is over). Each duel also
        says whom it waits for on this device ("to_play", see `to_play`) and
        whether its clock runs ("running"); "bye_player" is the round's bye,
        "standings" the ids best first (`standings_order`), "winners" those
        placed first, "humans_done" as the property."""
        rnd = self.current
        duels = []
        if rnd is not None:
            for i, match in enumerate(rnd["matches"]):
                duel_view = match["duel"].view(now)
                if self.phase == "intro" or match.get("held") is not None:
                    duel_view["time_left"] = TURN_MS
                duels.append(
                    {
                        "index": i,
                        "players": list(match["players"]),
                        **duel_view,
                        "to_play": self.to_play(i),
                        "running": self.clock_running(i),
                        "held": match.get("held") is not None,
                    }
                )
        mine = (
            self._match_of(pid) if pid is not None and self.phase in ("intro", "playing") else None
        )
        me = self.players[pid] if pid is not None else None
        seat = mine[1]["players"].index(pid) if mine else None
        return {
            "phase": self.phase,
            "lang": self.lang,
            "round": self.round_number,
            "intro_left": max(0, rnd["play_at"] - now) if self.phase == "intro" else 0,
            "players": [
                {
                    "id": p["id"],
                    "name": p["name"],
                    "rating": p["rating"],
                    "human": p["human"],
                    "lives": p["lives"],
                    "placement": p["placement"],
                    "rating_change": p["rating_change"],
                    "left": p["left"],
                    "away": p["lost_at"] is not None,
                }
                for p in self.players
            ],
            "you": pid,
            "your_duel": mine[0] if mine else None,
            "your_seat": seat,
            "your_turn": bool(mine and self.phase == "playing" and mine[1]["duel"].turn == seat),
            "bye": bool(
                rnd and pid is not None and rnd["bye"] == pid and self.phase in ("intro", "playing")
            ),
            "out": bool(me and me["placement"] is not None),
            "duels": duels,
            "placements": [p["placement"] for p in self.players],
            "bye_player": rnd["bye"] if rnd is not None else None,
            "standings": [p["id"] for p in standings_order(self.players)],
            "winners": self.winners(),
            "humans_done": self.humans_done,
        }

    # --- saving -----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "version": VERSION,
            "lang": self.lang,
            "seed": self.seed,
            "rng": self.rng.to_json(),
            "names": self._names_state,
            "base_rating": self.base_rating,
            "clock": self.clock,
            "shared_keyboard": self.shared_keyboard,
            "phase": self.phase,
            "players": [dict(p) for p in self.players],
            "rounds": [
                {
                    **{k: v for k, v in r.items() if k != "matches"},
                    "matches": [
                        {
                            "players": list(m["players"]),
                            "seed": m["seed"],
                            "ended_at": m["ended_at"],
                            "plan": dict(m["plan"]) if m["plan"] else None,
                            "duel": m["duel"].to_json(),
                            **({"held": m["held"]} if m.get("held") is not None else {}),
                        }
                        for m in r["matches"]
                    ],
                }
                for r in self.rounds
            ],
            "log": [dict(e) for e in self.log],
        }

    @classmethod
    def from_json(cls, data, words) -> "Tournament":
        """A saved tournament, checked; BadState when it does not hold together."""
        from .tournament_saved import load  # (it reads this module's rules)

        try:
            return load(cls, data, words)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise BadState(f"bad tournament: {error}") from error
