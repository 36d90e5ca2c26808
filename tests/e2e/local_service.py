"""A program the end-to-end tests run on this machine (the Nostr relay, the TURN server):
started on a port of its own with its output in a log file, waited for until it answers,
and stopped; start() again after stop() serves the same port."""

import socket
import subprocess
import time
from pathlib import Path
from typing import Self


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalService:
    name = "the service"  # as the error says it
    start_timeout = 30.0  # seconds

    def __init__(self, tmp_dir: Path, port: int, log_name: str) -> None:
        self.tmp_dir = tmp_dir
        self.port = port
        self.log = tmp_dir / log_name
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        raise NotImplementedError

    def environment(self) -> dict[str, str] | None:
        return None  # this process's

    def answers(self) -> bool:
        raise NotImplementedError

    def start(self) -> None:
        assert self.process is None, f"{self.name} is running"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.tmp_dir,
                env=self.environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + self.start_timeout
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{self.name} did not start:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.02)

    def stop(self, kill: bool = False) -> None:
        """Ends the process (kill: at once, closing no connection in order)."""
        if self.process is None:
            return
        if kill:
            self.process.kill()
        else:
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
