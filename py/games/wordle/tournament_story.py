"""A finished Wordle Tournament told again, step by step, from its record.

Rules of record: docs/rules/wordle-tournament.md 14 (replays). A replay
(app.replays) is {"options", "seed", "seats", "moves", "date"}; a
tournament's is made by `record(tournament)`:

    options  {"lang": code, "group": bool, "players": [[name, rating, human], ...]}
             the 8 players as the tournament started (ratings before it),
             the humans first; "group": several people shared the device
    seed     the tournament's seed (0 when it does not fit a replay's)
    seats    []
    moves    one step each, in the order they happened:
             "round a:b:s:word ... [bye:p]"  a round begins: each duel's two
                                   players, the seat playing first, the word
             "guess d word"        the next row of duel d: a guess ...
             "skip d"              ... or a turn whose 30 seconds ran out
             "away p ..."          people lost the connection; "back p ..." returned
             "leave p ..."         people left (Leave); "drop p ...": they were
                                   away for 60 seconds (rule 10.3)

Words are tile strings (games.wordle.dictionary). Nothing else is written
down: the colours of each row, who played it, the ends of the duels, lives,
placements and rating changes are worked out again here by the rules, so a
record that does not hold together (a row after its duel is over, a word not
in the language's list, a round that pairs a player who is out or leaves one
out, a bye twice running, a step after the end...) is refused with
ValueError, never told wrongly.

`story_game(words)` is what app.replays.positions steps through (a StoryGame);
`tell(words, entry)` checks a whole record and gives its last position
(ValueError unless it is a whole tournament, to its end).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from games.common.errors import IllegalMove
from games.common.protocol import MAX_SEED

from .dictionary import LENGTHS, Dictionary
from .duel import TURNS_EACH
from .feedback import marks
from .nicknames import clean_nickname
from .tournament_results import (
    leaving_placement,
    placement_change,
    round_losers,
    standings_order,
    still_in,
    take_lives,
    winners,
)
from .tournament_rules import LIVES, SEATS

if TYPE_CHECKING:
    from .tournament import Tournament

NAME = "wordle-tournament"
MAX_RATING = 100_000
PEOPLE_STEPS = ("away", "back", "leave", "drop")
LEFT = {"leave": "left", "drop": "disconnect"}  # the step -> the engine's reason
IDS = {str(i): i for i in range(SEATS)}
DUELS = {str(i): i for i in range(SEATS // 2)}
SEAT_TEXT = {"0": 0, "1": 1}
StepMove = tuple[str, tuple[Any, ...]]  # a step of the notation, parsed: (kind, arguments)


# --- the record of a tournament ------------------------------------------------------------


def record(t: "Tournament", group: bool = False) -> dict[str, Any]:
    """The replay of a tournament (without its date): its players, language
    and steps as the module docstring says; `group` when several people
    shared the device."""
    moves: list[str] = []
    last_leave = None  # (at, step, placement) of the last leaving step
    for event in t.log:
        kind = event["type"]
        if kind == "round":
            rnd = t.rounds[event["round"] - 1]
            duels = [
                f"{m['players'][0]}:{m['players'][1]}:{m['duel'].first}:{m['duel'].word}"
                for m in rnd["matches"]
            ]
            bye = [] if rnd["bye"] is None else [f"bye:{rnd['bye']}"]
            moves.append(" ".join(["round", *duels, *bye]))
        elif kind == "guess":
            moves.append(f"guess {event['duel']} {event['word']}")
        elif kind == "skip":
            moves.append(f"skip {event['duel']}")
        elif kind in ("disconnected", "reconnected"):
            step = "away" if kind == "disconnected" else "back"
            moves.append(" ".join([step, *map(str, event["players"])]))
        elif kind == "eliminated" and event["reason"] != "lives":
            step = "leave" if event["reason"] == "left" else "drop"
            key = (event["at"], step, event["placement"])
            if key == last_leave:  # left together: one step, one placement
                moves[-1] += f" {event['player']}"
            else:
                moves.append(f"{step} {event['player']}")
            last_leave = key
            continue
        if kind not in ("duel_over", "eliminated", "winner", "over"):
            last_leave = None
    return {
        "options": {
            "lang": t.lang,
            "group": group,
            "players": [[p["name"], p["rating"], p["human"]] for p in t.players],
        },
        "seed": t.seed if 0 <= t.seed <= MAX_SEED else 0,
        "seats": [],
        "moves": moves,
    }


def parse_step(text: object) -> StepMove:
    """A step of the notation as (kind, arguments); ValueError if it is not one."""
    if not isinstance(text, str):
        raise ValueError("a step is text")
    kind, *args = text.split(" ")
    if kind == "round":
        bye = None
        if args and args[-1].startswith("bye:"):
            bye = _number(IDS, args.pop()[4:])
        duels = []
        for arg in args:
            fields = arg.split(":")
            if len(fields) != 4:
                raise ValueError("a duel is a:b:first:word")
            a, b, first, word = fields
            duels.append((_number(IDS, a), _number(IDS, b), _number(SEAT_TEXT, first), word))
        if not 1 <= len(duels) <= SEATS // 2:
            raise ValueError("a round has 1 to 4 duels")
        return kind, (duels, bye)
    if kind == "guess" and len(args) == 2:
        return kind, (_number(DUELS, args[0]), args[1])
    if kind == "skip" and len(args) == 1:
        return kind, (_number(DUELS, args[0]),)
    if kind in PEOPLE_STEPS and args:
        ids = [_number(IDS, arg) for arg in args]
        if len(set(ids)) != len(ids):
            raise ValueError("a player twice in one step")
        return kind, (ids,)
    raise ValueError(f"not a step: {text[:40]!r}")


def _number(allowed: dict[str, int], text: str) -> int:
    if text not in allowed:
        raise ValueError(f"not a number in range: {text[:12]!r}")
    return allowed[text]


# --- the story ----------------------------------------------------------------------------


class Story:
    """The tournament after some steps: the players (lives, placements,
    rating changes, who left or is away), the round and its duels with their
    rows so far, and what the last step did (`step`)."""

    def __init__(self, words: Dictionary, group: bool, players: list[dict[str, Any]]):
        self.words = words
        self.lang = words.lang
        self.group = group
        self.players = players
        self.round = 0
        self.bye: int | None = None
        self.duels: list[dict[str, Any]] = []
        self.phase = "lobby"  # lobby | round (being played) | between (it is over) | over
        self.step: dict[str, Any] = {"kind": "start"}

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def copy(self) -> "Story":
        twin = Story(self.words, self.group, [dict(p) for p in self.players])
        twin.round, twin.bye, twin.phase = self.round, self.bye, self.phase
        twin.duels = [{**d, "rows": [dict(r) for r in d["rows"]]} for d in self.duels]
        twin.step = {k: list(v) if isinstance(v, list) else v for k, v in self.step.items()}
        return twin

    def apply(self, step: StepMove) -> list[Any]:
        """Tell one step (from parse_step); ValueError if it cannot have happened."""
        kind, args = step
        if self.phase == "over":
            raise ValueError("the tournament is over")
        self.step = {"kind": kind, "duel": None, "players": [], "ended": [], "placed": []}
        STEPS[kind](self, *args)
        return []

    def view(self) -> dict[str, Any]:
        """The position as the replay draws it: like Tournament.view, with the
        words of the duels that are over, and the last step."""
        return {
            "phase": self.phase,
            "lang": self.lang,
            "group": self.group,
            "round": self.round,
            "players": [dict(p) for p in self.players],
            "duels": [
                {
                    "index": d["index"],
                    "players": list(d["players"]),
                    "length": len(d["word"]),
                    "first": d["first"],
                    "rows": [dict(r) for r in d["rows"]],
                    "turn": d["turn"],
                    "result": dict(d["result"]) if d["result"] else None,
                    "word": d["word"] if d["result"] else None,
                }
                for d in self.duels
            ],
            "bye_player": self.bye,
            "standings": [p["id"] for p in standings_order(self.players)],
            "winners": winners(self.players),
            "step": dict(self.step),
        }

    # --- the steps --------------------------------------------------------------------

    def _round(self, duels: list[tuple[int, int, int, str]], bye: int | None) -> None:
        if self.phase not in ("lobby", "between"):
            raise ValueError("a round begins when the last one is over")
        in_round = sorted(still_in(self.players))
        seated = [pid for a, b, _first, _word in duels for pid in (a, b)]
        seated += [] if bye is None else [bye]
        if sorted(seated) != in_round or (bye is not None) != (len(in_round) % 2 == 1):
            raise ValueError("a round pairs everyone still in, with a bye when they are odd")
        if bye is not None and bye == self.bye:
            raise ValueError("no bye twice running (rule 7.2)")
        words = [word for *_, word in duels]
        if len(set(words)) != len(words) or not all(self._is_word(w) for w in words):
            raise ValueError("each duel has a word of its own from the list")
        self.round += 1
        self.bye = bye
        self.duels = [
            {
                "index": i,
                "players": [a, b],
                "first": first,
                "word": word,
                "rows": [],
                "turn": first,
                "result": None,
            }
            for i, (a, b, first, word) in enumerate(duels)
        ]
        self.phase = "round"

    def _guess(self, index: int, word: str) -> None:
        duel = self._duel_to_play(index)
        if len(word) != len(duel["word"]) or not self._is_word(word):
            raise ValueError("a guess has the duel's length and is in the list")
        self._row(duel, word)

    def _skip(self, index: int) -> None:
        self._row(self._duel_to_play(index), None)

    def _away(self, pids: list[int]) -> None:
        for pid in self._people_in(pids):
            if self.players[pid]["away"]:
                raise ValueError("already away")
            self.players[pid]["away"] = True
        self.step["players"] = list(pids)

    def _back(self, pids: list[int]) -> None:
        for pid in self._people_in(pids):
            if not self.players[pid]["away"]:
                raise ValueError("not away")
            self.players[pid]["away"] = False
        self.step["players"] = list(pids)

    def _leave(self, pids: list[int], reason: str) -> None:
        """Rule 10.2: the duel in play is lost, and those leaving together share
        the placement below everyone not yet placed."""
        for pid in self._people_in(pids):
            if reason == "disconnect" and not self.players[pid]["away"]:
                raise ValueError("only someone away for 60 seconds drops out")
            self.players[pid]["left"] = reason
            self.players[pid]["lives"] = 0
        self.step["players"] = list(pids)
        for pid in pids:
            duel = next((d for d in self.duels if pid in d["players"]), None)
            if duel is not None and duel["result"] is None:
                seat = duel["players"].index(pid)
                duel["result"], duel["turn"] = {"winner": 1 - seat, "resigned": seat}, None
                self._duel_over(duel)
        self._settle(pids, leaving_placement(self.players, pids))
        if all(d["result"] is not None for d in self.duels):
            self._end_round()

    # --- the rules behind them ------------------------------------------------------------

    def _is_word(self, word: str) -> bool:
        return len(word) in LENGTHS and word in self.words.guesses[len(word)]

    def _people_in(self, pids: list[int]) -> list[int]:
        if self.phase != "round":
            raise ValueError("people come and go while a round is played")
        for pid in pids:
            player = self.players[pid]
            if not player["human"] or player["placement"] is not None:
                raise ValueError("only people still in come and go")
        return pids

    def _duel_to_play(self, index: int) -> dict[str, Any]:
        if self.phase != "round" or index >= len(self.duels):
            raise ValueError("no such duel in play")
        duel = self.duels[index]
        if duel["result"] is not None:
            raise ValueError("that duel is over")
        return duel

    def _row(self, duel: dict[str, Any], word: str | None) -> None:
        """The next turn of `duel` (rules 3.4 to 3.6): a guess, or skipped."""
        seat = duel["turn"]
        duel["rows"].append(
            {
                "seat": seat,
                "guess": word,
                "marks": None if word is None else list(marks(word, duel["word"])),
            }
        )
        self.step.update(duel=duel["index"], players=[duel["players"][seat]])
        used = [sum(1 for r in duel["rows"] if r["seat"] == s) for s in (0, 1)]
        if word == duel["word"]:
            duel["result"] = {"winner": seat}
        elif min(used) >= TURNS_EACH:
            duel["result"] = {"draw": True}
        if duel["result"] is None:
            duel["turn"] = 1 - seat
            return
        duel["turn"] = None
        self._duel_over(duel)
        if all(d["result"] is not None for d in self.duels):
            self._end_round()

    def _duel_over(self, duel: dict[str, Any]) -> None:
        """Rule 1.3: the loser, or both after a draw, give up a life."""
        seat = duel["result"].get("winner")
        take_lives(self.players, duel["players"], None if seat is None else duel["players"][seat])
        self.step["ended"].append(duel["index"])

    def _end_round(self) -> None:
        """Rules 8.2 to 8.5: those at 0 lives share the placement below those
        still in; one left wins, none left share first place."""
        out, ahead = round_losers(self.players)
        if out:
            self._settle(out, len(ahead) + 1)
        if len(ahead) <= 1:
            if ahead:
                self._settle(ahead, 1)
            self.phase = "over"
        else:
            self.phase = "between"

    def _settle(self, pids: list[int], placement: int) -> None:
        for pid in pids:
            self.players[pid]["placement"] = placement
        for pid in pids:
            self.players[pid]["rating_change"] = placement_change(self.players, pid)
            self.players[pid]["away"] = False
        self.step["placed"] += list(pids)


STEPS: dict[str, Callable[..., None]] = {
    "round": Story._round,
    "guess": Story._guess,
    "skip": Story._skip,
    "away": Story._away,
    "back": Story._back,
    "leave": lambda story, pids: story._leave(pids, "left"),
    "drop": lambda story, pids: story._leave(pids, "disconnect"),
}


def new_story(words: Dictionary, options: object, seed: int = 0) -> Story:
    """The lobby a record starts from; ValueError if its options are not one."""
    if not isinstance(options, dict) or set(options) != {"lang", "group", "players"}:
        raise ValueError("a tournament's options are its language, group and players")
    if options["lang"] != words.lang or not isinstance(options["group"], bool):
        raise ValueError("language or group")
    listed = options["players"]
    if not isinstance(listed, list) or len(listed) != SEATS:
        raise ValueError("a tournament has 8 players")
    players = [_player(i, entry) for i, entry in enumerate(listed)]
    humans = [p["human"] for p in players]
    names = {p["name"].casefold() for p in players}
    if not humans[0] or humans != sorted(humans, reverse=True) or len(names) != SEATS:
        raise ValueError("the people first, and eight names")
    return Story(words, options["group"], players)


def _player(pid: int, entry: object) -> dict[str, Any]:
    if not isinstance(entry, list) or len(entry) != 3:
        raise ValueError("a player is [name, rating, human]")
    name, rating, human = entry
    try:
        nickname = clean_nickname(name)
    except IllegalMove:
        nickname = None
    if not (
        nickname == name
        and type(rating) is int
        and 0 <= rating <= MAX_RATING
        and isinstance(human, bool)
    ):
        raise ValueError(f"player {pid}")
    return {
        "id": pid,
        "name": name,
        "rating": rating,
        "human": human,
        "lives": LIVES,
        "placement": None,
        "rating_change": None,
        "left": None,
        "away": False,
    }


@dataclass(frozen=True)
class StoryGame:
    """What app.replays steps a told tournament through (app.replays.Replayable): its
    name, the story a record's options start, a step read from its notation. Not a
    games.common Game: a story is no GameState, only told forward (no legal moves, no
    seat's view, never saved)."""

    name: str
    new_game: Callable[[object, int], Story]
    parse_move: Callable[[str], StepMove]


def story_game(words: Dictionary) -> StoryGame:
    """The story's game for the words of its language: each move is one step."""
    return StoryGame(NAME, partial(new_story, words), parse_step)


def tell(words: Dictionary, entry: dict[str, Any]) -> Story:
    """The last position of a record, checked step by step; ValueError unless
    it is a whole tournament, to its end."""
    story = new_story(words, entry.get("options"))
    for text in entry.get("moves", []):
        story.apply(parse_step(text))
    if not story.is_over:
        raise ValueError("the record stops before the end of the tournament")
    return story
