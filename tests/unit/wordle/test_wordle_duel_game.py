"""The practice duel on the engine protocol (docs/rules/wordle-tournament.md 3, 4
and 13): moves that carry the clock, the hidden word, the computer's timing, the
notation and the strict loading of saves."""

import json
from pathlib import Path

import pytest
from games.common.errors import BadState, IllegalMove
from games.common.rng import SeededRng
from games.wordle import letters
from games.wordle.dictionary import Dictionary
from games.wordle.duel import TURN_MS, TURNS_EACH, Duel, new_duel
from games.wordle.duel_game import duel_game, guess, planned_move, timeout
from games.wordle.players import LEVELS, PROTOCOL_LEVELS, Plan, Player
from games.wordle.sample_words import sample_dictionary

REPO = Path(__file__).resolve().parents[3]
WORDS = sample_dictionary()
GAME = duel_game(WORDS)


def duel_on(word: str, first: int = 0):
    """A duel on a chosen word, through the protocol's own loader."""
    return GAME.load(Duel(word, first, turn=first, turn_started=0).to_json())


def refused(state, move) -> IllegalMove:
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert json.dumps(state.to_json()) == before, "a refused move changed the duel"
    return caught.value


@pytest.fixture(scope="module")
def english():
    data = json.loads((REPO / "static" / "words" / "en.json").read_text("utf-8"))
    return Dictionary("en", data)


# --- starting: the word is hidden from the game's ID -------------------------------------------


def test_a_new_duel_starts_its_clock_at_zero_with_a_random_first_player():
    """Rule 3.1."""
    firsts = set()
    for seed in range(30):
        state = GAME.new_game({"lang": "en"}, seed)
        view = state.view_for(0)
        assert view["turn_started"] == 0 and view["deadline"] == TURN_MS
        assert state.current_player == view["first"] and view["rows"] == []
        firsts.add(view["first"])
    assert firsts == {0, 1}


def test_the_secret_draws_the_word_as_the_page_always_did():
    """A duel opened by its number (?seed=N) keeps its word: the secret N draws the
    length, the word and the first seat as the page drew them from N."""
    for number in (5, 11, 12345):
        rng = SeededRng(number)
        length = rng.choice((4, 5, 6))
        word = rng.choice(WORDS.answers[length])
        before = new_duel(word, rng.next_u64(), 0)
        state = GAME.new_game({"lang": "en", "secret": number}, 99)
        assert state.to_json() == before.to_json()


def test_the_word_comes_from_the_secret_not_the_public_seed():
    words = {GAME.new_game({"secret": s}, 7).to_json()["word"] for s in range(40)}
    assert len(words) > 10, "the secret decides the word"
    same = {GAME.new_game({"secret": 3}, seed).to_json()["word"] for seed in range(40)}
    assert len(same) == 1, "the public seed does not"
    # Without a secret the word comes from the seed's hidden stream, not from the
    # seed's own first draws.
    plain = [GAME.new_game({}, seed).to_json() for seed in range(40)]
    assert plain == [GAME.new_game({}, seed).to_json() for seed in range(40)]
    assert sum(p == GAME.new_game({"secret": s}, s).to_json() for s, p in enumerate(plain)) < 5


def test_the_secret_is_in_no_address_parameter_and_no_save():
    secret = 424242
    state = GAME.new_game({"lang": "en", "secret": secret}, 1)
    assert GAME.options_to_params({"lang": "en", "secret": secret}) == {"lang": "en"}
    assert str(secret) not in json.dumps(state.to_json())
    assert GAME.options_from_params({"lang": "en", "seed": "3"}) == {"lang": "en"}
    with pytest.raises(ValueError):
        GAME.options_from_params({"lang": "ru"})
    for bad in ({"lang": "ru"}, {"secret": -1}, {"secret": 1.5}, {"secret": True}, {"x": 1}):
        with pytest.raises(ValueError):
            GAME.new_game(bad, 1)


def test_the_view_hides_the_word_until_the_duel_ends():
    """Rules 3.7 and 4.5: both players see every row; the word only at the end."""
    state = duel_on("crane")
    state.apply(guess(0, "slate", 100))
    for seat in (0, 1, None):
        view = state.view_for(seat)
        assert view["word"] is None and "crane" not in json.dumps(view)
        assert [row["guess"] for row in view["rows"]] == ["slate"]
    events = state.apply(guess(1, "crane", 200))
    assert events[-1] == {"type": "over", "result": {"winner": 1}, "word": "crane"}
    assert state.view_for(0)["word"] == "crane" and state.current_player is None


# --- moves: guesses and the clock -----------------------------------------------------------------


def test_a_guess_is_legal_from_its_turns_start_until_its_time_runs_out():
    """Rules 3.3 and 4.1."""
    state = duel_on("crane")
    assert refused(state, guess(0, "slate", TURN_MS)).key == "wordle.too_late"
    events = state.apply(guess(0, "slate", TURN_MS - 1))
    assert events == [
        {
            "type": "row",
            "number": 1,
            "row": {"seat": 0, "guess": "slate", "marks": [0, 0, 2, 0, 2], "at": TURN_MS - 1},
        }
    ]
    assert refused(state, guess(1, "brave", TURN_MS - 2)).key == "wordle.too_early"
    assert state.view_for(1)["turn_started"] == TURN_MS - 1


