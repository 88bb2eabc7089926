"""`passport tournament`: bots against each other, duplicate format, a table of results."""

from pathlib import Path

import click

from bots.names import BOOKED_NAMES, BOT_NAMES

from ..options import (
    PLAYERS_RANGE, FileProblem, KeepsCommandLine, agent_user_option, backend_options, check_backend, check_players, check_sprt,
    check_tournament_bots, command_line, extensions_option, json_option, round_cap_option, seats,
    think_option,
)
from ..safe_text import markup, path_text
from ..stopping import terminate_as_interrupt


SPRT_DEALS = 2000  # the most deals an SPRT run plays unless --games says otherwise


def check_pool(bots, pool, gauntlet: bool, players, sprt) -> tuple[list[str], str]:
    """The names of --bots or --pool, and that option's name for an error;
    a usage error, one sentence, for a combination that makes no run."""
    if bots is not None and pool is not None:
        raise click.UsageError("give --bots (the bot of each seat) or --pool (more bots than "
                               "seats), not both")
    if pool is None:
        if bots is None:
            raise click.BadParameter("give the bot of each seat (or --pool)",
                                     param_hint="'--bots'")
        if gauntlet:
            raise click.UsageError("--gauntlet pits the first bot of a pool against the "
                                   "others: give --pool")
        return bots, "'--bots'"
    if players is None:
        raise click.BadParameter("--pool needs --players, the seats at each table",
                                 param_hint="'--players'")
    if sprt is not None:
        raise click.UsageError("--sprt tests one bot against another at one table: give "
                               "--bots, not --pool")
    return pool, "'--pool'"


def tournament_book(bots: list[str], extensions: int, think: float | None, path: Path | None,
                    players: int | None = None):
    """The book LEVEL+book plays: the one at `path`, else the package's for
    the level and the table of `players` (one seat per bot unless given: a
    pool's tables are smaller); checked to be built for them (BookError)."""
    from bots.names import level_of, plays_book
    from engine import Config
    from openings import BookError, read_book, shipped_book

    from ..runs.openings import used_with

    booked = sorted({level_of(name) for name in bots if plays_book(name)})
    if len(booked) > 1:
        raise BookError(f"a run gives one book, so {' and '.join(BOOKED_NAMES)} are measured "
                        "in runs of their own")
    if path is None and not booked:
        return None
    players = players or len(bots)
    book = shipped_book(booked[0], players, extensions) if path is None else read_book(path)
    if booked:
        book.check_built_with(used_with(booked[0], players, extensions, think))
    else:
        book.check_built_with({"players": players,
                               "extensions": Config(extensions=extensions).extension_names})
    return book


