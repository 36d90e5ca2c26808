"""Finding an opponent: the lobby where strangers seeking a game of the same kind pair up.

A lobby is a public meeting place for one game variant ("battleship/salvo", "dominoes/2",
"wordle-duel/cy/5": up to 40 characters of a-z, 0-9, "/" and "-"). Its messages travel as
Nostr events, each signed by a throwaway key that this device makes for one search: that
key, the event's public key (64 hex), is the seeker, never a name a message gives itself.
The page publishes each `Outgoing` that `Seeker` gives it, in the clear when its `to` is
None, else encrypted to the key `to` names (NIP-44), and passes on what it receives with
`receive(text, sender, now_ms, private)`: private for what decrypted for this key alone.

Who sends what (this module, pure):
- A seeker announces `{"v":1,"t":"seek","g":variant,"n":nick,"r":rating,"at":ms,"id":nonce}`
  in the clear at once, then every SEEK_EVERY_MS; and at once on first hearing a seeker
  whose key is smaller (the one to propose to it), at most every SEEK_ANSWER_GAP_MS.
- It keeps the other seekers of its variant it has heard (key -> nick, rating, when first
  and last heard); one not heard for SEEK_STALE_MS is forgotten, one that says `gone` too.
- Of any two seekers, the one whose key is the smaller (comparing the hex) proposes, the
  other waits, so two never propose to each other. A proposer picks, among the seekers it
  knows with a larger key and not tried in the last RETRY_AFTER_MS, the nearest rating
  (ties: the one heard first, then the smaller key), and sends it, privately, `{"v":1,
  "t":"match","g":variant,"room":secret,"n":nick,"r":rating,"at":ms,"id":nonce}` naming a
  new room (app.peer.room). It waits MATCH_WAIT_MS for an `agree` (GONE_GRACE_MS once
  that seeker has said `gone`: its `agree`, sent first, may still come after); without
  one, that seeker is marked tried and the next nearest is proposed to. One at a time.
- A seeker receiving `match`es (privately, from smaller keys) collects them for
  AGREE_WINDOW_MS after the first, then agrees with the nearest rating (ties: the one
  received first, then the smaller key): a private `{..., "t":"agree","room":secret}`. It
  is then matched, as the guest of the room, whose host is the proposer.
- The proposer, on an `agree` from the seeker it proposed to, naming its room, is matched,
  as the host. Any other `agree` is ignored.
- Every seeker proposes to larger keys and waits for smaller ones at once. It agrees to
  nothing while a proposal of its own waits, and makes none while `match`es wait for its
  answer, so each seeker is in one pairing at most: the proposals all go towards larger
  keys, and the largest key of any set proposes to nobody, so nobody waits for ever. A
  `match` is agreed to within AGREE_BY_MS of its arrival or not at all, so that the
  `agree` reaches its proposer before MATCH_WAIT_MS is up there. What is left is a relay
  slower than that: the guest then finds no host in the room (and the page seeks again).
- Proposals and agreements are made by `due`, on the page's timer, never on a message
  (the stored seeks a relay sends at once are all weighed before the first proposal).
- Matched or cancelled, a seeker says `gone` in the clear and says nothing more; an `agree`
  that comes after is ignored. A key that said `gone` is not heard again (its search ended).
- Everything received is untrusted: at most MAX_MESSAGE_CHARS, a flat JSON object with
  exactly typed fields, the nick a player's name (app.peer.channel.clean_name: the views
  show it as text), the rating a self-reported figure clamped to MIN_RATING..MAX_RATING,
  the time within STALE_MS of this device's either way, each nonce taken once (a bounded
  memory), `seek` and `gone` in the clear and `match` and `agree` private alone, another
  variant's or this seeker's own messages ignored, and no more than MAX_SEEKERS seekers
  and MAX_OFFERS `match`es kept. Nothing received makes it raise.
"""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..untrusted import Untrusted, parse_json
from . import room
from .channel import clean_name

