"""The report of a tournament: one HTML page to share (`passport report`,
`passport tournament --report`).

The page is self-contained: inline CSS, charts as inline SVG drawn here,
no script, font, image or link that would reach a network. It reads on a
phone (tables scroll sideways, charts scale) and prints. Nothing here
computes standings: the figures come from the results file's data
(arena.tournament.results_document): its summary (`results_summary`) and
its games. A results file is anyone's file, so every text taken from it
goes through `_text` (control characters as escapes, then HTML-escaped),
and every part of the summary is optional: a part that is missing or of
another shape is left out, and keys this page does not know are ignored.
"""

from __future__ import annotations

import html
import math
import statistics
from collections import Counter

from ..safe_text import as_text, path_text
from ..table.narrate import count_words
from .tournament import interval_text, likelihood_text, percent_text

# How the summary's "endings" read.
ENDING_WORDS = {"center": "at the center", "postcards": "by postcards",
                "round_cap": "at the round cap (no winner)",
                "forfeit": "forfeited by an outside program"}
# The largest figure a chart draws (rounds, seconds, Elo points): a file's
# larger ones are told in words only, so no scale runs off to infinity.
CHART_LIMIT = 1e6
SHOWN_ROWS = 200   # rows of a per-game table (forfeits, time) before "… and N more"
LABEL_LENGTH = 36  # characters of a bot's name in a chart; its tooltip has all
CHART_WIDTH = 440  # the charts' coordinates: at most 1.2 times that in pixels, less on a phone

STYLE = """
:root{--ink:#1d2430;--muted:#5b6575;--line:#d5dae2;--bar:#9cc3e6;--mark:#1f5f99;--warn:#a33}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:var(--ink);background:#fff}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.2rem 0}
h2{font-size:1.2rem;margin:1.6rem 0 .5rem;border-bottom:1px solid var(--line)}
p,li{max-width:48rem}
.muted{color:var(--muted)}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f6f9;padding:.5rem .7rem;
border-radius:4px;margin:.3rem 0}
code,pre{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:.9em}
.wide{overflow-x:auto}
table{border-collapse:collapse;margin:.3rem 0}
th,td{padding:.25rem .55rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.name{overflow-wrap:anywhere;min-width:16rem;max-width:26rem}
td.self{color:var(--muted);text-align:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.3rem 0}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
svg{display:block;width:100%;max-width:33rem;height:auto;margin:.4rem 0}
svg text{font:13px system-ui,sans-serif;fill:var(--ink)}
svg .small{font-size:11px;fill:var(--muted)}
svg .grid{stroke:var(--line);stroke-width:1}
svg .even{stroke:var(--muted);stroke-dasharray:4 3}
svg .bar{fill:var(--bar)}
svg .whisker{stroke:var(--mark);stroke-width:2}
svg .dot{fill:var(--mark)}
.warn{color:var(--warn)}
@media (max-width:40rem){body{font-size:15px}main{padding:.6rem}th,td{padding:.2rem .35rem}}
@media print{main{max-width:none;padding:0}.wide{overflow:visible}section{break-inside:avoid-page}
pre{background:none;border:1px solid var(--line)}}
"""


# ---- text and numbers from the file ----------------------------------------------------

def _text(value) -> str:
    """A text from the file for the page: control and bidi characters as
    escapes (safe_text.as_text), then HTML-escaped, quotes too (so it may
    stand in an attribute)."""
    return html.escape(as_text(value), quote=True)


def _lines(value) -> str:
    """A text of several lines (a program's last words) for a <pre>: each
    line as `_text` has it, the line breaks kept."""
    return "\n".join(_text(line) for line in str(value).split("\n"))


