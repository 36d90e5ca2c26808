"""A Wordle Tournament bot's plan asked of the thinker's worker (app.thinking, as
static/js/thinker.js calls it: JSON text in, JSON text out, the language's words
and book added first) is the plan the tournament works out itself on the page,
for every bot turn of whole tournaments on the shipped English lists."""

import json
from pathlib import Path

import pytest
from app import thinking
from games.common.errors import BadState
from games.wordle.dictionary import Dictionary
from games.wordle.tournament import new_lobby

STATIC = Path(__file__).resolve().parents[3] / "static" / "words"
WORDS_TEXT = (STATIC / "en.json").read_text("utf-8")
BOOK_TEXT = (STATIC / "en.book.json").read_text("utf-8")
STEP_MS = 1_000


def shipped_words() -> Dictionary:
    words = Dictionary("en", json.loads(WORDS_TEXT))
    words.load_book(json.loads(BOOK_TEXT))
    return words


def asked_and_made(seed, words):
    """Every plan the worker gives for a tournament's requests, and the plans
    the tournament (never given one) worked out itself: {key: plan} each."""
    t = new_lobby(words, [], seed)
    t.start(0)
    asked, made = {}, {}
    while not t.is_over:
        for key, request in t.plans_wanted():
            if key not in asked:
                text = json.dumps(request)
                assert thinking.words_needed(text) is None
                asked[key] = json.loads(thinking.think(text))
        t.advance(t.clock + STEP_MS)
        if t.is_over:
            break
        for index, match in enumerate(t.current["matches"]):
            plan = match["plan"]
            if plan is not None:
                made[(t.round_number, index, plan["rows"])] = dict(plan)
    return asked, made


def test_the_worker_plans_as_the_tournament_does():
    thinking._wordle_words.pop("en", None)
    t = new_lobby(shipped_words(), [], 1)
    t.start(0)
    text = json.dumps(t.plans_wanted()[0][1])
    assert thinking.words_needed(text) == "en"
    with pytest.raises(BadState):
        thinking.think(text)
    thinking.add_words("en", WORDS_TEXT, BOOK_TEXT)
    words = shipped_words()
    compared = 0
    for seed in range(4):
        asked, made = asked_and_made(seed, words)
        assert set(made) <= set(asked)
        for key, plan in made.items():
            assert asked[key] == plan, (seed, key)
        compared += len(made)
    assert compared > 150


def test_a_plan_request_that_is_not_one_is_refused():
    thinking.add_words("en", WORDS_TEXT, BOOK_TEXT)
    t = new_lobby(shipped_words(), [], 2)
    t.start(0)
    request = t.plans_wanted()[0][1]
    for bad in (
        {**request, "lang": "../../etc"},
        {**request, "view": {"length": 5, "rows": [{"guess": 3}]}},
        {**request, "skill": "expert"},
        {**request, "seed": None},
    ):
        with pytest.raises(BadState):
            thinking.words_needed(json.dumps(bad)) or thinking.think(json.dumps(bad))
