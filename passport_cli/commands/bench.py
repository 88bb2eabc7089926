"""`passport bench`: speed measurements. Numbers only; no test relies on them."""

import click

from bots.names import LEVELS

from ..options import MAX_PLAYERS, MIN_PLAYERS, json_option, think_option


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
@click.option("--bot", default="expert", show_default=True,
              help="Whose search: a searching level, or a variant such as "
                   "expert+belief_sweeps=0 (docs/bots.md).")
@click.pass_obj
def ismcts(app, as_json, positions, iterations, bot):
    """ISMCTS iterations per second on one core, from typical 4-player
    positions with every extension (the expert's settings, or --bot's)."""
    from bots.names import BotNameError

    from ..bench.ismcts import run_ismcts_bench, searching_settings
    from ..bench.render import render_ismcts_bench

    try:
        settings = searching_settings(bot)
    except BotNameError as error:
        raise click.BadParameter(str(error), param_hint="--bot") from None
    _report(app, as_json, lambda: run_ismcts_bench(positions, iterations, settings),
            render_ismcts_bench)


@bench.command("play")
@json_option()
@click.option("--games", type=click.IntRange(min=1), default=2, show_default=True,
              help="Four-player games to play.")
@click.option("--rounds", type=click.IntRange(min=1), default=10, show_default=True,
              help="Each game is played to this round (the first rounds wait longest).")
@click.option("--hints", type=click.IntRange(min=0), default=5, show_default=True,
              help="Hints timed per game, at the person's first main decisions.")
@click.option("--level", type=click.Choice(LEVELS),
              default="expert", show_default=True, help="The three bots' level.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the games.")
@think_option("The expert's (and the hint's) time per move, as in passport play.  "
              "[default: 1]")
@click.pass_obj
def play(app, as_json, games, rounds, hints, level, seed, think):
    """What a person waits for in passport play: from each answer to the
    next prompt, one bot decision, and a hint (medians and worst cases),
    over real 4-player games with every extension; the person's seat is
    played by the planner, which answers at once."""
    from ..bench.play import run_play_bench
    from ..bench.render import render_play_bench
    from ..warmup import prepare_bots

    with app.status("Loading the bots' kernels (compiling them on a first run)…"):
        prepare_bots([level, "planner"])
    _report(app, as_json, lambda: run_play_bench(games, rounds, hints, level, seed, think),
            render_play_bench)


@bench.command("save")
@json_option()
@click.option("--games", type=click.IntRange(min=1), default=5, show_default=True,
              help="Whole games to play and save after every move.")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4,
              show_default=True, help="Seats per game.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the games.")
@click.pass_obj
def save(app, as_json, games, players, seed):
    """What passport play's save after every completed move costs: one save
    of the record so far (median and worst, and over the last tenth of each
    game, where the record is longest), over whole games with every
    extension played by planner bots."""
    from ..bench.render import render_save_bench
    from ..bench.save import run_save_bench

    _report(app, as_json, lambda: run_save_bench(games, players, seed), render_save_bench)


def _report(app, as_json: bool, measure, render) -> None:
    """Compile first (else the first repetition, and a fresh process, would
    time numba's compiler), measure, then print the figures or their JSON."""
    import json

    from ..warmup import prepare_engine

    with app.status("Loading the engine's kernels (compiling them on a first run)…"):
        prepare_engine()
    with app.status("Measuring…"):
        result = measure()
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        render(app.console, result)