def _number(value) -> float | None:
    """A finite number, or None for anything else (a bool is no number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _whole(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _percent(value) -> str:
    return percent_text(_number(value))


def _interval(low, high) -> str:
    low, high = _number(low), _number(high)
    return "—" if low is None or high is None else interval_text(low, high)


def _count(value) -> str:
    count = _whole(value)
    return "—" if count is None else f"{count:,}"


def _seconds(value, digits: int = 2) -> str:
    seconds = _number(value)
    return "—" if seconds is None else f"{seconds:,.{digits}f} s"


def _plain(value) -> str:
    """A setting's value in a few words: lists joined, objects as key value."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(_plain, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items()) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _label(name: str) -> str:
    """A bot's name as a chart shows it: past LABEL_LENGTH, its start and
    its end (a program's command ends with its file) around '…'."""
    name = as_text(name)
    if len(name) <= LABEL_LENGTH:
        return name
    head = LABEL_LENGTH // 3
    return name[:head] + "…" + name[len(name) - (LABEL_LENGTH - head - 1):]


# ---- small HTML builders -------------------------------------------------------------

def _table(header: list[str], rows: list[list[str]], numeric: set[int] = frozenset()) -> str:
    """A table in a sideways-scrolling box; cells are HTML already, and the
    columns in `numeric` are right-aligned. The first column names a bot."""
    head = "".join(f'<th{" class=n" if i in numeric else ""} scope="col">{cell}</th>'
                   for i, cell in enumerate(header))
    body = "".join("<tr>" + "".join(
        f'<td class="{"n" if i in numeric else "name" if i == 0 else ""}">{cell}</td>'
        for i, cell in enumerate(row)) + "</tr>" for row in rows)
    return (f'<div class="wide"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def _section(section_id: str, title: str, *parts: str) -> str:
    return f'<section id="{section_id}"><h2>{title}</h2>{"".join(parts)}</section>'


def _more(shown: int, total: int) -> str:
    return (f'<p class="muted">… and {total - shown:,} more in the results file.</p>'
            if total > shown else "")


# ---- charts (SVG) ---------------------------------------------------------------------

def _svg(height: float, label: str, body: str) -> str:
    return (f'<svg viewBox="0 0 {CHART_WIDTH} {height:g}" role="img" aria-label="{label}">'
            f'<title>{label}</title>{body}</svg>')


def _nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 × 10^k) that cuts `span` into about `ticks`."""
    raw = span / ticks if span > 0 else 1.0
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def _line(kind: str, x1: float, y1: float, x2: float, y2: float) -> str:
    return (f'<line class="{kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
            f'y2="{y2:.1f}"/>')


def _whisker(low: float, high: float, y: float, half: float = 6) -> str:
    """An interval from x = low to x = high at height y, with end ticks."""
    return (_line("whisker", low, y, high, y) + _line("whisker", low, y - half, low, y + half)
            + _line("whisker", high, y - half, high, y + half))


def _axis(top: float, bottom: float, ticks: list[tuple[float, str]]) -> str:
    """Vertical grid lines at x = tick, with their labels under `bottom`."""
    parts = []
    for x, text in ticks:
        parts.append(_line("grid", x, top, x, bottom)
                     + f'<text class="small" x="{x:.1f}" y="{bottom + 14:g}" '
                     f'text-anchor="middle">{text}</text>')
    return "".join(parts)


def interval_chart(rows: list[tuple[str, float, float, float]], label: str,
                   even: float | None = None) -> str:
    """Shares with their 95% intervals: per bot, its name and figures, then
    a bar from 0 to the share and a whisker over the interval; a dashed line
    at `even`, what every bot would get if all were alike."""
    left, right, step, top = 14, CHART_WIDTH - 20, 42, 20
    height = top + step * len(rows) + 24
    x = lambda share: left + (right - left) * min(max(share, 0.0), 1.0)  # noqa: E731
    bottom = top + step * len(rows)
    parts = [_axis(top, bottom, [(x(t / 4), f"{t * 25}%") for t in range(5)])]
    if even is not None:
        parts.append(_line("even", x(even), top - 6, x(even), bottom)
                     + f'<text class="small" x="{x(even):.1f}" y="{top - 9:g}" '
                     'text-anchor="middle">even</text>')
    for i, (name, value, low, high) in enumerate(rows):
        y = top + step * i
        figures = f"{percent_text(value)} ({interval_text(low, high)})"
        parts.append(
            f'<g><title>{_text(name)}: {figures}</title>'
            f'<text x="{left}" y="{y + 14:g}">{_text(_label(name))} · {figures}</text>'
            f'<rect class="bar" x="{left}" y="{y + 20:g}" width="{x(value) - left:.1f}" '
            f'height="12"/>{_whisker(x(low), x(high), y + 26)}'
            f'<circle class="dot" cx="{x(value):.1f}" cy="{y + 26:g}" r="4"/></g>')
    return _svg(height, label, "".join(parts))


def difference_chart(value: float, low: float | None, high: float | None, label: str) -> str:
    """A difference around 0 (an Elo difference) with its interval, if any."""
    ends = [abs(v) for v in (value, low, high) if v is not None]
    step = _nice_step(max(ends + [10.0]) * 2, 4)
    reach = step * math.ceil(max(ends + [10.0]) / step)
    left, right, top = 20, CHART_WIDTH - 20, 6
    x = lambda v: left + (right - left) * (v + reach) / (2 * reach)  # noqa: E731
    ticks = round(reach / step)
    parts = [_axis(top, top + 30, [(x(t * step), f"{t * step:+g}" if t else "0")
                                   for t in range(-ticks, ticks + 1)]),
             _line("even", x(0), top, x(0), top + 30)]
    if low is not None and high is not None:
        parts.append(_whisker(x(low), x(high), top + 15, 7))
    parts.append(f'<circle class="dot" cx="{x(value):.1f}" cy="{top + 15:g}" r="5"/>')
    return _svg(top + 30 + 22, label, "".join(parts))


def count_bars(rows: list[tuple[str, int]], label: str) -> str:
    """Counts as horizontal bars, each with its words and number."""
    left, right, step, top = 14, CHART_WIDTH - 20, 36, 4
    most = max([count for _, count in rows] + [1])
    parts = []
    for i, (words, count) in enumerate(rows):
        y = top + step * i
        parts.append(f'<text x="{left}" y="{y + 13:g}">{_text(words)}: {count:,}</text>'
                     f'<rect class="bar" x="{left}" y="{y + 18:g}" '
                     f'width="{(right - left) * count / most:.1f}" height="12"/>')
    return _svg(top + step * len(rows) + 4, label, "".join(parts))


def histogram(values: list[int], label: str, unit: str = "rounds") -> str:
    """How many values fall in each bin: one bin per value when they span
    at most 24, else bins of a round width."""
    low, high = min(values), max(values)
    width = 1 if high - low < 24 else int(_nice_step(high - low + 1, 16))
    start = low - (low % width if width > 1 else 0)
    counts = Counter((v - start) // width for v in values)
    bins = (high - start) // width + 1
    left, right, top, bottom = 36, CHART_WIDTH - 8, 8, 160
    most = max(counts.values())
    bar = (right - left) / bins
    parts = []
    y_step = max(1, int(_nice_step(most, 3)))
    for tick in range(0, most + 1, y_step):
        y = bottom - (bottom - top) * tick / most
        parts.append(_line("grid", left, y, right, y) + f'<text class="small" x="{left - 4}" '
                     f'y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    every = max(1, math.ceil(bins / 8))
    for b in range(bins):
        first = start + b * width
        words = f"{first}" if width == 1 else f"{first}–{first + width - 1}"
        n = counts.get(b, 0)
        h = (bottom - top) * n / most
        parts.append(f'<rect class="bar" x="{left + b * bar + 1:.1f}" y="{bottom - h:.1f}" '
                     f'width="{max(bar - 2, 1):.1f}" height="{h:.1f}"><title>{words} {unit}: '
                     f'{count_words(n, "game")}</title></rect>')
        if b % every == 0:
            parts.append(f'<text class="small" x="{left + (b + 0.5) * bar:.1f}" y="{bottom + 14}" '
                         f'text-anchor="middle">{words}</text>')
    parts.append(f'<text class="small" x="{(left + right) / 2:g}" y="{bottom + 30}" '
                 f'text-anchor="middle">{unit}</text>')
    return _svg(bottom + 36, label, "".join(parts))


def strip_chart(rows: list[tuple[str, list[float]]], label: str) -> str:
    """Per bot, a dot per game at the seconds it took in that game."""
    left, right, step, top = 14, CHART_WIDTH - 24, 36, 6
    most = max([v for _, values in rows for v in values] + [0.001])
    tick = _nice_step(most, 4)
    reach = tick * math.ceil(most / tick)
    x = lambda v: left + (right - left) * v / reach  # noqa: E731
    bottom = top + step * len(rows)
    ticks = [(x(i * tick), f"{i * tick:g} s") for i in range(round(reach / tick) + 1)]
    parts = [_axis(top, bottom, ticks)]
    for i, (name, values) in enumerate(rows):
        y = top + step * i
        parts.append(f'<text x="{left}" y="{y + 13:g}">{_text(_label(name))}</text>')
        parts.extend(f'<circle class="dot" cx="{x(v):.1f}" cy="{y + 24:g}" r="3.5" '
                     f'fill-opacity="0.6"><title>{v:g} s</title></circle>' for v in values)
    return _svg(bottom + 22, label, "".join(parts))


def sprt_chart(llr: float, lower: float, upper: float, label: str) -> str:
    """Where the log-likelihood ratio stands between the test's bounds."""
    left, right, top = 30, CHART_WIDTH - 30, 6
    x = lambda v: (left + (right - left)  # noqa: E731
                   * (min(max(v, lower), upper) - lower) / (upper - lower))
    parts = [_axis(top, top + 30, [(x(lower), f"{lower:.2f} H0"), (x(0), "0"),
                                   (x(upper), f"H1 {upper:.2f}")]),
             _line("whisker", left, top + 15, right, top + 15),
             f'<circle class="dot" cx="{x(llr):.1f}" cy="{top + 15}" r="6"><title>LLR {llr:.2f}'
             f'</title></circle>']
    return _svg(top + 30 + 22, label, "".join(parts))


