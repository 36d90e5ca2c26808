"""The three computer players.

    player = computer_player("hard")
    moves = player.choose_placement(1, rng)        # place moves, then "ready"
    move = player.choose_move(view, rng, budget)   # {"type": "fire", "squares": [...]}

A player sees only `view` (from State.view_for): never the other's fleet.
`budget` bounds the thinking in units of work (about 25 ns each in CPython),
never by reading a clock; None means the player's own default.
"""

from collections.abc import Callable

from games.common.protocol import Json
from games.common.rng import SeededRng

from ..grid import square_name
from . import density, hunter, simple
from .counts import CountPosterior
from .domains import hidden_domains
from .knowledge import Knowledge
from .placement import choose_fleet
from .posterior import Sampler
from .salvo import choose_salvo


class ComputerPlayer:
    strength = ""
    default_budget = 0

    def choose_move(self, view: Json, rng: SeededRng, budget: int | None = None) -> Json:
        knowledge = Knowledge(view)
        budget = self.default_budget if budget is None else budget
        count = view["shots_allowed"]
        if knowledge.mode == "classic":
            squares = [self.choose_square(knowledge, rng, budget)]
        else:
            squares = self.choose_salvo(knowledge, rng, budget, count)
        return {"type": "fire", "squares": [square_name(i) for i in squares]}

    def choose_square(self, knowledge: Knowledge, rng: SeededRng, budget: int) -> int:
        """Classic: the square to call. Each strength defines it."""
        raise NotImplementedError

    def choose_salvo(
        self, knowledge: Knowledge, rng: SeededRng, budget: int, count: int
    ) -> list[int]:
        """Salvo modes: `count` distinct open squares. Each strength defines it."""
        raise NotImplementedError

    def choose_placement(self, player: int, rng: SeededRng) -> list[Json]:
        fleet = choose_fleet(rng, careful=self.strength != "easy")
        moves = [
            {
                "type": "place",
                "player": player,
                "ship": ship_id,
                "square": square_name(bow),
                "orientation": orientation,
            }
            for ship_id, (bow, orientation) in fleet.items()
        ]
        return moves + [{"type": "ready", "player": player}]


class EasyPlayer(ComputerPlayer):
    """Random shots until a hit, then the squares around it."""

    strength = "easy"

    def choose_square(self, knowledge: Knowledge, rng: SeededRng, budget: int) -> int:
        return simple.choose_square(knowledge, rng)

    def choose_salvo(
        self, knowledge: Knowledge, rng: SeededRng, budget: int, count: int
    ) -> list[int]:
        if knowledge.mode == "advanced_salvo":
            # It cannot tell hits from misses: shoots at random where a ship could be.
            empty = knowledge.misses | knowledge.shot
            return _distinct(
                lambda excluded: _random_open(rng, excluded | empty, excluded),
                count,
                knowledge.shot,
            )
        return _distinct(
            lambda excluded: simple.choose_square(knowledge, rng, excluded), count, knowledge.shot
        )


class MediumPlayer(ComputerPlayer):
    """The classic probability-density count, ship by ship."""

    strength = "medium"

    def choose_square(self, knowledge: Knowledge, rng: SeededRng, budget: int) -> int:
        return density.choose_square(knowledge, rng)

    def choose_salvo(
        self, knowledge: Knowledge, rng: SeededRng, budget: int, count: int
    ) -> list[int]:
        scores = (
            density.square_scores(knowledge)
            if knowledge.mode != "advanced_salvo"
            else density.count_scores(knowledge)
        )
        return density.top_squares(scores, knowledge.shot, count, rng)


class HardPlayer(ComputerPlayer):
    """Exact or sampled fleet probabilities, cover-aware hunting, salvos that
    go after the ships not yet found, and count reasoning in Advanced Salvo."""

    strength = "hard"
    default_budget = 2_500_000

    def choose_square(self, knowledge: Knowledge, rng: SeededRng, budget: int) -> int:
        return hunter.choose_square(knowledge, rng, budget)

    def choose_salvo(
        self, knowledge: Knowledge, rng: SeededRng, budget: int, count: int
    ) -> list[int]:
        if knowledge.mode == "advanced_salvo":
            # Only counts come back: the likeliest squares, close together, tell
            # the most (salvo.py's spread for new ships measured worse here).
            probability, _ = CountPosterior(knowledge, rng).estimate(budget)
            return density.top_squares(probability, knowledge.shot, count, rng)
        return choose_salvo(_sampled_fleets(knowledge, rng, budget), count, knowledge.shot)


SAMPLES = 400
MOST_THIN = 2  # Gibbs sweeps between samples when the budget allows


def _sampled_fleets(knowledge: Knowledge, rng: SeededRng, budget: int) -> list[tuple[int, ...]]:
    """Fleets (tuples of placements) drawn from everything known."""
    _ids, domains, required = hidden_domains(knowledge)
    step_cost = sum(len(domain) for domain in domains) * 2 or 1
    thin = max(1, min(MOST_THIN, budget // (step_cost * SAMPLES)))
    return Sampler(domains, rng, required).samples(SAMPLES, thin=thin)


def _distinct(pick: Callable[[int], int], count: int, shot: int) -> list[int]:
    chosen, excluded = [], shot
    for _ in range(count):
        square = pick(excluded)
        chosen.append(square)
        excluded |= 1 << square
    return chosen


def _random_open(rng: SeededRng, avoid: int, excluded: int) -> int:
    options = [i for i in range(100) if not avoid >> i & 1]
    if not options:
        options = [i for i in range(100) if not excluded >> i & 1]
    return rng.choice(options)


PLAYERS = {player.strength: player for player in (EasyPlayer(), MediumPlayer(), HardPlayer())}
STRENGTHS = tuple(PLAYERS)


def computer_player(strength: str) -> ComputerPlayer:
    return PLAYERS[strength]
