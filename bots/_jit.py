"""Imported first by every module of bots kernels: before any of them is
compiled or loaded from numba's cache, cached machine code built from other
sources of the bots, or of the engine (which the bots' kernels compile into
themselves), is cleared (engine/kernel_cache.py)."""

from pathlib import Path

from engine.kernel_cache import ENGINE_DIR, drop_stale_kernels

BOTS_DIR = Path(__file__).parent
drop_stale_kernels(BOTS_DIR, depends_on=(ENGINE_DIR,))
