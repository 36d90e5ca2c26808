"""The Wordle Tournament on the engine protocol (games.wordle.tournament_game), rule by rule.

Rules of record: docs/rules/wordle-tournament.md; each test names the rule it checks.
The rules themselves are tested on the Tournament (test_wordle_tournament.py); these
check that its moves in notation, the clock's among them, play them, that a refused
move changes nothing, and that a tournament saved by today's keeper resumes. The
protocol's general checks are in tests/unit/common/test_protocol_conformance.py.
"""

import json

import pytest
from games.common.errors import BadState, IllegalMove
from games.wordle.duel import TURN_MS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_game import TournamentState, options_of, tournament_game
from games.wordle.tournament_plans import bot_plan, plan_request
from games.wordle.tournament_rules import GRACE_MS, INTRO_MS, LIVES

WORDS = sample_dictionary()
GAME = tournament_game(WORDS)
ANN = {"name": "Ann", "rating": 1000}
BOB = {"name": "Bob", "rating": 1100}


def started(humans=(ANN,), seed=4, **options) -> TournamentState:
    state = GAME.new_game({"lang": "en", "humans": list(humans), **options}, seed)
    state.apply(GAME.parse_move("start @0"))
    return state


def play(state: TournamentState, text: str) -> list:
    return state.apply(GAME.parse_move(text))


def duel_of(state: TournamentState, pid: int):
    rnd = state.tournament.current
    return next((i, m) for i, m in enumerate(rnd["matches"]) if pid in m["players"])


def turn_of(state: TournamentState, pid: int) -> None:
    """Steps the clock until it is `pid`'s turn in their duel."""
    while not state.tournament.may_type(pid):
        play(state, f"step @{state.next_due()}")


def refused(state: TournamentState, text: str) -> str:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as error:
        play(state, text)
    assert json.dumps(state.to_json(), sort_keys=True) == before, "a refusal changed nothing"
    return error.value.key


# --- the lobby and the start (5) --------------------------------------------------------------


def test_rule_5_1_a_new_game_is_the_lobby_of_8_and_its_only_move_is_the_start():
    state = GAME.new_game({"lang": "en", "humans": [ANN, BOB]}, 4)
    t = state.tournament
    assert t.phase == "lobby" and len(t.players) == 8
    assert [p["name"] for p in t.players[:2]] == ["Ann", "Bob"]
    assert state.legal_moves() == [{"type": "start", "at": 0}]
    assert GAME.seats({"lang": "en", "humans": [ANN, BOB]}) == 2
    assert [e["type"] for e in play(state, "start @0")] == ["started", "round"]
    assert state.tournament.phase == "intro"


def test_rule_5_3_the_bots_come_from_the_public_seed_and_the_words_from_the_secret():
    # The seed is the game's public number: the lobby's bots are there for all to see;
    # the words (and pairings, and the bots' plans) come from a secret drawn apart.
    def words(state):
        return [m["duel"].word for m in state.tournament.current["matches"]]

    plain = started(seed=9)
    one, other = started(seed=9, secret=8_642_097_531_111), started(seed=9, secret=222)
    assert plain.tournament.players == one.tournament.players == other.tournament.players
    assert len({tuple(words(s)) for s in (plain, one, other)}) == 3
    assert "8642097531111" not in json.dumps(one.to_json()) and "secret" not in one.to_json()


def test_the_options_are_checked():
    for options in (
        {"lang": "cy"},
        {"humans": []},
        {"humans": [ANN] * 9},
        {"humans": [{"name": "Ann"}]},
        {"humans": [ANN, {"name": "ann", "rating": 900}]},  # 5.2: one name twice
        {"secret": -1},
        {"colour": "red"},
    ):
        with pytest.raises(ValueError):
            GAME.new_game(options, 1)
    assert GAME.options_from_params(GAME.options_to_params({"lang": "en"})) == {"lang": "en"}
    with pytest.raises(ValueError):
        GAME.options_from_params({"lang": "xx"})