# ---- the sections --------------------------------------------------------------------

def _entries(bots) -> str:
    counts = Counter(name for name in bots if isinstance(name, str))
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def command_text(command) -> str | None:
    """The recorded command line as one a shell reads back; None if the
    file has none (or something else in its place)."""
    if not isinstance(command, list) or not command or not all(isinstance(w, str) for w in command):
        return None
    return " ".join(path_text(word) for word in command)


def _head(document: dict, summary: dict, settings: dict) -> str:
    bots = settings.get("bots") if isinstance(settings.get("bots"), list) else []
    played, games = _whole(summary.get("games_played")), _whole(settings.get("games"))
    if played is None:
        played = sum(isinstance(g, dict) for g in document.get("games") or [])
    state = ("complete" if summary.get("complete") is True
             else f"incomplete: {played:,} of {_count(games)} games played")
    command = command_text(document.get("command"))
    shown = (f"<pre><code>{_text(command)}</code></pre>" if command is not None
             else '<p class="muted">The command: not recorded (the file was written '
             "without it).</p>")
    return (f"<header><h1>Tournament: {_text(_entries(bots))}</h1>"
            f'<p class="muted">{count_words(played, "game")} played; {_text(state)}.</p>'
            f"{shown}</header>")


def _settings(document: dict, settings: dict) -> str:
    """The settings, the known ones in words; any others as they are, the
    bots' search settings folded away, the seed only where the command
    named it (a run without --seed has a secret one: arena/tournament.py)."""
    known = {"players": "Players", "bots": "Bots", "deals": "Deals", "games": "Games",
             "extensions": "Extensions", "round_cap": "Round cap",
             "think": "The expert's thinking time", "iterations": "Search iterations a move",
             "agent_time": "An outside program's time a decision", "clock": "Game clock",
             "sprt": "SPRT", "book": "Opening book"}
    items = []
    for key, words in known.items():
        if key not in settings:
            continue
        value = settings[key]
        if key == "bots":
            value = _entries(value if isinstance(value, list) else [])
        elif key == "think":
            value = "the default" if value is None else f"{_plain(value)} s a move"
        elif key == "agent_time":
            value = f"{_plain(value)} s"
        elif key == "extensions" and value == []:
            value = "none"
        items.append((words, _plain(value)))
    command = document.get("command")
    said = command_text(command) is not None and any(
        word == "--seed" or word.startswith("--seed=") for word in command)
    items.append(("Seed", _plain(settings.get("seed")) if said else
                  "kept in the results file (not shown: a run without --seed has a secret one)"))
    items.extend((str(key), _plain(value)) for key, value in settings.items()
                 if key not in known and key not in ("seed", "search"))
    listing = "".join(f"<dt>{_text(words)}</dt><dd>{_text(value)}</dd>" for words, value in items)
    search = _mapping(settings.get("search"))
    folded = ""
    if search:
        rows = [[_text(name), _text(_plain(values))] for name, values in search.items()]
        folded = (f"<details><summary>Each bot's search settings</summary>"
                  f"{_table(['Bot', 'Settings'], rows)}</details>")
    return _section("settings", "Settings", f"<dl>{listing}</dl>", folded)


