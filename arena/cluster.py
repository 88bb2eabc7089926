"""Jobs as Ray tasks, for runs with `--backend ray` (tournaments,
opening-book builds): on a Ray cluster, or on a
private Ray instance this process starts and stops; and the same jobs in
processes of this machine (`local_results`). Ray is an optional dependency (pip install
'passport-game[cluster]'); every job is seeded on its own, so a job played
again after its worker died gives the same result.

A guest on the machine: without an address the instance is a new one
(`ray.init(address="local")`), whatever RAY_ADDRESS or a running cluster
says, and only it is stopped at the end. With an address, the cluster is
asked first whether it answers and takes this run's token (Ray's token
authentication: RAY_AUTH_MODE, RAY_AUTH_TOKEN), so that a refusal is told
in a second, in one sentence, not as a connection that times out."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
from typing import Callable, Iterator, Sequence

RAY_RETRIES = 5  # times a job is run again when its worker or node dies
ANSWER_TIME = 5.0  # seconds a cluster's address has to accept a connection
TOKEN_HELP = "which `ray get-auth-token` prints on its head"


class ClusterError(ValueError):
    """Ray is missing, or its cluster can't be reached or refuses this
    run: one sentence."""


def local_results(function: Callable, jobs: Sequence[tuple], workers: int,
                  names: Sequence[str] = ()) -> Iterator[tuple[int, object]]:
    """`function(*job)` for each of `jobs`, yielded as (the job's index, its
    result) as they finish: in this process with one worker, else in
    `workers` processes of their own, the bots `names` compiled here first
    so that the workers load them from numba's cache. Workers leave Ctrl-C
    to this process; closing the generator stops them."""
    if workers <= 1 or len(jobs) <= 1:
        for number, job in enumerate(jobs):
            yield number, function(*job)
        return
    import multiprocessing

    from bots import warm
    warm(names)  # compiled or loaded here once, not in every worker at once
    # spawn, not fork: a forked copy of a process that has started numba's
    # threads (or Rich's refresh thread) may deadlock
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(min(workers, len(jobs)), initializer=_ignore_interrupts)
    try:
        yield from pool.imap_unordered(_numbered, [(function, number, job)
                                                   for number, job in enumerate(jobs)])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _numbered(task) -> tuple[int, object]:
    function, number, job = task
    return number, function(*job)


def _ignore_interrupts() -> None:
    # Workers leave Ctrl-C to the parent, which stops them and saves what is done.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def ray_results(function: Callable, jobs: Sequence[tuple], workers: int, address: str | None,
                names: Sequence[str] = ()) -> Iterator[tuple[int, object]]:
    """`function(*job)` for each of `jobs` as a Ray task, yielded as (the
    job's index, its result) as they finish; a job whose worker or node dies
    is run again elsewhere (Ray's retries), so a job may finish twice and the
    caller keeps the first. Without `address` and outside a Ray instance, a
    private one with `workers` CPUs is started, and stopped at the end; a
    cluster decides its own concurrency. The bots `names` are compiled here
    first, so that workers on this machine load them from numba's cache.
    Closing the generator early (a verdict, Ctrl-C) cancels the jobs not
    finished."""
    try:
        import ray
    except ImportError:
        raise ClusterError("the ray backend needs Ray: pip install 'passport-game[cluster]'"
                           ) from None
    if address is not None:
        check_cluster(address)  # before the bots are compiled: a refusal comes at once
    from bots import warm
    warm(names)
    started = not ray.is_initialized()
    if started:
        _join(ray, workers, address)
    waiting = []
    try:
        notes_to_stderr(ray)
        remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(function)
        index = {}
        for number, job in enumerate(jobs):
            index[remote.remote(*job)] = number
        waiting = list(index)
        while waiting:
            [ready], waiting = ray.wait(waiting, num_returns=1)
            yield index[ready], ray.get(ready)
    finally:
        if started:
            # the private instance stops, or this job on the cluster ends, and
            # its tasks with it; cancelling them first races with the ones that
            # finish meanwhile, which Ray 2.60 can answer with a crash
            ray.shutdown()
        else:
            for task in waiting:
                ray.cancel(task, force=True)


def _join(ray, workers: int, address: str | None) -> None:
    """Start the private instance, or connect to the cluster at `address`.
    A start cut short is undone, and the process's SIGTERM handler, which
    ray.init replaces with its own, is put back."""
    main = threading.current_thread() is threading.main_thread()
    on_terminate = signal.getsignal(signal.SIGTERM) if main else None
    try:
        if address is None:
            ray.init(address="local", num_cpus=workers, include_dashboard=False,
                     log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except BaseException as error:
        ray.shutdown()
        if not isinstance(error, Exception):
            raise
        raise ClusterError(_failure(error, address)) from None
    finally:
        if main and on_terminate is not None:
            signal.signal(signal.SIGTERM, on_terminate)


def address_parts(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster's address, "HOST:PORT" or
    "ray://HOST:PORT" (Ray Client); None for "auto" (Ray finds the cluster
    this machine belongs to). ClusterError for anything else."""
    if address == "auto":
        return None
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")  # an IPv6 address is written [::1]:6379
    if not (colon and host and port.isdigit() and 0 < int(port) < 65536):
        raise ClusterError(f"the Ray address {address!r} is not HOST:PORT, ray://HOST:PORT "
                           f"or auto")
    return host, int(port)


def check_cluster(address: str) -> None:
    """ClusterError, in a second or `ANSWER_TIME`, if nothing answers at
    `address`, if this run has no token where token authentication is on,
    or if the cluster refuses the token or the lack of one. The token
    checks ask parts of Ray that are private (the loader of the token, a
    client of the cluster's head): a Ray without them leaves the telling to
    ray.init, slower."""
    parts = address_parts(address)
    if parts is None:
        return
    try:
        socket.create_connection(parts, timeout=ANSWER_TIME).close()
    except OSError as error:
        reason = error.strerror or str(error) or f"no answer in {ANSWER_TIME:g} s"
        raise ClusterError(f"nothing answers at {address} ({reason.lower()}): start the "
                           f"cluster's head there (ray start --head --port {parts[1]}) or "
                           f"give the address it printed") from None
    if address.startswith("ray://"):
        return  # Ray Client: ray.init asks, and its refusal is told as ray.init's
    try:
        from ray._private.authentication.authentication_token_setup import (
            ensure_token_if_auth_enabled,
        )
        from ray._raylet import GcsClient
        from ray.exceptions import AuthenticationError
    except ImportError:
        return
    try:
        # first, as ray.init does: without a token in token mode, the client aborts the process
        ensure_token_if_auth_enabled(None, create_token_if_missing=False)
        with _stderr_dropped():
            GcsClient(address=address)
    except AuthenticationError as error:
        raise ClusterError(_refusal(error, address)) from None
    except Exception as error:
        raise ClusterError(f"something answers at {address} but not as a Ray cluster's head "
                           f"({_first_line(error)})") from None


@contextlib.contextmanager
def _stderr_dropped():
    """Ray's C++ client logs each refusal on the process's stderr (file
    descriptor 2), in words the ClusterError that follows says better."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _token_mode() -> bool:
    return os.environ.get("RAY_AUTH_MODE", "").lower() == "token"


def _refusal(error: Exception, address: str) -> str:
    """The sentence for Ray's AuthenticationError: no token, one refused,
    or a cluster that wants one from a run that sends none."""
    if not _token_mode():
        return (f"the Ray cluster at {address} needs its token: set RAY_AUTH_MODE=token and "
                f"RAY_AUTH_TOKEN to the cluster's token, {TOKEN_HELP}")
    said = getattr(error, "message", str(error))  # Ray's own words, without its advice
    if "InvalidAuthToken" not in said:
        return (f"this run has no Ray token for {address} ({_first_line(said)}): set "
                f"RAY_AUTH_TOKEN to the cluster's token, {TOKEN_HELP}")
    if os.environ.get("RAY_AUTH_TOKEN"):
        source = "the token in RAY_AUTH_TOKEN"
    elif os.environ.get("RAY_AUTH_TOKEN_PATH"):
        source = f"the token in {os.environ['RAY_AUTH_TOKEN_PATH']} (RAY_AUTH_TOKEN_PATH)"
    else:
        source = "the token in ~/.ray/auth_token"
    return (f"the Ray cluster at {address} refused {source}: set RAY_AUTH_TOKEN to the "
            f"cluster's token, {TOKEN_HELP}")


def _failure(error: Exception, address: str | None) -> str:
    """The sentence for an error of ray.init."""
    if address is None:
        return f"can't start a local Ray instance ({_first_line(error)})"
    cause = error
    while cause is not None:
        if type(cause).__name__ == "AuthenticationError" or "InvalidAuthToken" in str(cause):
            return _refusal(cause, address)
        cause = cause.__cause__ or cause.__context__
    return f"can't reach a Ray cluster at {address} ({_first_line(error)})"


def _first_line(error) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def notes_to_stderr(ray) -> None:
    """Ray's driver prints its notes (a task retried, a node lost) on stdout,
    where a run's results go (`passport tournament --json`): send them to
    stderr. Its printer is a private function: if a Ray release renames it,
    the notes stay where Ray puts them."""
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    printer = getattr(worker, "print_to_stdstream", None)
    if printer is None or getattr(printer, "to_stderr", False):
        return

    def to_stderr(data, *args, **kwargs):
        return printer({**data, "is_err": True}, *args, **kwargs)
    to_stderr.to_stderr = True
    worker.print_to_stdstream = to_stderr
