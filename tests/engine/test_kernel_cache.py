"""The on-disk kernel cache is cleared when a package's sources, or those of
a package it depends on, change (engine/kernel_cache.py)."""

from engine.kernel_cache import drop_stale_kernels, is_warm, mark_warm


def make_package(root, name, source):
    package = root / name
    (package / "__pycache__").mkdir(parents=True)
    (package / "kernels.py").write_text(source)
    return package


def cached(package):
    entry = package / "__pycache__" / "kernels.f-1.py311.nbi"
    entry.write_text("machine code")
    return entry


def test_a_change_in_a_dependency_clears_the_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    engine = make_package(tmp_path, "engine", "SIZE = 1\n")
    bots = make_package(tmp_path, "bots", "from engine.kernels import SIZE\n")
    drop_stale_kernels(bots, depends_on=(engine,))
    entry = cached(bots)
    drop_stale_kernels(bots, depends_on=(engine,))
    assert entry.exists(), "nothing changed: the cache stays"
    (engine / "kernels.py").write_text("SIZE = 2\n")
    drop_stale_kernels(bots, depends_on=(engine,))
    assert not entry.exists(), "the engine changed: the bots' kernels are stale"


def test_warm_holds_only_for_the_sources_it_was_compiled_from(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    engine = make_package(tmp_path, "engine", "SIZE = 1\n")
    bots = make_package(tmp_path, "bots", "from engine.kernels import SIZE\n")
    assert not is_warm(bots, depends_on=(engine,))
    mark_warm(bots, depends_on=(engine,))
    assert is_warm(bots, depends_on=(engine,))
    (engine / "kernels.py").write_text("SIZE = 2\n")
    assert not is_warm(bots, depends_on=(engine,)), "compiled from other sources"


def test_with_a_chosen_cache_directory_the_stamp_lives_there(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    chosen = tmp_path / "cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(chosen))
    engine = make_package(tmp_path, "engine", "SIZE = 1\n")
    mark_warm(engine)
    assert is_warm(engine) and list(chosen.iterdir())
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert not is_warm(engine)