def check_clock(ctx, param, value):
    """--clock MINUTES+SECONDS as an arena.agents.Clock."""
    if value is None:
        return None
    from arena.agents import Clock
    try:
        return Clock.parse(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


@click.command(cls=KeepsCommandLine)
@click.option("--bots", metavar="LIST", callback=check_tournament_bots,
              help=f"The bot of each seat, comma-separated, one per seat: {', '.join(BOT_NAMES)}. "
                   "A name may repeat; its seats are counted together (e.g. "
                   "expert,greedy,greedy,greedy). cmd:COMMAND is an outside program that "
                   "plays through the agent protocol (docs/agent-protocol.md), e.g. "
                   "'cmd:python mybot.py',greedy. For measurement only, cheater-LEVEL is "
                   "LEVEL's search seeing every hand, cheater-LEVEL@PHASE sees them only at "
                   "that phase's decisions (e.g. cheater-expert@main; several as "
                   "main/trade-reply), and LEVEL+SETTING=VALUE is LEVEL with "
                   "search settings changed (e.g. medium+planner_prior=2; docs/bots.md), "
                   "to test a change with --sprt.")
@click.option("--pool", metavar="LIST", callback=check_tournament_bots,
              help="More bots than seats, each named once (instead of --bots): every "
                   "combination of --players of them plays a table of its own, on the same "
                   "deals, and one crosstable shows them all against each other (e.g. "
                   "--pool random,greedy,planner,medium --players 2: 6 tables).")
@click.option("--gauntlet", is_flag=True,
              help="With --pool: the first bot against every combination of the others "
                   "instead of every combination of all.")
@click.option("--players", type=int, default=None, callback=check_players,
              help=f"Seats per game, {PLAYERS_RANGE}; must match --bots, and is the "
                   "tables' size with --pool.  [default: one per --bots entry]")
@click.option("--games", "deals", type=click.IntRange(min=1), default=None,
              help="Deals to play. Each deal is played once from every seating, so a "
                   "run plays games × players games (with --pool, at every table); with "
                   f"--sprt, the most it may play.  [default: 10; {SPRT_DEALS} with --sprt]")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Games played at once, each in a process of its own (with --backend "
                   "ray and no --address: the CPUs of the Ray instance started).")
@backend_options
@click.option("--seed", type=int, default=None,
              help="Seed of the run; every deal and every bot is seeded from it. Every "
                   "program on this machine can read a command line, so an outside program "
                   "at the table could too.  [default: a secret one, kept in --out's file "
                   "(readable by you only) to resume]")
@extensions_option("all")
@round_cap_option()
@think_option("The expert's thinking time per move.  [default: 1]")
@click.option("--sprt", metavar="S0,S1", callback=check_sprt, default=None,
              help="Test the first bot of --bots (the candidate) against the other one: "
                   "H0 its score is S0, H1 it is S1, with 5% error rates (or "
                   "S0,S1,ALPHA,BETA). Deals are played in order until the test decides. "
                   "The score counts a win 1 and a draw 1/players. In a duel the bounds "
                   "may be logistic Elo differences instead: elo0=0,elo1=5 (alpha= and "
                   "beta= may follow).")
@click.option("--agent-time", type=click.FloatRange(min=0, min_open=True, max=3600),
              default=None, metavar="SECONDS",
              help="The time an outside program (cmd:) may take for one decision; past it, "
                   "it forfeits the game.  [default: 10]")
@click.option("--clock", metavar="MINUTES+SECONDS", callback=check_clock, default=None,
              help="A game clock for each outside program (cmd:), as chess programs keep "
                   "one: MINUTES for the whole game and SECONDS added after each decision, "
                   "e.g. 5+0.1. A program whose clock runs out forfeits the game. "
                   "--agent-time still bounds each decision.")
@agent_user_option(expose=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Results file (JSON), saved as games finish; if it exists, the run "
                   "resumes it, playing only the games it lacks.")
@click.option("--records", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Directory for a game record of every game this run plays.")
@click.option("--logs", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Directory for each outside program's log of each game: the messages "
                   "both ways and what it wrote on stderr, 1 MB of each at most; the "
                   "results file names them.")
@click.option("--book", "book_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE",
              help=f"The opening book that {' or '.join(BOOKED_NAMES)} plays (docs/openings.md).  "
                   "[default: the one the package ships for the level and the table]")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE.html",
              help="Also write the results as one HTML page to share, as passport report "
                   "does: at the start (so a file that can't be written fails then), and "
                   "at the end of the run, or with what was played when it is interrupted.")
@json_option()
@click.pass_context
def tournament(ctx, bots, pool, gauntlet, players, deals, workers, backend, address, seed,
               extensions, round_cap, think, sprt, agent_time, clock, agent_user, out, records,
               logs, book_path, report_path, as_json):
    """Play bots against each other; print win rates, ranks and ratings.

    Duplicate format: every deal is replayed once per seating, the bots moving
    one seat round the table each time, so each bot plays each deal from each
    seat (--games 10 with 4 players: 40 games). Every game is seeded on its own:
    the same --seed gives the same results with any --workers, and an
    interrupted run given the same --out resumes where it stopped. Without
    --seed the run's seed is a secret one, which --out's file keeps. The
    file keeps this command line too, for its report (--report, passport
    report).

    With --sprt the run is a sequential test that stops as soon as it can
    tell S1 from S0, one deal (all its seatings) being one observation.
    A duel also reports the Elo difference of the first bot over the
    second, with its 95% interval and likelihood of superiority.

    With --pool and --players, more bots than seats: a round robin of
    tables (or with --gauntlet, the first bot against the others), all on
    the same deals, with one crosstable of every bot against every other."""
    import json

    from arena.match import secret_seed
    from arena.pool import GAUNTLET, ROUND_ROBIN, PoolSettings
    from arena.sprt import SprtRun
    from arena.standings import RunningTally
    from arena.tournament import (
        ResultsFileError, TournamentError, TournamentSettings, load_results, results_document,
        results_file_seed, results_summary, run_tournament,
    )

    from ..runs.tournament import TournamentProgress, render_tournament
    from ..warmup import get_ready

    app = ctx.obj
    check_backend(backend, address)
    if report_path is not None and out is not None and report_path.resolve() == out.resolve():
        raise click.BadParameter("the report would overwrite the results file: name another "
                                 "file", param_hint="'--report'")
    names, option = check_pool(bots, pool, gauntlet, players, sprt)
    if pool is None:
        players, names = seats(players, bots)
    if deals is None:
        deals = SPRT_DEALS if sprt is not None else 10
    from openings import BookError
    try:
        book = tournament_book(names, extensions, think, book_path, players)
    except BookError as error:
        raise FileProblem(f"Can't use the opening book: {error}.") from None
    if seed is None:  # the seed of the run being resumed, or a new secret one
        try:
            seed = (results_file_seed(out) if out is not None else None)
        except ResultsFileError as error:
            raise FileProblem(str(error)) from None
        seed = secret_seed() if seed is None else seed
    try:
        from arena.agents import MOVE_TIME
        common = dict(bots=names, deals=deals, seed=seed, extensions=extensions,
                      round_cap=round_cap, think=think, sprt=sprt,
                      agent_time=MOVE_TIME if agent_time is None else agent_time,
                      clock=clock, book=book, agent_user=agent_user)
        settings = (TournamentSettings(**common) if pool is None else PoolSettings(
            **common, players=players, pairing=GAUNTLET if gauntlet else ROUND_ROBIN))
    except TournamentError as error:
        raise click.BadParameter(str(error), ctx=ctx, param_hint=option) from None
    try:
        done = load_results(out, settings) if out is not None else {}
    except ResultsFileError as error:
        raise FileProblem(str(error)) from None

    words = command_line(ctx)
    new_results = []

    def write_report():
        """The report of the games played so far (its folder checked before the first game)."""
        if report_path is None:
            return
        from ..runs.report import write_report
        try:
            write_report(report_path, results_document(settings, [*done.values(), *new_results],
                                                       words))
        except OSError as error:
            raise FileProblem(f"{report_path}: can't be written "
                              f"({error.strerror or error})") from None

    write_report()
    get_ready(app)
    tally = RunningTally(settings.bots, done.values())
    test = None if sprt is None else SprtRun(sprt, settings.bots, done.values())
    played = len(done)

    def finished(result):
        nonlocal played
        played += 1
        new_results.append(result)
        tally.add(result)
        if test is not None:
            test.add(result)
        progress.advance()

    try:
        with terminate_as_interrupt(), TournamentProgress(app.console, settings.games, len(done),
                                                          tally.intervals, test) as progress:
            results = run_tournament(settings, done=done, workers=workers, results_path=out,
                                     records_dir=records, logs_dir=logs, on_result=finished,
                                     backend=backend, address=address, command=words)
    except (ResultsFileError, TournamentError) as error:
        raise FileProblem(str(error)) from None
    except KeyboardInterrupt:
        saved = (f"; they are saved in {markup(path_text(out))}: run the same command to resume"
                 if out else "")
        app.console.print(f"Interrupted after {played} of {settings.games} games{saved}.",
                          soft_wrap=True)
        write_report()
        if report_path is not None:
            app.console.print(f"Report of the games played: {markup(path_text(report_path))}",
                              soft_wrap=True)
        ctx.exit(130)

    summary = results_summary(settings, results)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        render_tournament(app.console, summary, resumed=len(done), out=out, records=records,
                          logs=logs)
    write_report()
    if report_path is not None and not as_json:
        app.console.print(f"Report: {markup(path_text(report_path))}", soft_wrap=True)
