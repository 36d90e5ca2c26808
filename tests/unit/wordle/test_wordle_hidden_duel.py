"""games.wordle.hidden_duel(_game): the duel between two devices that plays without the word,
its marks supplied as the other seat's moves and checked once both shares are shown
(docs/rules/wordle-tournament.md 15)."""

import itertools
import json

import pytest
from games.common.commitment import digest
from games.common.errors import BadState, IllegalMove
from games.wordle.feedback import marks
from games.wordle.hidden_duel import MARKS_MS, HiddenDuel
from games.wordle.hidden_duel_game import (
    HiddenDuelState,
    format_move,
    hidden_duel_game,
    new_game,
    parse_move,
)
from games.wordle.sample_words import sample_dictionary

WORDS = sample_dictionary()
GAME = hidden_duel_game(WORDS)
ANSWERS = WORDS.answers[5]
SALTS = ("11" * 32, "22" * 32)
KEYS = ("aa" * 32, "bb" * 32)


def opening(seat, share):
    return f"{share}:{KEYS[seat]}"


def committed(shares=(3, 10), first=0):
    """A 5-letter duel whose word is ANSWERS[sum of shares], both shares committed."""
    state = HiddenDuelState(HiddenDuel(WORDS, 5, first))
    for seat in (0, 1):
        commitment = digest(bytes.fromhex(SALTS[seat]), opening(seat, shares[seat]))
        state.apply({"type": "commit", "seat": seat, "commitment": commitment})
    return state


def word_of(shares=(3, 10)):
    return ANSWERS[sum(shares) % len(ANSWERS)]


def guess(state, word, at=None):
    seat = state.current_player
    at = state.duel.turn_started + 1000 if at is None else at
    return state.apply({"type": "guess", "seat": seat, "word": word, "at": at})


def mark(state, given, at=None):
    row = state.duel.rows[-1]
    at = row["at"] + 500 if at is None else at
    move = {"type": "marks", "seat": 1 - row["seat"], "marks": list(given), "at": at}
    return state.apply(move)


def reveal(state, seat, share):
    return state.apply(
        {"type": "reveal", "seat": seat, "salt": SALTS[seat], "opening": opening(seat, share)}
    )


def test_a_duel_plays_to_its_end_without_the_word_until_both_shares_are_shown():
    state, word = committed(), word_of()
    other = next(w for w in ANSWERS if w != word)
    guess(state, other)
    assert state.current_player == 1 and state.duel.deadline is None  # marks awaited
    mark(state, marks(other, word))
    assert state.current_player == 1 and state.duel.turn_started == 1500
    assert word not in json.dumps(state.to_json()) + json.dumps(state.view_for(1))
    guess(state, word)
    events = mark(state, marks(word, word))
    assert events[-1] == {"type": "decided", "result": {"winner": 1}}
    view = state.view_for(0)
    assert view["word"] is None and view["phase"] == "reveal" and not state.is_over
    assert state.current_player == 0  # the loser shows its share first
    reveal(state, 0, 3)
    events = reveal(state, 1, 10)
    assert events[-1] == {"type": "over", "result": {"winner": 1}, "word": word}
    assert state.is_over and state.result == {"winner": 1} and state.view_for(1)["word"] == word
    assert state.legal_moves() == [] and state.current_player is None


def test_marks_the_word_does_not_give_are_named_at_the_end():
    state, word = committed(), word_of()
    other = next(
        w for w in ANSWERS if marks(w, word) != marks(w, ANSWERS[0]) and w not in (word, ANSWERS[0])
    )
    guess(state, other)
    mark(state, marks(other, ANSWERS[0]))  # true of another answer: allowed now
    for _ in range(11):
        state.apply({"type": "timeout", "at": state.duel.deadline})
    assert state.duel.decided == {"draw": True}
    assert state.duel.reveal_order() == [0, 1]
    reveal(state, 0, 3)
    reveal(state, 1, 10)
    assert state.result == {"draw": True, "wrong_marks": [0]}


