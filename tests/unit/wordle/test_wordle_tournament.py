"""The Wordle Tournament engine, rule by rule.

Rules of record: docs/rules/wordle-tournament.md. Each test names the rule it
checks ("test_rule_..."), and each group of tests the sections of the rules
file it covers. Whole simulated tournaments are in
test_wordle_tournament_sim.py; the rating table in test_wordle_rating.py; the
pairing search in test_wordle_pairing.py.

Most tests seat 8 humans (nobody guesses unless the test says so), so that
the test decides every duel: `win` makes a player solve their word, and time
running on (advance) makes the untouched duels draw.
"""

import json

import pytest
from games.common.errors import BadState, IllegalMove
from games.wordle import letters
from games.wordle import tournament_rules as tm
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS
from games.wordle.feedback import marks
from games.wordle.nicknames import ADJECTIVES, ANIMALS
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import Tournament, new_lobby
from games.wordle.tournament_lobby import skill_for
from games.wordle.tournament_rules import GRACE_MS, INTRO_MS, LIVES

WORDS = sample_dictionary()
DRAW_MS = 12 * TURN_MS  # a duel nobody plays ends in a draw after 12 skipped turns


def humans(n, rating=1000):
    return [{"name": f"Human{i}", "rating": rating} for i in range(n)]


def started(n_humans=8, seed=1, now=0, rating=1000):
    t = new_lobby(WORDS, humans(n_humans, rating), seed)
    t.start(now)
    return t


def match_of(t, pid):
    for i, m in enumerate(t.current["matches"]):
        if pid in m["players"]:
            return i, m
    return None


def wrong_word(word):
    return next(w for w in WORDS.guess_lists[len(word)] if w != word)


def win(t, pid, now):
    """`pid` (a human) solves their duel at `now` (the opponent, also human,
    plays a wrong word first if it is their turn)."""
    _, m = match_of(t, pid)
    duel = m["duel"]
    events = []
    if m["players"][duel.turn] != pid:
        events += t.guess(m["players"][duel.turn], wrong_word(duel.word), now)
    events += t.guess(pid, duel.word, now)
    return events


def play_round(t, losers=(), now=None):
    """Play the current round of an all-human tournament: in each duel the
    player not in `losers` wins (the first of the pair when that does not
    decide); returns the time the round ended."""
    rnd = t.current
    now = max(rnd["play_at"], t.clock) if now is None else now
    t.advance(now)
    for m in rnd["matches"]:
        if m["duel"].is_over:
            continue
        a, b = m["players"]
        winner = b if a in losers and b not in losers else a
        win(t, winner, now)
    assert rnd["ended_at"] == now
    return now


def types(events):
    return [e["type"] for e in events]


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def check_placements(t):
    """The [decided] placement rule, on the log: a batch of players placed
    together takes 1 + the number of players placed after them (or not yet)."""
    settled = [e for e in t.log if e["type"] in ("eliminated", "winner")]
    batches = []
    for e in settled:
        key = (e["round"], e["at"], e.get("reason"), e["placement"])
        if batches and batches[-1][0] == key:
            batches[-1][1].append(e["player"])
        else:
            batches.append((key, [e["player"]]))
    for i, (key, pids) in enumerate(batches):
        later = sum(len(p) for _, p in batches[i + 1 :]) + sum(
            1 for p in t.players if p["placement"] is None
        )
        assert key[3] == later + 1, (key, pids)
        for pid in pids:
            assert t.players[pid]["placement"] == key[3]


# --- the lobby (docs/rules/wordle-tournament.md 2, 5) ---------------------------------------


def test_rule_8_players_in_every_tournament_3_lives_each_starting_in_a_lobby():
    # "Eight players each start with 3 lives." / "8 players in every tournament, 3 lives each."
    # "A tournament starts in a lobby of 8 players."
    t = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}], seed=3)
    assert t.phase == "lobby" and len(t.players) == 8
    assert [p["lives"] for p in t.players] == [LIVES] * 8 == [3] * 8
    assert [p["human"] for p in t.players] == [True] + [False] * 7


@pytest.mark.parametrize("seed", range(12))
def test_rule_decided_every_bot_is_rated_within_200_of_you(seed):
    # "Matchmaking looks for lobbies within 200 points of your rating, and the
    # window never widens. [decided] So every bot in your lobby is rated within 200 of you."
    you = 600 + 97 * seed
    t = new_lobby(
        WORDS, [{"name": "Ann", "rating": you}, {"name": "Bob", "rating": you + 700}], seed
    )
    for bot in t.players[2:]:
        assert abs(bot["rating"] - you) <= 200


def test_rule_decided_bots_have_their_own_nicknames_and_ratings():
    # "The other seats of a tournament are filled by computer players (bots) with
    # their own nicknames and ratings, who play their duels at the same time as yours"
    names = set()
    for seed in range(30):
        t = new_lobby(WORDS, [{"name": "QuietHeron", "rating": 1000}], seed)
        lobby_names = [p["name"] for p in t.players]
        assert len({n.casefold() for n in lobby_names}) == 8
        for name in lobby_names[1:]:
            assert name.isascii() and name.isalnum()
            assert any(name.startswith(a) for a in ADJECTIVES) and any(
                name.endswith(a) for a in ANIMALS
            )
        names.update(lobby_names[1:])
        assert len({p["rating"] for p in t.players[1:]}) > 1
    assert len(names) > 100