# --- the clock is a move (3.3, 3.4, 6.2) ---------------------------------------------------------


def test_rule_6_2_the_introduction_ends_by_the_clock_six_seconds_after_the_start():
    state = started()
    assert state.next_due() == INTRO_MS
    assert refused(state, f"step @{INTRO_MS - 1}") == "wordle.not_due"
    assert next(e["type"] for e in play(state, f"step @{INTRO_MS}")) == "play"
    assert state.tournament.phase == "playing" and state.clock == INTRO_MS


def test_rule_3_4_a_turn_that_runs_out_is_skipped_by_the_clocks_step():
    state = started(humans=(ANN, BOB), seed=2)
    play(state, f"step @{INTRO_MS}")
    turn_of(state, 0)
    index, match = duel_of(state, 0)
    deadline = match["duel"].deadline
    while state.next_due() != deadline:  # the bots' duels first
        play(state, f"step @{state.next_due()}")
    events = play(state, f"step @{deadline}")
    assert {"type": "skip", "duel": index, "player": 0} in [
        {k: e[k] for k in ("type", "duel", "player")} for e in events if e["type"] == "skip"
    ]
    assert refused(state, f"0 CRANE @{deadline}") == "wordle.not_your_turn"


def test_rule_3_8_time_a_page_missed_is_one_step_settled_turn_by_turn():
    state = started(humans=(ANN, BOB), seed=2)
    twin = state.copy()
    far = INTRO_MS + 7 * TURN_MS + 123
    events = play(state, f"step @{far}")
    while twin.next_due() <= far:
        play(twin, f"step @{twin.next_due()}")
    assert [e["type"] for e in events].count("skip") >= 7
    assert state.tournament.log == twin.tournament.log and state.clock == far
    assert refused(state, f"step @{far + 1}") == "wordle.not_due"  # nothing due by then


def test_the_clock_never_goes_back():
    state = started()
    play(state, f"step @{INTRO_MS}")
    assert refused(state, f"leave 0 @{INTRO_MS - 1}") == "wordle.too_early"
    assert refused(state, "start @0") == "wordle.too_early"


# --- guesses (4) ------------------------------------------------------------------------------------


def test_rule_4_1_and_4_2_a_guess_in_your_turn_is_played_and_others_are_refused():
    state = started(humans=(ANN, BOB), seed=2)
    assert refused(state, "0 CRANE @10") == "wordle.intro"  # 4.2: the introduction
    play(state, f"step @{INTRO_MS}")
    turn_of(state, 0)
    now = state.clock
    _, match = duel_of(state, 0)
    word = "crane" if match["duel"].length == 5 else WORDS.guess_lists[match["duel"].length][0]
    assert refused(state, f"0 ZZZZZ @{now}") in ("wordle.not_in_list", "wordle.wrong_length")
    assert refused(state, f"7 {word.upper()} @{now}") == "wordle.no_such_player"  # a bot
    events = play(state, f"0 {word.upper()} @{now}")
    assert next(e for e in events if e["type"] == "guess")["player"] == 0
    assert match["duel"] is not duel_of(state, 0)[1]["duel"], "played on a twin"
    assert duel_of(state, 0)[1]["duel"].rows[-1]["guess"] == word


def test_a_guess_later_plays_first_what_the_clock_brought_by_then():
    # Every move with a time plays out what fell due before it, as the engine's calls do.
    state = started()
    text = f"leave 0 @{INTRO_MS + 1}"
    events = play(state, text)
    assert [e["type"] for e in events][:1] == ["play"]
    assert state.tournament.players[0]["placement"] is not None


# --- leaving and lost connections (10) ------------------------------------------------------------


def test_rule_10_2_leaving_after_the_start_places_you_at_once():
    state = started(humans=(ANN, BOB))
    events = play(state, "leave 1 @100")
    gone = [e for e in events if e["type"] == "eliminated"]
    assert gone and gone[0]["player"] == 1 and gone[0]["reason"] == "left"
    assert gone[0]["placement"] == 8
    assert refused(state, "leave 1 @200") == "wordle.eliminated"


