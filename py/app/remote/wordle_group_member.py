"""A Wordle Tournament group across devices, a member's side (the leader's is
app.remote.wordle_group, which states the messages). The leader's messages come through
its relay (app.remote.relay): this device's Spoke, made under the name the leader gives it
first on each link, takes them in order. They are untrusted: each is checked whole before
anything is kept, and junk is noted and dropped, never raised. The member keeps the
latest view for the page to draw, runs its clocks down on its own clock, and decides by
its own clock that a leader gone 60 s has abandoned the tournament. Rules: docs/rules/wordle-tournament.md 16.

`status`: "connecting" (waiting for the leader's hello, or welcome sent and no view yet),
"lobby", "playing", "over" (final standings), "paused" (the leader's link is down: nothing
moves here), "abandoned" (the leader was not back within 60 s: the tournament does not
count for this device), "other_version" (the leader's app is another version: the
handshake's check, app.remote.handshake.same_version, on its hello, or the leader's on
this device's welcome).
"""

import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from games.wordle.duel import TURN_MS, TURNS_EACH
from games.wordle.tournament_rules import GRACE_MS, INTRO_MS, LEAVE_REASONS, PHASES, SEATS

from app.fair.errors import ProtocolError
from app.remote import wire
from app.remote.checks import OTHER_VERSION, Refused
from app.remote.handshake import rules_of, same_version
from app.remote.names import clean_name
from app.remote.relay import Spoke
from app.remote.relay_records import check_guest_name
from app.remote.roster import HOST
from app.remote.wordle_group import GROUP_RULES, MAX_MS, MAX_RATING, MAX_TEXT

CONNECTING, LOBBY, PLAYING, OVER = "connecting", "lobby", "playing", "over"
PAUSED, ABANDONED = "paused", "abandoned"
STATUS_OF_PHASE = {"lobby": LOBBY, "intro": PLAYING, "playing": PLAYING, "over": OVER}
MAX_PROBLEMS = 20
VIEW_KEYS = {
    "phase", "lang", "round", "intro_left", "players", "you", "your_duel", "your_seat",
    "your_turn", "bye", "out", "duels", "placements", "bye_player", "standings", "winners",
    "humans_done",
}  # fmt: skip
PLAYER_KEYS = {"id", "name", "rating", "human", "lives", "placement", "rating_change"}
PLAYER_KEYS |= {"left", "away"}
DUEL_KEYS = {"index", "players", "length", "rows", "turn", "first", "turns_used"}
DUEL_KEYS |= {"time_left", "result", "word", "to_play", "running", "held"}
MAX_CHANGE = 400  # a rating change: K = 50/7 over 7 results is at most 50


def tournament_key(game: int, view: dict[str, Any]) -> str:
    """Names one tournament of a group, the same on a page that joined it again after a
    reload: its number in the group and its players' names (computers' names are drawn
    anew for each tournament), so its result is recorded on this device once."""
    names = [p["name"] for p in view["players"]]
    return hashlib.sha256(json.dumps([game, names]).encode("utf-8")).hexdigest()[:16]


