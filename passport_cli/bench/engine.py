"""Engine speed: the numba kernels against the plain-Python reference model.

A benchmark, not a test: it measures and reports, and nothing anywhere
asserts on its numbers (STYLE.md 11). The workload is the same for every
measurement: uniformly random 4-player games with every extension, round
cap 200, one seed per game.

- `numba`: set-up and the whole decision loop inside the kernels
  (`engine.kernels`: `new_game`, then `play_random`), so it is the engine's
  own speed with no Python in the loop.
- `reference`: `engine.reference.ReferenceGame` driven by a Python loop with
  `random.Random`, the slow, obvious model the kernels are tested against;
  measured in the same run, so the ratio compares like with like.
- `fresh_process`: what a person waits for: a new `python -c` that imports
  the engine, loads the kernels from the (warm) numba cache and plays one
  full game through the public `Game` API.

Each engine is timed in repetitions of `games` games until `seconds` have
passed (at least MIN_REPETITIONS); a repetition's speed is its decisions
applied per second, and the reported speed is the median over repetitions,
which one slow repetition (a context switch, a page fault) cannot move.
Everything runs pinned to one CPU where the OS allows it.

Callers must have the kernels compiled first (passport_cli.warmup), or the
first numba repetition and the fresh process would time the compiler.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from typing import Callable

import numpy as np

from engine import DEFAULT_ROUND_CAP

PLAYERS = 4
EXTENSIONS = "all"
MIN_REPETITIONS = 3
# Big enough never to stop a game: the round cap ends every game first.
MAX_STEPS = 2**62

# The fresh process: prints its own timings as one JSON line, through the
# public Game API only. It runs with NUMBA_DEBUG_CACHE=1, under which numba
# prints a "data saved" line for every kernel it had to compile and then
# cached: a child that compiled instead of loading from the cache measures
# the compiler, not a start, and the report says so.
FRESH_PROCESS_CODE = """
import json, random, time
start = time.perf_counter()
from engine import Game
game = Game.new(players={players}, extensions="{extensions}", seed={seed})
ready = time.perf_counter()
choose = random.Random({seed}).choice
steps = 0
while not game.over:
    game.apply(choose(game.legal_actions()))
    steps += 1
