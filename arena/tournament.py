"""Tournaments between bots in the duplicate format, and their results file.

    settings = TournamentSettings(bots=("expert", "greedy", "greedy", "greedy"), deals=25)
    done = load_results("results.json", settings)        # {} for a new run
    results = run_tournament(settings, done=done, workers=2, results_path="results.json")
    table = standings(settings.bots, results)             # arena/standings.py

The entries. `bots` names the bot of each seat as listed (one entry per seat,
2 to 6); a name may repeat, and a repeated name is one competitor whose seats
pool their results ("expert against three greedy bots").

Duplicate format. Deal d (1..N) has one game seed, derived from the run seed
and d, and is played P times, once per cyclic rotation of the entries: in
rotation r (0..P-1) entry i sits in seat (i + r) mod P. Every entry so plays
every deal from every seat, which cancels most of the luck of the cards and
of the seating; N deals make N * P games, numbered 1.. in (deal, rotation)
order. Every game has fresh bots, each seeded from (run seed, deal,
rotation, seat): nothing is remembered from one replay of a deal to the next.

Pools. A pool (arena/pool.py, `PoolSettings`) has more bots than seats and
plays several tables, each in this format on the same deals; its games are
numbered in (deal, table, rotation) order. Everything here plays, saves and
reads a pool as it does one table: `tables` lists the entries of each table
(an ordinary run has one), and a pool's games, records and logs say their
table.

Reproducible. Every game is seeded on its own and played from scratch, so its
result does not depend on when, in which order or in which process it was
played: `workers` changes the speed and nothing else, and an interrupted run
resumes to the same totals. The expert's `think` seconds are counted in
search iterations at a nominal speed (bots/difficulty.py), so it is
reproducible too, unless a very slow machine hits its clock cap.

SPRT. With `sprt`, the run is a test of the first entry (the candidate)
against the one other name (the baseline): it plays deals in order and stops
as soon as the test decides (arena/sprt.py), at most `deals` deals. The test
reads the completed deals in deal order, so its verdict and the deal that
decided it do not depend on `workers` either; games that were under way
when it decided are kept in the file.

Secret. A run's seed decides every deal, so a program at the table that
knew it would know every hand. A run given no seed draws a secret one
(arena.match.secret_seed); the results file, which keeps it for a resume,
is readable by its owner only (mode 0600), and a records directory the
run creates is too (0700): a record holds a deal that the deal's other
rotations play again. With outside programs run as another user
(`agent_user`), an existing records directory that others may read is
refused.

The results file (JSON, FILE_FORMAT version 1): {"format", "version",
"settings", "command": the command line of the run that last wrote it, as
a list of words (absent from files written without one, which read as
before), "results": the standings so far (`results_summary`), "games":
one entry per finished game}. It is rewritten after every finished game -- at most once a second
when games are quicker than that, and always at the end, on an error or on
Ctrl-C -- by writing a neighbour file and renaming it over the old one, so a
crash never leaves half a file. A run given an existing file resumes it:
games already in it are not played again. The file must hold the same
settings, except that a run may ask for more deals than the file was
started with (it then adds the missing ones). The settings include each
bot's search iterations a move and all its other search settings, so a run
is never resumed across a change of budgets (the expert's nominal speed, a
level's iterations) or of a level's knowledge. (The fitted evaluation's and
the beliefs' weights are constants of the code, not settings: a change to
them is not caught here.)
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, ClassVar, Iterable

from bots.names import (
    BOOKED_NAMES, BotNameError, check_names, is_agent, phases_seen_of, plays_book, variant_of,
)
from engine import DEFAULT_ROUND_CAP, END_REASONS, MAX_PLAYERS, MIN_PLAYERS
from engine.cards import ALL_EXTENSIONS
from engine.files import LimitError, parse_json, read_limited

from .agent_process import agent_user_named, run_agents_as
from .agents import MOVE_TIME, AgentSpecError, Clock, OutsideAgent, agent_command, time_use
from .files import run_file_text, write_text_atomically
from .match import GameResult, Seat, Table, bot_players, derive_seed, record_path
from .elo import duel_elo, pentanomial
from .sprt import Sprt, SprtError, SprtRun, candidate_and_baseline, deal_scores
from .standings import pairwise, standings

FILE_FORMAT = "passport-tournament"
FILE_VERSION = 1
# How a game ends: the engine's reasons, and a forfeit (an outside program's
# fault), counted only where one was.
REASONS = END_REASONS + ("forfeit",)
SAVE_INTERVAL = 1.0  # seconds: the longest a finished game waits to be saved
BACKENDS = ("local", "ray")  # where games are played: this machine's processes, or Ray tasks


class TournamentError(ValueError):
    """Settings that make no tournament; a one-line message."""


class ResultsFileError(ValueError):
    """A results file that cannot be resumed; a one-line message naming the file."""


@dataclass(frozen=True)
class TournamentSettings:
    """What a tournament is: everything that decides its games.

    bots: the bot of each seat as listed (see the module docstring);
    deals: N, each played once per rotation (with `sprt`, at most N);
    extensions: an engine mask; think: the expert's seconds per move (None:
    its default); sprt: a test of the first entry (the candidate) against
    the one other name (arena/sprt.py) that ends the run once it decides."""
    bots: tuple[str, ...]
    deals: int = 10
    seed: int = 0
    extensions: int = ALL_EXTENSIONS
    round_cap: int = DEFAULT_ROUND_CAP
    think: float | None = None
    sprt: Sprt | None = None
    agent_time: float = MOVE_TIME  # seconds a decision for an outside program
    clock: Clock | None = None     # an outside program's game clock, besides agent_time
    # The opening book LEVEL+book entries play (an openings.Book; docs/openings.md).
    book: object = field(default=None, compare=False)
    # The user outside programs run as (arena/agent_process.py); None: the host's.
    # It changes no result, so it is not a setting of the results file.
    agent_user: str | None = field(default=None, compare=False)
    pooled: ClassVar[bool] = False  # a pool of several tables (arena/pool.py)

    def __post_init__(self):
        from engine import Config, ConfigError

        object.__setattr__(self, "bots", tuple(self.bots))
        try:
            check_names(self.bots, measurement=True, agents=True)
            from bots.difficulty import settings_of
            for name in self.bots:
                if variant_of(name) or phases_seen_of(name):
                    settings_of(name, self.think)
        except BotNameError as error:
            raise TournamentError(str(error)) from None
        if not MIN_PLAYERS <= len(self.bots) <= MAX_PLAYERS:
            raise TournamentError(f"a game seats {MIN_PLAYERS} to {MAX_PLAYERS} bots, "
                                  f"not {len(self.bots)}")
        try:
            Config(players=len(self.bots), extensions=self.extensions, round_cap=self.round_cap)
        except ConfigError as error:
            raise TournamentError(str(error)) from None
        if self.deals < 1:
            raise TournamentError(f"deals must be at least 1, not {self.deals}")
        if self.think is not None and not self.think > 0:
            raise TournamentError(f"think must be a positive number of seconds, not {self.think}")
        if not (isinstance(self.agent_time, (int, float)) and 0 < self.agent_time <= 3600):
            raise TournamentError("an outside program's time must be 0 to 3600 seconds a decision, "
                                  f"not {self.agent_time}")
        if self.clock is not None and not isinstance(self.clock, Clock):
            raise TournamentError(f"a clock is a Clock (e.g. Clock.parse('5+0.1')), "
                                  f"not {self.clock!r}")
        for name in self.bots:
            if is_agent(name):
                try:
                    agent_command(name)
                except AgentSpecError as error:
                    raise TournamentError(str(error)) from None
        if self.agent_user is not None:
            try:
                agent_user_named(self.agent_user)
            except AgentSpecError as error:
                raise TournamentError(str(error)) from None
        booked = any(map(plays_book, self.bots))
        if booked and self.book is None:
            raise TournamentError(f"{' and '.join(BOOKED_NAMES)} play an opening book: give one "
                                  "(--book FILE)")
        if self.book is not None and not booked:
            raise TournamentError("an opening book is played only by bots named "
                                  + " or ".join(BOOKED_NAMES))
        if self.sprt is not None:
            try:
                candidate_and_baseline(self.bots)
            except SprtError as error:
                raise TournamentError(str(error)) from None
            if self.sprt.elo is not None and self.players != 2:
                raise TournamentError("SPRT bounds in Elo are for duels: at a table of "
                                      f"{self.players}, give the candidate's scores (S0,S1)")

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def tables(self) -> tuple[tuple[str, ...], ...]:
        """The entries of each table the run plays: one table, `bots`."""
        return (self.bots,)

    @property
    def games(self) -> int:
        return self.deals * self.players * len(self.tables)

    @property
    def extension_names(self) -> list[str]:
        from engine import Config
        return Config(players=self.players, extensions=self.extensions).extension_names

    def to_json(self) -> dict:
        """The settings as plain data; a run without an SPRT has no "sprt" key."""
        from bots.difficulty import iterations_per_move, search_settings_of
        names = dict.fromkeys(self.bots)
        return {"players": self.players, "bots": list(self.bots), "deals": self.deals,
                "games": self.games, "seed": self.seed, "extensions": self.extension_names,
                "round_cap": self.round_cap, "think": self.think,
                "iterations": {name: iterations_per_move(name, self.think) for name in names},
                "search": {name: search_settings_of(name, self.think, self.players, self.extensions)
                           for name in names},
                **({} if self.sprt is None else {"sprt": self.sprt.to_json()}),
                **({"agent_time": self.agent_time} if any(map(is_agent, self.bots)) else {}),
                **({"clock": str(self.clock)} if self.clock is not None
                   and any(map(is_agent, self.bots)) else {}),
                **({} if self.book is None else {"book": self.book.identity()})}


@dataclass(frozen=True)
class ScheduledGame:
    """One game of the schedule, with everything needed to play it anywhere."""
    number: int                 # 1.., in (deal, rotation) order
    deal: int                   # 1..deals
    rotation: int               # 0..players-1: entry i sits in seat (i + rotation) % players
    seed: int                   # the deal's game seed, the same in all its rotations
    seats: tuple[str, ...]      # the bot name in each seat
    bot_seeds: tuple[int, ...]  # each seat's bot seed
    table: int | None = None    # a pool's table, 1.. (None: a run of one table)

    def entry(self, seat: int) -> int:
        """The index among its table's entries (`bots`, for one table) of the
        entry sitting in `seat`."""
        return (seat - self.rotation) % len(self.seats)


def result_json(result: GameResult, players: int, tables: int | None = None) -> dict:
    """A finished game as the results file keeps it (its deal and rotation
    follow from its number: games are numbered in (deal, rotation) order);
    in a pool of `tables` tables, numbered in (deal, table, rotation) order,
    its table too."""
    deal, rest = divmod(result.number - 1, players * (tables or 1))
    table, rotation = divmod(rest, players)
    entry = {"game": result.number, **({} if tables is None else {"table": table + 1}),
             "deal": deal + 1, "rotation": rotation, "seats": list(result.seats),
             "winner": result.winner, "reason": result.reason, "rounds": result.rounds,
             "steps": result.steps}
    if result.forfeit is not None:
        entry["forfeit"] = {"seat": result.forfeit, **result.fault}
    if result.agents:
        entry["agents"] = {str(seat): use for seat, use in sorted(result.agents.items())}
    return entry


def game_number(deal: int, rotation: int, players: int, table: int = 1, tables: int = 1) -> int:
    return ((deal - 1) * tables + table - 1) * players + rotation + 1


def scheduled_game(settings: TournamentSettings, deal: int, rotation: int,
                   table: int = 1) -> ScheduledGame:
    """Game `rotation` of deal `deal` at table `table` (see the module
    docstring). The deal's seed is the same at every table; a pool's bots
    are seeded by their table too."""
    p, entries = settings.players, settings.tables[table - 1]
    seats = tuple(entries[(seat - rotation) % p] for seat in range(p))
    where = f"table {table} " if settings.pooled else ""
    bot_seeds = tuple(derive_seed("tournament", settings.seed, deal,
                                  f"{where}rotation {rotation} seat {seat}") for seat in range(p))
    return ScheduledGame(game_number(deal, rotation, p, table, len(settings.tables)), deal,
                         rotation, derive_seed("tournament", settings.seed, deal, "deal"), seats,
                         bot_seeds, table if settings.pooled else None)


def schedule(settings: TournamentSettings) -> list[ScheduledGame]:
    """Every game of the tournament, in number order."""
    return [scheduled_game(settings, deal, rotation, table)
            for deal in range(1, settings.deals + 1)
            for table in range(1, len(settings.tables) + 1) for rotation in range(settings.players)]


def table_folder(directory, settings: TournamentSettings, table: int | None) -> Path:
    """Where a game's records or logs go: `directory`, or for a pool's table
    its subfolder (DIR/table-03), so the tables' files never collide."""
    if table is None:
        return Path(directory)
    return Path(directory) / f"table-{table:0{max(2, len(str(len(settings.tables))))}d}"


