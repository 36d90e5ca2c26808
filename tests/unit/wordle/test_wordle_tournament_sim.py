"""Whole Wordle tournaments simulated with an injected clock.

Bots play every seat (new_lobby with no humans), on the small built-in word
list, so a tournament takes a fraction of a second. bench/wordle_tournament.py
runs the same simulation on the real lists and reports the figures.
"""

import json
import statistics
import time
from collections import Counter

import pytest
from games.wordle import players as players_module
from games.wordle.pairing import _matchings
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_rules import INTRO_MS

WORDS = sample_dictionary()


def simulate(seed, step=None, reload_each=False, humans=(), watch=None):
    """An 8-seat tournament to its end: jumping from one due event to the next
    (or moving the clock by `step` ms at a time), optionally saving and loading
    it again after every step."""
    t = new_lobby(WORDS, list(humans), seed)
    t.start(0)
    while not t.is_over:
        t.advance(t.next_event_at() if step is None else t.clock + step)
        if watch:
            watch(t)
        if reload_each:
            data = json.loads(json.dumps(t.to_json()))
            t = Tournament.from_json(data, WORDS)
            assert t.to_json() == data
    return t


def without_clock(t):
    data = t.to_json()
    data.pop("clock")
    return data


def placement_batches(t):
    settled = [e for e in t.log if e["type"] in ("eliminated", "winner")]
    batches = []
    for e in settled:
        key = (e["round"], e["at"], e.get("reason"), e["placement"])
        if batches and batches[-1][0] == key:
            batches[-1][1].append(e["player"])
        else:
            batches.append((key, [e["player"]]))
    return batches


def test_rule_a_full_8_bot_tournament_is_simulated_start_to_finish_in_seconds():
    started = time.process_time()
    for seed in range(5):
        t = simulate(seed)
        assert t.phase == "over"
        assert all(p["placement"] is not None and p["rating_change"] is not None for p in t.players)
        assert 1 in [p["placement"] for p in t.players]
        # Placements by the [decided] rule: 1 + the number placed later.
        batches = placement_batches(t)
        for i, (key, _pids) in enumerate(batches):
            assert key[3] == 1 + sum(len(p) for _, p in batches[i + 1 :])
        # Elo is zero-sum before rounding: the 8 changes add up to about 0.
        assert abs(sum(p["rating_change"] for p in t.players)) <= 4
    assert time.process_time() - started < 10


def test_json_round_trip_at_every_step_changes_nothing():
    for seed in (1, 2):
        plain = simulate(seed)
        reloaded = simulate(seed, reload_each=True)
        assert reloaded.to_json() == plain.to_json()


def test_a_seed_replays_the_whole_tournament_however_the_clock_is_stepped():
    jumps = simulate(7)
    for step in (1000, 7919):
        assert without_clock(simulate(7, step=step)) == without_clock(jumps)
    once = new_lobby(WORDS, [], 7)
    once.start(0)
    once.advance(10**9)
    assert without_clock(once) == without_clock(jumps)
    assert without_clock(simulate(8)) != without_clock(jumps)


def test_rule_pairings_over_many_seeded_tournaments():
    # "Pairings are random. The system tries to avoid pairing you with your
    # opponent of the previous round, and never gives you a bye two rounds in a row."
    # "Nobody gets a bye in two rounds in a row."
    rounds = repeats = byes = 0
    for seed in range(40):
        t = simulate(100 + seed)
        for previous, rnd in zip(t.rounds, t.rounds[1:]):
            rounds += 1
            last = {}
            for m in previous["matches"]:
                a, b = m["players"]
                last[a], last[b] = b, a
            in_round = sorted(
                [x for m in rnd["matches"] for x in m["players"]]
                + ([rnd["bye"]] if rnd["bye"] is not None else [])
            )
            assert rnd["bye"] is None or rnd["bye"] != previous["bye"]
            byes += rnd["bye"] is not None
            actual = sum(1 for m in rnd["matches"] if last.get(m["players"][0]) == m["players"][1])
            # The fewest repeats any allowed pairing could have had:
            options = [b for b in in_round if b != previous["bye"]] if len(in_round) % 2 else [None]
            fewest = min(
                sum(1 for a, b in pairs if last.get(a) == b)
                for bye in options
                for pairs in _matchings([x for x in in_round if x != bye])
            )
            assert actual == fewest
            repeats += actual
    assert byes > 20 and repeats < rounds / 10