def test_marks_no_answer_could_give_are_refused():
    state = committed()
    guess(state, ANSWERS[5])
    given = {marks(ANSWERS[5], w) for w in ANSWERS}
    impossible = next(m for m in itertools.product((0, 1, 2), repeat=5) if m not in given)
    with pytest.raises(IllegalMove) as refused:
        mark(state, impossible)
    assert refused.value.key == "wordle.marks_impossible"
    all_green_of_a_non_answer = next(w for w in WORDS.guess_lists[5] if w not in ANSWERS)
    state = committed()
    guess(state, all_green_of_a_non_answer)
    with pytest.raises(IllegalMove):
        mark(state, [2] * 5)


def test_marks_out_of_turn_or_time_are_refused_and_the_clock_waits_for_them():
    state = committed()
    guess(state, ANSWERS[1])
    row = state.duel.rows[-1]
    honest = list(marks(ANSWERS[1], word_of()))
    for move, key in [
        ({"type": "marks", "seat": 0, "marks": honest, "at": row["at"]}, "wordle.not_your_turn"),
        ({"type": "marks", "seat": 1, "marks": honest, "at": row["at"] - 1}, "wordle.marks_late"),
        (
            {"type": "marks", "seat": 1, "marks": honest, "at": row["at"] + MARKS_MS + 1},
            "wordle.marks_late",
        ),
        ({"type": "marks", "seat": 1, "marks": honest[:4], "at": row["at"]}, "wordle.wrong_length"),
        ({"type": "timeout", "at": 30_000}, "wordle.not_now"),
        ({"type": "guess", "seat": 1, "word": ANSWERS[2], "at": row["at"]}, "wordle.not_now"),
    ]:
        before = json.dumps(state.to_json())
        with pytest.raises(IllegalMove) as refused:
            state.apply(move)
        assert refused.value.key == key
        assert json.dumps(state.to_json()) == before
    mark(state, honest, at=row["at"] + MARKS_MS)
    assert state.duel.deadline == row["at"] + MARKS_MS + 30_000


def test_nothing_is_played_before_both_commitments():
    state = HiddenDuelState(HiddenDuel(WORDS, 5, 0))
    with pytest.raises(IllegalMove):
        state.apply({"type": "guess", "seat": 0, "word": ANSWERS[0], "at": 0})
    with pytest.raises(IllegalMove):
        state.apply({"type": "commit", "seat": 1, "commitment": "00" * 32})
    state.apply({"type": "commit", "seat": 0, "commitment": "00" * 32})
    with pytest.raises(IllegalMove):
        state.apply({"type": "commit", "seat": 0, "commitment": "00" * 32})


def test_a_share_whose_opening_contradicts_its_commitment_is_refused():
    state = committed()
    guess(state, word_of())
    mark(state, [2] * 5)  # seat 0 solved it: seat 1 shows its share first
    with pytest.raises(IllegalMove) as refused:
        reveal(state, 0, 3)
    assert refused.value.key == "wordle.not_your_turn"
    for salt, text in [
        (SALTS[1], opening(1, 11)),
        (SALTS[0], opening(1, 10)),
        (SALTS[1], f"10:{KEYS[0]}"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            state.apply({"type": "reveal", "seat": 1, "salt": salt, "opening": text})
        assert refused.value.key == "wordle.bad_opening"
    reveal(state, 1, 10)
    reveal(state, 0, 3)
    assert state.result == {"winner": 0}


def test_a_share_outside_the_list_is_refused():
    shares = (3, 10 + len(ANSWERS))
    state = committed(shares)
    guess(state, ANSWERS[0])
    mark(state, [2] * 5)
    with pytest.raises(IllegalMove) as refused:
        reveal(state, 1, shares[1])
    assert refused.value.key == "wordle.bad_opening"


def test_saves_replay_and_notation_round_trips():
    state, word = committed(), word_of()
    guess(state, ANSWERS[1])
    mark(state, marks(ANSWERS[1], word))
    state.apply({"type": "timeout", "at": state.duel.deadline})
    guess(state, word)
    mark(state, [2] * 5)
    reveal(state, 1, 10)
    reveal(state, 0, 3)
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.load(data).to_json() == data
    for move in data["moves"]:
        assert parse_move(WORDS, format_move(WORDS, move)) == move
    broken = json.loads(json.dumps(data))
    broken["moves"][3]["marks"] = [2, 2, 2, 2, 2]
    with pytest.raises(BadState):
        GAME.load(broken)
    with pytest.raises(BadState):
        GAME.load({**data, "length": 7})
    with pytest.raises(BadState):
        GAME.load({**data, "moves": [*data["moves"], data["moves"][-1]]})


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0 commit 12",
        "0 reveal aa 1:bb",
        "1 marks 0123 @5",
        "2 CRANE @1",
        "timeout 5",
        "x" * 300,
    ],
)
def test_bad_notation_is_refused(text):
    with pytest.raises(IllegalMove) as refused:
        parse_move(WORDS, text)
    assert refused.value.key in ("wordle.bad_notation",)


