"""Keep numba's on-disk kernel cache honest, and know when it is warm.

numba's `cache=True` only checks the file that defines each kernel, so a
change in a helper module it calls can leave stale machine code behind. Before
the kernels of a package are imported, `drop_stale_kernels` compares a digest
of all the package's sources (and of the packages it depends on: the bots'
kernels compile the engine's layout and helpers into themselves) with the one
stored beside the cache, and clears the package's cached kernels when they
differ. (Tests and CI go further and use a throwaway NUMBA_CACHE_DIR.)

This module is public and light (the standard library only): the bots use
it for their own kernels, which compile the engine's into themselves
(`depends_on=(ENGINE_DIR,)`).

A package that has compiled every kernel it uses into the cache (its `warm`)
leaves a stamp naming its sources' digest, the Python and the numba that
compiled them; `is_warm` reads it back, so a command can say "Preparing the
engine (first run only)" exactly when it is about to compile. numba offers
no public way to ask whether a kernel is cached, hence the stamp.
"""

import hashlib
import os
import platform
from importlib import metadata
from pathlib import Path

ENGINE_DIR = Path(__file__).parent


def sources_digest(package_dir: Path, depends_on: tuple[Path, ...] = ()) -> str:
    """A digest of every Python source of `package_dir` and of `depends_on`."""
    sources = [p for d in (package_dir, *depends_on) for p in sorted(d.glob("*.py"))]
    return hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:20]


def drop_stale_kernels(package_dir: Path, depends_on: tuple[Path, ...] = ()) -> None:
    """Clear `package_dir`'s cached kernels if any of its sources, or of the
    packages in `depends_on`, changed."""
    if os.environ.get("NUMBA_CACHE_DIR") or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return  # a chosen cache directory is the caller's to manage
    try:
        digest = sources_digest(package_dir, depends_on)
        cache = package_dir / "__pycache__"
        stamp = cache / "numba-sources.stamp"
        if stamp.exists() and stamp.read_text() == digest:
            return
        for stale in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            stale.unlink()
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass  # a read-only install: numba then uses its own user-wide cache


def _warm_stamp(package_dir: Path) -> Path:
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / f"passport-{package_dir.name}-warm.stamp"
    return package_dir / "__pycache__" / "numba-warm.stamp"


def _warm_text(package_dir: Path, depends_on: tuple[Path, ...]) -> str:
    return " ".join((sources_digest(package_dir, depends_on), platform.python_version(),
                     metadata.version("numba")))


def mark_warm(package_dir: Path, depends_on: tuple[Path, ...] = ()) -> None:
    """Note that every kernel of `package_dir` is now in the cache."""
    try:
        stamp = _warm_stamp(package_dir)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(_warm_text(package_dir, depends_on))
    except OSError:
        pass  # unwritable: `is_warm` stays False, which costs only a message


def is_warm(package_dir: Path, depends_on: tuple[Path, ...] = ()) -> bool:
    """Whether `mark_warm` was called for these very sources, Python and numba
    (with NUMBA_DISABLE_JIT=1 nothing compiles: always warm)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return True
    try:
        return _warm_stamp(package_dir).read_text() == _warm_text(package_dir, depends_on)
    except (OSError, metadata.PackageNotFoundError):
        return False
