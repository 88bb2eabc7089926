"""Shared test set-up.

`make test` runs every test with a throwaway numba cache, so every run
compiles the kernels from their sources as a fresh install does. `make
quick` is the quick loop, `pytest -m "not slow"` (pyproject.toml marks what
is slow), with a cache kept in .venv: engine/kernel_cache.py drops a
package's kernels from it whenever one of its sources changes."""

import pytest


@pytest.fixture(scope="session")
def ray_instance():
    """One local Ray instance with 2 CPUs for the whole session (it takes
    seconds to start), a new one whatever RAY_ADDRESS says; the tests that
    use it import Ray or skip (Ray is in the test extras: pip install -e
    '.[test]')."""
    ray = pytest.importorskip("ray", reason="Ray is in the test extras: pip install -e '.[test]'")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield
    ray.shutdown()
