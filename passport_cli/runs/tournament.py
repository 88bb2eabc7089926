"""Rich output of `passport tournament`: the progress bar with the running
standings, and the results table. Nothing here computes: the numbers come
from arena.tournament.results_summary and arena.standings.RunningTally."""

from __future__ import annotations

from typing import Callable

from rich.console import Console
from rich.measure import Measurement
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from engine.cards import EXTENSIONS

from ..safe_text import as_text, markup, path_text, shown
from ..table.narrate import count_words
from .render import GamesProgress, entries_text

# Forfeits told one by one after a tournament; the results file has them all.
SHOWN_FORFEITS = 5


class _ProgressWithStandings(Progress):
    """A progress bar with one line of running win rates under it."""

    def __init__(self, *columns, win_rates: Callable[[], list], test=None, **options):
        self._win_rates = win_rates  # first: Progress renders once while it is built
        self._test = test
        super().__init__(*columns, **options)

    def get_renderables(self):
        yield self.make_tasks_table(self.tasks)
        rates = "   ".join(rates_text(self._win_rates()))
        yield Text(f"Win rates so far: {rates}", style="dim")
        if self._test is not None:
            state = self._test.state
            yield Text(f"SPRT after {state.deals} deals: LLR {state.llr:.2f} "
                       f"(stops at {state.lower:.2f} or {state.upper:.2f})", style="dim")


class TournamentProgress(GamesProgress):
    """Games played out of all, time, and the running win rates."""

    progress_class = _ProgressWithStandings

    def __init__(self, console: Console, total: int, completed: int,
                 win_rates: Callable[[], list], test=None) -> None:
        """`test`: an arena.sprt.SprtRun whose state is shown, if any."""
        super().__init__(console, total, completed, win_rates=win_rates, test=test)

    def progress_line(self, elapsed: float) -> str:
        rates = ", ".join(rates_text(self._extra["win_rates"]()))
        line = f"{super().progress_line(elapsed)}; win rates so far: {rates}"
        test = self._extra.get("test")
        if test is not None:
            state = test.state
            line += f"; SPRT after {state.deals} deals: LLR {state.llr:.2f}"
        return line


def rates_text(rates) -> list[str]:
    """'expert 36.7% (27.9–46.5%)' for each (name, win rate, low, high)."""
    return [f"{as_text(name)} —" if rate is None
            else f"{as_text(name)} {rate:.1%} ({interval_text(low, high)})"
            for name, rate, low, high in rates]


def percent_text(value: float | None) -> str:
    """A share as a percent to a tenth ('36.7%'); '—' for none."""
    return "—" if value is None else f"{value:.1%}"


def interval_text(low: float, high: float) -> str:
    """An interval of shares, its unit said once: '27.9–46.5%'."""
    return f"{low:.1%}–{high:.1%}".replace("%–", "–")


def likelihood_text(value: float | None) -> str:
    """A likelihood of superiority as a person reads it: never a certain 0% or 100%."""
    if value is None:
        return "—"
    return ">99.9%" if value > 0.999 else "<0.1%" if value < 0.001 else f"{value:.1%}"


def _render_pairwise(console: Console, pairwise: dict) -> None:
    """Head to head: each row's score against each column, and the
    likelihood that the row's bot is the stronger."""
    names = list(pairwise)
    table = Table(box=None, padding=(0, 1, 0, 0), title="Head to head: the row's score "
                  "against the column (likelihood the row is stronger)", title_justify="left")
    table.add_column("")
    for name in names:
        table.add_column(shown(name), justify="right", overflow="fold")
    for a in names:
        cells = []
        for b in names:
            row = pairwise[a].get(b)
            if row is None:
                cells.append("·")
            elif row["score"] is None:
                cells.append("—")
            else:
                likely = likelihood_text(row["superiority"])
                cells.append(f"{row['score']:.1%} ({likely})")
        table.add_row(shown(a), *cells)
    console.print(table)