def test_rule_decided_a_bots_strength_follows_its_rating():
    # "Bots differ in strength and speed; a bot's strength follows its rating."
    assert skill_for(800) == pytest.approx(0.2)
    assert skill_for(1000) == pytest.approx(0.6)
    assert skill_for(1200) == skill_for(1500) == 1.0  # the expert solver
    assert skill_for(0) == skill_for(750) == pytest.approx(0.1)
    ratings = range(0, 1600, 25)
    skills = [skill_for(r) for r in ratings]
    assert skills == sorted(skills)
    t = new_lobby(WORDS, humans(1), seed=5)
    for bot in t.players[1:]:
        assert bot["skill"] == skill_for(bot["rating"])


def test_rule_players_are_anonymous_a_nickname_is_made_up_and_you_can_change_it():
    # "Players are anonymous: a nickname is made up for you, and you can change it."
    t = new_lobby(WORDS, [{"name": None, "rating": 1000}], seed=9)
    made_up = t.players[0]["name"]
    assert (
        made_up.isascii()
        and made_up.isalnum()
        and made_up not in [p["name"] for p in t.players[1:]]
    )
    events = t.rename(0, "  <b>Ann</b>   & co ")
    assert t.players[0]["name"] == "<b>Ann</b> & co"  # data, shown as text by the page
    assert events[0]["type"] == "renamed" and events[0]["name"] == "<b>Ann</b> & co"
    for bad in ("", "   ", "x" * 25, "bell\x07", None):
        with pytest.raises(IllegalMove) as refused:
            t.rename(0, bad)
        assert refused.value.key == "wordle.bad_nickname"
    with pytest.raises(IllegalMove) as refused:
        t.rename(0, t.players[4]["name"].upper())  # two players never share a name
    assert refused.value.key == "wordle.name_taken"
    with pytest.raises(IllegalMove):
        t.rename(3, "Bot")  # a bot's name is not yours to change
    t.start(0)
    with pytest.raises(IllegalMove):
        t.rename(0, "Later")


def test_rule_the_bots_play_their_duels_at_the_same_time_as_yours_and_you_can_watch_them():
    # "[decided] The product runs in the browser with no server. The other seats
    # of a tournament are filled by computer players (bots) ... who play their
    # duels at the same time as yours (you can watch them)." "Humans can share a
    # device (see Groups)." "Everything a networked version would settle on a
    # server (pairing, clocks, ratings, leaving) is settled by the same rules on the device."
    t = new_lobby(WORDS, humans(1), seed=32)
    t.start(0)
    t.advance(INTRO_MS + 25_000)
    mine = match_of(t, 0)[0]
    view = t.view(0, INTRO_MS + 25_000)
    others = [d for d in view["duels"] if d["index"] != mine]
    assert len(others) == 3 and any(d["rows"] for d in others)  # bots played meanwhile
    assert all(d["rows"][0]["guess"] for d in others if d["rows"])


def test_rule_a_group_is_up_to_8_friends():
    # "A group is up to 8 friends."
    assert [p["human"] for p in new_lobby(WORDS, humans(8), seed=1).players] == [True] * 8
    with pytest.raises(ValueError):
        new_lobby(WORDS, humans(9), seed=1)
    with pytest.raises(IllegalMove) as refused:
        new_lobby(WORDS, [{"name": "Ann", "rating": 1000}, {"name": "ANN", "rating": 900}], seed=1)
    assert refused.value.key == "wordle.name_taken"


def test_rule_after_the_tournament_the_group_returns_and_can_start_again():
    # "After the tournament the members return to the group screen, and the
    # leader can start again when nobody in the group is still in a tournament."
    t = new_lobby(WORDS, humans(2), seed=33)
    assert not t.humans_done
    t.start(0)
    t.advance(INTRO_MS)
    assert not t.humans_done
    t.leave(0, INTRO_MS + 1)
    assert not t.humans_done  # Human1 still plays
    t.leave(1, INTRO_MS + 2)
    assert t.humans_done and not t.is_over  # the bots may play on; the group is free
    again = new_lobby(
        WORDS,
        [{"name": p["name"], "rating": p["rating"] + p["rating_change"]} for p in t.players[:2]],
        seed=34,
    )
    assert again.phase == "lobby" and [p["human"] for p in again.players[:3]] == [True, True, False]


def test_rule_no_chat_and_no_emoji():
    # "There is no chat and there are no emoji." The engine has nothing to send
    # between players, and made-up nicknames are plain letters.
    t = new_lobby(WORDS, humans(2), seed=1)
    assert not [name for name in dir(t) if "chat" in name or "emoji" in name]
    assert all(n.isascii() for n in ADJECTIVES + ANIMALS)


def test_rule_before_the_start_you_can_leave_the_lobby_without_penalty():
    # "Before the tournament starts you can leave the lobby without penalty."
    t = new_lobby(WORDS, humans(1), seed=2)
    events = t.leave(0, now=0)
    assert types(events) == ["abandoned"] and t.phase == "abandoned"
    assert all(p["rating_change"] is None and p["placement"] is None for p in t.players)
    # In a group, the member who leaves is replaced by a new bot; nobody is placed.
    g = new_lobby(
        WORDS,
        [
            {"name": "Ann", "rating": 1100},
            {"name": "Bob", "rating": 900},
            {"name": "Cy", "rating": 1000},
        ],
        seed=2,
    )
    events = g.leave(1, now=0)
    assert types(events) == ["left_lobby"]
    assert [p["name"] for p in g.players[:2]] == ["Ann", "Cy"] and [
        p["id"] for p in g.players
    ] == list(range(8))
    assert [p["human"] for p in g.players] == [True, True] + [False] * 6
    assert abs(g.players[7]["rating"] - 1100) <= 200
    assert all(p["rating_change"] is None for p in g.players)
    assert Tournament.from_json(g.to_json(), WORDS).to_json() == g.to_json()


# --- rounds (docs/rules/wordle-tournament.md 3, 4, 6) -----------------------------------------


