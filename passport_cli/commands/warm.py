"""`passport warm`: compile the engine's kernels into numba's cache, once."""

import click


@click.command()
@click.pass_obj
def warm(app) -> None:
    """Compile the engine's kernels into the cache (done once, by `make`).

    Later commands then load them in well under a second."""
    import time

    from ..warmup import STEPS

    console = app.console
    console.print("Preparing the engine (first run only)…")
    began = time.perf_counter()
    for label, step in STEPS:
        start = time.perf_counter()
        with app.status(f"  {label}…"):
            note = step()
        console.print(f"  {label}: {note or f'{time.perf_counter() - start:.1f} s'}")
    console.print(f"Engine ready ({time.perf_counter() - began:.1f} s).")
