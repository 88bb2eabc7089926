"""Passport's bots: baselines, ISMCTS at four levels; they only decide (the arena seats them).

Importing the package is light on purpose: `bots.names` (the bots' names
and their parser) serves `passport --help` without loading the engine or
numba. The kernels load when a bot is made (bots/_jit.py first clears
cached machine code built from older sources). `warm()` compiles the bots'
kernels into numba's cache; `is_warm()` says whether that is done.
"""


def warm(names=None, on_step=None) -> None:
    """Compile (or load from numba's cache) the kernels of the bots `names`
    (all of them by default; random needs none). `on_step(label)`, if
    given, is entered around each step."""
    from ._warm import warm as run
    run(names, on_step)


def is_warm() -> bool:
    """Whether `warm()` has compiled every bot kernel of these very sources
    (the bots' and the engine's) into the cache. Reads a stamp only."""
    from ._warm import is_warm as stamped
    return stamped()
