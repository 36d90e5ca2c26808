"""A finished tournament told again from its record (games.wordle.tournament_story):
tournaments played by the engine, with people guessing, losing the connection,
coming back and leaving, are told step by step exactly as they happened; a
record that does not hold together is refused, never told wrongly
(docs/rules/wordle-tournament.md 14)."""

import itertools
import json
import random
from pathlib import Path

import pytest
from app import replays
from games.wordle import tournament_story as story
from games.wordle.dictionary import Dictionary
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby

WORDS = sample_dictionary()
ROOT = Path(__file__).resolve().parents[3]


def played(seed, humans=1, words=WORDS, coming_and_going=True):
    """A tournament to its end: the people guess (the word now and then), and
    with `coming_and_going` now and then lose the connection, come back or leave."""
    rng = random.Random(seed)
    people = [{"name": None, "rating": 1000 + 10 * i} for i in range(humans)]
    t = new_lobby(words, people, seed)
    t.start(0)
    while not t.is_over:
        at = t.next_event_at()
        now = max(t.clock, at - rng.randrange(1, 3000))
        t.advance(now)
        for pid in t.humans_in():
            roll = rng.random()
            if coming_and_going and roll < 0.003:
                t.leave(pid, now)
            elif coming_and_going and roll < 0.02:
                t.disconnect(now, pid)
            elif roll < 0.1:
                t.reconnect(now, pid)
            elif t.may_type(pid):
                duel = t.current["matches"][t._match_of(pid)[0]]["duel"]
                word = (
                    duel.word if rng.random() < 0.3 else rng.choice(words.guess_lists[duel.length])
                )
                t.guess(pid, "".join(words.tiles(word)), now)
        t.advance(at)
    return t


def told(t, group=False, words=WORDS):
    entry = {**story.record(t, group), "date": "2026-12-01"}
    return entry, replays.positions(story.story_game(words), entry)


def rows(duel_rows):
    return [(r["seat"], r["guess"], r["marks"]) for r in duel_rows]


SEEDS = range(24)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_tournament_is_told_step_by_step_as_it_was_played(seed):
    t = played(seed, humans=1 + seed % 3)
    entry, states = told(t)
    assert len(states) == len(entry["moves"]) + 1 and states[-1].is_over
    for mine, theirs in zip(states[-1].players, t.players):
        for key in ("name", "rating", "human", "lives", "placement", "rating_change", "left"):
            assert mine[key] == theirs[key], key
    # Every round's duels as the engine played them: players, first seat, word,
    # each row with its colours (rule 4.3), the result.
    ends = [
        i
        for i in range(1, len(states))
        if i + 1 == len(states) or states[i + 1].round > states[i].round
    ]
    assert len(ends) == t.round_number
    for i in ends:
        state = states[i]
        for duel, match in zip(state.duels, t.rounds[state.round - 1]["matches"], strict=True):
            played_duel = match["duel"]
            assert duel["players"] == match["players"] and duel["first"] == played_duel.first
            assert duel["word"] == played_duel.word and duel["result"] == played_duel.result
            assert rows(duel["rows"]) == rows(played_duel.rows)
    # Lives as each duel's end left them (rule 1.3).
    lives_after = [e["lives"] for e in t.log if e["type"] == "duel_over"]
    told_lives = [[p["lives"] for p in s.players] for s in states[1:] for _ in s.step["ended"]]
    assert told_lives == lives_after
    assert story.tell(WORDS, entry).players == states[-1].players


def test_every_kind_of_step_is_met_and_the_record_survives_a_link():
    kinds = set()
    for seed in SEEDS:
        entry, _ = told(played(seed, humans=1 + seed % 3))
        kinds |= {move.split(" ")[0] for move in entry["moves"]}
        assert replays.from_token(replays.token(entry)) == entry
    assert kinds == {"round", "guess", "skip", "away", "back", "leave", "drop"}


