"""A Wordle Tournament group across devices, the leader's side: the leader's page hosts the
tournament (games.wordle.tournament.Tournament: seed, pairings, words, clocks, results)
and each member's device is linked to the leader alone (a star of up to 7 links). The
member's side is app.remote.wordle_group_member. Rules: docs/rules/wordle-tournament.md 16.

The group's messages travel through the leader's relay (app.remote.relay), the transport
of a table: each member's device is a guest of the leader's Hub (`posts_to_one`: each view
is for one member alone, each member's post for the leader alone), the host writes every
envelope's sender, and each member's Spoke takes the envelopes in the one order, refusing
a gap or a forged receipt. Unlike a table's, a member's relay starts afresh on every new
link (Hub.join_afresh, relay-start): the leader sends the view whole, so nothing of before
is sent again, and a member whose link is down is forgotten by the hub until it is back.

On each new link the leader first names the member's device, outside the relay (its spoke
is made under that name); then comes the protocol's handshake (app.remote.handshake), the
leader as its host: the leader's hello, the member's welcome in answer, each side checking
the other's with the handshake's own check (`same_version`: the protocol's one version and
the tournament's rules) before anything else of it is read, and refusing another version as
a table does ("other_version"). There is no coin flip: the leader's page hosts the engine.

Leader -> member (each message below in a relay envelope for that member alone):

    {"type": "group", "you": device}   # the member's name in the group, outside the relay:
                                       # first on each new link
    {"type": "hello", "version": wire.VERSION, "rules", "game", "name": leader's}
    {"type": "view", "game": k, "view": Tournament.view(member's id, now)}
    {"type": "refused", "reason": catalogue key}   # wordle.* (the engine's), group.*
                                                    # or "other_version"

Member -> leader (relay posts to the leader; untrusted: checked here; a bad one is
answered, nothing else changes):

    {"type": "welcome", "version", "rules", "name": nickname, "rating": 0..4000}  # lobby
    {"type": "refused", "kind": "other_version", "reason"}   # the hello, as a table's guest
    {"type": "guess", "round": r, "duel": i, "text": typed word, "at": member's ms}
    {"type": "leave"}

`game` counts the group's tournaments (1, 2, ...): a member records a result once per game.
A member is sent its own view only, and only when something in it changed apart from
its clocks (time_left, intro_left run down on the member's own clock). The engine's view
holds a duel's word only once that duel is over, so no device learns another pair's word.
Measured (tests' simulated tournaments, English words): a view is 2-4 kB, a member gets
10-16 a round, 230-310 kB a tournament (so a leader with 7 members sends about 2 MB).

The leader's page calls `tick(now)` on a timer, `receive(device, data, now)` for what
a member's link delivers, `member_lost(device, now)` / `member_back(device, send, now)` for
a link that drops and comes back, and `guess`/`leave` for the leader's own play. Devices
are named by the page (the relay's guest names); the engine's player ids follow the seats,
which shift in the lobby when someone leaves, so the page speaks of devices, not ids.
"""

from collections.abc import Callable
from typing import Any, NamedTuple

from games.common.errors import IllegalMove
from games.wordle.dictionary import Dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_game import NAME, RULES_VERSION
from games.wordle.tournament_game_saved import VERSION as GAME_VERSION

from app.fair.errors import ProtocolError
from app.remote import wire
from app.remote.checks import OTHER_VERSION, Refused
from app.remote.handshake import rules_of, same_version
from app.remote.names import clean_name
from app.remote.relay import MAX_GUESTS, Hub


class GroupRules(NamedTuple):
    """What the group's start checks (app.remote.handshake.Versioned): the tournament's
    game as the frame names it, its save version and rules version."""

    name: str
    version: int
    rules_version: int


GROUP_RULES = GroupRules(NAME, GAME_VERSION, RULES_VERSION)
WELCOME = {"version", "rules", "name", "rating"}

Send = Callable[[dict[str, Any]], None]  # down one member's link

MAX_RATING = 4000
MAX_TEXT = 40  # a typed guess: 6 tiles, with room for accents and Uzbek digraphs
MAX_MS = 2**53
LEADER = 0  # the leader's player id: the first human of every lobby


