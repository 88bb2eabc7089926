"""Getting the engine and the bots ready before a command's real work.

numba loads each kernel from its cache, or compiles it the first time
(about a minute for all of them). `engine.warm()` and `bots.warm()` do the
work; the commands call them behind a status line, and `passport warm`
runs them step by step, saying what it is doing.
"""

from __future__ import annotations


def prepare_engine() -> None:
    """Compile or load the engine's kernels, quietly."""
    import engine
    engine.warm()


def prepare_bots(names) -> None:
    """Compile or load the kernels of the bots `names` (random needs none; None: every bot)."""
    import bots
    bots.warm(names)


def kernels_cached(search_bots: bool = True) -> bool:
    """Whether numba's cache already holds the kernels a game needs (the
    engine's and, with `search_bots`, the bots'), so that nothing will be
    compiled: `get_ready` says "Preparing the engine (first run only)…"
    only when this is False."""
    import bots
    import engine
    return engine.is_warm() and (not search_bots or bots.is_warm())


def get_ready(app) -> None:
    """Before a command that plays: on a first run, say so (on a terminal)
    and compile every kernel (the engine's and every bot's, about a minute,
    once); when they are cached, nothing (each loads when first used)."""
    if kernels_cached():
        return
    if app.console.is_terminal:  # piped output stays what the command prints
        ellipsis = "..." if app.ascii else "…"
        app.console.print(f"Preparing the engine (first run only){ellipsis}")
    with app.status("Compiling the rules and the bots (about a minute, once)"):
        prepare_engine()
        prepare_bots(None)
