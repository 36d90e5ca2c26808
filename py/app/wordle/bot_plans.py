"""The bots' plans of a Wordle Tournament, asked of the page's thinker (app.thinker's
Web Worker) when it is ready: each bot turn once, as it starts; its plan handed to the
engine when it comes. A plan that has not come when the bot's guess could first land
(or if the worker is not ready, or failed) is worked out by the engine itself, the same
plan, so the tournament is the same either way.
"""

from collections.abc import Callable

from games.wordle.tournament import Tournament
from games.wordle.tournament_plans import PlanKey

from ..thinker import Thinker
from ..untrusted import parse_json

MAX_PLAN_CHARS = 1000  # the worker's plan for a computer's turn: a word and a time


class BotPlans:
    def __init__(self) -> None:
        self.game: Tournament | None = None  # the tournament whose plans were asked
        self.asked: set[PlanKey] = set()

    def ask(self, game: Tournament, thinker: Thinker | None) -> None:
        """Ask for the plans of the bot turns that started (once each; again on the next
        call while the thinker cannot take them)."""
        if thinker is None:
            return
        if self.game is not game:
            self.game, self.asked = game, set()
        for key, request in game.plans_wanted():
            if key not in self.asked:
                if not thinker.think(request, plan_given(game, key), _ignored):
                    return  # not ready (or failed): the engine plans when it must
                self.asked.add(key)


def plan_given(game: Tournament, key: PlanKey) -> Callable[[str], None]:
    """The worker's answer for the plan of `key`, handed to `game` (which refuses
    it if that turn is over or the answer is not a plan)."""

    def given(text: str) -> None:
        try:
            plan = parse_json(text, max_chars=MAX_PLAN_CHARS)
            game.give_plan(key, plan["word"], plan["think_ms"])
        except (ValueError, KeyError, TypeError):
            pass  # not a plan: the engine works it out itself

    return given


def _ignored(_reason: str) -> None:
    """The worker could not plan: the engine will, when the plan is needed."""
