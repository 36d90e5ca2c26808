"""A real TURN server on localhost (Debian's coturn, `turnserver`), for the end-to-end test of
a connection relayed through the player's own TURN server (iceTransportPolicy "relay").

It listens on 127.0.0.1 only, over UDP and TCP on one free port, with one static user of
long-term credentials, no TLS and no DTLS, and relays between loopback addresses (which
coturn refuses by default). Its log goes to a file in the test's temporary folder."""

import os
import secrets
import shutil
import socket
import struct
import subprocess
import time
from pathlib import Path
from typing import Self

from relay_support import free_port

USERNAME, CREDENTIAL, REALM = "gemau", "loopback-only", "gemau.test"
START_TIMEOUT = 15.0  # seconds; it answers within 0.1 s on an idle machine
MISSING = (
    "the TURN server of the end-to-end tests is missing: install Debian's coturn "
    "(apt-get install coturn), which provides `turnserver`"
)


def binding_request() -> tuple[bytes, bytes]:
    """A STUN Binding request (RFC 5389) and its transaction id."""
    transaction = secrets.token_bytes(12)
    return struct.pack("!HHI", 0x0001, 0, 0x2112A442) + transaction, transaction


def answers(port: int, timeout: float = 0.5) -> bool:
    """The server on this UDP port answers a Binding request (any STUN answer will do)."""
    request, transaction = binding_request()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.sendto(request, ("127.0.0.1", port))
            reply, _ = sock.recvfrom(2048)
        except OSError:
            return False
    return len(reply) >= 20 and reply[8:20] == transaction


class TurnServer:
    """One turnserver process on one port; stop() ends it (start() again serves the same)."""

    def __init__(self, tmp_dir: Path, port: int) -> None:
        self.tmp_dir = tmp_dir
        self.port = port
        self.url = f"turn:127.0.0.1:{port}?transport=udp"
        self.log = tmp_dir / "turnserver.log"
        self.config = tmp_dir / "turnserver.conf"  # empty: nothing read from /etc
        self.config.write_text("")
        self.process: subprocess.Popen[bytes] | None = None

    def command(self, binary: str) -> list[str]:
        # Relayed addresses from a small range of ports of its own, in case other tests run.
        low = 20000 + (self.port * 7) % 40000
        return [
            binary,
            "-c",
            str(self.config),
            f"--listening-port={self.port}",
            "--listening-ip=127.0.0.1",
            "--relay-ip=127.0.0.1",
            f"--min-port={low}",
            f"--max-port={low + 200}",
            "--lt-cred-mech",
            f"--user={USERNAME}:{CREDENTIAL}",
            f"--realm={REALM}",
            "--no-tls",
            "--no-dtls",
            "--allow-loopback-peers",
            "--no-cli",
            "--no-multicast-peers",
            "--fingerprint",
            "--log-file=stdout",
            "--simple-log",
            f"--pidfile={self.tmp_dir / 'turnserver.pid'}",
            f"--userdb={self.tmp_dir / 'turnserver.sqlite'}",
        ]

    def start(self) -> None:
        assert self.process is None, "the TURN server is running"
        binary = shutil.which("turnserver")
        if binary is None:
            raise FileNotFoundError(MISSING)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(binary),
                cwd=self.tmp_dir,
                env=dict(os.environ),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(self.port, 0.2):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"turnserver did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def start_turn_server(tmp_dir: Path) -> TurnServer:
    tmp_dir.mkdir(parents=True, exist_ok=True)
    server = TurnServer(tmp_dir, free_port())
    server.start()
    return server
