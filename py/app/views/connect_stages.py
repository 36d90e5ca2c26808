"""Where #/connect stands: the stages of making a connection, and how the connection's
news moves them on."""

from ..peer.channel import CLOSED, DROPPED, FAILED, OPEN

# Where things stand: the status line's text is connect.status.<stage>.
CREATING, WAITING, REPLYING, SEND_REPLY, CONNECTING, CONNECTED = (
    "creating",
    "waiting",
    "replying",
    "send_reply",
    "connecting",
    "connected",
)
BAD_INVITE, DISCONNECTED = "bad_invite", "disconnected"


def after_link_state(stage: str, problem: str | None, state: str) -> tuple[str, str | None] | None:
    """(stage, problem) once the connection being made reports `state` (the problem is
    the key of connect.failed.<problem>); None when the page need not change."""
    if state == OPEN:
        return CONNECTED, problem
    if state == CLOSED:  # closed before it opened: it never found a way through
        return (DISCONNECTED, problem) if stage == CONNECTED else (FAILED, "no_route")
    if state == FAILED:
        return FAILED, "broken" if stage == CONNECTED else "no_route"
    if state == DROPPED:
        return None  # a message the other page should not have sent; the channel goes on
    return stage, problem


def problem_named(problem: str | None, relay_only: bool) -> str | None:
    """No way found while every connection must go through the player's TURN server: that
    server could not be reached (or refused the user name and password)."""
    if problem in ("no_route", "no_candidates") and relay_only:
        return "no_turn"
    return problem
