"""app.remote.verdict: what a game between devices that ended before its rules ended it
records on each device, two devices and a table alike."""

import pytest
from app.fair.errors import ProtocolError
from app.remote import verdict
from app.remote.verdict import NOTHING, ended, outcome


@pytest.mark.parametrize(
    ("how", "by", "expected"),
    [
        ("resigned", "guest", (True, False)),
        ("left", "host", (False, True)),
        ("forfeit", "guest", (True, None)),  # only the device that proved it ends so
        ("abandoned", "guest", (True, None)),
        ("void", "guest", (NOTHING, NOTHING)),
    ],
)
def test_between_two_devices(how, by, expected):
    end = ended(how, by, "a reason")
    host = outcome(end, "host")
    guest = outcome(end, "guest") if how not in ("forfeit", "abandoned") else None
    assert (host, guest) == expected


def test_at_a_table_a_cheater_gains_nothing_and_no_honest_player_loses():
    sides = {"host": True, "g1": False, "g2": True, "g3": False}  # partners of "host"
    forfeit = ended("forfeit", "g1", "move 4 is not g1's to play")
    # with partners: the cheater's side loses, the honest partner records nothing
    assert outcome(forfeit, "host", sides.get) is True
    assert outcome(forfeit, "g3", lambda d: {"g1": True}.get(d, False)) == NOTHING
    # without: nobody won the game, so no honest player records it
    assert outcome(forfeit, "host", lambda d: None) == NOTHING
    left = ended("left", "g1")
    assert outcome(left, "host", lambda d: None) is None  # played, not won (dominoes 11.10)
    assert outcome(left, "g3", lambda d: True) is False


def test_the_reason_of_a_check_is_kept_and_a_damaged_end_is_refused():
    end = ended("forfeit", "guest", "move 1 \x07is illegal")
    assert verdict.checked(end, ("host", "guest")) == end and "\x07" not in end["reason"]
    for damaged in (
        {"how": "forfeit", "by": "guest"},
        {"how": "won", "by": "guest"},
        {"how": "left", "by": "referee"},
        {"how": "left", "by": "guest", "reason": "x"},
    ):
        with pytest.raises(ProtocolError):
            verdict.checked(damaged, ("host", "guest"))


def test_a_claim_waits_two_minutes_on_the_other_devices_turn():
    assert not verdict.may_claim(True, 1_000.0, 1_000.0 + verdict.AWAY_MS - 1)
    assert verdict.may_claim(True, 1_000.0, 1_000.0 + verdict.AWAY_MS)
    assert not verdict.may_claim(False, 1_000.0, 1_000.0 + 10 * verdict.AWAY_MS)
    assert not verdict.may_claim(True, None, 10 * verdict.AWAY_MS)
