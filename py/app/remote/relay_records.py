"""A table's relay (app.remote.relay), what each end reads of the other and of storage,
checked: an envelope from the host, a guest's name, and the records a page saves with its
game (the Hub's and a Spoke's), read back strictly. Malformed input raises ProtocolError
(a message) or ValueError (a record, a name)."""

from typing import Any

from app.fair.errors import ProtocolError
from app.remote.roster import HOST, MAX_DEVICES

RELAY = "relay"
VERSION = 1  # of the records
MAX_GUESTS = MAX_DEVICES - 1
MAX_NAME = 8


def whole(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"{what} is a whole number from {low} to {high}")
    return value


def check_guest_name(name: Any) -> str:
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or name == HOST:
        raise ValueError("a guest has a short name of its own")
    return name


def fields(data: Any, names: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != names:
        raise ProtocolError(f"{what} is {{{', '.join(sorted(names))}}}")
    return data


ENVELOPE = {"type", "seq", "from", "n", "message"}
STAMP = "at"  # a table's envelopes: the host's clock when it relayed the message (ms)


def check_envelope(data: Any, me: str | None = None) -> dict[str, Any]:
    """A relayed message; `me`: the guest it came to (None: the host's own log), which
    takes the message only if it is for every device, for it, or its own."""
    addressed = isinstance(data, dict) and "to" in data
    mine = not addressed or me is None or me in (data.get("to"), data.get("from"))
    names = (ENVELOPE | {"to"} if addressed else ENVELOPE) - (set() if mine else {"message"})
    stamped = isinstance(data, dict) and STAMP in data
    envelope = fields(data, names | {STAMP} if stamped else names, "a relayed message")
    if stamped:
        whole(envelope[STAMP], 0, 2**53, "the time the host relayed it")
    if envelope["type"] != RELAY:
        raise ProtocolError("a relayed message's type is relay")
    whole(envelope["seq"], 1, 2**53, "a relayed message's number")
    whole(envelope["n"], 1, 2**53, "its sender's number for it")
    if not isinstance(envelope["from"], str) or not isinstance(envelope.get("message", {}), dict):
        raise ProtocolError("a relayed message names its sender and holds an object")
    if addressed and (not isinstance(envelope["to"], str) or envelope["to"] == envelope["from"]):
        raise ProtocolError("a relayed message is for another device")
    return envelope


def checked_hub_record(
    record: Any,
) -> tuple[int, list[dict[str, Any]], dict[str, int], dict[str, int]]:
    """A Hub's record: (seq, log, acked, relayed). ValueError if it is damaged."""
    try:
        fields(record, {"version", "seq", "log", "acked", "relayed"}, "a hub's record")
        whole(record["version"], VERSION, VERSION, "the record's version")
        seq = whole(record["seq"], 0, 2**53, "the last envelope")
        acked, relayed, log = record["acked"], record["relayed"], record["log"]
        if not isinstance(acked, dict) or len(acked) > MAX_GUESTS:
            raise ProtocolError(f"{MAX_GUESTS} guests at most")
        for name, ack in acked.items():
            check_guest_name(name)
            whole(ack, 0, seq, "a guest's last envelope taken")
        if not isinstance(log, list) or len(log) != seq - min(acked.values(), default=seq):
            raise ProtocolError("the log holds what some guest may lack")
        senders = {e.get("from") for e in log if isinstance(e, dict)} - {None}  # (forgotten)
        if not all(isinstance(sender, str) for sender in senders):
            raise ProtocolError("a sender is a device's name")
        if not isinstance(relayed, dict) or set(relayed) != {HOST, *acked, *senders}:
            raise ProtocolError("a last number per sender")
        for n in relayed.values():
            whole(n, 0, seq, "a sender's last number")
        last: dict[str, int] = {}
        for seq_here, envelope in enumerate(log, seq - len(log) + 1):
            check_envelope(envelope)
            sender = envelope["from"]
            if envelope["seq"] != seq_here or sender not in relayed:
                raise ProtocolError("the log's envelopes are numbered in order")
            if envelope["n"] != last.get(sender, envelope["n"] - 1) + 1:
                raise ProtocolError("a sender's messages are numbered in order")
            last[sender] = envelope["n"]
        if any(relayed[sender] != n for sender, n in last.items()):
            raise ProtocolError("the last numbers are the log's")
    except (ProtocolError, ValueError) as error:
        raise ValueError(f"a damaged relay record: {error}") from None
    return seq, log, acked, relayed


def checked_spoke_record(name: str, record: Any) -> tuple[int, int, list[dict[str, Any]]]:
    """A Spoke's record, this guest's: (seq, sent, outbox). ValueError if it is damaged."""
    try:
        fields(record, {"version", "name", "seq", "sent", "outbox"}, "a spoke's record")
        whole(record["version"], VERSION, VERSION, "the record's version")
        if record["name"] != name:
            raise ProtocolError("another guest's record")
        seq = whole(record["seq"], 0, 2**53, "the last envelope taken")
        sent = whole(record["sent"], 0, 2**53, "the last post's number")
        outbox = record["outbox"]
        if not isinstance(outbox, list) or len(outbox) > sent:
            raise ProtocolError("the outbox holds posts sent")
        for n, post in enumerate(outbox, sent - len(outbox) + 1):
            kept = {"n", "message"}
            fields(post, kept | {"to"} if "to" in post else kept, "a post kept")
            if post["n"] != n or not isinstance(post["message"], dict):
                raise ProtocolError("the outbox's posts are numbered in order")
    except ProtocolError as error:
        raise ValueError(f"a damaged relay record: {error}") from None
    return seq, sent, outbox