def test_rule_a_6_second_introduction_shows_the_pairings_before_each_round():
    # "A 6-second introduction shows the pairings before each round"
    t = new_lobby(WORDS, humans(8), seed=4)
    events = t.start(1000)
    assert types(events)[:2] == ["started", "round"]
    intro = events[1]
    assert intro["play_at"] == 1000 + INTRO_MS == 7000 and t.phase == "intro"
    assert (
        sorted(x for pair in intro["pairs"] for x in pair) == list(range(8))
        and intro["bye"] is None
    )
    assert t.view(0, 1000)["intro_left"] == 6000
    with pytest.raises(IllegalMove) as refused:
        t.guess(0, "crane", 6999)
    assert refused.value.key == "wordle.intro"
    assert t.advance(6999) == [] and t.phase == "intro"
    assert types(t.advance(7000)) == ["play"] and t.phase == "playing"
    for m in t.current["matches"]:
        assert m["duel"].turn_started == 7000 and m["duel"].deadline == 7000 + TURN_MS
    # The next round has its introduction too.
    end = play_round(t)
    assert (
        t.phase == "intro"
        and t.current["started_at"] == end
        and t.current["play_at"] == end + INTRO_MS
    )


def test_rule_each_round_all_duels_at_the_same_time_and_the_round_ends_with_its_last_duel():
    # "Each round, the players still in are paired for 1v1 duels, all played at
    # the same time. ... the round ends when its last duel ends."
    # "Every round, 1v1 duels are played at the same time, each on a board its two players share."
    t = started(seed=6)
    rnd = t.current
    assert len(rnd["matches"]) == 4
    t.advance(rnd["play_at"])
    firsts = [m["players"][0] for m in rnd["matches"]]
    for i, pid in enumerate(firsts[:3]):
        win(t, pid, rnd["play_at"] + 1000 * (i + 1))
        assert rnd["ended_at"] is None and t.round_number == 1
    last = rnd["matches"][3]
    events = win(t, last["players"][0], rnd["play_at"] + 20_000)
    assert rnd["ended_at"] == rnd["play_at"] + 20_000
    assert types(events)[-1] == "round" and events[-1]["at"] == rnd["ended_at"]
    assert t.round_number == 2 and t.current["started_at"] == rnd["ended_at"]


def test_rule_winning_costs_nothing_losing_costs_one_life_a_draw_costs_both_one():
    # "Winning a duel costs nothing; losing costs 1 life; in a draw both lose 1 life."
    # "Losing a duel, or drawing one, costs a life; the last player left wins."
    t = started(seed=7)
    rnd = t.current
    t.advance(rnd["play_at"])
    (a, b), (c, d) = rnd["matches"][0]["players"], rnd["matches"][1]["players"]
    events = win(t, a, rnd["play_at"] + 500)
    over = of_type(events, "duel_over")[0]
    assert (
        over["winner"] == a and not over["draw"] and over["lives"][a] == 3 and over["lives"][b] == 2
    )
    win(t, c, rnd["play_at"] + 600)
    events = t.advance(rnd["play_at"] + DRAW_MS)  # the two other duels: nobody plays
    draws = of_type(events, "duel_over")
    assert len(draws) == 2 and all(e["draw"] and e["winner"] is None for e in draws)
    for e in draws:
        for pid in e["players"]:
            assert t.players[pid]["lives"] == 2
    assert t.players[a]["lives"] == t.players[c]["lives"] == 3
    assert t.players[b]["lives"] == t.players[d]["lives"] == 2


def test_rule_a_draw_is_when_both_used_all_6_turns_and_nobody_solved():
    # "A duel is a draw when both players have used all 6 of their turns and
    # nobody has solved the word. In a draw both players lose 1 life."
    t = started(seed=8)
    rnd = t.current
    t.advance(rnd["play_at"])
    m = rnd["matches"][0]
    duel = m["duel"]
    now = rnd["play_at"]
    for _ in range(11):
        now += 1000
        t.guess(m["players"][duel.turn], wrong_word(duel.word), now)
    assert not duel.is_over
    events = t.guess(m["players"][duel.turn], wrong_word(duel.word), now + 1000)
    over = of_type(events, "duel_over")[0]
    assert over["draw"] and duel.turns_used(0) == duel.turns_used(1) == 6
    assert all(t.players[pid]["lives"] == 2 for pid in m["players"])


def test_rule_if_your_time_runs_out_your_turn_is_skipped_and_skipping_never_loses():
    # "If your time runs out, your turn is skipped: it counts as used and passes
    # to your opponent. There is no limit to skipping, and skipping alone never loses a duel."
    t = started(seed=9)
    rnd = t.current
    m = rnd["matches"][0]
    t.advance(rnd["play_at"])
    first = m["players"][m["duel"].turn]
    events = t.advance(rnd["play_at"] + TURN_MS)
    skip = of_type(events, "skip")
    assert [e["player"] for e in skip if e["duel"] == 0] == [first]
    assert skip[0]["at"] == rnd["play_at"] + TURN_MS
    assert m["players"][m["duel"].turn] != first
    events = t.advance(rnd["play_at"] + DRAW_MS)
    assert of_type(events, "duel_over")[0]["draw"]