class GroupMember:
    """This device's side of a group whose leader hosts the tournament. `send(message)`
    is the link to the leader; the page hands what arrives to `receive(message, now)`."""

    def __init__(self, send: Callable[[dict[str, Any]], None], name: str, rating: int):
        try:
            self.name = clean_name(name)
        except ProtocolError as error:
            raise ValueError(error.reason) from None
        if type(rating) is not int or not 0 <= rating <= MAX_RATING:
            raise ValueError(f"a rating is a whole number from 0 to {MAX_RATING}")
        self.rating = rating
        self.send: Callable[[dict[str, Any]], None] | None = send
        self.status = CONNECTING
        self.view: dict[str, Any] | None = None  # the latest view, as the leader sent it
        self.received_at = 0  # this device's clock when it came
        self.game = 0  # the group's tournament it belongs to
        # This device's name in the group (the leader's `group` message, first on each
        # link): its relay's name, under which the spoke takes the leader's envelopes.
        self.device: str | None = None
        self.spoke: Spoke | None = None  # this link's relay, from the leader's `group`
        self.greeted = False  # the leader's hello on this link is taken
        self.taken: str | None = None  # the type of the leader's message just taken
        self.now = 0
        self.lost_at: int | None = None  # when the leader's link dropped
        self.result: dict[str, Any] | None = (
            None  # {"game", "key", "placement", "rating_change", "rating"}
        )
        self.refusal: str | None = None  # the leader's latest refusal (a catalogue key)
        self.problems: list[str] = []  # junk from the leader, the latest MAX_PROBLEMS

    def rejoin(self) -> None:
        """This device's welcome again: a page opened anew on the link whose hello an
        earlier page of this device answered (the leader sends the view at once)."""
        self._welcome()

    def _welcome(self) -> None:
        welcome = {"type": "welcome", "version": wire.VERSION, "rules": rules_of(GROUP_RULES)}
        self._post({**welcome, "name": self.name, "rating": self.rating})

    def _post(self, message: dict[str, Any]) -> None:
        """Through this link's relay, which keeps it until the leader has it (sent once
        this device sees the link up, if it does not yet)."""
        if self.spoke is not None:
            self.spoke.post(message, to=HOST)

    def _to_leader(self, data: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(data)

    # --- what the leader sends -----------------------------------------------------------

    def receive(self, data: object, now: int) -> bool:
        """What the leader's link delivered; False (noted in `problems`) when it is
        refused. `taken` names the leader's message it held, if any."""
        self.now, self.taken = now, None
        try:
            self._take_data(data)
        except ProtocolError as error:
            self.problems = [*self.problems, error.reason][-MAX_PROBLEMS:]
            return False
        return True

    def _take_data(self, data: object) -> None:
        if isinstance(data, dict) and data.get("type") == "group":
            self._named(wire.fields(data, "group", {"you"}))
            self.taken = "group"
            return
        if self.spoke is None:
            raise ProtocolError("a message before this device's name in the group")
        self.spoke.receive(data)

    def _delivered(self, sender: str, message: dict[str, Any]) -> None:
        """A message relayed to this device: the leader's alone are taken."""
        if sender != HOST:
            raise ProtocolError("a message from another member")
        self._take(message, self.now)
        self.taken = message["type"]

    def _take(self, message: dict[str, Any], now: int) -> None:
        if message.get("type") not in ("hello", "view", "refused"):
            raise ProtocolError("an unknown message")
        if self.status == OTHER_VERSION:
            raise ProtocolError("the leader's app is another version")
        if message["type"] == "hello":
            self._hello(message)
            return
        if not self.greeted:
            raise ProtocolError("a message before the leader's hello")
        if message["type"] == "refused":
            wire.fields(message, "refused", {"reason"})
            reason = wire.text(message["reason"], 60, "a reason")
            if not all(c.isalnum() or c in "._-" for c in reason):
                raise ProtocolError("a reason is a catalogue key")
            self.refusal = reason
            if reason == OTHER_VERSION and self.view is None:
                self.status = OTHER_VERSION  # the leader's check of this device's welcome
            return
        wire.fields(message, "view", {"game", "view"})
        game = wire.whole(message["game"], 1, MAX_MS, "a game")
        view = checked_view(message["view"])
        if game < self.game or (game == self.game and self.status == ABANDONED):
            raise ProtocolError("a view of a tournament that is over here")
        if game > self.game:
            self.result = None
        self.game, self.view, self.received_at = game, view, now
        self.lost_at, self.refusal = None, None
        self.status = STATUS_OF_PHASE.get(view["phase"], ABANDONED)
        me = view["players"][view["you"]]
        if self.result is None and me["placement"] is not None:
            self.result = {
                "game": game,
                "key": tournament_key(game, view),
                "placement": me["placement"],
                "rating_change": me["rating_change"],
                "rating": me["rating"] + me["rating_change"],
            }

    def _hello(self, message: dict[str, Any]) -> None:
        """The leader's hello, its first message through each new link's relay: checked
        as a table's guest checks its host's, and answered with this device's welcome.
        Another version stops this device's joining, said as for any game, and is
        answered as a table's guest answers it (refused, other_version)."""
        if self.greeted:
            raise ProtocolError("a hello out of place")
        try:
            same_version(GROUP_RULES, message, HOST)  # before anything else of it is read
        except Refused as refusal:
            if self.view is not None:
                raise ProtocolError("another version's hello in a tournament") from None
            self.status = OTHER_VERSION
            # said as a table's guest says it, so the leader stops counting this device in
            self._post({"type": "refused", "kind": OTHER_VERSION, "reason": refusal.reason})
            return
        wire.fields(message, "hello", {"version", "rules", "game", "name"})
        if message["game"] != GROUP_RULES.name:
            raise ProtocolError("a hello of another game")
        clean_name(message["name"])
        self.greeted = True
        self._welcome()

    def _named(self, message: dict[str, Any]) -> None:
        """The leader's name for this device, on its first link and on each new one made
        for it (#/connect?relink=): the same name each time."""
        try:
            device = check_guest_name(message["you"])
        except ValueError:
            raise ProtocolError("a device's name in the group") from None
        if self.device not in (None, device):
            raise ProtocolError("another device's name")
        self.device = device
        # The first message on each new link: this device's relay starts afresh on it.
        self.spoke, self.greeted = Spoke(device, self._to_leader, self._delivered), False

    # --- this device's play ----------------------------------------------------------------

    def guess(self, text: str, now: int) -> bool:
        """Send a guess for this player's duel (the leader checks it and says why it is
        refused); False, nothing sent, unless the latest view says it is their turn."""
        view = self.view
        if self.status != PLAYING or view is None or not view["your_turn"] or view["out"]:
            return False
        if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
            return False
        guess = {"type": "guess", "round": view["round"], "duel": view["your_duel"]}
        self._post({**guess, "text": text, "at": now})
        return True

    def leave(self) -> None:
        self._post({"type": "leave"})

    # --- the link and the clock ------------------------------------------------------------

    def leader_lost(self, now: int) -> None:
        """The leader's link dropped: everything waits for the leader (paused). Its relay
        goes with it (the leader names this device again on a new link)."""
        self.send, self.spoke = None, None
        if self.status not in (ABANDONED, OVER) and self.lost_at is None:
            self.lost_at = now
            self.status = PAUSED

    def linked(self, send: Callable[[dict[str, Any]], None]) -> None:
        """A link to the leader is up again (after either side's reload): the leader names
        this device on it, then its hello comes, answered as on the first link, then the
        view. If they came before this device saw the link up, what it said meanwhile
        goes now."""
        self.send = send
        if self.spoke is not None:
            self.spoke.reconnected()

    def tick(self, now: int) -> None:
        """The leader gone for 60 s on this device's clock: abandoned (rule 16.5)."""
        if self.status == PAUSED and self.lost_at is not None and now - self.lost_at >= GRACE_MS:
            self.status = ABANDONED
            self.lost_at = None

    def view_at(self, now: int) -> dict[str, Any] | None:
        """The latest view with its clocks run down to `now` (stopped while paused)."""
        if self.view is None:
            return None
        gone = 0 if self.status in (PAUSED, ABANDONED) else max(0, now - self.received_at)
        view = dict(self.view)
        view["intro_left"] = max(0, view["intro_left"] - gone)
        view["duels"] = [
            {**d, "time_left": max(0, d["time_left"] - gone) if d["running"] else d["time_left"]}
            for d in view["duels"]
        ]
        return view


# --- checking a view -----------------------------------------------------------------------


Checked = TypeVar("Checked")


def _id(value: object, what: str) -> int:
    return wire.whole(value, 0, SEATS - 1, what)


def _optional(value: object, check: Callable[[object], Checked]) -> Checked | None:
    """A field that may be empty (None), checked when it is not."""
    return None if value is None else check(value)


def checked_view(view: object) -> dict[str, Any]:
    """A view from the leader (games.wordle.tournament's `view`), checked to its leaves:
    the page may draw whatever passes. ProtocolError otherwise."""
    if not isinstance(view, dict) or set(view) != VIEW_KEYS:
        raise ProtocolError("a view has the tournament's fields")
    if view["phase"] not in PHASES or not isinstance(view["lang"], str) or len(view["lang"]) > 8:
        raise ProtocolError("a view's phase or language")
    wire.whole(view["round"], 0, 99, "a round")
    wire.whole(view["intro_left"], 0, INTRO_MS, "the introduction's time")
    players = view["players"]
    if not isinstance(players, list) or len(players) != SEATS:
        raise ProtocolError("a view has 8 players")
    for i, player in enumerate(players):
        _check_player(i, player)
    you = _id(view["you"], "you")
    if not players[you]["human"]:
        raise ProtocolError("you are a person")
    duels = view["duels"]
    if not isinstance(duels, list) or len(duels) > SEATS // 2:
        raise ProtocolError("a round has up to 4 duels")
    for i, duel in enumerate(duels):
        _check_duel(i, duel)
    _optional(view["your_duel"], lambda d: wire.whole(d, 0, len(duels) - 1, "your duel"))
    _optional(view["your_seat"], lambda s: wire.whole(s, 0, 1, "your seat"))
    _optional(view["bye_player"], lambda p: _id(p, "the bye"))
    for key in ("your_turn", "bye", "out", "humans_done"):
        if not isinstance(view[key], bool):
            raise ProtocolError(f"{key} is true or false")
    if view["placements"] != [p["placement"] for p in players]:
        raise ProtocolError("placements")
    if not isinstance(view["standings"], list) or sorted(view["standings"]) != list(range(SEATS)):
        raise ProtocolError("standings")
    winners = view["winners"]
    if not isinstance(winners, list) or any(
        players[_id(w, "a winner")]["placement"] != 1 for w in winners
    ):
        raise ProtocolError("winners")
    if view["your_duel"] is not None and you not in duels[view["your_duel"]]["players"]:
        raise ProtocolError("your duel is yours")
    return view


def _check_player(i: int, player: Any) -> None:
    if not isinstance(player, dict) or set(player) != PLAYER_KEYS or player["id"] != i:
        raise ProtocolError("a player's fields")
    if clean_name(player["name"]) != player["name"]:
        raise ProtocolError("a player's name")
    wire.whole(player["rating"], 0, 10 * MAX_RATING, "a rating")
    wire.whole(player["lives"], 0, 3, "lives")
    _optional(player["placement"], lambda p: wire.whole(p, 1, SEATS, "a placement"))
    change = _optional(
        player["rating_change"], lambda c: wire.whole(c, -MAX_CHANGE, MAX_CHANGE, "a change")
    )
    if (change is None) != (player["placement"] is None):
        raise ProtocolError("a rating change comes with a placement")
    if player["left"] not in (None, *LEAVE_REASONS):
        raise ProtocolError("how a player left")
    if not isinstance(player["human"], bool) or not isinstance(player["away"], bool):
        raise ProtocolError("human, away")


def _check_duel(i: int, duel: Any) -> None:
    if not isinstance(duel, dict) or set(duel) != DUEL_KEYS or duel["index"] != i:
        raise ProtocolError("a duel's fields")
    pair = duel["players"]
    if not isinstance(pair, list) or len(pair) != 2 or _id(pair[0], "a") == _id(pair[1], "b"):
        raise ProtocolError("a duel's two players")
    length = wire.whole(duel["length"], 4, 6, "a word's length")
    rows = duel["rows"]
    if not isinstance(rows, list) or len(rows) > 2 * TURNS_EACH:
        raise ProtocolError("a duel has up to 12 rows")
    for row in rows:
        if not isinstance(row, dict) or set(row) != {"seat", "guess", "marks", "at"}:
            raise ProtocolError("a row's fields")
        wire.whole(row["seat"], 0, 1, "a row's seat")
        wire.whole(row["at"], 0, MAX_MS, "a row's time")
        if row["guess"] is None:
            if row["marks"] is not None:
                raise ProtocolError("a skipped turn has no marks")
        elif not (
            isinstance(row["guess"], str)
            and len(row["guess"]) == length
            and isinstance(row["marks"], list)
            and len(row["marks"]) == length
            and all(type(m) is int and 0 <= m <= 2 for m in row["marks"])
        ):
            raise ProtocolError("a row's guess and marks")
    _optional(duel["turn"], lambda s: wire.whole(s, 0, 1, "a turn"))
    wire.whole(duel["first"], 0, 1, "the first seat")
    used = duel["turns_used"]
    if not isinstance(used, list) or len(used) != 2:
        raise ProtocolError("turns used")
    for count in used:
        wire.whole(count, 0, TURNS_EACH, "turns used")
    wire.whole(duel["time_left"], 0, TURN_MS, "a clock")
    result = duel["result"]
    if result is not None and not (
        isinstance(result, dict)
        and set(result) <= {"winner", "draw", "resigned"}
        and all(v in (0, 1, True) and type(v) in (int, bool) for v in result.values())
    ):
        raise ProtocolError("a duel's result")
    word = duel["word"]
    if (result is None) != (word is None) or (
        word is not None and (not isinstance(word, str) or len(word) != length)
    ):
        raise ProtocolError("a duel's word shows once it is over")
    _optional(duel["to_play"], lambda p: _id(p, "to play"))
    if not isinstance(duel["running"], bool) or not isinstance(duel["held"], bool):
        raise ProtocolError("running, held")
