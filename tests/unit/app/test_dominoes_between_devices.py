"""Straight Dominoes between two devices on the frame (app.dominoes.between_devices,
dealt_position): what this device knows (its own hand beside the public position, no one
else's), and the tile a person draws, found from that draw (the deck's card for it) and told
to the game view once, as the ordinary engine tells a draw, when the deck gives it; the
frontend then lifts it and names it to them alone."""

import json
import random

import pytest
from app.dominoes.between_devices import DealSide
from app.dominoes.changes import changed
from app.dominoes.frontend import FRONTEND
from app.dominoes.seats import everyone
from app.dominoes.ui import DominoesUi
from app.frame.frontend import LOCAL, REMOTE, Facts, Seat, Table
from app.i18n import Translator
from app.midend import COMPUTER, HUMAN
from app.remote.match import CONNECTING, PLAYING, Match
from games.dominoes.public_game import GAME
from test_remote_match import Wire, new_midend

pytestmark = pytest.mark.usefixtures("smaller_group")  # (conftest: the deal's exponentiations)

T = Translator("en")
DRAW = [{"type": "draw"}]


class Link:
    """What the side reads of the page's link to the other device (app.remote.link_game)."""

    at_table, hosting, connected = False, False, True

    def __init__(self, match: Match):
        self.match, self.midend = match, match.midend

    @property
    def status(self) -> str:
        return self.match.status

    @property
    def my_seat(self) -> int | None:
        return None if self.status == CONNECTING else self.midend.seats.index(HUMAN)


def two_devices(seed: int):
    """Two devices' sides over a wire, seeded; what each was told by itself, per device."""
    wire = Wire()
    randoms = [random.Random(f"{seed}:{device}") for device in ("host", "guest")]
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob", randoms[1].randbytes)
    options = {"seats": 2, "target": 50}
    host = Match.host(
        new_midend(GAME),
        wire.ends[0],
        "Ann",
        options,
        ["host", "guest"],
        False,
        randoms[0].randbytes,
    )
    told: list[list] = [[], []]
    sides = [
        DealSide(
            Link(match), None, lambda: None, lambda e, b, n=n: told[n].append((e, b)), r.randrange
        )
        for n, (match, r) in enumerate(zip((host, guest), randoms))
    ]
    wire.pump()
    return wire, sides, told


def play_until_host_must_draw(wire, sides, rng) -> bool:
    """Each person plays at random when ready, until the host's person must draw."""
    host = sides[0]
    for _ in range(200):
        position = host.position()
        me = host.link_game.my_seat
        mine = position.current_player == me and host.dealt.ready
        if mine and position.view_for(me)["legal_moves"] == DRAW:
            return True
        side = next((s for s in sides if s.dealt.ready), None)
        if side is None or side.link_game.status != PLAYING:
            return False
        seat = side.link_game.my_seat
        side.play(rng.choice(side.position().view_for(seat)["legal_moves"]))
        wire.pump()
    return False


def drawing_host():
    for seed in range(12):
        wire, sides, told = two_devices(seed)
        if play_until_host_must_draw(wire, sides, random.Random(seed)):
            return wire, sides, told
    raise AssertionError("the host's person never had to draw")


def test_this_device_knows_its_own_hand_and_no_other():
    _, (host, guest), _ = two_devices(0)
    for side in (host, guest):
        position = side.position()
        me = side.link_game.my_seat
        assert len(position.view_for(me)["hand"]) == 7
        assert position.view_for(1 - me)["hand"] == []
        assert everyone(position)["hand"] is None
    hands = [
        {tuple(t) for t in s.position().view_for(s.link_game.my_seat)["hand"]}
        for s in (host, guest)
    ]
    assert not hands[0] & hands[1]


def pump_one(wire) -> None:
    side, text = wire.queue.pop(0)
    wire.callbacks[side](json.loads(text))


