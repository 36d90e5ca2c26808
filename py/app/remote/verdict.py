"""What a game between devices records when it ends before its rules end it, decided here
once for two devices and for a table of them alike (app.remote.match).

A match that ended keeps `ended`: {"how", "by"}, with the "reason" when a check stopped it.
`by` is the device whose doing ended the game:

- resigned, left: the device of the person who resigned or left, who loses;
- forfeit: a device this one proved broke the rules (an illegal, out-of-turn or malformed
  move, a tile it cannot hold, an answer or opening that contradicts its commitment, a
  position's hash or a history that contradicts a position both devices had agreed on:
  app.remote.history.agreed): it loses, and this device wins by forfeit;
- void: the device whose message showed that the two do not agree on the position, when
  nothing proves which is wrong (the starts differ, before any position was agreed on):
  nothing is recorded;
- abandoned: the device that made no move for AWAY_MS on its own turn (its connection lost
  or not), whose game a person claimed (app.remote.claims): it loses, and the others record
  what a leave gives them;
- stalled: this device, whose game was claimed while the Dominoes deal may have held the
  game up between the two devices, a part of it lost on the way (app.remote.claims):
  nothing proves which device went quiet, so nothing is recorded here;
- held_up: at a table, the device whose part of the Dominoes deal the host's device waited
  AWAY_MS for, whose game the host's person claimed (app.remote.claims): it loses, and the
  others record what a leave gives them, as for abandoned.


Only this device's own checks end a game as forfeit or void: another device's refusal is
its claim, kept and shown as its words, never acted on (the other device may be the one
lying). At a table, where every honest device takes every message in one order and so
reaches the same verdict, a forfeit is fair to the other seats as well: with partnerships
the cheater's side loses and the other side wins, the cheater's partner recording nothing
(an honest player loses nothing); without them nobody won the game, so the honest players
record nothing. A resignation or a leave at a table is docs/rules/dominoes.md 11.10's."""

from collections.abc import Callable, Collection
from typing import Any, Literal

from app.fair.errors import ProtocolError
from app.remote.names import clean_reason

RESIGNED, LEFT, FORFEIT, VOID, ABANDONED = "resigned", "left", "forfeit", "void", "abandoned"
STALLED, HELD_UP = "stalled", "held_up"
HOWS = (RESIGNED, LEFT, FORFEIT, VOID, ABANDONED, STALLED, HELD_UP)
BY_A_CHECK = (FORFEIT, VOID)  # ended by this device's own check: the reason is kept
AWAY_MS = 120_000  # no move this long on its own turn, a device's game may be claimed

NOTHING: Literal["nothing"] = "nothing"  # no result is recorded for this device
Outcome = bool | None | Literal["nothing"]  # won, lost, played without a winner, or nothing


def ended(how: str, by: str, reason: str = "") -> dict[str, Any]:
    """The record of how a game ended (see the module's docstring)."""
    if how in BY_A_CHECK:
        return {"how": how, "by": by, "reason": clean_reason(reason)}
    return {"how": how, "by": by}


def outcome(
    end: dict[str, Any],
    me: str,
    partners: Callable[[str], bool | None] | None = None,
) -> Outcome:
    """What this device (`me`) records for a game that ended so. `partners`, at a table:
    whether a device plays on this device's side (True), on the other side (False), or
    None when the game has no partnerships; None between two devices."""
    how, by = end["how"], end["by"]
    if how in (VOID, STALLED):
        return NOTHING
    if by == me:
        return False  # (forfeit and abandoned are never this device's own verdict on itself)
    if partners is None:
        return True  # two devices: the other one resigned, left, cheated or went away
    side = partners(by)
    if side is None:  # a table without partnerships: nobody won it
        return NOTHING if how == FORFEIT else None
    if side:  # this device's partner did it
        return NOTHING if how == FORFEIT else False
    return True


def stop(status: str, end: dict[str, Any] | None, stopped: Collection[str]) -> str | None:
    """The check that stopped a match, if one did: "cheating" (it ended as a forfeit),
    "desync" (void), or the status of one `stopped` before its game began (or in a save of
    an older version)."""
    if status in stopped:
        return status
    if end is not None and end["how"] in BY_A_CHECK:
        return "cheating" if end["how"] == FORFEIT else "desync"
    return None


def checked(end: Any, by: Collection[str]) -> dict[str, Any] | None:
    """A game's end as saved or sent (untrusted): None, or {how, by} with the reason of a
    check; ProtocolError otherwise."""
    if end is None:
        return None
    keys = (
        {"how", "by", "reason"}
        if isinstance(end, dict) and end.get("how") in BY_A_CHECK
        else {"how", "by"}
    )
    if not isinstance(end, dict) or set(end) != keys:
        raise ProtocolError("an end is {how, by}, with the reason of a check")
    if end["how"] not in HOWS or end["by"] not in by:
        raise ProtocolError("an end is one of verdict.HOWS, by a device")
    return ended(end["how"], end["by"], end.get("reason", ""))


def may_claim(their_turn: bool, since: float | None, now: float) -> bool:
    """Whether the person here may claim the game: another device has made no move for
    AWAY_MS on its own turn, since `since` (times in ms on the page's clock)."""
    return their_turn and since is not None and now - since >= AWAY_MS
