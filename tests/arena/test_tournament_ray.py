"""Tournaments as Ray tasks (arena/tournament.py, `backend="ray"`): the same
results as the local processes, an SPRT that stops at the same deal, and a
worker that dies mid-game costs nothing: its game is played again and
counted once. One local Ray instance serves the session (tests/conftest.py:
it takes seconds to start)."""

import json
import sys
import textwrap

import pytest

ray = pytest.importorskip("ray", reason="Ray is in the test extras: pip install -e '.[test]'")

from arena.sprt import Sprt  # noqa: E402
from arena.tournament import (  # noqa: E402
    TournamentSettings, load_results, result_json, run_tournament,
)

pytestmark = pytest.mark.slow


def as_json(settings, results):
    return [result_json(r, settings.players) for r in results]


def test_ray_plays_the_same_games_as_local_processes(ray_instance):
    settings = TournamentSettings(bots=("greedy", "random", "planner"), deals=4, seed=3)
    local = run_tournament(settings)
    remote = run_tournament(settings, backend="ray")
    assert as_json(settings, remote) == as_json(settings, local)
    assert ray.is_initialized()  # an instance it did not start is left running


def test_a_pool_on_ray_plays_the_games_it_plays_locally(ray_instance, tmp_path):
    from arena.pool import PoolSettings
    settings = PoolSettings(bots=("greedy", "random", "planner"), players=2, deals=2, seed=3)
    local = run_tournament(settings)
    remote = run_tournament(settings, backend="ray", records_dir=tmp_path / "records")
    assert [result_json(r, 2, 3) for r in remote] == [result_json(r, 2, 3) for r in local]
    assert len(list((tmp_path / "records" / "table-03").iterdir())) == 4


def test_an_sprt_on_ray_stops_at_the_deal_it_stops_at_locally(ray_instance):
    settings = TournamentSettings(bots=("planner", "random"), deals=40, seed=1,
                                  sprt=Sprt(0.5, 0.6))
    local = run_tournament(settings)
    remote = run_tournament(settings, backend="ray")
    decided = max(r.number for r in local)
    assert len(local) < settings.games  # it stopped early
    assert {r.number for r in remote} >= {r.number for r in local}
    assert as_json(settings, [r for r in remote if r.number <= decided]) == as_json(settings, local)


def test_a_worker_that_dies_mid_game_costs_no_game(ray_instance, tmp_path, capfd):
    """An outside program kills the Ray worker playing its game, the first
    time only: the game is played again, and every game is in the file once."""
    marker = tmp_path / "killed"
    agent = tmp_path / "killer.py"
    agent.write_text(textwrap.dedent(f"""\
        import json, os, signal, sys
        from pathlib import Path
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "hello":
                print(json.dumps({{"type": "hello", "name": "killer", "version": 1}}), flush=True)
            elif m["type"] == "decide":
                if not Path({str(marker)!r}).exists():
                    Path({str(marker)!r}).write_text("once")
                    os.kill(os.getppid(), signal.SIGKILL)  # the worker playing this game
                print(json.dumps({{"type": "action", "id": m["actions"][0]["id"]}}), flush=True)
            elif m["type"] == "quit":
                break
        """), encoding="utf-8")
    settings = TournamentSettings(bots=(f"cmd:{sys.executable} {agent}", "greedy"), deals=3,
                                  seed=2)
    path = tmp_path / "results.json"
    results = run_tournament(settings, backend="ray", results_path=path)
    assert marker.exists()  # a worker was killed
    assert sorted(r.number for r in results) == list(range(1, settings.games + 1))
    assert all(r.forfeit is None for r in results)
    saved = json.loads(path.read_text())
    assert sorted(g["game"] for g in saved["games"]) == list(range(1, settings.games + 1))
    assert len(load_results(path, settings)) == settings.games
    # Ray's note of the retry goes to stderr: stdout is the results'
    assert "failed" not in capfd.readouterr().out


def test_rays_notes_are_sent_to_stderr():
    """Ray's driver prints its notes with is_err False (stdout); the backend
    makes them err."""
    from types import SimpleNamespace

    from arena.cluster import notes_to_stderr
    printed = []
    worker = SimpleNamespace(print_to_stdstream=lambda data, ignore_prefix: printed.append(data))
    fake = SimpleNamespace(_private=SimpleNamespace(worker=worker))
    notes_to_stderr(fake)
    notes_to_stderr(fake)  # once is enough: not wrapped twice
    worker.print_to_stdstream({"lines": ["a task was retried"], "is_err": False}, False)
    assert printed == [{"lines": ["a task was retried"], "is_err": True}]
    notes_to_stderr(SimpleNamespace())  # a Ray without that printer: nothing to do