def test_rule_the_first_player_to_solve_the_word_wins_and_feedback_is_the_usual_one():
    # "The first player to solve the word wins the duel." / "Feedback is the usual one:
    # a letter in the right place is green, a letter in the word but elsewhere is
    # yellow, a letter not in the word (or already accounted for) is grey" (the
    # marks are feedback.marks, tested letter by letter in test_wordle_feedback.py).
    # "Both players see every row."
    t = started(seed=10)
    rnd = t.current
    t.advance(rnd["play_at"])
    m = rnd["matches"][0]
    duel = m["duel"]
    mover = m["players"][duel.turn]
    other = m["players"][1 - duel.turn]
    guess = wrong_word(duel.word)
    events = t.guess(mover, guess, rnd["play_at"] + 100)
    assert events[0]["type"] == "guess" and events[0]["marks"] == list(marks(guess, duel.word))
    for pid in (mover, other):
        assert t.view(pid, rnd["play_at"] + 100)["duels"][0]["rows"][0]["guess"] == guess
    events = t.guess(other, duel.word, rnd["play_at"] + 200)
    assert of_type(events, "duel_over")[0]["winner"] == other


def test_rule_a_random_player_goes_first():
    # "In a duel both players guess the same hidden word on a shared board,
    # taking turns; a random player goes first."
    firsts = set()
    for seed in range(10):
        t = started(seed=seed)
        firsts.update(m["duel"].first for m in t.current["matches"])
    assert firsts == {0, 1}


def test_rule_each_player_has_up_to_6_turns_of_30_seconds():
    # "Each player has up to 6 turns, so the board holds up to 12 rows. Each turn lasts 30 seconds."
    t = started(seed=11)
    rnd = t.current
    t.advance(rnd["play_at"] + DRAW_MS - 1)
    duel = rnd["matches"][0]["duel"]
    assert len(duel.rows) == 11 and not duel.is_over
    assert [r["at"] for r in duel.rows] == [rnd["play_at"] + TURN_MS * (i + 1) for i in range(11)]
    t.advance(rnd["play_at"] + DRAW_MS)
    assert len(duel.rows) == 12 and duel.result == {"draw": True}


def test_rule_a_guess_must_have_the_right_length_and_be_in_the_dictionary_the_turn_and_clock_go_on():
    # "A guess must have the right length and be in the dictionary. Otherwise
    # the row shakes, a message appears, and the turn and the clock go on."
    t = started(seed=12)
    rnd = t.current
    t.advance(rnd["play_at"])
    m = rnd["matches"][0]
    duel = m["duel"]
    mover = m["players"][duel.turn]
    t.advance(rnd["play_at"] + 5000)
    before = json.dumps(t.to_json())
    other_length = next(n for n in (4, 5, 6) if n != duel.length)
    for text, key in (
        (WORDS.guess_lists[other_length][0], "wordle.wrong_length"),
        ("q" * duel.length, "wordle.not_in_list"),
    ):
        with pytest.raises(IllegalMove) as refused:
            t.guess(mover, text, rnd["play_at"] + 5000)
        assert refused.value.key == key
    assert json.dumps(t.to_json()) == before
    assert duel.deadline == rnd["play_at"] + TURN_MS and m["players"][duel.turn] == mover
    with pytest.raises(IllegalMove) as refused:
        t.guess(m["players"][1 - duel.turn], duel.word, rnd["play_at"] + 5000)
    assert refused.value.key == "wordle.not_your_turn"
    # Typed in capitals with spaces: the dictionary normalises it.
    events = t.guess(mover, "  " + duel.word.upper(), rnd["play_at"] + 6000)
    assert of_type(events, "duel_over")[0]["winner"] == mover


# --- byes (docs/rules/wordle-tournament.md 7) -----------------------------------------------------


def test_rule_with_an_odd_number_left_one_gets_a_bye_no_duel_and_no_life_lost():
    # "With an odd number of players left, one gets a bye: no duel, no life lost."
    # "With an odd number of players left, one of them gets a bye: no duel and no life lost."
    t = started(seed=13)
    t.leave(7, now=100)  # 7 players left from round 2 on
    end = play_round(t, now=t.current["play_at"])
    assert t.round_number == 2
    rnd = t.current
    bye = rnd["bye"]
    assert bye is not None and len(rnd["matches"]) == 3 and match_of(t, bye) is None
    assert [e["type"] for e in t.log if e["type"] == "bye" and e["round"] == 2] == ["bye"]
    lives = t.players[bye]["lives"]
    with pytest.raises(IllegalMove) as refused:
        t.guess(bye, "crane", rnd["play_at"] + 10)
    assert refused.value.key == "wordle.bye"
    assert t.view(bye, rnd["play_at"])["bye"] is True
    t.advance(rnd["play_at"] + DRAW_MS)  # every duel of round 2 drawn
    assert t.players[bye]["lives"] == lives
    # Round 3: the bye goes to someone else.
    assert t.round_number == 3 and t.current["bye"] not in (None, bye)
    assert rnd["started_at"] == end


# --- lives, elimination, placements (docs/rules/wordle-tournament.md 8, 9) ---------------------------


def test_rule_at_0_lives_you_are_out_and_the_last_player_left_wins():
    # "The winner is placement 1."
    # "At 0 lives you are out; the last player left wins." / "Everyone starts
    # with 3 lives; a lost duel costs 1. At 0 lives you are eliminated; the last
    # player left wins the tournament."
    t = started(seed=14)
    while t.phase != "over":
        play_round(t, losers=(0, 1, 2))
    winner = [p for p in t.players if p["placement"] == 1]
    assert len(winner) == 1 and winner[0]["lives"] > 0
    assert all(p["lives"] == 0 for p in t.players if p is not winner[0])
    assert types(t.log)[-2:] == ["winner", "over"]
    assert t.log[-2]["player"] == winner[0]["id"]
    assert t.log[-1]["placements"] == [p["placement"] for p in t.players]
    check_placements(t)