def test_a_group_dropping_out_together_is_one_step_and_shares_its_placement():
    """Rule 10.5: people who lose the connection together and do not return."""
    t = new_lobby(WORDS, [{"name": "Ana", "rating": 1000}, {"name": "Bo", "rating": 1000}], 4)
    t.start(0)
    t.advance(7_000)
    t.disconnect(7_000)
    t.advance(t.clock + 61_000)
    t.play_out()
    entry, states = told(t, group=True)
    assert "away 0 1" in entry["moves"] and "drop 0 1" in entry["moves"]
    last = states[-1]
    assert last.players[0]["placement"] == last.players[1]["placement"] == 7
    assert last.players[0]["left"] == "disconnect" and last.group


def test_a_real_tournaments_link_is_far_below_the_size_limit():
    """Measured on the shipped English list: about 1,100 characters."""
    words = Dictionary("en", json.loads((ROOT / "static/words/en.json").read_text("utf-8")))
    t = played(3, words=words, coming_and_going=False)
    entry, states = told(t, words=words)
    assert states[-1].is_over and t.round_number >= 6
    assert len(replays.token(entry)) < replays.MAX_TOKEN / 8


# --- forged and damaged records ------------------------------------------------------------

GOOD, GOOD_STATES = told(played(5, humans=2))
MOVES = GOOD["moves"]
ROUND_1 = story.parse_step(MOVES[0])[1][0]  # [(a, b, first, word), ...]


def moves(new):
    return {**GOOD, "moves": new}


def inserted(at, *steps):
    return moves(MOVES[:at] + list(steps) + MOVES[at:])


def changed(**options):
    return {**GOOD, "options": {**GOOD["options"], **options}}


def player(i, **fields):
    players = [list(p) for p in GOOD["options"]["players"]]
    for key, value in fields.items():
        players[i][("name", "rating", "human").index(key)] = value
    return changed(players=players)


def round_line(duels, bye=None):
    return " ".join(
        ["round", *(":".join(map(str, d)) for d in duels)]
        + ([f"bye:{bye}"] if bye is not None else [])
    )


def first_round_as(duels, bye=None):
    return moves([round_line(duels, bye)] + MOVES[1:])


def ended_by_a_guess():
    """(index of the move of a guess that ended its duel, that duel)."""
    for i, state in enumerate(GOOD_STATES[1:]):
        if state.step["kind"] == "guess" and state.step["ended"]:
            return i, state.step["duel"]
    raise AssertionError("no duel ended by a guess")


def between_rounds():
    """The index of a round line after the first: the moment between two rounds."""
    return next(i for i, m in enumerate(MOVES) if m.startswith("round") and i > 0)


def a_round_with_someone_out():
    """(index, line) of a later round whose line is replaced by the first round's:
    all 8 paired again, though some are out."""
    i = next(
        i
        for i, m in enumerate(MOVES)
        if m.startswith("round") and any(p["placement"] for p in GOOD_STATES[i].players)
    )
    return moves(MOVES[:i] + [MOVES[0]] + MOVES[i + 1 :])


def another_word():
    i, duel = ended_by_a_guess()
    round_start = max(j for j in range(i + 1) if MOVES[j].startswith("round"))
    duels, bye = story.parse_step(MOVES[round_start])[1]
    used = {d[3] for d in duels}
    a, b, first, word = duels[duel]
    other = next(w for w in WORDS.answers[len(word)] if w not in used)
    duels = [d if k != duel else (a, b, first, other) for k, d in enumerate(duels)]
    return moves(MOVES[:round_start] + [round_line(duels, bye)] + MOVES[round_start + 1 :])


def bye_twice():
    """Two rounds in a row with a bye (from any simulated record that has them),
    the second one's bye given to the first one's player."""
    for seed in range(40):
        entry, states = told(played(seed, humans=2))
        rounds = [i for i, m in enumerate(entry["moves"]) if m.startswith("round")]
        for j, i in itertools.pairwise(rounds):
            before, now = states[j + 1].bye, states[i + 1].bye
            if (
                before is not None
                and now is not None
                and states[i].players[before]["placement"] is None
            ):
                duels, _ = story.parse_step(entry["moves"][i])[1]
                swap = {before: now, now: before}
                duels = [(swap.get(a, a), swap.get(b, b), s, w) for a, b, s, w in duels]
                new = entry["moves"][:i] + [round_line(duels, before)] + entry["moves"][i + 1 :]
                return {**entry, "moves": new}
    raise AssertionError("no record with two byes running")


