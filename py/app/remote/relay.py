"""One order for a table of 3 to 8 devices: the host relays every message, and loses none
across a new link or a reload.

The fair protocols (app.fair) and the Dominoes deal (dominoes_deal) assume that every
device takes the others' messages in one order. Between two devices a data channel's
order is enough. With more, each guest is linked to the host alone and the host numbers
every message, its own and the guests', and sends it on to every guest (its sender too,
as a receipt), so each device takes the others' messages in the host's order:

    host   hub = Hub(deliver, posts_to_one=False, clock=None)   deliver(sender, message):
                                            a guest's message; `posts_to_one`: a guest may
                                            post for one device alone (never at a table);
                                            `clock()`: the host's time, stamped on each
                                            envelope (a table's)
           hub.join(name, send)             send(envelope) goes down that guest's channel
                                            (again after a new link: the name takes it)
           hub.post(message, to=None)       the host's own (applied by it already);
                                            `to`: for that guest alone
           hub.receive(name, data)          whatever came down that guest's channel
           hub.resend(name, after)          the envelopes after number `after`, again
           hub.join_afresh(name, send)      a group's guest whose page starts over (a new
                                            spoke): told where the order stands, sent what
                                            comes next and nothing of before
           hub.forget(name)                 a guest gone for good (a group's member)
           hub.record()                     JSON; Hub.from_record(deliver, record, ...)
    guest  spoke = Spoke(name, send, deliver)   send(data) goes to the host
           spoke.post(message, to=None)     its own (applied by it already);
                                            `to`: for that device alone (HOST: the host)
           spoke.receive(envelope)          from the host; ProtocolError on a gap
           spoke.reconnected(send)          a new channel to the host is open
           spoke.record()                   JSON; Spoke.from_record(name, send, deliver, record)

What travels:

    host -> guest  {"type": "relay", "seq", "from", "n", "message"}   an envelope
                   (+ "at": the host's clock as it relayed it, at a table)
                   {"type": "relay", "seq", "from", "n", "to", "message"}   for `to` alone
                   {"type": "relay", "seq", "from", "n", "to"}        to the others: a place
                   {"type": "relay-start", "after", "sent"}   a group's newcomer: where the
                                      order is, and the last of its own posts relayed
    guest -> host  {"type": "relay-post", "n", "ack", "message"}      a guest's message
                   {"type": "relay-post", "n", "ack", "to", "message"}   for `to` alone
                   {"type": "relay-resend", "after"}                  after a new link
                   {"type": "relay-ack", "ack"}        every ACK_EVERY envelopes taken

`seq` numbers the host's envelopes from 1; `from` is the sender's name, written by the
host, so no guest can speak as another device (what a message may say for its sender,
which seats are its, is the receiver's to check); `n` numbers each sender's own messages
from 1. A message with `to` (a Wordle group's leader sends each member its own view, and
a member's guess is the leader's alone) reaches only its sender and `to`; every other
guest is sent its place in the order without the message, so a gap still shows. At a
table a guest's post is for every device: one that only some devices saw (a cheating move
to the host alone) would end the game on those alone, so the hub refuses it there. A guest
keeps each of its posts (its outbox) until the envelope holding it comes back, and the
host relays a guest's post n once only, so after a new link the guest sends its whole
outbox again, with a resend request first: nothing is lost, nothing taken twice. At a
table the host stamps each envelope with its clock as it relays it (`at`): the one time
every device shares, by which a claim of a quiet player's turn is timed (app.remote.claims),
however late an envelope reached a guest (Spoke.stamp); a guest's own post reaches the
others when its envelope comes back (`all_relayed` once the outbox is empty). `ack` (and
a resend's `after`) says the last envelope that guest has taken; the host's log keeps
only the envelopes some guest may still lack. A guest that posts nothing
for a while (a Wordle group's member out of the tournament, watching) says so every
ACK_EVERY envelopes it takes, so the host's log, saved with its game, stays short.
A group's hub (`posts_to_one`) takes a newcomer after its first envelope (a lobby fills as
friends link): the newcomer is told where the order stands (relay-start) and counts on from
there; a member gone for good is forgotten, so the log no longer keeps what it lacks. A
group's host sends each member its view whole, so a member's new link starts its spoke
afresh (`join_afresh`: told where the order and its own numbering stand) instead of asking
for what it missed, and a member whose link is down is forgotten until it is back.

A reload loses nothing either, if the page saves the records (the relay's with the
game's, at the same moment) after every message it takes or posts: a device restored
from its save has taken exactly the envelopes up to its saved `seq`, and its outbox holds
every post not yet seen back. Everything from another device is untrusted: a malformed
envelope or post raises ProtocolError and changes nothing; a damaged record raises
ValueError."""

