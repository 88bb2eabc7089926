"""Checks for the options several commands share (players, extensions, round
cap, bot lists): the engine and the bots judge the values, the CLI only turns
their errors into usage errors.

Everything heavy is imported inside the callbacks, which click runs only
when a command runs, never for --help.
"""

import click

from .safe_text import as_text


def checked_by(check, *errors):
    """A click callback that lets `check` judge a value (None passes as is).

    The engine and the bots own the limits (players 2..6, extension names,
    round cap, bot names), so the CLI does not restate them; their errors
    become a one-line usage error naming the option, with exit code 2."""

    def callback(ctx, param, value):
        from arena.sprt import SprtError
        from bots.names import BotNameError
        from engine import ConfigError
        if value is None:
            return None
        try:
            return check(value)
        except (ConfigError, BotNameError, SprtError) as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None

    return callback


def _players(value):
    from engine import Config
    return Config(players=value).players


def _extensions(value):
    from engine import parse_extensions
    return parse_extensions(value)


def _round_cap(value):
    from engine import Config
    return Config(round_cap=value).round_cap


def _bots(value):
    from bots.names import parse_bots
    return parse_bots(value)


def _tournament_bots(value):
    from bots.names import parse_bots
    return parse_bots(value, measurement=True, agents=True)


def _play_bots(value):
    from bots.names import parse_bots
    return parse_bots(value, agents=True)


def _sprt(value):
    from arena.sprt import parse_sprt
    return parse_sprt(value)


check_players = checked_by(_players)
check_sprt = checked_by(_sprt)
check_extensions = checked_by(_extensions)
check_round_cap = checked_by(_round_cap)
check_bots = checked_by(_bots)
check_tournament_bots = checked_by(_tournament_bots)  # also cheater-LEVEL[@PHASE], for measurement
check_play_bots = checked_by(_play_bots)  # also cmd:COMMAND, an outside program


class FileProblem(click.ClickException):
    """A file a command can't use (a results file, a calibration file, a
    book): one "Error:" line, exit code 2. The message may hold a path or
    a file's own words, so it is shown as text (safe_text.as_text)."""
    exit_code = 2

    def __init__(self, message: str):
        super().__init__(as_text(message))


class KeepsCommandLine(click.Command):
    """A command that keeps the words it was typed with, for a file that
    says how it was made (`command_line`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["passport.command_line"] = ["passport", ctx.info_name, *args]
        return super().parse_args(ctx, args)


def command_line(ctx: click.Context) -> list[str] | None:
    """The words of a KeepsCommandLine command, e.g. ['passport',
    'tournament', '--bots', 'greedy,random']; None for another command."""
    return ctx.meta.get("passport.command_line")


# ---- options several commands share -------------------------------------------------

# Facts of the engine that help pages show, said here so that --help loads
# no engine (tests/cli/test_help.py checks that each is the engine's):
# engine.cards.EXTENSIONS, engine.MIN_PLAYERS and MAX_PLAYERS,
# engine.DEFAULT_ROUND_CAP.
EXTENSION_NAMES = ("events", "specials", "forbidden", "postcards", "characters")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
DEFAULT_ROUND_CAP = 200
PLAYERS_RANGE = f"{MIN_PLAYERS} to {MAX_PLAYERS}"


def extensions_option(default: str):
    return click.option("--extensions", default=default, show_default=True,
                        callback=check_extensions,
                        help=f"all, none, or a comma list of: {', '.join(EXTENSION_NAMES)}.")


def round_cap_option():
    return click.option("--round-cap", type=int, default=DEFAULT_ROUND_CAP, show_default=True,
                        callback=check_round_cap,
                        help="Round after which a game ends without a winner.")


def think_option(help: str):
    """The expert's thinking time: seconds of search at the bots' nominal speed."""
    return click.option("--think", type=click.FloatRange(min=0, min_open=True), default=None,
                        metavar="SECONDS", help=help)


def deal_seed_option(help: str, printed: str):
    """The seed that deals one game (play, watch): random unless given, and
    `printed` says when the game shows it."""
    return click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
                        help=f"{help} [default: a random one, printed {printed}]")


def run_seed_option(help: str):
    """--seed of a run of games (selfplay): a secret one unless given, since a
    seed that anyone could know (0, or one on a command line, which every
    program on the machine can read) tells an outside program at the table
    every deal (docs/agent-protocol.md)."""
    def secret_unless_given(ctx, param, value):
        if value is not None:
            return value
        from arena.match import secret_seed
        return secret_seed()
    return click.option("--seed", type=int, default=None, callback=secret_unless_given,
                        help=f"{help}  [default: a secret one, kept in the records]")


def agent_user_option(expose: bool = False):
    """--agent-user USER: every outside program (cmd:COMMAND) the command
    starts runs as USER (arena.agent_process.run_agents_as), who can't read
    the host's memory, environment or private files. Checked and put into
    effect for this process as the option is read (only root may give
    another user); with `expose`, the command gets the name too (a
    tournament hands it to its worker processes)."""
    def check(ctx, param, value):
        from arena.agent_process import AgentSpecError, run_agents_as
        try:
            run_agents_as(value)
        except AgentSpecError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
        return value
    return click.option("--agent-user", metavar="USER", default=None, callback=check,
                        expose_value=expose,
                        help="Run every outside program (cmd:) as USER, a user of its own "
                             "that can't read this run's files or memory: the way to seat "
                             "a program you don't trust (needs root; docs/agent-protocol.md).")


def backend_options(command):
    """--backend and --address: where a run's games are played (arena/cluster.py)."""
    def check_address(ctx, param, value):
        from arena.cluster import ClusterError, address_parts
        try:
            value is None or address_parts(value)
        except ClusterError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
        return value
    command = click.option(
        "--address", metavar="HOST:PORT", default=None, callback=check_address,
        help="The Ray cluster to play on (ray start --head prints it; 'auto' finds the one "
             "this machine belongs to; a cluster with token authentication needs "
             "RAY_AUTH_MODE=token and its RAY_AUTH_TOKEN, docs/arena.md).  [default: start "
             "a private Ray instance, stopped at the end]")(command)
    return click.option(
        "--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
        help="Where games are played: processes on this machine, or Ray tasks (pip install "
             "'passport-game[cluster]'); the same --seed gives the same results with "
             "either.")(command)


