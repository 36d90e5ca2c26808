"""The strong Dominoes player against a plain determinised Monte Carlo player
at equal CPU per move.

    python3 bench/dominoes_reference.py [--games 400] [--playouts P]
        [--calibration-games 12] [--budget B] [--seed 1]

The reference (written here, not shipped): for each legal move it deals the
unseen tiles at random, consistent with what it has seen (the tiles played,
each hand's size and the boneyard's, and that a seat that drew or passed held
nothing matching the open ends then; uniform over such deals by rejection,
falling back to filling the most constrained holes first), plays every move
out in the same deals with uniformly random playouts to the hand's end, and
takes the move with the best mean points difference over the rest of the hand
(its side's points minus the mean of the other sides', play points and the
hand's bonus alike). `--playouts` is the number of deals per candidate move.

Unless --playouts is given, the reference's playout count is calibrated in the
same run: a few games measure both players' mean CPU per searched move (a move
with more than one choice), the count is scaled so the means match, and then
the measured games run, where both means are measured again and reported.
Games are 2-player games to 250, seats alternated; Wilson 95% interval. The
last line printed is one JSON object with the figures.

Figures of 2026-12-02 (shared machine, load 1 to 8): the strong player as
shipped (budget 800, own side looking one reply ahead in its playouts) won
117/200 = 58.5% (95% 51.6-65.1) against 591 playouts, mean CPU per searched
move 39.3 ms strong, 40.2 ms reference. With greedy playouts for every seat at
budget 1300 it won 226/400 = 56.5% (51.6-61.3) in two runs of 200 (107 against
596 playouts, 46.4 vs 48.3 ms; 119 against 551, 48.8 vs 46.4 ms): no better,
so that change was not kept.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_stats import wilson
from games.common.rng import SeededRng
from games.dominoes import Layout, new_game
from games.dominoes.ai import PLAYERS
from games.dominoes.ai.fastsim import HAS, TILE_ID, Sim, ends_from_layout
from games.dominoes.tiles import SET
from games.dominoes.tiles import from_json as tile_from_json

ARMS = "WENS"


def holes(view):
    """For each seat, one set per tile it holds now: the numbers that tile
    cannot show (it was held when the seat drew or passed on those ends)."""
    seats = len(view["hand_sizes"])
    held = [[set() for _ in range(7)] for _ in range(seats)]
    layout = Layout()
    for event in view["history"]:
        seat = event["seat"]
        if event["type"] == "play":
            t = tile_from_json(event["tile"])
            layout.place(t, event.get("end"))
            # Which hole it came from is unknown: the tightest one it fits loses
            # the least information about the rest.
            fits = [k for k, no in enumerate(held[seat]) if t[0] not in no and t[1] not in no]
            k = max(fits, key=lambda k: len(held[seat][k])) if fits else len(held[seat]) - 1
            held[seat].pop(k)
        else:
            values = {e.value for e in layout.open_ends()}
            for no in held[seat]:
                no |= values
            if event["type"] == "draw":
                held[seat].append(set())
    for seat, size in enumerate(view["hand_sizes"]):
        if len(held[seat]) != size:
            held[seat] = [set() for _ in range(size)]
    held[view["seat"]] = []
    return held


def deal(view, held, unseen, rng, tries=60):
    """(hands, boneyard) as tile ids: a random deal consistent with `held`."""
    seat = view["seat"]
    me = [TILE_ID[tile_from_json(t)] for t in view["hand"]]
    order = [(s, k) for s in range(len(held)) for k in range(len(held[s]))]
    for _ in range(tries):
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [[] for _ in held]
        ok = True
        for s, k in order:
            t = pool.pop()
            if any(HAS[t][n] for n in held[s][k]):
                ok = False
                break
            hands[s].append(t)
        if ok:
            hands[seat] = list(me)
            return hands, pool
    pool = list(unseen)
    rng.shuffle(pool)
    hands = [[] for _ in held]
    for s, k in sorted(order, key=lambda sk: -len(held[sk[0]][sk[1]])):
        no = held[s][k]
        pick = next((i for i, t in enumerate(pool) if not any(HAS[t][n] for n in no)), 0)
        hands[s].append(pool.pop(pick))
    hands[seat] = list(me)
    return hands, pool


def random_playout(s, rng):
    while not s.done:
        options = s.ends.plays(s.hands[s.current])
        if options:
            s.play(*options[int(rng.random() * len(options))])
        elif s.boneyard:
            s.draw()
        else:
            s.pass_turn()


def make_reference(playouts):
    def choose_move(view, rng, budget=None):
        legal = view["legal_moves"]
        if len(legal) == 1 or legal[0]["type"] != "play":
            return legal[0]
        fast = random.Random(rng.next_u64())
        seats = view["options"]["seats"]
        team = [0] * seats
        for number, members in enumerate(view["teams"]):
            for s in members:
                team[s] = number
        mine = team[view["seat"]]
        others = [k for k in range(len(view["teams"])) if k != mine]
        layout = Layout.from_json(view["layout"])
        seen = {TILE_ID[tile_from_json(t)] for t in view["hand"]}
        seen |= {TILE_ID[t] for t in layout.tiles()}
        unseen = [t for t in range(len(SET)) if t not in seen]
        held = holes(view)
        ends = ends_from_layout(layout)
        options = []
        for m in legal:
            end = m["end"]
            options.append(
                (TILE_ID[tile_from_json(m["tile"])], -1 if end is None else ARMS.index(end))
            )
        totals = [0.0] * len(options)
        before = view["scores"]
        target = view["options"]["target"]
        for _ in range(playouts):
            hands, boneyard = deal(view, held, unseen, fast)
            world = Sim(ends, seats, team, hands, boneyard, before, target, view["seat"])
            for index, (t, i) in enumerate(options):
                s = world.copy()
                s.play(t, i)
                random_playout(s, fast)
                gained = [s.scores[k] - before[k] for k in range(len(before))]
                totals[index] += gained[mine] - sum(gained[k] for k in others) / len(others)
        return legal[max(range(len(options)), key=totals.__getitem__)]

    return choose_move


def play_game(players, seed, times):
    """players[seat] = (name, choose_move); times[name] collects CPU ms per searched move."""
    state = new_game({"seats": len(players)}, seed)
    rngs = [SeededRng(seed).fork(f"seat{seat}") for seat in range(len(players))]
    while not state.is_over:
        seat = state.current_player
        view = state.view_for(seat)
        name, choose = players[seat]
        started = time.process_time()
        move = choose(view, rngs[seat], None)
        elapsed = time.process_time() - started
        if len(view["legal_moves"]) > 1:
            times[name].append(elapsed * 1000)
        state.apply(move)
    return state.result["winner_team"], state.result["scores"]


def match(strong, reference, games, seed, times):
    wins = 0
    margins = []
    for game in range(games):
        players = [strong, reference] if game % 2 == 0 else [reference, strong]
        winner, scores = play_game(players, seed * 1_000_003 + game, times)
        seat = 0 if game % 2 == 0 else 1
        wins += winner == seat
        margins.append(scores[seat] - scores[1 - seat])
        if (game + 1) % 25 == 0:
            print(f"  {game + 1} games: strong won {wins}", file=sys.stderr, flush=True)
    return wins, margins


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--calibration-games", type=int, default=12)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()

    def strong(view, rng, _budget):
        return PLAYERS["strong"](view, rng, args.budget)

    playouts = args.playouts
    calibration = None
    if playouts is None:
        guess = 100
        times = {"strong": [], "reference": []}
        match(
            ("strong", strong),
            ("reference", make_reference(guess)),
            args.calibration_games,
            args.seed + 500,
            times,
        )
        ratio = statistics.mean(times["strong"]) / statistics.mean(times["reference"])
        playouts = max(1, round(guess * ratio))
        calibration = {
            "games": args.calibration_games,
            "playouts_tried": guess,
            "strong_ms": round(statistics.mean(times["strong"]), 2),
            "reference_ms": round(statistics.mean(times["reference"]), 2),
        }
        print(f"calibration: {calibration} -> {playouts} playouts", flush=True)
    times = {"strong": [], "reference": []}
    wins, margins = match(
        ("strong", strong), ("reference", make_reference(playouts)), args.games, args.seed, times
    )
    low, high = wilson(wins, args.games)
    strong_ms = statistics.mean(times["strong"])
    reference_ms = statistics.mean(times["reference"])
    print(
        f"strong vs reference ({playouts} playouts): {wins}/{args.games} = "
        f"{wins / args.games:.3f} (95% {low:.3f}-{high:.3f}); mean final margin "
        f"{statistics.mean(margins):+.1f} points",
        flush=True,
    )
    print(
        f"mean CPU per searched move: strong {strong_ms:.1f} ms ({len(times['strong'])} moves), "
        f"reference {reference_ms:.1f} ms ({len(times['reference'])} moves), "
        f"ratio {strong_ms / reference_ms:.2f}",
        flush=True,
    )
    figures = {
        "games": args.games,
        "reference_playouts": playouts,
        "strong_budget": args.budget,
        "wins": wins,
        "win_rate": round(wins / args.games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "mean_margin": round(statistics.mean(margins), 1),
        "strong_ms_mean": round(strong_ms, 2),
        "reference_ms_mean": round(reference_ms, 2),
        "strong_ms_p95": round(sorted(times["strong"])[int(0.95 * len(times["strong"]))], 1),
        "calibration": calibration,
        "seconds": round(time.perf_counter() - started, 1),
        "load_average": round(os.getloadavg()[0], 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