from collections.abc import Callable
from typing import Any

from app.fair.errors import ProtocolError
from app.remote.relay_records import (
    MAX_GUESTS,
    RELAY,
    STAMP,
    VERSION,
    check_envelope,
    check_guest_name,
    checked_hub_record,
    checked_spoke_record,
    fields,
    whole,
)
from app.remote.roster import HOST

__all__ = ["ACK_EVERY", "MAX_GUESTS", "Hub", "Spoke"]

POST, RESEND, ACK, START = "relay-post", "relay-resend", "relay-ack", "relay-start"
ACK_EVERY = 8  # envelopes a guest takes before it says so, if it posted nothing meanwhile

Deliver = Callable[[str, dict[str, Any]], None]
Send = Callable[[dict[str, Any]], None]
Clock = Callable[[], float]


class Hub:
    """The host's relay. `log` holds the envelopes some guest may still lack, in order;
    `seq` is the last envelope's number; `acked[guest]` the last one that guest said it
    has taken; `relayed[sender]` the last of that sender's numbered messages relayed."""

    def __init__(self, deliver: Deliver, posts_to_one: bool = False, clock: Clock | None = None):
        self.deliver = deliver
        self.posts_to_one = posts_to_one  # a guest may post for one device alone
        self.clock = clock  # the host's, to stamp each envelope with (a table's)
        self.channels: dict[str, Send] = {}  # the guests linked now
        self.waiting: set[str] = set()  # linked again, sent nothing until they ask
        self.log: list[dict[str, Any]] = []
        self.seq = 0
        self.acked: dict[str, int] = {}  # every guest that ever joined
        self.relayed: dict[str, int] = {HOST: 0}

    @property
    def guests(self) -> list[str]:
        return list(self.acked)

    def join(self, name: str, send: Send) -> None:
        """A guest's channel, before the table's first message; again after a new link
        (the same name takes it over, and is sent nothing until its resend request says
        where it is). A hub rebuilt from a record takes back only the guests it knew."""
        check_guest_name(name)
        if name in self.acked:
            self.waiting.add(name)
        elif self.seq > 0 and not self.posts_to_one:
            raise ValueError("a guest joins before the table's first message")
        elif len(self.acked) == MAX_GUESTS:
            raise ValueError(f"a table has {MAX_GUESTS} guests at most")
        else:  # (a forgotten guest's numbering goes on while the log holds its messages)
            self.acked[name] = self.seq
            self.relayed.setdefault(name, 0)
            if self.seq > 0:  # a group's newcomer: where the one order stands
                send({"type": START, "after": self.seq, "sent": self.relayed[name]})
        self.channels[name] = send

    def join_afresh(self, name: str, send: Send) -> None:
        """A group's guest on a link whose page starts over (a new spoke, which has taken
        nothing): wherever it was, it is told where the order and its own numbering stand
        and is sent only what comes next. Nothing of before is sent again: a group's host
        sends each member its view whole."""
        if not self.posts_to_one:
            raise ValueError("a table's guest takes every message, in order")
        check_guest_name(name)
        if name in self.acked:
            self.forget(name)
        self.join(name, send)
        if self.seq == 0:  # (said by join once the order has begun)
            send({"type": START, "after": 0, "sent": 0})

    def forget(self, name: str) -> None:
        """A guest gone for good (a group's member no longer in it): its channel and what
        it said it took go, so the log keeps only what the others lack."""
        if name not in self.acked:
            raise ValueError(f"{name!r} is not a guest")
        del self.acked[name]
        self.channels.pop(name, None)
        self.waiting.discard(name)
        self._prune()

    def post(self, message: dict[str, Any], to: str | None = None) -> None:
        """The host's own message, for every guest or (`to`) for one alone."""
        if to is not None and to not in self.acked:
            raise ValueError(f"{to!r} is not a guest")
        self._relay(HOST, self.relayed[HOST] + 1, message, to)

    def receive(self, name: str, data: Any) -> None:
        """What came from a guest's channel: a post (relayed unless relayed already) or a
        resend request. ProtocolError, changing nothing, for anything else."""
        if name not in self.channels:
            raise ProtocolError("a message from a device that has not joined")
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == RESEND:
            after = fields(data, {"type", "after"}, "a resend request")["after"]
            self.resend(name, after)
            self._take_ack(name, after)
            return
        if kind == ACK:
            ack = fields(data, {"type", "ack"}, "an acknowledgement")["ack"]
            self._take_ack(name, whole(ack, 0, self.seq, "the last envelope taken"))
            return
        if kind != POST:
            raise ProtocolError("a guest sends relay-post, relay-resend or relay-ack")
        post = {"type", "n", "ack", "message"}
        fields(data, post | {"to"} if "to" in data else post, "a post")
        n = whole(data["n"], 1, self.relayed[name] + 1, "a post's number (none skipped)")
        ack = whole(data["ack"], 0, self.seq, "the last envelope taken")
        if not isinstance(data["message"], dict):
            raise ProtocolError("a message is a JSON object")
        to = data.get("to")
        if "to" in data and not self.posts_to_one:
            raise ProtocolError("at a table a post is for every device")
        if "to" in data and (not isinstance(to, str) or to == name or to not in self.relayed):
            raise ProtocolError("a post is for another device of the table")
        self._take_ack(name, ack)
        if n == self.relayed[name] + 1:
            self._relay(name, n, data["message"], to)

    def resend(self, name: str, after: int) -> None:
        """The envelopes after number `after` to a guest again (after a new link), and
        from then on every new one."""
        if name not in self.channels:
            raise ProtocolError("resend to a device that has not joined")
        whole(after, self.pruned, self.seq, f"the last envelope {name} could have taken")
        for envelope in self.log[len(self.log) - (self.seq - after) :]:
            self.channels[name](_seen_by(name, envelope))
        self.waiting.discard(name)

    @property
    def pruned(self) -> int:
        """The last envelope dropped from the log (every guest has it)."""
        return self.seq - len(self.log)

    def _take_ack(self, name: str, ack: int) -> None:
        self.acked[name] = max(self.acked[name], ack)
        self._prune()

    def _prune(self) -> None:
        """The log without what every guest has; a forgotten guest's numbering with the
        last of its messages."""
        lowest = min(self.acked.values(), default=self.seq)
        if lowest > self.pruned:
            del self.log[: lowest - self.pruned]
        senders = {HOST, *self.acked, *(envelope["from"] for envelope in self.log)}
        self.relayed = {name: n for name, n in self.relayed.items() if name in senders}

    def _relay(self, sender: str, n: int, message: dict[str, Any], to: str | None) -> None:
        self.seq += 1
        envelope: dict[str, Any] = {"type": RELAY, "seq": self.seq, "from": sender, "n": n}
        if self.clock is not None:
            envelope[STAMP] = max(0, int(self.clock()))
        envelope |= {"message": message} if to is None else {"to": to, "message": message}
        self.log.append(envelope)
        self.relayed[sender] = n
        for name, send in list(self.channels.items()):
            if name not in self.waiting:
                send(_seen_by(name, envelope))
        if sender != HOST and to in (None, HOST):
            self.deliver(sender, message)

    # --- the record -------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """JSON to save with the host's game (see the module's docstring)."""
        return {
            "version": VERSION,
            "seq": self.seq,
            "log": [dict(envelope) for envelope in self.log],
            "acked": dict(self.acked),
            "relayed": dict(self.relayed),
        }

    @classmethod
    def from_record(
        cls,
        deliver: Deliver,
        record: Any,
        posts_to_one: bool = False,
        clock: Clock | None = None,
    ) -> "Hub":
        """The hub of a reloaded page; its guests join again (`join`) on their new links.
        ValueError if the record is damaged."""
        seq, log, acked, relayed = checked_hub_record(record)
        hub = cls(deliver, posts_to_one, clock)
        hub.seq, hub.log = seq, [dict(envelope) for envelope in log]
        hub.acked, hub.relayed = dict(acked), dict(relayed)
        return hub


