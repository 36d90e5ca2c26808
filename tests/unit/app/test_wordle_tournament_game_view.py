"""The Wordle Tournament through the one game view (app.frame.game_view with
app.tournament.frontend and the frame's ticks, app.frame.timed) under CPython: the page's
time is the test's, the ticks are called by hand. The lobby is saved; Start starts the
tournament's clock; the ticks play what falls due as one step; a guess goes in at the
tournament's time; a reload goes on with the clock and the letters typed."""

import json
import re

import pytest
from app import replays, saved_games, scores
from app.frame.frontend import Input
from app.i18n import Translator
from app.router import parse
from app.wordle import records
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_plans import bot_plan
from page_stand_ins import START, StandInApp, page_without_browser

SAMPLE = sample_dictionary()
GAME = "wordle-tournament-play"


class FakeApp(StandInApp):
    def __init__(self, store=None):
        super().__init__([GAME, "wordle"], store)  # (its Wordle language: a choice)

    def register(self, store, games):
        super().register(store, games)
        records.register(store)


@pytest.fixture
def tourney(import_without_browser, monkeypatch):
    """open(address, app=None) -> the tournament's GameView; clock: [the page's ms]."""
    browser, wordle_words, _, behind, _, game_view, _, loading = import_without_browser(
        "app.browser",
        "app.wordle_words",
        "app.frame.page_life",
        "app.frame.behind",
        "app.frame.timed",
        "app.frame.game_view",
        "app.wordle_duel.loading",  # (the words loaded, then the game view: words_then)
        "app.tournament.loading",
    )
    clock = [START]
    page_without_browser(monkeypatch, browser, clock)
    monkeypatch.setattr(wordle_words, "loaded", lambda lang: SAMPLE)
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None: None)
    bars: list = []  # the header's bar behind another page, as put (None: removed)
    monkeypatch.setattr(behind, "put_bar", bars.append)
    monkeypatch.setattr(behind, "remove_bar", lambda: bars.append(None))
    monkeypatch.setattr(behind, "_listen", lambda: None)

    def open_tournament(address="#/wordle?mode=tournament", app=None):
        app = app or FakeApp()
        view = loading.tournament_view(app, parse(address))
        assert isinstance(view, game_view.GameView)
        app.view = view
        view.ticks.start()  # (as the view's first drawing does)
        return view

    class Tourney:
        open = staticmethod(open_tournament)

    Tourney.clock = clock
    Tourney.bars = bars
    Tourney.behind = behind
    return Tourney


def saved(view) -> dict:
    return saved_games.load(view.app.store, GAME).data


def wait_my_turn(tourney, view, pid=0):
    for _ in range(5000):
        if view.state.tournament.may_type(pid):
            return
        tourney.clock[0] += 200
        view.ticks.tick()
    raise AssertionError("never my turn")


def typed_word(view, pid=0) -> str:
    t = view.state.tournament
    match = next(m for m in t.current["matches"] if pid in m["players"])
    return next(
        w for w in sorted(SAMPLE.guess_lists[match["duel"].length]) if w != match["duel"].word
    )


def test_a_new_lobby_is_saved_with_its_secret_apart_and_waits_for_start(tourney):
    view = tourney.open()
    frame = saved(view)["meta"]["frame"]
    assert frame["seats"] == ["human"] and frame["options"]["secret"] != frame["seed"]
    assert view.state.tournament.phase == "lobby"
    tourney.clock[0] += 60_000
    view.ticks.tick()
    assert view.state.tournament.phase == "lobby" and view.midend.moves == []


def test_start_then_the_ticks_play_steps_at_the_tournaments_time(tourney):
    view = tourney.open()
    tourney.clock[0] += 5_000
    view.handle(Input("wt-start"))
    assert [m for _, m in view.midend.moves] == ["start @5000"]
    wait_my_turn(tourney, view)
    notations = [m for _, m in view.midend.moves]
    assert len(notations) > 1 and all(m.startswith("step @") for m in notations[1:])
    now = view.frontend.now(view.ui, tourney.clock[0])
    assert notations[-1] == f"step @{now}" or int(notations[-1][6:]) <= now


def test_a_lobby_renamed_while_the_ticks_run_starts_its_clock_with_the_next_drawing(tourney):
    view = tourney.open()
    view.handle(Input("wt-rename", {"value": "Bo"}))  # (a new lobby: its clock not started)
    view.ticks.start()  # (as the view's drawing after the new lobby does)
    assert view.state.tournament.players[0]["name"] == "Bo" and view.ui.clock is not None
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)


