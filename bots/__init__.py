"""Passport's bots: baselines, ISMCTS at four levels, tournaments.

The bots' numba kernels compile parts of the engine into themselves, so their
on-disk cache is cleared when the sources of either package change
(engine/_kernel_cache.py); the engine's own check runs first, since bot
kernels import engine kernels directly.
"""

from pathlib import Path

from engine._kernel_cache import drop_stale_kernels

_BOTS = Path(__file__).parent
_ENGINE = _BOTS.parent / "engine"
drop_stale_kernels(_ENGINE)
drop_stale_kernels(_BOTS, depends_on=(_ENGINE,))
