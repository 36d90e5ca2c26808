"""The strong player: determinised Monte Carlo over worlds consistent with the view.

Each sampled world deals the unseen tiles to the other hands and the boneyard,
respecting who is known to lack which numbers and weighted by how well it
explains the other seats' past plays (see inference.py). Every candidate move
is played out to the end of the hand in the same worlds, and the move with the
best average chance of winning the game for the player's team wins (see
win_chance). In the playouts the other side plays greedy and the player's own
side looks one reply ahead (reply_aware_pick): with greedy playouts on both
sides the search undervalued plays that deny the opponent an easy five.
Budget = playouts per move.
"""

import math
import random

from games.common.protocol import Json
from games.common.rng import SeededRng

from .fastsim import Sim, ends_from_layout
from .inference import weighted_worlds
from .knowledge import Knowledge
from .moves import from_engine_move, team_list
from .policies import greedy_pick, reply_aware_pick
from .sampling import sample_world

DEFAULT_BUDGET = 800
POOL = 5  # at most this many worlds sampled for each one played out
# The spread of the final race in win_chance, per square root of the points still needed.
SPREAD = 4.0


def choose_move(view: Json, rng: SeededRng, budget: int | None = None) -> Json:
    legal: list[Json] = view["legal_moves"]
    if len(legal) == 1 or legal[0]["type"] != "play":
        return legal[0]
    budget = DEFAULT_BUDGET if budget is None else budget
    knowledge = Knowledge(view)
    options = [from_engine_move(m) for m in legal]
    team = team_list(view)
    me = team[view["seat"]]
    ends = ends_from_layout(knowledge.layout)
    target = view["options"]["target"]
    count = max(4, budget // len(options))
    totals = [0.0] * len(options)
    # A Mersenne Twister seeded from the given rng: same moves for the same seed,
    # and much faster than a pure-Python generator for the many shuffles.
    fast = random.Random(rng.next_u64())
    for hands, boneyard in weighted_worlds(knowledge, fast, sample_world, count, POOL * count):
        world = Sim(ends, len(team), team, hands, boneyard, view["scores"], target, view["seat"])
        for index, (t, i) in enumerate(options):
            s = world.copy()
            s.play(t, i)
            rollout(s, me)
            totals[index] += win_chance(s, me)
    return legal[max(range(len(options)), key=totals.__getitem__)]


def rollout(s: Sim, me: int) -> None:
    """Plays the hand out; team `me` looks one reply ahead, the others play greedy."""
    while not s.done:
        hand = s.hands[s.current]
        options = s.ends.plays(hand)
        if options:
            if len(options) == 1:
                t, i = options[0]
            elif s.team[s.current] == me:
                t, i = reply_aware_pick(s, options)
            else:
                t, i = greedy_pick(s, options)
            s.play(t, i)
        elif s.boneyard:
            s.draw()
        else:
            s.pass_turn()


def win_chance(s: Sim, me: int) -> float:
    """The team's chance of winning the game from the end of a playout: 1 or 0
    when it ended the game, else a logistic guess from the points each side
    still needs. Early on this is close to "points won minus points lost"; near
    250 it values the race (blocking a rival who is nearly there, going for the
    points that finish the game) over the margin."""
    if s.winner is not None:
        return 1.0 if s.winner == me else 0.0
    need = s.target - s.scores[me]
    rival = min(s.target - score for team, score in enumerate(s.scores) if team != me)
    spread = SPREAD * math.sqrt((need + rival) / 2)
    return 1.0 / (1.0 + math.exp((need - rival) / spread))
