"""app.remote.duel_word: the Wordle duel between two devices whose word neither knows, over
two Matches wired back to back: whole duels whose marks are the word's, nothing of the word
on either device before the end, and a device that lies named (docs/rules/wordle-tournament.md
15)."""

import json
import random

import pytest
from app.remote.duel_word import DuelWord
from app.remote.match import CHEATING, OVER, PLAYING, Match
from games.wordle.feedback import marks
from games.wordle.hidden_duel_game import hidden_duel_game
from games.wordle.sample_words import sample_dictionary
from test_remote_match import Wire, new_midend

WORDS = sample_dictionary()
GAME = hidden_duel_game(WORDS)


def connected(seed=0, tamper=None):
    wire = Wire()
    wire.tamper = tamper
    randoms = [random.Random(f"{seed}:{device}") for device in ("host", "guest")]
    guest = Match.guest(new_midend(GAME), wire.ends[1], "Bob", randoms[1].randbytes)
    host = Match.host(
        new_midend(GAME),
        wire.ends[0],
        "Alice",
        {"lang": "en"},
        ["host", "guest"],
        False,
        randoms[0].randbytes,
    )
    clock = [0]
    duels = [
        DuelWord(match, WORDS, lambda: clock[0], random_bytes=r.randbytes)
        for match, r in zip((host, guest), randoms)
    ]
    wire.pump()
    return wire, duels, clock


def play_out(wire, duels, clock, rng, word_at=None):
    """The seat to guess guesses at random (the word itself at row `word_at`) until the duel
    is over or stopped."""
    while all(duel.match.status == PLAYING for duel in duels):
        state = duels[0].state
        player = next((d for d in duels if d.seat == state.current_player), None)
        if player is None or state.duel.phase != "play" or state.duel.pending is not None:
            return
        clock[0] = state.duel.turn_started + 2000
        length = state.duel.length
        guess = rng.choice(WORDS.guess_lists[length])
        if word_at is not None and len(state.duel.rows) == word_at:
            guess = the_word(duels)
        player.guess(guess)
        wire.pump()


def the_word(duels):
    words = [duel.word for duel in duels]
    answers = duels[0].state.duel.answers
    return answers[(words[0].share + words[1].share) % len(answers)]


@pytest.mark.parametrize("seed, word_at", [(0, None), (1, 3), (2, 0), (3, 7)])
def test_a_duel_plays_to_its_end_with_the_words_marks(seed, word_at):
    wire, duels, clock = connected(seed)
    play_out(wire, duels, clock, random.Random(seed), word_at)
    word = the_word(duels)
    for duel in duels:
        assert duel.match.status == OVER
        state = duel.state
        assert state.duel.word == word and "wrong_marks" not in state.result
        for row in state.duel.rows:
            if row["guess"] is not None:
                assert tuple(row["marks"]) == marks(row["guess"], word)
    assert duels[0].state.to_json() == duels[1].state.to_json()
    if word_at is not None:
        assert duels[0].state.result == {"winner": duels[0].state.duel.rows[word_at]["seat"]}


def test_neither_device_holds_the_word_or_the_others_share_before_the_end():
    wire, duels, clock = connected(5)
    rng = random.Random(5)
    for _ in range(3):
        state = duels[0].state
        player = next(d for d in duels if d.seat == state.current_player)
        clock[0] = state.duel.turn_started + 1000
        player.guess(rng.choice(WORDS.guess_lists[state.duel.length]))
        wire.pump()
    for duel, other in zip(duels, reversed(duels)):
        kept = json.dumps(duel.record()) + json.dumps(duel.match.midend.store.backend.items)
        assert other.word.opening["value"] not in kept and other.word.opening["salt"] not in kept
        assert duel.state.duel.word is None and duel.word.index is None
        assert all(row["marks"] is not None for row in duel.state.duel.rows)


def test_a_table_that_lies_is_named_by_the_device_that_opened_it():
    def garbled(side, message):
        if side == 1 and message["type"] == "word-entries":
            data = bytes.fromhex(message["data"])
            message = {**message, "data": bytes(b ^ 0x5A for b in data).hex()}
        return message

    wire, duels, clock = connected(6, tamper=garbled)
    play_out(wire, duels, clock, random.Random(6))
    guest = duels[1].match
    assert guest.stop == CHEATING and guest.ended is not None
    assert guest.ended["how"] == "forfeit" and guest.outcome is True  # a win by forfeit here
    assert guest.problems[-1]["by"] == "us" and guest.problems[-1]["kind"] == CHEATING


