"""The Wordle Tournament's frontend on the frame (app.tournament.frontend, frame_input,
frame_ui) under CPython: the engine's state, the UI state and the tournament's time in,
moves, UI changes and markup out; no browser, no game view."""

from dataclasses import replace

from app.frame.frontend import Command, Facts, Input, Play, Show
from app.i18n import Translator
from app.saved_games import clean_prefs
from app.tournament.frame_ui import TournamentUi, turn_now
from app.tournament.frontend import GAME, TournamentFrontend
from app.tournament.lobby_people import PEOPLE, chosen_humans, people_choice
from app.wordle import records as tp
from games.wordle.rating import START
from games.wordle.sample_words import sample_dictionary

T = Translator("en")
WORDS = sample_dictionary()
FRONT = TournamentFrontend(WORDS)
ANN = {"name": "Ann", "rating": 1000}
BOB = {"name": "Bob", "rating": 1100}
PAGE = 50_000.0  # the page's time when the tournament's clock started


def lobby(humans=(ANN,), seed=4, **options):
    return FRONT.game.new_game({"lang": "en", "humans": list(humans), **options}, seed)


def running(ui: TournamentUi) -> TournamentUi:
    return FRONT.clock_started(ui, PAGE)


def at(now: int) -> Facts:
    return Facts(page_ms=PAGE + now)


def play(state, move) -> list:
    return state.apply(move)


def started(humans=(ANN,), **options):
    state = lobby(humans, **options)
    ui = running(FRONT.new_ui(state))
    found = FRONT.interpret(state, ui, Input("wt-start"), at(0), T)
    assert isinstance(found, Play) and found.move == {"type": "start", "at": 0}
    play(state, found.move)
    return state, ui


def to_turn(state, ui, pid=0):
    """Steps as the frame's ticks would, until `pid` may type; the time then."""
    now = 0
    while not state.tournament.may_type(pid):
        now = state.next_due()
        step = FRONT.due(state, ui, False, None, PAGE + now)
        assert step == {"type": "step", "at": now}
        play(state, step)
    return now


def key(state, ui, name, now):
    return FRONT.interpret(state, ui, Input("key", key=name), at(now), T)


def test_a_new_lobby_from_the_players_choice_with_a_secret_and_a_seat_each():
    """The nicknames the player chose (remembered as JSON text: app.saved_games keeps only
    strings, numbers and booleans); the ratings the record's."""
    rated = tp.add_result(tp.empty_ratings(), "Bob", 1100, 100, 1, "2026-12-06")
    chosen = {**people_choice(["Ann", "Bob"]), tp.RATING: rated}
    assert clean_prefs(chosen) == people_choice(["Ann", "Bob"])
    options = FRONT.new_options(chosen)
    assert options["humans"] == [ANN, BOB] and options["lang"] == "en"
    assert isinstance(options["secret"], int)
    assert FRONT.new_seats({}, chosen) == [None, None]
    assert FRONT.game.name == GAME


def test_a_damaged_choice_of_people_is_one_person_named_by_lot():
    for damaged in (
        "null",
        "[]",
        "[3]",
        '["Ann"' + ',"Ann"' * 8 + "]",
        "x",
        '["' + "A" * 99 + '"]',
    ):
        assert chosen_humans({PEOPLE: damaged}) == [{"name": None, "rating": START}]


def test_an_address_seed_asks_for_that_lobby_without_a_secret():
    wanted = FRONT.wanted({"seed": "77"}, people_choice(["Ann"]))
    assert wanted is not None and wanted[1] == 77 and "secret" not in wanted[0]
    assert FRONT.wanted({"seed": "x"}, {}) is None
    assert FRONT.wanted({}, {}) is None


def test_rule_5_1_start_is_the_move_start_at_now_and_the_lobby_has_no_other():
    state = lobby()
    ui = running(FRONT.new_ui(state))
    assert key(state, ui, "a", 0) is None
    assert FRONT.due(state, ui, False, None, PAGE + 99_000) is None  # the lobby waits
    started(humans=(ANN,))


def test_a_new_nickname_in_the_lobby_is_a_new_lobby_remembered():
    state = lobby()
    ui = FRONT.new_ui(state)
    found = FRONT.interpret(state, ui, Input("wt-rename", {"value": " Cy "}), at(0), T)
    assert found == Command("new", people_choice(["Cy"]))
    same = FRONT.interpret(state, ui, Input("wt-rename", {"value": "Ann"}), at(0), T)
    assert same is None


