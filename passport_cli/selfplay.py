"""Self-play: games between bots, written out as one game record each.

A run is reproducible from its seed alone, on any machine: game k of a run
seeded S is dealt with `derived_seed(S, k, "game")`, and the bot in seat s
is seeded `derived_seed(S, k, "seat s")`. The seeds go into the record
(`config.seed` and the extra `selfplay` field), so one game can be played
again without the rest of its run.
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

FORMATS = {"json": ".json", "msgpack": ".msgpack"}


def derived_seed(seed: int, game: int, purpose: str) -> int:
    """The seed of one `purpose` ("game", or "seat 0", "seat 1", ...) of game number `game`.

    Hashed, not `seed + game`, so runs with nearby seeds share no games. 53
    bits, so a JSON reader that keeps numbers as doubles (JavaScript) reads
    a record's seed exactly."""
    digest = hashlib.blake2b(f"passport-selfplay:{seed}:{game}:{purpose}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 11


def record_path(out_dir: Path, game: int, games: int, fmt: str) -> Path:
    """DIR/game-0001.json for game 1; wider numbers when a run has more games."""
    width = max(4, len(str(games)))
    return out_dir / f"game-{game:0{width}d}{FORMATS[fmt]}"


@dataclass(frozen=True)
class GameResult:
    """One finished game: where its record is and how it ended."""
    game: int
    path: Path
    seed: int
    winner: int | None
    reason: str
    rounds: int
    steps: int


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
              bots: tuple[str, ...] | None = None):
    """Play game `game` of run `seed` with `bots` (one name per seat; random
    in every seat by default); return (record document, outcome, steps)."""
    from bots.arena import play_game as play_bots
    from bots.difficulty import make_bot
    from engine import Game
    from engine.record import GameRecorder

    names = tuple(bots) if bots is not None else ("random",) * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots for {players} players")
    board = Game.new(players=players, extensions=extensions,
                     seed=derived_seed(seed, game, "game"), round_cap=round_cap)
    seats = [{"name": f"{name.capitalize()} {s}", "player": f"bot:{name}"}
             for s, name in enumerate(names)]
    recorder = GameRecorder(board, seats=seats)
    bot_seeds = [derived_seed(seed, game, f"seat {s}") for s in range(players)]
    steps = 0

    def apply(action):
        nonlocal steps
        steps += 1
        return recorder.apply(action)

    outcome = play_bots(board, [make_bot(name, bot_seed) for name, bot_seed
                                in zip(names, bot_seeds)], apply)
    document = recorder.document()
    # Readers ignore fields they do not know (RECORD.md). This one names the
    # run and the bots' seeds: the steps already replay the game, but only
    # these say how to make the same game again from seeds.
    document["selfplay"] = {"run_seed": seed, "game": game, "bots": list(names),
                            "bot_seeds": bot_seeds}
    return document, outcome, steps


def run_selfplay(games: int, players: int, extensions: int, seed: int, out_dir: Path,
                 fmt: str, round_cap: int, bots: tuple[str, ...] | None = None,
                 on_game: Callable[[GameResult], None] | None = None) -> SelfplayRun:
    """Play `games` games between `bots` (random in every seat by default) and
    write one record per game into `out_dir`."""
    from engine import Config
    from engine.record import write_record

    out_dir.mkdir(parents=True, exist_ok=True)
    results = []
    for game in range(1, games + 1):
        document, outcome, steps = play_game(seed, game, players, extensions, round_cap, bots)
        path = record_path(out_dir, game, games, fmt)
        write_record(document, path)
        result = GameResult(game, path, derived_seed(seed, game, "game"), outcome.winner,
                            outcome.reason, outcome.rounds, steps)
        results.append(result)
        if on_game is not None:
            on_game(result)
    names = Config(players=players, extensions=extensions).extension_names
    return SelfplayRun(results, out_dir, fmt, players, names, seed,
                       tuple(bots) if bots is not None else ("random",) * players)