done = time.perf_counter()
print(json.dumps({{"ready": ready - start, "game": done - ready, "steps": steps}}))
"""


class KernelGames:
    """Random games played entirely inside the kernels, in reused buffers.

    This reaches below the public `Game` API on purpose: the benchmark
    measures the kernels themselves, without Python in the loop."""

    def __init__(self, players: int = PLAYERS, extensions: str = EXTENSIONS,
                 round_cap: int = DEFAULT_ROUND_CAP) -> None:
        from engine import kernels, parse_extensions
        self.kernels = kernels
        self.players = players
        self.extensions = parse_extensions(extensions)
        self.round_cap = round_cap
        self.state = np.zeros(kernels.STATE_SIZE, np.int64)  # int64[STATE_SIZE]
        self.policy_rng = np.zeros(1, np.int64)               # int64[1], SplitMix64 state
        # A one-row log: the kernels then record no moves, as in a search.
        self.log = np.zeros((1, 4), np.int64)

    def play(self, seed: int) -> int:
        """Play game `seed` to the end; return the decisions applied."""
        self.kernels.new_game(self.state, self.players, self.extensions, np.int64(seed),
                              self.round_cap, self.log)
        self.policy_rng[0] = seed
        return int(self.kernels.play_random(self.state, self.policy_rng, MAX_STEPS, self.log))


def play_reference_game(seed: int) -> int:
    """Play game `seed` on the reference model with random.Random; return the decisions."""
    from engine import parse_extensions
    from engine.reference import ReferenceGame
    game = ReferenceGame(PLAYERS, parse_extensions(EXTENSIONS), seed, DEFAULT_ROUND_CAP)
    choose = random.Random(seed).choice
    steps = 0
    while not game.over:
        game.apply(choose(game.legal_actions()))
        steps += 1
    return steps


def measure(play_game: Callable[[int], int], games: int, seconds: float) -> dict:
    """Time repetitions of `games` games (seeds 1..games) for `seconds`.

    One untimed repetition comes first, so caches and lazy imports are warm.
    The garbage collector is off while timing (as in `timeit`): a collection
    triggered by unrelated garbage would land on one engine at random."""

    def repetition() -> int:
        return sum(play_game(seed) for seed in range(1, games + 1))

    repetition()
    samples = []  # (decisions, seconds) per repetition
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        began = time.perf_counter()
        while len(samples) < MIN_REPETITIONS or time.perf_counter() - began < seconds:
            start = time.perf_counter()
            steps = repetition()
            samples.append((steps, time.perf_counter() - start))
    finally:
        if gc_was_enabled:
            gc.enable()
    return {
        "steps_per_second": statistics.median(steps / elapsed for steps, elapsed in samples),
        "repetitions": len(samples),
        "games": games * len(samples),
        "steps": sum(steps for steps, _ in samples),
        "seconds": sum(elapsed for _, elapsed in samples),
    }


def measure_fresh_process(starts: int) -> dict:
    """Time `starts` new interpreters that import the engine and play one game.

    The child gets this process's NUMBA_CACHE_DIR (so it finds the kernels
    this process compiled) and this process's engine on its path (so it times
    the same code, installed or not)."""
    import engine
    env = dict(os.environ, NUMBA_DEBUG_CACHE="1")
    source_root = os.path.dirname(os.path.dirname(os.path.abspath(engine.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source_root, env.get("PYTHONPATH")]))
    code = FRESH_PROCESS_CODE.format(players=PLAYERS, extensions=EXTENSIONS, seed=1)
    walls, reports = [], []
    for _ in range(starts):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True)
        walls.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise RuntimeError(f"the fresh process failed:\n{done.stderr.strip()}")
        report = json.loads(done.stdout.strip().splitlines()[-1])
        report["cache_misses"] = (done.stdout + done.stderr).count("data saved to")
        reports.append(report)
    return {
        "seconds": statistics.median(walls),
        "engine_ready_seconds": statistics.median(r["ready"] for r in reports),
        "game_seconds": statistics.median(r["game"] for r in reports),
        "steps": reports[0]["steps"],
        "repetitions": starts,
        "cache_misses": max(r["cache_misses"] for r in reports),
    }


@contextmanager
def single_core():
    """Pin this process (and the children it starts) to one CPU; yield its number.

    Yields None where the OS has no affinity call (macOS, Windows). The last
    allowed CPU is taken because CPU 0 usually serves most interrupts."""
    if not hasattr(os, "sched_setaffinity"):
        yield None
        return
    allowed = os.sched_getaffinity(0)
    cpu = max(allowed)
    os.sched_setaffinity(0, {cpu})
    try:
        yield cpu
    finally:
        os.sched_setaffinity(0, allowed)


def run_engine_bench(games: int, seconds: float, starts: int) -> dict:
    """The whole `passport bench engine` measurement, as plain data."""
    import numba
    with single_core() as cpu:
        kernel = measure(KernelGames().play, games, seconds)
        reference = measure(play_reference_game, games, seconds)
        fresh = measure_fresh_process(starts)
    return {
        "workload": {"players": PLAYERS, "extensions": EXTENSIONS,
                     "round_cap": DEFAULT_ROUND_CAP, "policy": "uniform random", "games_per_repetition": games,
                     "seconds_per_engine": seconds},
        "numba": kernel,
        "reference": reference,
        "ratio": kernel["steps_per_second"] / reference["steps_per_second"],
        "fresh_process": fresh,
        "machine": {"cpu": cpu, "python": platform.python_version(),
                    "numba": numba.__version__, "numpy": np.__version__,
                    "platform": platform.platform()},
    }
