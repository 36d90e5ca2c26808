"""The bots' plans of a Tournament on the one game view, asked of the page's thinker (the
Web Worker, app.thinker) when it is ready: each bot turn once, as it starts; each answer
comes back as a move ("plan ...": games.wordle.tournament_moves.plan_move) for the frame's
ticks to play (app.frame.timed), so that it is written down and the tournament replays the
same from its moves. A plan that did not come in time, or that the engine refuses (its turn
is over: the game view ignores it), is worked out by the engine itself: the same plan
(games.wordle.tournament_plans), so the tournament is the same either way."""

from collections.abc import Callable

from games.common.protocol import Json
from games.wordle.tournament_game import TournamentState
from games.wordle.tournament_moves import plan_move
from games.wordle.tournament_plans import PlanKey

from ..thinker import Thinker
from ..untrusted import parse_json
from ..wordle.bot_plans import MAX_PLAN_CHARS


class PlanAsking:
    """`worker()` is the page's thinker now (None: none, as under tests)."""

    def __init__(self, worker: Callable[[], Thinker | None]) -> None:
        self.worker = worker
        self.state: TournamentState | None = None  # the tournament whose plans were asked
        self.asked: set[PlanKey] = set()
        self.answers: list[Json] = []  # the plans come, as moves, oldest first

    def ask(self, state: TournamentState) -> None:
        """Ask for the plans of the bot turns that started (once each; again on the next call
        while the worker cannot take them)."""
        if state is not self.state:
            self.state, self.asked, self.answers = state, set(), []
        worker = self.worker()
        if worker is None:
            return
        for key, request in state.tournament.plans_wanted():
            if key not in self.asked:
                if not worker.think(request, self.given(state, key), _ignored):
                    return  # not ready (or failed): the engine plans when it must
                self.asked.add(key)

    def given(self, state: TournamentState, key: PlanKey) -> Callable[[str], None]:
        def came(text: str) -> None:
            if state is not self.state:
                return  # (another tournament's by now)
            try:
                plan = parse_json(text, max_chars=MAX_PLAN_CHARS)
                self.answers.append(plan_move(key, plan))
            except (ValueError, KeyError, TypeError):
                pass  # not a plan: the engine works it out itself

        return came

    def answer(self) -> Json | None:
        """The oldest plan come and not played yet."""
        return self.answers.pop(0) if self.answers else None


def _ignored(_reason: str) -> None:
    """The worker could not plan: the engine will, when the plan is needed."""