def play_scheduled(settings: TournamentSettings, game: ScheduledGame,
                   records_dir: Path | None = None, logs_dir: Path | None = None) -> GameResult:
    """Play one game of the schedule with fresh bots; write its record if
    asked, and with `logs_dir` each outside program's log of the game
    (arena/agent_log.py: DIR/deal-0001-rotation-2-seat-1.transcript.txt and
    .stderr.txt); a pool's game writes them in its table's folder of DIR
    (`table_folder`). The result holds each outside program's time."""
    from engine import Config

    config = Config(settings.players, settings.extensions, game.seed, settings.round_cap)
    records_dir, logs_dir = (None if folder is None else table_folder(folder, settings, game.table)
                             for folder in (records_dir, logs_dir))
    seats = [Seat.bot(f"{name} #{game.entry(seat) + 1}", name)
             for seat, name in enumerate(game.seats)]
    if any(map(is_agent, game.seats)):
        run_agents_as(settings.agent_user)  # in this process: a worker's or a Ray task's
    players = bot_players(game.seats, game.bot_seeds, settings.think, measurement=True,
                          agent_time=settings.agent_time, book=settings.book,
                          clock=settings.clock, logged=logs_dir is not None)
    table = Table(config, seats, players, record=records_dir is not None)
    try:
        table.play()
    finally:
        table.close()
    agents = {}
    for seat, player in enumerate(players):
        if isinstance(player, OutsideAgent):
            agents[seat] = time_use(player.decision_times)
            if logs_dir is not None:
                stem = record_path(logs_dir, game.deal, settings.deals,
                                   rotation=game.rotation).stem + f"-seat-{seat}"
                try:
                    agents[seat]["logs"] = player.log.write(Path(logs_dir), stem)
                except OSError as error:
                    raise TournamentError(f"{logs_dir}: a log can't be written "
                                          f"({error.strerror or error})") from None
    if records_dir is not None:
        from engine.record import write_record
        document = table.document()
        # Readers ignore fields they do not know (docs/record-format.md); this one says
        # where the game stands in its tournament and how to play it again.
        document["tournament"] = {"run_seed": settings.seed, "deal": game.deal,
                                  "rotation": game.rotation, "game": game.number,
                                  **({} if game.table is None else {"table": game.table}),
                                  "bots": list(game.seats), "bot_seeds": list(game.bot_seeds),
                                  "think": settings.think}
        write_record(document, record_path(records_dir, game.deal, settings.deals,
                                           rotation=game.rotation))
    return replace(table.result(game.number), agents=agents or None)


