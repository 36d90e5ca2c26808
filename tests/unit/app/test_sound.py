"""Sound (app.sound): the setting (settings.sound, version 3), and the cue each game
event asks for, heard by a stand-in player of cues: the games driven through their views
under CPython, the Wordle Tournament through the one game view as its page has it."""

import json

import pytest
import test_wordle_tournament_game_view as tournament_tests
from app import sound
from app.frame.frontend import Input
from app.i18n import Translator
from app.router import parse
from app.settings import DEFAULTS, SETTINGS_SCHEMA, clean_settings, sound_on
from app.storage import NAMESPACE, MemoryBackend, Store
from games.common.rng import SeededRng
from games.marbles import choose_move
from page_stand_ins import StandInApp, page_without_browser

# The Tournament's game view under CPython (a fixture) and its way of waiting for a turn.
tourney, wait_my_turn = tournament_tests.tourney, tournament_tests.wait_my_turn
SAMPLE = tournament_tests.SAMPLE


class Heard:
    """A player of cues that keeps their names."""

    def __init__(self):
        self.cues = []
        self.woken = 0

    def play(self, name):
        self.cues.append(name)

    def wake(self):
        self.woken += 1


@pytest.fixture
def heard(monkeypatch):
    player = Heard()
    monkeypatch.setattr(sound, "_player", player)
    monkeypatch.setattr(sound, "_on", True)
    return player


# --- the setting ---------------------------------------------------------------------------------


def a_store(settings_record) -> tuple[Store, list]:
    problems = []
    backend = MemoryBackend({NAMESPACE + "settings": json.dumps(settings_record)})
    store = Store(backend, on_problem=lambda name, kind: problems.append((name, kind)))
    store.register(SETTINGS_SCHEMA)
    return store, problems


@pytest.mark.parametrize(
    "record",
    [
        {"v": 2, "rev": 4, "data": {"language": "cy", "theme": "dark", "motion": "full"}},
        {"v": 1, "rev": 3, "data": {"language": "cy", "theme": "dark", "motion": "full"}},
    ],
    ids=["version 2", "version 1"],
)
def test_older_settings_gain_sound_as_the_device_without_a_repair_said(record):
    store, problems = a_store({**record, "data": {**record["data"], "colour_blind": "on"}})
    data = store.load("settings").data
    kept_colour_blind = "on" if record["v"] == 2 else "off"  # version 1 had none: off
    assert data == {
        "language": "cy",
        "theme": "dark",
        "motion": "full",
        "colour_blind": kept_colour_blind,
        "sound": "system",
    }
    assert problems == []
    assert json.loads(store.backend.items[NAMESPACE + "settings"])["v"] == 3


def test_a_bad_sound_choice_is_put_back_to_the_default_and_good_ones_kept():
    assert clean_settings({**DEFAULTS, "sound": "loud"})["sound"] == "system"
    assert clean_settings({**DEFAULTS, "sound": True})["sound"] == "system"
    for choice in ("system", "on", "off"):
        assert clean_settings({**DEFAULTS, "sound": choice})["sound"] == choice
    store, problems = a_store({"v": 3, "rev": 1, "data": {**DEFAULTS, "sound": 1}})
    assert store.load("settings").data["sound"] == "system"
    assert problems == [("settings", "repaired")]


@pytest.mark.parametrize(
    "choice, reduced, on",
    [
        ("system", False, True),
        ("system", True, False),  # no preference for less sound exists: reduced motion stands in
        ("on", True, True),
        ("off", False, False),
    ],
)
def test_sound_is_on_as_chosen_or_as_the_device(choice, reduced, on):
    assert sound_on({**DEFAULTS, "sound": choice}, reduced) is on


def test_cues_reach_the_player_only_while_sound_is_on(heard, monkeypatch):
    sound.wake()
    sound.cue("hit")
    monkeypatch.setattr(sound, "_on", False)
    sound.wake()
    sound.cue("win")
    assert heard.cues == ["hit"] and heard.woken == 1
    with pytest.raises(ValueError):
        sound.cue("boom")
    assert set(sound.CUES) == set(sound.TONES) and set(sound.VIBRATIONS) <= set(sound.CUES)


@pytest.mark.parametrize("language", ["en", "cy"])
def test_the_settings_page_offers_sound_with_what_it_does(language):
    from app.views.settings_page import SettingsView
    from markup_tree import parse as parse_markup

    store, _ = a_store({"v": 3, "rev": 1, "data": dict(DEFAULTS)})
    app = type("App", (), {})()
    app.store, app.t, app.settings = store, Translator(language), store.load("settings").data
    drawn = parse_markup(str(SettingsView(app, parse("#/settings")).render()))
    group = next(n for n in drawn.all("fieldset") if n.attrs.get("data-setting-group") == "sound")
    radios = group.all("input", type="radio", name="sound")
    assert [r.attrs["value"] for r in radios] == ["system", "on", "off"]
    assert [r.attrs.get("checked") is not None for r in radios] == [True, False, False]
    assert group.attrs["aria-describedby"] == "settings-sound-hint"
    assert group.by_id("settings-sound-hint").text()


