"""The thinker: the worker's side (app.thinking.think) chooses what the midend
would; the page's side (app.thinker.Thinker) and the computer's turns
(app.computer_turns) play the worker's move once both it and the pause are done,
and choose on the page's thread when the worker is not ready or fails."""

import json
import random

import pytest
from app import saved_games, thinking
from app.computer_turns import PAUSE_MS, ComputerTurns
from app.midend import Midend, computer
from app.storage import MemoryBackend, Store
from app.thinker import Thinker
from games.common.errors import BadState
from games.dominoes.game import GAME as DOMINOES

from .test_computer_turns import Clock, FakeLater

GAMES = {
    "battleship": ({"mode": "salvo"}, ["human", computer("hard")]),
    "deblockle": ({}, [computer("strong"), computer("easy")]),
    "dominoes": ({"seats": 3, "target": 40}, [computer("easy"), computer("medium"), "human"]),
}


def midend_for(name: str, seed: int) -> Midend:
    import importlib

    game = importlib.import_module(f"games.{name}.game").GAME
    options, seats = GAMES[name]
    store = Store(MemoryBackend())
    saved_games.register(store, [name])
    midend = Midend(store, game, Clock())
    levels = game.levels
    seats = [computer(levels[-1]) if s.startswith("computer:") else s for s in seats]
    midend.start(options, seed, seats)
    return midend


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_worker_chooses_what_the_midend_chooses(name):
    """Through a game's first computer turns: the request, written down and read
    back in the worker, gives the very move the midend would play."""
    midend = midend_for(name, seed=5)
    chance = random.Random(5)
    compared = 0
    for _ in range(2000):
        if midend.state.is_over or compared == 6:
            break
        if midend.computer_to_move:
            text = thinking.think(json.dumps(midend.computer_request()))
            assert text == midend.game.format_move(midend.computer_move())
            midend.play(midend.game.parse_move(text))
            compared += 1
        else:
            midend.play(chance.choice(midend.state.legal_moves()))
    assert compared >= 2


@pytest.mark.parametrize(
    "request_text",
    ['"move"', '{"game": "wordle"}', '{"game": "battleship", "level": "nobody"}'],
)
def test_a_request_that_is_not_one_is_refused(request_text):
    with pytest.raises(BadState):
        thinking.think(request_text)


class FakeWorker:
    """start_worker's stand-in: what was posted, and a way to answer."""

    def __init__(self):
        self.posted: list[dict] = []
        self.receive = None
        self.starts = 0

    def __call__(self, receive):
        self.receive, self.starts = receive, self.starts + 1
        return self.posted.append

    def answer(self, index=-1, move=None, error=None):
        message = self.posted[index]
        if error is None:
            move = move or thinking.think(message["request"])
            self.receive({"id": message["id"], "move": move})
        else:
            self.receive({"id": message["id"], "error": error})


def computer_game(worker: FakeWorker, ready=True):
    store = Store(MemoryBackend())
    saved_games.register(store, ["dominoes"])
    midend = Midend(store, DOMINOES, Clock())
    midend.start({"seats": 2, "target": 40}, 7, [computer("easy"), computer("medium")])
    thinker = Thinker(worker)
    later, played = FakeLater(), []

    def play(move):
        played.append(move)
        midend.play(move)

    turns = ComputerTurns(midend, later, Clock(), play, thinker=thinker)
    if ready:
        thinker.start()
        worker.receive({"ready": True})
    return midend, turns, later, played


def test_the_worker_starts_once_when_a_game_with_a_computer_is_drawn():
    worker = FakeWorker()
    _midend, turns, _, _ = computer_game(worker, ready=False)
    assert worker.starts == 0
    turns.schedule()
    turns.schedule()
    assert worker.starts == 1


def test_a_move_thought_during_the_pause_plays_when_the_pause_ends():
    worker = FakeWorker()
    midend, turns, later, played = computer_game(worker)
    expected = midend.computer_move()
    turns.schedule()
    assert len(worker.posted) == 1 and [ms for ms, _ in later.timers] == [PAUSE_MS]
    worker.answer()
    assert played == []  # the pause is not over
    later.fire_all()
    assert played == [expected] and turns.thought_in_worker


def test_a_move_that_comes_after_the_pause_plays_at_once():
    worker = FakeWorker()
    midend, turns, later, played = computer_game(worker)
    expected = midend.computer_move()
    turns.schedule()
    later.fire_all()
    assert played == []
    worker.answer()
    assert played == [expected]
    turns.schedule()  # the next computer's turn: asked again
    assert len(worker.posted) == 2


def test_a_move_for_a_replaced_position_is_dropped():
    worker = FakeWorker()
    midend, turns, later, played = computer_game(worker)
    turns.schedule()
    later.fire_all()
    midend.start({"seats": 2, "target": 40}, 8, [computer("easy"), computer("medium")])
    worker.answer(0)
    assert played == [] and midend.moves == []


def test_when_the_worker_fails_the_move_is_chosen_here():
    worker = FakeWorker()
    midend, turns, later, played = computer_game(worker)
    expected = midend.computer_move()
    turns.schedule()
    later.fire_all()
    worker.answer(error="PythonError")
    assert played == [expected] and not turns.thought_in_worker


def test_a_reply_that_is_not_a_move_is_chosen_here():
    worker = FakeWorker()
    midend, turns, later, played = computer_game(worker)
    expected = midend.computer_move()
    turns.schedule()
    worker.answer(move="no such move")
    later.fire_all()
    assert played == [expected] and not turns.thought_in_worker


def test_a_worker_that_cannot_start_leaves_the_thinking_here():
    worker = FakeWorker()
    _midend, turns, later, played = computer_game(worker, ready=False)
    turns.schedule()
    worker.receive({"failed": "no Wasm"})
    later.fire_all()
    assert len(played) == 1 and worker.posted == []
    turns.schedule()
    assert worker.starts == 1 and worker.posted == []  # not started again


def test_the_wordle_duel_thinks_in_the_worker_once_its_words_are_added():
    """The duel's engine is made for one language: the worker is told which words
    it lacks, is given them (and the book), then chooses what the page would."""
    from pathlib import Path

    from games.wordle.dictionary import Dictionary
    from games.wordle.duel_game import duel_game
    from games.wordle.players import PROTOCOL_LEVELS

    static = Path(__file__).resolve().parents[3] / "static" / "words"
    words_text = (static / "en.json").read_text("utf-8")
    book_text = (static / "en.book.json").read_text("utf-8")
    words = Dictionary("en", json.loads(words_text))
    words.load_book(json.loads(book_text))
    game = duel_game(words)
    store = Store(MemoryBackend())
    saved_games.register(store, ["wordle"])
    midend = Midend(store, game, Clock())
    expert = computer(PROTOCOL_LEVELS["expert"])
    midend.start({"lang": "en"}, 12, [expert, "human"])
    request = json.dumps(midend.computer_request())
    thinking._wordle_games.pop("en", None)
    assert thinking.words_needed(request) == "en"
    with pytest.raises(BadState):
        thinking.think(request)
    thinking.add_words("en", words_text, book_text)
    assert thinking.words_needed(request) is None
    assert thinking.think(request) == game.format_move(midend.computer_move())
    bad = json.loads(request)
    bad["options"] = {"lang": "../../etc"}
    with pytest.raises(BadState):
        thinking.words_needed(json.dumps(bad))