# ---- running -----------------------------------------------------------------------

def run_tournament(settings: TournamentSettings, *, done: dict[int, GameResult] | None = None,
                   workers: int = 1, results_path=None, records_dir=None, logs_dir=None,
                   on_result: Callable[[GameResult], None] | None = None,
                   save_interval: float = SAVE_INTERVAL, backend: str = "local",
                   address: str | None = None,
                   command: list[str] | None = None) -> list[GameResult]:
    """Play every game of the schedule not in `done` (results by game number,
    as `load_results` gives them); return all results in number order.

    `workers` > 1 plays games in that many processes (spawned: each loads the
    engine from numba's cache). With `backend` "ray" the games are Ray tasks
    (see `_play_ray`) on the cluster at `address`, or on a Ray instance this
    process started or joined already. `results_path`, if given, is the
    results file, saved as games finish with `command` (the run's command
    line) in it; `records_dir`, if given, gets one
    record per game played, and `logs_dir` each outside program's log of
    each game (`play_scheduled`). `on_result` is called in this process with each
    new result, once per game however often the game was played."""
    if backend not in BACKENDS:
        raise TournamentError(f"backend {backend!r}; choose from {', '.join(BACKENDS)}")
    results = dict(done or {})
    test = None if settings.sprt is None else SprtRun(settings.sprt, settings.bots, results.values())
    pending = [game for game in schedule(settings) if game.number not in results]
    if test is not None and test.state.verdict is not None:
        pending = []  # the file's games have decided the test already
    for directory, what in ((records_dir, "records"), (logs_dir, "logs")):
        if directory is not None:
            _private_folder(Path(directory), what, settings)
            for table in sorted({game.table for game in pending if game.table is not None}):
                _private_folder(table_folder(directory, settings, table), what, settings)
    if results_path is not None:
        # Saved before the first game: a file that can't be written fails now,
        # not after an hour of games.
        save_results(results_path, settings, results.values(), command)
    last_save = time.monotonic()
    unsaved = False
    if backend == "ray":
        played = _play_ray(settings, pending, workers, records_dir, address, logs_dir)
    else:
        played = _play(settings, pending, workers, records_dir, logs_dir)
    try:
        for result in played:
            if result.number in results:
                continue  # a game played twice (a retried task): it counts once
            results[result.number] = result
            unsaved = True
            if results_path is not None and time.monotonic() - last_save >= save_interval:
                save_results(results_path, settings, results.values(), command)
                last_save, unsaved = time.monotonic(), False
            if on_result is not None:
                on_result(result)
            if test is not None and test.add(result).verdict is not None:
                break  # the workers stop below, with the games they had begun
    finally:
        played.close()  # stops the workers now, not when the generator is collected
        if results_path is not None and unsaved:
            save_results(results_path, settings, results.values(), command)
    return [results[number] for number in sorted(results)]