def render_tournament(console: Console, summary: dict, *, resumed: int = 0,
                      out=None, records=None, logs=None) -> None:
    """The results of a tournament (arena.tournament.results_summary)."""
    settings = summary["settings"]
    players, deals, games = settings["players"], settings["deals"], settings["games"]
    most = "at most " if settings.get("sprt") else ""
    if "pool" in settings:
        console.print(pool_text(settings))
    else:
        console.print(f"[bold]Tournament[/]: {entries_text(settings['bots'])}; {most}"
                      f"{deals} deal{'s' if deals != 1 else ''} × {players} seatings = "
                      f"{games} games")
    extensions = settings["extensions"]
    extensions = "all" if len(extensions) == len(EXTENSIONS) else ", ".join(extensions) or "none"
    think = f", the expert thinks {settings['think']:g} s a move" if settings["think"] else ""
    console.print(f"{players} players, extensions: {extensions}, seed {settings['seed']}, "
                  f"round cap {settings['round_cap']}{think}")

    table = Table(box=None, padding=(0, 1, 0, 0))
    table.add_column("Bot")
    for header in ("Games", "Wins", "Draws", "Win rate", "95% CI", "Score", "95% CI",
                   "Rank", "Rating"):
        table.add_column(header, justify="right")
    lines = []  # the same, a few lines a bot, where the table would be cut
    for name, row in summary["bots"].items():
        label = name if row["seats"] == 1 else f"{name} ×{row['seats']}"
        interval = interval_text(row["ci_low"], row["ci_high"]) if row["games"] else "—"
        score_interval = interval_text(row["score_low"], row["score_high"]) if row["games"] else "—"
        rank = "—" if row["mean_rank"] is None else f"{row['mean_rank']:.2f}"
        rating = f"{row['rating']['mu']:.1f}±{row['rating']['sigma']:.1f}"
        table.add_row(shown(label), str(row["games"]), str(row["wins"]), str(row["draws"]),
                      percent_text(row["win_rate"]), interval, percent_text(row["score"]),
                      score_interval, rank, rating)
        lines.append(f"[bold]{markup(label)}[/]: {count_words(row['games'], 'game')}, "
                     f"{count_words(row['wins'], 'win')}, {count_words(row['draws'], 'draw')}; win rate {percent_text(row['win_rate'])} ({interval}), "
                     f"score {percent_text(row['score'])} ({score_interval}), rank {rank}, "
                     f"rating {rating}")
    if Measurement.get(console, console.options.update_width(10_000), table).maximum \
            <= console.width:
        console.print(table)
    else:
        for line in lines:
            console.print(line)
    if "pairwise" in summary:
        _render_pairwise(console, summary["pairwise"])
    if "elo" in summary:
        console.print(elo_text(summary["elo"]))

    endings = summary["endings"]
    forfeits = (f", {endings['forfeit']} forfeited by an outside program"
                if endings.get("forfeit") else "")
    console.print(f"Endings: {endings['center']} at the center, {endings['postcards']} by "
                  f"postcards, {endings['round_cap']} at the round cap (no winner){forfeits}")
    for name, row in summary["bots"].items():
        if row.get("forfeits"):
            console.print(f"{markup(name)} forfeited {row['forfeits']} game"
                          f"{'s' * (row['forfeits'] != 1)}: it lost them, and the other "
                          "seats shared the win.", soft_wrap=True)
    forfeits = summary.get("forfeits", [])
    for forfeit in forfeits[:SHOWN_FORFEITS]:
        said = f" It sent or wrote last: {forfeit['sent']}" if forfeit["sent"] else ""
        console.print(f"  Game {forfeit['game']}, seat {forfeit['seat']}: "
                      f"{markup(forfeit['reason'])}, {markup(forfeit['detail'])}.{markup(said)}",
                      soft_wrap=True)
    if len(forfeits) > SHOWN_FORFEITS:
        console.print(f"  … and {len(forfeits) - SHOWN_FORFEITS} more in the results file.")
    for name, use in summary.get("time", {}).items():
        mean = "—" if use["mean"] is None else f"{use['mean'] * 1000:,.1f} ms"
        longest = "—" if use["max"] is None else f"{use['max']:.2f} s"
        console.print(f"Time of {markup(name)}: {count_words(use['decisions'], 'decision')} in "
                      f"{count_words(use['games'], 'game')}, {use['total']:,.1f} s in all, mean "
                      f"{mean}, longest {longest}, most in one game {use['most_in_a_game']:,.1f} s",
                      soft_wrap=True)
    others = ("the other 2" if players == 2 else
              f"the others share 2–{players} ({(2 + players) / 2:g} each)")
    if "bots" in settings and len(set(settings["bots"])) < players:
        console.print("[dim]Games count seats: a bot named n times plays n seats a game.[/]")
    draw = "half a win" if players == 2 else f"1/{players} of a win"
    console.print(f"[dim]Score: wins with a draw as {draw}, and its 95% interval.[/]")
    console.print(f"[dim]Rank: the mean finishing rank, the winner 1, {others}; "
                  f"no winner: {(1 + players) / 2:g} each.[/]")
    console.print("[dim]Rating: openskill Plackett-Luce, μ ± σ.[/]")
    sprt = summary.get("sprt")
    if sprt is not None:
        console.print(sprt_text(sprt, in_elo="elo0" in settings["sprt"]), soft_wrap=True)
    if not summary["complete"] and (sprt is None or sprt["verdict"] is None):
        console.print(f"[bold]Incomplete[/]: {summary['games_played']} of {games} games played.")
    # Paths are not wrapped: a path broken over two lines can't be copied.
    if out is not None:
        again = f" ({resumed} were already there)" if resumed else ""
        console.print(f"Results: {markup(path_text(out))}{again}", soft_wrap=True)
    if records is not None:
        console.print(f"Records: {markup(path_text(records))}", soft_wrap=True)
    if logs is not None:
        console.print(f"Logs of the outside programs: {markup(path_text(logs))}", soft_wrap=True)