VERSION = 1
VARIANT = re.compile(r"[a-z0-9/-]{1,40}")
DEVICE = room.DEVICE
NONCE = room.NONCE
SEEK_EVERY_MS = 5_000
SEEK_ANSWER_GAP_MS = 1_000
SEEK_STALE_MS = 15_000
MATCH_WAIT_MS = 6_000
GONE_GRACE_MS = 1_500
AGREE_WINDOW_MS = 1_500
AGREE_BY_MS = 4_000  # a `match` older than this here is not agreed to (MATCH_WAIT_MS, less 2 s)
RETRY_AFTER_MS = 30_000
STALE_MS = room.STALE_MS
MAX_MESSAGE_CHARS = 1_000  # a `match` with a nick of 24 escaped characters is under 500
MAX_SEEN = room.MAX_SEEN
MAX_SEEKERS = 200
MAX_OFFERS = 16
MIN_RATING, MAX_RATING = 100, 3000
SEEK, MATCH, AGREE, GONE = "seek", "match", "agree", "gone"
PRIVATE_KINDS = (MATCH, AGREE)  # (`seek` and `gone` are in the clear)

Message = dict[str, Any]


def clamp_rating(rating: int) -> int:
    return max(MIN_RATING, min(MAX_RATING, rating))


def is_variant(text: object) -> bool:
    return isinstance(text, str) and VARIANT.fullmatch(text) is not None


@dataclass(frozen=True)
class Outgoing:
    """A message to send now: in the clear (`to` None) or encrypted to the key `to`."""

    message: Message
    to: str | None = None

    @property
    def text(self) -> str:
        return json.dumps(self.message, separators=(",", ":"), ensure_ascii=True)


@dataclass(frozen=True)
class Match:
    """A pairing made: the room's secret, whether this device hosts it, the host's key (the
    proposer's), and the other seeker's key, nick and (self-reported) rating."""

    secret: str
    hosting: bool
    host: str
    peer: str
    peer_nick: str
    peer_rating: int


@dataclass
class Known:
    """Another seeker of this variant, as last heard."""

    nick: str
    rating: int
    since: float  # first heard
    heard_at: float  # last heard


@dataclass
class Proposal:
    """This seeker's `match` waiting for an `agree`."""

    to: str
    secret: str
    lapses_at: float  # when it is given up without an `agree`
    nick: str  # the other seeker's, as last heard
    rating: int


@dataclass
class Offer:
    """A `match` received, waiting for this seeker's answer."""

    secret: str
    nick: str
    rating: int
    received_at: float