def _private_folder(directory: Path, what: str, settings: TournamentSettings) -> None:
    """Make the folder of a run's records or logs, its owner's alone (0700)
    when it is new. A folder others may read is refused when the outside
    programs run as another user: its files tell the deals (a record every
    card, a log what its seat saw), which other seatings play again."""
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        shared = directory.stat().st_mode & 0o077
    except OSError as error:
        raise TournamentError(f"{directory}: can't be created "
                              f"({error.strerror or error})") from None
    if shared and settings.agent_user is not None:
        raise TournamentError(f"{directory}: other users may read it, and so the outside "
                              f"programs, run as {settings.agent_user}, the deals of its "
                              f"{what}, which other seatings play again: make it yours "
                              "alone (chmod 700) or name a new folder")


def _play(settings, games: list[ScheduledGame], workers: int, records_dir, logs_dir=None):
    """Games in this process or `workers` processes (arena.cluster.local_results),
    yielded as they finish."""
    from .cluster import local_results
    for _, result in local_results(play_scheduled, [(settings, game, records_dir, logs_dir)
                                                    for game in games], workers, settings.bots):
        yield result


def _play_ray(settings, games: list[ScheduledGame], workers: int, records_dir, address,
              logs_dir=None):
    """Games as Ray tasks (arena.cluster.ray_results), yielded as they
    finish; a game played again after its worker died is the same game,
    and the caller counts each game once."""
    from .cluster import ClusterError, ray_results
    finished = ray_results(play_scheduled, [(settings, game, records_dir, logs_dir)
                                            for game in games],
                           workers, address, settings.bots)
    try:
        for _, result in finished:
            yield result
    except ClusterError as error:
        raise TournamentError(str(error)) from None
    finally:
        finished.close()  # cancels the games under way when the caller stops early


