"""Battleship computer players: strength and speed.

    python3 bench/battleship.py                  # 2000 fleets per strength (hard takes about an hour)
    python3 bench/battleship.py --fleets 100 --strengths hard --pyodide-fleets 0
    node tools/pyodide_run.mjs bench/battleship.py --fleets 20 --strengths hard --salvo-fleets 0

Classic: each strength, as red, sinks the same seeded fleets (fleet i is
`random_fleet(SeededRng(i))`: uniform over legal fleets), with ship names
announced; blue only ever calls empty squares, so it never interferes. Salvo
and Advanced Salvo: turns to sink a fleet with all five own ships afloat (five
shots a turn). Move time: CPU time per move (this machine is shared, so wall
time would measure the neighbours); inside Pyodide, Node's CPU clock. After
the CPython run the bench runs itself inside Pyodide (tools/pyodide_run.mjs,
the runtime the page uses) on `--pyodide-fleets` fleets per mode, and
`move_ms_p95` is the slowest mode's p95 there for the strongest player.
The last line is a JSON object.

Figures of 2026-11-29 (2000 classic fleets, 200 per salvo mode, 20 in Pyodide):
hard 43.871 mean / 44 median shots, Pyodide p95 139.7 ms classic; medium 45.496 / 45,
Salvo 10.46 and Advanced Salvo 15.78 turns; easy 60.01 / 59, 13.74 and 19.27 turns.
Hard salvos of 2026-11-30 (Salvo: go after ships not yet found; Advanced Salvo:
the likeliest squares under the counts): Salvo 10.07 turns (10.38 before),
Advanced Salvo 14.01 (14.59 before); Pyodide p95 63.8 ms Salvo (132.5 before),
102.5 ms Advanced Salvo (99.0 before).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_stats import percentile
from games.battleship import new_game
from games.battleship.ai import STRENGTHS, computer_player
from games.battleship.fleet import LENGTH, random_fleet
from games.battleship.grid import ship_squares, square_name
from games.common.rng import SeededRng


def _node_cpu_seconds():
    """Inside Pyodide the process clocks are wall clocks; Node's CPU count is not."""
    import js  # the bench only, never the engine

    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6


clock = _node_cpu_seconds if sys.platform == "emscripten" else time.process_time


def fleet_game(mode: str, fleet_seed: int):
    """Red with a random fleet, blue with fleet number `fleet_seed`, both ready."""
    state = new_game({"mode": mode, "announce_ship": True}, fleet_seed)
    for ship_id, (bow, orientation) in random_fleet(SeededRng(fleet_seed)).items():
        state.apply(
            {
                "type": "place",
                "player": 1,
                "ship": ship_id,
                "square": square_name(bow),
                "orientation": orientation,
            }
        )
    state.apply({"type": "random_fleet", "player": 0})
    state.apply({"type": "ready", "player": 0})
    state.apply({"type": "ready", "player": 1})
    return state


def blue_calls(state) -> list[str]:
    """Red's empty squares, then all of red's ship squares but one: blue never wins."""
    ships = []
    for ship_id, (bow, orientation) in state.fleets[0].items():
        ships += ship_squares(bow, orientation, LENGTH[ship_id])
    water = [square_name(i) for i in range(100) if i not in ships]
    return water + [square_name(i) for i in ships[:-1]]


def sink(strength: str, mode: str, fleet_seed: int, budget, times: list) -> tuple[int, int]:
    """(shots, turns) red needs to sink fleet number `fleet_seed`."""
    state = fleet_game(mode, fleet_seed)
    player = computer_player(strength)
    rng = SeededRng(fleet_seed * 7919 + 1)
    calls = iter(blue_calls(state))
    while True:
        view = state.view_for(0)
        start = clock()
        move = player.choose_move(view, rng, budget)
        times.append(clock() - start)
        state.apply(move)
        if state.is_over:
            return state.result["shots"][0], (state.result["turns"] + 1) // 2
        state.apply(
            {"type": "fire", "squares": [next(calls) for _ in range(state.shots_allowed(1))]}
        )