def test_rule_10_3_and_10_4_back_within_60_seconds_plays_on_and_later_has_left():
    state = started(humans=(ANN, BOB))
    play(state, "away 0 @1000")
    assert refused(state, "away 0 @1000") == "wordle.not_now"
    play(state, f"back 0 @{1000 + GRACE_MS - 1}")
    assert state.tournament.players[0]["placement"] is None
    play(state, f"away 1 @{state.clock}")
    lost = state.clock
    # Too late: they left at the 60th second, and coming back is refused.
    assert refused(state, f"back 1 @{lost + GRACE_MS + 5}") == "wordle.eliminated"
    while state.next_due() <= lost + GRACE_MS:
        events = play(state, f"step @{state.next_due()}")
    gone = [e for e in events if e["type"] == "eliminated" and e["player"] == 1]
    assert gone and gone[0]["reason"] == "disconnect" and gone[0]["at"] == lost + GRACE_MS
    assert refused(state, f"back 1 @{state.clock}") == "wordle.eliminated"


# --- the bots' plans ---------------------------------------------------------------------------------


def test_a_bots_plan_worked_out_elsewhere_is_a_move_and_lands_at_its_think_time():
    state = started(seed=6)
    play(state, f"step @{INTRO_MS}")
    t = state.tournament
    (key, request), *_ = t.plans_wanted()
    plan = bot_plan(request, WORDS)
    word = "-" if plan["word"] is None else plan["word"].upper()
    text = f"plan {key[0]} {key[1]} {key[2]} {word} {plan['think_ms']}"
    assert refused(state, text.replace(f" {plan['think_ms']}", " 10")) == "wordle.not_due"
    assert play(state, text) == []
    assert refused(state, text) == "wordle.not_due"  # once per turn
    duel = state.tournament.current["matches"][key[1]]["duel"]
    assert state.next_due() <= duel.turn_started + plan["think_ms"]
    # The same plan as the engine works out itself: the tournament is the same either way.
    twin = started(seed=6)
    play(twin, f"step @{INTRO_MS}")
    match = twin.tournament.current["matches"][key[1]]
    assert bot_plan(plan_request(match, twin.tournament.players, "en"), WORDS) == plan
    for s in (state, twin):
        while s.tournament.current["number"] == 1:
            play(s, f"step @{s.next_due()}")
    assert state.tournament.log == twin.tournament.log


# --- the end (8, 11.6) ----------------------------------------------------------------------------------


def test_rule_11_6_once_nobody_here_is_in_finish_plays_the_bots_out():
    state = started(humans=(ANN, BOB))
    assert {"type": "finish"} not in state.legal_moves()
    refused(state, "finish")
    play(state, "leave 0 @10")
    play(state, "leave 1 @10")
    assert {"type": "finish"} in state.legal_moves()
    play(state, "finish")
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    result = state.result
    assert result["placements"][:2] == [8, 7]  # 10.2: each below those who left after
    assert result["winners"] == [i for i, p in enumerate(result["placements"]) if p == 1]


def test_a_whole_tournament_replays_from_its_moves():
    state, moves = started(seed=12), ["start @0"]
    while not state.is_over:
        step = state.next_due()
        if state.tournament.may_type(0):
            _, match = duel_of(state, 0)
            move = f"0 {match['duel'].word.upper()} @{state.clock}"  # 3.5: it finds the word
        else:
            move = f"step @{step}"
        play(state, move)
        moves.append(move)
    options = {"lang": "en", "humans": [ANN]}
    assert GAME.replay(options, 12, moves).to_json() == state.to_json()
    assert state.tournament.players[0]["lives"] == LIVES  # it never lost a duel