# ---- the results file --------------------------------------------------------------

def results_summary(settings: TournamentSettings, results: Iterable[GameResult]) -> dict:
    """Settings, totals and standings per bot name, as plain JSON data: what
    `passport tournament --json` prints and the results file's "results".
    With three bot names or more, and always for a pool, "pairwise" holds
    each name's head-to-head record against each other name over all games
    (arena/standings.py `pairwise`). In a duel of two names (not a pool),
    "elo" is the first's Elo difference over the second, from the deal
    pairs complete in deal order (arena/elo.py).
    With outside programs, "time" holds each one's time (`agent_time_use`),
    and "forfeits" each forfeit: its game, seat, bot and fault (reason,
    detail, and what it sent or its last lines of stderr).
    With an SPRT, "sprt" says where the test stands (arena/sprt.py: its
    bounds, the deals it used, the log-likelihood ratio and the verdict);
    the standings count every game played, including any that finished
    after the deal that decided the test."""
    results = list(results)
    endings = {reason: 0 for reason in END_REASONS}
    for result in results:
        endings[result.reason] = endings.get(result.reason, 0) + 1
    summary = {"settings": settings.to_json(), "games_played": len(results),
               "complete": len(results) == settings.games,
               "draws": endings["round_cap"], "endings": endings,
               "bots": {s.name: s.to_json()
                        for s in standings(settings.bots, results, settings.players)}}
    if len(set(settings.bots)) >= 3 or settings.pooled:  # two at one table: the above says it all
        summary["pairwise"] = {a: {b: meetings.to_json() for b, meetings in row.items()}
                               for a, row in pairwise(settings.bots, results).items()}
    if settings.players == 2 and len(set(settings.bots)) == 2 and not settings.pooled:
        first, second = settings.bots
        summary["elo"] = {"bot": first, "opponent": second,
                          **duel_elo(pentanomial(deal_scores(settings.bots, results))).to_json()}
    if settings.sprt is not None:
        summary["sprt"] = SprtRun(settings.sprt, settings.bots, results).to_json()
    timed = agent_time_use(results)
    if timed:
        summary["time"] = timed
    forfeits = [{"game": r.number, "seat": r.forfeit, "bot": r.seats[r.forfeit], **r.fault}
                for r in sorted(results, key=lambda r: r.number) if r.forfeit is not None]
    if forfeits:
        summary["forfeits"] = forfeits
    return summary