@pytest.mark.parametrize(
    "move",
    [
        {"type": "marks", "seat": 1, "marks": [3, 0, 0, 0, 0], "at": 0},
        {"type": "marks", "seat": 1, "marks": "22222", "at": 0},
        {"type": "commit", "seat": 0, "commitment": "AB" * 32},
        {"type": "reveal", "seat": 0, "salt": "11" * 32, "opening": "01:" + "aa" * 32},
        {"type": "guess", "seat": 2, "word": "crane", "at": 0},
        {"type": "timeout", "at": 1.0},
    ],
)
def test_malformed_moves_are_refused(move):
    with pytest.raises(IllegalMove) as refused:
        committed().apply(move)
    assert refused.value.key == "wordle.bad_move"


def test_the_seed_draws_the_length_and_who_starts_and_legal_moves_list_the_marks():
    assert {(new_game(WORDS, {"lang": "en"}, s).duel.length) for s in range(20)} == {4, 5, 6}
    a, b = new_game(WORDS, {"lang": "en"}, 7), new_game(WORDS, {"lang": "en"}, 7)
    assert (a.duel.length, a.duel.first) == (b.duel.length, b.duel.first)
    state = committed()
    guess(state, ANSWERS[4])
    listed = state.legal_moves()
    assert {tuple(move["marks"]) for move in listed} == {marks(ANSWERS[4], w) for w in ANSWERS}
    for move in listed[:5]:
        state.copy().apply(move)


# --- what the duel's screen reads (as the practice duel's DuelState offers) ----------------


def test_the_clock_stops_while_a_guess_waits_for_its_marks():
    state = committed()
    assert state.length == 5 and state.rows == [] and state.deadline == 30_000
    assert state.time_left(12_000) == 18_000
    assert state.timeout_move() == {"type": "timeout", "at": 30_000}
    state.apply({"type": "guess", "seat": 0, "word": ANSWERS[0], "at": 12_000})
    assert state.rows[0]["marks"] is None and state.deadline is None
    assert state.time_left(12_000) == state.time_left(29_000) == 18_000  # stopped
    with pytest.raises(IllegalMove):
        state.timeout_move()
    given = list(marks(ANSWERS[0], ANSWERS[13]))
    state.apply({"type": "marks", "seat": 1, "marks": given, "at": 12_400})
    assert state.time_left(12_400) == 30_000  # the next turn starts with the marks
    state.rows[0]["marks"].append(9)  # a copy
    assert state.duel.rows[0]["marks"] == given


def test_two_devices_play_a_duel_only_on_the_same_word_lists():
    params = GAME.options_to_params({"lang": "en"})
    assert set(params) == {"lang", "words"} and len(params["words"]) == 16
    assert GAME.options_from_params(params) == {"lang": "en"}
    for bad in ({"lang": "en"}, {**params, "words": "0" * 16}):
        with pytest.raises(ValueError, match="another version of the word lists"):
            GAME.options_from_params(bad)


def test_the_word_lists_version_changes_with_any_answer_or_guess():
    from games.wordle.dictionary import Dictionary
    from games.wordle.hidden_duel_game import lists_digest

    def data(words):
        return {
            "language": "en",
            "answers": {str(n): list(words.answers[n]) for n in words.answers},
            "guesses": {str(n): list(words.guess_lists[n]) for n in words.guess_lists},
        }

    same = Dictionary("en", data(WORDS))
    assert lists_digest(same) == lists_digest(WORDS)
    for part in ("answers", "guesses"):
        changed = data(WORDS)
        changed[part]["5"] = changed[part]["5"][:-1]
        assert lists_digest(Dictionary("en", changed)) != lists_digest(WORDS)