def _nothing() -> None:
    pass


def _seen_by(name: str, envelope: dict[str, Any]) -> dict[str, Any]:
    """An envelope as a guest is sent it: without the message if it is another's."""
    if envelope.get("to") in (None, name) or envelope["from"] == name:
        return envelope
    return {k: v for k, v in envelope.items() if k != "message"}


class Spoke:
    """A guest's relay. `seq` is the last envelope taken; `outbox` this guest's posts not
    yet seen back ({"n", "message"}, in order); `sent` the last post's number;
    `all_relayed()` once the receipt of the last post in the outbox is taken."""

    def __init__(
        self, name: str, send: Send, deliver: Deliver, all_relayed: Callable[[], None] = _nothing
    ):
        self.name = check_guest_name(name)
        self.send, self.deliver, self.all_relayed = send, deliver, all_relayed
        self.seq = 0
        self.sent = 0
        self.outbox: list[dict[str, Any]] = []
        self.acked = 0  # the last envelope this guest told the host it has taken
        self.taking: dict[str, Any] | None = None  # the envelope being taken

    @property
    def stamp(self) -> int | None:
        """The host's time on the envelope being taken (None outside one, or unstamped)."""
        return None if self.taking is None else self.taking.get(STAMP)

    def post(self, message: dict[str, Any], to: str | None = None) -> None:
        """This guest's message, for every device or (`to`) for one alone."""
        if to == self.name:
            raise ValueError("a post is for another device")
        self.sent += 1
        self.outbox.append(
            {"n": self.sent, "message": message, **({} if to is None else {"to": to})}
        )
        self._send_post(self.outbox[-1])

    def reconnected(self, send: Send | None = None) -> None:
        """A new channel to the host is open (`send` down it, if given): ask for the
        envelopes after the last one taken, and send every post not yet seen back."""
        if send is not None:
            self.send = send
        self.acked = self.seq
        self.send({"type": RESEND, "after": self.seq})
        for post in self.outbox:
            self._send_post(post)

    def receive(self, envelope: Any) -> None:
        """One of the host's envelopes: taken if it is the next one, skipped if it was
        taken already; any other is refused (ProtocolError), changing nothing."""
        if isinstance(envelope, dict) and envelope.get("type") == START:
            start = fields(envelope, {"type", "after", "sent"}, "where the order stands")
            after = whole(start["after"], 0, 2**53, "the last envelope")
            sent = whole(start["sent"], 0, after, "the last of its own posts relayed")
            if self.seq != 0 or (sent and self.sent):  # (a newcomer may have posted)
                raise ProtocolError("a spoke starts late only before it has taken anything")
            self.seq, self.acked, self.sent = after, after, self.sent or sent
            return
        check_envelope(envelope, self.name)
        seq, sender = envelope["seq"], envelope["from"]
        if seq <= self.seq:
            return  # sent again after a new link
        if seq > self.seq + 1:
            raise ProtocolError(f"relayed messages {self.seq + 1} to {seq - 1} are missing")
        if sender == self.name:
            if not self.outbox or envelope["n"] != self.outbox[0]["n"]:
                raise ProtocolError("a receipt for a post this device has not sent")
            if (envelope["message"], envelope.get("to")) != (
                self.outbox[0]["message"],
                self.outbox[0].get("to"),
            ):
                raise ProtocolError("a receipt that is not the post sent")
            self.outbox.pop(0)
        self.seq = seq
        if self.seq - self.acked >= ACK_EVERY:
            self.acked = self.seq
            self.send({"type": ACK, "ack": self.seq})
        self.taking = envelope
        try:
            if sender == self.name and not self.outbox:
                self.all_relayed()
            elif sender != self.name and "message" in envelope:
                self.deliver(sender, envelope["message"])
        finally:
            self.taking = None

    def _send_post(self, post: dict[str, Any]) -> None:
        self.acked = self.seq
        self.send({"type": POST, "ack": self.seq, **post})

    # --- the record -------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """JSON to save with the guest's game (see the module's docstring)."""
        return {
            "version": VERSION,
            "name": self.name,
            "seq": self.seq,
            "sent": self.sent,
            "outbox": [dict(post) for post in self.outbox],
        }

    @classmethod
    def from_record(
        cls,
        name: str,
        send: Send,
        deliver: Deliver,
        record: Any,
        all_relayed: Callable[[], None] = _nothing,
    ) -> "Spoke":
        """The spoke of a reloaded page; call `reconnected` once its channel is open.
        ValueError if the record is damaged or another guest's."""
        spoke = cls(name, send, deliver, all_relayed)
        seq, sent, outbox = checked_spoke_record(name, record)
        spoke.seq, spoke.sent = seq, sent
        spoke.outbox = [dict(post) for post in outbox]
        return spoke
