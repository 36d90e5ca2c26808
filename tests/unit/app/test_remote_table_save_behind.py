"""A device at a table of devices whose save failed (its storage full) and which then
reloaded holds an older position than the one the table agreed on, as between two devices
(app.remote.behind, test_remote_save_behind): it must neither play on in place of its lost
moves, nor claim the game of a player whose move it lost, nor name another device a
cheater for a move it cannot place. Before, a table's page noted nothing when its save
failed, so after the reload it played its lost turn again and could claim a game already
moved on; and the table's check took any move that was not the next one here for the
sender's cheating."""

import random

import pytest
import test_remote_table_game as table_tests
import test_remote_table_match as match_tests
from app.i18n import Translator
from app.remote import verdict
from app.remote.match import PLAYING
from app.remote.roster import HOST
from app.storage import MemoryBackend
from app.views.remote_bar import bar_text

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

T = Translator("en")
AWAY = verdict.AWAY_MS


class TabDevice(table_tests.Device):
    """A table device's page with its tab's own storage (sessionStorage), which outlives a
    reload of the tab."""

    def __init__(self, device, seed):
        super().__init__(device, seed)
        self.tab = MemoryBackend()

    def open(self, links, saved_deal=None):
        game = super().open(links, saved_deal)
        game.tab = self.tab
        return game


def storage_full(device):
    backend = device.store.backend
    backend.quota = sum(len(v) for v in backend.items.values())


def seated_with_tabs(monkeypatch, seed=3):
    monkeypatch.setattr(table_tests, "Device", TabDevice)
    net, host, friends, ends = table_tests.seated(
        ["host", "g1", "g2"], {"seats": 3, "target": 40}, seed=seed
    )
    return net, [host, *friends], ends


def reloaded(device, ends):
    """Bryn's page reloaded: its connection to the host is gone until a new link."""
    ends[device.device][0].close()
    device.reopened({})


def test_a_table_device_whose_save_fell_behind_does_not_play_its_lost_turn_again(monkeypatch):
    net, devices, ends = seated_with_tabs(monkeypatch)
    host, bryn, _ = devices
    rng = random.Random(5)
    table_tests.play(net, devices, rng, lambda: bryn.dm.ready and len(host.midend.moves) > 2)
    saved_at = len(bryn.midend.moves)
    storage_full(bryn)
    bryn.dm.play(rng.choice(bryn.dm.view()["legal_moves"]))  # not saved: Bryn's storage is full
    net.pump()
    reloaded(bryn, ends)
    assert len(bryn.midend.moves) == saved_at  # its save is behind: its own turn again
    assert bryn.game.match.lost is not None and not bryn.game.my_turn
    assert bryn.game.status == PLAYING
    assert bar_text(bryn.game, T) == (
        "This device could not save your last moves (its storage is full): it does not play "
        "on without them, and judges no one meanwhile."
    )


def test_a_table_device_whose_save_fell_behind_claims_no_game_it_lost_a_move_of(monkeypatch):
    """Bryn's device saved its own move; the next player's move came when its storage was
    full. After the reload its save says that player is still to move: 2 minutes later it
    must not claim their game, which has moved on."""
    net, devices, ends = seated_with_tabs(monkeypatch)
    host, bryn, _ = devices
    rng = random.Random(5)
    table_tests.play(net, devices, rng, lambda: bryn.dm.ready and len(host.midend.moves) > 2)
    bryn.dm.play(rng.choice(bryn.dm.view()["legal_moves"]))
    net.pump()
    storage_full(bryn)
    mover = next(d for d in devices if d.dm.ready)
    assert mover is not bryn
    mover.dm.play(rng.choice(mover.dm.view()["legal_moves"]))  # not saved on Bryn's device
    net.pump()
    reloaded(bryn, ends)
    assert bryn.midend.remote_to_move  # by its save, the next player is still to move
    bryn.midend.session.now_ms = lambda: 10.0 * AWAY
    assert not bryn.game.may_claim


def test_a_table_match_behind_its_save_judges_no_move_it_cannot_place():
    """A move from another device numbered past the moves this device lost: at a table
    a move that is not the next one is its sender's doing, unless this device knows its
    own save lost moves; then it is kept as a problem, and the game goes on."""
    _net, games = match_tests.seated({"seats": 3}, ["host", "g1", "g2"], ("g1", "g2"), seed=4)
    match = games[HOST].match
    count = len(match.midend.moves)
    match.lost = (count + 3, "0" * 64)  # (as app.remote.behind.lost reads a note)
    move = {"type": "move", "number": count + 3, "move": "draw", "hash": "0" * 64}
    match.receive("g1", move)
    assert match.status == PLAYING and match.ended is None
    assert match.problems[-1]["kind"] == "junk" and match.problems[-1]["by"] == "g1"
