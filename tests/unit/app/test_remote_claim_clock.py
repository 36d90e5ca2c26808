"""app.remote.claim_clock: when this page reached the latest positions, on the link's clock
(live only) for checking a claim, and on its own clock for offering one."""

from app.remote.claim_clock import REMEMBERED, ClaimClock


def test_a_position_reached_live_is_timed_and_one_caught_up_is_not():
    clock = ClaimClock(opened=100.0)
    clock.mark(1, at=5_000.0, now=200.0)
    assert clock.reached_at(1) == 5_000.0 and clock.turn_since(1) == 200.0
    clock.catching_up_to = 3  # (a sync sends moves 2 and 3, played a while ago)
    clock.mark(2, at=6_000.0, now=300.0)
    clock.mark(3, at=6_000.0, now=300.0)
    assert clock.reached_at(2) is clock.reached_at(3) is None
    assert clock.turn_since(3) == 300.0  # offered from when this page had it
    assert clock.turn_since(4) == 100.0  # a position not reached here: since it opened


def test_a_table_guests_own_move_is_timed_when_the_relay_sends_it_on():
    clock = ClaimClock(opened=0.0)
    clock.mark(4, at=None, now=1_000.0)  # played here; the relay has not sent it on
    assert clock.reached_at(4) is None and clock.turn_since(4) == 1_000.0
    clock.mark(4, at=61_000.0, now=61_500.0)  # its envelope came back
    assert clock.reached_at(4) == 61_000.0 and clock.turn_since(4) == 61_500.0
    clock.mark(4, at=None, now=62_000.0)  # marked again, not live: it stays timed
    assert clock.reached_at(4) == 61_000.0


def test_only_the_latest_positions_are_kept():
    clock = ClaimClock(opened=0.0)
    for count in range(10):
        clock.mark(count, at=float(count), now=float(count))
    assert sorted(clock.reached) == list(range(10 - REMEMBERED, 10))
    clock.mark(7, at=70.0, now=70.0)  # (an undo between devices: later ones go)
    assert max(clock.reached) == 7


def test_a_turn_the_set_up_held_up_is_timed_from_when_it_let_the_player_go():
    """(The Dominoes deal: the player's tiles came late.) A claim of the player's turn is
    timed from then; one of the player's own turn held up, from the turn's start."""
    clock = ClaimClock(opened=0.0)
    clock.mark(2, at=1_000.0, now=1_000.0)
    assert clock.turn_at(2) == 1_000.0
    clock.mark(2, at=90_000.0, now=90_500.0, set_up_done=True)
    assert clock.reached_at(2) == 1_000.0 and clock.turn_at(2) == 90_000.0
    assert clock.turn_since(2) == 90_500.0  # offered from then too
    clock.mark(3, at=95_000.0, now=95_000.0)
    assert clock.turn_at(3) == 95_000.0 and clock.turn_at(2) == 90_000.0
    clock.mark(4, at=None, now=96_000.0, set_up_done=True)  # not live: not timed
    assert clock.turn_at(4) is None
