"""Shared test set-up.

`make test` runs every test with a throwaway numba cache: numba's cache
checks only the file that defines a kernel, so a cache kept across runs
can hide a change to a helper module. `pytest -m "not slow"` is the quick
loop (pyproject.toml marks what is slow); run it with a NUMBA_CACHE_DIR
of its own, and empty that folder after a change to the kernels."""

import pytest


@pytest.fixture(scope="session")
def ray_instance():
    """One local Ray instance with 2 CPUs for the whole session (it takes
    seconds to start); the tests that use it import Ray or skip (Ray is in
    the test extras: pip install -e '.[test]')."""
    ray = pytest.importorskip("ray", reason="Ray is in the test extras: pip install -e '.[test]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()
