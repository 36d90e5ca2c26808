"""The tile a person draws in Straight Dominoes between devices, on their page: it comes
from the deck after the draw (the other device must give its key), and is then lifted in
the hand and named to them alone, once (DominoesRemoteParts.say_the_tile_drawn). Found by
the draw it answers, not by comparing the hand with an earlier one: a page opened between
the draw and the tile (a reload) still lifts it."""

import random
from types import SimpleNamespace

import pytest
from app.dominoes.ui import DominoesUi
from app.i18n import Translator
from app.midend import HUMAN
from test_remote_dominoes import connected, play_out

T = Translator("en")
DRAW = [{"type": "draw"}]


def must_draw(host):
    def found(games):
        return (
            host.ready
            and host.state.current_player == host.match.midend.seats.index(HUMAN)
            and (host.view()["legal_moves"] == DRAW)
        )

    return found


def page_over(import_without_browser, game):
    """A Dominoes page of this device's person over `game` (a DominoesMatch), as just
    opened: nothing said or drawn on it yet."""
    (remote,) = import_without_browser("app.views.dominoes_remote")
    said = []

    class Page(remote.DominoesRemoteParts):
        link_game = SimpleNamespace(my_seat=game.match.midend.seats.index(HUMAN))
        dm = game
        ui = DominoesUi(players=("human", "remote"))
        app = SimpleNamespace(announce=said.append)
        t = T

        @property
        def state(self):
            return game.state

    return Page(), said


@pytest.mark.parametrize("opened", ["before the tile came", "after it came"])
def test_a_tile_drawn_is_lifted_and_named_once_when_the_deck_gives_it(
    import_without_browser, opened
):
    for seed in range(12):
        wire, (host, guest) = connected({"seats": 2, "target": 50}, seed=seed)
        if play_out(wire, [host, guest], random.Random(seed), until=must_draw(host)):
            break
    else:
        raise AssertionError("the host's person never had to draw")
    held = {tuple(tile) for tile in host.view()["hand"]}
    host.play({"type": "draw"})
    if opened == "before the tile came":
        page, said = page_over(import_without_browser, host)
        page.say_the_tile_drawn()
        assert page.ui.drawn is None and said == []  # the deck has not given it yet
    wire.pump()
    if opened == "after it came":  # (the page was reloaded meanwhile)
        page, said = page_over(import_without_browser, host)
    (tile,) = {tuple(tile) for tile in host.view()["hand"]} - held
    page.say_the_tile_drawn()  # the deck moved on (DominoesRemoteParts._dm_changed)
    name = f"{max(tile)}-{min(tile)}"
    assert page.ui.drawn == (max(tile), min(tile))
    assert said == [T("dominoes.announce.you_draw", tile=name)]
    page.say_the_tile_drawn()  # the deck moves on again: said once, still lifted
    assert said == [T("dominoes.announce.you_draw", tile=name)] and page.ui.drawn is not None
