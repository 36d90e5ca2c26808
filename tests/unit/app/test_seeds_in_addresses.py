"""A game's number in its address: every seed the app makes comes back whole from the address
it shares, and a number no game can have is refused, never a crash (issue 30: five MAX_SEEDs
with three values)."""

import pytest
from app import router
from app.battleship import setup as battleship_setup
from app.marbles import frontend as marbles
from app.midend import fresh_seed
from games.common.protocol import MAX_SEED


def params_of(address: str) -> dict:
    return router.parse(address).params


@pytest.mark.parametrize("seed", [0, 2**31 - 1, 2**31, 2**52 + 12345, MAX_SEED])
def test_a_battleship_address_gives_back_the_game_it_was_made_for(seed):
    """A finished game's address with a seed over 2**31 - 1 started another game elsewhere."""
    address = router.href("battleship", seed=seed, mode="classic", opponent="hard", side="red")
    assert battleship_setup.parse_params(params_of(address)) == (seed, "classic", "hard", "red")


@pytest.mark.parametrize("seed", [0, 2**40, MAX_SEED])
def test_a_marbles_address_gives_back_its_seed(seed):
    assert marbles.parse_game_params(params_of(router.href("marbles", seed=seed, version=5))) == (
        seed,
        5,
    )


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 2**64 - 1, 2**64, -1])
def test_a_seed_no_game_can_have_is_refused_by_every_address_parser(seed):
    """A Marbles seed over 2**53 - 1 in the address raised ValueError while the page was built."""
    assert marbles.parse_game_params(params_of(router.href("marbles", seed=seed))) is None
    assert battleship_setup.parse_params(params_of(router.href("battleship", seed=seed))) is None


def test_the_seeds_the_app_makes_fit_every_game():
    assert all(0 < fresh_seed() <= MAX_SEED for _ in range(200))
