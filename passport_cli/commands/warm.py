"""`passport warm`: compile the engine's kernels into numba's cache, once."""

import click


@click.command()
@click.pass_obj
def warm(app) -> None:
    """Compile the engine's kernels once, so later starts are quick.

    `make` runs this; afterwards every command loads the compiled kernels
    from numba's cache in well under a second."""
    import time

    from ..warmup import STEPS

    console = app.console
    console.print("Preparing the engine (first run only)…")
    began = time.perf_counter()
    for label, step in STEPS:
        start = time.perf_counter()
        with app.status(f"  {label}…"):
            step()
        console.print(f"  {label}: {time.perf_counter() - start:.1f} s")
    console.print(f"Engine ready ({time.perf_counter() - began:.1f} s).")