def _standings(summary: dict, settings: dict) -> str:
    rows_data = [(name, _mapping(row)) for name, row in _mapping(summary.get("bots")).items()]
    if not rows_data:
        return _section("standings", "Standings", '<p class="muted">No standings in the file.</p>')
    forfeits = any("forfeits" in row for _, row in rows_data)
    pooled = any(_whole(row.get("seats")) not in (None, 1) for _, row in rows_data)
    header = (["Bot"] + (["Seats"] if pooled else []) + ["Games", "Wins", "Draws", "Win rate",
              "95% CI", "Score", "95% CI", "Mean rank", "Rating μ ± σ"]
              + (["Forfeits"] if forfeits else []))
    rows = []
    for name, row in rows_data:
        rating = _mapping(row.get("rating"))
        mu, sigma = _number(rating.get("mu")), _number(rating.get("sigma"))
        rank = _number(row.get("mean_rank"))
        rows.append([_text(name)] + ([_count(row.get("seats"))] if pooled else []) + [
                     _count(row.get("games")),
                     _count(row.get("wins")), _count(row.get("draws")),
                     _percent(row.get("win_rate")),
                     _interval(row.get("ci_low"), row.get("ci_high")),
                     _percent(row.get("score")),
                     _interval(row.get("score_low"), row.get("score_high")),
                     "—" if rank is None else f"{rank:.2f}",
                     "—" if mu is None or sigma is None else f"{mu:.1f} ± {sigma:.1f}"]
                    + ([_count(row.get("forfeits", 0))] if forfeits else []))
    players = _whole(settings.get("players"))
    draw = ("half a win" if players == 2 else f"1/{players} of a win" if players
            else "a share of a win")
    notes = (f'<p class="muted">Best first, by win rate, then mean rank. Score: wins with a draw '
             f"as {draw}; 95% CI: the 95% interval. Mean rank: the winner 1, the others share the "
             "rest. Rating: openskill Plackett-Luce, μ ± σ."
             + (" A bot named n times plays n seats a game, and its games count seats."
                if pooled else "") + "</p>")
    charts = []
    even = 1 / players if players else None
    for key, low, high, words in (("score", "score_low", "score_high", "Score"),
                                  ("win_rate", "ci_low", "ci_high", "Win rate")):
        points = [(name, _number(row.get(key)), _number(row.get(low)), _number(row.get(high)))
                  for name, row in rows_data]
        points = [p for p in points if None not in p]
        if points:
            charts.append(f"<h3>{words} and its 95% interval</h3>"
                          + interval_chart(points, f"{words} of each bot with its 95% interval",
                                           even if key == "score" else None))
    return _section("standings", "Standings",
                    _table(header, rows, numeric=set(range(1, len(header)))), notes, *charts)