def agent_time_use(results: Iterable[GameResult]) -> dict[str, dict]:
    """Each outside program's time over the games it played, by name: its
    decisions, their total, mean and longest (seconds), the games, and the
    longest total of one game."""
    use: dict[str, dict] = {}
    for result in results:
        for seat, game in (result.agents or {}).items():
            name = result.seats[seat]
            total = use.setdefault(name, {"games": 0, "decisions": 0, "total": 0.0, "max": None,
                                          "most_in_a_game": 0.0})
            total["games"] += 1
            total["decisions"] += game["decisions"]
            total["total"] += game["total"]
            total["most_in_a_game"] = max(total["most_in_a_game"], game["total"])
            if game["max"] is not None:
                total["max"] = max(total["max"] or 0.0, game["max"])
    for total in use.values():
        total["mean"] = total["total"] / total["decisions"] if total["decisions"] else None
        for key in ("total", "mean", "max", "most_in_a_game"):
            if total[key] is not None:
                total[key] = round(total[key], 4)
    return use


def results_document(settings: TournamentSettings, results: Iterable[GameResult],
                     command: list[str] | None = None) -> dict:
    """The results file's data (see the module docstring); no "command" without one."""
    results = sorted(results, key=lambda r: r.number)
    return {"format": FILE_FORMAT, "version": FILE_VERSION, "settings": settings.to_json(),
            **({} if command is None else {"command": list(command)}),
            "results": results_summary(settings, results),
            "games": [result_json(r, settings.players,
                                  len(settings.tables) if settings.pooled else None)
                      for r in results]}


def save_results(path, settings: TournamentSettings, results: Iterable[GameResult],
                 command: list[str] | None = None) -> None:
    """Write the results file (see the module docstring), replacing it atomically."""
    document = results_document(settings, results, command)
    path = Path(path)
    try:
        write_text_atomically(path, run_file_text(document), private=True)
    except OSError as error:
        raise ResultsFileError(f"{path}: can't be written ({error.strerror or error})") from None


def load_results(path, settings: TournamentSettings) -> dict[int, GameResult]:
    """The finished games of the results file at `path`, by game number; {}
    if there is no file. Raises ResultsFileError, changing nothing, if the
    file is not a results file or holds a tournament with other settings."""
    path = Path(path)
    if not path.exists():
        return {}

    def fail(problem: str):
        raise ResultsFileError(f"{path}: {problem}")

    document = _results_document(path)
    theirs, ours = document["settings"], settings.to_json()
    if ("pool" in theirs) != ("pool" in ours):
        kind, option = ("a pool", "--pool") if "pool" in theirs else ("one table", "--bots")
        fail(f"holds {kind}: resume it with {option} or choose another file")
    different = [f"{key} {_shown(theirs.get(key))} in the file, {_shown(ours[key])} asked"
                 for key in ours if key not in ("deals", "games", "search", "sprt")
                 and theirs.get(key) != ours[key]]
    if not different and theirs.get("search") != ours["search"]:
        different = [_search_difference(theirs.get("search"), ours["search"])]
    if different:
        fail("holds a tournament with other settings (" + "; ".join(different)
             + "); resume it with the same settings or choose another file")
    if not isinstance(theirs.get("deals"), int) or theirs["deals"] > settings.deals:
        fail(f"holds a tournament of {_shown(theirs.get('deals'))} deals; "
             f"resuming it asks for at least as many, not {settings.deals}")
    results: dict[int, GameResult] = {}
    for index, entry in enumerate(document["games"]):
        result = _parse_game(entry, settings)
        if isinstance(result, str):
            fail(f"game entry {index + 1} is not a game of this tournament ({result})")
        if result.number in results:
            fail(f"game {result.number} is in the file twice")
        results[result.number] = result
    return results


def results_file_seed(path) -> int | None:
    """The run seed the results file at `path` holds, to resume it without
    naming the seed (a secret one: see the module docstring); None if there
    is no file. ResultsFileError, one sentence, if it is not one."""
    path = Path(path)
    if not path.exists():
        return None
    seed = _results_document(path)["settings"].get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ResultsFileError(f"{path}: its settings hold no run seed")
    return seed


def _results_document(path: Path) -> dict:
    """The results file at `path` as JSON data, checked to be one of this
    version's; ResultsFileError, one sentence, if it is not."""
    def fail(problem: str):
        raise ResultsFileError(f"{path}: {problem}")

    try:
        document = parse_json(read_limited(path))
    except OSError as error:
        fail(f"can't be read ({error.strerror or error})")
    except LimitError as error:
        fail(f"not a tournament results file ({error})")
    if (not isinstance(document, dict) or document.get("format") != FILE_FORMAT
            or not isinstance(document.get("settings"), dict)
            or not isinstance(document.get("games"), list)):
        fail("not a tournament results file")
    if document.get("version") != FILE_VERSION:
        fail(f"results file version {document.get('version')!r}; this program reads {FILE_VERSION}")
    return document