@pytest.mark.parametrize("seed,k", [(19, 2), (15, 3)])
def test_rule_players_eliminated_in_the_same_round_share_one_placement(seed, k):
    # "Your placement is settled when you are eliminated. Players eliminated in
    # the same round share one placement." / "[decided] Placements: if k players
    # are eliminated in a round while p players were still ahead of them ... they
    # all take placement p + 1."
    t = started(seed=seed)
    for _ in range(3):  # 0 and 1 lose (or draw each other) every round
        rnd = t.current
        t.advance(rnd["play_at"])
        for m in rnd["matches"]:
            a, b = m["players"]
            if {a, b} == {0, 1}:
                continue  # left to draw
            win(
                t,
                b
                if a in (0, 1)
                else a
                if b in (0, 1)
                else max((a, b), key=lambda x: (t.players[x]["lives"], -x)),
                rnd["play_at"],
            )
        if rnd["ended_at"] is None:
            t.advance(rnd["play_at"] + DRAW_MS)
    out = [e for e in t.log if e["type"] == "eliminated"]
    assert {0, 1} <= {e["player"] for e in out} and {e["round"] for e in out} == {3}
    assert len(out) == k
    assert {e["placement"] for e in out} == {8 - k + 1}  # p = 8 - k still ahead: p + 1
    # Against the other 7: 8 - k finished above (losses), k - 1 share (draws):
    # k = 2: round(K * (0.5 - 3.5)) = -21; k = 3: round(K * (1 - 3.5)) = -18.
    assert {e["rating_change"] for e in out} == {{2: -21, 3: -18}[k]}
    check_placements(t)


def test_rule_decided_a_round_that_eliminates_everyone_left_they_share_it_and_it_is_not_replayed():
    # "If a round eliminates everyone who was left, they all share that placement,
    # and the round is not replayed." p = 0 players ahead: placement 1.
    t = started(seed=16)
    for pid in range(2, 8):
        t.leave(pid, now=10 * pid)
    assert [t.players[pid]["placement"] for pid in range(2, 8)] == [8, 7, 6, 5, 4, 3]
    t.advance(10**8)  # 0 and 1 never guess: every duel a draw until both are out
    assert t.phase == "over"
    assert t.players[0]["placement"] == t.players[1]["placement"] == 1
    assert t.players[0]["rating_change"] == t.players[1]["rating_change"]
    assert "winner" not in types(t.log)
    last = t.current
    assert t.log[-1]["type"] == "over" and t.log[-1]["at"] == last["ended_at"]
    assert [e["round"] for e in t.log if e["type"] == "eliminated" and e["player"] in (0, 1)] == [
        t.round_number
    ] * 2
    check_placements(t)


def test_rule_your_rating_changes_when_your_placement_is_settled_and_you_see_it_at_once():
    # "Your rating starts at 1000 and changes when your placement is settled."
    # "The change is applied as soon as your placement is settled (when you are out, or when you win)."
    # "Once you are out you see your rating change at once, and you can leave or go on watching the other duels."
    t = new_lobby(WORDS, [{"name": "Ann", "rating": 1000}] + humans(7), seed=17)
    t.start(0)
    while t.players[0]["placement"] is None:
        play_round(t, losers=(0,))
    out = next(e for e in t.log if e["type"] == "eliminated" and e["player"] == 0)
    assert out["at"] == t.rounds[out["round"] - 1]["ended_at"]
    assert out["rating"] == 1000 + out["rating_change"] and out["rating_change"] < 0
    assert t.phase != "over"
    view = t.view(0, out["at"])
    assert view["out"] is True and view["players"][0]["rating_change"] == out["rating_change"]
    assert len(view["duels"]) >= 1  # going on watching
    with pytest.raises(IllegalMove) as refused:
        t.guess(0, "crane", out["at"] + INTRO_MS + 1)
    assert refused.value.key in ("wordle.eliminated", "wordle.intro")
    assert t.leave(0, out["at"] + 1) == []  # leaving once out changes nothing
    assert t.players[0]["rating_change"] == out["rating_change"]
    while t.phase != "over":
        play_round(t)
    win_event = next(e for e in t.log if e["type"] == "winner")
    assert win_event["at"] == t.current["ended_at"] and win_event["rating_change"] > 0


def test_rating_changes_of_an_equal_lobby_follow_the_table():
    # "In a lobby where everyone has the same rating, the change by placement is" the table.
    t = started(seed=18)
    while t.phase != "over":
        play_round(t, losers=(0,))
    table = {1: 25, 2: 18, 3: 11, 4: 4, 5: -4, 6: -11, 7: -18, 8: -25}
    for p in t.players:
        if [q["placement"] for q in t.players].count(p["placement"]) == 1:
            assert p["rating_change"] == table[p["placement"]]


# --- leaving and lost connection (docs/rules/wordle-tournament.md 10) -----------------------------


def test_rule_leaving_after_the_start_loses_the_duel_eliminates_and_places_below_that_rounds_others():
    # "Leaving after the start counts as an automatic loss: you lose the current
    # duel, you are eliminated, and you are placed below the other players
    # eliminated in that round."
    t = started(seed=19)
    play_round(t, losers=(0,))
    play_round(t, losers=(0,))
    rnd = t.current
    t.advance(rnd["play_at"])
    _, m0 = match_of(t, 0)
    beats_0 = next(p for p in m0["players"] if p != 0)
    win(t, beats_0, rnd["play_at"] + 100)  # 0 is at 0 lives, placed when the round ends
    assert t.players[0]["lives"] == 0 and t.players[0]["placement"] is None
    leaver = next(p for m in rnd["matches"] if not m["duel"].is_over for p in m["players"])
    _, lm = match_of(t, leaver)
    opponent = next(p for p in lm["players"] if p != leaver)
    lives = t.players[opponent]["lives"]
    events = t.leave(leaver, rnd["play_at"] + 200)
    over = of_type(events, "duel_over")[0]
    assert over["winner"] == opponent and over["left"] == leaver
    gone = of_type(events, "eliminated")[0]
    assert gone["player"] == leaver and gone["reason"] == "left" and gone["placement"] == 8
    assert t.players[opponent]["lives"] == lives
    t.advance(rnd["play_at"] + DRAW_MS)
    assert t.players[0]["placement"] < t.players[leaver]["placement"] == 8
    check_placements(t)


