"""One order for a table of 3 or 4 devices: the host relays every message.

The fair protocols (app.fair) and the Dominoes deal (dominoes_deal) assume that every
device takes the others' messages in one order. Between two devices a data channel's
order is enough. With more, each guest is linked to the host alone and the host numbers
every message, its own and the guests', and sends it on to every guest (its sender too,
as a receipt), so each device takes the others' messages in the host's order:

    host   hub = Hub(deliver)               deliver(sender, message): a guest's message
           hub.join(name, send)             send(envelope) goes down that guest's channel
           hub.post(message)                the host's own (applied by it already)
           hub.receive(name, message)       from that guest's channel
           hub.resend(name, after)          the envelopes after number `after`, again
    guest  spoke = Spoke(name, send, deliver)   send(message) goes to the host
           spoke.post(message)              its own (applied by it already)
           spoke.receive(envelope)          from the host; ProtocolError on a gap
           spoke.seq                        the last envelope taken (for hub.resend)

Envelope: {"type": "relay", "seq": 1, 2, ..., "from": the sender's name, "message"}.
The host writes "from" itself, so no guest can speak as another device; what a message
may say for its sender (which seats are its) is the receiver's to check."""

from collections.abc import Callable

from app.fair.errors import ProtocolError

HOST = "host"
RELAY = "relay"
MAX_GUESTS = 3

Deliver = Callable[[str, dict], None]
Send = Callable[[dict], None]


class Hub:
    def __init__(self, deliver: Deliver):
        self.deliver = deliver
        self.guests: dict[str, Send] = {}
        self.log: list[dict] = []  # every envelope, in order

    def join(self, name: str, send: Send) -> None:
        """A guest's channel (again, after a new link: the same name takes it over)."""
        if not isinstance(name, str) or not name or name == HOST:
            raise ValueError("a guest has a name of its own")
        if name not in self.guests and len(self.guests) == MAX_GUESTS:
            raise ValueError(f"a table has {MAX_GUESTS} guests at most")
        self.guests[name] = send

    def post(self, message: dict) -> None:
        self._relay(HOST, message)

    def receive(self, name: str, message) -> None:
        if name not in self.guests:
            raise ProtocolError("a message from a device that has not joined")
        if not isinstance(message, dict):
            raise ProtocolError("a message is a JSON object")
        self._relay(name, message)

    def resend(self, name: str, after: int) -> None:
        if name not in self.guests or type(after) is not int or not 0 <= after <= len(self.log):
            raise ProtocolError("resend to a guest from an envelope it could have")
        for envelope in self.log[after:]:
            self.guests[name](envelope)

    def _relay(self, sender: str, message: dict) -> None:
        envelope = {"type": RELAY, "seq": len(self.log) + 1, "from": sender, "message": message}
        self.log.append(envelope)
        for send in self.guests.values():
            send(envelope)
        if sender != HOST:
            self.deliver(sender, message)


class Spoke:
    def __init__(self, name: str, send: Send, deliver: Deliver):
        if not isinstance(name, str) or not name or name == HOST:
            raise ValueError("a guest has a name of its own")
        self.name, self.send, self.deliver = name, send, deliver
        self.seq = 0

    def post(self, message: dict) -> None:
        self.send(message)

    def receive(self, envelope) -> None:
        """One of the host's envelopes: taken if it is the next one, skipped if it was
        taken already; any other is refused, changing nothing."""
        if not isinstance(envelope, dict) or set(envelope) != {"type", "seq", "from", "message"}:
            raise ProtocolError("a relayed message is {type, seq, from, message}")
        seq, sender, message = envelope["seq"], envelope["from"], envelope["message"]
        if envelope["type"] != RELAY or type(seq) is not int or seq < 1:
            raise ProtocolError("a relayed message is numbered from 1")
        if not isinstance(sender, str) or not isinstance(message, dict):
            raise ProtocolError("a relayed message names its sender and holds an object")
        if seq <= self.seq:
            return  # sent again after a new link
        if seq > self.seq + 1:
            raise ProtocolError(f"relayed messages {self.seq + 1} to {seq - 1} are missing")
        self.seq = seq
        if sender != self.name:
            self.deliver(sender, message)