# --- the games' cues -----------------------------------------------------------------------------


@pytest.fixture
def views(import_without_browser, monkeypatch):
    """The game view of the frame, drawing nothing and timing nothing."""
    browser, game_view = import_without_browser("app.browser", "app.frame.game_view")
    page_without_browser(monkeypatch, browser, today="2026-12-02")
    monkeypatch.setattr(browser, "later", lambda ms, callback: 0)
    monkeypatch.setattr(game_view.GameView, "redraw", lambda self, focus_id=None, **_: None)
    return game_view


def marbles_view(game_view, address):
    from app.marbles.frontend import FRONTEND

    return game_view.GameView(StandInApp(["marbles"]), parse(address), FRONTEND)


def press(view, square):
    from app.frame.frontend import Input

    view.handle(Input("cell", {"sq": str(square)}))


def test_marbles_asks_for_select_invalid_move_line_and_the_end(views, heard):
    game_view = views
    view = marbles_view(game_view, "#/marbles?seed=3")
    state = view.state
    empty = state.board.index(0)
    press(view, empty)  # nothing selected: a reason, and the cue of a refusal
    assert heard.cues == ["invalid"]
    rng, moves = SeededRng(3), 0
    while not view.state.is_over:
        heard.cues.clear()
        src, dst = choose_move(view.state, rng)
        lines = view.state.lines
        press(view, src)
        assert heard.cues == ["select"]
        press(view, dst)
        moves += 1
        if view.state.is_over:
            won = view.outcome["new_best"]
            assert heard.cues == ["select", "win" if won else "lose"]
        elif view.state.lines > lines:
            assert heard.cues == ["select", "line"]
        else:
            assert heard.cues == ["select", "move"]
    assert moves > 10


def test_a_move_marbles_refuses_is_heard_as_invalid(views, heard):
    game_view = views
    view = marbles_view(game_view, "#/marbles?seed=3")
    marble = next(sq for sq, colour in enumerate(view.state.board) if colour)
    view.play((marble, marble))  # onto a square that is not empty: refused by the rules
    assert heard.cues == ["invalid"] and view.ui.message_is_error


def test_battleship_asks_for_place_hit_miss_sink_invalid_and_the_end(views, heard):
    from app.battleship.frontend import FRONTEND
    from app.battleship.ui import seated, seen
    from app.frame.frontend import Input

    view = views.GameView(StandInApp(["battleship"]), parse("#/battleship"), FRONTEND)

    def phase():
        return seen(view.state, seated(view.ui, view.table())).phase

    view.handle(Input("place", {"sq": "A1"}))
    assert heard.cues == ["move"]
    view.handle(Input("random-fleet"))
    view.handle(Input("ready"))
    assert phase() == "fire"
    enemy = view.state.view_for(1)["fleet"]  # the test may look: the player may not
    ships = {ship["ship"]: ship["squares"] for ship in enemy}
    water = next(
        f"{row}{col}"
        for row in "ABCDEFGHIJ"
        for col in range(1, 11)
        if not any(f"{row}{col}" in squares for squares in ships.values())
    )

    def shoot(square):
        heard.cues.clear()
        view.handle(Input("shoot", {"sq": square}))
        mine = list(heard.cues)
        if phase() == "computer":
            view.arrived(view.midend.computer_move())
            assert heard.cues[len(mine) :] in (["hit"], ["miss"], ["sink"]), heard.cues
        return mine

    assert shoot(water) == ["miss"]
    assert shoot(water) == ["invalid"]  # called already: refused, said and heard
    patrol = ships["patrol"]
    assert shoot(patrol[0]) == ["hit"]
    assert shoot(patrol[1]) == ["sink"]
    rest = [sq for ship, squares in ships.items() if ship != "patrol" for sq in squares]
    for square in rest[:-1]:
        assert shoot(square) in (["hit"], ["sink"])
    assert shoot(rest[-1]) == ["win"]
    assert view.state.is_over and view.state.winner == 0


def test_the_end_of_a_battle_is_a_win_or_a_loss_for_the_person_at_the_screen():
    from app.battleship.changes import over_cue
    from app.battleship.texts import shot_cue

    assert over_cue(0, 0) == "win"
    assert over_cue(1, 0) == "lose"
    assert over_cue(0, 1) == "lose"
    assert over_cue(1, None) == "win"  # two people: one of them won
    salvo = {"player": 0, "shots": [{"square": "A1"}, {"square": "B1"}], "hits": 1}
    assert shot_cue(salvo) == "hit"  # Advanced Salvo: only how many hit
    assert shot_cue({**salvo, "hits": 0}) == "miss"


def my_rows(view) -> int:
    """The rows of the duel of the person here (player 0), as the tournament shows them."""
    t = view.state.tournament
    duel = next(d for d in t.view(0, t.clock)["duels"] if 0 in d["players"])
    return len(duel["rows"])


