"""Battleship with a friend on another device through the one game view (app.frame.game_view,
app.frame.remote_seat) and its sub-protocol (app.battleship.between_devices), two pages over
an in-memory link, under CPython: each page places and fires through its frontend, its own
fleet kept beside the public engine and sealed at Ready; a friend's volley is answered here
and told as the computer's shots are; the end is drawn, counted on both devices and kept
for replay face up; a reload takes the fleet back from the save; New game is a game of
one's own; a game in which the check found a lie records nothing (docs/rules/battleship.md
12)."""

import json

import pytest
from app import replays, saved_games, scores
from app.battleship.between_devices import face_up_replay, result_between_devices
from app.battleship.frontend import FRONTEND
from app.charts.tallies import FAILED
from app.frame.frontend import Input
from app.games_list import remote_slot
from app.router import parse
from games.battleship.game import GAME as BATTLESHIP
from games.battleship.grid import square_name
from page_stand_ins import NoElement
from test_game_view_seats import FakeApp, Link

SQUARES = [square_name(i) for i in range(100)]


@pytest.fixture
def open_view(import_without_browser, monkeypatch):
    """A game view on a page whose drawing is kept (`view.drawn`), timing nothing."""
    browser, remote_seat, game_view = import_without_browser(
        "app.browser", "app.frame.remote_seat", "app.frame.game_view"
    )
    monkeypatch.setattr(browser, "now_ms", lambda: 1_000_000.0)
    monkeypatch.setattr(browser, "today_iso", lambda: "2026-12-06")
    monkeypatch.setattr(browser, "element", lambda _id: NoElement())
    monkeypatch.setattr(browser, "later", lambda ms, callback: None)
    monkeypatch.setattr(browser, "replace_hash", lambda _href: None)
    monkeypatch.setattr(browser, "Repeating", lambda ms, callback: None)

    def redraw(self, focus_id=None):
        self.drawn = str(self.render())

    monkeypatch.setattr(game_view.GameView, "redraw", redraw)

    def open_at(address, app, link=None):
        monkeypatch.setattr(remote_seat, "current_link", lambda: link)
        view = game_view.GameView(app, parse(address), FRONTEND)
        app.view = view
        return view

    return open_at


def devices(open_view, mode="classic"):
    """Ann's page proposed Battleship to Bryn's, which had the hello held for it."""
    link = Link()
    link.ends[1].on_message(lambda message: link.ends[1].hold(message))  # the connect page
    ann_app = FakeApp("Ann", "battleship")
    ann_app.store.save("prefs:battleship", {"mode": mode})
    ann = open_view("#/battleship?remote=host", ann_app, link.ends[0])
    link.pump()
    bryn = open_view("#/battleship?remote=guest", FakeApp("Bryn", "battleship"), link.ends[1])
    link.pump()
    return link, ann, bryn


def press(view, action, **data):
    view.handle(Input(action, data))


def both_ready(link, ann, bryn):
    """Each places a random fleet and presses Ready: (the pages in seat order)."""
    for view in (ann, bryn):
        press(view, "random-fleet")
        press(view, "ready")
        link.pump()
    return (ann, bryn) if ann.state.me == 0 else (bryn, ann)


def ships_of(view) -> set[str]:
    return {square for ship in view.state.own["fleet"] for square in ship["squares"]}


def open_squares(view) -> list[str]:
    return view.state.public.open_squares(view.state.me)


def test_each_page_places_its_own_fleet_seals_it_and_waits_for_the_friends(open_view):
    link, ann, bryn = devices(open_view)
    for view in (ann, bryn):
        assert view.state.here == "place" and 'data-phase="place"' in view.drawn
    press(ann, "place", sq="A1")  # the carrier across from A1, on Ann's device only
    assert ships_of(ann) == {f"A{n}" for n in range(1, 6)} and ships_of(bryn) == set()
    assert "Carrier placed at A1" in ann.app.said[-1]
    sent = len(link.queue)
    press(ann, "random-fleet")
    press(ann, "ready")
    assert ann.state.here == "friend" and "Waiting for Bryn to place their fleet" in ann.drawn
    assert ann.ui.message == "You are ready."
    press(ann, "place", sq="J1")  # sealed: nothing moves
    assert ann.state.own["sealed"]
    fleet = ann.remote.meta()["fleet"]["fleet"]  # saved before its Ready could leave
    saved = saved_games.load(ann.app.store, remote_slot("battleship")).data["meta"]
    assert saved["fleet"]["fleet"] == fleet
    link.pump()
    carried = json.dumps([text for _, text in link.sent])
    assert fleet["salt"] not in carried and json.dumps(fleet["ships"]) not in carried
    assert len(link.queue) == 0 and sent <= len(link.sent)


def play_out(link, ann, bryn):
    """Both ready, Ann sinks Bryn's fleet square by square, Bryn fires at water; each shot
    sent, then said on both pages as the page whose fleet it is has it."""
    red, blue = both_ready(link, ann, bryn)
    assert red.state.here == "fire" and blue.state.here == "friend"
    targets = {red: sorted(ships_of(blue)), blue: sorted(ships_of(red))}
    water = {page: [s for s in SQUARES if s not in targets[page]] for page in (red, blue)}
    name = {ann: "Bryn", bryn: "Ann"}
    while not ann.state.is_over:
        page = red if red.state.here == "fire" else blue
        other = blue if page is red else red
        wanted = targets[page] if page is ann else water[page]
        square = next(s for s in wanted if s in open_squares(page))
        press(page, "shoot", sq=square)
        assert page.ui.message.startswith(f"Fired: {square}. Waiting for {name[page]}")
        link.pump()
        result = "hit" if square in targets[page] else "miss"
        if ann.state.public.decided is None:  # (the last is told with the end)
            assert f"{name[other]}: {square} — {result}" in other.app.said[-1]
            assert f"You: {square} — {result}" in page.app.said[-1]
            assert page.ui.fresh == "target" and other.ui.fresh == "ocean"