def a_duel_too_many():
    """A row for duel n of a round of n duels (fewer than 4)."""
    i = next(i for i, m in enumerate(MOVES) if m.startswith("round") and m.count(":") < 12)
    return inserted(i + 1, f"skip {MOVES[i].count(':') // 3}")


END, ENDED_DUEL = ended_by_a_guess()
A_WORD = ROUND_1[0][3]

FORGED = {
    "nothing": (moves([]), "before the end"),
    "cut short": (moves(MOVES[:-1]), "before the end"),
    "a step after the end": (moves(MOVES + ["skip 0"]), "is over"),
    "a guess before the first round": (moves(["guess 0 " + A_WORD] + MOVES), "no such duel"),
    "the first round twice": (inserted(1, MOVES[0]), "last one is over"),
    "a row after its duel ended": (inserted(END + 1, f"skip {ENDED_DUEL}"), "duel is over"),
    "a word not in the list": (inserted(1, "guess 0 " + "q" * len(A_WORD)), "in the list"),
    "a guess of the wrong length": (inserted(1, "guess 0 " + A_WORD + "s"), "length"),
    "a duel the round does not have": (a_duel_too_many(), "no such duel"),
    "a hidden word not in the list": (
        first_round_as([(a, b, s, "q" * len(w)) for a, b, s, w in ROUND_1]),
        "word of its own",
    ),
    "two duels on one word": (
        first_round_as([(a, b, s, A_WORD) for a, b, s, _ in ROUND_1]),
        "word of its own",
    ),
    "another word for a duel: it does not end where the record says": (
        another_word(),
        "last one is over",
    ),
    "a player in two duels": (
        first_round_as([ROUND_1[0], (ROUND_1[0][0], *ROUND_1[1][1:])] + ROUND_1[2:]),
        "pairs everyone",
    ),
    "a player left out": (first_round_as(ROUND_1[1:]), "pairs everyone"),
    "a bye with everyone paired": (first_round_as(ROUND_1, bye=0), "pairs everyone"),
    "players who are out paired again": (a_round_with_someone_out(), "pairs everyone"),
    "a bye twice running": (bye_twice(), "bye twice"),
    "a computer losing the connection": (inserted(1, "away 7"), "people still in"),
    "coming back without having gone": (inserted(1, "back 0"), "not away"),
    "dropping out without being away": (inserted(1, "drop 0"), "away for 60"),
    "leaving between two rounds": (inserted(between_rounds(), "leave 0"), "round is played"),
    "a player number out of range": (inserted(1, "away 8"), "in range"),
    "a player twice in one step": (inserted(1, "away 0 0"), "twice"),
    "a step that is not one": (inserted(1, "resign 0"), "not a step"),
    "a number written oddly": (inserted(1, "skip 00"), "in range"),
    "a step that is not text": (inserted(1, 5), "text"),
    "seven players": (changed(players=GOOD["options"]["players"][:7]), "8 players"),
    "a computer before the people": (player(0, human=False), "people first"),
    "two players of one name": (player(3, name=GOOD["options"]["players"][2][0].upper()), "names"),
    "a name with a control character": (player(4, name="Bo\u0007"), "player 4"),
    "a name too long": (player(4, name="x" * 25), "player 4"),
    "a name with spaces around it": (player(4, name=" Bo"), "player 4"),
    "a negative rating": (player(5, rating=-1), "player 5"),
    "a rating that is true": (player(5, rating=True), "player 5"),
    "another language": (changed(lang="cy"), "language"),
    "an unknown option": (changed(extra=1), "options"),
    "options that are not a dict": ({**GOOD, "options": []}, "options"),
}


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_record_that_does_not_hold_together_is_refused(case):
    entry, reason = FORGED[case]
    with pytest.raises(ValueError, match=reason):
        story.tell(WORDS, entry)


def test_the_good_record_is_told_and_the_replay_frame_refuses_the_forged_ones():
    assert story.tell(WORDS, GOOD).is_over
    game = story.story_game(WORDS)
    for entry, _ in FORGED.values():  # positions() of a record stopping early may hold
        try:
            states = replays.positions(game, entry)
        except ValueError:
            continue
        assert not states[-1].is_over