def test_its_moves_give_the_tournament_the_engines_calls_give():
    # The page of today calls advance(now) at every tick and guess(pid, text, now) on Enter;
    # on the frame the same play is "step @now" when something fell due, and a guess move.
    calls = new_lobby(WORDS, [ANN, BOB], 21)
    calls.start(0)
    state = started(humans=(ANN, BOB), seed=21)
    tick = 0
    while not calls.is_over:
        tick += 700
        calls.advance(tick)
        due = state.next_due()
        if due is not None and due <= tick:
            play(state, f"step @{tick}")
        for pid in (0, 1):
            if calls.may_type(pid) and (tick // 700) % 4 == pid:
                _, match = duel_of(state, pid)
                length = match["duel"].length
                word = WORDS.guess_lists[length][tick % len(WORDS.guess_lists[length])]
                calls.guess(pid, word, tick)
                play(state, f"{pid} {word.upper()} @{tick}")
    assert state.is_over and calls.log == state.tournament.log
    people = {e["player"] for e in calls.log if e["type"] == "guess" and e["player"] < 2}
    assert people == {0, 1}
    assert calls.players == state.tournament.players


# --- saves -------------------------------------------------------------------------------------------------


def test_a_tournament_saved_by_todays_keeper_resumes():
    # The keeper saved {"state": Tournament.to_json(), "meta": ...}: version 1, its bots'
    # skills as fractions; the protocol's save keeps whole numbers (thousandths).
    t = new_lobby(WORDS, [ANN], 4)
    t.start(0)
    t.advance(INTRO_MS + 3 * TURN_MS)
    kept = {"state": t.to_json(), "meta": {"t0": 0, "speed": 1, "recorded": []}}
    state = GAME.load(json.loads(json.dumps(kept["state"])))
    assert state.to_json()["version"] == 2 and GAME.version == 2
    assert all(isinstance(p["skill"], (int, type(None))) for p in state.to_json()["players"])
    assert state.tournament.players == t.players
    twin = Tournament.from_json(kept["state"], WORDS)
    at = state.next_due()
    play(state, f"step @{at}")
    assert twin.advance(at) and state.tournament.log == twin.log
    assert GAME.load(state.to_json()).to_json() == state.to_json()
    # Its options (the frame's, which today's keeper did not keep): its people's seats.
    options = options_of(state.tournament)
    assert options == {"lang": "en", "humans": [ANN], "shared_keyboard": False}
    assert GAME.seats(options) == 1
    assert GAME.new_game(options, 4).tournament.players == new_lobby(WORDS, [ANN], 4).players


def test_a_lobby_saved_by_todays_keeper_loads_and_waits_for_its_start():
    t = new_lobby(WORDS, [ANN, BOB], 4)
    state = GAME.load(json.loads(json.dumps(t.to_json())))
    assert state.legal_moves() == [{"type": "start", "at": 0}]


def test_a_save_that_does_not_hold_together_is_refused():
    data = started().to_json()
    for bad in (
        {**data, "version": 3},
        {**data, "players": data["players"][:7]},
        {
            **data,
            "players": [{**p, "skill": 1001 if p["skill"] else None} for p in data["players"]],
        },
        {**data, "players": [{**p, "skill": 0.5 if p["skill"] else None} for p in data["players"]]},
        {**data, "version": 1, "players": "x"},
    ):
        with pytest.raises(BadState):
            GAME.load(bad)


# --- notation ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["start @0", "step @6000", "3 CRANE @12000", "leave 2 @7", "away 0 @8", "back 0 @9"]
    + ["plan 1 3 2 CRANE 7400", "plan 2 0 0 - 30000", "finish"],
)
def test_each_move_has_one_notation(text):
    assert GAME.format_move(GAME.parse_move(text)) == text


@pytest.mark.parametrize(
    "text",
    ["", "start", "start 0", "step @-1", "9 CRANE @1", "0 CR4NE @1", "leave x @1", "plan 1 2 3"]
    + ["finish now", "x" * 200, "0  CRANE @1", "step @1.5"],
)
def test_bad_notation_is_refused(text):
    with pytest.raises(IllegalMove):
        GAME.parse_move(text)
