"""The Wordle Tournament engine: who may play now, and the questions a page
asks of it (docs/rules/wordle-tournament.md 4.2, 6.2, 8, 10.2, 11.4, 11.5).

These rules used to be worked out by the tournament's screen; the engine now
answers them (`may_type`, `to_play`, `keyboard_holder`, `clock_running`,
`human_duels`, `humans_in`, `humans_placed`, `winners`, `leave_all`,
`play_out`, and the view's "to_play", "running", "bye_player", "standings",
"winners", "humans_done"), and the screen only asks.
"""

import pytest
from games.common.errors import IllegalMove
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_results import standings_order
from games.wordle.tournament_rules import INTRO_MS

WORDS = sample_dictionary()


def lobby(n_humans=1, seed=1):
    return new_lobby(WORDS, [{"name": f"Human{i}", "rating": 1000} for i in range(n_humans)], seed)


def playing(n_humans=1, seed=1):
    t = lobby(n_humans, seed)
    t.start(0)
    t.advance(INTRO_MS)
    return t


def match_of(t, pid):
    return next((i, m) for i, m in enumerate(t.current["matches"]) if pid in m["players"])


def wrong_word(duel):
    return next(w for w in WORDS.guess_lists[duel.length] if w != duel.word)


def copy(t):
    return Tournament.from_json(t.to_json(), WORDS)


def accepted(t, pid, now) -> bool:
    """Would a valid (wrong) guess of `pid` be played now? Asked of a copy."""
    other = copy(t)
    found = other._match_of(pid)
    if found is None:
        return False
    try:
        other.guess(pid, wrong_word(found[1]["duel"]), now)
    except IllegalMove:
        return False
    return True


# --- may_type, to_play (4.2) ------------------------------------------------------------------


def test_rule_you_may_type_exactly_when_a_guess_of_yours_would_be_played():
    # 4.2: "a guess is refused ... when the player has no turn to play (the
    # opponent's turn, the introduction, a bye, or after being eliminated)".
    t = lobby(n_humans=3, seed=2)
    t.start(0)
    checked, answers = 0, set()
    now = 0
    while not t.humans_done and checked < 400:
        t.advance(now)
        for pid in range(3):
            answer = t.may_type(pid)
            assert answer == accepted(t, pid, now), (now, pid)
            answers.add(answer)
            checked += 1
        if now == 9000:
            t.disconnect(now, pid=1)  # away: no typing, whatever the turn
            assert not t.may_type(1)
        now += 3000
    assert checked >= 60 and answers == {True, False}


def test_rule_nobody_types_in_the_lobby_or_the_introduction_and_bots_never():
    t = lobby(n_humans=2)
    assert not t.may_type(0) and t.keyboard_holder(0) is None
    t.start(0)
    t.advance(INTRO_MS - 1)
    assert t.phase == "intro" and not t.may_type(0) and not t.may_type(1)
    assert [t.to_play(i) for i in range(4)] == [None] * 4
    for pid in (2, 7, -1, 8, "0", None):
        assert not t.may_type(pid)


def test_to_play_is_the_human_whose_turn_it_is_in_that_duel():
    t = playing(n_humans=8)
    for i, m in enumerate(t.current["matches"]):
        duel = m["duel"]
        assert t.to_play(i) == m["players"][duel.turn]
    assert t.to_play(4) is None and t.to_play(-1) is None
    # Against a bot: the duel waits for you on your turns only.
    t = playing(n_humans=1, seed=3)
    index, m = match_of(t, 0)
    duel = m["duel"]
    you = m["players"].index(0)
    assert t.to_play(index) == (0 if duel.turn == you else None)
    for i in range(4):
        if i != index:
            assert t.to_play(i) is None


# --- keyboard_holder (11.4) -------------------------------------------------------------------


def test_rule_the_duel_waiting_for_a_human_with_the_least_time_comes_to_the_front():
    # 11.4: "the duel waiting for a member's guess comes to the front, and
    # buttons above the board switch between the group's duels".
    t = playing(n_humans=8)
    now = INTRO_MS
    # Every duel waits, each with a full clock: the first one.
    first = t.keyboard_holder(now)
    assert first == (t.to_play(0), 0)
    # The one shown keeps the keyboard while it waits.
    assert t.keyboard_holder(now, shown=2) == (t.to_play(2), 2)
    # Duel 0 is played: its next turn has a fresh clock, the others have less.
    now += 5000
    t.guess(t.to_play(0), wrong_word(t.current["matches"][0]["duel"]), now)
    assert t.keyboard_holder(now) == (t.to_play(1), 1)
    assert t.keyboard_holder(now, shown=0) == (t.to_play(0), 0)
    # A duel that waits for nobody here is not held, even when shown.
    m = t.current["matches"][3]
    t.guess(m["players"][m["duel"].turn], m["duel"].word, now)
    assert t.to_play(3) is None and t.keyboard_holder(now, shown=3)[1] != 3


def test_the_keyboard_is_nobodys_while_only_bots_are_to_play():
    t = playing(n_humans=1, seed=3)
    index, m = match_of(t, 0)
    duel = m["duel"]
    if m["players"][duel.turn] == 0:
        assert t.keyboard_holder(INTRO_MS) == (0, index)
        t.guess(0, wrong_word(duel), INTRO_MS + 100)
    assert m["players"][duel.turn] != 0
    assert t.keyboard_holder(t.clock) is None
    assert t.human_duels() == [index]


