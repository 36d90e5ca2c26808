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
claimant's part. At a table only the host's device sees the deal in the table's order (a
friend's own step may still be on its way to the host), so while the set-up is under way
(SetUp.under_way: in the relay's one order, the same on every device) only the host claims,
naming the device it has waited AWAY_MS for, with no step or move passed on meanwhile
(SetUp.awaited; the page's clock marked at each step):

    claim {count, quiet}   quiet: that device (a friend's at the table)

The game ends as held up by it, as if it had left (verdict.HELD_UP). The others take the
host's word for the device and the time, as they take its relay's order and clock; any
other claim while the deal is under way, and this one when it is not, is the claimant's
forfeit (dominoes.md 11.14)."""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from app.fair.errors import ProtocolError
from app.midend_saves import MAX_MOVES
from app.remote import verdict, wire
from app.remote.checks import CHEATING, PLAYING, Refused
from app.remote.move_check import Behind
from app.remote.roster import HOST

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

    def awaited(self) -> list[int]:
        """The seats whose part the set-up under way waits for, in this device's order."""
        ...


def claim_message(match: "Match", quiet: str | None = None) -> dict[str, Any]:
    message = {"type": "claim", "count": len(match.midend.moves)}
    return message if quiet is None else {**message, "quiet": quiet}


def claim_now(match: "Match") -> tuple[str, str, dict[str, Any]]:
    """The claim the person here makes now (the page offered it: app.remote.verdict.
    may_claim): how it ends the game here, the device it names, the message that tells the
    others. RuntimeError when nothing here waits for another device."""
    quiet = awaited(match)
    if quiet is None:
        raise RuntimeError("no game of another device's to claim")
    if dealing_at_table(match):  # (the host's, naming the device the deal waits for)
        return verdict.HELD_UP, quiet, claim_message(match, quiet)
    return verdict.ABANDONED, quiet, claim_message(match)


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
    if dealing_at_table(match):
        return deal_holder(match)
    if midend.remote_to_move:
        return match.roster.seat_owner(seat)
    return match.roster.others[0] if held_up(match, seat) else None


def deal_holder(match: "Match") -> str | None:
    """At a table, on the host's device: the friend's device whose part of the deal under
    way the table waits for (of the seats it waits for, the first of another device's).
    None on a friend's device: the host passes every step on, so its order alone is the
    table's as it stands (a friend's own step may still be on its way to the host)."""
    roster, set_up = match.roster, match.set_up
    if roster.me != HOST or set_up is None:
        return None
    devices = [roster.seat_owner(seat) for seat in set_up.awaited()]
    return next((device for device in devices if device != roster.me), None)


def claimed(match: "Match", sender: str, message: dict[str, Any]) -> tuple[str, str]:
    """How a claim ends the game here and the device it names as gone quiet, once this
    device's checks accept it (the module's docstring); raises Refused (the claim's kind of
    refusal), or Behind."""
    wire.fields(message, "claim", {"count", "quiet"} if "quiet" in message else {"count"})
    count = wire.whole(message["count"], 0, MAX_MOVES, "a move count")
    midend, owner = match.midend, match.roster.seat_owner
    moves = midend.moves
    if count > len(moves):
        raise Behind(f"a claim after move {count}, {len(moves)} moves here")
    player = moves[count][0] if count < len(moves) else midend.state.current_player
    if type(player) is not int:
        raise ProtocolError("a claim of a position with nobody to move")
    if count == len(moves) and dealing_at_table(match):
        return deal_claimed(match, sender, message)
    if "quiet" in message:
        raise Refused(CHEATING, f"a claim of the deal at move {count}, with no deal under way")
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


def deal_claimed(match: "Match", sender: str, message: dict[str, Any]) -> tuple[str, str]:
    """A claim made at a table while the deal was under way: the host's alone, naming a
    friend's device with a seat, whose part the deal has waited 2 minutes for. The others
    take the host's word for which device that is and for the time, as they take the order
    and the clock it passes everything on with; any other claim then is the claimant's
    forfeit. (How the game ends, the device named.)"""
    roster, quiet, count = match.roster, message.get("quiet"), message["count"]
    if sender != HOST or quiet is None:
        raise Refused(
            CHEATING, f"a claim of the game at move {count}, while the deal was under way"
        )
    seated = {roster.seat_owner(seat) for seat in range(len(roster.seats))}
    if not isinstance(quiet, str) or quiet == HOST or quiet not in seated:
        raise Refused(CHEATING, "a claim of the deal that names no friend's device at the table")
    return verdict.HELD_UP, quiet


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
