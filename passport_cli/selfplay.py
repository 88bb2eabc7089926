"""Self-play: uniformly random games, written out as one game record each.

A run is reproducible from its seed alone, on any machine: game k of a run
seeded S is dealt with `derived_seed(S, k, "game")` and its seats choose with
`random.Random(derived_seed(S, k, "seats"))`. Both seeds go into the record
(`config.seed` and the extra `selfplay` field), so one game can be played
again without the rest of its run.

The uniform-random choice lives here only until bots/ has a random bot.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

FORMATS = {"json": ".json", "msgpack": ".msgpack"}
PLAYER = "bot:random"


def derived_seed(seed: int, game: int, purpose: str) -> int:
    """The seed of one `purpose` ("game" or "seats") of game number `game`.

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


def play_game(seed: int, game: int, players: int, extensions: int, round_cap: int):
    """Play game `game` of run `seed` at random; return (record document, outcome, steps)."""
    from engine import Game
    from engine.record import GameRecorder

    board = Game.new(players=players, extensions=extensions,
                     seed=derived_seed(seed, game, "game"), round_cap=round_cap)
    seats = [{"name": f"Random {s}", "player": PLAYER} for s in range(players)]
    recorder = GameRecorder(board, seats=seats)
    seats_seed = derived_seed(seed, game, "seats")
    choose = random.Random(seats_seed).choice
    steps = 0
    while not board.over:
        recorder.apply(choose(board.legal_actions()))
        steps += 1
    document = recorder.document()
    # Readers ignore fields they do not know (RECORD.md). This one names the
    # run and the seats' RNG seed: the steps already replay the game, but
    # only these say how to make the same game again from seeds.
    document["selfplay"] = {"run_seed": seed, "game": game, "seats_seed": seats_seed,
                            "policy": "uniform random over legal actions (Python random.Random)"}
    return document, board.outcome, steps


def run_selfplay(games: int, players: int, extensions: int, seed: int, out_dir: Path,
                 fmt: str, round_cap: int,
                 on_game: Callable[[GameResult], None] | None = None) -> SelfplayRun:
    """Play `games` random games and write one record per game into `out_dir`."""
    from engine import Config
    from engine.record import write_record

    out_dir.mkdir(parents=True, exist_ok=True)
    results = []
    for game in range(1, games + 1):
        document, outcome, steps = play_game(seed, game, players, extensions, round_cap)
        path = record_path(out_dir, game, games, fmt)
        write_record(document, path)
        result = GameResult(game, path, derived_seed(seed, game, "game"), outcome.winner,
                            outcome.reason, outcome.rounds, steps)
        results.append(result)
        if on_game is not None:
            on_game(result)
    names = Config(players=players, extensions=extensions).extension_names
    return SelfplayRun(results, out_dir, fmt, players, names, seed)
