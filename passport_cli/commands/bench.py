"""`passport bench`: speed measurements. Numbers only; no test relies on them."""

import click

from ..options import json_option


@click.group()
def bench() -> None:
    """Measure speed and print the numbers."""


@bench.command("engine")
@json_option()
@click.option("--games", type=click.IntRange(min=1), default=10, show_default=True,
              help="Games per repetition.")
@click.option("--seconds", type=click.FloatRange(min=0), default=3.0, show_default=True,
              help="Time to spend on each engine (at least 3 repetitions each).")
@click.option("--starts", type=click.IntRange(min=1), default=5, show_default=True,
              help="Fresh processes to time.")
@click.pass_obj
def engine(app, as_json, games, seconds, starts):
    """Decisions per second: numba kernels against the Python reference.

    Plays uniformly random 4-player games with every extension on one CPU,
    and times a fresh process that loads the engine and plays one game."""
    from ..bench.engine import run_engine_bench
    from ..bench.render import render_bench

    _report(app, as_json, lambda: run_engine_bench(games, seconds, starts), render_bench)


@bench.command("ismcts")
@json_option()
@click.option("--positions", type=click.IntRange(min=1), default=12, show_default=True,
              help="Typical positions to search from.")
@click.option("--iterations", type=click.IntRange(min=10), default=20000, show_default=True,
              help="Search iterations from each position.")
@click.pass_obj
def ismcts(app, as_json, positions, iterations):
    """ISMCTS iterations per second on one core, from typical 4-player
    positions with every extension (the expert's settings)."""
    from ..bench.ismcts import run_ismcts_bench
    from ..bench.render import render_ismcts_bench

    _report(app, as_json, lambda: run_ismcts_bench(positions, iterations), render_ismcts_bench)


def _report(app, as_json: bool, measure, render) -> None:
    """Compile first (else the first repetition, and a fresh process, would
    time numba's compiler), measure, then print the figures or their JSON."""
    import json

    from ..warmup import prepare_engine

    with app.status("Preparing the engine (first run only)…"):
        prepare_engine()
    with app.status("Measuring…"):
        result = measure()
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        render(app.console, result)
