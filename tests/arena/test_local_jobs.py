"""Jobs in this machine's processes (arena.cluster.local_results), as
tournaments and self-play run them with --workers."""

import math

from arena.cluster import local_results


def test_every_job_once_with_its_number():
    jobs = [(n,) for n in range(7)]
    for workers in (1, 2):
        results = dict(local_results(math.factorial, jobs, workers))
        assert results == {i: math.factorial(i) for i in range(7)}


def test_closing_early_stops_the_workers():
    finished = local_results(math.factorial, [(n,) for n in range(50)], 2)
    first = next(finished)
    finished.close()
    assert first[1] == math.factorial(first[0])