def test_what_the_rules_refuse_is_refused_with_nothing_changed():
    """Rules 4.1 and 4.2."""
    state = duel_on("crane", first=1)
    assert refused(state, guess(0, "slate", 10)).key == "wordle.not_your_turn"
    assert refused(state, guess(1, "zzzzz", 10)).key == "wordle.not_in_list"
    wrong = refused(state, guess(1, "slates", 10))
    assert wrong.key == "wordle.wrong_length" and wrong.params == {"length": 5}
    for bad in (
        None,
        3,
        "0 SLATE @10",
        list("slate"),
        {"type": "guess", "seat": 1.0, "word": "slate", "at": 10},
        {"type": "guess", "seat": True, "word": "slate", "at": 10},
        {"type": "guess", "seat": 1, "word": "slate", "at": 10.0},
        {"type": "guess", "seat": 1, "word": "slate", "at": -1},
        {"type": "guess", "seat": 1, "word": "s" * 100_000, "at": 10},
        {"type": "guess", "seat": 1, "word": "slate", "at": 10, "extra": 1},
        {"type": "timeout"},
    ):
        assert refused(state, bad).key == "wordle.bad_move"


def test_a_turn_times_out_only_when_its_time_runs_out():
    """Rule 3.4: the skipped turn counts as used and the turn passes."""
    state = duel_on("crane")
    assert refused(state, timeout(TURN_MS - 1)).key == "wordle.not_due"
    assert refused(state, timeout(TURN_MS + 1)).key == "wordle.not_due"
    assert state.timeout_move() == timeout(TURN_MS) == state.legal_moves()[-1]
    [event] = state.apply(timeout(TURN_MS))
    assert event["row"] == {"seat": 0, "guess": None, "marks": None, "at": TURN_MS}
    assert state.current_player == 1 and state.view_for(1)["turns_used"] == [1, 0]
    assert state.time_left(TURN_MS + 5000) == TURN_MS - 5000


def test_time_away_is_settled_turn_by_turn_and_skipping_alone_draws():
    """Rules 3.4, 3.6 and 3.8: a frame back after a long absence plays each turn's
    timeout in order; each turn's clock starts when the one before ran out."""
    state = duel_on("crane", first=1)
    now = 2 * TURNS_EACH * TURN_MS + 5
    while not state.is_over and state.timeout_move()["at"] <= now:
        state.apply(state.timeout_move())
    rows = state.view_for(0)["rows"]
    assert [row["seat"] for row in rows] == [1, 0] * TURNS_EACH
    assert [row["at"] for row in rows] == [TURN_MS * (i + 1) for i in range(12)]
    assert state.result == {"draw": True} and state.legal_moves() == []
    assert refused(state, guess(0, "crane", now)).key == "wordle.duel_over"


def test_legal_moves_list_every_accepted_word_and_the_timeout():
    """Rule 4.7: a word already on the board may come again."""
    state = duel_on("crane")
    state.apply(guess(0, "slate", 10))
    moves = state.legal_moves()
    assert moves[:-1] == [guess(1, word, 10) for word in WORDS.guess_lists[5]]
    assert guess(1, "slate", 10) in moves and moves[-1] == timeout(10 + TURN_MS)
    state.apply(guess(1, "slate", 5000))  # the same guess later in the turn is legal too


def test_copies_are_independent():
    state = duel_on("crane")
    twin = state.copy()
    twin.apply(guess(0, "slate", 10))
    assert state.view_for(0)["rows"] == [] and len(twin.view_for(0)["rows"]) == 1


# --- notation --------------------------------------------------------------------------------------


def test_a_duel_is_a_list_of_move_strings():
    assert GAME.format_move(guess(0, "crane", 12000)) == "0 CRANE @12000"
    assert GAME.format_move(timeout(30000)) == "timeout @30000"
    assert GAME.parse_move("1 Crane @7") == guess(1, "crane", 7)
    assert GAME.parse_move("timeout @30000") == timeout(30000)
    for bad in ("", "0 CRANE", "2 CRANE @1", "0 CR4NE @1", "0 CRANE @", "0 CRANE @1.5"):
        with pytest.raises(IllegalMove) as caught:
            GAME.parse_move(bad)
        assert caught.value.key == "wordle.bad_notation"
    for bad in ("0 CRANE @²", "timeout 30000", "timeout @-1", "x" * 500):
        with pytest.raises(IllegalMove):
            GAME.parse_move(bad)
    moves = ["1 SLATE @900", "0 BRAVE @2000", "timeout @32000", "0 CRANE @40000"]
    state = duel_on("crane", first=1)
    for text in moves:
        state.apply(GAME.parse_move(text))
    assert state.result == {"winner": 0}


