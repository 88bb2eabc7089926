"""Jobs as Ray tasks, for runs with `--backend ray` (tournaments,
opening-book builds): on a Ray cluster, or on a private Ray instance this
process starts and stops. Ray is an optional dependency (pip install
'passport-game[cluster]'); every job is seeded on its own, so a job played
again after its worker died gives the same result.

A guest on the machine: without an address the instance is a new one
(`ray.init(address="local")`), whatever RAY_ADDRESS or a running cluster
says, and only it is stopped at the end."""

from __future__ import annotations

import signal
import threading
from typing import Callable, Iterator, Sequence

RAY_RETRIES = 5  # times a job is run again when its worker or node dies


class ClusterError(ValueError):
    """Ray is missing or its cluster can't be reached: one sentence."""


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
        for task in waiting:
            ray.cancel(task, force=True)
        if started:
            ray.shutdown()  # a private instance stops; a cluster is only left


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


def _failure(error: Exception, address: str | None) -> str:
    """The sentence for an error of ray.init."""
    if address is None:
        return f"can't start a local Ray instance ({_first_line(error)})"
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
