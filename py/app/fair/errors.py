"""The two ways a peer's message is refused."""


class ProtocolError(Exception):
    """A message that is malformed, out of turn or otherwise not part of the protocol."""

    def __init__(self, reason: str, seat: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.seat = seat


class Cheated(ProtocolError):
    """A message that proves a peer dishonest; seat names the cheater when it is known."""