def test_the_clock_plays_step_at_now_once_something_is_due_and_not_before():
    state, ui = started()
    due = state.next_due()
    assert due is not None and due > 0
    assert FRONT.due(state, ui, False, None, PAGE + due - 1) is None
    assert FRONT.due(state, ui, False, None, PAGE + due + 5) == {"type": "step", "at": due + 5}


def test_the_clock_goes_on_from_the_tournaments_time_after_a_reload():
    state, ui = started()
    now = to_turn(state, ui)
    resumed = FRONT.new_ui(state, FRONT.ui_from_save({}))  # (no clock kept: from the state)
    assert resumed.clock is None and FRONT.now(resumed, 0) == now
    ticking = FRONT.clock_started(resumed, 7.0)
    assert FRONT.now(ticking, 1007.0) == now + 1000


def test_rule_4_letters_typed_for_the_keyboard_holder_and_enter_is_their_guess():
    state, ui = started()
    now = to_turn(state, ui)
    turn = turn_now(state, ui, now)
    assert turn is not None
    length = state.tournament.current["matches"][turn[1]]["duel"].length
    word = sorted(WORDS.guess_lists[length])[0]
    shown = ui
    for letter in word:
        found = key(state, shown, letter, now)
        assert isinstance(found, Show)
        shown = found.ui
    assert shown.typed == word and shown.turn == turn
    guess = key(state, shown, "Enter", now)
    assert isinstance(guess, Play)
    assert guess.move == {"type": "guess", "player": 0, "word": word, "at": now}
    events = play(state, guess.move)
    assert any(e["type"] == "guess" for e in events)
    assert turn_now(state, shown, now) != shown.turn  # a new turn types a fresh row


def test_a_word_not_in_the_list_is_refused_shaking_with_the_letters_kept():
    state, ui = started()
    now = to_turn(state, ui)
    shown = ui
    for letter in "zzzzz":
        shown = key(state, shown, letter, now).ui
    refused = key(state, shown, "Enter", now)
    assert isinstance(refused, Show) and refused.cue == "invalid"
    assert refused.ui.shake and refused.ui.message_is_error and refused.ui.typed == "zzzzz"


def test_no_letters_when_nobody_here_may_guess():
    state, ui = started()
    assert not state.tournament.may_type(0)  # the round's introduction
    assert key(state, ui, "a", 0) is None


def test_rule_10_2_leaving_asks_first_then_every_person_here_leaves():
    state, ui = started(humans=(ANN, BOB))
    now = to_turn(state, ui)
    asked = FRONT.interpret(state, ui, Input("wt-leave"), at(now), T)
    assert isinstance(asked, Show) and asked.ui.confirm_leave
    no = FRONT.interpret(state, asked.ui, Input("wt-leave-no"), at(now), T)
    assert isinstance(no, Show) and not no.ui.confirm_leave
    yes = FRONT.interpret(state, asked.ui, Input("wt-leave-yes"), at(now), T)
    assert isinstance(yes, Play)
    assert [yes.move, *yes.more] == [
        {"type": "leave", "player": 0, "at": now},
        {"type": "leave", "player": 1, "at": now},
    ]


def test_rule_11_6_the_bots_duels_played_out_only_once_nobody_here_is_in():
    state, ui = started()
    now = to_turn(state, ui)
    assert FRONT.interpret(state, ui, Input("wt-finish"), at(now), T) is None
    play(state, {"type": "leave", "player": 0, "at": now})
    found = FRONT.interpret(state, ui, Input("wt-finish"), at(now), T)
    assert found == Play({"type": "finish"})


def test_a_duel_watched_and_back():
    state, ui = started()
    now = to_turn(state, ui)
    mine = state.tournament.human_duels()[0]
    other = next(i for i in range(4) if i != mine)
    watched = FRONT.interpret(state, ui, Input("wt-watch", {"duel": str(other)}), at(now), T)
    assert isinstance(watched, Show) and watched.ui.watching == other
    back = FRONT.interpret(state, watched.ui, Input("wt-unwatch"), at(now), T)
    assert isinstance(back, Show) and back.ui.watching is None
    for bad in ("9", "-1", "x", ""):
        assert FRONT.interpret(state, ui, Input("wt-watch", {"duel": bad}), at(now), T) is None


