"""Keep numba's on-disk kernel cache honest.

numba's `cache=True` only checks the file that defines each kernel, so a
change in a helper module it calls can leave stale machine code behind. Before
the kernels of a package are imported, `drop_stale_kernels` compares a digest
of all the package's sources (and of the packages it depends on: the bots'
kernels compile the engine's layout and helpers into themselves) with the one
stored beside the cache, and clears the package's cached kernels when they
differ. (Tests and CI go further and
use a throwaway NUMBA_CACHE_DIR.)
"""

import hashlib
import os
from pathlib import Path


def drop_stale_kernels(package_dir: Path, depends_on: tuple[Path, ...] = ()) -> None:
    """Clear `package_dir`'s cached kernels if any of its sources, or of the
    packages in `depends_on`, changed."""
    if os.environ.get("NUMBA_CACHE_DIR") or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return  # a chosen cache directory is the caller's to manage
    try:
        sources = [p for d in (package_dir, *depends_on) for p in sorted(d.glob("*.py"))]
        digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:20]
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