def test_marks_the_other_device_plays_against_its_own_table_are_refused():
    seed = next(s for s in range(7, 40) if (d := connected(s)[1])[0].state.duel.first != d[0].seat)
    wire, duels, clock = connected(seed)  # the host answers the first guess: many marks fit
    host = duels[0]
    honest = host._due_move

    def lying(word, state):  # the host's device gives other marks than its entry's
        move = honest(word, state)
        if move is not None and move["type"] == "marks":
            others = [m for m in state.legal_moves() if m["marks"] != move["marks"]]
            move = {**move, "marks": others[0]["marks"]} if others else move
        return move

    host._due_move = lying
    play_out(wire, duels, clock, random.Random(seed))
    guest = duels[1].match
    assert guest.stop == CHEATING and guest.outcome is True
    assert guest.problems[-1]["by"] == "us"
    assert "differ from its table" in guest.ended["reason"]  # kept, whatever came after


def test_a_reloaded_device_carries_on_from_its_record():
    wire, duels, clock = connected(8)
    rng = random.Random(8)
    state = duels[0].state
    player = next(d for d in duels if d.seat == state.current_player)
    clock[0] = 1000
    player.guess(rng.choice(WORDS.guess_lists[state.duel.length]))
    wire.pump()
    record = json.loads(json.dumps(duels[1].record()))
    match = duels[1].match
    match.listener = duels[1]._listener
    duels[1] = DuelWord(match, WORDS, lambda: clock[0], saved=record)
    assert duels[1].word.to_json() == record["word"]
    play_out(wire, duels, clock, rng)
    assert all(duel.match.status == OVER for duel in duels)


def test_a_table_resent_on_a_new_link_before_its_guess_arrives_waits_for_the_guess():
    """A new link: each device syncs, then resends its start, choices and tables
    (ask_again); the guesser's table for the guess the link lost reaches the other device
    before the sync brings the guess itself: it is kept until the guess is played, not
    taken for a table of a guess never played."""
    wire, duels, clock = connected(9)
    rng = random.Random(9)
    state = duels[0].state
    player = next(d for d in duels if d.seat == state.current_player)
    other = duels[1 - duels.index(player)]
    clock[0] = 1000
    player.guess(rng.choice(WORDS.guess_lists[state.duel.length]))
    wire.cut()  # the guess and its table are lost with the link
    for duel, end in zip(duels, wire.ends):
        duel.match.connect(end)
    for duel in duels:
        duel.ask_again()
    wire.pump()
    assert other.match.status == PLAYING and other.held == {}
    assert other.state.duel.rows[0]["marks"] is not None  # marked, by the table held
    play_out(wire, duels, clock, rng)
    assert all(duel.match.status == OVER for duel in duels)


def test_an_old_two_device_duel_is_told_apart_from_a_hidden_word_duel():
    from app.remote.duel_word import from_before_the_hidden_word
    from games.wordle.duel import Duel

    old = {"state": Duel("crane", 0, 0, 0, [], None).to_json(), "meta": {}}
    new = {"state": duels_state_json(), "meta": {}}
    assert from_before_the_hidden_word(old)
    assert not from_before_the_hidden_word(new)
    assert not from_before_the_hidden_word(None)


def duels_state_json():
    _, duels, _ = connected(10)
    return duels[0].state.to_json()


def test_two_honest_devices_on_different_word_lists_are_told_so_not_called_cheats():
    from app.remote.match import INCOMPATIBLE
    from games.wordle.dictionary import Dictionary
    from games.wordle.sample_words import sample_data

    data = sample_data()
    data["answers"]["5"] = data["answers"]["5"][:-1]  # another version of the lists
    wire = Wire()
    guest = Match.guest(new_midend(hidden_duel_game(Dictionary("en", data))), wire.ends[1], "Bob")
    host = Match.host(new_midend(GAME), wire.ends[0], "Alice", {"lang": "en"}, ["host", "guest"])
    wire.pump()
    assert guest.status == INCOMPATIBLE and host.status == INCOMPATIBLE
    for match in (host, guest):
        said = [problem for problem in match.problems if problem["kind"] == INCOMPATIBLE]
        assert "another version of the word lists" in said[0]["reason"]
        assert all(problem["kind"] != CHEATING for problem in match.problems)
