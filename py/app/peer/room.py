"""Finding the friend's device with one link: the signalling between devices in a room.

The link carries a room secret (`new_secret`) in its fragment, which no server sees. From
it each device derives (static/js/room.js, WebCrypto HKDF-SHA-256) the room's tag, all the
Nostr relays see of the room, and an AES-GCM key that seals every signalling message: a
relay sees the tag, the time, a throwaway Nostr key and ciphertext. What does not open
with the key is dropped there; what opens comes here as text and is read as untrusted.

Who sends what (this module, pure):
- A guest (the friend who opened the link) says `here` until it is connected to the host,
  at growing intervals; the host says `here` once when it starts (after a reload, so that
  the guests waiting for it speak up at once).
- The host answers a guest's `here` with an `offer` (a data channel's description, as the
  invite code holds it: app.peer.codes), one at a time for each guest; the guest answers
  that offer with an `answer`, naming it; the host accepts the answer to the offer it made.
- A device is its Nostr key in the room: each event is signed with it (nostr-tools checks
  the signature before anything else), and the key that signed a message is its sender,
  never a name the message gives itself. The key is kept with the room, so the host knows
  a friend whose page was reloaded and nobody else can take up their seat; the link names
  the host's key, so a guest pairs with that host alone. Each message carries a nonce (a
  message seen twice is taken once, so a relay that sends it again changes nothing) and
  the time it was sent (older than STALE_MS, or from further in the future than that, it
  is ignored: an offer replayed later opens nothing).
"""

import base64
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..untrusted import Untrusted, parse_json
from . import codes
from .channel import clean_name

VERSION = 1
SECRET_BYTES = 16
SECRET = re.compile(r"[A-Za-z0-9_-]{22}")  # 16 bytes in base64url, unpadded
DEVICE = re.compile(r"[0-9a-f]{64}")  # a device's Nostr public key (x-only, hex)
KEY = DEVICE  # and its secret key, kept with the room on that device only
NONCE = re.compile(r"[A-Za-z0-9_-]{16}")
MAX_MESSAGE_CHARS = 6000  # an offer with 16 candidates is about 2,500
MAX_SEEN = 512
STALE_MS = 60_000
OFFER_WAIT_MS = 12_000  # an offer unanswered this long is made again on the next `here`
HERE_EVERY_MS = (1_000, 2_000, 4_000, 8_000, 15_000)  # a guest's `here`, until connected
HOST, GUEST = "h", "g"
HERE, OFFER, ANSWER = "here", "offer", "answer"

Message = dict[str, Any]


def new_secret() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).decode().rstrip("=")


def new_id() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(12)).decode()


def new_key() -> str:
    """A device's secret key for a room (32 random bytes: a valid secp256k1 key but with a
    chance of about 2**-128, which static/js/room.js would refuse)."""
    return secrets.token_hex(32)


def is_secret(text: object) -> bool:
    return isinstance(text, str) and SECRET.fullmatch(text) is not None


@dataclass(frozen=True)
class RoomPlace:
    """A device's place in a room: the link's secret, whether it made the link, its secret
    key, the host's public key (a guest's), and the friends' keys it pairs with (a host's
    once its game has started: None, anyone with the link, up to its seats)."""

    secret: str
    hosting: bool
    key: str
    host: str | None = None
    friends: frozenset[str] | None = None


@dataclass(frozen=True)
class Offer:
    """The host is to make an offer to `device` (then call `offered`)."""

    device: str


@dataclass(frozen=True)
class Answer:
    """A guest is to answer the host's offer (then call `answered`)."""

    device: str
    offer_id: str
    fields: codes.Fields


@dataclass(frozen=True)
class Accept:
    """The host is to accept this answer to the offer it made to `device`."""

    device: str
    fields: codes.Fields


Action = Offer | Answer | Accept


@dataclass
class Peer:
    """What this device knows of another in the room."""

    name: str
    heard_at: float
    linked: bool = False
    # The host's offer being made (OFFERING), waiting for its answer, or being answered.
    offer_id: str | None = None
    offered_at: float = 0.0
    accepted: bool = False  # the answer to the offer was taken: no other is
    page: str | None = None  # the page of the device last heard saying `here`


OFFERING = "…"  # an offer being gathered: no other is made meanwhile


