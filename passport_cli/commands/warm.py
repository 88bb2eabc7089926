"""`passport warm`: compile the engine's and the bots' kernels into numba's cache, once."""

import click


@click.command()
@click.pass_obj
def warm(app) -> None:
    """Compile the engine's and the bots' kernels once, so later starts are quick.

    `make` runs this; afterwards every command loads the compiled kernels
    from numba's cache in well under a second."""
    import time
    from contextlib import contextmanager

    import bots
    import engine

    console = app.console

    @contextmanager
    def step(label):
        start = time.perf_counter()
        with app.status(f"  {label}…"):
            yield
        console.print(f"  {label}: {time.perf_counter() - start:.1f} s")

    console.print("Preparing the engine (first run only)…")
    began = time.perf_counter()
    engine.warm(on_step=step)
    bots.warm(on_step=step)
    console.print(f"Engine ready ({time.perf_counter() - began:.1f} s).")
