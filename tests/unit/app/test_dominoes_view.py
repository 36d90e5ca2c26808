"""Dominoes on the one game view (app.frame.game_view) without a browser: the tile a person
draws lifted as its draw event names it, a hand's summary that holds the computers back and is
remembered closed across a reload, people passing the device, a tile dropped on the table, the
new-game dialog, a game asked for by its address while one is in progress, and a game of
computers alone recorded for nobody; drawing nothing and timing nothing."""

from dataclasses import replace

import pytest
from app import saved_games, scores
from app.dominoes.frontend import FRONTEND
from app.dominoes.seats import seated, seen
from app.frame.frontend import Input
from app.frame.starting import resume_or_new
from app.router import parse
from games.dominoes.choices import must
from page_stand_ins import StandInApp
from test_sound import views  # noqa: F401 (the fixture: the game view, drawing nothing)


@pytest.fixture
def open_view(request):
    game_view = request.getfixturevalue("views")

    def open_at(address, app=None):
        return game_view.GameView(app or StandInApp(["dominoes"]), parse(address), FRONTEND)

    return open_at


def press(view, action, **data):
    view.handle(Input(action, data))


def phase(view) -> str:
    from app.dominoes.ui import phase as phase_of

    ui = seated(view.ui, view.table())
    return phase_of(seen(view.state, ui), ui)


def computers_reply(view) -> None:
    """The computers' moves, as their seat would hand them over, while nothing holds them."""
    while view.midend.computer_to_move and view.computer_may_move():
        view.arrived(view.midend.computer_move())


def play_until(view, found, limit=300) -> None:
    """The person plays the first legal move, the computers reply, until `found(view)`."""
    for _ in range(limit):
        computers_reply(view)
        if found(view):
            return
        if phase(view) == "summary":
            press(view, "next-hand")
        else:
            view.play(view.state.legal_moves()[0])
    raise AssertionError("no such position came up")


def test_the_tile_a_person_draws_is_lifted_as_its_draw_event_names_it(open_view):
    view = open_view("#/dominoes?seed=20&players=human,strong")

    def must_draw(view):
        return phase(view) == "human" and must(seen(view.state, view.ui)) == "draw"

    play_until(view, must_draw)
    hand = set(map(tuple, view.state.view_for(0)["hand"]))
    press(view, "draw")
    (new,) = set(map(tuple, view.state.view_for(0)["hand"])) - hand  # (the test may compare)
    tile = tuple(sorted(new, reverse=True))
    assert view.ui.drawn == tile
    assert view.app.said[-1].startswith(f"You draw the {tile[0]}-{tile[1]}")


def test_the_draw_event_names_the_tile_even_when_the_hand_says_otherwise():
    """changed() reads the tile from the events: a hand that already held it (as a page
    whose hand was read before the deck gave it, between devices) changes nothing."""
    from app.dominoes.changes import changed
    from app.dominoes.ui import DominoesUi
    from app.i18n import Translator

    view = {"seat": 0, "hand": [[6, 6], [5, 1]], "legal_moves": [], "current_player": 1}
    view |= {"hand_summaries": [], "is_over": False, "options": {"partnerships": False}}
    events = [{"type": "draw", "seat": 0, "tile": [1, 5]}]
    changes = changed(0, events, view, DominoesUi(players=("human", "strong")), Translator("en"))
    assert changes.ui.drawn == (5, 1)


def test_a_hands_summary_holds_the_computers_back_and_stays_closed_after_a_reload(open_view):
    view = open_view("#/dominoes?seed=6&players=human,greedy")
    play_until(view, lambda v: phase(v) == "summary")
    finished = len(view.state.hand_summaries)
    if view.midend.computer_to_move:
        assert not view.computer_may_move()  # the next hand's lead waits for the summary
    saved = saved_games.load(view.app.store, "dominoes").data["meta"]
    assert saved["ack"] == finished - 1
    press(view, "next-hand")
    assert phase(view) != "summary" and view.ui.ack == finished
    assert saved_games.load(view.app.store, "dominoes").data["meta"]["ack"] == finished
    again = open_view("#/dominoes", StandInApp(["dominoes"], view.app.store))
    assert again.ui.ack == finished and phase(again) != "summary"


def test_people_passing_the_device_see_only_their_own_hand(open_view):
    view = open_view("#/dominoes?seed=9&players=human,human")
    assert phase(view) == "cover" and view.table().all_here
    mover = view.state.current_player
    press(view, "reveal")
    assert phase(view) == "human" and seen(view.state, view.ui)["seat"] == mover
    view.play(view.state.legal_moves()[0])
    if view.state.current_player != mover and phase(view) != "summary":
        assert phase(view) == "cover"  # the next person's hand is covered
        assert seen(view.state, view.ui)["seat"] is None


def test_a_lead_dropped_on_the_table_is_played(open_view):
    view = open_view("#/dominoes?seed=20&players=human,strong")
    play_until(view, lambda v: phase(v) == "human" and v.state.layout.root is None)
    move = view.state.legal_moves()[0]
    name = f"{move['tile'][0]}-{move['tile'][1]}"
    lifted = FRONTEND.drag_rules.lift(view.state, view.ui, view.facts(), name, "", 0)
    assert lifted is not None and lifted.ui.selected == tuple(sorted(move["tile"], reverse=True))
    view.ui = lifted.ui
    press(view, "drop", piece=name, sq="lead", hole="0")
    assert view.state.layout.root is not None and view.midend.moves[-1][0] == 0


def test_keep_playing_closes_the_new_game_dialog_and_start_remembers_the_table(open_view):
    view = open_view("#/dominoes?seed=20&players=human,strong")
    play_until(view, lambda v: any(p == 0 for p, _ in v.midend.moves))
    press(view, "new")
    assert view.ui.setup is not None and view.computer_may_move() is False
    press(view, "setup-count", value="3")
    view.app.answer = False
    press(view, "setup-start")
    assert view.app.asked and view.ui.setup is None and view.midend.moves  # kept
    view.app.answer = True
    press(view, "new")
    press(view, "setup-count", value="3")
    press(view, "setup-start")
    assert view.state.table.seats == 3 and view.prefs["players"] == "human,strong,strong"
    assert "players=human%2Cstrong%2Cstrong" in view.share_href()


def test_an_address_asking_for_another_game_asks_first(open_view):
    view = open_view("#/dominoes?seed=20&players=human,strong")
    play_until(view, lambda v: any(p == 0 for p, _ in v.midend.moves))
    store = view.app.store
    other = open_view("#/dominoes?seed=5", StandInApp(["dominoes"], store))
    assert other.midend.seed == 20 and other.asked_for is not None  # kept until asked
    opening = resume_or_new(FRONTEND, other.midend, {"seed": "5"}, other.prefs)
    assert opening.resumed is not None and opening.new[1] == 5
    other.start_asked(other.asked_for)
    assert other.midend.seed == 5 and other.midend.known


def test_a_game_of_computers_alone_is_recorded_for_nobody(open_view):
    view = open_view("#/dominoes?seed=4&players=greedy,random&target=5")
    for _ in range(400):
        if view.state.is_over:
            break
        view.ui = replace(view.ui, ack=len(view.state.hand_summaries))
        view.arrived(view.midend.computer_move())
    assert view.state.is_over and view.midend.recorded
    assert scores.stats_for(view.app.store, "dominoes") == {}