def test_a_numbered_lobby_renamed_keeps_its_number_and_stays_uncounted(tourney):
    view = tourney.open("#/wordle?mode=tournament&seed=4")
    view.handle(Input("wt-rename", {"value": "Bo"}))
    assert view.midend.seed == 4 and view.midend.known
    assert view.state.tournament.players[0]["name"] == "Bo"


def test_a_guess_goes_in_at_the_tournaments_time(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    word = typed_word(view)
    for tile in SAMPLE.tiles(word):
        view.handle(Input("wd-key", {"key": tile}))
    now = view.frontend.now(view.ui, tourney.clock[0])
    view.handle(Input("key", key="Enter"))
    assert view.midend.moves[-1][1] == f"0 {word.upper()} @{now}"


def test_a_reload_goes_on_with_the_clock_and_the_letters_typed(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    tile = SAMPLE.tiles(typed_word(view))[0]
    view.handle(Input("wd-key", {"key": tile}))
    assert saved(view)["meta"]["typed"] == tile
    again = tourney.open(app=FakeApp(view.app.store))
    assert again.ui.typed == tile and again.ui.clock == view.ui.clock
    assert json.dumps(again.state.to_json()) == json.dumps(view.state.to_json())


class AnsweringThinker:
    """A worker that plans at once, as the real one does in its own time."""

    def __init__(self, answer=None):
        self.asked: list = []
        self.answer = answer

    def start(self):
        pass

    def think(self, request, on_move, on_error):
        self.asked.append(request)
        plan = bot_plan(request, SAMPLE)
        on_move(json.dumps(plan) if self.answer is None else self.answer)
        return True


def test_the_bots_plans_come_from_the_worker_as_moves_each_once(tourney, monkeypatch):
    from app import thinker

    worker = AnsweringThinker()
    monkeypatch.setattr(thinker, "shared", worker)
    view = tourney.open()
    view.handle(Input("wt-start"))
    for _ in range(3):
        tourney.clock[0] += 200
        view.ticks.tick()
    plans = [m for _, m in view.midend.moves if m.startswith("plan ")]
    assert plans and len(plans) == len(set(plans)) == len(worker.asked)
    again = tourney.open(app=FakeApp(view.app.store))  # the plans are in its moves
    assert json.dumps(again.state.to_json()) == json.dumps(view.state.to_json())


def test_nonsense_from_the_worker_is_no_move(tourney, monkeypatch):
    from app import thinker

    monkeypatch.setattr(thinker, "shared", AnsweringThinker(answer='{"word": 7}'))
    view = tourney.open()
    view.handle(Input("wt-start"))
    tourney.clock[0] += 200
    view.ticks.tick()
    assert [m for _, m in view.midend.moves if m.startswith("plan ")] == []


def test_a_tournament_saved_by_todays_page_goes_on_with_its_clock(tourney):
    """Its keeper's save ({"state", "meta": t0, speed, seed, known}) under the frame's key:
    the same tournament at the same time, its people its seats."""
    humans = [{"name": "Ann", "rating": 1000}, {"name": "Bob", "rating": 1100}]
    t = new_lobby(SAMPLE, humans, 9, secret=77)
    t.start(int(START))
    t.advance(int(START) + 20_000)
    meta = {"t0": int(START), "speed": 1, "recorded": [], "seed": 9, "known": False}
    app = FakeApp()
    saved_games.save(app.store, GAME, t.to_json(), meta, None)
    tourney.clock[0] = START + 25_000
    view = tourney.open(app=app)
    assert view.midend.seats == ["human", "human"] and view.midend.seed == 9
    assert view.midend.options["humans"] == humans and view.midend.ranked
    now = int(START) + 25_000  # its clock went on while the page was closed
    assert view.frontend.now(view.ui, tourney.clock[0]) == now
    assert [m for _, m in view.midend.moves] == [f"step @{now}"]  # what fell due meanwhile
    t.advance(now)
    assert view.state.tournament.view(0, now) == t.view(0, now)


def test_a_known_tournament_of_todays_page_stays_uncounted(tourney):
    t = new_lobby(SAMPLE, [{"name": "Ann", "rating": 1000}], 9)
    t.start(0)
    app = FakeApp()
    meta = {"t0": 0, "speed": 1, "recorded": [], "seed": 9, "known": True}
    saved_games.save(app.store, GAME, t.to_json(), meta, None)
    view = tourney.open(app=app)
    assert view.midend.seed == 9 and not view.midend.ranked


def test_rule_10_3_a_hidden_page_is_away_and_shown_again_back(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    at = view.frontend.now(view.ui, tourney.clock[0])
    view.suspend()  # (the app's visibilitychange and pagehide)
    assert view.midend.moves[-1][1] == f"away 0 @{at}"
    assert view.ticks.ticker is None  # (its ticks would bring them back)
    tourney.clock[0] += 10_000
    view.resume()
    assert f"back 0 @{at + 10_000}" in [m for _, m in view.midend.moves]


def test_rule_10_4_a_reload_after_the_page_hid_brings_them_back_at_once(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    view.suspend()  # (a reload's pagehide)
    view.close()
    tourney.clock[0] += 3_000
    again = tourney.open(app=FakeApp(view.app.store))
    now = again.frontend.now(again.ui, tourney.clock[0])
    assert f"back 0 @{now}" in [m for _, m in again.midend.moves]
    assert again.state.tournament.players[0]["lost_at"] is None


def test_rule_10_6_another_page_of_the_app_is_not_leaving(tourney):
    """Closed for another page, it goes on behind it (app.frame.behind): nobody is away, the
    ticks play what falls due, saved, and a bar in the header says how it stands; the
    tournament's page opened again takes it back as it stands."""
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)  # (round 1's, or round 2's if its bot solved the word first)
    moves, rnd = len(view.midend.moves), view.state.tournament.round_number
    view.close()
    bar = tourney.bars[-1]
    assert f"round {rnd}: your turn" in bar and "Back to the tournament" in bar
    for _ in range(100):
        tourney.clock[0] += 1_000
        view.ticks.tick()
    played = [m for _, m in view.midend.moves[moves:]]
    assert played and not [m for m in played if m.startswith("away ")]
    assert saved(view)["state"] == view.state.to_json()  # (each move saved)
    assert view.state.tournament.players[0]["lost_at"] is None
    again = tourney.open(app=FakeApp(view.app.store))
    assert tourney.bars[-1] is None and view.ticks.ticker is None  # taken back
    assert not tourney.behind.is_behind(view)
    assert again.midend.moves[: len(view.midend.moves)] == view.midend.moves


def test_rule_10_4_hidden_behind_another_page_is_still_away(tourney, import_without_browser):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    view.close()
    (page_life,) = [tourney.behind.page_life]
    page_life.hidden(view)  # (what app.frame.behind's listener does)
    assert view.midend.moves[-1][1].startswith("away 0 @")


def wait_out(tourney, view, pid=0):
    """Nobody types: the turns run out until `pid` is placed (out, or the winner)."""
    for _ in range(20_000):
        if pid in view.state.tournament.humans_placed():
            return
        tourney.clock[0] += 1_000
        view.ticks.tick()
    raise AssertionError("never out")


def test_rule_8_2_a_person_out_is_rated_and_counted_at_once_and_once(tourney):
    """Their rating (`wordle-rating`) and the device's statistics ("wordle", the tournament's
    variant: what the statistics page reads) as they go out; a reload writes neither again."""
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_out(tourney, view)
    player = view.state.tournament.players[0]
    stats = scores.stats_for(view.app.store, "wordle")["tournament"]
    assert stats["played"] == 1
    ratings = view.app.store.load(records.RATING).data
    history = records.profile(ratings, player["name"])
    assert history["rating"] == player["rating"] + player["rating_change"]
    assert saved(view)["meta"]["results_recorded"] == ["me", "placed 0"]
    again = tourney.open(app=FakeApp(view.app.store))
    moves = len(again.midend.moves)
    while len(again.midend.moves) == moves and not again.state.is_over:
        tourney.clock[0] += 1_000
        again.ticks.tick()  # (a move: what is due is looked at again)
    assert scores.stats_for(again.app.store, "wordle")["tournament"]["played"] == 1
    assert again.app.store.load(records.RATING).data == ratings


def test_a_finished_tournament_is_kept_for_replaying_once(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_out(tourney, view)
    for _ in range(20_000):
        if view.state.is_over:
            break
        tourney.clock[0] += 1_000
        view.ticks.tick()
    kept = replays.kept(view.app.store, records.REPLAYS)
    assert len(kept) == 1 and kept[0]["date"] == "2026-12-06"
    # (its final standings offer the link the statistics page lists)
    assert records.replay_href(kept[0]).replace("&", "&amp;") in str(view.render())
    again = tourney.open(app=FakeApp(view.app.store))
    again.ticks.tick()
    assert len(replays.kept(again.app.store, records.REPLAYS)) == 1
    from app.daily import records as daily_records
    from app.games_list import GAME_ROUTES
    from app.views.stats_page import StatsView

    others = [game for game in GAME_ROUTES if game != "wordle"]  # (Statistics lists it)
    scores.register(again.app.store, others)
    saved_games.register(again.app.store, others)
    daily_records.register(again.app.store, GAME_ROUTES)  # (the app keeps every game's)
    stats = StatsView(again.app, parse("#/stats")).render()
    listed = re.findall(r'<a href="(#/replay/wordle\?mode=tournament&amp;r=[^"]+)">', stats)
    assert len(listed) == 1 and "Replay the tournament of 2026-12-06" in stats


def test_a_known_tournament_rates_and_counts_nobody(tourney):
    view = tourney.open("#/wordle?mode=tournament&seed=5")
    view.handle(Input("wt-start"))
    wait_out(tourney, view)
    assert "tournament" not in scores.stats_for(view.app.store, "wordle")
    ratings = view.app.store.load(records.RATING).data  # (its nickname kept: "me")
    assert [p["history"] for p in ratings["players"].values()] == [[]]


def test_the_next_lobby_starts_from_the_rating_after_with_the_same_nickname(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_out(tourney, view)
    me = view.state.tournament.players[0]
    view.handle(Input("wt-new"))  # (the bots' end first: rule 11.6)
    view.handle(Input("wt-new"))
    assert view.state.tournament.phase == "lobby"
    again = view.state.tournament.players[0]
    assert (again["name"], again["rating"]) == (me["name"], me["rating"] + me["rating_change"])
    drawn = str(view.render())  # its profile panel: the rating now, one tournament played
    assert f'<p class="wt-rating-now">{again["rating"]}</p>' in drawn
    assert 'class="wt-stats"' in drawn


def test_the_old_pages_tournament_moves_to_the_frames_save_once_without_counting_twice(tourney):
    """app.wordle.tournament_move: the keeper's record, its recorded people and replay kept
    brought along, read by the frontend's legacy."""
    from app.wordle.tournament_move import move_to_frame

    t = new_lobby(SAMPLE, [{"name": "Ann", "rating": 1000}], 9, secret=77)
    t.start(int(START))
    while 0 not in t.humans_placed():
        t.advance(t.next_event_at())
    meta = {"t0": int(START), "speed": 1, "group": False, "recorded": [0], "seed": 9}
    app = FakeApp()
    app.store.save(records.TOURNAMENT, {"state": t.to_json(), "meta": meta})
    assert move_to_frame(app.store) and not move_to_frame(app.store)
    assert app.store.load(records.TOURNAMENT).data is None
    tourney.clock[0] = float(t.clock)
    view = tourney.open(app=app)
    assert view.state.tournament.players[0]["placement"] is not None
    for _ in range(50):
        tourney.clock[0] += 1_000
        view.ticks.tick()
    assert "tournament" not in scores.stats_for(app.store, "wordle")  # (the keeper's, once)
    assert "placed 0" in saved(view)["meta"]["results_recorded"]


def test_rule_11_2_a_group_on_one_device_is_chosen_on_its_screen_and_kept(tourney):
    """Its people and the screen they are on are the player's choice, remembered: each change
    a new lobby; a name already in the group is refused; after the tournament everyone goes
    back to the group screen."""
    view = tourney.open()

    def screen():
        drawn = str(view.render())
        shown = "group" if 'class="wt-screen wt-group"' in drawn else "lobby"
        return shown, drawn.count('<li class="wt-member">')

    me = view.state.tournament.players[0]["name"]
    view.handle(Input("wt-group-open"))
    assert screen() == ("group", 1)
    view.handle(Input("wt-add", {"value": "Ana"}))
    assert screen() == ("group", 2) and view.state.tournament.shared_keyboard
    view.handle(Input("wt-add", {"value": "ana"}))
    assert screen() == ("group", 2) and "already in the group" in view.ui.message
    view.handle(Input("wt-remove", {"index": "1"}))
    view.handle(Input("wt-add", {"value": "Bo"}))
    assert screen() == ("group", 2)
    view.handle(Input("wt-group-lobby"))
    assert screen()[0] == "lobby"
    assert [p["name"] for p in view.state.tournament.players if p["human"]] == [me, "Bo"]
    view = tourney.open(app=FakeApp(view.app.store))  # (a reload: the choice remembered)
    assert [p["name"] for p in view.state.tournament.players if p["human"]] == [me, "Bo"]
    view.handle(Input("wt-start"))
    view.handle(Input("wt-group-open"))  # (not while it is played)
    assert view.state.tournament.phase != "lobby"
    view.handle(Input("wt-leave"))
    view.handle(Input("wt-leave-yes"))
    view.handle(Input("wt-back-to-group"))  # (the bots' end first: rule 11.6)
    assert view.state.is_over
    view.handle(Input("wt-back-to-group"))
    assert screen() == ("group", 2)
    view.handle(Input("wt-solo"))
    assert screen() == ("lobby", 0) and not view.state.tournament.shared_keyboard


def test_its_address_is_wordles_and_another_tab_is_said_in_words(tourney):
    view = tourney.open()
    assert view.share_href() == "#/wordle?lang=en&mode=tournament"
    view.handle(Input("wt-start"))
    wait_out(tourney, view)
    view.handle(Input("wt-finish"))
    assert view.state.is_over and "seed" not in view.share_href()  # (its words: its secret)
    said = view.t(f"{GAME}.other_tab")
    assert said != f"{GAME}.other_tab" and Translator("cy")(f"{GAME}.other_tab") != said


def test_the_page_opens_in_the_language_of_its_tournament_its_invite_or_its_address():
    from app.wordle.tournament_page import opening_language

    store = FakeApp().store
    saved_games.update_prefs(store, "wordle", {}, {"lang": "de"})  # (the player's Wordle's)
    assert opening_language(store, {}) == "de"  # (the player's Wordle language)
    assert opening_language(store, {"lang": "en"}) == "en"
    lobby = new_lobby(SAMPLE, [{"name": "Ann", "rating": 1000}], 9)
    saved_games.save(store, GAME, lobby.to_json(), {}, None)
    assert opening_language(store, {}) == "en"  # (the lobby saved)
    assert opening_language(store, {"lang": "de"}) == "de"  # (another lobby, dropped)
    assert saved_games.load(store, GAME).data is None
    lobby.start(0)
    saved_games.save(store, GAME, lobby.to_json(), {}, None)
    assert opening_language(store, {"lang": "de"}) == "en"  # (under way: its own)
    saved_games.clear(store, GAME)
    saved_games.update_prefs(store, "wordle", {}, {"lang": "en"})
    invite = records.group_param({"lang": "de", "members": ["Lead", "Ana"]})
    assert opening_language(store, {"group": invite}) == "de"
    prefs = store.load(f"prefs:{GAME}").data
    assert prefs["shared_keyboard"] and prefs["screen"] == "group"
    assert json.loads(prefs["people"]) == ["Lead", "Ana"]
    assert opening_language(store, {"group": "[" * 5000}) == "en"  # (a crafted one)


def test_the_lobbys_language_is_another_address_for_its_words(tourney):
    view = tourney.open()
    went: list = []
    view.app.navigate = went.append
    view.handle(Input("wt-lang", {"value": "de"}))
    view.handle(Input("wt-lang", {"value": "en"}))  # (its own: nothing)
    view.handle(Input("wt-lang", {"value": "xx"}))
    assert went == ["#/wordle?mode=tournament&lang=de"]


def test_another_games_page_closing_leaves_the_tournament_behind_going_on(tourney):
    view = tourney.open()
    view.handle(Input("wt-start"))
    view.close()

    class OtherView:  # (a game view of a game that does not go on behind)
        frontend, ticks, state, game = object(), None, None, "marbles"

    assert not tourney.behind.carry_on(OtherView())
    assert tourney.behind.is_behind(view)


def test_rule_11_6_a_new_lobby_asked_while_the_bots_play_on_shows_their_end_first(tourney):
    """Everyone here is out: "new tournament" plays the bots' last duels out first, so the
    tournament is kept for replaying; nothing in progress is thrown away (no question)."""
    view = tourney.open()
    asked: list = []
    view.app.ask = lambda *question, **_: asked.append(question)
    view.handle(Input("wt-start"))
    view.handle(Input("wt-leave"))
    view.handle(Input("wt-leave-yes"))
    assert not view.state.is_over
    view.handle(Input("wt-new"))
    assert view.state.is_over and len(replays.kept(view.app.store, records.REPLAYS)) == 1
    view.handle(Input("wt-new"))
    assert view.state.tournament.phase == "lobby" and asked == []


def test_its_page_is_wordles_with_its_heading_and_links_as_the_old_page(tourney):
    view = tourney.open()
    lobby = str(view.render())
    view.handle(Input("wt-start"))
    for drawn in (lobby, str(view.render())):
        assert drawn.startswith('<div class="wordle-view"') and "<h1" in drawn
        assert 'class="wd-links"' in drawn and 'href="#/rules/wordle"' in drawn
