"""Jobs as Ray tasks, for runs with `--backend ray` (tournaments,
opening-book builds): on a Ray cluster, or on a local Ray instance this
process starts. Ray is an optional dependency (pip install
'passport-game[cluster]'); every job is seeded on its own, so a job played
again after its worker died gives the same result."""

from __future__ import annotations

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
    local one with `workers` CPUs is started, and stopped at the end; a
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
    started = False
    if not ray.is_initialized():
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ClusterError(f"can't reach a Ray cluster at {address} "
                               f"({str(error).splitlines()[0]})") from None
        started = True
    notes_to_stderr(ray)
    remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(function)
    index = {}
    for number, job in enumerate(jobs):
        index[remote.remote(*job)] = number
    waiting = list(index)
    try:
        while waiting:
            [ready], waiting = ray.wait(waiting, num_returns=1)
            yield index[ready], ray.get(ready)
    finally:
        for task in waiting:
            ray.cancel(task, force=True)
        if started:
            ray.shutdown()


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
