"""A group on one device shares one keyboard (docs/rules/wordle-tournament.md 11.4): of the
duels waiting for one of its people, one at a time has the keyboard and its clock runs;
the others are held, their clocks stopped at 30 s, and get it in the order they began
waiting, each with its whole 30 s."""

import random

import pytest
from games.common.errors import IllegalMove
from games.wordle.duel import TURN_MS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_rules import GRACE_MS, INTRO_MS

WORDS = sample_dictionary()
PEOPLE = [{"name": n, "rating": 1000} for n in ("Ann", "Bryn", "Cai", "Dai", "Efa")]


def shared(seed):
    t = new_lobby(WORDS, PEOPLE, seed)
    t.shared_keyboard = True
    t.start(0)
    t.advance(INTRO_MS)
    return t


def waiting_for_people(t) -> list[int]:
    return [
        i
        for i, m in enumerate(t.current["matches"])
        if not m["duel"].is_over and t.players[m["players"][m["duel"].turn]]["human"]
    ]


def seed_with_two_waiting():
    for seed in range(200):
        t = shared(seed)
        if len(waiting_for_people(t)) >= 2:
            return seed
    raise AssertionError("no seed starts with two people's duels waiting")


def test_one_duel_has_the_keyboard_and_the_others_are_held_with_their_clocks_stopped():
    t = shared(seed_with_two_waiting())
    now = INTRO_MS + 10_000
    t.advance(now)
    view = t.view(None, now)
    waiting = waiting_for_people(t)
    running = [i for i in waiting if view["duels"][i]["running"]]
    assert len(running) == 1
    holder = t.keyboard_holder(now)
    assert holder[1] == running[0] and view["duels"][holder[1]]["time_left"] == TURN_MS - 10_000
    for i in waiting:
        if i != holder[1]:
            duel = view["duels"][i]
            assert duel["time_left"] == TURN_MS and duel["to_play"] is None
            pid = duel["players"][duel["turn"]]
            with pytest.raises(IllegalMove) as refused:
                t.guess(pid, "x" * duel["length"], now)
            assert refused.value.key == "wordle.keyboard_busy"
    # The holder's time runs out: the turn is skipped and the duel that waited longest
    # gets the keyboard with its whole 30 s from then.
    t.advance(INTRO_MS + TURN_MS)
    nxt = t.keyboard_holder(INTRO_MS + TURN_MS)
    assert nxt is not None and nxt[1] != holder[1]
    assert t.view(None, INTRO_MS + TURN_MS)["duels"][nxt[1]]["time_left"] == TURN_MS
    assert t.view(None, INTRO_MS + TURN_MS + 5_000)["duels"][nxt[1]]["time_left"] == TURN_MS - 5_000


def test_a_guess_passes_the_keyboard_on_at_once():
    t = shared(seed_with_two_waiting())
    now = INTRO_MS + 3_000
    pid, index = t.keyboard_holder(now)
    duel = t.current["matches"][index]["duel"]
    t.guess(pid, WORDS.guess_lists[duel.length][0], now)
    nxt = t.keyboard_holder(now)
    assert nxt is not None and nxt[1] != index
    assert t.view(None, now)["duels"][nxt[1]]["time_left"] == TURN_MS


@pytest.mark.parametrize("seed", range(6))
def test_random_games_never_run_two_peoples_clocks_at_once_and_round_trip(seed):
    """Property: people guess at random moments; at every step at most one duel waiting for
    a person has its clock running, and the tournament survives a JSON round trip."""
    t = shared(seed)
    rng = random.Random(seed)
    now = INTRO_MS
    for _ in range(3000):
        if t.is_over or t.humans_done:
            break
        now += rng.choice((500, 1000, 4000))
        t.advance(now)
        if t.phase == "playing":
            view = t.view(None, now)
            clocks = [i for i in waiting_for_people(t) if view["duels"][i]["running"]]
            assert len(clocks) <= 1
            holder = t.keyboard_holder(now)
            if holder is not None and rng.random() < 0.3:
                duel = t.current["matches"][holder[1]]["duel"]
                t.guess(holder[0], rng.choice(WORDS.guess_lists[duel.length]), now)
        again = Tournament.from_json(t.to_json(), WORDS)
        assert again.to_json() == t.to_json()
    assert t.humans_done or t.is_over


def test_a_tournament_saved_before_the_shared_keyboard_loads_with_every_clock_running():
    t = shared(seed_with_two_waiting())
    data = t.to_json()
    del data["shared_keyboard"]
    for m in data["rounds"][-1]["matches"]:
        m.pop("held", None)
    data["rounds"][-1].pop("keyboard", None)
    old = Tournament.from_json(data, WORDS)
    assert old.shared_keyboard is False
    assert all(d["running"] for d in old.view(None, INTRO_MS)["duels"] if d["result"] is None)


def everyone_held_then_away(seed=1):
    """Eight people share the device: of the four duels one has the keyboard, three are
    held. Then the page is away and nobody comes back within 60 s (rule 10.3)."""
    people = [{"name": f"P{i}", "rating": 1000} for i in range(8)]
    t = new_lobby(WORDS, people, seed)
    t.shared_keyboard = True
    t.start(0)
    t.advance(INTRO_MS)
    assert sum(m.get("held") is not None for m in t.current["matches"]) == 3
    t.disconnect(INTRO_MS + 1_000)
    return t


def test_duels_ended_by_everyone_leaving_are_held_for_nobody_and_the_save_loads():
    t = everyone_held_then_away()
    t.advance(INTRO_MS + 1_000 + GRACE_MS)  # all leave at once: every duel is resigned
    assert t.is_over
    assert not any(m.get("held") is not None for r in t.rounds for m in r["matches"])
    assert Tournament.from_json(t.to_json(), WORDS).to_json() == t.to_json()


def test_a_save_with_a_finished_duel_still_marked_held_loads_without_the_mark():
    # Saves written before the fix above kept the mark on the duels resigned when the
    # round ended; they load, the mark dropped (a duel that is over waits for nobody).
    t = everyone_held_then_away()
    t.advance(INTRO_MS + 1_000 + GRACE_MS)
    data = t.to_json()
    for m in data["rounds"][-1]["matches"][1:]:
        m["held"] = INTRO_MS
    loaded = Tournament.from_json(data, WORDS)
    assert loaded.to_json() == t.to_json()
