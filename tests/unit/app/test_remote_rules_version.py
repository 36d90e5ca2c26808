"""Two devices whose apps hold different rules of the game they would play (a later release
on one of them) refuse to start it, and say why in plain words, in English and Welsh: the
hello and the welcome carry the game's rules version (app.remote.handshake.rules_of) beside
the protocol's; a device of an older release, whose hello carries none, is refused alike."""

import dataclasses

import pytest
import test_remote_match as match_tests
from app import saved_games
from app.games_list import remote_slot
from app.i18n import Translator
from app.midend import Midend
from app.remote import wire
from app.remote.handshake import rules_of
from app.remote.link_game import LinkGame
from app.remote.match import CONNECTING, Match
from app.storage import MemoryBackend, Store
from app.views.remote_bar import bar_text, remote_bar
from games.deblockle.game import GAME as DEBLOCKLE
from test_remote_link_game import OPTIONS, Link

LATER = dataclasses.replace(DEBLOCKLE, rules_version=DEBLOCKLE.rules_version + 1)
OTHER = "other_version"


def page(name, game):
    store = Store(MemoryBackend())
    saved_games.register(store, [game.name])
    saved_games.register_remote(store, [remote_slot(game.name)])
    midend = Midend(store, game, lambda: 0.0, slot=remote_slot(game.name))
    return LinkGame(None, midend, name, lambda: None, lambda event: None)


@pytest.mark.parametrize("host_game, guest_game", [(LATER, DEBLOCKLE), (DEBLOCKLE, LATER)])
def test_devices_with_different_rules_of_the_game_refuse_to_start_it(host_game, guest_game):
    assert rules_of(LATER) != rules_of(DEBLOCKLE)
    link = Link()
    host, guest = page("Ann", host_game), page("Bryn", guest_game)
    for game, end in ((host, link.ends[0]), (guest, link.ends[1])):
        game.link = game.pipe.link = end
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))
    host.host(OPTIONS, ["host", "guest"])
    link.pump()
    guest.guest()
    link.pump()
    assert host.status == guest.status == OTHER
    assert host.midend.state is None and guest.midend.state is None  # no game, nothing recorded
    for game, friend in ((host, "Bryn"), (guest, "Ann")):
        said = bar_text(game, Translator("en"))
        assert said == (
            f"{friend}'s app is a different version of this game: reload the page on both "
            "devices to get the same version, then connect again."
        )
        assert "Traceback" not in str(remote_bar(game, Translator("en")))
        assert bar_text(game, Translator("cy")).startswith(f"Mae ap {friend} yn fersiwn wahanol")


def hello_as_sent(**changes):
    """The hello of a host of this release, as a guest's device receives it, changed."""
    wire_ = match_tests.Wire()
    host = Match.host(match_tests.new_midend(), wire_.ends[0], "Ann", {}, ["host", "guest"])
    (hello, *_) = [m for m in wire_.sent_to(1) if m["type"] == "hello"]
    assert host.status == CONNECTING
    hello = {**hello, **changes}
    return {k: v for k, v in hello.items() if v is not None}


@pytest.mark.parametrize(
    "changes",
    [
        {"rules": None},  # an older release: no rules version in its hello
        {"rules": "9.9"},
        {"rules": ["["] * 50},
        {"rules": "<img src=x onerror=alert(1)>"},
        {"version": wire.VERSION - 1, "rules": None},  # the protocol of an older release
        {"version": wire.VERSION + 1},
        {"version": True},
    ],
)
def test_a_hello_of_another_version_is_refused_as_one_with_nothing_started(changes):
    guest = Match.guest(match_tests.new_midend(), match_tests.Wire().ends[1], "Bryn")
    guest.receive("host", hello_as_sent(**changes))
    assert guest.status == OTHER and guest.midend.state is None
    assert guest.problems[-1]["kind"] == OTHER and "<img" not in guest.problems[-1]["reason"]


def test_a_welcome_of_another_version_stops_the_hosts_set_up():
    wire_ = match_tests.Wire()
    host = Match.host(match_tests.new_midend(), wire_.ends[0], "Ann", {}, ["host", "guest"])
    host.receive("guest", {"type": "welcome", "version": wire.VERSION, "name": "Bryn"})
    assert host.status == OTHER and host.midend.state is None


def test_a_match_saved_by_the_previous_protocol_still_resumes():
    _, host, _ = match_tests.connected()
    record = host.record()
    assert record["version"] == wire.VERSION
    host.midend.remote["session"] = {**record, "version": 1}
    again = Match.resumed(host.midend, match_tests.Wire().ends[0], "Ann")
    assert again.status == host.status
