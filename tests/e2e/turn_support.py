"""A real TURN server on localhost (Debian's coturn, `turnserver`), for the end-to-end test of
a connection relayed through the player's own TURN server (iceTransportPolicy "relay").

It listens on 127.0.0.1 only, over UDP and TCP on one free port, with one static user of
long-term credentials, no TLS and no DTLS, and relays between loopback addresses (which
coturn refuses by default). Its log goes to a file in the test's temporary folder."""

import secrets
import shutil
import socket
import struct
from pathlib import Path

from local_service import LocalService, free_port

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


class TurnServer(LocalService):
    """One turnserver process on one port."""

    name = "turnserver"
    start_timeout = START_TIMEOUT

    def __init__(self, tmp_dir: Path, port: int) -> None:
        super().__init__(tmp_dir, port, "turnserver.log")
        self.url = f"turn:127.0.0.1:{port}?transport=udp"
        self.config = tmp_dir / "turnserver.conf"  # empty: nothing read from /etc
        self.config.write_text("")
        self.binary = shutil.which("turnserver") or ""

    def command(self) -> list[str]:
        # Relayed addresses from a small range of ports of its own, in case other tests run.
        low = 20000 + (self.port * 7) % 40000
        return [
            self.binary,
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

    def answers(self) -> bool:
        return answers(self.port, 0.2)

    def start(self) -> None:
        if not self.binary:
            raise FileNotFoundError(MISSING)
        super().start()


def start_turn_server(tmp_dir: Path) -> TurnServer:
    tmp_dir.mkdir(parents=True, exist_ok=True)
    server = TurnServer(tmp_dir, free_port())
    server.start()
    return server