@dataclass
class Seeker:
    """One device's search in one variant's lobby (`me`: its throwaway public key).

    `due(now_ms)` gives what to send now (call it when `next_due_ms` says, or every
    half-second); `receive` gives what to send on hearing a message; `matched` is set once
    paired, `done` once matched or cancelled."""

    me: str
    variant: str
    nick: str
    rating: int
    now_ms: float
    new_secret: Callable[[], str] = room.new_secret  # a room's secret (tests pass their own)
    seekers: dict[str, Known] = field(default_factory=dict, init=False)
    tried: dict[str, float] = field(default_factory=dict, init=False)  # key -> when it lapsed
    proposal: Proposal | None = field(default=None, init=False)
    offers: dict[str, Offer] = field(default_factory=dict, init=False)  # by proposer's key
    matched: Match | None = field(default=None, init=False)
    done: bool = field(default=False, init=False)
    refused: int = field(default=0, init=False)  # messages read and refused (for the tests)
    seen: dict[str, None] = field(default_factory=dict, init=False)
    departed: dict[str, None] = field(default_factory=dict, init=False)  # keys that said `gone`
    next_seek_at: float = field(default=0.0, init=False)
    last_seek_at: float | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.me, str) or not DEVICE.fullmatch(self.me):
            raise ValueError("a seeker's key is 64 hex digits")
        if not is_variant(self.variant):
            raise ValueError(f"not a lobby's variant: {self.variant!r}")
        nick = clean_name(self.nick)
        if nick is None:
            raise ValueError("a seeker's nick is a player's name")
        self.nick, self.rating = nick, clamp_rating(int(self.rating))
        self.next_seek_at = self.now_ms  # announced at once

    # --- what this seeker says -----------------------------------------------------------
    def due(self, now_ms: float) -> list[Outgoing]:
        """What to send now: a proposal given up and the next made, the agreement once the
        window for `match`es is over, the announcement when its time has come."""
        self.now_ms = now_ms
        if self.done:
            return []
        self._forget_stale(now_ms)
        if self.proposal is not None and now_ms >= self.proposal.lapses_at:
            self.tried[self.proposal.to] = now_ms
            self.proposal = None
        self.offers = {
            key: offer
            for key, offer in self.offers.items()
            if now_ms - offer.received_at < AGREE_BY_MS
        }
        if self.offers and self.proposal is None and now_ms >= self._window_end():
            return self._agree(now_ms)
        out = self._propose(now_ms) if self.proposal is None and not self.offers else []
        if now_ms >= self.next_seek_at:
            out.append(self._seek(now_ms))
        return out

    def next_due_ms(self, now_ms: float) -> float | None:
        """How long until `due` has something to do (None: matched or cancelled). The page
        sets its timer again by it after each call of `due` or `receive`."""
        if self.done:
            return None
        times = [self.next_seek_at]
        if self.proposal is not None:  # (nothing else is done until it is settled)
            times.append(self.proposal.lapses_at)
        elif self.offers:
            times.append(self._window_end())
        else:
            times += [
                self.tried.get(key, now_ms - RETRY_AFTER_MS) + RETRY_AFTER_MS
                for key in self.seekers
                if key > self.me
            ]
        return max(0.0, min(times) - now_ms)

    def cancel(self, now_ms: float | None = None) -> list[Outgoing]:
        """The player stopped seeking: `gone`, and nothing more."""
        if self.done:
            return []
        self.now_ms = self.now_ms if now_ms is None else now_ms
        return [self._finish(self.now_ms)]

    def _window_end(self) -> float:
        return min(offer.received_at for offer in self.offers.values()) + AGREE_WINDOW_MS

    def _message(self, kind: str, now_ms: float, **fields: Any) -> Message:
        body = {"v": VERSION, "t": kind, "g": self.variant, **fields}
        return {**body, "at": int(now_ms), "id": room.new_id()}

    def _seek(self, now_ms: float) -> Outgoing:
        self.next_seek_at, self.last_seek_at = now_ms + SEEK_EVERY_MS, now_ms
        return Outgoing(self._message(SEEK, now_ms, n=self.nick, r=self.rating))

    def _gone(self, now_ms: float) -> Outgoing:
        return Outgoing(self._message(GONE, now_ms))

    def _propose(self, now_ms: float) -> list[Outgoing]:
        candidates = [
            key
            for key in self.seekers
            if key > self.me
            and (key not in self.tried or now_ms - self.tried[key] >= RETRY_AFTER_MS)
        ]
        if not candidates:
            return []
        key = min(candidates, key=lambda k: self._nearness(k, *self._heard_of(k)))
        self.tried.pop(key, None)
        known = self.seekers[key]
        secret, lapses_at = self.new_secret(), now_ms + MATCH_WAIT_MS
        self.proposal = Proposal(key, secret, lapses_at, known.nick, known.rating)
        fields = {"room": self.proposal.secret, "n": self.nick, "r": self.rating}
        return [Outgoing(self._message(MATCH, now_ms, **fields), to=key)]

    def _heard_of(self, key: str) -> tuple[int, float]:
        return self.seekers[key].rating, self.seekers[key].since

    def _nearness(self, key: str, rating: int, since: float) -> tuple[int, float, str]:
        """The order of preference: the nearest rating, then the first heard, then the key."""
        return abs(rating - self.rating), since, key

    def _agree(self, now_ms: float) -> list[Outgoing]:
        offers = self.offers
        key = min(offers, key=lambda k: self._nearness(k, offers[k].rating, offers[k].received_at))
        offer = self.offers[key]
        self.matched = Match(offer.secret, False, key, key, offer.nick, offer.rating)
        agree = Outgoing(self._message(AGREE, now_ms, room=offer.secret), to=key)
        return [agree, self._finish(now_ms)]

    def _finish(self, now_ms: float) -> Outgoing:
        self.done, self.proposal, self.offers = True, None, {}
        return self._gone(now_ms)

    # --- what the others say -----------------------------------------------------------
    def receive(
        self, text: object, sender: object, now_ms: float, private: bool = False
    ) -> list[Outgoing]:
        """A message heard in the lobby, signed by `sender` (the event's public key);
        `private`: it was encrypted to this seeker's key. What to send now, if anything."""
        self.now_ms = now_ms
        message = self._read(text, now_ms)
        if (
            message is None
            or not isinstance(sender, str)
            or not DEVICE.fullmatch(sender)
            or private != (message["t"] in PRIVATE_KINDS)
        ):
            self.refused += 1
            return []
        if sender == self.me or message["id"] in self.seen or message["g"] != self.variant:
            return []
        self.seen[message["id"]] = None
        if len(self.seen) > MAX_SEEN:
            del self.seen[next(iter(self.seen))]
        kind = message["t"]
        if self.done or (sender in self.departed and kind != AGREE):
            return []
        if kind == GONE:
            self._departed(sender, now_ms)
            return []
        if kind == AGREE:  # (perhaps after its sender's `gone`, sent after it)
            proposal = self.proposal
            if proposal is None or proposal.to != sender or proposal.secret != message["room"]:
                return []
            self.matched = Match(
                proposal.secret, True, self.me, sender, proposal.nick, proposal.rating
            )
            return [self._finish(now_ms)]
        nick, rating = message["n"], message["r"]
        if kind == MATCH:
            if sender > self.me or (sender not in self.offers and len(self.offers) >= MAX_OFFERS):
                return []  # (the larger key waits for the smaller's proposal)
            self.offers[sender] = Offer(message["room"], nick, rating, now_ms)
            return []
        return self._heard(sender, nick, rating, now_ms)

    def _heard(self, sender: str, nick: str, rating: int, now_ms: float) -> list[Outgoing]:
        known = self.seekers.get(sender)
        answer = False
        if known is None:
            self._forget_stale(now_ms)
            if len(self.seekers) >= MAX_SEEKERS:
                return []
            known = self.seekers[sender] = Known(nick, rating, now_ms, now_ms)
            gap = SEEK_ANSWER_GAP_MS
            answer = sender < self.me and (
                self.last_seek_at is None or now_ms - self.last_seek_at >= gap
            )
        known.nick, known.rating, known.heard_at = nick, rating, now_ms
        # (a new seeker with a smaller key proposes to this one: it is told of it at once)
        return [self._seek(now_ms)] if answer else []

    def _departed(self, sender: str, now_ms: float) -> None:
        """A seeker said `gone`: forgotten, its `match` void; a proposal to it waits
        GONE_GRACE_MS more at most (its `agree`, sent before its `gone`, may come after)."""
        if self.proposal is not None and self.proposal.to == sender:
            self.proposal.lapses_at = min(self.proposal.lapses_at, now_ms + GONE_GRACE_MS)
        self.departed[sender] = None
        if len(self.departed) > MAX_SEEN:
            del self.departed[next(iter(self.departed))]
        self.seekers.pop(sender, None)
        self.offers.pop(sender, None)
        self.tried.pop(sender, None)

    def _forget_stale(self, now_ms: float) -> None:
        for key, known in list(self.seekers.items()):
            if now_ms - known.heard_at >= SEEK_STALE_MS:
                del self.seekers[key]
        for key, at in list(self.tried.items()):
            if now_ms - at >= RETRY_AFTER_MS and key not in self.seekers:
                del self.tried[key]

    def _read(self, text: object, now_ms: float) -> Message | None:
        """The message's checked fields (nick cleaned, rating clamped), or None."""
        if not isinstance(text, str):
            return None
        try:
            message = parse_json(text, max_chars=MAX_MESSAGE_CHARS, max_depth=1)
        except Untrusted:
            return None
        if not isinstance(message, dict) or message.get("v") != VERSION:
            return None
        kind, sent, nonce = message.get("t"), message.get("at"), message.get("id")
        if not (
            isinstance(nonce, str)
            and NONCE.fullmatch(nonce)
            and type(sent) is int
            and abs(now_ms - sent) <= STALE_MS
            and is_variant(message.get("g"))
        ):
            return None
        if kind == GONE:
            return message
        if kind == AGREE:
            return message if room.is_secret(message.get("room")) else None
        if kind not in (SEEK, MATCH):
            return None
        nick, rating = clean_name(message.get("n")), message.get("r")
        if nick is None or type(rating) is not int:
            return None
        if kind == MATCH and not room.is_secret(message.get("room")):
            return None
        return {**message, "n": nick, "r": clamp_rating(rating)}
