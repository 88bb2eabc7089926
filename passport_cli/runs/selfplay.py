"""Self-play: games between bots, written out as one game record each.

A run is reproducible from its seed alone, on any machine: game k of a run
seeded S is dealt with `game_seed(S, k)`, and the bot in seat s is seeded
`derive_seed("selfplay", S, k, "seat s")` (arena/match.py). The seeds go into
the record (`config.seed` and the extra `selfplay` field), so one game can
be played again without the rest of its run.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from arena.match import GameResult, derive_seed

FORMATS = {"json": ".json", "msgpack": ".msgpack"}


def game_seed(seed: int, game: int) -> int:
    """The deal of game number `game` of a run seeded `seed`."""
    return derive_seed("selfplay", seed, game, "game")


@dataclass(frozen=True)
class SelfplayRun:
    """What `passport selfplay` did, as plain data for the summary."""
    results: list[GameResult]
    out_dir: Path
    fmt: str
    players: int
    extensions: list[str]
    seed: int
    bots: tuple[str, ...]

    @property
    def winners_by_reason(self) -> dict[str, Counter]:
        """For each way of ending (center, postcards, round_cap): games won per
        winning seat (the key None for games without a winner)."""
        winners: dict[str, Counter] = {}
        for r in self.results:
            winners.setdefault(r.reason, Counter())[r.winner] += 1
        return winners

    @property
    def median_rounds(self) -> float:
        return statistics.median(r.rounds for r in self.results)


def play_game(seed: int, game: int, players: int, extensions: int, round_cap: int,
              bots: tuple[str, ...] | None = None) -> tuple[dict, GameResult]:
    """Play game `game` of run `seed` with `bots` (one name per seat; random
    in every seat by default); return (record document, result)."""
    from arena.match import Table, bot_players, bot_seats
    from engine import Config

    names = tuple(bots) if bots is not None else ("random",) * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} players")
    config = Config(players, extensions, game_seed(seed, game), round_cap)
    bot_seeds = [derive_seed("selfplay", seed, game, f"seat {s}") for s in range(players)]
    table = Table(config, bot_seats(names, [f"{name.capitalize()} {s}"
                                            for s, name in enumerate(names)]),
                  bot_players(names, bot_seeds))
    try:
        table.play()
    finally:
        table.close()
    document = table.document()
    # Readers ignore fields they do not know (docs/record-format.md). This one names the
    # run and the bots' seeds: the steps already replay the game, but only
    # these say how to make the same game again from seeds.
    document["selfplay"] = {"run_seed": seed, "game": game, "bots": list(names),
                            "bot_seeds": bot_seeds}
    return document, table.result(game)


def run_selfplay(games: int, players: int, extensions: int, seed: int, out_dir: Path,
                 fmt: str, round_cap: int, bots: tuple[str, ...] | None = None,
                 on_game: Callable[[GameResult], None] | None = None) -> SelfplayRun:
    """Play `games` games between `bots` (random in every seat by default) and
    write one record per game into `out_dir`."""
    from arena.match import record_path
    from engine import Config
    from engine.record import write_record

    out_dir.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new folder: its records tell their seeds
    results = []
    for game in range(1, games + 1):
        document, result = play_game(seed, game, players, extensions, round_cap, bots)
        write_record(document, record_path(out_dir, game, games, FORMATS[fmt]))
        results.append(result)
        if on_game is not None:
            on_game(result)
    names = Config(players=players, extensions=extensions).extension_names
    return SelfplayRun(results, out_dir, fmt, players, names, seed,
                       tuple(bots) if bots is not None else ("random",) * players)