def test_leaving_during_the_introduction_loses_the_duel_to_come():
    t = started(seed=20)
    first_pair = t.current["matches"][0]["players"]
    events = t.leave(first_pair[0], now=1000)  # still in the introduction
    assert of_type(events, "duel_over")[0]["winner"] == first_pair[1]
    assert t.players[first_pair[0]]["placement"] == 8 and t.phase == "intro"


def test_rule_if_your_connection_drops_your_turns_are_skipped_and_you_have_60_seconds():
    # "If your connection drops, your turns run out and are skipped, and you
    # have 60 seconds to come back. After that you are considered to have left."
    t = new_lobby(WORDS, humans(1), seed=21)
    t.start(0)
    t.advance(INTRO_MS)
    _, m = match_of(t, 0)
    t0 = INTRO_MS + 1000
    events = t.disconnect(t0)
    assert of_type(events, "disconnected")[0]["players"] == [0]
    assert t.view(0, t0)["players"][0]["away"] is True
    with pytest.raises(IllegalMove) as refused:
        t.guess(0, "crane", t0 + 1)
    assert refused.value.key == "wordle.away"
    events = t.advance(t0 + GRACE_MS - 1)
    assert not of_type(events, "eliminated") or all(
        e["player"] != 0 for e in of_type(events, "eliminated")
    )
    skipped = [r for r in m["duel"].rows if r["seat"] == m["players"].index(0)]
    assert skipped and all(r["guess"] is None for r in skipped if r["at"] > t0)
    events = t.reconnect(t0 + GRACE_MS - 1)
    assert of_type(events, "reconnected")[0]["players"] == [0]
    assert t.players[0]["placement"] is None and t.players[0]["lost_at"] is None


def test_rule_after_60_seconds_away_you_have_left_settled_at_the_60th_second():
    t = new_lobby(WORDS, humans(1), seed=22)
    t.start(0)
    t.advance(INTRO_MS)
    t0 = INTRO_MS + 5000
    t.disconnect(t0)
    events = t.advance(t0 + GRACE_MS + 45_000)
    gone = next(e for e in events if e["type"] == "eliminated" and e["player"] == 0)
    assert gone["at"] == t0 + GRACE_MS and gone["reason"] == "disconnect"
    assert t.players[0]["left"] == "disconnect"
    assert "reconnected" not in types(t.reconnect(t0 + GRACE_MS + 50_000))


def test_rule_decided_a_reload_within_60_seconds_resumes_where_it_stands():
    # "[decided] On one device, "connection" is the page: closing, reloading or
    # hiding the tab is a lost connection." (the page calls disconnect/reconnect)
    # "The tournament is saved as it goes; coming back within 60
    # seconds resumes it where it stands (the clocks ran on meanwhile); later
    # than that you are treated as having left."
    t = new_lobby(WORDS, humans(1), seed=23)
    t.start(0)
    t.advance(INTRO_MS + 3000)
    t.disconnect(INTRO_MS + 3000)
    saved = json.loads(json.dumps(t.to_json()))
    back = Tournament.from_json(saved, WORDS)
    events = back.reconnect(INTRO_MS + 3000 + 45_000)
    assert types(events)[-1] == "reconnected" and back.players[0]["placement"] is None
    assert back.current["matches"][match_of(back, 0)[0]]["duel"].rows  # the clocks ran on
    late = Tournament.from_json(saved, WORDS)
    events = late.reconnect(INTRO_MS + 3000 + 75_000)
    assert "reconnected" not in types(events)
    assert (
        next(e for e in events if e["type"] == "eliminated" and e["player"] == 0)["at"]
        == INTRO_MS + 3000 + GRACE_MS
    )


def test_resume_after_a_page_closed_without_warning_counts_from_the_last_save():
    t = new_lobby(WORDS, humans(1), seed=35)
    t.start(0)
    t.advance(INTRO_MS + 4000)  # saved as it goes; then the page dies unannounced
    saved = json.loads(json.dumps(t.to_json()))
    soon = Tournament.from_json(saved, WORDS)
    events = soon.resume(INTRO_MS + 4000 + 59_000)
    assert types(events)[0] == "disconnected" and types(events)[-1] == "reconnected"
    assert soon.players[0]["placement"] is None
    late = Tournament.from_json(saved, WORDS)
    events = late.resume(INTRO_MS + 4000 + 61_000)
    gone = [e for e in events if e["type"] == "eliminated" and e["player"] == 0]
    assert (
        gone and gone[0]["at"] == INTRO_MS + 4000 + GRACE_MS and "reconnected" not in types(events)
    )


def test_a_group_that_loses_the_page_leaves_together_and_shares_the_placement():
    t = new_lobby(WORDS, humans(3), seed=24)
    t.start(0)
    t.disconnect(1000)
    events = t.advance(1000 + GRACE_MS)
    gone = [e for e in events if e["type"] == "eliminated"]
    assert {e["player"] for e in gone} == {0, 1, 2} and {e["placement"] for e in gone} == {6}
    check_placements(t)


