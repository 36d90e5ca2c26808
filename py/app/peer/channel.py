"""Messages over a data channel: JSON objects, each checked on arrival.

A message longer than one channel message should be (16 KB is what every browser
delivers whole) is sent in parts, which arrive in order on the reliable channel and are
put together again. The first message each way is a hello with the player's name; the
channel is "open" only once the other's hello has arrived.

Framing, one channel message each: "M" + a whole message's JSON, or
"P<i>/<n>:" + part i of n of one (parts of one message are sent one after another).
"""

import json
import unicodedata
from collections.abc import Callable
from typing import Any

from ..untrusted import Untrusted, parse_json

PART_CHARS = 15_000
MAX_MESSAGE_CHARS = 256_000
MAX_PARTS = -(-MAX_MESSAGE_CHARS // PART_CHARS)
MAX_NAME_CHARS = 24
HELLO = "hello"
# States given to on_state: connecting, open, interrupted (the network went away: the
# transport waits a while for it to come back, then closes), closed, failed; and "dropped"
# for a message refused (not JSON, not an object, too long, out of order), the channel
# staying open.
OPEN, CLOSED, FAILED, DROPPED = "open", "closed", "failed", "dropped"
INTERRUPTED = "interrupted"

Message = dict[str, Any]  # one message: a JSON object
OnMessage = Callable[[Message], None]
OnState = Callable[[str], None]


def clean_name(name: object) -> str | None:
    """A player's name as sent in a hello: text of 1 to 24 printable characters."""
    if not isinstance(name, str):
        return None
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME_CHARS:
        return None
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        return None
    return name


def frames(message: Message) -> list[str]:
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=True)
    if len(text) > MAX_MESSAGE_CHARS:
        raise ValueError(f"message of {len(text)} characters: at most {MAX_MESSAGE_CHARS}")
    if len(text) <= PART_CHARS:
        return ["M" + text]
    parts = [text[i : i + PART_CHARS] for i in range(0, len(text), PART_CHARS)]
    return [f"P{i}/{len(parts)}:{part}" for i, part in enumerate(parts)]


class Assembler:
    """Turns the frames received back into messages: feed() gives a dict, None while a
    message's parts are still coming, or raises ValueError for a frame refused."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.expected = 0

    def feed(self, frame: object) -> Message | None:
        if not isinstance(frame, str) or len(frame) > PART_CHARS + 16:
            self.parts, self.expected = [], 0
            raise ValueError("not a frame")
        if frame.startswith("M") and not self.parts:
            return self._parse(frame[1:])
        head, colon, body = frame.partition(":")
        try:
            index, count = (int(n) for n in head[1:].split("/"))
        except ValueError:
            index = count = -1
        if not (
            frame.startswith("P")
            and colon
            and 2 <= count <= MAX_PARTS
            and index == len(self.parts)
            and count == (self.expected or count)
        ):
            self.parts, self.expected = [], 0
            raise ValueError("part out of order")
        self.parts.append(body)
        self.expected = count
        if len(self.parts) < count:
            return None
        text, self.parts, self.expected = "".join(self.parts), [], 0
        return self._parse(text)

    @staticmethod
    def _parse(text: str) -> Message:
        try:
            message = parse_json(text, max_chars=MAX_MESSAGE_CHARS)
        except Untrusted as refused:
            raise ValueError(f"not JSON: {refused.reason}") from None
        if not isinstance(message, dict):
            raise ValueError("not an object")
        return message


class Channel:
    """The messages API: send(dict), on_message(callback(dict)), on_state(callback(str)).

    transport_send(text) sends one channel message and transport_close() closes the
    connection; the transport (app.peer.rtc, or a test's) calls received(text) for each
    message and transport_state(state) as the connection opens, closes or fails."""

    def __init__(
        self,
        my_name: str,
        transport_send: Callable[[str], None],
        transport_close: Callable[[], None] = lambda: None,
    ):
        self.my_name = clean_name(my_name) or "?"
        self._send, self._close = transport_send, transport_close
        self.peer_name: str | None = None
        self.state = "connecting"
        self.problem: str | None = None  # why the last message was dropped
        self._said_hello = False
        self._assembler = Assembler()
        self._message_callbacks: list[OnMessage] = []
        self._state_callbacks: list[OnState] = []
        self._held: list[Message] | None = None  # messages kept between two owners (hold/take)

    def on_message(self, callback: OnMessage) -> None:
        self._message_callbacks.append(callback)

    def on_state(self, callback: OnState) -> None:
        self._state_callbacks.append(callback)

    def hold(self, *first: Message) -> None:
        """Hand the channel over: forget who listened, and keep the messages that
        arrive (after `first`, a message the old owner read but the new one needs)
        until `take` names the new owner (a page opening the game the other chose)."""
        self._message_callbacks, self._state_callbacks = [], []
        self._held = [*first, *(self._held or [])]

    @property
    def held(self) -> list[Message]:
        """The messages held for the next owner, which it may read before taking them
        (the Wordle duel loads the words of the language the host's hello names)."""
        return list(self._held or [])

    def take(self, on_message: OnMessage, on_state: OnState) -> None:
        """The new owner: it gets the messages held for it, then every one after."""
        held, self._held = self._held or [], None
        self._message_callbacks, self._state_callbacks = [on_message], [on_state]
        for message in held:
            on_message(message)

    def send(self, message: Message) -> None:
        if not isinstance(message, dict):
            raise TypeError("a message is a dict")
        if self.state != OPEN:
            raise RuntimeError(f"the channel is {self.state}")
        for frame in frames(message):
            self._send(frame)

    def close(self) -> None:
        if self.state in (CLOSED, FAILED):
            return
        self._close()
        self._set_state(CLOSED)

    def _set_state(self, state: str) -> None:
        if state != DROPPED:
            self.state = state
        for callback in list(self._state_callbacks):
            callback(state)

    # --- called by the transport ---------------------------------------------------
    def transport_state(self, state: str) -> None:
        if state == INTERRUPTED and self.state == OPEN:
            self._set_state(INTERRUPTED)
        elif state == OPEN and self.state == INTERRUPTED:
            self._set_state(OPEN)  # the same connection back: no second hello
        elif state == OPEN and not self._said_hello:
            self._said_hello = True
            for frame in frames({"type": HELLO, "name": self.my_name}):
                self._send(frame)
            if self.peer_name is not None:
                self._set_state(OPEN)
        elif state in (CLOSED, FAILED) and self.state not in (CLOSED, FAILED):
            self._set_state(state)

    def received(self, text: object) -> None:
        if self.state in (CLOSED, FAILED):
            return
        try:
            message = self._assembler.feed(text)
        except ValueError as error:
            self.problem = str(error)
            self._set_state(DROPPED)
            return
        if message is None:
            return
        if self.peer_name is None:
            name = clean_name(message.get("name")) if message.get("type") == HELLO else None
            if name is None:
                self.problem = "no hello first"
                self._transport_failed()
                return
            self.peer_name = name
            if self._said_hello:
                self._set_state(OPEN)
            return
        if self._held is not None:
            self._held.append(message)
            return
        for callback in list(self._message_callbacks):
            callback(message)

    def _transport_failed(self) -> None:
        self._close()
        self._set_state(FAILED)
