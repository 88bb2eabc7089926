"""Collecting the tests runs nothing: no test module plays a game, calls a
kernel or writes a file when it is imported, so `pytest --collect-only`
and the start of every run stay quick. Parametrize lists hold cheap data;
what costs is built inside a test or a fixture."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Collects every test in this interpreter, then lists the numba kernels
# that have been called (each call compiles, or loads from the cache, a
# version of the kernel for its argument types).
COLLECT = """
import gc, json, sys
import pytest
from numba.core.registry import CPUDispatcher
code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[1:]])
called = sorted({k.py_func.__module__ + "." + k.py_func.__qualname__ for k in gc.get_objects()
                 if isinstance(k, CPUDispatcher) and k.signatures})
print(json.dumps({"code": int(code), "called": called}))
"""


@pytest.mark.slow
def test_collecting_the_tests_calls_no_kernel_and_saves_nothing(tmp_path):
    cache, home = tmp_path / "numba-cache", tmp_path / "home"
    cache.mkdir()
    done = subprocess.run([sys.executable, "-c", COLLECT, "tests"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, NUMBA_CACHE_DIR=str(cache), PASSPORT_HOME=str(home)))
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["code"] == 0
    assert found["called"] == []
    assert [path for path in cache.rglob("*") if path.is_file()] == []  # nothing compiled
    assert not home.exists()