def test_notation_keeps_tiles_of_several_letters():
    data = {
        "language": "uz",
        "version": 1,
        "answers": {"4": ["oʻrik"], "5": ["choʻpon"], "6": ["gʻalaba"]},
        "guesses": {"4": ["oʻrik", "shox"], "5": ["choʻpon"], "6": ["gʻalaba"]},
    }
    words = Dictionary("uz", data)
    game = duel_game(words)
    word = words.parse("choʻpon", 5)
    assert game.format_move(guess(0, word, 1)) == "0 CHOʻPON @1"
    assert game.parse_move("0 CHO'PON @1") == guess(0, word, 1)


@pytest.mark.parametrize("lang", sorted(letters.LANGUAGES))
def test_every_listed_word_of_every_language_reads_back(lang):
    data = json.loads((REPO / "static" / "words" / f"{lang}.json").read_text("utf-8"))
    words = Dictionary(lang, data)
    game = duel_game(words)
    for length in (4, 5, 6):
        for word in words.guess_lists[length][::5]:
            move = guess(1, word, 123)
            assert game.parse_move(game.format_move(move)) == move


# --- computer players -------------------------------------------------------------------------------


def test_the_levels_are_the_protocols():
    assert GAME.levels == ("easy", "medium", "hard", "expert")
    assert set(PROTOCOL_LEVELS) == set(LEVELS)


@pytest.mark.parametrize("level", sorted(PROTOCOL_LEVELS))
def test_a_computer_move_carries_its_think_time_and_the_seed_replays_it(level):
    """The page's rule, now the engine's: the plan's guess lands when its think time
    is up; a plan that runs past the 30 seconds lets the turn time out."""
    player = GAME.computer[PROTOCOL_LEVELS[level]]
    state = duel_on("crane")
    state.apply(guess(0, "slate", 1000))
    view = state.view_for(1)
    for seed in range(25):
        move = player(view, SeededRng(seed), None)
        assert move == player(view, SeededRng(seed), None)
        plan = Player(LEVELS[level]).plan(view, WORDS, 1, SeededRng(seed))
        if plan.word is None:
            assert move == timeout(1000 + TURN_MS)
        else:
            assert move == guess(1, plan.word, 1000 + plan.think_ms)
        state.copy().apply(move)


def test_a_plan_past_the_deadline_is_the_timeout():
    view = duel_on("crane").view_for(0)
    assert planned_move(view, Plan("slate", TURN_MS - 1)) == guess(0, "slate", TURN_MS - 1)
    assert planned_move(view, Plan("slate", TURN_MS)) == timeout(TURN_MS)
    assert planned_move(view, Plan(None, TURN_MS + 9)) == timeout(TURN_MS)


# --- saves --------------------------------------------------------------------------------------------


def played():
    state = duel_on("crane", first=1)
    for move in (guess(1, "slate", 400), timeout(400 + TURN_MS), guess(1, "brave", 40_000)):
        state.apply(move)
    return state


def test_a_save_is_the_duels_json_and_loads_back():
    state = played()
    data = state.to_json()
    assert Duel.from_json(data).to_json() == data  # what the tournament's duels save too
    assert GAME.load(json.loads(json.dumps(data))).to_json() == data


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update(first=True),
        lambda d: d.update(first=1.0),
        lambda d: d.update(word="cran"),
        lambda d: d.update(word="cr4ne"),
        lambda d: d.update(turn_started=10**30),
        lambda d: d.update(turn_started=-5),
        lambda d: d.update(extra=1),
        lambda d: d["rows"][0].update(seat=True),
        lambda d: d["rows"][0].update(marks=[0, 0, 2.0, 0, 2]),
        lambda d: d["rows"][0].update(at=TURN_MS + 401),  # out of time order
        lambda d: d["rows"][1].update(at=400 + TURN_MS - 1),  # a timeout before its time
        lambda d: d["rows"][2].update(at=400),  # before its turn began
        lambda d: d["rows"][2].update(extra=1),
        lambda d: d["rows"].append(d["rows"][0]),
        lambda d: d.update(result={"winner": 1.0}),
    ],
)
def test_a_mutated_save_is_refused(tamper):
    data = played().to_json()
    tamper(data)
    with pytest.raises(BadState):
        GAME.load(data)


@pytest.mark.parametrize("case", ["wordle-duel", "wordle-duel-won"])
def test_the_captured_saves_load_and_play_on(case, english):
    """tests/fixtures/saves: duels saved by the page before the protocol (their
    times on the page's own clock) load as they are and take the next move."""
    captured = json.loads((REPO / "tests" / "fixtures" / "saves" / f"{case}.json").read_text())
    record = json.loads(captured["storage"]["gemau:saved:wordle"])
    data = record["data"]["state"]
    game = duel_game(english)
    state = game.load(data)
    assert state.to_json() == data
    if not state.is_over:
        moves = state.legal_moves()
        assert moves[-1] == timeout(data["turn_started"] + TURN_MS)
        state.apply(moves[0])
        assert len(state.rows) == len(data["rows"]) + 1