def test_disconnecting_in_the_lobby_does_nothing_and_an_eliminated_player_is_not_timed_out():
    t = new_lobby(WORDS, humans(1), seed=25)
    assert t.disconnect(0) == [] and t.reconnect(100) == []
    t = started(seed=25)
    play_round(t, losers=(0,))
    play_round(t, losers=(0,))
    rnd = t.current
    t.advance(rnd["play_at"])
    t.disconnect(rnd["play_at"], pid=0)
    assert [p["lost_at"] is not None for p in t.players] == [True] + [False] * 7
    _, m = match_of(t, 0)
    if m["players"][m["duel"].turn] == 0:
        t.advance(rnd["play_at"] + TURN_MS)  # away: 0's turn is skipped
    now = t.clock
    for match in rnd["matches"]:
        a, b = match["players"]
        win(t, b if a == 0 else a, now)
    out = [e for e in t.log if e["type"] == "eliminated" and e["player"] == 0]
    assert len(out) == 1 and out[0]["reason"] == "lives" and t.players[0]["lost_at"] is None
    t.advance(rnd["play_at"] + 2 * GRACE_MS)
    assert len([e for e in t.log if e["type"] == "eliminated" and e["player"] == 0]) == 1
    assert t.players[0]["left"] is None


# --- groups (docs/rules/wordle-tournament.md 11) ------------------------------------------------------


def test_rule_decided_a_group_shares_one_device_human_duels_on_one_shared_board():
    # "They get together before the start through an invite link, and the
    # group's leader starts the game. The whole group goes into the same lobby
    # and matchmaking fills the empty seats." "[decided] With no server, a group
    # shares one device: the leader creates the group, members join by name (each
    # with their own nickname and rating), and duels between two humans are played
    # on the shared board of one screen; a human's duel against a bot is played in
    # turn with the others." (The invite link and the group screen are the page's.)
    group = [
        {"name": "Ann", "rating": 1200},
        {"name": "Bob", "rating": 950},
        {"name": "Cy", "rating": 1010},
    ]
    for seed in range(40):
        t = new_lobby(WORDS, group, seed)
        t.start(0)
        pairs = [m["players"] for m in t.current["matches"]]
        if any(a < 3 and b < 3 for a, b in pairs):
            break
    assert [p["name"] for p in t.players[:3]] == ["Ann", "Bob", "Cy"]
    assert all(abs(p["rating"] - 1200) <= 200 for p in t.players[3:])  # around the leader
    a, b = next(p for p in pairs if p[0] < 3 and p[1] < 3)
    t.advance(INTRO_MS)
    _, m = match_of(t, a)
    mover = m["players"][m["duel"].turn]
    events = t.guess(mover, wrong_word(m["duel"].word), INTRO_MS + 100)
    assert events[-1]["player"] == mover
    events = t.guess(a if mover == b else b, m["duel"].word, INTRO_MS + 200)
    assert of_type(events, "duel_over")[0]["winner"] == (a if mover == b else b)
    assert t.view(a, INTRO_MS + 200)["duels"] == t.view(b, INTRO_MS + 200)["duels"]


def test_rule_group_games_count_towards_the_rating_like_any_other_game():
    # "Group games count towards the rating like any other game."
    t = new_lobby(
        WORDS, [{"name": "Ann", "rating": 1000}, {"name": "Bob", "rating": 1000}] + humans(6), 26
    )
    t.start(0)
    while t.phase != "over":
        play_round(t, losers=(0,))
    from games.wordle.rating import rating_change

    for p in t.players:
        others = [(o["rating"], o["placement"]) for o in t.players if o is not p]
        assert p["rating_change"] == rating_change(p["rating"], p["placement"], others)
    # After the tournament the group can start again with its new ratings.
    again = new_lobby(
        WORDS,
        [{"name": p["name"], "rating": p["rating"] + p["rating_change"]} for p in t.players[:2]],
        seed=27,
    )
    assert (
        again.phase == "lobby"
        and again.players[0]["rating"] == 1000 + t.players[0]["rating_change"]
    )


# --- words and languages (docs/rules/wordle-tournament.md 12) --------------------------------------------


def test_rule_the_length_is_4_5_or_6_with_equal_chance_and_each_pair_gets_a_different_word():
    # "The length of the hidden word is chosen for each duel: 4, 5 or 6
    # letters, with equal chance. Each pair of players gets a different word."
    counts = {4: 0, 5: 0, 6: 0}
    for seed in range(150):
        t = started(seed=seed)
        words = [m["duel"].word for m in t.current["matches"]]
        assert len(set(words)) == len(words)
        for w in words:
            assert w in WORDS.answers[len(w)]
            counts[len(w)] += 1
    assert all(170 <= c <= 230 for c in counts.values()), counts  # 600 duels, 200 each expected


def test_rule_each_lobby_plays_in_one_of_the_languages():
    # "Each lobby plays in one of the game's 14 languages"; guesses are checked
    # with that language's letters and list.
    de = Dictionary(
        "de",
        {
            "language": "de",
            "version": 1,
            "answers": {
                "4": ["baum", "haus", "bär", "hund"],
                "5": ["apfel", "mäuse", "katze", "vogel"],
                "6": ["garten", "wasser", "später", "kuchen"],
            },
            "guesses": {
                "4": ["baum", "haus", "bär", "hund", "bart"],
                "5": ["apfel", "mäuse", "katze", "vogel"],
                "6": ["garten", "wasser", "später", "kuchen"],
            },
        },
    )
    t = new_lobby(de, humans(8), seed=3)
    t.start(0)
    assert t.lang == "de" and t.view(0, 0)["lang"] == "de"
    t.advance(INTRO_MS)
    _, m = match_of(t, 0)
    mover = m["players"][m["duel"].turn]
    typed = "".join(de.tiles(m["duel"].word)).upper()
    events = t.guess(mover, typed, INTRO_MS + 10)
    assert of_type(events, "duel_over")[0]["winner"] == mover
    with pytest.raises(BadState):
        Tournament.from_json(t.to_json(), WORDS)  # an English list for a German save