def clock_free(view: dict[str, Any]) -> dict[str, Any]:
    """The view without what only the clock changes: two views alike here need not be sent."""
    return {
        **{k: v for k, v in view.items() if k not in ("intro_left", "duels")},
        "duels": [{k: v for k, v in d.items() if k != "time_left"} for d in view["duels"]],
    }


class Member:
    """One member's device as the leader knows it."""

    def __init__(self, name: str, rating: int, pid: int | None, last_at: int = 0):
        self.name, self.rating, self.pid = name, rating, pid
        self.last_at = last_at  # its latest guess's time, on its own clock
        self.send: Callable[[dict[str, Any]], None] | None = None  # None while its link is down
        self.last_view: dict[str, Any] | None = None  # the clock-free view it was last sent
        self.welcomed = True  # it answered the hello on its link now


class GroupLeader:
    """The leader's side. `tournament` is the engine (the leader's page also hands it
    the bots' plans, and draws `tournament.view(LEADER, now)` for the leader)."""

    def __init__(self, words: Dictionary, name: str, rating: int, seed: int):
        self.words = words
        self.tournament = new_lobby(words, [{"name": name, "rating": rating}], seed)
        self.members: dict[str, Member] = {}  # device -> member, in the order they joined
        # Linked, not joined yet: no name nor seat, but its messages numbered already, so
        # a refusal of its join (another version, a name taken) is one it can read.
        self.waiting: dict[str, Member] = {}
        # Devices whose app is another version (either side refused the other's start),
        # no longer counted as joining: device -> its person's name ("" if not told).
        self.other_version: dict[str, str] = {}
        self.game = 1
        # Resumed after more than 60 s away: the results of the people still in then do
        # not count (their ratings stay); the ids of those placed before still count.
        self.abandoned = False
        self.kept: list[int] = []
        self.hub = group_hub(self)
        self.now = 0  # the tournament's time of the data being taken

    # --- links --------------------------------------------------------------------------

    def connect(self, device: str, send: Callable[[dict[str, Any]], None]) -> None:
        """A new member device's link (in the lobby): it is in once its join comes."""
        if device in self.members:
            raise ValueError(f"{device!r} is a member already")
        self._linked(device, send)
        self.other_version.pop(device, None)
        self.waiting[device] = Member("", 0, None)
        self.waiting[device].send = send

    def _linked(self, device: str, send: Send) -> None:
        """A new link: the device's name in the group, its relay started afresh, and the
        handshake's first message, which the member answers (welcome). ValueError, with
        nothing sent, for a link past the relay's 7 friends' devices (as #/connect links)."""
        if device not in self.hub.guests and len(self.hub.guests) >= MAX_GUESTS:
            raise ValueError(f"a group links {MAX_GUESTS} friends' devices at most")
        send({"type": "group", "you": device})
        self.hub.join_afresh(device, send)
        hello = {"type": "hello", "version": wire.VERSION, "rules": rules_of(GROUP_RULES)}
        name = self.tournament.players[LEADER]["name"]
        self.hub.post({**hello, "game": GROUP_RULES.name, "name": name}, to=device)

    def member_lost(self, device: str, now: int) -> None:
        """A member's link dropped. In the lobby they leave it (5.4); in a tournament
        they are away (10.3): turns skipped, 60 s to come back."""
        self.waiting.pop(device, None)
        if device in self.hub.guests:
            self.hub.forget(device)  # (a new link starts its relay afresh)
        member = self.members.get(device)
        if member is None:
            return
        member.send = None
        member.last_view = None
        t = self.tournament
        if t.phase == "lobby":
            self._leave_lobby(device, now)
        elif member.pid is not None:
            t.disconnect(now, member.pid)
        self._broadcast(now)

    def member_back(self, device: str, send: Callable[[dict[str, Any]], None], now: int) -> None:
        """A member's link is back: within 60 s they play on (else they have left and
        watch); either way they are sent their view at once."""
        member = self.members.get(device)
        if member is None:
            raise ValueError(f"{device!r} is not a member")
        member.send, member.welcomed = send, False
        self.other_version.pop(device, None)
        member.last_view = None
        member.last_at = 0  # its page may have reloaded, its clock with it
        if member.pid is not None and self.tournament.phase != "lobby":
            self.tournament.reconnect(now, member.pid)
        self._linked(device, send)
        self._broadcast(now)

    # --- what members send ------------------------------------------------------------------

    def receive(self, device: str, data: object, now: int) -> None:
        """What a member's link delivered: its relay's (a post, an acknowledgement), each
        post's message checked; refused ones are answered."""
        self.now = now
        try:
            self.hub.receive(device, data)
        except ProtocolError:
            self._refuse(device, "group.junk")
        self._broadcast(now)

    def _delivered(self, device: str, message: dict[str, Any]) -> None:
        """A member's message, relayed to this leader."""
        now = self.now
        try:
            self._take(device, message, now)
        except Refused as refusal:
            self._refuse(device, refusal.kind)
            if refusal.kind == OTHER_VERSION:
                self._other_version(device, now)
        except ProtocolError as error:
            key = error.reason.split(" ")[0]  # wire's checks add words after the key
            self._refuse(device, key if key.startswith("group.") else "group.junk")
        except IllegalMove as error:
            self._refuse(device, error.key)

    def _take(self, device: str, message: dict[str, Any], now: int) -> None:
        kind = message.get("type")
        if kind not in ("welcome", "guess", "leave", "refused"):
            raise ProtocolError("group.junk")
        if kind == "refused":
            self._refused(device, wire.fields(message, "refused", {"kind", "reason"}), now)
            return
        if kind == "welcome":
            same_version(GROUP_RULES, message)  # before anything else of it is read
            self._join(device, wire.fields(message, "welcome", WELCOME), now)
            return
        member = self.members.get(device)
        if member is None or member.send is None:
            raise ProtocolError("group.not_a_member")
        if kind == "leave":
            wire.fields(message, "leave", set())
            self._leave(device, member, now)
            return
        wire.fields(message, "guess", {"round", "duel", "text", "at"})
        self._guess(member, message, now)

    def _join(self, device: str, message: dict[str, Any], now: int) -> None:
        member = self.members.get(device)
        if member is not None and member.send is not None and message["name"] == member.name:
            if member.welcomed:  # its page again (opened anew): sent its view at once
                member.last_view = None
            member.welcomed = True  # (else the answer to the hello its view came with)
            return
        if device not in self.waiting:
            raise ProtocolError("group.joined_already" if member is not None else "group.junk")
        if self.tournament.phase != "lobby":
            raise ProtocolError("group.started")
        try:
            name = clean_name(message["name"])
        except ProtocolError:
            raise ProtocolError("group.bad_name") from None
        rating = wire.whole(message["rating"], 0, MAX_RATING, "group.rating")
        events = self.tournament.join(name, rating)
        member = self.waiting.pop(device)
        member.name, member.rating, member.pid = name, rating, events[0]["player"]
        self.members[device] = member

    def _refused(self, device: str, message: dict[str, Any], now: int) -> None:
        """A device refused this leader's hello: another version is the one refusal a
        device may answer it with, on a link it has not welcomed on yet."""
        if message["kind"] != OTHER_VERSION or not self._joining(device):
            raise ProtocolError("group.junk")
        self._other_version(device, now)

    def _joining(self, device: str) -> bool:
        """Linked, and not welcomed yet on this link (a newcomer, or a member back)."""
        member = self.members.get(device)
        back = member is not None and member.send is not None and not member.welcomed
        return device in self.waiting or back

    def _other_version(self, device: str, now: int) -> None:
        """The device's app is another version: it is no longer counted as joining; a
        member's page opened anew on another version has lost its link (10.3, 5.4)."""
        if not self._joining(device):
            return
        if self.waiting.pop(device, None) is not None:
            self.other_version[device] = ""
            self.hub.forget(device)  # (nothing more is said on that link)
            return
        self.other_version[device] = self.members[device].name
        self.member_lost(device, now)

    def _guess(self, member: Member, message: dict[str, Any], now: int) -> None:
        t = self.tournament
        round_number = wire.whole(message["round"], 1, 99, "group.junk")
        duel = wire.whole(message["duel"], 0, 3, "group.junk")
        text = wire.text(message["text"], MAX_TEXT, "group.junk")
        at = wire.whole(message["at"], 0, MAX_MS, "group.junk")
        if member.pid is None or t.phase not in ("intro", "playing"):
            raise IllegalMove("wordle.not_playing")
        # The leader's clock is the tournament's: a guess counts when it arrives. The
        # member's `at` only keeps its guesses in order (a replayed one is stale).
        if round_number != t.round_number or at < member.last_at:
            raise ProtocolError("group.stale")
        mine = t.view(member.pid, now)["your_duel"]
        if mine is None or duel != mine:
            raise ProtocolError("group.not_your_duel")
        t.guess(member.pid, text, now)
        member.last_at = at

    def _leave(self, device: str, member: Member, now: int) -> None:
        """Leave before the start leaves the group; after it, the tournament (10.2):
        the member stays linked and watches, and is in the next lobby."""
        if self.tournament.phase == "lobby":
            self._leave_lobby(device, now)
        elif member.pid is not None:
            self.tournament.leave(member.pid, now)

    def _leave_lobby(self, device: str, now: int) -> None:
        member = self.members.pop(device)
        if device in self.hub.guests:
            self.hub.forget(device)  # (out of the group: nothing more is said to it)
        if member.pid is None:
            return  # (a member always has a seat in the lobby)
        self.tournament.leave(member.pid, now)
        for other in self.members.values():  # the seats after it moved up
            if other.pid is not None and other.pid > member.pid:
                other.pid -= 1

    def _refuse(self, device: str, reason: str) -> None:
        if device in self.hub.guests:
            self.hub.post({"type": "refused", "reason": reason}, to=device)

    # --- the leader's own play, and the clock ----------------------------------------------

    def tick(self, now: int) -> None:
        """Everything due by `now` (the page's timer), and the views that changed."""
        self.tournament.advance(now)
        self._broadcast(now)

    def start(self, now: int) -> None:
        """The leader starts; a member whose link is down (since the leader's own reload
        in the lobby) is not in it: they leave the lobby first."""
        if self.tournament.phase == "lobby":
            for device in [d for d, m in self.members.items() if m.send is None]:
                self._leave_lobby(device, now)
        self.tournament.start(now)
        self._broadcast(now)

    def guess(self, text: str, now: int) -> None:
        """The leader's own guess; IllegalMove (the engine's reason) when refused."""
        try:
            self.tournament.guess(LEADER, text, now)
        finally:
            self._broadcast(now)

    def leave(self, now: int) -> None:
        """The leader leaves the tournament (10.2); the page still hosts it for the others."""
        if self.tournament.phase in ("intro", "playing"):
            self.tournament.leave(LEADER, now)
        self._broadcast(now)

    def next_lobby(self, seed: int, now: int) -> None:
        """Back to the group's lobby once nobody of the group is still playing (11.6):
        a new tournament with the leader and the members linked now, each at their
        rating after the last one (unchanged when it was abandoned, 16.5); members whose link
        is down are no longer in the group."""
        t = self.tournament
        if t.phase == "lobby" or not t.humans_done:
            raise IllegalMove("wordle.not_now", phase=t.phase)

        def after(pid: int) -> int:
            player = t.players[pid]
            counts = not self.abandoned or pid in self.kept
            return int(player["rating"] + (player["rating_change"] or 0 if counts else 0))

        leader = t.players[LEADER]
        self.tournament = new_lobby(
            self.words, [{"name": leader["name"], "rating": after(LEADER)}], seed
        )
        for device, member in list(self.members.items()):
            if member.send is None or member.pid is None:
                del self.members[device]  # (its relay is forgotten already)
                continue
            member.rating = max(0, after(member.pid))
            member.pid = self.tournament.join(member.name, member.rating)[0]["player"]
            member.last_view = None
        self.game += 1
        self.abandoned, self.kept = False, []
        self._broadcast(now)

    # --- sending ------------------------------------------------------------------------------

    def _broadcast(self, now: int) -> None:
        """Each linked member's own view, if it changed apart from its clocks."""
        for device, member in self.members.items():
            if member.send is None or member.pid is None:
                continue
            view = self.tournament.view(member.pid, now)
            seen = clock_free(view)
            if seen != member.last_view:
                member.last_view = seen
                self.hub.post({"type": "view", "game": self.game, "view": view}, to=device)


def group_hub(leader: GroupLeader) -> Hub:
    """The leader's relay: each view for one member, each member's post for the leader."""
    return Hub(leader._delivered, posts_to_one=True)
