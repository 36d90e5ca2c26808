"""app.fair.commit: salted SHA-256 commitments."""

import hashlib

import pytest
from app.fair.commit import commit, verify
from app.fair.errors import Cheated, ProtocolError


def test_opening_gives_back_the_value():
    commitment, opening = commit('{"fleet": [1, 2, 3]}')
    assert verify(commitment, opening) == '{"fleet": [1, 2, 3]}'


def test_commitment_is_sha256_of_salt_and_value():
    salt = bytes(range(32))
    commitment, opening = commit("7", random_bytes=lambda n: salt)
    assert opening == {"salt": salt.hex(), "value": "7"}
    assert commitment == hashlib.sha256(salt + b"7").hexdigest()


def test_same_value_commits_differently_each_time():
    assert commit("1")[0] != commit("1")[0]


def test_changed_value_or_salt_is_cheating():
    commitment, opening = commit("[4, 5]")
    with pytest.raises(Cheated):
        verify(commitment, {**opening, "value": "[4, 6]"})
    with pytest.raises(Cheated):
        verify(commitment, {**opening, "salt": "0" * 64})


@pytest.mark.parametrize(
    "commitment, opening",
    [
        (None, {"salt": "0" * 64, "value": "1"}),
        ("zz" * 32, {"salt": "0" * 64, "value": "1"}),
        ("0" * 64, "not a dict"),
        ("0" * 64, {"salt": "0" * 64}),
        ("0" * 64, {"salt": "0" * 63, "value": "1"}),
        ("0" * 64, {"salt": "0" * 64, "value": 1}),
        ("0" * 64, {"salt": "0" * 64, "value": "1", "extra": 2}),
    ],
)
def test_malformed_input_is_a_protocol_error_not_a_crash(commitment, opening):
    with pytest.raises(ProtocolError) as refused:
        verify(commitment, opening)
    assert not isinstance(refused.value, Cheated)
