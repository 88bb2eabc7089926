"""Shared test set-up: tests never reuse a stale numba cache (see Makefile)."""

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