def results_file_games(path) -> tuple[dict, list[GameResult]]:
    """The recorded settings and finished games of the results file at
    `path`, read without the settings of a run to resume (for a paired test,
    arena/sprt.py); ResultsFileError, one sentence, if it is not one."""
    path = Path(path)
    document = _results_document(path)
    if "pool" in document["settings"]:
        raise ResultsFileError(f"{path}: is a pool's results file, whose tables are not one "
                               "field to compare against")
    return document["settings"], _recorded_games(path, document)


def results_file_document(path) -> dict:
    """The whole results file at `path` as JSON data, for a report of it:
    its settings and games checked as `results_file_games` checks them, and
    a "results" summary present. ResultsFileError, one sentence, if it is
    not one. The summary's insides are as the file has them: a reader
    takes each part it shows as optional."""
    path = Path(path)
    document = _results_document(path)
    _recorded_games(path, document)
    if not isinstance(document.get("results"), dict):
        raise ResultsFileError(f"{path}: holds no summary of results")
    return document


def _recorded_games(path: Path, document: dict) -> list[GameResult]:
    """The games of a results file's data, read by its own settings."""
    def fail(problem: str):
        raise ResultsFileError(f"{path}: {problem}")

    recorded = document["settings"]
    if "pool" in recorded:  # its tables' entries (arena/pool.py)
        tables = recorded.get("tables")
        if (not isinstance(tables, list) or not tables or not isinstance(recorded.get("search"), dict)
                or not all(isinstance(table, list) and MIN_PLAYERS <= len(table) <= MAX_PLAYERS
                           and all(isinstance(name, str) for name in table) for table in tables)):
            fail("its settings name no tables of bots")
    else:
        tables = [recorded.get("bots")]
        if (not isinstance(tables[0], list) or not MIN_PLAYERS <= len(tables[0]) <= MAX_PLAYERS
                or not all(isinstance(name, str) for name in tables[0])
                or not isinstance(recorded.get("search"), dict)):
            fail("its settings name no bots")
    entries = [sorted(table) for table in tables]
    games, numbers = [], set()
    for index, entry in enumerate(document["games"]):
        number = entry.get("game") if isinstance(entry, dict) else None
        seats = entry.get("seats") if isinstance(entry, dict) else None
        winner = entry.get("winner") if isinstance(entry, dict) else None
        forfeit = entry.get("forfeit") if isinstance(entry, dict) else None
        seat = forfeit.get("seat") if isinstance(forfeit, dict) else None
        whole = [n for n in (number, winner, seat) if n is not None]
        if (number is None or not all(isinstance(n, int) and not isinstance(n, bool) for n in whole)
                or not isinstance(seats, list) or not all(isinstance(name, str) for name in seats)
                or sorted(seats) not in entries or number < 1 or number in numbers
                or not all(0 <= n < len(seats) for n in (winner, seat) if n is not None)
                or (forfeit is not None and seat is None)):
            fail(f"game entry {index + 1} is not a game of its tournament")
        numbers.add(number)
        games.append(GameResult(number, tuple(seats), winner, entry.get("reason"),
                                entry.get("rounds"), entry.get("steps"), seat))
    return games


def _search_difference(theirs, ours: dict) -> str:
    """Which bot's search settings differ, and how, in a few words."""
    if not isinstance(theirs, dict):
        return "the file records no search settings (an older version wrote it)"
    for name, wanted in ours.items():
        found = theirs.get(name)
        if found == wanted:
            continue
        if not isinstance(found, dict) or not isinstance(wanted, dict):
            return f"search settings of {name}: {_shown(found)} in the file, {_shown(wanted)} asked"
        keys = [key for key in wanted if found.get(key) != wanted[key]] or sorted(set(found) - set(wanted))
        return f"search settings of {name}: " + ", ".join(
            f"{_shown(key)} {_shown(found.get(key))} in the file, {_shown(wanted.get(key))} asked"
            for key in keys)
    return "search settings of bots not in this tournament"


def _shown(value) -> str:
    """A setting's value in a sentence, on one line: a text from a file with
    its line breaks and other control characters escaped."""
    if isinstance(value, list):
        return ",".join(map(_shown, value)) or "none"
    if isinstance(value, dict):
        return ",".join(f"{_shown(key)} {_shown(item)}" for key, item in value.items())
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)[1:-1]
    return str(value)


