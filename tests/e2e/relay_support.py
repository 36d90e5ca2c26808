"""A real Nostr relay on localhost (the PyPI package nostr-relay, served by uvicorn), for the
end-to-end tests of signalling over Nostr, and raw clients to publish, forge, capture and
replay the app's events (ephemeral, kind 25050, tagged ["x", room id]).

The relay checks signatures (its validator is_signed) and nothing else: no size limit, no
age limit, no rate limit. It keeps what it is sent in its sqlite file, ephemeral events too,
so it is told here never to send stored events to a REQ (output_validator) and to delete the
ephemeral ones every half second (garbage_collector): a late subscriber then gets only live
events, as from a relay that keeps none, and a captured event can be replayed once its copy
is gone (until then the relay refuses it as "duplicate: exists"; replay() waits for that).
"""

import contextlib
import hashlib
import json
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from coincurve import PrivateKey
from local_service import LocalService, free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

Event = dict[str, Any]
KIND = 25050  # the app's signalling events: ephemeral (20000-29999)
START_TIMEOUT = 30.0  # seconds; it starts in about 0.6 s on an idle machine

# The relay's command line, run by the tests' own interpreter (the package has no __main__).
LAUNCH = "from nostr_relay.cli import main; main()"


def write_config(tmp_dir: Path, port: int) -> Path:
    config = {
        "storage": {
            "sqlalchemy.url": f"sqlite+aiosqlite:///{tmp_dir / 'relay.sqlite3'}",
            "validators": ["nostr_relay.validators.is_signed"],
        },
        "gunicorn": {"bind": f"127.0.0.1:{port}", "workers": 1, "loglevel": "warning"},
        # A check of the stored events a REQ would be sent, called (event, context): `is`
        # is always false there, so no stored event is ever sent; live ones are.
        "output_validator": "operator.is_",
        "garbage_collector": {"collect_interval": 0.5},
        "logging": {
            "version": 1,
            "handlers": {"log": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
            "root": {"level": "WARNING", "handlers": ["log"]},
        },
    }
    path = tmp_dir / "relay.yaml"
    path.write_text(json.dumps(config, indent=1))  # JSON is YAML
    return path


class Relay(LocalService):
    """One relay process on one port; start() again after stop() serves the same port, with
    nothing kept from before (as a real relay keeps no ephemeral event). stop() closes every
    connection with 1012, "service restart"; stop(kill=True) with none, at once."""

    name = "the relay"
    start_timeout = START_TIMEOUT

    def __init__(self, tmp_dir: Path, port: int) -> None:
        super().__init__(tmp_dir, port, "relay.log")
        self.url = f"ws://127.0.0.1:{port}"
        self.config = write_config(tmp_dir, port)

    def command(self) -> list[str]:
        return [sys.executable, "-c", LAUNCH, "-c", str(self.config), "serve", "--use-uvicorn"]

    def environment(self) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # tests/e2e shadows

    def answers(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def start(self) -> None:
        for path in self.tmp_dir.glob("relay.sqlite3*"):
            path.unlink()
        super().start()


def start_relay(tmp_dir: Path) -> Relay:
    tmp_dir.mkdir(parents=True, exist_ok=True)
    relay = Relay(tmp_dir, free_port())
    relay.start()
    return relay


def event_id(event: Event) -> str:
    data = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def make_event(
    room_id: str, content: str, secret: bytes | None = None, created_at: int | None = None
) -> Event:
    """A well-signed event for the room, by the key `secret` (32 bytes; a new one if None)."""
    key = PrivateKey(secret)
    event: Event = {
        "pubkey": key.public_key_xonly.format().hex(),
        "created_at": int(time.time()) if created_at is None else created_at,
        "kind": KIND,
        "tags": [["x", room_id]],
        "content": content,
    }
    event["id"] = event_id(event)
    event["sig"] = key.sign_schnorr(bytes.fromhex(event["id"])).hex()
    return event


def forge_event(event: Event, **changes: Any) -> Event:
    """The event with fields changed after it was signed: its id and sig no longer fit (give
    id=event_id(...) among the changes for a right id over a wrong signature)."""
    return {**event, **changes}


def publish_raw(url: str, event: Event, timeout: float = 10.0) -> tuple[bool, str]:
    """Sends the event on a new connection; the relay's answer (accepted, message). A refused
    event is answered after 2 s: the relay slows down a connection that sent one."""
    with connect(url, open_timeout=timeout) as ws:
        ws.send(json.dumps(["EVENT", event]))
        while True:
            message = json.loads(ws.recv(timeout))
            if message[0] == "OK":
                return bool(message[2]), str(message[3])


def replay(url: str, event: Event, timeout: float = 10.0) -> None:
    """Publishes an event again, once the relay has forgotten its first copy."""
    deadline = time.monotonic() + timeout
    while True:
        accepted, message = publish_raw(url, event)
        if accepted:
            return
        if not message.startswith("duplicate:") or time.monotonic() > deadline:
            raise AssertionError(f"the relay refused the replay: {message}")
        time.sleep(0.1)


class Capture:
    """The events published in a room while it is open (a subscription of its own)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.changed = threading.Condition()

    def wait(self, count: int = 1, timeout: float = 10.0) -> list[Event]:
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.events) >= count, timeout):
                raise AssertionError(f"{len(self.events)} events seen, not {count}")
            return list(self.events)


@contextlib.contextmanager
def captured(url: str, room_id: str) -> Iterator[Capture]:
    capture = Capture()
    query = {"kinds": [KIND], "#x": [room_id], "since": int(time.time()) - 60}
    with connect(url) as ws:
        ws.send(json.dumps(["REQ", "capture", query]))
        while True:  # (a live event may come before the end of the stored ones)
            message = json.loads(ws.recv(10))
            if message[0] == "EOSE":
                break
            if message[0] == "EVENT":
                capture.events.append(message[2])

        def listen() -> None:
            with contextlib.suppress(ConnectionClosed):
                for text in ws:
                    message = json.loads(text)
                    if message[0] == "EVENT":
                        with capture.changed:
                            capture.events.append(message[2])
                            capture.changed.notify_all()

        thread = threading.Thread(target=listen, daemon=True)
        thread.start()
        yield capture
    thread.join(timeout=5)