def _head_to_head(summary: dict, settings: dict) -> str:
    """The crosstable ("pairwise"), or for two bots the line of the first
    entry against the other (an SPRT's candidate against its baseline),
    from the standings."""
    pairwise = _mapping(summary.get("pairwise"))
    if pairwise:
        names = list(pairwise)
        rows = []
        for a in names:
            cells = [_text(a)]
            for b in names:
                meeting = _mapping(_mapping(pairwise[a]).get(b))
                score = _number(meeting.get("score"))
                if a == b:
                    cells.append("·")
                elif score is None:
                    cells.append("—")
                else:
                    cells.append(f'<span title="{_count(meeting.get("wins"))} ahead, '
                                 f'{_count(meeting.get("losses"))} behind in '
                                 f'{_count(meeting.get("games"))} meetings">{percent_text(score)}'
                                 f'</span><br><span class="muted">LOS '
                                 f'{likelihood_text(_number(meeting.get("superiority")))}</span>')
            rows.append(cells)
        table = _table(["Row against column"] + [_text(b) for b in names], rows,
                       numeric=set(range(1, len(names) + 1)))
        return _section("head-to-head", "Head to head", table,
                        '<p class="muted">Each cell: the row\'s score against the column '
                        "(finishing ahead 1, behind 0, level ½) and LOS, the likelihood that "
                        "the row's bot is the stronger.</p>")
    rows = _mapping(summary.get("bots"))
    entries = settings.get("bots") if isinstance(settings.get("bots"), list) else []
    names = [name for name in dict.fromkeys(entries) if name in rows] or list(rows)
    if len(names) != 2 or len(rows) != 2:
        return ""
    a, b = names
    row = _mapping(rows[a])
    line = (f"{_text(a)} against {_text(b)}: score {_percent(row.get('score'))} "
            f"({_interval(row.get('score_low'), row.get('score_high'))}), win rate "
            f"{_percent(row.get('win_rate'))}, in {_count(row.get('games'))} games.")
    return _section("head-to-head", "Head to head", f"<p>{line}</p>")