# --- clocks, who is out, placements ------------------------------------------------------------


def test_rule_the_clocks_run_from_the_end_of_the_introduction_until_each_duel_ends():
    # 6.2: "The clocks of the round's duels start when the introduction ends."
    t = lobby(n_humans=8)
    t.start(0)
    assert not any(t.clock_running(i) for i in range(4))
    assert [d["running"] for d in t.view(0, 0)["duels"]] == [False] * 4
    t.advance(INTRO_MS)
    assert all(t.clock_running(i) for i in range(4))
    m = t.current["matches"][1]
    t.guess(m["players"][m["duel"].turn], m["duel"].word, INTRO_MS + 10)
    assert not t.clock_running(1) and t.clock_running(0)
    assert [d["running"] for d in t.view(0, INTRO_MS + 10)["duels"]] == [True, False, True, True]
    assert not t.clock_running(4)


def test_leave_makes_the_whole_group_leave_one_after_the_other():
    # 11.5 "Leave makes the whole group leave"; 10.2: each is placed below
    # everyone not yet placed at that moment, so in seat order 8 then 7.
    t = playing(n_humans=2, seed=4)
    assert t.humans_in() == [0, 1] and t.humans_placed() == []
    events = t.leave_all(t.clock)
    placed = [e for e in events if e["type"] == "eliminated"]
    assert [(e["player"], e["placement"], e["reason"]) for e in placed] == [
        (0, 8, "left"),
        (1, 7, "left"),
    ]
    assert t.humans_in() == [] and t.humans_placed() == [0, 1] and t.humans_done
    assert t.leave_all(t.clock) == []


def test_play_out_finishes_the_tournament_once_no_human_is_in():
    t = playing(n_humans=1, seed=6)
    with pytest.raises(IllegalMove) as refused:
        t.play_out()
    assert refused.value.key == "wordle.not_now"
    t.leave(0, t.clock)
    stepped = copy(t)
    events = t.play_out()
    assert t.phase == "over" and events[-1]["type"] == "over"
    assert all(p["placement"] is not None for p in t.players)
    # The same tournament as the clock stepping there a second at a time.
    while not stepped.is_over:
        stepped.advance(stepped.clock + 1000)
    assert [p["placement"] for p in stepped.players] == [p["placement"] for p in t.players]
    assert t.play_out() == []


def test_play_out_in_slices_is_the_same_tournament_as_at_once():
    """A page plays it out a slice at a time (stop() true after each step here):
    every call makes progress, and the end is the same as playing out at once."""
    t = playing(n_humans=1, seed=6)
    t.leave(0, t.clock)
    at_once = copy(t)
    at_once.play_out()
    calls, events = 0, []
    while not t.is_over:
        events += t.play_out(stop=lambda: True)
        calls += 1
    assert calls > 10 and events[-1]["type"] == "over"
    assert t.to_json() == at_once.to_json()
    assert t.play_out(stop=lambda: True) == []


def test_rule_the_winners_are_those_placed_first():
    # 8.4, 8.5: one winner, or all of the last round sharing placement 1.
    t = playing(n_humans=1, seed=6)
    assert t.winners() == []
    t.leave(0, t.clock)
    t.play_out()
    winners = t.winners()
    assert winners and all(t.players[pid]["placement"] == 1 for pid in winners)
    assert t.view(0, t.clock)["winners"] == winners


def test_the_view_says_the_standings_and_the_bye():
    t = playing(n_humans=8, seed=1)
    now = t.clock
    view = t.view(0, now)
    assert view["standings"] == [p["id"] for p in t.standings()]
    assert view["standings"] == [p["id"] for p in standings_order(view["players"])]
    assert view["bye_player"] is None and not view["humans_done"]
    assert [d["to_play"] for d in view["duels"]] == [t.to_play(i) for i in range(4)]
    # One leaves, the other duels are won by their first player: 7 are left,
    # so round 2 has a bye (7.1), and those who lost a life stand lower.
    t.leave(7, now)
    for m in t.current["matches"]:
        duel = m["duel"]
        if duel.is_over:
            continue
        a, b = m["players"]
        if m["players"][duel.turn] != a:
            t.guess(b, wrong_word(duel), now)
        t.guess(a, duel.word, now)
    assert t.round_number == 2 and t.phase == "intro"
    view = t.view(0, t.clock)
    assert view["bye_player"] == t.current["bye"] is not None
    full = [p["id"] for p in t.players if p["lives"] == 3]
    assert view["standings"][: len(full)] == full and view["standings"][-1] == 7


def test_standings_order_puts_the_placed_below_those_still_in():
    players = [
        {"id": 0, "placement": 8, "lives": 0},
        {"id": 1, "placement": None, "lives": 1},
        {"id": 2, "placement": None, "lives": 3},
        {"id": 3, "placement": 6, "lives": 0},
        {"id": 4, "placement": None, "lives": 3},
    ]
    assert [p["id"] for p in standings_order(players)] == [2, 4, 1, 3, 0]