def test_rule_a_tournament_usually_lasts_8_to_10_rounds():
    # "A tournament usually lasts 8 to 10 rounds; those who reach the final play
    # for about 15 to 20 minutes." The rounds follow from 8 players x 3 lives;
    # the minutes depend on the real word lists and are reported by
    # bench/wordle_tournament.py (the small list here makes bots quicker).
    counts = Counter()
    minutes = []
    for seed in range(40):
        t = simulate(200 + seed)
        counts[t.round_number] += 1
        minutes.append(t.current["ended_at"] / 60_000)
    typical = sum(n for r, n in counts.items() if 8 <= r <= 10)
    assert typical >= 0.8 * 40, counts
    assert 4 <= statistics.median(minutes) <= 25


def test_rounds_follow_each_other_and_each_ends_with_its_last_duel():
    # "A 6-second introduction shows the pairings before each round; the round
    # ends when its last duel ends."
    t = simulate(11)
    for previous, rnd in zip(t.rounds, t.rounds[1:]):
        assert rnd["started_at"] == previous["ended_at"]
    for rnd in t.rounds:
        assert rnd["play_at"] == rnd["started_at"] + INTRO_MS
        assert rnd["ended_at"] == max(m["ended_at"] for m in rnd["matches"])
        words = [m["duel"].word for m in rnd["matches"]]
        assert len(set(words)) == len(words)
        for m in rnd["matches"]:
            assert m["duel"].turn_started >= rnd["play_at"]
            assert all(row["at"] >= rnd["play_at"] for row in m["duel"].rows)


def test_bots_plan_once_per_turn(monkeypatch):
    calls = []
    original = players_module.Player.plan

    def counting(self, view, words, seat, rng):
        calls.append(len(view["rows"]))
        return original(self, view, words, seat, rng)

    monkeypatch.setattr(players_module.Player, "plan", counting)
    t = simulate(12)
    bot_rows = sum(len(m["duel"].rows) for r in t.rounds for m in r["matches"])
    assert len(calls) == bot_rows


def test_a_human_who_never_plays_is_skipped_and_placed():
    t = simulate(13, humans=[{"name": "Idle", "rating": 1000}])
    assert t.phase == "over" and t.players[0]["placement"] is not None
    rows = [
        row
        for r in t.rounds
        for m in r["matches"]
        if 0 in m["players"]
        for row in m["duel"].rows
        if row["seat"] == m["players"].index(0)
    ]
    assert rows and all(row["guess"] is None for row in rows)


def test_a_human_who_loses_the_page_for_good_leaves_after_60_seconds():
    def away(t):
        if (
            t.round_number == 2
            and t.players[0]["lost_at"] is None
            and t.players[0]["placement"] is None
        ):
            t.disconnect(t.clock)

    t = simulate(14, humans=[{"name": "Gone", "rating": 1000}], watch=away)
    gone = [e for e in t.log if e["type"] == "eliminated" and e["player"] == 0]
    lost = [e for e in t.log if e["type"] == "disconnected"]
    assert gone[0]["reason"] == "disconnect" and gone[0]["at"] == lost[0]["at"] + 60_000
    assert gone[0]["placement"] == 8  # below everyone still in at that moment
    assert t.players[0]["left"] == "disconnect"


@pytest.mark.parametrize("rating", [700, 1000, 1400])
def test_lobbies_at_any_rating_finish(rating):
    t = new_lobby(WORDS, [], 15, base_rating=rating)
    assert all(abs(p["rating"] - rating) <= 200 for p in t.players)
    t.start(0)
    t.advance(10**9)
    assert t.phase == "over"