def _elo(summary: dict) -> str:
    """An Elo estimate, whatever its shape: a chart of its difference and
    interval where it has them, and its plain values listed."""
    if "elo" not in summary:
        return ""
    elo = summary["elo"]
    if not isinstance(elo, dict):
        return _section("elo", "Elo", f"<p>{_text(_plain(elo))}</p>")
    value = _number(elo.get("difference"))
    low, high = _number(elo.get("low")), _number(elo.get("high"))
    parts = []
    if value is not None:
        interval = (f" (interval {low:+.0f} to {high:+.0f})"
                    if low is not None and high is not None else "")
        parts.append(f"<p>Elo difference {value:+.0f}{interval}.</p>")
        if all(abs(v) <= CHART_LIMIT for v in (value, low or 0, high or 0)):
            parts.append(difference_chart(value, low, high, "Elo difference with its interval"))
    items = "".join(f"<dt>{_text(key)}</dt><dd>{_text(_plain(item))}</dd>"
                    for key, item in elo.items())
    if items:
        parts.append(f"<dl>{items}</dl>")
    return _section("elo", "Elo", *parts)


def _endings(summary: dict) -> str:
    endings = [(ENDING_WORDS.get(reason, reason), _whole(count))
               for reason, count in _mapping(summary.get("endings")).items()]
    endings = [(words, count) for words, count in endings if count is not None]
    if not endings:
        return ""
    rows = [[_text(words), f"{count:,}"] for words, count in endings]
    return _section("endings", "How the games ended", _table(["Ending", "Games"], rows, {1}),
                    count_bars(endings, "How the games ended"))


