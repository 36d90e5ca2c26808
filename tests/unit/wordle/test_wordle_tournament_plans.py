"""Bots' plans worked out elsewhere (the page's thinker) and handed in to the
tournament: the same tournament as when it works them out itself, stale or
illegal plans refused, a plan given kept through a save."""

import json

from games.wordle import players as players_module
from games.wordle.duel import TURN_MS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_plans import bot_plan
from games.wordle.tournament_rules import BOT_MIN_THINK_MS

WORDS = sample_dictionary()
STEP_MS = 700  # the page's clock: a call every so often, not at each event


def play(seed, give, humans=1, reload_each=False):
    """A tournament to its end on a clock moving STEP_MS at a time, the humans
    guessing a word of their duel's length on their turns; with `give`, every
    plan wanted is worked out (as the worker does, from the JSON request) and
    handed in after each call."""
    people = [{"name": None, "rating": 1000} for _ in range(humans)]
    t = new_lobby(WORDS, people, seed)
    t.start(0)
    given = 0
    while not t.is_over:
        now = t.clock + STEP_MS
        t.advance(now)
        for pid in t.humans_in():
            if t.may_type(pid) and (now // STEP_MS) % 3 == 0:
                duel = t.current["matches"][t._match_of(pid)[0]]["duel"]
                word = WORDS.guess_lists[duel.length][(now // STEP_MS) % 40]
                t.guess(pid, "".join(WORDS.tiles(word)), now)
        if give:
            for key, request in t.plans_wanted():
                plan = bot_plan(json.loads(json.dumps(request)), WORDS)
                assert t.give_plan(key, plan["word"], plan["think_ms"])
                given += 1
        if reload_each:
            t = Tournament.from_json(json.loads(json.dumps(t.to_json())), WORDS)
    return t, given


def test_plans_handed_in_make_the_same_tournament_as_plans_worked_out_inline():
    for seed in range(8):
        inline, _ = play(seed, give=False, humans=seed % 3)
        handed, given = play(seed, give=True, humans=seed % 3)
        assert given > 20
        assert handed.log == inline.log
        assert handed.to_json() == inline.to_json()


def test_with_every_plan_handed_in_the_tournament_never_plans_itself(monkeypatch):
    calls = []
    original = players_module.Player.plan

    def counting(self, view, words, seat, rng):
        calls.append(len(view["rows"]))
        return original(self, view, words, seat, rng)

    monkeypatch.setattr(players_module.Player, "plan", counting)
    t, given = play(3, give=True)
    assert len(calls) == given  # only bot_plan's calls in play(): one per plan given
    bot_rows = sum(
        1
        for r in t.rounds
        for m in r["matches"]
        for row in m["duel"].rows
        if not t.players[m["players"][row["seat"]]]["human"]
    )
    assert given >= bot_rows


def started(seed=5, humans=0):
    t = new_lobby(WORDS, [{"name": None, "rating": 1000}] * humans, seed)
    t.start(0)
    return t


def test_plans_are_wanted_from_the_introduction_and_only_for_bots():
    t = started(humans=1)
    wanted = t.plans_wanted()
    assert t.phase == "intro" and wanted
    for (round_number, index, rows), request in wanted:
        match = t.current["matches"][index]
        assert round_number == 1 and rows == 0
        assert not t.players[match["players"][match["duel"].turn]]["human"]
        assert request["view"]["word"] is None and request["lang"] == "en"
    human_turns = [
        i
        for i, m in enumerate(t.current["matches"])
        if t.players[m["players"][m["duel"].turn]]["human"]
    ]
    assert not {index for (_, index, _), _ in wanted} & set(human_turns)


def test_rule_2_3_a_bots_guess_lands_5_s_into_its_turn_at_the_earliest():
    """docs/rules/wordle-tournament.md 2.3: however fast its plan, a bot guesses
    no sooner than 5 s after its turn starts."""
    assert BOT_MIN_THINK_MS == 5_000
    t = started()
    play_at = t.current["play_at"]
    t.advance(play_at + BOT_MIN_THINK_MS - 1)
    assert all(not m["duel"].rows for m in t.current["matches"])
    t.advance(t.next_event_at())
    assert t.clock >= play_at + BOT_MIN_THINK_MS
    assert any(m["duel"].rows for m in t.current["matches"])


def test_without_a_plan_the_tournament_works_it_out_only_when_it_is_needed(monkeypatch):
    calls = []
    original = players_module.Player.plan
    monkeypatch.setattr(
        players_module.Player,
        "plan",
        lambda self, *args: calls.append(1) or original(self, *args),
    )
    t = started()
    play_at = t.current["play_at"]
    t.advance(play_at + BOT_MIN_THINK_MS - 1)
    assert calls == [] and len(t.plans_wanted()) == 4
    t.advance(play_at + BOT_MIN_THINK_MS)
    assert len(calls) == 4 and t.plans_wanted() == []


def test_a_plan_given_is_the_one_played():
    t = started()
    (key, request), *_ = t.plans_wanted()
    index = key[1]
    length = request["view"]["length"]
    word = WORDS.guess_lists[length][-1]
    assert t.give_plan(key, word, BOT_MIN_THINK_MS + 1234)
    assert key not in [k for k, _ in t.plans_wanted()]
    events = t.advance(t.current["play_at"] + BOT_MIN_THINK_MS + 1234)
    guesses = [e for e in events if e["type"] == "guess" and e["duel"] == index]
    assert [(g["word"], g["at"]) for g in guesses] == [
        (word, t.current["play_at"] + BOT_MIN_THINK_MS + 1234)
    ]


def test_a_stale_or_illegal_plan_is_refused_and_changes_nothing():
    t = started()
    (key, request), *_ = t.plans_wanted()
    round_number, index, rows = key
    length = request["view"]["length"]
    good = WORDS.guess_lists[length][0]
    before = t.to_json()
    refused = [
        ((round_number + 1, index, rows), good, 8000),  # another round
        ((round_number, index, rows + 1), good, 8000),  # another turn
        ((round_number, 9, rows), good, 8000),  # no such duel
        ("1,0,0", good, 8000),
        ((round_number, index), good, 8000),
        ((round_number, True, rows), good, 8000),
        (key, "zzzzzzzz"[:length], 8000),  # not a word of the list
        (key, good + "s", 8000),  # the wrong length
        (key, 12, 8000),
        (key, good, BOT_MIN_THINK_MS - 1),  # sooner than a bot may guess
        (key, good, TURN_MS + 1),
        (key, good, 8000.5),
        (key, good, "8000"),
    ]
    for args in refused:
        assert not t.give_plan(*args), args
    assert t.to_json() == before
    assert t.give_plan(key, good, 8000)
    assert not t.give_plan(key, good, 9000)  # the turn has its plan already
    assert t.current["matches"][index]["plan"] == {"rows": 0, "word": good, "think_ms": 8000}
    # A plan for a turn that is over: the bot guessed, the other seat plays now.
    t.advance(t.current["play_at"] + 8000)
    assert not t.give_plan(key, good, 9000)


def test_a_plan_asked_before_its_turn_ended_is_refused_after_it():
    t = started()
    wanted = dict(t.plans_wanted())
    t.advance(t.current["play_at"] + TURN_MS)  # every first turn is over (planned inline)
    for key, request in wanted.items():
        plan = bot_plan(request, WORDS)
        assert not t.give_plan(key, plan["word"], plan["think_ms"])


def test_letting_the_clock_run_out_is_a_plan_too():
    t = started()
    (key, _), *_ = t.plans_wanted()
    assert t.give_plan(key, "anything", TURN_MS)  # the word does not matter then
    assert t.current["matches"][key[1]]["plan"]["word"] is None
    events = t.advance(t.current["play_at"] + TURN_MS)
    assert any(e["type"] == "skip" and e["duel"] == key[1] for e in events)


def test_a_plan_given_is_saved_and_played_after_loading():
    t = started()
    (key, request), *_ = t.plans_wanted()
    word = WORDS.guess_lists[request["view"]["length"]][3]
    assert t.give_plan(key, word, 9000)
    loaded = Tournament.from_json(json.loads(json.dumps(t.to_json())), WORDS)
    assert loaded.to_json() == t.to_json()
    assert key not in [k for k, _ in loaded.plans_wanted()]
    at = loaded.current["play_at"] + 9000
    assert loaded.advance(at) == t.advance(at)
    assert any(e["type"] == "guess" and e["word"] == word for e in loaded.log)


def test_saving_and_loading_between_calls_changes_nothing_with_plans_handed_in():
    for seed in (1, 2):
        inline, _ = play(seed, give=False)
        reloaded, _ = play(seed, give=True, reload_each=True)
        assert reloaded.log == inline.log


def test_a_request_that_is_not_one_is_refused():
    import pytest
    from games.common.errors import BadState

    t = started()
    (_, request), *_ = t.plans_wanted()
    for bad in (
        [],
        {**request, "game": "dominoes"},
        {**request, "skill": 2},
        {**request, "skill": True},
        {**request, "seat": 3},
        {**request, "view": {"length": 9, "rows": []}},
        {**request, "view": None},
        {**request, "seed": -1},
    ):
        with pytest.raises(BadState):
            bot_plan(bad, WORDS)
