"""How honest the bots' win chances are.

A searching bot rates each root move by its mean reward over the playouts
through it (`IsmctsBot.last_search`, the figures `hint` shows). Those
ratings are calibrated when the moves rated p go on to win about p of the
time. Here a searching bot plays whole games; every decision where it
searched (more than one legal move) gives one sample, its rating of the
move it played, and the game's end gives every sample of its seat the
outcome: 1 for a win, 0 for a loss, 1/players for a game the round cap
ended (the share of a draw, as in the tournaments' score).

The samples of one game are not independent (a game's outcome is shared
by all its samples), so the figures below are computed per sample but
their uncertainty is a game's, not a sample's.

- Reliability by deciles of the rating: how many samples, their mean
  rating, the share of them that won.
- Calibration error: the mean, over the samples, of |mean rating - share
  won| of their decile (the expected calibration error, in points).
- Brier score: the mean of (rating - outcome)².

`passport calibrate` runs this and prints the table (docs/strength.md);
`passport lab fit-chances` fits the maps of bots/chances.py on its files.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from bots.chances import chance
from bots.names import LEVELS, check_names, level_of
from engine import DEFAULT_ROUND_CAP, Config, parse_extensions
from engine.cards import ALL_EXTENSIONS
from engine.files import LimitError, parse_json, read_limited

from .files import run_file_text, write_text_atomically
from .match import Seat, Table, bot_players, derive_seed

BINS = 10
FILE_FORMAT = "passport-calibration"
FILE_VERSION = 1


class CalibrationError(ValueError):
    """Settings or a file that a calibration run can't use; one sentence."""


@dataclass(frozen=True)
class Sample:
    """One rated decision: the bot's win chance for the move it played, and
    how the game went for its seat."""
    game: int
    seat: int
    rating: float
    outcome: float


@dataclass(frozen=True)
class Decile:
    low: float
    high: float
    samples: int
    mean_rating: float
    share_won: float


@dataclass(frozen=True)
class CalibrationGame:
    number: int
    winner: int | None           # None: the round cap ended the game
    samples: tuple[Sample, ...]

    @classmethod
    def of(cls, number: int, winner: int | None, ratings: Iterable[tuple[int, float]],
           players: int) -> CalibrationGame:
        """A game from its (seat, rating) pairs: each sample's outcome is
        1 for the winner, 0 for the others, 1/players in a drawn game."""
        return cls(number, winner, tuple(
            Sample(number, seat, rating, 1.0 / players if winner is None else float(seat == winner))
            for seat, rating in ratings))


def play_game(number: int, settings: CalibrationSettings) -> CalibrationGame:
    """Play game `number` of the run: every searching seat's rating of each
    move it played after a search."""
    players = len(settings.bots)
    seeds = [derive_seed("calibrate", settings.seed, number, "bot", s) for s in range(players)]
    bots = bot_players(settings.bots, seeds, settings.think)
    config = Config(players=players, extensions=settings.extensions, round_cap=settings.round_cap,
                    seed=derive_seed("calibrate", settings.seed, number, "game"))
    table = Table(config, [Seat.bot(f"seat {s}", name) for s, name in enumerate(settings.bots)],
                  bots, record=False)
    ratings: list[tuple[int, float]] = []
    while not table.over:
        seat = table.game.decider
        action = bots[seat].choose(table.view(seat))
        for move in getattr(bots[seat], "last_search", ()):
            if move.action == action and move.visits > 0:
                ratings.append((seat, round(move.win_chance, 4)))  # as the file keeps it
                break
        table.apply(action)
    return CalibrationGame.of(number, table.game.outcome.winner, ratings, players)


def deciles(samples: Iterable[Sample], bins: int = BINS) -> list[Decile]:
    """The samples by rating in `bins` equal bins of [0, 1] (a rating of 1
    falls in the last); bins without samples are left out."""
    grouped: list[list[Sample]] = [[] for _ in range(bins)]
    for sample in samples:
        if not 0.0 <= sample.rating <= 1.0 or math.isnan(sample.rating):
            raise ValueError(f"a rating must be a chance from 0 to 1, not {sample.rating!r}")
        grouped[min(int(sample.rating * bins), bins - 1)].append(sample)
    return [Decile(i / bins, (i + 1) / bins, len(group),
                   sum(s.rating for s in group) / len(group),
                   sum(s.outcome for s in group) / len(group))
            for i, group in enumerate(grouped) if group]


def calibration_error(table: Sequence[Decile]) -> float:
    """The sample-weighted mean of |mean rating - share won| over the deciles."""
    total = sum(d.samples for d in table)
    if total == 0:
        raise ValueError("no samples")
    return sum(d.samples * abs(d.mean_rating - d.share_won) for d in table) / total