def _lengths(games: list[dict], settings: dict) -> str:
    rounds = [r for r in (_whole(g.get("rounds")) for g in games)
              if r is not None and 0 <= r <= CHART_LIMIT]
    if not rounds:
        return ""
    cap = _whole(settings.get("round_cap"))
    line = (f"Rounds a game: median {statistics.median(rounds):g}, mean "
            f"{statistics.fmean(rounds):.1f}, shortest {min(rounds)}, longest {max(rounds)}"
            + (f"; the round cap is {cap}." if cap is not None else "."))
    return _section("lengths", "Game lengths", f"<p>{line}</p>",
                    histogram(rounds, "Games by their number of rounds"))


def _time(summary: dict, games: list[dict]) -> str:
    use = [(name, _mapping(row)) for name, row in _mapping(summary.get("time")).items()]
    per_game = []
    for game in games:
        seats = game.get("seats") if isinstance(game.get("seats"), list) else []
        for seat, row in _mapping(game.get("agents")).items():
            index = int(seat) if isinstance(seat, str) and seat.isdigit() else None
            bot = seats[index] if index is not None and index < len(seats) else "?"
            per_game.append((game, seat, bot, _mapping(row)))
    if not use and not per_game:
        return ""
    parts = []
    if use:
        rows = []
        for name, row in use:
            mean = _number(row.get("mean"))
            rows.append([_text(name), _count(row.get("games")), _count(row.get("decisions")),
                         _seconds(row.get("total"), 1),
                         "—" if mean is None else f"{mean * 1000:,.1f} ms",
                         _seconds(row.get("max")), _seconds(row.get("most_in_a_game"), 1)])
        parts.append(_table(["Program", "Games", "Decisions", "In all", "Mean", "Longest",
                             "Most in a game"], rows, set(range(1, 7))))
    if per_game:
        totals: dict[str, list[float]] = {}
        for _, _, bot, row in per_game:
            total = _number(row.get("total"))
            if total is not None and 0 <= total <= CHART_LIMIT and isinstance(bot, str):
                totals.setdefault(bot, []).append(total)
        if totals:
            parts.append("<h3>Seconds each game</h3>"
                         + strip_chart(list(totals.items()), "Each program's seconds in each game"))
        rows = []
        for game, seat, bot, row in per_game[:SHOWN_ROWS]:
            logs = _mapping(row.get("logs"))
            rows.append([_count(game.get("game")), _text(seat), _text(bot),
                         _count(row.get("decisions")), _seconds(row.get("total")),
                         _seconds(row.get("mean"), 3), _seconds(row.get("max")),
                         "<br>".join(f"<code>{_text(name)}</code>" for name in logs.values()
                                     if isinstance(name, str)) or "—"])
        parts.append(f"<details><summary>Each game ({count_words(len(per_game), 'program')} "
                     "at a table)</summary>"
                     + _table(["Game", "Seat", "Program", "Decisions", "In all", "Mean",
                               "Longest", "Logs"], rows, {0, 1, 3, 4, 5, 6})
                     + _more(len(rows), len(per_game)) + "</details>")
    return _section("time", "Time of the outside programs", *parts)


