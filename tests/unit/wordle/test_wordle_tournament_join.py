"""A person joining a lobby from another device (Tournament.join): the rules of a lobby
(docs/rules/wordle-tournament.md 5 and 11) hold for them as for the people of one device."""

import pytest
from games.common.errors import IllegalMove
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_rules import SEATS

WORDS = sample_dictionary()


def lobby(seed=3, rating=1000):
    return new_lobby(WORDS, [{"name": "Leader", "rating": rating}], seed)


def test_rule_5_1_a_joining_person_takes_the_seat_after_the_humans_and_a_bot_gives_its_up():
    t = lobby()
    bots_before = [(p["name"], p["rating"]) for p in t.players[1:7]]
    events = t.join("Ann", 1234)
    assert [e["type"] for e in events] == ["joined_lobby"]
    assert events[0]["player"] == 1 and events[0]["rating"] == 1234
    assert [p["human"] for p in t.players] == [True, True] + [False] * 6
    assert [p["id"] for p in t.players] == list(range(SEATS))
    assert t.players[1]["name"] == "Ann" and t.players[1]["rating"] == 1234
    # The other bots keep their nicknames and ratings (within 200 of the leader's: 5.3).
    assert [(p["name"], p["rating"]) for p in t.players[2:]] == bots_before
    assert events[0]["replaced"] not in [p["name"] for p in t.players]


def test_rule_5_2_nicknames_stay_unique_and_cleaned():
    t = lobby()
    with pytest.raises(IllegalMove) as refused:
        t.join("LEADER", 1000)
    assert refused.value.key == "wordle.name_taken"
    bot = t.players[3]["name"]
    t.join(f"  {bot} ", 1000)  # a bot's nickname: that bot gives its seat instead
    names = [p["name"].casefold() for p in t.players]
    assert len(set(names)) == SEATS and t.players[1]["name"] == bot


def test_rule_11_1_at_most_8_people_and_only_in_the_lobby():
    t = lobby()
    for i in range(7):
        t.join(f"Friend{i}", 1000)
    assert all(p["human"] for p in t.players)
    with pytest.raises(IllegalMove) as refused:
        t.join("Late", 1000)
    assert refused.value.key == "wordle.lobby_full"
    started = lobby()
    started.start(0)
    with pytest.raises(IllegalMove):
        started.join("Late", 1000)
    with pytest.raises(ValueError):
        lobby().join("Bad", -1)
    with pytest.raises(ValueError):
        lobby().join("Bad", True)


def test_a_lobby_with_people_joined_is_saved_played_and_left_as_any_other():
    t = lobby(seed=8)
    t.join("Ann", 900)
    t.join("Ben", 1100)
    again = Tournament.from_json(t.to_json(), WORDS)
    assert again.to_json() == t.to_json()
    t.leave(1, 0)  # Ann leaves the lobby: Ben moves up, a bot takes the last seat
    assert [p["name"] for p in t.players[:2]] == ["Leader", "Ben"]
    assert [p["human"] for p in t.players] == [True, True] + [False] * 6
    t.start(0)
    assert t.phase == "intro" and len(t.humans_in()) == 2