def tiny_dictionary(lang):
    """Made-up words from the language's own tiles (multi-letter ones too)."""
    tiles = letters.alphabet(lang)
    data = {"language": lang, "version": 1, "answers": {}, "guesses": {}}
    for n in (4, 5, 6):
        words = []
        for i in range(40):
            word = "".join(tiles[(3 * i + 2 * j) % len(tiles)] for j in range(n))
            if letters.normalise(lang, word) == word and len(letters.tiles_of(lang, word)) == n:
                words.append(word)
        data["answers"][str(n)] = words[:10]
        data["guesses"][str(n)] = words[:20]
    return Dictionary(lang, data)


@pytest.mark.parametrize("lang", list(letters.LANGUAGES))
def test_rule_the_14_languages_each_lobby_plays_in_one(lang):
    # "Each lobby plays in one of 14 languages: English, Indonesian, German,
    # Spanish, French, Italian, Dutch, Uzbek, Polish, Portuguese, Kazakh,
    # Russian, Ukrainian or Welsh." (The real word lists, "[decided] Each language has a
    # list of answer words ...", and "The on-screen keyboard shows that language's
    # alphabet" are dictionary.py's, tools/wordlists.py's and letters.py's.)
    assert len(letters.LANGUAGES) == 14
    words = tiny_dictionary(lang)
    assert all(len(words.answers[n]) >= 4 for n in (4, 5, 6))
    t = new_lobby(words, humans(8), seed=5)
    t.start(0)
    t.advance(INTRO_MS)
    for m in t.current["matches"]:
        duel = m["duel"]
        typed = "".join(words.tiles(duel.word)).upper()  # as typed on that keyboard
        mover = m["players"][duel.turn]
        events = t.guess(mover, typed, INTRO_MS + 10)
        assert of_type(events, "duel_over")[0]["winner"] == mover
    bots = new_lobby(words, [], seed=6)
    bots.start(0)
    bots.advance(10**9)
    assert bots.phase == "over" and bots.lang == lang


# --- views and saves ---------------------------------------------------------------------------------------


def test_the_view_shows_your_duel_everyones_lives_and_the_other_duels_words_hidden():
    t = started(seed=28)
    t.advance(INTRO_MS)
    view = t.view(3, INTRO_MS)
    json.dumps(view)
    assert view["phase"] == "playing" and len(view["players"]) == 8 and len(view["duels"]) == 4
    assert all(d["word"] is None for d in view["duels"])
    mine = view["duels"][view["your_duel"]]
    assert 3 in mine["players"] and view["your_seat"] == mine["players"].index(3)
    assert view["your_turn"] == (mine["turn"] == view["your_seat"])
    spectator = t.view(None, INTRO_MS)
    assert spectator["your_duel"] is None and spectator["duels"] == view["duels"]
    for m in t.current["matches"]:
        assert m["duel"].word not in json.dumps(view)


def test_events_are_numbered_and_can_be_read_again():
    t = started(seed=29)
    t.advance(INTRO_MS + 2 * TURN_MS)
    assert [e["n"] for e in t.log] == list(range(len(t.log)))
    assert t.events_since(len(t.log) - 2) == t.log[-2:]


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(phase="party"),
        lambda d: d["players"][2].update(lives=1),  # lives disagree with the duels
        lambda d: d["players"][0].update(rating="high"),
        lambda d: d["players"].pop(),
        lambda d: d["rounds"][0]["matches"][0][
            "players"
        ].reverse(),  # the winner's and loser's lives swap
        lambda d: d["rounds"][0]["matches"][1].update(
            players=d["rounds"][0]["matches"][0]["players"]
        ),
        lambda d: d["rounds"][0].update(play_at=1),
        lambda d: d["rounds"][0]["matches"][0]["duel"].update(word="zzzzzzzzzzzzzzzzz"),
        lambda d: d["rounds"][0]["matches"][0].update(seed=-1),
        lambda d: d["log"][0].update(n=7),
        lambda d: d.update(rng="x"),
        lambda d: d.update(clock=5),  # events after the clock
        lambda d: d.update(lang="fr"),
        lambda d: d["players"][1].update(placement=2),
    ],
)
def test_tampered_saves_are_refused(tamper):
    t = started(seed=30)
    rnd = t.current
    t.advance(rnd["play_at"])
    a = rnd["matches"][0]["players"][0]
    win(t, a, rnd["play_at"] + 10)
    data = json.loads(json.dumps(t.to_json()))
    Tournament.from_json(json.loads(json.dumps(data)), WORDS)  # untouched, it loads
    tamper(data)
    with pytest.raises(BadState):
        Tournament.from_json(data, WORDS)


@pytest.mark.parametrize(
    "garbage", [None, [], "save", {"version": 1}, {"version": 1, "lang": "en"}, 42]
)
def test_garbage_is_refused(garbage):
    with pytest.raises(BadState):
        Tournament.from_json(garbage, WORDS)


def test_a_save_in_the_lobby_and_at_the_end_round_trips():
    t = new_lobby(WORDS, humans(2), seed=31)
    assert Tournament.from_json(json.loads(json.dumps(t.to_json())), WORDS).to_json() == t.to_json()
    t.start(0)
    t.advance(10**8)
    assert t.phase == "over"
    assert Tournament.from_json(json.loads(json.dumps(t.to_json())), WORDS).to_json() == t.to_json()


def test_the_module_constants_match_the_rules():
    # "Everyone starts with 3 lives"; "A 6-second introduction"; "you have 60 seconds to come back".
    assert (tm.LIVES, tm.INTRO_MS, tm.GRACE_MS, tm.SEATS, TURN_MS) == (3, 6000, 60000, 8, 30000)