def _forfeits(summary: dict, games: list[dict]) -> str:
    listed = summary.get("forfeits")
    if isinstance(listed, list):
        forfeits = [f for f in listed if isinstance(f, dict)]
    else:  # from the games, where the summary has none
        forfeits = []
        for game in games:
            fault = _mapping(game.get("forfeit"))
            seats = game.get("seats") if isinstance(game.get("seats"), list) else []
            seat = _whole(fault.get("seat"))
            if fault:
                bot = seats[seat] if seat is not None and 0 <= seat < len(seats) else "?"
                forfeits.append({**fault, "game": game.get("game"), "bot": bot})
    if not forfeits:
        return ""
    causes = Counter(str(f.get("reason")) for f in forfeits)
    said = ", ".join(f"{_text(reason)} ×{count:,}" for reason, count in causes.most_common())
    rows = [[_count(f.get("game")), _count(f.get("seat")), _text(f.get("bot", "?")),
             _text(f.get("reason", "—")), _text(f.get("detail", "—")),
             f"<pre>{_lines(f['sent'])}</pre>" if isinstance(f.get("sent"), str) and f["sent"]
             else "—"] for f in forfeits[:SHOWN_ROWS]]
    return _section("forfeits", "Forfeits",
                    f'<p class="warn">Forfeits by cause: {said}. A forfeit loses the game, and '
                    "the other seats share the win.</p>",
                    _table(["Game", "Seat", "Bot", "Cause", "Detail",
                            "What it sent or wrote last"], rows, {0, 1}),
                    _more(len(rows), len(forfeits)))


def _sprt(summary: dict) -> str:
    sprt = _mapping(summary.get("sprt"))
    if not sprt:
        return ""
    figures = {key: _number(sprt.get(key)) for key in ("s0", "s1", "alpha", "beta", "llr",
                                                      "lower", "upper")}
    deals = _whole(sprt.get("deals"))
    verdict = sprt.get("verdict")
    state = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(verdict, "undecided")
    question = (f"SPRT of {_text(sprt.get('candidate', '?'))} against "
                f"{_text(sprt.get('baseline', '?'))}: score {_text(_plain(figures['s0']))} (H0) "
                f"or {_text(_plain(figures['s1']))} (H1), α {_text(_plain(figures['alpha']))}, "
                f"β {_text(_plain(figures['beta']))}")
    after = "" if deals is None else f" after {count_words(deals, 'deal')}"
    parts = [f"<p>{question}: <strong>{state}</strong>{after}.</p>"]
    llr, lower, upper = figures["llr"], figures["lower"], figures["upper"]
    if None not in (llr, lower, upper) and -CHART_LIMIT < lower < 0 < upper < CHART_LIMIT:
        parts.append(f'<p class="muted">LLR {llr:.2f}; the test stops at {lower:.2f} (H0) or '
                     f"{upper:.2f} (H1).</p>")
        parts.append(sprt_chart(llr, lower, upper,
                                "The SPRT's log-likelihood ratio between its bounds"))
    return _section("sprt", "Sequential test", *parts)


def report_page(document: dict, source: str | None = None) -> str:
    """The report of a results file's data (arena.tournament.results_document
    or results_file_document) as one HTML page; `source` names the file."""
    summary = _mapping(document.get("results"))
    settings = _mapping(document.get("settings")) or _mapping(summary.get("settings"))
    games = [g for g in document.get("games") or [] if isinstance(g, dict)]
    bots = settings.get("bots") if isinstance(settings.get("bots"), list) else []
    body = [_head(document, summary, settings), _settings(document, settings),
            _standings(summary, settings), _head_to_head(summary, settings), _elo(summary),
            _endings(summary), _lengths(games, settings), _forfeits(summary, games),
            _time(summary, games), _sprt(summary)]
    made = "Made by Passport" + (f" from {_text(source)}" if source else "") + "."
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>Tournament: {_text(_entries(bots))}</title><style>{STYLE}</style></head>"
            f'<body><main>{"".join(body)}<footer><p class="muted">{made}</p></footer>'
            "</main></body></html>\n")


def write_report(path, document: dict, source: str | None = None) -> None:
    """Write the report page of `document` to `path`, replacing it
    atomically; OSError if it can't be written."""
    from arena.files import write_text_atomically
    write_text_atomically(path, report_page(document, source))
