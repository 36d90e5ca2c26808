"""games.common.commitment: the salted digest engines and app.fair share."""

import hashlib

from app.fair.commit import commit
from games.common.commitment import digest, is_hex64, opens

SALT = bytes(range(32))


def test_the_digest_is_sha256_of_the_salt_then_the_text():
    assert digest(SALT, "Môr") == hashlib.sha256(SALT + "Môr".encode()).hexdigest()


def test_a_commitment_opens_only_with_its_salt_and_text():
    sealed = digest(SALT, "carrier A1 h")
    assert opens(sealed, SALT.hex(), "carrier A1 h")
    assert not opens(sealed, SALT.hex(), "carrier A2 h")
    assert not opens(sealed, bytes(32).hex(), "carrier A1 h")
    for bad_salt in ("", "00", SALT.hex().upper(), None):
        assert not opens(sealed, bad_salt, "carrier A1 h")
    assert not opens(sealed.upper(), SALT.hex(), "carrier A1 h")
    assert not opens(sealed, SALT.hex(), None)


def test_app_fair_commits_with_the_same_digest():
    commitment, opening = commit("[1, 2]", random_bytes=lambda n: SALT)
    assert commitment == digest(SALT, "[1, 2]") and opens(commitment, opening["salt"], "[1, 2]")
    assert is_hex64(commitment) and not is_hex64(commitment[:-1]) and not is_hex64(7)
