"""The `passport` command. Heavy imports live inside commands so --help is instant."""

import click


@click.group()
@click.version_option(package_name="passport-game")
def cli():
    """Passport, the travel card game, in your terminal."""


@cli.command()
def warm():
    """Compile the engine's kernels into the cache (done once, by `make`)."""
    import time
    start = time.perf_counter()
    click.echo("Preparing the engine (first run only: numba compiles the kernels)...")
    from engine import Game
    game = Game.new(players=4, extensions="all", seed=0, round_cap=5)
    game.determinize(0, 1)
    while not game.over:
        game.apply(game.legal_actions()[0])
    click.echo(f"Engine ready ({time.perf_counter() - start:.1f} s).")