def test_whole_classic_games_are_told_counted_and_kept_face_up_on_both(open_view):
    link, ann, bryn = devices(open_view)
    for game in (1, 2):  # the second on the same link, the host playing again
        play_out(link, ann, bryn)
        assert bryn.state.is_over and ann.state.public.to_json() == bryn.state.public.to_json()
        assert "You win!" in ann.drawn and "Ann wins!" in bryn.drawn
        assert ann.app.said[-1].endswith("You win!")
        # The end comes with the fleets shown: the line under the grids keeps the last shot.
        assert ann.ui.message.startswith("You: ") and bryn.ui.message.startswith("Ann: ")
        for view, won in ((ann, game), (bryn, 0)):
            entry = scores.stats_for(view.app.store, "battleship")["remote-classic"]
            assert entry["played"] == game and entry.get("won", 0) == won
            # The chart's shots to win: Ann's 17 shots, each a hit; Bryn's, a game lost.
            assert entry["counts"] == ({"17": game} if view is ann else {FAILED: game})
            kept = replays.kept(view.app.store, "battleship")
            assert len(kept) == game  # once a game, face up, in the ordinary engine's moves
            replayed = BATTLESHIP.replay(kept[-1]["options"], kept[-1]["seed"], kept[-1]["moves"])
            assert replayed.is_over and replayed.winner == ann.state.me
        ann.remote.action("remote-again", ann.app, ann.proposal)
        link.pump()
        for view in (ann, bryn):
            assert view.state.here == "place" and ships_of(view) == set()
            assert view.state.public.volleys == [] and view.outcome is None


def test_a_salvo_is_aimed_here_cleared_and_fired_as_one_volley(open_view):
    link, ann, bryn = devices(open_view, mode="salvo")
    red, blue = both_ready(link, ann, bryn)
    press(red, "shoot", sq="A1")
    press(red, "shoot", sq="A2")
    assert red.state.own["aimed"] == ["A1", "A2"]
    assert red.app.said[-1] == "A2 chosen: 2 of 5."
    sent = len(link.sent)
    press(red, "clear-salvo")
    link.pump()
    assert red.state.own["aimed"] == [] and len(link.sent) == sent  # nothing of the aim went
    for square in ("A1", "A2", "A3", "A4", "A5"):
        press(red, "shoot", sq=square)
    press(red, "fire")
    assert red.ui.message.startswith("Fired: A1, A2, A3, A4, A5.")
    link.pump()
    assert red.ui.message.startswith("You: A1 — ") and red.ui.fresh == "target"
    assert [v["squares"] for v in blue.state.public.volleys] == [["A1", "A2", "A3", "A4", "A5"]]
    assert blue.state.here == "fire" and red.state.public.volleys[0]["answer"] is not None


def test_a_reload_takes_the_fleet_back_from_the_save_and_new_game_is_ones_own(open_view):
    link, ann, bryn = devices(open_view)
    both_ready(link, ann, bryn)
    fleet = ships_of(bryn)
    again = open_view("#/battleship?remote=resume", FakeApp("Bryn", "battleship", bryn.app.store))
    assert ships_of(again) == fleet and again.state.public.to_json() == bryn.state.public.to_json()
    assert 'data-remote="lost"' in str(again.render())
    press(again, "new")  # N or New game: a game of one's own; the friend's is kept
    assert again.app.went == ["#/battleship"]
    assert saved_games.load(again.app.store, remote_slot("battleship")).data is not None


def test_a_game_in_which_the_check_found_a_lie_records_nothing_unless_forfeit(open_view):
    """Over as the rules ended it, nothing; ended by this device as the friend's forfeit
    (app.remote.verdict), a game with a winner the match names."""
    link, ann, bryn = devices(open_view)
    both_ready(link, ann, bryn)
    lied = ann.state.copy()
    checked = {"winner": None, "turns": 0, "shots": [0, 0], "problems": []}
    lied.public.result = {**checked, "cheaters": [1 - lied.me]}
    assert lied.liars == [1 - lied.me] and result_between_devices(lied) is None
    lied.ended = True
    assert result_between_devices(lied).variant == "remote-classic"


def test_a_lie_found_at_the_end_sounds_refused_on_the_liars_page_only(open_view):
    """The friend's lie is this player's win by forfeit: no refusal's sound here, even when
    the liar sank the whole fleet on the board; the liar's own page hears it."""
    link, ann, bryn = devices(open_view)
    both_ready(link, ann, bryn)
    for page in (ann, bryn):
        me = page.state.me
        for liar, cue in ((1 - me, ""), (me, "invalid")):
            lied = page.state.copy()
            problem = {"seat": liar, "kind": "false_miss", "detail": "A1", "turn": 3}
            result = {"winner": liar, "turns": 9, "shots": [9, 9], "problems": [problem]}
            lied.public.result = {**result, "cheaters": [liar]}
            lied.own = {**lied.own, "result": lied.public.result}  # (the view as drawn)
            lied.here = "over"
            over = [{"type": "game_over", "winner": liar}]
            changes = FRONTEND.changed(page.state, lied, page.ui, over, page.facts(), page.t)
            assert changes.cue == cue
            assert ("Bryn lied" if page is ann and liar != me else "") in changes.said


def test_a_replay_needs_both_fleets_shown():
    from games.battleship.public import new_game

    with pytest.raises(ValueError):
        face_up_replay(new_game({"mode": "classic"}), {}, 0, ["human", "remote"])