def pyodide_figures(args, strengths):
    """The same bench inside Pyodide under Node on a few fleets; None when that is not possible."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    command = [
        "node",
        os.path.join(root, "tools", "pyodide_run.mjs"),
        "bench/battleship.py",
        "--fleets",
        str(args.pyodide_fleets),
        "--salvo-fleets",
        str(args.pyodide_fleets),
        "--strengths",
        ",".join(strengths),
        "--first-fleet",
        str(args.first_fleet),
    ]
    if args.budget is not None:
        command += ["--budget", str(args.budget)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=3600, cwd=root)
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fleets", type=int, default=2000, help="classic fleets per strength")
    parser.add_argument(
        "--salvo-fleets", type=int, default=200, help="fleets per strength in each salvo mode"
    )
    parser.add_argument("--strengths", default=",".join(STRENGTHS))
    parser.add_argument(
        "--budget", type=int, default=None, help="override the players' work budget"
    )
    parser.add_argument("--first-fleet", type=int, default=0)
    parser.add_argument(
        "--pyodide-fleets",
        type=int,
        default=20,
        help="fleets per mode for the move times inside Pyodide (0: skip)",
    )
    args = parser.parse_args(argv)
    strengths = [s for s in args.strengths.split(",") if s]
    runtime = "pyodide" if sys.platform == "emscripten" else "cpython"
    summary = {
        "runtime": runtime,
        "fleets": args.fleets,
        "salvo_fleets": args.salvo_fleets,
        "strengths": {},
    }
    fleets = range(args.first_fleet, args.first_fleet + args.fleets)
    salvo_fleets = range(args.first_fleet, args.first_fleet + args.salvo_fleets)
    for strength in strengths:
        times = []
        shots = []
        for seed in fleets:
            shots.append(sink(strength, "classic", seed, args.budget, times)[0])
            if len(shots) % 200 == 0:  # long runs: a sign of life on stderr
                print(
                    f"{strength}: {len(shots)} fleets, mean {statistics.mean(shots):.3f}",
                    file=sys.stderr,
                    flush=True,
                )
        entry = {
            "classic_mean_shots": round(statistics.mean(shots), 3) if shots else None,
            "classic_median_shots": statistics.median(shots) if shots else None,
            "classic_move_ms_p95": round(percentile(times, 0.95) * 1000, 1),
            "classic_move_ms_max": round(max(times, default=0) * 1000, 1),
        }
        for mode in ("salvo", "advanced_salvo"):
            mode_times = []
            turns = [
                sink(strength, mode, seed, args.budget, mode_times)[1] for seed in salvo_fleets
            ]
            if turns:
                entry[f"{mode}_mean_turns"] = round(statistics.mean(turns), 2)
                entry[f"{mode}_move_ms_p95"] = round(percentile(mode_times, 0.95) * 1000, 1)
        summary["strengths"][strength] = entry
        print(strength, json.dumps(entry), flush=True)
    strongest_name = "hard" if "hard" in strengths else strengths[-1]
    strongest = summary["strengths"][strongest_name]
    summary["classic_mean_shots"] = strongest["classic_mean_shots"]
    summary["classic_median_shots"] = strongest["classic_median_shots"]
    summary["move_ms_p95"] = max(v for k, v in strongest.items() if k.endswith("move_ms_p95"))
    summary["move_ms_runtime"] = runtime
    if runtime == "cpython" and args.pyodide_fleets > 0:
        inside = pyodide_figures(args, strengths)
        if inside is None:
            print("Pyodide timing not available: move_ms_p95 is CPython's", flush=True)
        else:
            summary["pyodide_fleets"] = args.pyodide_fleets
            for strength, entry in inside["strengths"].items():
                times = {
                    k.replace("move_ms", "pyodide_move_ms"): v
                    for k, v in entry.items()
                    if "move_ms" in k
                }
                summary["strengths"][strength].update(times)
                print(strength, "inside Pyodide", json.dumps(times), flush=True)
            summary["move_ms_p95"] = inside["move_ms_p95"]
            summary["move_ms_runtime"] = "pyodide"
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
