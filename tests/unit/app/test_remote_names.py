"""app.remote.names and app.remote.wire: untrusted nicknames, the position hash."""

import pytest
from app.fair.errors import ProtocolError
from app.remote import wire
from app.remote.names import MAX_NAME, clean_name, clean_reason
from games.deblockle.game import GAME as DEBLOCKLE


def test_a_name_is_trimmed_and_kept_as_typed():
    assert clean_name("  Ann   Marie ") == "Ann Marie"
    assert clean_name("<b>Siân</b>") == "<b>Siân</b>"  # shown as text, never as markup


@pytest.mark.parametrize(
    "name",
    [None, 5, "", "   ", "x" * (MAX_NAME + 1), "a\x00b", "Eve\u202e", "zero\u200bwidth", "\x7f"],
)
def test_a_name_that_is_no_short_printable_text_is_refused(name):
    with pytest.raises(ProtocolError):
        clean_name(name)


def test_a_reason_is_cut_short_and_printable():
    assert clean_reason("bad\x00 move\u202e" + "x" * 500) == "bad move" + "x" * 190
    assert clean_reason(None) == clean_reason("\x00") == "(no reason given)"


def test_the_position_hash_is_the_same_for_the_same_position_only():
    a = DEBLOCKLE.new_game({"quick_setup": True}, 3)
    b = DEBLOCKLE.load(a.to_json())
    assert wire.state_hash(a) == wire.state_hash(b)
    b.apply(b.legal_moves()[0])
    assert wire.state_hash(a) != wire.state_hash(b)
    assert len(wire.state_hash(a)) == 64
