"""The fuzz tests run bounded and seeded in `make test`, and long with
`make fuzz` (PASSPORT_FUZZ=N cases a test, 100,000 by default there).
Every test here is marked slow: 150 cases a family are left out of the
quick loop, `pytest -m "not slow"`."""

import functools
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

CASES = int(os.environ.get("PASSPORT_FUZZ", "0") or 0)

settings.register_profile(
    "passport-fuzz",
    max_examples=CASES or 150,
    deadline=None,
    derandomize=not CASES,  # in make test the same cases every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
FUZZ = settings.get_profile("passport-fuzz")
HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.slow)


@functools.lru_cache(maxsize=1)
def saved_games() -> tuple[dict, dict]:
    """A finished 3-player game with every extension and one saved with a
    decision half made, both with seats; played at the first test that asks
    (never at import: collecting the tests plays nothing)."""
    from arena.match import Seat, Table
    from bots.difficulty import make_bot
    from engine import Config
    from engine import cards as C
    docs = []
    for seed, finish in ((3, True), (4, False)):
        seats = [Seat("You", "human"), Seat("Ana", "bot:easy"), Seat("Bo", "bot:medium")]
        table = Table(Config(3, C.ALL_EXTENSIONS, seed, 30), seats,
                      [make_bot("planner", seed=s) for s in range(3)])
        while not table.over and (finish or len(table.steps) < 25
                                  or table.recorder.pending is None):
            table.step()
        docs.append(table.document())
    return docs[0], docs[1]
