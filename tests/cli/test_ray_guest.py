"""`--backend ray` as a guest on the machine (arena/cluster.py): without
--address a run starts a private Ray instance, never the one RAY_ADDRESS
names, and stops it and nothing else, at the end or when stopped. The
session's Ray instance (tests/conftest.py) is the one already running."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is in the test extras: pip install -e '.[test]'")

REPO = Path(__file__).resolve().parents[2]
QUICK = ["tournament", "--bots", "greedy,random", "--games", "1", "--round-cap", "20",
         "--seed", "3", "--backend", "ray", "--workers", "1"]


def run_passport(*args, env=None, **kwargs):
    """`passport ARGS` in a process of its own, with `env` over this one's."""
    return subprocess.run([sys.executable, "-m", "passport_cli", *map(str, args)],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**os.environ, "NO_COLOR": "1", **(env or {})}, **kwargs)


def processes_naming(text: str) -> list[int]:
    """The processes whose command line holds `text`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and text in (entry / "cmdline").read_text(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            pass
    return found


@ray.remote
def one():
    return 1


@pytest.fixture
def running(ray_instance):
    """The address of the Ray instance already running, and how many jobs
    (drivers) it has seen."""
    from ray._private import state
    return ray.get_runtime_context().gcs_address, lambda: len(state.jobs())


@pytest.fixture
def ray_tmpdir():
    """A RAY_TMPDIR of its own for a run's private instance: its sessions
    go there, and its processes name it. Short: Ray's sockets live in it."""
    path = tempfile.mkdtemp(prefix="rg-", dir="/tmp")
    yield path
    shutil.rmtree(path, ignore_errors=True)


def gone(tmpdir: str) -> bool:
    """No process of the instance in `tmpdir` left, after a few seconds at most."""
    for _ in range(50):
        if not processes_naming(tmpdir):
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
def test_without_address_a_run_starts_its_own_instance_whatever_ray_address_says(
        running, ray_tmpdir):
    address, jobs = running
    seen = jobs()
    done = run_passport(*QUICK, "--json", env={"RAY_ADDRESS": address, "RAY_TMPDIR": ray_tmpdir})
    assert done.returncode == 0, done.stderr
    assert '"games_played": 2' in done.stdout
    assert jobs() == seen  # the instance RAY_ADDRESS names saw no driver
    assert list(Path(ray_tmpdir).glob("ray/session_*"))  # the run's own instance (RAY_TMPDIR/ray)
    assert gone(ray_tmpdir)  # stopped at the end
    assert ray.get(one.remote()) == 1  # and the one already running still runs


@pytest.mark.slow
def test_with_address_a_run_is_a_job_of_that_cluster(running):
    """What the test above counts: a run that joins the instance is seen."""
    address, jobs = running
    seen = jobs()
    done = run_passport(*QUICK, "--address", address)
    assert done.returncode == 0, done.stderr
    assert jobs() == seen + 1
    assert ray.get(one.remote()) == 1  # a cluster is left running


@pytest.mark.slow
def test_a_run_stopped_by_sigterm_stops_its_instance_and_nothing_else(running, ray_tmpdir):
    address, _ = running
    run = subprocess.Popen(
        [sys.executable, "-m", "passport_cli", *QUICK, "--games", "200"], cwd=REPO, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1", "RAY_ADDRESS": address, "RAY_TMPDIR": ray_tmpdir})
    try:
        for line in run.stderr:  # piped, the progress is a line per 5% of the games
            if "games played" in line:
                break
        assert processes_naming(ray_tmpdir)  # its instance runs
        run.send_signal(signal.SIGTERM)
        out, _ = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 130 and "Interrupted after" in out  # as Ctrl-C, not Ray's exit
    assert gone(ray_tmpdir)
    assert ray.get(one.remote()) == 1
