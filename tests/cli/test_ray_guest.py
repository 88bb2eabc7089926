"""`--backend ray` as a guest on the machine (arena/cluster.py): without
--address a run starts a private Ray instance, never the one RAY_ADDRESS
names, and stops it and nothing else, at the end or when stopped; with
--address, a cluster that is not there or refuses the run's token is told in
one sentence, at once. The session's Ray instance (tests/conftest.py) is the
one already running: it takes a token, as Ray's local instances do."""

import os
import shutil
import signal
import socket
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
FAST = 15  # seconds: a refusal is told in about one; Ray's own connection gives up after 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
        out, err = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 130 and "Interrupted after" in out, err  # as Ctrl-C, not Ray's exit
    assert gone(ray_tmpdir)
    assert ray.get(one.remote()) == 1


def test_an_address_where_nothing_listens_is_told_at_once_in_one_sentence():
    from click.testing import CliRunner

    from passport_cli.main import cli
    port = free_port()
    start = time.monotonic()
    result = CliRunner().invoke(cli, [*QUICK, "--address", f"127.0.0.1:{port}"],
                                env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert time.monotonic() - start < FAST
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"Error: nothing answers at 127.0.0.1:{port} (connection refused): start the "
        f"cluster's head there (ray start --head --port {port}) or give the address it printed"]


def test_an_address_that_is_no_address_is_a_usage_error():
    from click.testing import CliRunner

    from passport_cli.main import cli
    result = CliRunner().invoke(cli, [*QUICK, "--address", "headnode"], env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert "the Ray address 'headnode' is not HOST:PORT, ray://HOST:PORT or auto" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("env, sentence", [
    ({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "not-its-token"},
     "the Ray cluster at {} refused the token in RAY_AUTH_TOKEN: set RAY_AUTH_TOKEN to the "
     "cluster's token, which `ray get-auth-token` prints on its head"),
    ({"RAY_AUTH_MODE": None, "RAY_AUTH_TOKEN": None},
     "the Ray cluster at {} needs its token: set RAY_AUTH_MODE=token and RAY_AUTH_TOKEN to the "
     "cluster's token, which `ray get-auth-token` prints on its head"),
    ({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": None, "HOME": "{home}"},
     "this run has no Ray token for {} (Token authentication is enabled but no authentication "
     "token was found): set RAY_AUTH_TOKEN to the cluster's token, which `ray get-auth-token` "
     "prints on its head"),
], ids=["refused", "none-sent", "missing"])
def test_a_missing_or_refused_token_is_told_at_once_in_one_sentence(running, tmp_path, env,
                                                                     sentence):
    address, jobs = running
    if os.environ.get("RAY_AUTH_MODE") != "token":
        pytest.skip("the session's Ray instance takes no token (RAY_AUTH_MODE is set)")
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")}
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value.format(home=tmp_path)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "passport_cli", *QUICK, "--address", address],
                          capture_output=True, text=True, timeout=600, cwd=REPO,
                          env={**environment, "NO_COLOR": "1", "COLUMNS": "300"})
    assert time.monotonic() - start < FAST
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["Error: " + sentence.format(address)]
