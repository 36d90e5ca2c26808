"""The strong player: determinised Monte Carlo over worlds consistent with the view.

Each sampled world deals the unseen tiles to the other hands and the boneyard,
respecting who is known to lack which numbers and weighted by how well it
explains the other seats' past plays (see inference.py). Every candidate move
is played out to the end of the hand in the same worlds, and the move with the
best average outcome for the player's team wins. Budget = playouts per move.
"""

import random

from .fastsim import Sim, ends_from_layout
from .inference import weighted_worlds
from .knowledge import Knowledge
from .moves import from_engine_move, team_list
from .policies import greedy_pick
from .sampling import sample_world

DEFAULT_BUDGET = 800
WIN_BONUS = 100  # the value of reaching the target during a playout, in points
POOL = 5  # at most this many worlds sampled for each one played out


def choose_move(view: dict, rng, budget=None) -> dict:
    legal = view["legal_moves"]
    if len(legal) == 1 or legal[0]["type"] != "play":
        return legal[0]
    budget = DEFAULT_BUDGET if budget is None else budget
    knowledge = Knowledge(view)
    options = [from_engine_move(m) for m in legal]
    team = team_list(view)
    me = team[view["seat"]]
    ends = ends_from_layout(knowledge.layout)
    scores = view["scores"]
    target = view["options"]["target"]
    count = max(4, budget // len(options))
    totals = [0.0] * len(options)
    # A Mersenne Twister seeded from the given rng: same moves for the same seed,
    # and much faster than a pure-Python generator for the many shuffles.
    fast = random.Random(rng.next_u64())
    for hands, boneyard in weighted_worlds(knowledge, fast, sample_world, count, POOL * count):
        world = Sim(ends, len(team), team, hands, boneyard, scores, target, view["seat"])
        for index, (t, i) in enumerate(options):
            s = world.copy()
            s.play(t, i)
            rollout(s)
            totals[index] += outcome(s, me, scores)
    return legal[max(range(len(options)), key=totals.__getitem__)]


def rollout(s: Sim) -> None:
    while not s.done:
        hand = s.hands[s.current]
        options = s.ends.plays(hand)
        if options:
            t, i = options[0] if len(options) == 1 else greedy_pick(s, options)
            s.play(t, i)
        elif s.boneyard:
            s.draw()
        else:
            s.pass_turn()


def outcome(s: Sim, me: int, before: list) -> float:
    gains = [after - b for after, b in zip(s.scores, before)]
    value = gains[me] - max(g for team, g in enumerate(gains) if team != me)
    if s.winner is not None:
        value += WIN_BONUS if s.winner == me else -WIN_BONUS
    return value
