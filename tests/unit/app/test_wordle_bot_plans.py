"""The bots' plans asked of the page's thinker: each turn once, again while the
thinker cannot take them, and a plan that comes handed to the engine."""

import json

from app.wordle.bot_plans import BotPlans, plan_given
from games.wordle.sample_words import sample_dictionary
from games.wordle.tournament import new_lobby
from games.wordle.tournament_plans import bot_plan
from games.wordle.tournament_rules import INTRO_MS

WORDS = sample_dictionary()


class FakeThinker:
    def __init__(self, ready=True):
        self.ready, self.asked = ready, []

    def think(self, request, on_move, on_error):
        if self.ready:
            self.asked.append((request, on_move))
        return self.ready


def bots_round():
    game = new_lobby(WORDS, [], 11)  # eight bots: every turn is a bot's
    game.start(0)
    game.advance(INTRO_MS)
    return game


def test_each_bot_turn_is_asked_for_once_and_again_while_the_thinker_cannot():
    game, plans = bots_round(), BotPlans()
    wanted = len(game.plans_wanted())
    assert wanted > 0
    busy = FakeThinker(ready=False)
    plans.ask(game, busy)
    assert plans.asked == set()
    thinker = FakeThinker()
    plans.ask(game, thinker)
    plans.ask(game, thinker)
    assert len(thinker.asked) == wanted == len(plans.asked)
    plans.ask(bots_round(), thinker)  # another tournament: asked anew
    assert len(thinker.asked) == 2 * wanted
    plans.ask(game, None)  # no thinker on the page: nothing to ask


def test_a_plan_that_comes_is_given_to_the_engine_and_nonsense_is_ignored():
    game = bots_round()
    key, request = game.plans_wanted()[0]
    plan_given(game, key)("not json")
    plan_given(game, key)(json.dumps({"word": 5}))
    assert key in dict(game.plans_wanted())
    plan_given(game, key)(json.dumps(bot_plan(request, WORDS)))  # as the worker answers
    assert key not in dict(game.plans_wanted())