def _parse_game(entry, settings: TournamentSettings) -> GameResult | str:
    """A results-file game entry as a GameResult, or what is wrong with it
    (a pool's entry names its table too)."""
    placed = ("game",) + (("table",) if settings.pooled else ()) + ("deal", "rotation")
    fields = placed + ("seats", "winner", "reason", "rounds", "steps")
    if not isinstance(entry, dict) or set(entry) - {"forfeit", "agents"} != set(fields):
        return (f"its fields must be {', '.join(fields)} (and forfeit, if one was, and agents, "
                "if outside programs played)")
    deal, rotation, table = entry["deal"], entry["rotation"], entry.get("table", 1)
    numbers = [entry[key] for key in placed + ("rounds", "steps")]
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        return f"{', '.join(placed)}, rounds and steps must be whole numbers"
    if not (1 <= deal <= settings.deals and 0 <= rotation < settings.players
            and 1 <= table <= len(settings.tables)):
        return f"deal {deal}, rotation {rotation}" + (f", table {table}" if settings.pooled else "")
    expected = scheduled_game(settings, deal, rotation, table)
    if (entry["game"] != expected.number or not isinstance(entry["seats"], list)
            or tuple(entry["seats"]) != expected.seats):
        return f"game {entry['game']} with seats {entry['seats']}"
    winner, reason = entry["winner"], entry["reason"]
    if reason not in REASONS:
        return f"ending {reason!r}"
    forfeit = entry.get("forfeit")
    if (reason == "forfeit") != (forfeit is not None):
        return f"ending {reason} with forfeit {forfeit!r}"
    agents = _parse_agents(entry.get("agents"), expected.seats)
    if isinstance(agents, str):
        return agents
    if forfeit is not None:
        fault = _parse_forfeit(forfeit, settings, expected.seats)
        if isinstance(fault, str):
            return fault
        return GameResult(expected.number, expected.seats, None, reason, entry["rounds"],
                          entry["steps"], forfeit["seat"], fault, agents)
    if (winner is None) != (reason == "round_cap") or (
            winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)
                                    or not 0 <= winner < settings.players)):
        return f"winner {winner!r} for ending {reason}"
    return GameResult(expected.number, expected.seats, winner, reason, entry["rounds"],
                      entry["steps"], agents=agents)


def _parse_agents(agents, seats) -> dict[int, dict] | None | str:
    """A game's outside programs (their time, the names of their logs), by
    seat, or what is wrong with them."""
    if agents is None:
        return None
    if not isinstance(agents, dict) or not agents:
        return "its agents must be an object of seats"
    parsed = {}
    for key, use in agents.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 3 else None
        if seat is None or seat >= len(seats) or not is_agent(seats[seat]):
            return f"agents of seat {_shown(key)}, which no outside program played"
        if not isinstance(use, dict) or set(use) - {"logs"} != set(TIME_FIELDS):
            return f"the agent of seat {seat} must have {', '.join(TIME_FIELDS)} (and logs)"
        numbers = [use[field] for field in TIME_FIELDS]
        if not (isinstance(numbers[0], int) and not isinstance(numbers[0], bool)
                and numbers[0] >= 0 and all(
                    (isinstance(n, (int, float)) and not isinstance(n, bool) and 0 <= n < 1e9)
                    or (n is None and use["decisions"] == 0) for n in numbers[1:])):
            return f"the agent of seat {seat}: decisions and seconds must be numbers from 0"
        logs = use.get("logs")
        if logs is not None and not (
                isinstance(logs, dict) and set(logs) == {"transcript", "stderr"}
                and all(isinstance(n, str) and LOG_NAME.fullmatch(n) for n in logs.values())):
            return f"the agent of seat {seat}: its logs must be two file names"
        parsed[seat] = dict(use)
    return parsed


# An outside program's time in one game (arena.agents.time_use), and the
# name of a log file (a file of the logs folder, never a path).
TIME_FIELDS = ("decisions", "total", "mean", "max")
LOG_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,120}")


def _parse_forfeit(forfeit, settings: TournamentSettings, seats) -> dict | str:
    """A results-file forfeit (seat, reason, detail, sent) as a fault, or what is wrong."""
    if not isinstance(forfeit, dict) or set(forfeit) != {"seat", "reason", "detail", "sent"}:
        return "a forfeit's fields must be seat, reason, detail, sent"
    seat = forfeit["seat"]
    if (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < settings.players
            or not is_agent(seats[seat])):
        return f"forfeit by seat {seat!r}, which no outside program played"
    if not (isinstance(forfeit["reason"], str) and isinstance(forfeit["detail"], str)
            and (forfeit["sent"] is None or isinstance(forfeit["sent"], str))):
        return "a forfeit's reason and detail must be text"
    return {"reason": forfeit["reason"], "detail": forfeit["detail"], "sent": forfeit["sent"]}