def pool_text(settings: dict) -> str:
    """A pool's first line: its bots, its pairing, and tables × deals ×
    seatings = games (arena.pool.PoolSettings.to_json)."""
    pool, tables, deals = settings["pool"], len(settings["tables"]), settings["deals"]
    pairing = (f"gauntlet of {markup(pool[0])}" if settings["pairing"] == "gauntlet"
               else "round robin")
    return (f"[bold]Pool[/] ({pairing}): {entries_text(pool)}; {tables} "
            f"table{'s' * (tables != 1)} × {deals} deal{'s' * (deals != 1)} × "
            f"{settings['players']} seatings = {settings['games']} games")


def _elo(value: float | None, sign: int = 1) -> str:
    """An Elo difference to a tenth; None is infinite, on the side of `sign`."""
    if value is None:
        return "+∞" if sign > 0 else "-∞"
    return f"{value:+.1f}"


def elo_text(elo: dict) -> str:
    """The duel's Elo difference in a line (arena.elo.EloEstimate.to_json)."""
    first, second = markup(elo["bot"]), markup(elo["opponent"])
    pairs = f"from {count_words(elo['pairs'], 'deal pair')}"
    if elo["score"] is None:
        return f"Elo difference, {first} over {second}: — (no deal pair complete yet)."
    point = _elo(elo["elo"], 1 if elo["score"] > 0.5 else -1)
    low, high = elo["elo_low"], elo["elo_high"]
    if low is not None and high is not None:
        interval = f"{_elo(low)} to {_elo(high)}"
    elif low is not None:
        interval = f"above {_elo(low)}"
    elif high is not None:
        interval = f"below {_elo(high)}"
    else:
        interval = "anywhere"
    return (f"Elo difference, {first} over {second}: {point} (95%: {interval}), "
            f"likelihood of superiority {likelihood_text(elo['los'])}, {pairs}.")


def sprt_text(sprt: dict, in_elo: bool = False) -> str:
    """The SPRT's verdict in a sentence (arena.sprt.SprtRun.to_json); in a
    duel its bounds in Elo too, first if they were stated so (`in_elo`)."""
    scores = f"score {sprt['s0']:g} (H0) or {sprt['s1']:g} (H1)"
    if in_elo:
        hypotheses = (f"Elo {_elo(sprt['elo0'])} (H0) or {_elo(sprt['elo1'])} (H1), "
                      f"scores {sprt['s0']:.4g} and {sprt['s1']:.4g}")
    elif "elo0" in sprt:
        hypotheses = f"{scores}, Elo {_elo(sprt['elo0'])} and {_elo(sprt['elo1'])}"
    else:
        hypotheses = scores
    question = (f"SPRT of {markup(sprt['candidate'])} against {markup(sprt['baseline'])}: "
                f"{hypotheses}, α {sprt['alpha']:g}, β {sprt['beta']:g}")
    bounds = f"LLR {sprt['llr']:.2f}, bounds {sprt['lower']:.2f} and {sprt['upper']:.2f}"
    deals = f"{sprt['deals']} deal{'s' if sprt['deals'] != 1 else ''}"
    if sprt["verdict"] == "H1":
        return f"{question}: [bold]H1 accepted[/] after {deals} ({bounds})."
    if sprt["verdict"] == "H0":
        return f"{question}: [bold]H0 accepted[/] after {deals} ({bounds})."
    return f"{question}: undecided after {deals} ({bounds})."