def fit_chance_map(samples: Iterable[Sample], bins: int = 20) -> tuple[tuple[float, float], ...]:
    """The monotone map from a rating to the share of games won (isotonic
    regression: pool adjacent violators over `bins` equal bins of the
    rating, each weighted by its samples), as knots (mean rating, share
    won) in increasing order."""
    sums = [[0, 0.0, 0.0] for _ in range(bins)]  # samples, ratings, outcomes
    for sample in samples:
        cell = sums[min(int(sample.rating * bins), bins - 1)]
        cell[0] += 1
        cell[1] += sample.rating
        cell[2] += sample.outcome
    blocks: list[list[float]] = []
    for n, ratings, outcomes in sums:
        if n == 0:
            continue
        blocks.append([n, ratings, outcomes])
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][0] >= blocks[-1][2] / blocks[-1][0]:
            n2, r2, o2 = blocks.pop()
            blocks[-1][0] += n2
            blocks[-1][1] += r2
            blocks[-1][2] += o2
    return tuple((round(r / n, 4), round(o / n, 4)) for n, r, o in blocks)


def brier_score(samples: Sequence[Sample]) -> float:
    if not samples:
        raise ValueError("no samples")
    return sum((s.rating - s.outcome) ** 2 for s in samples) / len(samples)


# ---- a run: games, a resumable file, the summary -----------------------------------

@dataclass(frozen=True)
class CalibrationSettings:
    """A calibration run: `games` games seated as `bots` (at least one
    searching level), all seeded from `seed`."""
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    extensions: int = ALL_EXTENSIONS
    round_cap: int = DEFAULT_ROUND_CAP
    think: float | None = None

    def __post_init__(self):
        try:
            check_names(self.bots)
            Config(players=len(self.bots), extensions=self.extensions, round_cap=self.round_cap)
        except ValueError as error:
            raise CalibrationError(str(error)) from None
        if not any(level_of(name) in LEVELS for name in self.bots):
            raise CalibrationError("a calibration needs at least one searching level among the bots "
                                   f"({', '.join(LEVELS)})")
        if self.games < 1:
            raise CalibrationError(f"games must be at least 1, not {self.games}")

    @property
    def config(self) -> Config:
        return Config(players=len(self.bots), extensions=self.extensions, round_cap=self.round_cap)

    def to_json(self) -> dict:
        from bots.difficulty import search_settings_of
        return {"bots": list(self.bots), "seed": self.seed, "extensions": self.config.extension_names,
                "round_cap": self.round_cap, "think": self.think,
                "search": {name: search_settings_of(name, self.think, len(self.bots), self.extensions)
                           for name in dict.fromkeys(self.bots)}}


SHOWN_LEVEL = "expert"  # the level whose chances a person sees (`hint`, `passport review`)


def seat_samples(samples: Iterable[Sample], bots: Sequence[str], name: str) -> list[Sample]:
    """The samples of the seats played by `name`."""
    seats = {seat for seat, bot in enumerate(bots) if bot == name}
    return [s for s in samples if s.seat in seats]


def summary(samples: Sequence[Sample], games: int, bots: Sequence[str], think: float | None,
            extensions: int) -> dict:
    """Per searching bot of the table (its seats' samples together): the
    reliability table, calibration error and Brier score as plain data, of
    its ratings and, for the expert, of the chances a person is shown
    (`chance`, the map of its budget at this table)."""
    from bots.difficulty import iterations_per_move
    players = len(bots)
    levels = {}
    for name in dict.fromkeys(bots):
        if level_of(name) not in LEVELS:
            continue
        mine = seat_samples(samples, bots, name)
        shown = None
        if level_of(name) == SHOWN_LEVEL and mine:
            iterations = iterations_per_move(name, think)
            shown = [Sample(s.game, s.seat, chance(s.rating, players, iterations, extensions), s.outcome)
                     for s in mine]
        levels[name] = {
            "samples": len(mine),
            "calibration_error": calibration_error(deciles(mine)) if mine else None,
            "brier": brier_score(mine) if mine else None,
            "calibrated_error": calibration_error(deciles(shown)) if shown else None,
            "calibrated_brier": brier_score(shown) if shown else None,
            "deciles": [{"low": d.low, "high": d.high, "samples": d.samples,
                         "mean_rating": d.mean_rating, "share_won": d.share_won}
                        for d in deciles(mine)]}
    return {"games": games, "samples": len(samples), "levels": levels}


def load_games(path, settings: CalibrationSettings) -> dict[int, CalibrationGame]:
    """The games of a calibration file by number ({} if there is no file);
    CalibrationError if it is not one, or holds another run."""
    path = Path(path)
    if not path.exists():
        return {}
    document = _calibration_document(path)
    if document.get("settings") != settings.to_json():
        raise CalibrationError(f"{path}: holds a run with other settings; "
                               "resume it with the same ones or choose another file")
    players = len(settings.bots)
    found: dict[int, CalibrationGame] = {}
    for entry in document["games"]:
        try:
            number, winner = entry["game"], entry["winner"]
            if (type(number) is not int or not 1 <= number <= settings.games
                    or not (winner is None or type(winner) is int and 0 <= winner < players)):
                raise ValueError
            ratings = [(int(seat), float(rating)) for seat, rating in entry["samples"]]
            if any(not 0 <= seat < players or not 0.0 <= rating <= 1.0 for seat, rating in ratings):
                raise ValueError
        except (KeyError, TypeError, ValueError):
            raise CalibrationError(f"{path}: a game entry is not one of this run") from None
        found[number] = CalibrationGame.of(number, winner, ratings, players)
    return found


