"""The `passport` command: the root group and the list of commands.

Only click is imported at module level, here and in passport_cli/commands/:
numpy, numba, the engine and Rich load inside command bodies, so
`passport --help` is instant (tests/cli/test_help.py checks it).
"""

import click

from .app import Application
from .commands.agent import agent
from .commands.bench import bench
from .commands.calibrate import calibrate
from .commands.cards import cards
from .commands.lab import lab
from .commands.openings import openings
from .commands.play import play
from .commands.replay import replay
from .commands.report import report
from .commands.review import review
from .commands.rules import rules
from .commands.selfplay import selfplay
from .commands.stats import stats
from .commands.tournament import tournament
from .commands.warm import warm
from .commands.watch import watch


@click.group()
@click.version_option(package_name="passport-game")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Passport, the travel card game, in your terminal."""
    ctx.obj = Application()


cli.add_command(agent)
cli.add_command(bench)
cli.add_command(calibrate)
cli.add_command(cards)
cli.add_command(lab)
cli.add_command(openings)
cli.add_command(play)
cli.add_command(replay)
cli.add_command(report)
cli.add_command(review)
cli.add_command(rules)
cli.add_command(selfplay)
cli.add_command(stats)
cli.add_command(tournament)
cli.add_command(warm)
cli.add_command(watch)