def check_backend(backend: str, address: str | None) -> None:
    """A usage error for --address without the ray backend."""
    if address is not None and backend != "ray":
        raise click.UsageError("--address is the Ray cluster's: use it with --backend ray")


def json_option():
    return click.option("--json", "as_json", is_flag=True,
                        help="Print one JSON object instead of a table.")


def look_options(command):
    """--no-color and --ascii, for the commands that draw the table."""
    command = click.option("--ascii", "ascii_only", is_flag=True,
                           help="ASCII only: no Unicode suits, boxes or symbols.")(command)
    return click.option("--no-color", is_flag=True,
                        help="No colours (NO_COLOR is honoured too).")(command)


def level_list(known: tuple[str, ...], noun: str, agents: bool = False):
    """A click callback reading NAME[,NAME...] where each is one of `known`
    (or, with `agents`, cmd:COMMAND; bots.names.parse_choices)."""
    def check(ctx, param, value):
        from bots.names import BotNameError, parse_choices
        try:
            return parse_choices(value, known, noun, agents)
        except BotNameError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    return check


def difficulty_option(known: tuple[str, ...], noun: str, agents: bool = False):
    """--difficulty NAME[,NAME...]: one for every bot, or one per bot, each of
    `known` (or, with `agents`, cmd:COMMAND, an outside program)."""
    words = (" cmd:COMMAND is an outside program (docs/agent-protocol.md)." if agents else "")
    return click.option("--difficulty", default="medium", show_default=True,
                        callback=level_list(known, noun, agents), metavar="LEVEL[,LEVEL...]",
                        help=f"{', '.join(known)}; or one per bot, comma-separated.{words}")


def seats(players, bots, default_players=4):
    """The number of seats and the bot of each seat, from --players and --bots.

    Either may be left out: --players defaults to one seat per --bots entry
    (or `default_players`), --bots to a random bot in every seat."""
    if bots is None:
        players = players or default_players
        return players, ("random",) * players
    if players is not None and players != len(bots):
        raise click.BadParameter(
            f"names {len(bots)} bot{'s' if len(bots) != 1 else ''} for {players} players; "
            "give one bot per seat", param_hint="'--bots'")
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise click.BadParameter(f"names {len(bots)} bot{'s' if len(bots) != 1 else ''}; "
                                 f"a game seats {PLAYERS_RANGE}", param_hint="'--bots'")
    return len(bots), bots