def save_games(path, settings: CalibrationSettings, games: dict[int, CalibrationGame]) -> None:
    """Write the calibration file, replacing it atomically."""
    ordered = [games[n] for n in sorted(games)]
    document = {"format": FILE_FORMAT, "version": FILE_VERSION, "settings": settings.to_json(),
                "summary": summary([s for g in ordered for s in g.samples], len(ordered),
                                   settings.bots, settings.think, settings.extensions),
                "games": [{"game": g.number, "winner": g.winner,
                           "samples": [[s.seat, s.rating] for s in g.samples]} for g in ordered]}
    try:
        write_text_atomically(Path(path), run_file_text(document))
    except OSError as error:
        raise CalibrationError(f"{path}: can't be written ({error.strerror or error})") from None


def run_calibration(settings: CalibrationSettings, path=None,
                    on_game: Callable[[CalibrationGame], None] | None = None) -> list[Sample]:
    """Play the run's games not yet in the file at `path` (if any), saving
    after each; return every sample in game order."""
    games = load_games(path, settings) if path is not None else {}
    for number in range(1, settings.games + 1):
        if number in games:
            continue
        games[number] = play_game(number, settings)
        if path is not None:
            save_games(path, settings, games)
        if on_game is not None:
            on_game(games[number])
    return [s for n in sorted(games) for s in games[n].samples]


def _calibration_document(path: Path) -> dict:
    """The calibration file at `path` as JSON data, checked to be one of
    this version's; CalibrationError, one sentence, if it is not."""
    try:
        document = parse_json(read_limited(path))
    except OSError as error:
        raise CalibrationError(f"{path}: can't be read ({error.strerror or error})") from None
    except LimitError as error:
        raise CalibrationError(f"{path}: not a calibration file ({error})") from None
    if (not isinstance(document, dict) or document.get("format") != FILE_FORMAT
            or document.get("version") != FILE_VERSION or not isinstance(document.get("games"), list)):
        raise CalibrationError(f"{path}: not a calibration file of version {FILE_VERSION}")
    return document


def read_run(path) -> tuple[CalibrationSettings, dict[int, CalibrationGame]]:
    """The run a calibration file holds and its games by number, read
    without the settings of a run to resume; CalibrationError, one
    sentence, if it is not such a file."""
    path = Path(path)
    recorded = _calibration_document(path)
    settings, games = recorded.get("settings"), recorded["games"]
    try:
        run = CalibrationSettings(bots=tuple(settings["bots"]), games=max(1, len(games)),
                                  seed=settings["seed"],
                                  extensions=parse_extensions(settings["extensions"]),
                                  round_cap=settings["round_cap"], think=settings["think"])
    except (KeyError, TypeError, ValueError):
        raise CalibrationError(f"{path}: its settings are not a calibration run's") from None
    return run, load_games(path, run)


@dataclass(frozen=True)
class ShownSamples:
    """The samples of one searching bot of the shown level in one file,
    under the key of the chance map they fit (bots.chances.CHANCE_MAPS):
    (2 for duels or 4, the extensions' bit mask, iterations a move)."""
    path: str
    bot: str
    games: int
    key: tuple[int, int, int]
    samples: tuple[Sample, ...]


def shown_samples(path) -> list[ShownSamples]:
    """The samples of the calibration file at `path` that a chance map is
    fitted on: those of the seats of the level whose chances a person sees
    (SHOWN_LEVEL), one entry per bot name of that level."""
    from bots.difficulty import iterations_per_move
    run, games = read_run(path)
    table = 2 if len(run.bots) == 2 else 4
    every = [s for number in sorted(games) for s in games[number].samples]
    return [ShownSamples(str(path), bot, len(games),
                         (table, run.extensions, iterations_per_move(bot, run.think)),
                         tuple(seat_samples(every, run.bots, bot)))
            for bot in dict.fromkeys(run.bots) if level_of(bot) == SHOWN_LEVEL]


def fit_chance_maps(found: Iterable[ShownSamples]) -> dict[tuple[int, int, int], tuple]:
    """One chance map (`fit_chance_map`) per key of bots.chances.CHANCE_MAPS,
    on the samples of every file that shares it, pooled; in key order."""
    pooled: dict[tuple[int, int, int], list[Sample]] = {}
    for entry in found:
        pooled.setdefault(entry.key, []).extend(entry.samples)
    return {key: fit_chance_map(samples) for key, samples in sorted(pooled.items()) if samples}