def test_what_a_reload_keeps_the_clock_and_the_letters_for_their_turn():
    state, ui = started()
    now = to_turn(state, ui)
    shown = key(state, ui, "c", now).ui
    meta = FRONT.kept(shown)
    back = FRONT.ui_from_save(meta)
    assert back is not None and back.clock == shown.clock and back.typed == "c"
    assert back.turn == shown.turn and back.resumed
    damaged = FRONT.ui_from_save({**meta, "turn": ["x"]})
    assert damaged is not None and damaged.typed == "" and damaged.clock == shown.clock


def test_changed_says_the_new_round_and_goes_back_to_its_introduction():
    state = lobby()
    ui = replace(running(FRONT.new_ui(state)), watching=2, focus=1, message="old")
    before = state.copy()
    events = play(state, {"type": "start", "at": 0})
    changes = FRONT.changed(before, state, ui, events, at(0), T)
    assert "Round 1." in changes.said
    assert changes.ui.watching is None and changes.ui.focus is None and changes.ui.message == ""


def test_drawn_the_lobby_then_the_round_with_the_letters_typed():
    state = lobby()
    ui = running(FRONT.new_ui(state))
    assert "wt-start" in str(FRONT.draw(state, ui, at(0), T))
    play(state, {"type": "start", "at": 0})
    now = to_turn(state, ui)
    shown = key(state, ui, "q", now).ui
    markup = str(FRONT.draw(state, shown, at(now), T))
    assert "wt-screen" in markup and ">Q<" in markup.upper()


def test_rule_10_3_hidden_each_person_still_in_goes_away_once():
    state, ui = started(humans=(ANN, BOB))
    now = to_turn(state, ui)
    assert FRONT.hidden_moves(state, ui, PAGE + now) == [
        {"type": "away", "player": 0, "at": now},
        {"type": "away", "player": 1, "at": now},
    ]
    play(state, {"type": "away", "player": 0, "at": now})
    assert FRONT.hidden_moves(state, ui, PAGE + now) == [{"type": "away", "player": 1, "at": now}]
    assert FRONT.hidden_moves(lobby(), ui, PAGE) == []  # (nobody is away from a lobby)


def test_rule_10_4_shown_again_the_clock_brings_them_back_unless_their_time_ran_out():
    state, ui = started()
    now = to_turn(state, ui)
    assert FRONT.due(state, ui, False, None, PAGE + now) is None
    play(state, {"type": "away", "player": 0, "at": now})
    back = FRONT.due(state, ui, False, None, PAGE + now + 1_000)
    assert back == {"type": "back", "player": 0, "at": now + 1_000}
    late = FRONT.due(state, ui, False, None, PAGE + now + 120_000)
    assert late is not None and late["type"] == "step"  # (it places them: they left, 10.4)


def test_the_devices_player_keeps_their_nickname_and_rating_even_renamed():
    """One person with no nickname chosen is the record's "me"; a nickname chosen for them
    takes their rating with it (as set_my_name does once the tournament starts)."""
    mine = tp.add_result(tp.set_my_name(tp.empty_ratings(), "Ann"), "Ann", 1040, 40, 1, "d")
    assert chosen_humans({tp.RATING: mine}) == [{"name": "Ann", "rating": 1040}]
    renamed = {**people_choice(["Zed"]), tp.RATING: mine}
    assert chosen_humans(renamed) == [{"name": "Zed", "rating": 1040}]
    assert chosen_humans({}) == [{"name": None, "rating": START}]


def test_every_duels_clock_slot_shows_that_duels_clock_while_another_is_watched():
    """Each duel's card has its own clock (`data-duel`): the frame asks for each, so the
    person's own duel runs down on its card while another duel is watched."""
    state, ui = started()
    now = to_turn(state, ui)
    mine = state.tournament.human_duels()[0]
    other = next(i for i in range(4) if i != mine)
    watching = replace(ui, watching=other)
    later = now + 5_000
    view = FRONT.view_at(state, later)
    own = str(FRONT.clock_shown(state, watching, PAGE + later, T, str(mine)))
    assert f"0:{view['duels'][mine]['time_left'] // 1000:02d}" in own
    assert view["duels"][mine]["time_left"] < 30_000  # (running down, not 0:30)
    assert FRONT.clock_shown(state, watching, PAGE + later, T, "") == FRONT.clock_shown(
        state, watching, PAGE + later, T, str(other)
    )
