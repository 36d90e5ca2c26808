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
- the position was reached at least AWAY_MS before the claim, less CLAIM_SLACK_MS for the
  way and the clocks' small differences: the claimant offers a claim 2 minutes after its
  own page reached the position (Match.turn_since), after the others did, so an earlier
  claim is one no honest device sends (the claimant's forfeit). Between two devices each
  times it on its own clock, and only a position reached live (app.remote.claim_clock): not one
  caught up after a new link (its move may have waited for the link while the claimant's
  clock ran), nor one before a reload; of those the claim is taken. At a table every
  device times it by the host's clock, stamped on each envelope as the relay sends it on
  (app.remote.relay): the one order's own time, the same for a device that took the
  envelopes late, so every device reaches one verdict; a guest's own move is reached when
  its envelope comes back.

A claim taken ends the game as abandoned by the claimed device: its player loses, and the
others record what app.remote.verdict gives (at a table: as if the quiet player had left,
dominoes.md 11.10). A claim that did not reach the other device (its connection lost) is sent
again after the sync of a new link (app.remote.pair).

A game's own set-up may hold a seat up on its turn: the Dominoes deal, whose cards and keys
come only with the other devices' steps (Match.set_up, a SetUp). A claim that its player
went quiet is timed from when the set-up let the player go (the step that gave it what it
waited for: ClaimClock.turn_at), so a device that sends its part late cannot then claim at
once; a claim of the held-up turn itself (below) is timed from the turn's start.

Between two devices a seat of this device's held up so for AWAY_MS is the other device's
wait too: its game may be claimed, and the claimant records a win by abandonment. The
claimed device cannot tell its part lost on the way from its part never sent, so where the
deal may have held the game up there, it records nothing ("stalled"): a claim of the
claimant's own turn is taken so where the public position shows a deal under way for it (a
hand being dealt, its draw, the hands' check), and otherwise is still the claimant's
forfeit; a claim of this device's own turn is taken so while its own seat waits for the
claimant's part. At a table nothing shows which device holds a deal up: there the deal is
not claimed, and a claim while the set-up is under way (SetUp.under_way: in the relay's one
order, the same on every device) is the claimant's forfeit."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.fair.errors import ProtocolError
from app.midend_saves import MAX_MOVES
from app.remote import verdict, wire
from app.remote.checks import CHEATING, PLAYING, Refused
from app.remote.move_check import Behind

if TYPE_CHECKING:
    from app.remote.match import Match

CLAIM_SLACK_MS = 5_000  # a claim's way between devices, and their clocks' small differences


class SetUp(Protocol):
    """A game's own set-up between its moves, as claims see it (the Dominoes deal:
    app.remote.dominoes_match)."""

    def waits(self, seat: int) -> bool:
        """The seat to move waits for another device's part: known of this device's seats,
        of another's as far as the public position shows that it may."""
        ...

    def under_way(self) -> bool:
        """The set-up still holds the seat to move up, in the order every device takes its
        steps in."""
        ...


def claim_message(match: "Match") -> dict[str, Any]:
    return {"type": "claim", "count": len(match.midend.moves)}


def awaited(match: "Match") -> str | None:
    """The device a claim made now would name as gone quiet: the one whose seat is to move,
    or between two devices the other one while the game's own set-up holds this device's
    seat to move up (the module's docstring). None while nothing here waits for another
    device, and while this device's save is behind (app.remote.behind): the moves it lost
    may be the very ones it would wait for."""
    midend = match.midend
    if match.status != PLAYING or match.lost is not None or midend.state.is_over:
        return None
    seat = midend.state.current_player
    if midend.remote_to_move:
        return None if dealing_at_table(match) else match.roster.seat_owner(seat)
    return match.roster.others[0] if held_up(match, seat) else None


def claimed(match: "Match", sender: str, message: dict[str, Any]) -> tuple[str, str]:
    """How a claim ends the game here and the device it names as gone quiet, once this
    device's checks accept it (the module's docstring); raises Refused (the claim's kind of
    refusal), or Behind."""
    wire.fields(message, "claim", {"count"})
    count = wire.whole(message["count"], 0, MAX_MOVES, "a move count")
    midend, owner = match.midend, match.roster.seat_owner
    moves = midend.moves
    if count > len(moves):
        raise Behind(f"a claim after move {count}, {len(moves)} moves here")
    player = moves[count][0] if count < len(moves) else midend.state.current_player
    if type(player) is not int:
        raise ProtocolError("a claim of a position with nobody to move")
    if count == len(moves) and dealing_at_table(match):
        raise Refused(
            CHEATING, f"a claim of the game at move {count}, while the deal was under way"
        )
    quiet, now_held_up = owner(player), count == len(moves) and held_up(match, player)
    if quiet == sender and not now_held_up:
        raise Refused(CHEATING, f"a claim of the game at move {count}, its own turn")
    how = verdict.STALLED if now_held_up else verdict.ABANDONED
    quiet = match.roster.me if now_held_up else quiet
    if any(type(p) is not int or owner(p) != quiet for p, _ in moves[count:]):
        raise Refused(CHEATING, f"a claim of the game at move {count}, turns ago")
    clock = match.claim_clock  # (a turn held up is timed from its start, as its page offers)
    reached = clock.reached_at(count) if now_held_up else clock.turn_at(count)
    now = match.link.clock()
    if reached is not None and now is not None and early(reached, now):
        seconds = max(0, round((now - reached) / 1000))
        raise Refused(CHEATING, f"a claim of the game {seconds} s into the turn")
    return how, quiet


def held_up(match: "Match", seat: int) -> bool:
    """Whether the seat to move here waits for another device's part of the game's own
    set-up (a seat of this device's), or may as far as this device can tell (the other
    device's), between two devices (Match.set_up)."""
    set_up = match.set_up
    return set_up is not None and not match.link.at_table and set_up.waits(seat)


def dealing_at_table(match: "Match") -> bool:
    """At a table: whether the game's set-up still holds the seat to move up, which nobody
    may be claimed for (the module's docstring)."""
    return match.link.at_table and match.set_up is not None and match.set_up.under_way()


def early(reached: float, now: float) -> bool:
    """A claim taken `now` of a position this page saw reached at `reached` came too soon."""
    return now - reached < verdict.AWAY_MS - CLAIM_SLACK_MS


def resend(match: "Match", send: Callable[[dict[str, Any]], None], other: str) -> None:
    """After a sync: a claim this device made of `other`'s game, sent again (it may have
    been lost with the connection)."""
    ended = match.ended
    if ended is not None and ended["how"] == verdict.ABANDONED and ended["by"] == other:
        send(claim_message(match))