@dataclass
class Rendezvous:
    """One device's side of the room: the messages it sends and the connections it makes.

    `send` takes each message to seal and publish; `now` is the page's clock (ms since
    the epoch: the time in a message is compared with the other device's)."""

    me: str  # this device's public key
    hosting: bool
    name: str
    send: Callable[[Message], None]
    now: Callable[[], float]
    max_guests: int = 1
    host: str | None = None  # a guest's: the key of the host the link names
    friends: frozenset[str] | None = None  # a host's: the only guests it pairs with, if set
    peers: dict[str, Peer] = field(default_factory=dict)
    seen: dict[str, None] = field(default_factory=dict)
    heres: int = 0  # `here`s said since this guest was last connected
    # This page's own id: a `here` with another one comes from the device's page reloaded
    # (its old connection is gone, whatever the host still thinks), so it is offered at once.
    page: str = field(default_factory=lambda: new_id())
    refused: int = 0  # messages read and refused (for the tests and the page's status)

    # --- what this device says -----------------------------------------------------------
    def start(self) -> None:
        self.say_here()

    def say_here(self) -> None:
        self._send({"k": HERE, "p": self.page})
        self.heres += 1

    def next_here_ms(self) -> float | None:
        """How long a guest waits before it says `here` again (None: it is connected, or
        hosts)."""
        if self.hosting or any(peer.linked for peer in self.peers.values()):
            return None
        return HERE_EVERY_MS[max(0, min(self.heres, len(HERE_EVERY_MS)) - 1)]

    def offered(self, device: str, fields: codes.Fields) -> None:
        peer = self.peers.get(device)
        if peer is None or peer.linked or peer.offer_id != OFFERING:
            return
        peer.offer_id, peer.offered_at = new_id(), self.now()
        self._send({"k": OFFER, "to": device, "o": peer.offer_id, "d": fields})

    def not_offered(self, device: str) -> None:
        """The offer could not be made (no candidate gathered): the next `here` asks again."""
        peer = self.peers.get(device)
        if peer is not None and peer.offer_id == OFFERING:
            peer.offer_id = None

    def answered(self, device: str, offer_id: str, fields: codes.Fields) -> None:
        peer = self.peers.get(device)
        if peer is not None and peer.offer_id == offer_id and not peer.linked:
            self._send({"k": ANSWER, "to": device, "o": offer_id, "d": fields})

    def linked(self, device: str, is_open: bool) -> None:
        """The connection with `device` opened (the names exchanged), or closed."""
        peer = self.peers.get(device)
        if peer is None:
            return
        peer.linked, peer.offer_id, peer.accepted = is_open, None, False
        if not is_open and not self.hosting:
            self.heres = 0  # the host is gone: say `here` again soon

    def _send(self, body: Message) -> None:
        role = HOST if self.hosting else GUEST
        sent = {"v": VERSION, "r": role, "name": self.name, "at": int(self.now())}
        self.send({**sent, "n": new_id(), **body})

    # --- what the others say ---------------------------------------------------------
    def receive(self, text: object, sender: object) -> Action | None:
        """A message that opened with the room's key, signed by `sender` (the event's
        public key, its signature checked by nostr-tools): what to do about it, if anything."""
        message = self._read(text)
        if message is None or not isinstance(sender, str) or not DEVICE.fullmatch(sender):
            self.refused += 1
            return None
        kind = message["k"]
        if sender == self.me or message["n"] in self.seen:
            return None
        self.seen[message["n"]] = None
        if len(self.seen) > MAX_SEEN:
            del self.seen[next(iter(self.seen))]
        peer = self._peer(sender, message)
        if peer is None:
            return None
        if kind == HERE:
            return self._here(sender, peer, message["p"])
        if message["to"] != self.me or peer.linked:
            return None
        if kind == OFFER and not self.hosting:
            if peer.offer_id is not None and self.now() - peer.offered_at < OFFER_WAIT_MS:
                return None  # answering one already: a flood of offers makes no connections
            peer.offer_id, peer.offered_at = message["o"], self.now()
            return Answer(sender, message["o"], message["d"])
        if kind == ANSWER and self.hosting and peer.offer_id == message["o"] and not peer.accepted:
            peer.accepted = True
            return Accept(sender, message["d"])
        return None

    def _peer(self, sender: str, message: Message) -> Peer | None:
        """The device that signed this, if this one pairs with it: a guest with the host the
        link names; a host with the friends of its game once started, else with anyone
        holding the link, as many as its table seats (one not heard from for STALE_MS and
        not connected gives up its place)."""
        if message["r"] == (HOST if self.hosting else GUEST):
            return None
        if not self.hosting and sender != self.host:
            return None
        if self.hosting and self.friends is not None and sender not in self.friends:
            return None
        peer = self.peers.get(sender)
        now = self.now()
        if peer is None:
            if self.hosting and len(self.peers) >= self.max_guests:
                self._forget_silent(now)
            if self.hosting and len(self.peers) >= self.max_guests:
                return None  # the table is full: another device with the link waits in vain
            peer = self.peers[sender] = Peer(message["name"], now)
        peer.name, peer.heard_at = message["name"], now
        return peer

    def _forget_silent(self, now: float) -> None:
        for device, peer in list(self.peers.items()):
            if not peer.linked and now - peer.heard_at > STALE_MS:
                del self.peers[device]

    def _here(self, sender: str, peer: Peer, page: str) -> Action | None:
        if not self.hosting:
            if not peer.linked and peer.offer_id is None:
                self.say_here()  # the host has just come: it offers on hearing us
            return None
        reloaded, peer.page = peer.page not in (None, page), page
        waited = self.now() - peer.offered_at
        if not reloaded and (peer.linked or (peer.offer_id is not None and waited < OFFER_WAIT_MS)):
            return None  # (the same page: connected, or its offer may still be answered)
        peer.linked = False
        peer.offer_id, peer.offered_at, peer.accepted = OFFERING, self.now(), False
        return Offer(sender)

    def _read(self, text: object) -> Message | None:
        """The message's checked fields, or None for anything else."""
        if not isinstance(text, str):
            return None
        try:
            message = parse_json(text, max_chars=MAX_MESSAGE_CHARS, max_depth=4)
        except Untrusted:
            return None
        if not isinstance(message, dict) or message.get("v") != VERSION:
            return None
        sent, kind = message.get("at"), message.get("k")
        if not (
            isinstance(message.get("n"), str)
            and NONCE.fullmatch(message["n"])
            and type(sent) is int
            and abs(self.now() - sent) <= STALE_MS
        ):
            return None
        name = clean_name(message.get("name"))
        if message.get("r") not in (HOST, GUEST) or name is None:
            return None
        if kind == HERE:
            page = message.get("p")
            return (
                {**message, "name": name}
                if isinstance(page, str) and NONCE.fullmatch(page)
                else None
            )
        if kind not in (OFFER, ANSWER):
            return None
        to, offer_id = message.get("to"), message.get("o")
        if not (isinstance(to, str) and isinstance(offer_id, str) and NONCE.fullmatch(offer_id)):
            return None
        try:
            codes.check(codes.OFFER if kind == OFFER else codes.ANSWER, message.get("d"))
        except codes.BadCode:
            return None
        return {**message, "name": name}
