"""A game claimed from a device that went quiet on its own turn (docs/rules/README.md,
"Playing on two devices"): once 2 minutes (verdict.AWAY_MS) have passed on the other
device's turn without its move, connected or not, the person here may claim the game. The
claim ends it here at once and travels to the other devices:

    claim {count}   count: the moves played where the claim was made (the position whose
                    player to move went quiet)

Each device that takes a claim checks it with what it knows before anything changes:

- the position is one it has (`count` moves or fewer: a claim ahead of it is a device behind,
  answered by a sync);
- the device to move there is not the claimant's (a claim of its own turn is what no honest
  device sends: the claimant's forfeit), and nothing after it was played by anyone else (the
  claimed device's own moves may have crossed the claim on the way);
- the position was reached here at least AWAY_MS ago, less CLAIM_SLACK_MS for the way (this
  page's clock, when this page saw it reached: after a reload it does not know, and takes the
  claim). An early claim is no proof of a cheat (the clocks are two devices' own), but the
  player claimed from did not go quiet: the game ends recording nothing here
  (verdict.EARLY, app.remote.incoming).

A claim taken ends the game as abandoned by the claimed device: its player loses, and the
others record what app.remote.verdict gives (at a table: as if the quiet player had left,
dominoes.md 11.10). A claim that did not reach the other device (its connection lost) is sent
again after the sync of a new link (app.remote.pair)."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.fair.errors import ProtocolError
from app.midend_saves import MAX_MOVES
from app.remote import verdict, wire
from app.remote.checks import CHEATING, Refused
from app.remote.move_check import Behind

if TYPE_CHECKING:
    from app.remote.match import Match

CLAIM_SLACK_MS = 5_000  # a claim's way between devices, and their clocks' small differences
REMEMBERED = 4  # positions whose time this page keeps (a claim crosses a move or two)


def claim_message(match: "Match") -> dict[str, Any]:
    return {"type": "claim", "count": len(match.midend.moves)}


def claimed_device(match: "Match", sender: str, message: dict[str, Any]) -> str:
    """The device a claim names as gone quiet, once this device's checks accept it (the
    module's docstring); raises Refused (the claim's kind of refusal), or Behind."""
    wire.fields(message, "claim", {"count"})
    count = wire.whole(message["count"], 0, MAX_MOVES, "a move count")
    midend, owner = match.midend, match.roster.seat_owner
    moves = midend.moves
    if count > len(moves):
        raise Behind(f"a claim after move {count}, {len(moves)} moves here")
    player = moves[count][0] if count < len(moves) else midend.state.current_player
    if type(player) is not int:
        raise ProtocolError("a claim of a position with nobody to move")
    quiet = owner(player)
    if quiet == sender:
        raise Refused(CHEATING, f"a claim of the game at move {count}, its own turn")
    if any(type(p) is not int or owner(p) != quiet for p, _ in moves[count:]):
        raise Refused(CHEATING, f"a claim of the game at move {count}, turns ago")
    return quiet


def early(reached: float, now: float) -> bool:
    """A claim taken `now` of a position this page saw reached at `reached` came too soon."""
    return now - reached < verdict.AWAY_MS - CLAIM_SLACK_MS


def away_for(reached: float, match: "Match") -> str:
    seconds = max(0, round((match.midend.session.now_ms() - reached) / 1000))
    return f"{seconds} s"


def remembered(reached: dict[int, float], count: int, now: float) -> dict[int, float]:
    """The times of the latest positions this page reached, with `count`'s now."""
    kept = {n: at for n, at in reached.items() if count - REMEMBERED < n < count}
    return {**kept, count: now}


def resend(match: "Match", send: Callable[[dict[str, Any]], None], other: str) -> None:
    """After a sync: a claim this device made of `other`'s game, sent again (it may have
    been lost with the connection)."""
    ended = match.ended
    if ended is not None and ended["how"] == verdict.ABANDONED and ended["by"] == other:
        send(claim_message(match))