def test_the_tournament_ticks_in_a_clocks_last_five_seconds_and_says_lives_and_wins(tourney, heard):
    view = tourney.open()
    view.handle(Input("wt-start"))
    wait_my_turn(tourney, view)
    rows = my_rows(view)
    heard.cues.clear()
    while my_rows(view) == rows:
        tourney.clock[0] += 200
        view.ticks.tick()  # our clock runs out: the row is skipped
    assert heard.cues == ["tick"] * 5

    heard.cues.clear()
    for _ in range(50_000):  # solving in odd rounds, the clock running out in even ones
        t = view.state.tournament
        if t.humans_done:
            break
        if t.may_type(0) and t.round_number % 2 == 1:
            match = next(m for m in t.current["matches"] if 0 in m["players"])
            for tile in SAMPLE.tiles(match["duel"].word):
                view.handle(Input("wd-key", {"key": tile}))
            view.handle(Input("key", key="Enter"))
        else:
            tourney.clock[0] += 200
            view.ticks.tick()
    t = view.state.tournament
    assert t.humans_done
    ends = [c for c in heard.cues if c in ("win", "lose")]
    lost = sum(
        1 for e in t.log if e["type"] == "duel_over" and 0 in e["players"] and e["winner"] != 0
    )
    won = sum(1 for e in t.log if e["type"] == "duel_over" and e["winner"] == 0)
    assert lost >= 1 and won >= 1 and "win" in ends and "lose" in ends
    assert len(ends) >= lost + won - 1  # one a duel (a last one may share its batch's cue)
    me = t.players[0]
    assert ends[-1] == ("win" if me["placement"] == 1 else "lose")


def test_dominoes_hears_a_laid_tile_a_draw_points_and_the_end_for_its_person():
    from app.dominoes.changes import cue_for
    from app.dominoes.ui import DominoesUi

    alone, people = DominoesUi(("human", "strong")), DominoesUi(("human", "human"))
    laid = {"type": "play", "seat": 0, "tile": [5, 3]}
    assert cue_for([laid], alone) == "move"
    assert cue_for([{"type": "draw", "seat": 0}], alone) == "select"
    assert cue_for([{"type": "pass", "seat": 0}], alone) is None
    assert cue_for([laid, {"type": "score", "seat": 0}], alone) == "line"
    assert cue_for([laid, {"type": "hand_end"}], alone) == "line"
    won = {"type": "game_over", "winners": [0], "winner_team": 0}
    lost = {"type": "game_over", "winners": [1], "winner_team": 1}
    assert cue_for([laid, {"type": "score"}, won], alone) == "win"
    assert cue_for([laid, lost], alone) == "lose"
    assert cue_for([laid, lost], people) == "win"  # between people someone won


def test_the_dominoes_view_plays_the_cue_of_each_move(views, heard):
    from dataclasses import replace

    from app.dominoes.changes import cue_for
    from app.dominoes.frontend import FRONTEND
    from app.dominoes.seats import seated

    view = views.GameView(StandInApp(["dominoes"]), parse("#/dominoes?seed=3"), FRONTEND)
    heard_kinds = set()
    for _ in range(60):
        if view.state.is_over:
            break
        view.ui = replace(view.ui, ack=len(view.state.hand_summaries))  # past any summary
        heard.cues.clear()
        computer = view.midend.computer_to_move
        move = view.midend.computer_move() if computer else view.state.legal_moves()[0]
        events = view.state.copy().apply(move)
        (view.arrived if computer else view.play)(move)
        expected = cue_for(events, seated(view.ui, view.table()))
        assert heard.cues == ([expected] if expected else [])
        heard_kinds.update(heard.cues)
    assert {"move", "line"} <= heard_kinds


def test_deblockle_hears_a_move_a_block_off_and_the_end_for_its_person():
    from app.deblockle.frontend import turn_cue
    from app.deblockle.parts import Screen

    def cue(events, result, opponent, me=0):
        return turn_cue(events, result, Screen(opponent=opponent, me=me))

    tip, hop = {"type": "tip"}, {"type": "hop"}
    assert cue([tip], None, "strong") == "move"
    assert cue([tip, hop], None, "strong") == "move"
    assert cue([tip, {"type": "remove"}], None, "strong") == "line"
    assert cue([{"type": "pass"}], None, "strong") == ""  # (no sound)
    over = [tip, {"type": "remove"}, {"type": "game_over"}]
    assert cue(over, {"winner": 0}, "strong") == "win"
    assert cue(over, {"winner": 1}, "strong") == "lose"
    assert cue(over, {"winner": 1}, "human") == "win"  # between people someone won
    assert cue(over, {"winner": 1}, "remote", me=1) == "win"  # the friend away sits at 0
    assert cue(over, {"winner": 0}, "remote", me=1) == "lose"
    assert cue([tip, {"type": "game_over"}], {"winner": None}, "strong") == "move"  # a draw