def test_the_seat_to_move_waits_while_its_tiles_are_coming():
    wire = Wire()
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob")
    host = Match.host(new_midend(GAME), wire.ends[0], "Ann", {"seats": 2}, ["host", "guest"], False)
    sides = [DealSide(Link(m), None, lambda: None, lambda e, b: None) for m in (host, guest)]
    waited = False
    while wire.queue:
        pump_one(wire)
        for side in sides:
            position, me = side.position(), side.link_game.my_seat
            if position is not None and position.current_player == me and not side.dealt.ready:
                view = position.view_for(me)
                assert view["legal_moves"] == [] and view["dealing"]
                waited = True
    assert waited
    mover = next(s for s in sides if s.position().current_player == s.link_game.my_seat)
    view = mover.position().view_for(mover.link_game.my_seat)
    assert view["legal_moves"] and "dealing" not in view


def test_a_tile_drawn_is_told_once_from_its_draw_when_the_deck_gives_it():
    wire, sides, told = drawing_host()
    host = sides[0]
    me = host.link_game.my_seat
    held = {tuple(t) for t in host.position().view_for(me)["hand"]}
    told[0].clear()
    events = host.play({"type": "draw"})
    assert [e["type"] for e in events] == ["draw"] and "tile" not in events[0]  # (not yet come)
    assert told[0] == []
    wire.pump()
    (tile,) = {tuple(t) for t in host.position().view_for(me)["hand"]} - held
    tiles = [e["tile"] for events, _ in told[0] for e in events if e["type"] == "draw"]
    assert tiles == [list(tile)]  # told once, however often the deck moved on after it
    (events, before), *_ = [(e, b) for e, b in told[0] if e]
    assert before.current_player == me
    facts = Facts(table=Table((Seat(LOCAL), Seat(REMOTE, name="Bob"))[:: 1 if me == 0 else -1]))
    ui = FRONTEND.new_ui(host.position())
    changes = FRONTEND.changed(before, host.position(), ui, events, facts, T)
    name = f"{max(tile)}-{min(tile)}"
    assert changes.ui.drawn == (max(tile), min(tile))
    assert changes.said == T("dominoes.announce.you_draw", tile=name)


def test_the_other_device_never_hears_the_tile():
    wire, sides, told = drawing_host()
    told[1].clear()
    sides[0].play({"type": "draw"})
    wire.pump()
    assert not any("tile" in e for events, _ in told[1] for e in events)


def test_a_computer_of_this_device_moves_from_its_own_hand_when_ready():
    wire = Wire()
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob")
    seats = ["host", "guest", COMPUTER + "easy"]
    host = Match.host(new_midend(GAME), wire.ends[0], "Ann", {"seats": 3}, seats, False)
    sides = [DealSide(Link(m), None, lambda: None, lambda e, b: None) for m in (host, guest)]
    wire.pump()
    rng = random.Random(1)
    for _ in range(60):
        position = sides[0].position()
        if sides[0].link_game.midend.computer_to_move and sides[0].computer_ready():
            move = sides[0].computer_move()
            assert move in position.dealt.view(position.current_player)["legal_moves"]
            return
        side = next(s for s in sides if s.dealt.ready)
        side.play(rng.choice(side.position().view_for(side.link_game.my_seat)["legal_moves"]))
        wire.pump()
    raise AssertionError("the host's computer never moved")


def test_a_tile_that_came_with_the_hands_reveal_is_lifted_all_the_same():
    """A draw that took the boneyard's last tile can block the game: the hands are shown at
    once, and the drawer's tile comes with the reveal the deck then played, told as moves of
    the seat that was to reveal. The tile is the drawer's as its own draw event names it."""
    wire, sides, _ = drawing_host()
    host = sides[0]
    me = host.link_game.my_seat
    host.play({"type": "draw"})
    wire.pump()
    tile = host.dealt.drawn_tile(me)
    assert tile is not None
    other = 1 - me
    events = [
        {"type": "show_hands", "reason": "blocked", "seat": None},
        {"type": "reveal", "seat": other, "tiles": []},
        {"type": "draw", "seat": me, "tile": list(tile)},
    ]
    view = host.position().view_for(me)
    ui = DominoesUi(players=("human", "remote") if me == 0 else ("remote", "human"))
    made = changed(other, events, view, ui, T)
    assert made.ui.drawn == (max(tile), min(tile))
